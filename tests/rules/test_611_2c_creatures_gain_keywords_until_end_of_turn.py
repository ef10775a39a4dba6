"""CR 611.2c: "Creatures you control get +N/+M and gain KEYWORD until end of turn" (Make a
Stand, Overrun) and "Permanents you control gain hexproof and indestructible until end of
turn" (Heroic Intervention): the set is the caster's permanents as the spell resolves, locked
in; a permanent that enters later, a returned persist or undying creature too (400.7), is not
in it, and the keywords end at cleanup (514.2). Every scenario runs on both engines
(``run_both``)."""

from __future__ import annotations

from pathlib import Path

from tests.batch.test_fast_path_refusals import BITTER_REBIRTH
from tests.cards.test_user_cards import _on_both_engines
from tests.helpers import attack, board, cast, permanent, pt, run_both

PING = {"do": "activate", "permanent": "ballista", "ability": 1}


def test_702_12b_make_a_stand_saves_the_casters_creatures_from_wrath() -> None:
    """CR 611.2c, 702.12b: after Make a Stand, A's Bears are 3/2 and indestructible, and
    Wrath of God does not destroy them; B's Bears, not A's, are destroyed."""
    out = run_both(
        board("mine: Grizzly Bears @A", "theirs: Grizzly Bears @B"),
        [cast("Make a Stand", by="A"), cast("Wrath of God", by="B")],
    )
    assert pt(out, "mine") == (3, 2)
    assert permanent(out, "theirs") is None


def test_702_12b_heroic_intervention_saves_noncreature_permanents_from_planar_cleansing() -> None:
    """CR 611.2c, 702.12b: Heroic Intervention gives every permanent A controls, Glorious
    Anthem too, indestructible: Planar Cleansing destroys only B's Anthem and Bears."""
    out = run_both(
        board(
            "finks: Kitchen Finks @A",
            "anthem: Glorious Anthem @A",
            "their_anthem: Glorious Anthem @B",
            "bears: Grizzly Bears @B",
        ),
        [cast("Heroic Intervention", by="A"), cast("Planar Cleansing", by="B")],
    )
    assert [p["id"] for p in out["battlefield"]] == ["finks", "anthem"]
    assert pt(out, "finks") == (4, 3)  # its own Anthem still counts
    assert out["graveyard"]["B"] == ["Glorious Anthem", "Grizzly Bears", "Planar Cleansing"]


def test_702_11b_heroic_intervention_gives_hexproof_against_an_opponents_ping() -> None:
    """CR 611.2c, 702.11b: after Heroic Intervention, B's Walking Ballista can't name A's
    Bears: the activation is rejected."""
    out = run_both(
        board("ballista: Walking Ballista @B +1/+1=2", "bears: Grizzly Bears @A"),
        [cast("Heroic Intervention", by="A"), PING],
        choices={"targets": {"ballista": "bears"}},
    )
    assert out["rejected"] == [{"action": 1, "reason": "illegal_target", "rule": "702.11b"}]
    assert permanent(out, "bears")["damage"] == 0  # type: ignore[index]


def test_702_12b_indestructible_does_not_save_a_creature_from_toughness_0() -> None:
    """CR 704.5f, 702.12b: Make a Stand makes Bears 3/2; Black Sun's Zenith with X = 2 puts
    two -1/-1 counters on them: toughness 0 puts them into the graveyard (not a destroy)."""
    out = run_both(
        board("bears: Grizzly Bears @A"),
        [cast("Make a Stand", by="A"), cast("Black Sun's Zenith", by="B", x=2)],
    )
    assert permanent(out, "bears") is None
    assert out["graveyard"]["A"] == ["Make a Stand", "Grizzly Bears"]


def test_400_7_a_creature_returned_by_undying_does_not_keep_the_keyword() -> None:
    """CR 611.2c, 400.7, 702.93a: Make a Stand gives Young Wolf indestructible; Infest's -2/-2
    kills it anyway (704.5f), undying returns it with a +1/+1 counter as a new object the
    spell never changed, and Wrath of God destroys it for good (the counter stops undying)."""
    out = run_both(
        board("wolf: Young Wolf @A"),
        [cast("Make a Stand", by="A"), cast("Infest", by="B"), cast("Wrath of God", by="B")],
    )
    assert [r["id"] for r in out["returned"]] == ["wolf"]
    assert permanent(out, "wolf") is None


def test_514_2_the_keywords_end_at_cleanup() -> None:
    """CR 514.2: Make a Stand, then the turn passes: its indestructible has ended, and B's
    Wrath of God destroys A's Bears."""
    out = run_both(
        board("bears: Grizzly Bears @A"),
        [cast("Make a Stand", by="A"), {"do": "pass_turn"}, cast("Wrath of God", by="B")],
    )
    assert permanent(out, "bears") is None


def test_702_19b_overrun_gives_the_casters_attackers_trample() -> None:
    """CR 611.2c, 702.19b: after Overrun, A's Bears are 5/5 with trample; blocked by B's
    Llanowar Elves, they assign 1 damage to the Elves and 4 to B."""
    out = run_both(
        board("bears: Grizzly Bears @A", "elves: Llanowar Elves @B"),
        [cast("Overrun", by="A"), attack(["bears"], {"elves": "bears"})],
    )
    assert pt(out, "bears") == (5, 5)
    assert out["graveyard"]["B"] == ["Llanowar Elves"]
    assert out["life"] == {"A": 20, "B": 16}


def test_611_2c_overrun_alone_changes_only_the_casters_creatures() -> None:
    """CR 611.2c: Overrun as the only event: A's Bears 5/5, B's still 2/2."""
    out = run_both(
        board("mine: Grizzly Bears @A", "theirs: Grizzly Bears @B"), [cast("Overrun", by="A")]
    )
    assert (pt(out, "mine"), pt(out, "theirs")) == ((5, 5), (2, 2))


_ALONE = """players = ["A", "B"]
active = "A"
[[battlefield]]
id = "bears"
card = "Grizzly Bears"
controller = "B"
[[action]]
do = "cast"
card = "Bitter Rebirth"
by = "A"
"""


def test_702_79a_persist_gained_with_a_shrink_returns_the_creature(tmp_path: Path) -> None:
    """CR 611.2c, 704.5f, 702.79a: a user's "All creatures get -2/-2 and gain persist until
    end of turn": B's Bears die with persist and no -1/-1 counter, and return as a new object
    with one: 1/1."""
    out = _on_both_engines(tmp_path, BITTER_REBIRTH, _ALONE)
    assert [r["id"] for r in out["returned"]] == ["bears"]
    assert pt(out, "bears") == (1, 1)
