"""CR 603.10a, 119.3: life triggers on a creature's death (Zulaport Cutthroat, Blood Artist,
Falkenrath Noble, Massacre Wurm; ``engine.library.DeathDrain``) look back at the battlefield
just before the event, so a source dying in it sees every creature dying with it, itself
too; each resolves as its own trigger (603.2), the losses before its controller's gain
(both engines)."""

from __future__ import annotations

from tests.helpers import board, cast, run_both


def test_603_10a_blood_artist_sees_its_own_death_and_every_creature_dying_with_it() -> None:
    """CR 603.10a: Wrath of God kills Blood Artist and two of B's creatures: three triggers;
    B, the next player (its target, 115.1), loses 3 and A gains 3."""
    out = run_both(
        board("artist: Blood Artist @A", "b1: Grizzly Bears @B", "b2: Grizzly Bears @B"),
        [cast("Wrath of God")],
    )
    assert out["life"] == {"A": 23, "B": 17}


def test_603_10a_zulaport_watches_only_its_controllers_creatures_and_drains_each_opponent() -> None:
    """CR 603.10a: Zulaport Cutthroat sees its own death and A's Bears, not B's or C's
    creatures: two triggers, each opponent (B and C) loses 2 in all, A gains 2."""
    out = run_both(
        board(
            "zulaport: Zulaport Cutthroat @A",
            "a: Grizzly Bears @A",
            "b: Grizzly Bears @B",
            "c: Grizzly Bears @C",
        ),
        [cast("Wrath of God")],
        players=("A", "B", "C"),
    )
    assert out["life"] == {"A": 22, "B": 18, "C": 18}


def test_115_1_blood_artists_target_player_is_the_one_named_even_its_controller() -> None:
    """CR 115.1, 603.3d: "target player" may be its controller: A named as Falkenrath Noble's
    target loses 1 and gains 1 for each of the two deaths (no change); C, not named, keeps
    its life."""
    out = run_both(
        board("noble: Falkenrath Noble @A", "b: Grizzly Bears @B"),
        [cast("Wrath of God")],
        players=("A", "B", "C"),
        choices={"targets": {"noble": "A"}},
    )
    assert out["life"] == {"A": 20, "B": 20, "C": 20}


def test_603_3b_apnap_order_of_drains_decides_whether_a_player_survives() -> None:
    """CR 603.3b, 704.5a: B at 2 life. Wrath of God kills A's Blood Artist and B's Zulaport
    Cutthroat and Bears. With A active, A's three Artist triggers go on the stack first and
    B's two Zulaport triggers resolve first: B gains 2, then loses 3, and ends at 1."""
    cards = board(
        "artist: Blood Artist @A", "zulaport: Zulaport Cutthroat @B", "bears: Grizzly Bears @B"
    )
    out = run_both(cards, [cast("Wrath of God")], life={"B": 2})
    assert (out["result"], out["life"]) == ("ok", {"A": 21, "B": 1})


def test_704_5a_with_the_other_player_active_the_drains_take_a_player_to_0_life() -> None:
    """CR 603.3b, 704.5a: the same board with B active: A's Artist triggers resolve first, B
    reaches 0 life after the second and loses the game; Cauldron does not play on (both
    engines say unsupported, with the reason)."""
    cards = board(
        "artist: Blood Artist @A", "zulaport: Zulaport Cutthroat @B", "bears: Grizzly Bears @B"
    )
    out = run_both(cards, [cast("Wrath of God", by="B")], active="B", life={"B": 2})
    assert out["result"] == "unsupported" and "704.5a" in out["reason"]


def test_603_10a_massacre_wurm_still_drains_only_the_dying_creatures_controller() -> None:
    """CR 603.10a: Massacre Wurm (its own template, the same trigger) dies with B's Bears and
    C's Bears: B and C lose 2 each; A's own Wurm's death triggers nothing."""
    out = run_both(
        board("wurm: Massacre Wurm @A", "b: Grizzly Bears @B", "c: Grizzly Bears @C"),
        [cast("Wrath of God")],
        players=("A", "B", "C"),
    )
    assert out["life"] == {"A": 20, "B": 18, "C": 18}
