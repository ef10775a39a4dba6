"""CR 702.20b: attacking doesn't cause a creature with vigilance to tap (both engines)."""

from __future__ import annotations

from tests.helpers import board, permanent
from tests.rules.engines import attack, run_both


def test_702_20b_a_creature_with_vigilance_does_not_tap_to_attack() -> None:
    """CR 702.20b: Serra Angel (printed vigilance) and Grizzly Bears granted vigilance attack
    beside plain Bears: only the plain Bears tap; B takes 4 + 2 + 2."""
    out = run_both(
        board(
            "angel: Serra Angel @A",
            "vig: Grizzly Bears @A grant=vigilance",
            "bears: Grizzly Bears @A",
        ),
        [attack(["angel", "vig", "bears"])],
    )
    tapped = {pid: permanent(out, pid)["tapped"] for pid in ("angel", "vig", "bears")}  # type: ignore[index]
    assert tapped == {"angel": False, "vig": False, "bears": True}
    assert out["life"] == {"A": 20, "B": 12}


def test_702_20b_a_tapped_creature_with_vigilance_still_cannot_attack() -> None:
    """CR 508.1a: vigilance changes what attacking does, not who may attack: a tapped Serra
    Angel is rejected."""
    out = run_both(board("angel: Serra Angel @A tapped"), [attack(["angel"])])
    assert out["rejected"] == [{"action": 0, "reason": "tapped", "rule": "508.1a"}]
