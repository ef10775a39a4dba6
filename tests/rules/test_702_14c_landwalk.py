"""CR 702.14c: a creature with landwalk can't be blocked as long as the defending player
controls at least one land with the specified basic land type (205.3i), a nonbasic land or a
land creature with that type too. Printed (Bog Wraith's swampwalk) or given by a lord (Goblin
King's mountainwalk, Lord of Atlantis' islandwalk); both engines."""

from __future__ import annotations

from tests.helpers import attack, board, pt, run_both

LANDWALK = [{"action": 0, "reason": "cannot_block_landwalk", "rule": "702.14c"}]


def test_702_14c_swampwalk_cannot_be_blocked_while_the_defender_controls_a_swamp() -> None:
    """B controls a Swamp: its Grizzly Bears' block of Bog Wraith is rejected, and the
    rejected attack changes nothing (no damage, nothing tapped)."""
    out = run_both(
        board("wraith: Bog Wraith @A", "swamp: Swamp @B", "bears: Grizzly Bears @B"),
        [attack(["wraith"], {"bears": "wraith"})],
    )
    assert out["rejected"] == LANDWALK
    assert out["life"] == {"A": 20, "B": 20}
    assert out["graveyard"]["B"] == []


def test_702_14c_the_defenders_lands_count_not_the_attackers() -> None:
    """A's own Swamp does not matter: B controls only a Forest, so the Bears block Bog Wraith
    (3 damage kills them; the Wraith, 3/3, takes 2 and survives)."""
    out = run_both(
        board(
            "wraith: Bog Wraith @A",
            "swamp: Swamp @A",
            "forest: Forest @B",
            "bears: Grizzly Bears @B",
        ),
        [attack(["wraith"], {"bears": "wraith"})],
    )
    assert out["rejected"] == []
    assert out["graveyard"]["B"] == ["Grizzly Bears"]
    assert pt(out, "wraith") == (3, 3)


def test_702_14c_unblocked_swampwalk_deals_its_damage() -> None:
    """No block declared: Bog Wraith deals 3 to B."""
    out = run_both(
        board("wraith: Bog Wraith @A", "swamp: Swamp @B", "bears: Grizzly Bears @B"),
        [attack(["wraith"])],
    )
    assert out["rejected"] == [] and out["life"] == {"A": 20, "B": 17}


def test_205_3i_a_nonbasic_land_and_a_land_creature_have_their_types() -> None:
    """Temple Garden (Forest Plains) and Dryad Arbor (a land creature, Forest) each stop a
    block of a creature given forestwalk; with neither, the block is legal."""
    for land in ("Temple Garden", "Dryad Arbor"):
        out = run_both(
            board(
                "bears: Grizzly Bears @A grant=forestwalk",
                f"land: {land} @B",
                "elite: Safehold Elite @B",
            ),
            [attack(["bears"], {"elite": "bears"})],
        )
        assert out["rejected"] == LANDWALK, land
    out = run_both(
        board("bears: Grizzly Bears @A grant=forestwalk", "elite: Safehold Elite @B"),
        [attack(["bears"], {"elite": "bears"})],
    )
    assert out["rejected"] == []


def test_702_14c_goblin_king_gives_other_goblins_mountainwalk() -> None:
    """Goblin King: Murderous Redcap (a Goblin) is 3/3 with mountainwalk and B, who controls a
    Mountain, can't block it; the King itself has no mountainwalk ("other"), so B blocks it
    (both 2/2 die, and the Redcap is 2/2 again)."""
    out = run_both(
        board(
            "king: Goblin King @A",
            "redcap: Murderous Redcap @A",
            "mountain: Mountain @B",
            "bears: Grizzly Bears @B",
        ),
        [attack(["redcap"], {"bears": "redcap"}), attack(["king"], {"bears": "king"})],
    )
    assert out["rejected"] == LANDWALK
    assert out["graveyard"] == {"A": ["Goblin King"], "B": ["Grizzly Bears"]}
    assert pt(out, "redcap") == (2, 2)


def test_702_14c_lord_of_atlantis_gives_merfolk_islandwalk_whoever_controls_them() -> None:
    """Lord of Atlantis gives every other Merfolk islandwalk: B's Lord makes A's Lord (3/3)
    unblockable by B, who controls an Island."""
    out = run_both(
        board(
            "lord: Lord of Atlantis @A",
            "theirs: Lord of Atlantis @B",
            "island: Island @B",
            "bears: Grizzly Bears @B",
        ),
        [attack(["lord"], {"bears": "lord"})],
    )
    assert out["rejected"] == LANDWALK
    assert pt(out, "lord") == (3, 3)
