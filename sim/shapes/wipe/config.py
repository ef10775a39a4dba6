"""The wipe shape's part of an experiment file: players, slots of cards, wipe events, choices.

Parsed into frozen dataclasses of plain values (card indices, normalized weights), so a
configuration travels to worker processes as data and draws nothing by itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.batch import tables as tb
from engine.library import Card
from sim.config.dists import Discrete, SeatDist
from sim.config.players import Players, SlotBoard, parse_players
from sim.config.reader import Reader, join

WIPE_KEYS = {"players", "slots", "events", "choices"}
MAX_SLOTS = 40  # board slots per trial (the engine's arrays grow with it)
MAX_EVENTS = 8
MAX_COUNT = 20  # counters, damage, X and granted keyword instances
TRIGGER_POLICIES = ("random", "listed")


@dataclass(frozen=True)
class SlotGroup:
    """``count`` board slots drawn alike; seats are relative to the active player."""

    count: int
    cards: tuple[int, ...]  # card indices (engine.batch.tables)
    weights: tuple[float, ...]
    empty: float
    controller: SeatDist
    foreign_owner: float  # chance the owner is another player (uniform among the others)
    plus: Discrete  # +1/+1 counters
    minus: Discrete  # -1/-1 counters
    damage: Discrete
    token: float
    tapped: float
    not_creature: float
    persist: Discrete  # granted persist instances
    undying: Discrete
    legal_start: bool  # drop -1/-1 counters and damage that leave a creature dead at once


@dataclass(frozen=True)
class Event:
    """One event in order: a card cast from a weighted mix, with X and a caster."""

    cards: tuple[int, ...]
    weights: tuple[float, ...]
    x: Discrete
    caster: SeatDist
    modes: int  # bit set of a modal spell's modes (tables.MODE_BITS)


@dataclass(frozen=True)
class WipeConfig(SlotBoard):
    """A resolved wipe-shape configuration (one sweep point)."""

    players: Players
    slots: tuple[SlotGroup, ...]
    events: tuple[Event, ...]
    trigger_order: str  # "random", "listed" or "fixed"
    fixed_order: tuple[int, ...]  # card indices, first goes on the stack first ("fixed")
    targets: str  # "next" or "random" (an opponent): Murderous Redcap's enters trigger


def _card_index(r: Reader, name: str, where: str, cast: bool) -> int:
    card: Card = r.card(name, where)
    i = tb.INDEX[card.name.lower()]
    if cast and not tb.CAST_OK[i]:
        raise r.fail(
            where,
            f"{card.name}: casting it is outside the wipe shape",
            "events cast wipes or creatures the wipe shape models",
        )
    if not cast and not tb.BOARD_OK[i]:
        raise r.fail(
            where,
            f"{card.name} on the battlefield is outside the wipe shape",
            'a mana experiment (shape = "mana") models mana cards',
        )
    return i


_SLOT_KEYS = {
    "count",
    "cards",
    "empty",
    "controller",
    "foreign_owner",
    "plus_counters",
    "minus_counters",
    "damage",
    "token",
    "tapped",
    "not_creature",
    "grant",
    "legal_start",
}


def _slot(r: Reader, raw: Mapping[str, Any], where: str, n_min: int) -> SlotGroup:
    r.keys(raw, _SLOT_KEYS, where)
    if "cards" not in raw:
        raise r.fail(where, "missing key 'cards'", 'e.g. cards = { "Kitchen Finks" = 1 }')
    cards, weights = r.weights(
        raw["cards"], join(where, "cards"), lambda n, p: _card_index(r, n, p, cast=False)
    )
    grant = raw.get("grant", {})
    if not isinstance(grant, dict):
        raise r.fail(join(where, "grant"), "expected a table", "e.g. grant = { persist = 0.2 }")
    r.keys(grant, {"persist", "undying"}, join(where, "grant"))

    def count(key: str, table: Mapping[str, Any] = raw, path: str = where) -> Discrete:
        return r.count(table.get(key, 0), join(path, key), 0, MAX_COUNT)

    def prob(key: str) -> float:
        return r.prob(raw.get(key, 0.0), join(where, key))

    return SlotGroup(
        count=r.integer(raw.get("count", 1), join(where, "count"), 1, MAX_SLOTS),
        cards=cards,
        weights=weights,
        empty=prob("empty"),
        controller=r.seat(raw.get("controller", "random"), join(where, "controller"), n_min),
        foreign_owner=prob("foreign_owner"),
        plus=count("plus_counters"),
        minus=count("minus_counters"),
        damage=count("damage"),
        token=prob("token"),
        tapped=prob("tapped"),
        not_creature=prob("not_creature"),
        persist=count("persist", grant, join(where, "grant")),
        undying=count("undying", grant, join(where, "grant")),
        legal_start=r.boolean(raw.get("legal_start", True), join(where, "legal_start")),
    )


def _modes(r: Reader, raw: Any, cards: tuple[int, ...], where: str) -> int:
    names = [raw] if isinstance(raw, str) else raw
    if not isinstance(names, list) or not names:
        raise r.fail(where, "expected a non-empty list of modes", 'e.g. modes = ["creatures"]')
    bits = 0
    for i, m in enumerate(names):
        bits |= tb.MODE_BITS[r.text(m, join(where, i), tuple(tb.MODE_BITS))]
    for c in cards:
        ability = tb.CARDS[c].ability("exile_all_modal")
        if ability is None:
            continue
        allowed = ability.names("modes")
        if not set(names) <= set(allowed):
            missing = sorted(set(names) - set(allowed))
            raise r.fail(
                where, f"{tb.CARDS[c].name} has no mode {missing}", "modes: " + ", ".join(allowed)
            )
        if ability.text("choose") == "one" and len(names) != 1:
            raise r.fail(where, f"{tb.CARDS[c].name} chooses exactly one mode")
    return bits


def _event(r: Reader, raw: Mapping[str, Any], where: str, n_min: int) -> Event:
    r.keys(raw, {"cards", "x", "caster", "modes"}, where)
    if "cards" not in raw:
        raise r.fail(where, "missing key 'cards'", 'e.g. cards = { "Wrath of God" = 1 }')
    cards, weights = r.weights(
        raw["cards"], join(where, "cards"), lambda n, p: _card_index(r, n, p, cast=True)
    )
    return Event(
        cards=cards,
        weights=weights,
        x=r.count(raw.get("x", 0), join(where, "x"), 0, MAX_COUNT, prob=False),
        caster=r.seat(raw.get("caster", "active"), join(where, "caster"), n_min),
        modes=_modes(r, raw.get("modes", ["creatures"]), cards, join(where, "modes")),
    )


def parse_wipe(r: Reader, data: Mapping[str, Any]) -> WipeConfig:
    """Validate the wipe-shape keys of a (sweep point's) experiment table."""
    players = parse_players(r, data)
    n_min = players.count.low
    slots = tuple(
        _slot(r, raw, f"slots[{i}]", n_min) for i, raw in enumerate(r.tables(data, "slots", ""))
    )
    if not slots:
        raise r.fail("slots", "an experiment needs at least one [[slots]] table")
    if sum(g.count for g in slots) > MAX_SLOTS:
        raise r.fail("slots", f"more than {MAX_SLOTS} board slots in all", "lower the counts")
    events = tuple(
        _event(r, raw, f"events[{i}]", n_min) for i, raw in enumerate(r.tables(data, "events", ""))
    )
    if not events:
        raise r.fail("events", "an experiment needs at least one [[events]] table (the wipe)")
    if len(events) > MAX_EVENTS:
        raise r.fail("events", f"more than {MAX_EVENTS} events")
    choices = r.table(data, "choices", "")
    r.keys(choices, {"trigger_order", "targets"}, "choices")
    order = choices.get("trigger_order", "random")
    fixed: tuple[int, ...] = ()
    if isinstance(order, list):
        where = "choices.trigger_order"
        if not order:
            raise r.fail(where, "an empty fixed order", '"random", "listed" or a list of cards')
        fixed = tuple(
            tb.INDEX[r.card(r.text(n, join(where, i)), join(where, i)).name.lower()]
            for i, n in enumerate(order)
        )
        if len(set(fixed)) != len(fixed):
            raise r.fail(where, "a card is listed twice")
        policy = "fixed"
    else:
        policy = r.text(order, "choices.trigger_order", TRIGGER_POLICIES)
    targets = r.text(choices.get("targets", "next"), "choices.targets", ("next", "random"))
    return WipeConfig(players, slots, events, policy, fixed, targets)
