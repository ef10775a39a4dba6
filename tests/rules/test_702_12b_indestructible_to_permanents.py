"""CR 702.12b, 611.3a: statics that give indestructible (or hexproof, 702.11b) to permanents
that are not creatures: Darksteel Forge's artifacts, Avacyn, Angel of Hope's permanents,
Privileged Position's other permanents; each covers its controller's objects of that kind,
creatures among them, and no others. Every scenario runs on both engines (``run_both``)."""

from __future__ import annotations

from tests.helpers import board, cast, permanent, run_both

PING = {"do": "activate", "permanent": "ballista", "ability": 1}


def test_702_12b_darksteel_forge_saves_its_controllers_artifacts_from_planar_cleansing() -> None:
    """CR 702.12b, 611.3a: Planar Cleansing destroys nonland permanents; A's Sol Ring and
    Hangarback Walker (artifacts) and the Forge itself stay; A's Glorious Anthem (not an
    artifact) and B's Sol Ring are destroyed."""
    out = run_both(
        board(
            "forge: Darksteel Forge @A",
            "ring: Sol Ring @A",
            "walker: Hangarback Walker @A +1/+1=1",
            "anthem: Glorious Anthem @A",
            "their_ring: Sol Ring @B",
        ),
        [cast("Planar Cleansing", by="B")],
    )
    assert [p["id"] for p in out["battlefield"]] == ["forge", "ring", "walker"]
    assert out["graveyard"] == {"A": ["Glorious Anthem"], "B": ["Sol Ring", "Planar Cleansing"]}


def test_702_12b_darksteel_forge_does_not_save_a_creature_that_is_not_an_artifact() -> None:
    """CR 702.12b: Wrath of God destroys A's Grizzly Bears beside the Forge; the artifact
    creature Hangarback Walker stays."""
    out = run_both(
        board(
            "forge: Darksteel Forge @A",
            "walker: Hangarback Walker @A +1/+1=1",
            "bears: Grizzly Bears @A",
        ),
        [cast("Wrath of God", by="B")],
    )
    assert permanent(out, "walker") is not None and permanent(out, "bears") is None


def test_702_12b_avacyn_gives_every_permanent_of_her_controller_indestructible() -> None:
    """CR 702.12b, 611.3a: with Avacyn, Angel of Hope, Planar Cleansing destroys none of A's
    permanents (Glorious Anthem, Kitchen Finks, Avacyn), and every one of B's."""
    out = run_both(
        board(
            "avacyn: Avacyn, Angel of Hope @A",
            "anthem: Glorious Anthem @A",
            "finks: Kitchen Finks @A",
            "bears: Grizzly Bears @B",
            "their_anthem: Glorious Anthem @B",
        ),
        [cast("Planar Cleansing", by="B")],
    )
    assert [p["id"] for p in out["battlefield"]] == ["avacyn", "anthem", "finks"]
    assert out["returned"] == []


def test_702_12b_avacyn_leaving_ends_the_protection() -> None:
    """CR 611.3a, 702.79a: the static stops when its source leaves: Avacyn is sacrificed
    (indestructible does not stop a sacrifice), then Wrath of God destroys Kitchen Finks, and
    persist returns them."""
    out = run_both(
        board("avacyn: Avacyn, Angel of Hope @A", "finks: Kitchen Finks @A"),
        [{"do": "sacrifice", "target": "avacyn"}, cast("Wrath of God", by="B")],
    )
    assert permanent(out, "avacyn") is None
    assert [r["id"] for r in out["returned"]] == ["finks"]


def test_702_11b_privileged_position_gives_other_permanents_hexproof() -> None:
    """CR 702.11b, 611.3a: B's Walking Ballista can't name A's Bears while A controls
    Privileged Position: the activation is rejected."""
    out = run_both(
        board(
            "position: Privileged Position @A",
            "bears: Grizzly Bears @A",
            "ballista: Walking Ballista @B +1/+1=2",
        ),
        [PING],
        choices={"targets": {"ballista": "bears"}},
    )
    assert out["rejected"] == [{"action": 0, "reason": "illegal_target", "rule": "702.11b"}]
