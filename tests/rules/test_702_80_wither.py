"""CR 702.80b / 120.3d: damage dealt to a creature by a source with wither is dealt as that
many -1/-1 counters, put by an effect: persist, Melira, Vizier of Remedies and Doubling
Season see them (both engines)."""

from __future__ import annotations

from tests.helpers import attack, board, permanent, run_both


def test_702_80b_combat_damage_is_dealt_as_minus_counters() -> None:
    """CR 702.80b: Rendclaw Trow (2/2 wither) is blocked by Serra Angel (4/4): the Angel gets
    two -1/-1 counters and no damage (2/2); the Trow dies and persists (1/1)."""
    out = run_both(
        board("trow: Rendclaw Trow @A", "angel: Serra Angel @B"),
        [attack(["trow"], {"angel": "trow"})],
    )
    angel = permanent(out, "angel")
    assert angel is not None
    assert (angel["counters"], angel["damage"], angel["power"]) == ({"-1/-1": 2}, 0, 2)
    assert [r["id"] for r in out["returned"]] == ["trow"]


def test_702_80b_wither_counters_stop_persist() -> None:
    """CR 702.80b, 702.79a: the Trow blocks Kitchen Finks (3/2): the Finks get two -1/-1
    counters and die with them, so persist does not return them; the Trow persists."""
    out = run_both(
        board("finks: Kitchen Finks @A", "trow: Rendclaw Trow @B"),
        [attack(["finks"], {"trow": "finks"})],
    )
    assert [r["id"] for r in out["returned"]] == ["trow"]
    assert out["graveyard"]["A"] == ["Kitchen Finks"]


def test_702_80b_with_melira_the_damage_results_in_nothing() -> None:
    """CR 702.80b, 614.1: B's Melira: B's Serra Angel can't have -1/-1 counters put on it, so
    the Trow's damage leaves nothing on it (no counters, no damage)."""
    out = run_both(
        board(
            "trow: Rendclaw Trow @A", "melira: Melira, Sylvok Outcast @B", "angel: Serra Angel @B"
        ),
        [attack(["trow"], {"angel": "trow"})],
    )
    angel = permanent(out, "angel")
    assert angel is not None
    assert (angel["counters"], angel["damage"]) == ({}, 0)


def test_702_80b_vizier_puts_one_counter_fewer() -> None:
    """CR 702.80b, 614.1: B's Vizier of Remedies: two -1/-1 counters minus one on the Angel."""
    out = run_both(
        board("trow: Rendclaw Trow @A", "vizier: Vizier of Remedies @B", "angel: Serra Angel @B"),
        [attack(["trow"], {"angel": "trow"})],
    )
    assert permanent(out, "angel")["counters"] == {"-1/-1": 1}  # type: ignore[index]


def test_702_80b_doubling_season_doubles_them_as_an_effect_puts_them() -> None:
    """CR 702.80b, 614.1: B's Doubling Season ("if an effect would put counters"): four
    -1/-1 counters on the 4/4 Angel, which dies."""
    out = run_both(
        board("trow: Rendclaw Trow @A", "season: Doubling Season @B", "angel: Serra Angel @B"),
        [attack(["trow"], {"angel": "trow"})],
    )
    assert out["graveyard"]["B"] == ["Serra Angel"]


def test_702_80b_an_abilitys_damage_with_wither_is_counters_too() -> None:
    """CR 702.80b: Walking Ballista granted wither pings B's Bears: one -1/-1 counter."""
    out = run_both(
        board("ballista: Walking Ballista @A +1/+1=2 grant=wither", "bears: Grizzly Bears @B"),
        [{"do": "activate", "permanent": "ballista", "ability": 1}],
        choices={"targets": {"ballista": "bears"}},
    )
    bears = permanent(out, "bears")
    assert bears is not None
    assert (bears["counters"], bears["damage"]) == ({"-1/-1": 1}, 0)
