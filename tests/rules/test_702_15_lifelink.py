"""CR 702.15b: damage dealt by a source with lifelink also causes its controller to gain that
much life: combat damage and any other damage (both engines)."""

from __future__ import annotations

from tests.helpers import attack, board, run_both


def test_702_15b_combat_damage_to_a_player_gains_life() -> None:
    """CR 702.15b: Vampire Nighthawk (2/3) is unblocked: B loses 2, A gains 2."""
    out = run_both(board("hawk: Vampire Nighthawk @A"), [attack(["hawk"])])
    assert out["life"] == {"A": 22, "B": 18}


def test_702_15b_combat_damage_to_a_creature_gains_life() -> None:
    """CR 702.15b: the Nighthawk is blocked by Grizzly Bears: A gains 2 for the damage to the
    Bears (which die of deathtouch, 704.5h); the Nighthawk survives the Bears' 2."""
    out = run_both(
        board("hawk: Vampire Nighthawk @A", "bears: Grizzly Bears @B grant=reach"),
        [attack(["hawk"], {"bears": "hawk"})],
    )
    assert out["life"] == {"A": 22, "B": 20}
    assert out["graveyard"]["B"] == ["Grizzly Bears"]


def test_702_15b_a_blocker_with_lifelink_gains_its_controller_life() -> None:
    """CR 702.15b: B's Bears granted lifelink block A's Bears: B gains 2."""
    out = run_both(
        board("a: Grizzly Bears @A", "b: Grizzly Bears @B grant=lifelink"),
        [attack(["a"], {"b": "a"})],
    )
    assert out["life"] == {"A": 20, "B": 22}


def test_702_15b_an_abilitys_damage_gains_life() -> None:
    """CR 702.15b: Walking Ballista (two +1/+1 counters) granted lifelink removes one to
    deal 1 to B: A gains 1."""
    out = run_both(
        board("ballista: Walking Ballista @A +1/+1=2 grant=lifelink"),
        [{"do": "activate", "permanent": "ballista", "ability": 1}],
    )
    assert out["life"] == {"A": 21, "B": 19}
