"""CR 702.11b: a permanent with hexproof can't be the target of spells or abilities its
controller's opponents control (both engines: a named illegal target rejects an activation
and is passed over by a trigger; 601.2c, 603.3d)."""

from __future__ import annotations

from tests.helpers import board, cast, permanent, run_both

PING = {"do": "activate", "permanent": "ballista", "ability": 1}


def test_702_11b_an_opponents_hexproof_creature_cannot_be_chosen_as_a_target() -> None:
    """CR 702.11b, 601.2c: A's Walking Ballista names B's hexproof Bears: the activation is
    rejected and nothing changes (the counter stays on the Ballista)."""
    out = run_both(
        board("ballista: Walking Ballista @A +1/+1=2", "bears: Grizzly Bears @B grant=hexproof"),
        [PING],
        choices={"targets": {"ballista": "bears"}},
    )
    assert out["rejected"] == [{"action": 0, "reason": "illegal_target", "rule": "702.11b"}]
    assert permanent(out, "ballista")["counters"] == {"+1/+1": 2}  # type: ignore[index]
    assert permanent(out, "bears")["damage"] == 0  # type: ignore[index]


def test_702_11b_hexproof_does_not_stop_its_controllers_own_abilities() -> None:
    """CR 702.11b: only opponents are kept out: A's Ballista pings A's own hexproof Bears."""
    out = run_both(
        board("ballista: Walking Ballista @A +1/+1=2", "bears: Grizzly Bears @A grant=hexproof"),
        [PING],
        choices={"targets": {"ballista": "bears"}},
    )
    assert out["rejected"] == []
    assert permanent(out, "bears")["damage"] == 1  # type: ignore[index]


def test_702_11b_an_enters_trigger_passes_over_a_hexproof_choice() -> None:
    """CR 702.11b, 603.3d: Murderous Redcap enters with B's hexproof Bears named as its
    target; it can't target them, so the listed policy's target is taken: B is dealt 2."""
    out = run_both(
        board("bears: Grizzly Bears @B grant=hexproof"),
        [cast("Murderous Redcap", id="redcap")],
        choices={"targets": {"redcap": "bears"}},
    )
    assert permanent(out, "bears")["damage"] == 0  # type: ignore[index]
    assert out["life"] == {"A": 20, "B": 18}


def test_702_11b_a_hexproof_creature_named_among_several_targets_rejects_the_activation() -> None:
    """CR 702.11b: Cauldron of Souls names A's Bears and B's hexproof Bears: rejected."""
    out = run_both(
        board(
            "cauldron: Cauldron of Souls @A",
            "mine: Grizzly Bears @A",
            "theirs: Grizzly Bears @B grant=hexproof",
        ),
        [{"do": "activate", "permanent": "cauldron"}],
        choices={"targets": {"cauldron": ["mine", "theirs"]}},
    )
    assert out["rejected"] == [{"action": 0, "reason": "illegal_target", "rule": "702.11b"}]
    assert permanent(out, "cauldron")["tapped"] is False  # type: ignore[index]
