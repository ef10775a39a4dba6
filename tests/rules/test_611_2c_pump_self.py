"""CR 611.2c: Restless Apparition's "{W/B}{W/B}{W/B}: it gets +3/+3 until end of turn": an
effect locked to the object, ending at cleanup (514.2) or when it leaves (400.7); both
engines."""

from __future__ import annotations

from tests.helpers import board, cast, pt, run_both

PUMP = {"do": "activate", "permanent": "ghost"}


def test_611_2c_each_activation_adds_three_until_end_of_turn() -> None:
    """CR 611.2c, 514.2: activated twice, 8/8; after the turn passes, 2/2 again."""
    out = run_both(board("ghost: Restless Apparition @A"), [PUMP, PUMP])
    assert pt(out, "ghost") == (8, 8)
    out = run_both(board("ghost: Restless Apparition @A"), [PUMP, {"do": "pass_turn"}])
    assert pt(out, "ghost") == (2, 2)


def test_400_7_the_pump_does_not_follow_it_back_by_persist() -> None:
    """CR 400.7, 702.79a: pumped to 5/5, it survives Pyroclasm's 2; Wrath of God destroys it
    and it persists as a new object: 1/1, the +3/+3 gone."""
    out = run_both(
        board("ghost: Restless Apparition @A"),
        [PUMP, cast("Pyroclasm"), cast("Wrath of God")],
    )
    assert pt(out, "ghost") == (1, 1)
