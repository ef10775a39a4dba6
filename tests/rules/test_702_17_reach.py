"""CR 702.17b: a creature with reach can block creatures with flying (both engines)."""

from __future__ import annotations

from tests.helpers import attack, board, run_both


def test_702_17b_a_creature_with_reach_blocks_a_flyer() -> None:
    """CR 702.17b: Grizzly Bears granted reach block Serra Angel (4/4 flying): the block is
    legal, the Bears die, no damage reaches B."""
    out = run_both(
        board("angel: Serra Angel @A", "bears: Grizzly Bears @B grant=reach"),
        [attack(["angel"], {"bears": "angel"})],
    )
    assert out["rejected"] == []
    assert out["graveyard"]["B"] == ["Grizzly Bears"]
    assert out["life"] == {"A": 20, "B": 20}


def test_702_9b_without_reach_or_flying_the_block_is_rejected() -> None:
    """CR 702.9b: the same block by plain Bears is rejected and changes nothing."""
    out = run_both(
        board("angel: Serra Angel @A", "bears: Grizzly Bears @B"),
        [attack(["angel"], {"bears": "angel"})],
    )
    assert out["rejected"] == [{"action": 0, "reason": "cannot_block_flying", "rule": "702.9b"}]
    assert all(not p["tapped"] for p in out["battlefield"])
