"""CR 702.20b: attacking doesn't cause a creature with vigilance to tap (both engines)."""

from __future__ import annotations

from tests.helpers import attack, board, permanent, run_both


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


def test_702_20b_vigilance_granted_by_a_static_ability() -> None:
    """CR 702.20b, 611.3a: Serra's Blessing gives A's creatures vigilance: A's Bears attack
    and stay untapped; B's Bears, not A's, get nothing."""
    out = run_both(
        board(
            "blessing: Serra's Blessing @A",
            "bears: Grizzly Bears @A",
            "theirs: Grizzly Bears @B",
        ),
        [attack(["bears"]), {"do": "pass_turn"}, attack(["theirs"])],
    )
    assert permanent(out, "bears")["tapped"] is False  # type: ignore[index]
    assert permanent(out, "theirs")["tapped"] is True  # type: ignore[index]
