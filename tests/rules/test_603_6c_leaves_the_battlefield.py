"""R4 Leaves-the-battlefield abilities, CR 603.6c and 603.10a: Thragtusk ("When Thragtusk
leaves the battlefield, create a 3/3 green Beast creature token.").

CR 603.6c: a leaves-the-battlefield ability triggers when its permanent moves from the
battlefield to any other zone; 603.10a: it looks back in time, so the permanent as it last
existed triggers it, a token's too. Every scenario runs on both engines (``run_both``).
Two players A -> B, A active, 20 life.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import board, cast, run_both


def _beasts(out: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p["id"], p["controller"]) for p in out["battlefield"] if p["card"] == "Beast"]


@pytest.mark.parametrize("do", ["destroy", "exile", "bounce", "sacrifice"])
def test_603_6c_thragtusk_leaving_for_any_zone_makes_a_beast(do: str) -> None:
    """CR 603.6c: destroyed (to the graveyard), exiled, returned to its owner's hand or
    sacrificed, Thragtusk leaves the battlefield, and its controller gets a 3/3 Beast."""
    out = run_both(board=board("tusk: Thragtusk @A"), actions=[{"do": do, "target": "tusk"}])
    assert _beasts(out) == [("tusk.beast1", "A")]
    beast = next(p for p in out["battlefield"] if p["card"] == "Beast")
    assert (beast["power"], beast["toughness"], beast["token"]) == (3, 3, True)
    zone = {"destroy": "graveyard", "sacrifice": "graveyard", "exile": "exile", "bounce": "hand"}
    assert out[zone[do]]["A"] == ["Thragtusk"]


def test_603_10a_a_token_copy_of_thragtusk_makes_a_beast_as_it_dies() -> None:
    """CR 603.10a, 704.5d: a token Thragtusk destroyed by Wrath of God triggers as it last
    existed, though it ceases to exist; the Beast it makes survives (it arrives after the
    Wrath has resolved)."""
    out = run_both(board=board("tusk: Thragtusk @B token"), actions=[cast("Wrath of God")])
    assert _beasts(out) == [("tusk.beast1", "B")]
    assert out["graveyard"]["B"] == []


def test_603_3a_the_beast_is_made_for_the_controller_as_thragtusk_left() -> None:
    """CR 603.3a, 111.1: Thragtusk owned by B and controlled by A goes to B's graveyard; its
    trigger is A's, and A gets the Beast."""
    out = run_both(board=board("tusk: Thragtusk @A owner=B"), actions=[cast("Wrath of God")])
    assert _beasts(out) == [("tusk.beast1", "A")]
    assert out["graveyard"]["B"] == ["Thragtusk"]


@pytest.mark.parametrize("first", ["persist", "leaves"])
def test_702_79a_persisting_thragtusk_makes_a_beast_and_gains_again(first: str) -> None:
    """CR 702.79a, 603.6c, 603.3b: Thragtusk with persist dies to Wrath of God: its persist
    and leaves triggers are A's to order. Either way it returns with a -1/-1 counter (a new
    object, 400.7), its enters trigger gains A 5 life, and a Beast is made, the two triggers
    put on the stack in the order A chose (``id:leaves`` names the leaves trigger)."""
    out = run_both(
        board=board("tusk: Thragtusk @A grant=persist"),
        actions=[cast("Wrath of God")],
        choices={"trigger_order": {"A": [f"tusk:{first}"]}},
    )
    assert out["life"]["A"] == 25
    assert [r["id"] for r in out["returned"]] == ["tusk"]
    assert sorted(p["id"] for p in out["battlefield"]) == ["tusk", "tusk.beast1"]
    stacked = [t["ability"] for t in out["stack_order"]]
    assert stacked[:2] == [first, "leaves" if first == "persist" else "persist"]


def test_614_1_doubling_season_doubles_the_beasts() -> None:
    """CR 614.1, 111.1: under A's Doubling Season Thragtusk's one Beast is two; B's Doubling
    Season doubles only B's tokens."""
    out = run_both(
        board=board("tusk: Thragtusk @A", "ds: Doubling Season @A", "ds2: Doubling Season @B"),
        actions=[{"do": "destroy", "target": "tusk"}],
    )
    assert _beasts(out) == [("tusk.beast1", "A"), ("tusk.beast2", "A")]


def test_603_6c_thragtusk_returned_by_undying_leaves_twice() -> None:
    """CR 603.6c, 702.93a: Thragtusk with undying dies to Wrath of God (a Beast), returns with
    a +1/+1 counter and gains A 5 life; exiled afterwards it leaves again: a second Beast."""
    out = run_both(
        board=board("tusk: Thragtusk @A grant=undying"),
        actions=[cast("Wrath of God"), {"do": "exile", "target": "tusk"}],
    )
    assert _beasts(out) == [("tusk.beast1", "A"), ("tusk.beast2", "A")]
    assert out["life"]["A"] == 25
    assert out["exile"]["A"] == ["Thragtusk"]
