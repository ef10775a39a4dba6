"""R5 Counter modifiers: effects that forbid or change counters put on permanents.

CR 122.6: a permanent that enters with counters has them "put on" it, so these apply to
persist's -1/-1 and undying's +1/+1 counters (614.1c). CR 614.5 / 616.1: each replacement
applies once; the affected permanent's controller orders them (listed policy: board order).
- Melira, Sylvok Outcast: "Creatures you control can't have -1/-1 counters put on them."
- Solemnity: "Counters can't be put on artifacts, creatures, enchantments, or lands."
- Vizier of Remedies: "... that many -1/-1 counters minus one are put on it instead."
- Hardened Scales: "... that many plus one +1/+1 counters are put on it instead."
- Doubling Season: twice as many counters on a permanent you control; twice as many tokens.
Two players A -> B, A active, 20 life.
"""

from __future__ import annotations

from typing import Any

from tests.helpers import board, destroy, permanent, pt, returned_ids, run

WRATH = {"do": "cast", "card": "Wrath of God", "by": "A"}


def zenith(x: int) -> dict[str, Any]:
    return {"do": "cast", "card": "Black Sun's Zenith", "by": "A", "x": x}


def counters(out: dict[str, Any], pid: str) -> dict[str, int]:
    p = permanent(out, pid)
    assert p is not None, f"{pid} is not on the battlefield"
    return dict(p["counters"])


# --------------------------------------------------------------------------- Melira


def test_122_6_s14_melira_dies_with_the_wrath_so_finks_gets_its_counter() -> None:
    """S14: Wrath destroys Melira and Finks together. When persist resolves Melira is no longer
    on the battlefield (her static ability is gone, 611.3a), so Finks returns with its -1/-1
    counter: 2/1."""
    out = run(
        board=board("melira: Melira, Sylvok Outcast @A", "finks: Kitchen Finks @A"),
        actions=[WRATH],
    )
    assert returned_ids(out) == ["finks"]
    assert counters(out, "finks") == {"-1/-1": 1}
    assert pt(out, "finks") == (2, 1)


def test_122_6_s15_melira_finks_returns_without_a_counter_and_persists_again() -> None:
    """S15: Finks is sacrificed to Viscera Seer while Melira stays. It returns with no counter
    (3/2), so the next time it dies persist triggers again: two sacrifices, two returns, two
    ETBs: A at 24."""
    out = run(
        board=board(
            "melira: Melira, Sylvok Outcast @A",
            "finks: Kitchen Finks @A",
            "seer: Viscera Seer @A",
        ),
        actions=[
            {"do": "activate", "permanent": "seer"},
            {"do": "activate", "permanent": "seer"},
        ],
        choices={"targets": {"seer": "finks"}},
    )
    assert out["rejected"] == []
    assert returned_ids(out) == ["finks", "finks"]
    assert counters(out, "finks") == {}
    assert pt(out, "finks") == (3, 2)
    f = permanent(out, "finks")
    assert f is not None and f["object"] == 3
    assert out["life"]["A"] == 24


def test_122_6_melira_protects_only_her_controllers_creatures() -> None:
    """Melira: "Creatures you control". B's Finks returns under B with its -1/-1 counter."""
    out = run(
        board=board("melira: Melira, Sylvok Outcast @A", "finks: Kitchen Finks @B"),
        actions=[destroy("finks")],
    )
    assert counters(out, "finks") == {"-1/-1": 1}
    assert pt(out, "finks") == (2, 1)


def test_122_1_melira_and_black_suns_zenith() -> None:
    """Melira with Black Sun's Zenith X=1: A's Melira and Elite get no counter (2/2 each);
    B's Elite gets one (1/1)."""
    out = run(
        board=board(
            "melira: Melira, Sylvok Outcast @A",
            "a_elite: Safehold Elite @A",
            "b_elite: Safehold Elite @B",
        ),
        actions=[zenith(1)],
    )
    assert counters(out, "melira") == {} and pt(out, "melira") == (2, 2)
    assert counters(out, "a_elite") == {} and pt(out, "a_elite") == (2, 2)
    assert counters(out, "b_elite") == {"-1/-1": 1} and pt(out, "b_elite") == (1, 1)


def test_122_6_melira_follows_the_returning_creatures_new_controller() -> None:
    """CR 702.79a / 122.6: the Finks A controls but B owns returns under B's control, so A's
    Melira ("creatures you control") does not protect it: it gets its -1/-1 counter."""
    out = run(
        board=board("melira: Melira, Sylvok Outcast @A", "finks: Kitchen Finks @A owner=B"),
        actions=[destroy("finks")],
    )
    f = permanent(out, "finks")
    assert f is not None
    assert f["controller"] == "B"
    assert f["counters"] == {"-1/-1": 1}


# --------------------------------------------------------------------------- Solemnity


def test_122_6_solemnity_persist_returns_without_counter_and_can_persist_again() -> None:
    """Solemnity: Finks returns with no -1/-1 counter (3/2); destroyed again, it persists
    again. Two deaths, two returns, A at 24."""
    out = run(
        board=board("solemnity: Solemnity @A", "finks: Kitchen Finks @A"),
        actions=[destroy("finks"), destroy("finks")],
    )
    assert returned_ids(out) == ["finks", "finks"]
    assert counters(out, "finks") == {}
    assert pt(out, "finks") == (3, 2)
    assert out["life"]["A"] == 24


def test_122_6_solemnity_applies_to_every_players_permanents() -> None:
    """Solemnity (any controller): B's Young Wolf returns by undying with no +1/+1 counter,
    1/1, and undying can trigger again."""
    out = run(
        board=board("solemnity: Solemnity @A", "wolf: Young Wolf @B"),
        actions=[destroy("wolf"), destroy("wolf")],
    )
    assert returned_ids(out) == ["wolf", "wolf"]
    assert counters(out, "wolf") == {}
    assert pt(out, "wolf") == (1, 1)


def test_122_1_solemnity_stops_black_suns_zenith() -> None:
    """Solemnity: Black Sun's Zenith X=2 puts no counters: Finks stays 3/2, Elves 1/1."""
    out = run(
        board=board(
            "solemnity: Solemnity @A",
            "finks: Kitchen Finks @A",
            "elves: Llanowar Elves @B",
        ),
        actions=[zenith(2)],
    )
    assert pt(out, "finks") == (3, 2)
    assert pt(out, "elves") == (1, 1)
    assert out["graveyard"] == {"A": [], "B": []}


# --------------------------------------------------------------------------- Vizier


def test_614_1_vizier_persist_puts_no_counter_and_can_persist_again() -> None:
    """Vizier of Remedies: persist would put one -1/-1 counter, one minus one is zero, so Finks
    returns 3/2 without a counter; the next death persists again. A at 24."""
    out = run(
        board=board("vizier: Vizier of Remedies @A", "finks: Kitchen Finks @A"),
        actions=[destroy("finks"), destroy("finks")],
    )
    assert returned_ids(out) == ["finks", "finks"]
    assert counters(out, "finks") == {}
    assert pt(out, "finks") == (3, 2)
    assert out["life"]["A"] == 24


def test_614_1_vizier_one_fewer_from_black_suns_zenith() -> None:
    """Vizier of Remedies with Black Sun's Zenith X=2: each creature A controls, the Vizier
    itself included, gets 2 - 1 = 1 counter: Finks 2/1 lives, the Vizier (2/1) is 1/0 and
    dies. B's Finks gets both: 1/0, dies with -1/-1 counters, no persist."""
    out = run(
        board=board(
            "vizier: Vizier of Remedies @A",
            "finks: Kitchen Finks @A",
            "b_finks: Kitchen Finks @B",
        ),
        actions=[zenith(2)],
    )
    assert counters(out, "finks") == {"-1/-1": 1}
    assert pt(out, "finks") == (2, 1)
    assert permanent(out, "vizier") is None
    assert permanent(out, "b_finks") is None
    assert out["returned"] == []
    assert out["graveyard"] == {"A": ["Vizier of Remedies"], "B": ["Kitchen Finks"]}


def test_614_1_vizier_covers_only_its_controllers_creatures() -> None:
    """Vizier of Remedies: "a creature you control". B's Finks persists normally: 2/1."""
    out = run(
        board=board("vizier: Vizier of Remedies @A", "finks: Kitchen Finks @B"),
        actions=[destroy("finks")],
    )
    assert counters(out, "finks") == {"-1/-1": 1}


# --------------------------------------------------------------------------- Hardened Scales


def test_614_1_hardened_scales_with_undying() -> None:
    """Hardened Scales: undying's one +1/+1 counter becomes two: Young Wolf returns 3/3."""
    out = run(
        board=board("scales: Hardened Scales @A", "wolf: Young Wolf @A"),
        actions=[destroy("wolf")],
    )
    assert returned_ids(out) == ["wolf"]
    assert counters(out, "wolf") == {"+1/+1": 2}
    assert pt(out, "wolf") == (3, 3)


def test_614_1_hardened_scales_ignores_minus_counters_and_opponents() -> None:
    """Hardened Scales changes only +1/+1 counters on its controller's creatures: A's Finks
    persists with one -1/-1 counter (2/1); B's Young Wolf returns with one +1/+1 (2/2)."""
    out = run(
        board=board(
            "scales: Hardened Scales @A",
            "finks: Kitchen Finks @A",
            "wolf: Young Wolf @B",
        ),
        actions=[destroy("finks"), destroy("wolf")],
    )
    assert counters(out, "finks") == {"-1/-1": 1}
    assert counters(out, "wolf") == {"+1/+1": 1}
    assert pt(out, "wolf") == (2, 2)


# --------------------------------------------------------------------------- Doubling Season


def test_614_1_doubling_season_persist_counter_doubled_kills_finks() -> None:
    """Doubling Season: persist's -1/-1 counter becomes two; Finks enters 1/0 and dies with
    -1/-1 counters: no second persist. Its ETB had triggered on entering and still gains A 2
    life (it does not need Finks to stay)."""
    out = run(
        board=board("season: Doubling Season @A", "finks: Kitchen Finks @A"),
        actions=[destroy("finks")],
    )
    assert returned_ids(out) == ["finks"]
    assert permanent(out, "finks") is None
    assert out["graveyard"]["A"] == ["Kitchen Finks"]
    assert out["life"]["A"] == 22


def test_614_1_doubling_season_undying_counter_doubled() -> None:
    """Doubling Season: undying's +1/+1 counter becomes two: Young Wolf returns 3/3."""
    out = run(
        board=board("season: Doubling Season @A", "wolf: Young Wolf @A"),
        actions=[destroy("wolf")],
    )
    assert counters(out, "wolf") == {"+1/+1": 2}
    assert pt(out, "wolf") == (3, 3)


def test_614_1_doubling_season_doubles_tokens_from_lki_counters() -> None:
    """Doubling Season with Hangarback Walker (two +1/+1 counters, destroyed): the dies
    trigger counts 2 counters (603.10a) and Doubling Season doubles the tokens: 4 Thopters."""
    out = run(
        board=board("season: Doubling Season @A", "hb: Hangarback Walker @A +1/+1=2 x=2"),
        actions=[destroy("hb")],
    )
    thopters = [p for p in out["battlefield"] if p["card"] == "Thopter"]
    assert len(thopters) == 4
    assert all(p["token"] and p["controller"] == "A" for p in thopters)


def test_616_1_scales_and_season_in_the_chosen_order() -> None:
    """CR 616.1: both apply to undying's counter on A's Young Wolf, one at a time, in the order
    A chooses (listed policy: board order). Scales then Season: (1 + 1) * 2 = 4 counters, 5/5;
    Season then Scales: 1 * 2 + 1 = 3 counters, 4/4."""
    scales = "scales: Hardened Scales @A"
    season = "season: Doubling Season @A"
    out = run(board=board(scales, season, "wolf: Young Wolf @A"), actions=[destroy("wolf")])
    assert counters(out, "wolf") == {"+1/+1": 4}
    assert pt(out, "wolf") == (5, 5)
    out = run(board=board(season, scales, "wolf: Young Wolf @A"), actions=[destroy("wolf")])
    assert counters(out, "wolf") == {"+1/+1": 3}
    assert pt(out, "wolf") == (4, 4)
