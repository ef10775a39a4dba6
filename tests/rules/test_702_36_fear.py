"""CR 702.36b: a creature with fear can't be blocked except by artifact creatures and/or
black creatures (both engines)."""

from __future__ import annotations

from tests.helpers import attack, board, run_both


def test_702_36b_a_green_creature_cannot_block_fear() -> None:
    """CR 702.36b: Lingering Tormentor (fear) blocked by Grizzly Bears (green, not an
    artifact): rejected, nothing changes."""
    out = run_both(
        board("tormentor: Lingering Tormentor @A", "bears: Grizzly Bears @B"),
        [attack(["tormentor"], {"bears": "tormentor"})],
    )
    assert out["rejected"] == [{"action": 0, "reason": "cannot_block_fear", "rule": "702.36b"}]
    assert all(not p["tapped"] for p in out["battlefield"])


def test_702_36b_a_black_creature_blocks_fear() -> None:
    """CR 702.36b: Vampire Nighthawk (black) blocks Lingering Tormentor: legal; its deathtouch
    kills the Tormentor, which persists; the Nighthawk's lifelink gains B 2."""
    out = run_both(
        board("tormentor: Lingering Tormentor @A", "hawk: Vampire Nighthawk @B"),
        [attack(["tormentor"], {"hawk": "tormentor"})],
    )
    assert out["rejected"] == []
    assert [r["id"] for r in out["returned"]] == ["tormentor"]
    assert out["life"] == {"A": 20, "B": 22}


def test_702_36b_a_colorless_artifact_creature_blocks_fear() -> None:
    """CR 702.36b: Hangarback Walker (a colorless artifact creature, two +1/+1 counters)
    blocks Lingering Tormentor: legal."""
    out = run_both(
        board("tormentor: Lingering Tormentor @A", "walker: Hangarback Walker @B +1/+1=2"),
        [attack(["tormentor"], {"walker": "tormentor"})],
    )
    assert out["rejected"] == []
    assert out["life"] == {"A": 20, "B": 20}
