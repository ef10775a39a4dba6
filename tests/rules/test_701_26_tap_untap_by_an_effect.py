"""CR 701.26a, 701.26b: a permanent tapped or untapped by an effect (the scenario's ``tap`` and
``untap`` actions), on both engines: ``run_both`` checks that the batch engine
(``cauldron explain --engine batch``) gives the reference's outcome, rejections included."""

from __future__ import annotations

from tests.helpers import attack, board, cast, permanent, pool, run_both


def test_701_26a_a_creature_tapped_by_an_effect_is_tapped() -> None:
    """CR 701.26a: the permanent turns sideways; nothing else changes."""
    out = run_both(board("bears: Grizzly Bears @A"), [{"do": "tap", "target": "bears"}])
    assert permanent(out, "bears")["tapped"] is True
    assert out["rejected"] == []


def test_701_26a_a_land_tapped_by_an_effect_cannot_be_tapped_for_mana() -> None:
    """CR 701.26a, 107.5: once tapped, its {T} cost cannot be paid: the tap for mana is
    rejected and the pool stays empty."""
    out = run_both(
        board("f: Forest @A"),
        [{"do": "tap", "target": "f"}, {"do": "tap_for_mana", "permanent": "f"}],
    )
    assert [r["action"] for r in out["rejected"]] == [1]
    assert pool(out) == {}


def test_701_26b_a_land_untapped_by_an_effect_taps_for_mana_again() -> None:
    """CR 701.26b: tapped for mana, untapped by an effect, tapped again: two mana."""
    tap = {"do": "tap_for_mana", "permanent": "f"}
    out = run_both(board("f: Forest @A"), [tap, {"do": "untap", "target": "f"}, tap])
    assert pool(out) == {"G": 2}
    assert permanent(out, "f")["tapped"] is True


def test_106_12a_a_land_tapped_by_an_effect_triggers_no_mana_ability() -> None:
    """CR 106.12a: Mana Flare triggers on a land tapped for mana, not on one tapped by an
    effect."""
    out = run_both(board("flare: Mana Flare @A", "f: Forest @B"), [{"do": "tap", "target": "f"}])
    assert pool(out) == {}


def test_508_1a_a_creature_tapped_by_an_effect_cannot_attack() -> None:
    """CR 508.1a: an attacking creature must be untapped; untapped again, it can."""
    tapped = run_both(
        board("bears: Grizzly Bears @A"),
        [{"do": "tap", "target": "bears"}, attack(["bears"])],
    )
    assert [r["reason"] for r in tapped["rejected"]] == ["tapped"]
    again = run_both(
        board("bears: Grizzly Bears @A"),
        [{"do": "tap", "target": "bears"}, {"do": "untap", "target": "bears"}, attack(["bears"])],
    )
    assert again["rejected"] == [] and again["life"]["B"] == 18


def test_400_7_tapping_a_permanent_that_is_gone_is_rejected() -> None:
    """CR 400.7: after Wrath of God the Bears are a new object in the graveyard; the tap
    finds no such permanent on the battlefield."""
    out = run_both(
        board("bears: Grizzly Bears @A"),
        [cast("Wrath of God"), {"do": "untap", "target": "bears"}],
    )
    assert out["rejected"] == [{"action": 1, "reason": "not_on_battlefield", "rule": "400.7"}]
