"""CR 702.3b: a creature with defender can't attack (both engines)."""

from __future__ import annotations

from tests.helpers import attack, board, run_both


def test_702_3b_a_creature_with_defender_cannot_attack() -> None:
    """CR 702.3b: Grizzly Bears granted defender, declared as an attacker beside Serra Angel:
    the whole attack is rejected and nothing taps or is dealt damage."""
    out = run_both(
        board("angel: Serra Angel @A", "wall: Grizzly Bears @A grant=defender"),
        [attack(["angel", "wall"])],
    )
    assert out["rejected"] == [{"action": 0, "reason": "defender_cannot_attack", "rule": "702.3b"}]
    assert out["life"] == {"A": 20, "B": 20}
    assert all(not p["tapped"] for p in out["battlefield"])


def test_702_3b_a_creature_with_defender_can_block() -> None:
    """CR 702.3b forbids attacking only: B's Bears with defender block A's Bears; both die."""
    out = run_both(
        board("bears: Grizzly Bears @A", "wall: Grizzly Bears @B grant=defender"),
        [attack(["bears"], {"wall": "bears"})],
    )
    assert out["rejected"] == []
    assert out["graveyard"] == {"A": ["Grizzly Bears"], "B": ["Grizzly Bears"]}
