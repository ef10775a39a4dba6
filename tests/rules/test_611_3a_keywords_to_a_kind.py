"""CR 611.3a, 205.3, 105.2: a static ability that gives a keyword to the creatures of a subtype
or a color ("Other Knight creatures you control ... have indestructible", "Sliver creatures
you control have flying") applies to whatever it describes now, and to nothing else. Every
scenario runs on both engines (``run_both``: the batch engine's outcome must equal the
reference's)."""

from __future__ import annotations

from pathlib import Path

from tests.cards.test_user_cards import _on_both_engines, _past_a_cap
from tests.helpers import attack, board, cast, permanent, pt, run_both


def test_611_3a_knight_exemplar_makes_only_other_knights_you_control_indestructible() -> None:
    """CR 611.3a, 702.12b: Wrath of God destroys Knight Exemplar itself ("other"), A's Bears
    and B's Youthful Knight; A's Youthful Knight, a Knight, is indestructible and stays (2/1
    again once the Exemplar is gone)."""
    out = run_both(
        board(
            "ex: Knight Exemplar @A",
            "yk: Youthful Knight @A",
            "bears: Grizzly Bears @A",
            "theirs: Youthful Knight @B",
        ),
        [cast("Wrath of God", by="B")],
    )
    assert [p["id"] for p in out["battlefield"]] == ["yk"]
    assert pt(out, "yk") == (2, 1)


def test_704_3_pyroclasm_kills_the_exemplar_then_the_knight_it_kept() -> None:
    """CR 704.3, 704.5g, 702.12b: Pyroclasm deals 2 to each creature. The first check destroys
    the Exemplar (2/2) and spares the Youthful Knight (3/2 under it, indestructible); the check
    repeats with the Exemplar gone: the Knight is 2/1 with 2 damage and is destroyed."""
    out = run_both(
        board("ex: Knight Exemplar @A", "yk: Youthful Knight @A"),
        [cast("Pyroclasm", by="B")],
    )
    assert out["battlefield"] == []


def test_611_3a_winged_sliver_gives_itself_flying() -> None:
    """CR 611.3a, 702.9b: "Sliver creatures you control" includes the Winged Sliver: it has
    flying, so B's Bears cannot block it (the attack is rejected) and Vampire Nighthawk can."""
    bears = run_both(
        board("ws: Winged Sliver @A", "bears: Grizzly Bears @B"),
        [attack(["ws"], {"bears": "ws"})],
    )
    assert bears["rejected"] != []
    hawk = run_both(
        board("ws: Winged Sliver @A", "hawk: Vampire Nighthawk @B"),
        [attack(["ws"], {"hawk": "ws"})],
    )
    assert hawk["rejected"] == [] and permanent(hawk, "ws") is None


_TWO_KINDS = """[[card]]
name = "Two Banners"
mana_cost = "{3}"
types = ["Enchantment"]
abilities = [
  { template = "grant_keyword", scope = "yours", keyword = "flying", subtype = "Bear" },
  { template = "grant_keyword", scope = "yours", keyword = "trample", color = "G" },
]
"""

_BOARD = """players = ["A", "B"]
active = "A"
[[battlefield]]
id = "banner"
card = "{card}"
controller = "A"
[[battlefield]]
id = "bears"
card = "Grizzly Bears"
controller = "A"
[[action]]
do = "cast"
card = "Wrath of God"
by = "B"
"""


def test_611_3a_grants_to_two_kinds_on_one_card_exit_3_on_the_batch_engine(
    tmp_path: Path,
) -> None:
    """The batch tables hold GRANT_KINDS_PER_CARD scopes and kinds of keyword grants a card: a
    user's card giving flying to Bears and trample to green creatures is refused by the batch
    engine (exit 3, the cap named), while the reference engine plays it."""
    out = _past_a_cap(
        tmp_path, _TWO_KINDS, _BOARD.format(card="Two Banners"), "GRANT_KINDS_PER_CARD = 1"
    )
    assert out["result"] == "ok"


_PERSIST_TO_BEARS = """[[card]]
name = "Bear Shrine"
mana_cost = "{3}"
types = ["Enchantment"]
abilities = [{ template = "grant_keyword", scope = "yours", keyword = "persist", subtype = "Bear" }]
"""


def test_702_79a_a_persist_grant_to_a_kind_returns_the_bears_on_both_engines(
    tmp_path: Path,
) -> None:
    """CR 702.79a, 611.3a: persist given to the Bears you control returns the Bears from
    Wrath of God on both engines. The batch engine refused the card (exit 3, "no column holds
    a persist grant naming a subtype or a color"): persist instances were counted by scope
    only (``tables.GRANT_KIND_PERSIST`` holds them by kind now)."""
    out = _on_both_engines(tmp_path, _PERSIST_TO_BEARS, _BOARD.format(card="Bear Shrine"))
    assert [r["id"] for r in out["returned"]] == ["bears"]
