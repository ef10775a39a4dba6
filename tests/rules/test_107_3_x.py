"""CR 107.3, 107.3g, 107.3m, 202.3e: X in costs and "enters with X counters" (M8).

CR 107.3m: an "enters with" replacement effect or ETB trigger of a permanent that refers to X
uses the X paid for the spell it came from. 107.3g / 202.3e: X is 0 everywhere but on the stack,
so the card's mana value counts X as 0. A permanent that entered without being cast from a spell
with X (returned by persist or undying) has X = 0.

Walking Ballista and Hangarback Walker ({X}{X}, 0/0): "enters with X +1/+1 counters on it";
Hangarback: "When it dies, create a 1/1 Thopter for each +1/+1 counter on it".
"""

from __future__ import annotations

from typing import Any

from engine.library import find_card
from tests.helpers import board, permanent, returned_ids, run


def cast(name: str, x: int, pid: str, by: str = "A") -> dict[str, Any]:
    return {"do": "cast", "card": name, "by": by, "x": x, "id": pid}


def thopters(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in out["battlefield"] if p["card"] == "Thopter"]


def test_107_3m_walking_ballista_enters_with_x_counters() -> None:
    """CR 107.3m (S16): Walking Ballista cast with X = 3 enters with three +1/+1 counters: 3/3."""
    out = run(actions=[cast("Walking Ballista", 3, "ballista")])
    ballista = permanent(out, "ballista")
    assert ballista is not None
    assert ballista["controller"] == "A"
    assert ballista["counters"] == {"+1/+1": 3}
    assert (ballista["power"], ballista["toughness"]) == (3, 3)


def test_107_3m_hangarback_walker_enters_with_x_counters() -> None:
    """CR 107.3m: Hangarback Walker cast with X = 2 enters with two +1/+1 counters: 2/2."""
    out = run(actions=[cast("Hangarback Walker", 2, "hangarback")])
    hangarback = permanent(out, "hangarback")
    assert hangarback is not None
    assert hangarback["counters"] == {"+1/+1": 2}
    assert (hangarback["power"], hangarback["toughness"]) == (2, 2)


def test_107_3m_x_zero_ballista_enters_with_no_counters_and_dies() -> None:
    """CR 107.3m, 704.5f: X = 0 gives no counters; a 0/0 Ballista is put into the graveyard."""
    out = run(actions=[cast("Walking Ballista", 0, "ballista")])
    assert permanent(out, "ballista") is None
    assert out["graveyard"]["A"] == ["Walking Ballista"]


def test_202_3e_mana_value_counts_x_as_zero() -> None:
    """CR 202.3e, 107.3g: {X}{X} has mana value 0; Black Sun's Zenith {X}{B}{B} has 2."""
    cards = {"Hangarback Walker": 0, "Walking Ballista": 0, "Black Sun's Zenith": 2}
    checked = []
    for name, value in cards.items():
        found = find_card(name)
        assert found is not None
        assert found.mana_cost.mana_value == value, name
        checked.append(name)
    assert checked == list(cards)


def test_107_3m_hangarback_cast_with_x_2_leaves_two_thopters() -> None:
    """CR 107.3m, 603.10a: Hangarback cast with X = 2 has two counters; when it dies its
    trigger counts them (last known information): two 1/1 Thopters."""
    out = run(
        actions=[
            cast("Hangarback Walker", 2, "hangarback"),
            {"do": "destroy", "target": "hangarback"},
        ]
    )
    assert permanent(out, "hangarback") is None
    assert sorted(p["id"] for p in thopters(out)) == ["hangarback.thopter1", "hangarback.thopter2"]
    assert all((p["power"], p["toughness"]) == (1, 1) for p in thopters(out))


def test_107_3m_hangarback_persist_return_has_x_zero() -> None:
    """CR 107.3m, 702.79a (S17): Hangarback with two +1/+1 counters and persist is destroyed:
    two Thopters (last known information); it returns by persist with X = 0, so no +1/+1
    counters, only the -1/-1 counter: -1/-1, it dies again; now it has a -1/-1 counter, so no
    persist, and no counters to make Thopters. Two Thopters in all."""
    out = run(
        board=board("hangarback: Hangarback Walker @A +1/+1=2 grant=persist"),
        actions=[{"do": "cast", "card": "Wrath of God", "by": "A"}],
    )
    assert returned_ids(out) == ["hangarback"]
    assert permanent(out, "hangarback") is None
    assert "Hangarback Walker" in out["graveyard"]["A"]
    assert len(thopters(out)) == 2


def test_107_3m_persist_return_of_a_cast_ballista_has_x_zero() -> None:
    """CR 107.3m, 702.79a: Walking Ballista cast with X = 3 under two Glorious Anthems gains
    persist (Cauldron of Souls) and is destroyed. It returns with X = 0: no +1/+1 counters, one
    -1/-1 counter: 0/0 + 2/2 - 1/1 = 1/1, a new object."""
    out = run(
        board=board(
            "anthem1: Glorious Anthem @A",
            "anthem2: Glorious Anthem @A",
            "cauldron: Cauldron of Souls @A",
        ),
        actions=[
            cast("Walking Ballista", 3, "ballista"),
            {"do": "activate", "permanent": "cauldron"},
            {"do": "destroy", "target": "ballista"},
        ],
    )
    assert returned_ids(out) == ["ballista"]
    ballista = permanent(out, "ballista")
    assert ballista is not None
    assert ballista["object"] == 2
    assert ballista["counters"] == {"-1/-1": 1}
    assert (ballista["power"], ballista["toughness"]) == (1, 1)


def test_107_3m_undying_return_of_a_cast_ballista_has_x_zero() -> None:
    """CR 107.3m, 702.93a: under Mikaeus (other non-Humans get +1/+1 and undying), Walking
    Ballista cast with X = 2 is 3/3; removing both counters (two pings at B) makes it 1/1 with
    no +1/+1 counter; destroyed, it returns by undying with X = 0: just the one +1/+1 counter,
    1 + 1 = 2/2 (not 2 + 1 counters)."""
    ping = {"do": "activate", "permanent": "ballista", "ability": 1}
    out = run(
        board=board("mikaeus: Mikaeus, the Unhallowed @A"),
        actions=[
            cast("Walking Ballista", 2, "ballista"),
            ping,
            ping,
            {"do": "destroy", "target": "ballista"},
        ],
        choices={"targets": {"ballista": "B"}},
    )
    assert out["rejected"] == []
    assert out["life"]["B"] == 18
    assert returned_ids(out) == ["ballista"]
    ballista = permanent(out, "ballista")
    assert ballista is not None
    assert ballista["counters"] == {"+1/+1": 1}
    assert (ballista["power"], ballista["toughness"]) == (2, 2)


def test_107_3m_hardened_scales_adds_one_to_x_counters() -> None:
    """CR 107.3m, 614.1c, 122.6: entering with X = 2 counters is putting counters on it, so
    Hardened Scales makes it 2 + 1 = 3: a 3/3 Ballista."""
    out = run(
        board=board("scales: Hardened Scales @A"),
        actions=[cast("Walking Ballista", 2, "ballista")],
    )
    ballista = permanent(out, "ballista")
    assert ballista is not None
    assert ballista["counters"] == {"+1/+1": 3}
    assert (ballista["power"], ballista["toughness"]) == (3, 3)


def test_107_3m_opponents_hardened_scales_does_not_apply() -> None:
    """CR 107.3m: Hardened Scales covers "a creature you control"; B's Scales leaves A's
    Ballista cast with X = 2 at two counters."""
    out = run(
        board=board("scales: Hardened Scales @B"),
        actions=[cast("Walking Ballista", 2, "ballista")],
    )
    ballista = permanent(out, "ballista")
    assert ballista is not None
    assert ballista["counters"] == {"+1/+1": 2}
