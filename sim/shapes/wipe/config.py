"""The wipe shape's part of an experiment file: players, slots of cards, wipe events, choices.

Parsed into frozen dataclasses of plain values (card indices, normalized weights), so a
configuration travels to worker processes as data and draws nothing by itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from engine.batch.wipe_state import (
    EV_ACTIVATE,
    EV_ATTACK,
    EV_BOUNCE,
    EV_CAST,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DAMAGE_ALL,
    EV_DAMAGE_PLAYER,
    EV_DESTROY,
    EV_EXILE,
    EV_PASS_TURN,
    EV_SACRIFICE,
    EV_TAP,
    EV_TAP_MANA,
    EV_UNTAP,
)
from engine.library import Card
from engine.mana_types import MANA_TYPES
from engine.scenario import COUNTER_POLICIES
from sim.config.dists import Discrete, SeatDist
from sim.config.players import Players, SlotBoard, parse_players
from sim.config.reader import SEAT_NAMES, Reader, join
from sim.shapes.base import batch_card

WIPE_KEYS = {"players", "slots", "events", "choices"}
MAX_SLOTS = 40  # board slots per trial (the engine's arrays grow with it)
MAX_EVENTS = 8
MAX_COUNT = 20  # counters, damage and granted keyword instances
MAX_X = 60
TRIGGER_POLICIES = ("random", "listed")
TARGET_POLICIES = ("next", "random", "any")
# what an event does (``do``): cast a card, or an effect on a random slot, seat or everyone
EVENT_KINDS = {
    "cast": EV_CAST,
    "destroy": EV_DESTROY,
    "sacrifice": EV_SACRIFICE,
    "exile": EV_EXILE,
    "bounce": EV_BOUNCE,
    "damage": EV_DAMAGE,
    "damage_player": EV_DAMAGE_PLAYER,
    "damage_all": EV_DAMAGE_ALL,
    "counters": EV_COUNTERS,
    "tap": EV_TAP,  # by an effect (701.26a), not as a cost
    "untap": EV_UNTAP,  # 701.26b
    "pass_turn": EV_PASS_TURN,
    "attack": EV_ATTACK,
    "tap_for_mana": EV_TAP_MANA,
    "activate": EV_ACTIVATE,
}
EVENT_COUNTERS = ("+1/+1", "-1/-1")  # the counters a ``counters`` event puts (tables.KIND_CODE)
OTHER_COUNTERS = tb.COUNTER_KINDS[2:]  # a slot's ``counters`` (charge, luck, mining...)
# which permanent a tap_for_mana or activate event uses: a random one that has the ability,
# any board slot, or (else) a slot group "slots[N]" or card names
PICKS = ("random_source", "random")
WHOSE = ("all", "active")
COLOR_CHOICES = ("none", *MANA_TYPES)  # "none": the ability's first type
ORDER_POLICIES = ("random", "listed")  # replacement orders; a list of cards: "fixed"
TARGET_CHOICES = ("listed", "creature", "player")  # an activated ability's targets


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
    since_turn_start: float  # controlled since its controller's turn began (else sick, 302.6)
    keywords: tuple[tuple[int, float], ...]  # (tables.KEYWORD_BITS bit, chance it is granted)
    counters: tuple[tuple[int, Discrete], ...] = ()  # (index in OTHER_COUNTERS, count) pairs


@dataclass(frozen=True)
class Acting:
    """Which permanent a ``tap_for_mana`` or ``activate`` event uses, and what its player
    chooses there: drawn per trial from the starting board."""

    pick: str  # "random_source", "random", "group" or "cards"
    group: int  # "group": the slot group's index
    cards: tuple[int, ...]  # "cards": the cards a picked slot holds
    whose: str  # "all" or "active" (the active player's permanents only)
    color: tuple[float, ...]  # weights of COLOR_CHOICES: the type named (tap_for_mana)
    order: tuple[str, ...]  # replacement order policies (616.1): "random", "listed", "fixed"
    order_weights: tuple[float, ...]
    order_cards: tuple[int, ...]  # "fixed": listed cards apply first, in this order
    ability: Discrete  # which activated ability (an index among the non-mana ones, 602.1)
    target: tuple[float, ...]  # weights of TARGET_CHOICES: the ability's targets


@dataclass(frozen=True)
class Combat:
    """How an attack event declares attackers and blockers (each permanent on its own)."""

    attack: float  # chance each of the active player's creatures attacks
    block: float  # chance each of the next player's creatures blocks a random attacker
    illegal: float  # chance any other permanent attacks or blocks anyway (to be rejected)


@dataclass(frozen=True)
class Event:
    """One event in order: what it does (mostly a card cast from a weighted mix, with X and a
    caster), drawn per trial."""

    kinds: tuple[int, ...]  # wipe_state.EV_* codes it may be
    kind_weights: tuple[float, ...]
    cards: tuple[int, ...]  # what a cast casts (empty when it never casts)
    weights: tuple[float, ...]
    x: Discrete
    caster: SeatDist
    modes: tuple[tuple[int, ...], ...]  # per card of ``cards``: the bit sets of its modes
    # (tables.MODE_BITS) it may be cast with, one drawn uniformly per trial
    amount: Discrete  # damage dealt, or counters put
    counter: tuple[float, ...]  # weights of EVENT_COUNTERS
    combat: Combat
    acting: Acting  # what a tap_for_mana or activate event uses and chooses


@dataclass(frozen=True)
class WipeConfig(SlotBoard):
    """A resolved wipe-shape configuration (one sweep point)."""

    players: Players
    slots: tuple[SlotGroup, ...]
    events: tuple[Event, ...]
    trigger_order: str  # "random", "listed" or "fixed"
    fixed_order: tuple[int, ...]  # card indices, first goes on the stack first ("fixed")
    targets: str  # "next", "random" (an opponent) or "any" (a seat, its own too): Murderous
    # Redcap's enters trigger
    # each seat's counter policy (616.1: engine.scenario.COUNTER_POLICIES) by seat relative to
    # the active player (SEAT_NAMES' order); a seat past the tuple's end takes "listed"
    counter_order: tuple[str, ...] = ()

    def counter_policy(self, n_players: np.ndarray, active: np.ndarray) -> np.ndarray | None:
        """``WipeInputs.counter_policy`` of trials with these player counts and active seats
        (None: every seat's is the listed policy)."""
        codes = [COUNTER_POLICIES.index(p) for p in self.counter_order]
        if not any(codes):
            return None
        out = np.zeros((len(active), self.max_players), dtype=np.int8)
        rows = np.arange(len(active))
        for rel, code in enumerate(codes):
            there = rel < n_players  # a seat the trial has
            seat = (active.astype(np.int64) + rel) % n_players
            out[rows[there], seat[there]] = code
        return out


def _card_index(r: Reader, name: str, where: str, cast: bool) -> int:
    i = batch_card(r, name, where)
    card: Card = tb.CARDS[i]
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
    "since_turn_start",
    "counters",
}
_GRANT_COUNTS = ("persist", "undying")  # counts of extra instances; combat keywords: chances


def _grant(r: Reader, raw: Mapping[str, Any], where: str) -> dict[str, Any]:
    grant = raw.get("grant", {})
    if not isinstance(grant, dict):
        raise r.fail(where, "expected a table", "e.g. grant = { persist = 0.2, flying = 0.1 }")
    r.keys(grant, {*_GRANT_COUNTS, *tb.KEYWORD_BITS}, where)
    return grant


def _other_counters(
    r: Reader, raw: Mapping[str, Any], where: str
) -> tuple[tuple[int, Discrete], ...]:
    """Counters of kinds other than +1/+1 and -1/-1 (luck for Gemstone Caverns, charge...)."""
    at = join(where, "counters")
    table = raw.get("counters", {})
    if not isinstance(table, dict):
        raise r.fail(at, "expected a table", "e.g. counters = { luck = [0, 1] }")
    r.keys(table, set(OTHER_COUNTERS), at)
    return tuple(
        (OTHER_COUNTERS.index(k), r.count(v, join(at, k), 0, MAX_COUNT)) for k, v in table.items()
    )


def _slot(r: Reader, raw: Mapping[str, Any], where: str, n_min: int) -> SlotGroup:
    r.keys(raw, _SLOT_KEYS, where)
    if "cards" not in raw:
        raise r.fail(where, "missing key 'cards'", 'e.g. cards = { "Kitchen Finks" = 1 }')
    cards, weights = r.weights(
        raw["cards"], join(where, "cards"), lambda n, p: _card_index(r, n, p, cast=False)
    )
    at_grant = join(where, "grant")
    grant = _grant(r, raw, at_grant)

    def count(key: str, table: Mapping[str, Any] = raw, path: str = where) -> Discrete:
        return r.count(table.get(key, 0), join(path, key), 0, MAX_COUNT)

    def prob(key: str, default: float = 0.0) -> float:
        return r.prob(raw.get(key, default), join(where, key))

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
        persist=count("persist", grant, at_grant),
        undying=count("undying", grant, at_grant),
        legal_start=r.boolean(raw.get("legal_start", True), join(where, "legal_start")),
        since_turn_start=prob("since_turn_start", 1.0),
        keywords=tuple(
            (bit, r.prob(grant[name], join(at_grant, name)))
            for name, bit in tb.KEYWORD_BITS.items()
            if name in grant
        ),
        counters=_other_counters(r, raw, where),
    )


def _mode_set(r: Reader, names: Any, cards: tuple[int, ...], where: str) -> int:
    """One set of modes as a bit set, checked against every modal card the event can cast."""
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list) or not names:
        raise r.fail(where, "expected a non-empty list of modes", 'e.g. modes = ["creatures"]')
    bits = 0
    for i, mode in enumerate(names):
        bits |= tb.MODE_BITS[r.text(mode, join(where, i), tuple(tb.MODE_BITS))]
    for c in cards:
        ability = tb.CARDS[c].modal
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


def _mode_sets(r: Reader, raw: Any, cards: tuple[int, ...], where: str) -> tuple[int, ...]:
    """A list of modes (one set), or a list of such lists (a set drawn uniformly per trial)."""
    if isinstance(raw, list) and raw and all(isinstance(m, list) for m in raw):
        return tuple(_mode_set(r, m, cards, join(where, i)) for i, m in enumerate(raw))
    return (_mode_set(r, raw, cards, where),)


def _modes(r: Reader, raw: Any, cards: tuple[int, ...], where: str) -> tuple[tuple[int, ...], ...]:
    """The mode sets each card of the pool may be cast with (aligned with ``cards``): the same
    for every card, or a table by card name (unlisted cards: "creatures")."""
    if not isinstance(raw, dict):
        sets = _mode_sets(r, raw, cards, where)
        return tuple(sets for _ in cards) or (sets,)
    by_card: dict[int, tuple[int, ...]] = {}
    for name, value in raw.items():
        at = join(where, name)
        card = tb.INDEX[r.card(name, at).name.lower()]
        if card not in cards:
            raise r.fail(at, f"{tb.CARDS[card].name} is not in the event's cards")
        by_card[card] = _mode_sets(r, value, (card,), at)
    default = _mode_sets(r, ["creatures"], tuple(c for c in cards if c not in by_card), where)
    return tuple(by_card.get(c, default) for c in cards)


_ACTING_KEYS = {"permanent", "whose", "color", "replacement_order", "ability", "target"}
_EVENT_KEYS = {"do", "cards", "x", "caster", "modes", "amount", "counter", "combat", *_ACTING_KEYS}
MAX_ABILITY = 7  # an ability index past a card's abilities is for the engines to reject


def _weights_of(r: Reader, value: Any, where: str, names: tuple[str, ...]) -> tuple[float, ...]:
    """One of ``names``, or a table of weights over them: weights aligned with ``names``."""
    if isinstance(value, str):
        value = {r.text(value, where, names): 1}
    got, probs = r.weights(value, where, lambda n, p: r.text(n, p, names))
    return tuple(probs[got.index(c)] if c in got else 0.0 for c in names)


def _card_list(r: Reader, value: Any, where: str, hint: str) -> tuple[int, ...]:
    """A fixed order of distinct cards, as card indices."""
    return tuple(tb.INDEX[name.lower()] for name in r.distinct_cards(value, where, hint))


def _named_cards(r: Reader, value: Any, where: str, kinds: tuple[int, ...]) -> tuple[int, ...]:
    """The card names of ``permanent``: each must have the ability its event uses."""
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names:
        hint = '"random_source", "random", "slots[N]", a card name or a list of them'
        raise r.fail(where, "expected a permanent", hint)
    cards = []
    for i, name in enumerate(names):
        at = where if isinstance(value, str) else join(where, i)
        c = _card_index(r, r.text(name, at), at, cast=False)
        taps = EV_TAP_MANA in kinds and (mt.N_AB[c] > 0 or tb.IS_CREATURE[c])
        if not taps and not (EV_ACTIVATE in kinds and mt.N_ACTIVATED[c] > 0):
            what = " or ".join(k for k, v in EVENT_KINDS.items() if v in kinds)
            raise r.fail(at, f"{tb.CARDS[c].name} has no ability to {what}")
        cards.append(c)
    return tuple(cards)


def _pick(
    r: Reader, raw: Mapping[str, Any], where: str, n_groups: int, kinds: tuple[int, ...]
) -> tuple[str, int, tuple[int, ...]]:
    """``permanent``: a policy of PICKS, a slot group "slots[N]", or card names."""
    value = raw.get("permanent", "random_source")
    at = join(where, "permanent")
    if isinstance(value, str) and value in PICKS:
        return value, -1, ()
    if isinstance(value, str) and value.startswith("slots["):
        number = value[len("slots[") : -1]
        if not (value.endswith("]") and number.isdigit() and int(number) < n_groups):
            raise r.fail(at, f"no slot group {value!r}", f"slots[0] to slots[{n_groups - 1}]")
        return "group", int(number), ()
    return "cards", -1, _named_cards(r, value, at, kinds)


def _orders(
    r: Reader, value: Any, where: str
) -> tuple[tuple[str, ...], tuple[float, ...], tuple[int, ...]]:
    """A replacement order policy (616.1): "random", "listed", weights over them, or a list
    of cards (fixed)."""
    if isinstance(value, list):
        return ("fixed",), (1.0,), _card_list(r, value, where, '"random", "listed" or cards')
    if isinstance(value, str):
        return (r.text(value, where, ORDER_POLICIES),), (1.0,), ()
    names, weights = r.weights(value, where, lambda n, p: r.text(n, p, ORDER_POLICIES))
    return names, weights, ()


def _acting(
    r: Reader, raw: Mapping[str, Any], where: str, n_groups: int, kinds: tuple[int, ...]
) -> Acting:
    """What a tap_for_mana or activate event uses and chooses (defaults for other events)."""
    pick, group, cards = _pick(r, raw, where, n_groups, kinds)
    order = _orders(r, raw.get("replacement_order", "random"), join(where, "replacement_order"))
    return Acting(
        pick=pick,
        group=group,
        cards=cards,
        whose=r.text(raw.get("whose", "all"), join(where, "whose"), WHOSE),
        color=_weights_of(r, raw.get("color", "none"), join(where, "color"), COLOR_CHOICES),
        order=order[0],
        order_weights=order[1],
        order_cards=order[2],
        ability=r.count(raw.get("ability", 0), join(where, "ability"), 0, MAX_ABILITY, prob=False),
        target=_weights_of(r, raw.get("target", "listed"), join(where, "target"), TARGET_CHOICES),
    )


def _kinds(r: Reader, raw: Any, where: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
    if isinstance(raw, str):
        raw = {r.text(raw, where, tuple(EVENT_KINDS)): 1}
    names, weights = r.weights(raw, where, lambda n, p: r.text(n, p, tuple(EVENT_KINDS)))
    return tuple(EVENT_KINDS[n] for n in names), weights


def _combat(r: Reader, raw: Mapping[str, Any], where: str) -> Combat:
    table = r.table(raw, "combat", where)
    at = join(where, "combat")
    r.keys(table, {"attack", "block", "illegal"}, at)
    return Combat(
        attack=r.prob(table.get("attack", 1.0), join(at, "attack")),
        block=r.prob(table.get("block", 0.5), join(at, "block")),
        illegal=r.prob(table.get("illegal", 0.0), join(at, "illegal")),
    )


def _event(r: Reader, raw: Mapping[str, Any], where: str, n_min: int, n_groups: int) -> Event:
    r.keys(raw, _EVENT_KEYS, where)
    kinds, kind_weights = _kinds(r, raw.get("do", "cast"), join(where, "do"))
    cards: tuple[int, ...] = ()
    weights: tuple[float, ...] = ()
    if EV_CAST in kinds:
        if "cards" not in raw:
            raise r.fail(where, "missing key 'cards'", 'e.g. cards = { "Wrath of God" = 1 }')
        cards, weights = r.weights(
            raw["cards"], join(where, "cards"), lambda n, p: _card_index(r, n, p, cast=True)
        )
    counter = _weights_of(r, raw.get("counter", "+1/+1"), join(where, "counter"), EVENT_COUNTERS)
    return Event(
        kinds=kinds,
        kind_weights=kind_weights,
        cards=cards,
        weights=weights,
        x=r.count(raw.get("x", 0), join(where, "x"), 0, MAX_X, prob=False),
        caster=r.seat(raw.get("caster", "active"), join(where, "caster"), n_min),
        modes=_modes(r, raw.get("modes", ["creatures"]), cards, join(where, "modes")),
        amount=r.count(raw.get("amount", 1), join(where, "amount"), 0, MAX_COUNT, prob=False),
        counter=counter,
        combat=_combat(r, raw, where),
        acting=_acting(r, raw, where, n_groups, kinds),
    )


def _counter_order(r: Reader, raw: Any) -> tuple[str, ...]:
    """``counter_order``: one policy for every seat, or a table of policies by seat name (the
    seats left out: "listed")."""
    where = "choices.counter_order"
    if isinstance(raw, str):
        return (r.text(raw, where, COUNTER_POLICIES),) * len(SEAT_NAMES)
    if not isinstance(raw, dict):
        raise r.fail(where, "expected a policy or a table by seat", 'e.g. { active = "most" }')
    r.keys(raw, set(SEAT_NAMES), where)
    return tuple(
        r.text(raw.get(seat, "listed"), f"{where}.{seat}", COUNTER_POLICIES) for seat in SEAT_NAMES
    )


def _choices(
    r: Reader, data: Mapping[str, Any]
) -> tuple[str, tuple[int, ...], str, tuple[str, ...]]:
    """The trigger-order policy, its fixed list of cards, Redcap's target policy and the
    counter-order policy."""
    choices = r.table(data, "choices", "")
    r.keys(choices, {"trigger_order", "targets", "counter_order"}, "choices")
    order = choices.get("trigger_order", "random")
    targets = r.text(choices.get("targets", "next"), "choices.targets", TARGET_POLICIES)
    counters = _counter_order(r, choices.get("counter_order", "listed"))
    if not isinstance(order, list):
        return r.text(order, "choices.trigger_order", TRIGGER_POLICIES), (), targets, counters
    hint = '"random", "listed" or a list of cards'
    return "fixed", _card_list(r, order, "choices.trigger_order", hint), targets, counters


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
        _event(r, raw, f"events[{i}]", n_min, len(slots))
        for i, raw in enumerate(r.tables(data, "events", ""))
    )
    if not events:
        raise r.fail("events", "an experiment needs at least one [[events]] table (the wipe)")
    if len(events) > MAX_EVENTS:
        raise r.fail("events", f"more than {MAX_EVENTS} events")
    policy, fixed, targets, counters = _choices(r, data)
    return WipeConfig(players, slots, events, policy, fixed, targets, counters)
