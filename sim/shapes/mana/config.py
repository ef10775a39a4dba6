"""The mana shape's part of an experiment file: players, slots of mana sources and statics,
the tap sequence and its policies, an optional spell with X, and costs to check.

Parsed into frozen dataclasses of plain values, like the wipe shape (``experiment_wipe``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.batch import mana_tables as mt
from engine.batch.mana_state import MAX_ACTIONS
from engine.batch.mana_state import MAX_SLOTS as ENGINE_SLOTS
from engine.library import LibraryError, parse_mana_cost
from engine.mana_types import MANA_TYPES
from sim.config.dists import Discrete, SeatDist
from sim.config.players import Players, SlotBoard, parse_players
from sim.config.reader import Reader, join
from sim.shapes.base import batch_card

MANA_KEYS = {"players", "slots", "taps", "x_spell", "costs"}
MAX_SLOTS = 40  # board slots; the engine's ids (slots and actions) stay below its caps
MAX_COUNT = 20
MAX_X = 60
POLICIES = ("random", "listed")
TAP_CREATURE = ("first", "random", "any")  # first that fits, a random one of the tapper's,
# any creature on the battlefield (another player's too: the engines reject it alike)
COLOR_CHOICES = ("none", *MANA_TYPES)  # "none": the ability's first type


@dataclass(frozen=True)
class ManaSlotGroup:
    """``count`` board slots drawn alike; seats are relative to the active player."""

    count: int
    cards: tuple[int, ...]
    weights: tuple[float, ...]
    empty: float
    controller: SeatDist
    foreign_owner: float
    token: float
    tapped: float
    since_turn_start: float  # controlled since its controller's turn began (else sick, 302.6)
    haste: float  # granted haste (702.10c)
    not_creature: float
    damage: Discrete
    counters: tuple[tuple[int, Discrete], ...]  # (mana_tables.KIND_CODE, count) pairs


@dataclass(frozen=True)
class Between:
    """What may happen instead of an activation, each on its own chance per action."""

    activate: float  # activate a permanent's other ability (Deep Water), if one is there
    cast: float  # cast one of ``spells`` (Pale Moon, a permanent)
    spells: tuple[int, ...]
    spell_weights: tuple[float, ...]
    caster: SeatDist  # who casts them
    pass_turn: float  # pass the turn (the next player's untap step, 502.3)

    @property
    def any(self) -> bool:
        return self.activate > 0 or self.cast > 0 or self.pass_turn > 0


@dataclass(frozen=True)
class Taps:
    """The activation sequence: each source tapped once, in an order drawn per trial (or,
    with ``wrap``, round the order again), with the choices of each activation."""

    whose: str  # "active": the active player's sources; "all": every player's
    order: str  # "random", "listed" (board order) or "fixed" (by ``order_cards``)
    order_cards: tuple[int, ...]
    count: Discrete | None  # activations (the first of the order); None = every source
    wrap: bool  # count past the sources: then every other slot, then round again
    retap: float  # chance an activation names a random board slot instead
    color: tuple[float, ...]  # weights of COLOR_CHOICES for the type named at each activation
    replacement_order: tuple[str, ...]  # "random", "listed", "fixed" (616.1), drawn per action
    replacement_weights: tuple[float, ...]
    replacement_cards: tuple[int, ...]
    tap_creature: tuple[str, ...]  # Springleaf Drum's creature: TAP_CREATURE, drawn per action
    tap_creature_weights: tuple[float, ...]
    between: Between


@dataclass(frozen=True)
class Cost:
    """A mana cost to test against the pool: generic, per type, X symbols (CR 107.4)."""

    text: str
    generic: int
    by_type: tuple[int, ...]  # WUBRGC
    x_count: int


@dataclass(frozen=True)
class XSpell:
    """A spell with X cast after the taps; ``x`` None means the largest X the pool pays."""

    cards: tuple[int, ...]  # drawn per trial; they share one mana cost
    weights: tuple[float, ...]
    cost: Cost
    caster: SeatDist
    x: Discrete | None


@dataclass(frozen=True)
class ManaConfig(SlotBoard):
    players: Players
    slots: tuple[ManaSlotGroup, ...]
    taps: Taps
    x_spell: XSpell | None
    costs: tuple[Cost, ...]

    @property
    def grants_mana(self) -> bool:
        """Whether a creature can have a granted mana ability (Cryptolith Rite)."""
        return any(bool(mt.GRANT_ANY[c]) for g in self.slots for c in g.cards)


def _board_card(r: Reader, name: str, where: str) -> int:
    i = batch_card(r, name, where)
    if not mt.BOARD_OK[i]:
        raise r.fail(
            where,
            f"{mt.CARDS[i].name} on the battlefield is outside the mana shape",
            'a wipe experiment (shape = "wipe") models creatures that die',
        )
    return i


def _card_list(r: Reader, value: Any, where: str) -> tuple[int, ...]:
    """A fixed order of distinct cards, as card indices."""
    names = r.distinct_cards(value, where, '"random", "listed" or ["..."]')
    return tuple(mt.INDEX[name.lower()] for name in names)


def _policy(r: Reader, value: Any, where: str) -> tuple[str, tuple[int, ...]]:
    if isinstance(value, list):
        return "fixed", _card_list(r, value, where)
    return r.text(value, where, POLICIES), ()


def _choice(
    r: Reader, value: Any, where: str, names: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """One of ``names``, or a table of weights over them (drawn per activation)."""
    if isinstance(value, str):
        return (r.text(value, where, names),), (1.0,)
    return r.weights(value, where, lambda n, p: r.text(n, p, names))


_SLOT_KEYS = {
    "count",
    "cards",
    "empty",
    "controller",
    "foreign_owner",
    "token",
    "tapped",
    "since_turn_start",
    "haste",
    "not_creature",
    "damage",
    "counters",
}


def _slot(r: Reader, raw: Mapping[str, Any], where: str, n_min: int) -> ManaSlotGroup:
    r.keys(raw, _SLOT_KEYS, where)
    if "cards" not in raw:
        raise r.fail(where, "missing key 'cards'", 'e.g. cards = { "Forest" = 1 }')
    cards, weights = r.weights(
        raw["cards"], join(where, "cards"), lambda n, p: _board_card(r, n, p)
    )
    counters_raw = raw.get("counters", {})
    if not isinstance(counters_raw, dict):
        raise r.fail(join(where, "counters"), "expected a table", 'e.g. { "+1/+1" = 0.2 }')
    r.keys(counters_raw, set(mt.COUNTER_KINDS), join(where, "counters"))
    counters = tuple(
        (mt.KIND_CODE[k], r.count(v, join(join(where, "counters"), k), 0, MAX_COUNT))
        for k, v in counters_raw.items()
    )

    def prob(key: str, default: float = 0.0) -> float:
        return r.prob(raw.get(key, default), join(where, key))

    return ManaSlotGroup(
        count=r.integer(raw.get("count", 1), join(where, "count"), 1, MAX_SLOTS),
        cards=cards,
        weights=weights,
        empty=prob("empty"),
        controller=r.seat(raw.get("controller", "active"), join(where, "controller"), n_min),
        foreign_owner=prob("foreign_owner"),
        token=prob("token"),
        tapped=prob("tapped"),
        since_turn_start=prob("since_turn_start", 1.0),
        haste=prob("haste"),
        not_creature=prob("not_creature"),
        damage=r.count(raw.get("damage", 0), join(where, "damage"), 0, MAX_COUNT),
        counters=counters,
    )


_TAPS_KEYS = {
    "whose",
    "order",
    "count",
    "wrap",
    "retap",
    "color",
    "replacement_order",
    "tap_creature",
    "activate",
    "cast",
    "spells",
    "caster",
    "pass_turn",
}


def _color(r: Reader, raw: Mapping[str, Any], where: str) -> tuple[float, ...]:
    color_raw = raw.get("color", "none")
    if isinstance(color_raw, str):
        color_raw = {r.text(color_raw, where, COLOR_CHOICES): 1}
    names, probs = r.weights(color_raw, where, lambda n, p: r.text(n, p, COLOR_CHOICES))
    return tuple(probs[names.index(c)] if c in names else 0.0 for c in COLOR_CHOICES)


def _between(r: Reader, raw: Mapping[str, Any], n_min: int) -> Between:
    spells: tuple[int, ...] = ()
    weights: tuple[float, ...] = ()
    cast = r.prob(raw.get("cast", 0.0), "taps.cast")
    if cast > 0 or "spells" in raw:
        if "spells" not in raw:
            raise r.fail(
                "taps", "missing key 'spells' for cast", 'e.g. spells = { "Pale Moon" = 1 }'
            )
        spells, weights = r.weights(raw["spells"], "taps.spells", lambda n, p: _cast_card(r, n, p))
    return Between(
        activate=r.prob(raw.get("activate", 0.0), "taps.activate"),
        cast=cast,
        spells=spells,
        spell_weights=weights,
        caster=r.seat(raw.get("caster", "active"), "taps.caster", n_min),
        pass_turn=r.prob(raw.get("pass_turn", 0.0), "taps.pass_turn"),
    )


def _replacement_order(
    r: Reader, value: Any, where: str
) -> tuple[tuple[str, ...], tuple[float, ...], tuple[int, ...]]:
    if isinstance(value, list):
        return ("fixed",), (1.0,), _card_list(r, value, where)
    names, weights = _choice(r, value, where, POLICIES)
    return names, weights, ()


def _taps(r: Reader, raw: Mapping[str, Any], n_min: int) -> Taps:
    where = "taps"
    r.keys(raw, _TAPS_KEYS, where)
    order, order_cards = _policy(r, raw.get("order", "random"), join(where, "order"))
    count = None
    if raw.get("count", "all") != "all":
        count = r.count(raw["count"], join(where, "count"), 0, MAX_ACTIONS - 1, prob=False)
    wrap = r.boolean(raw.get("wrap", False), join(where, "wrap"))
    if wrap and count is None:
        raise r.fail(join(where, "wrap"), "wrap needs a count", "e.g. count = [4, 10]")
    rep, rep_weights, rep_cards = _replacement_order(
        r, raw.get("replacement_order", "random"), join(where, "replacement_order")
    )
    creature, creature_weights = _choice(
        r, raw.get("tap_creature", "first"), join(where, "tap_creature"), TAP_CREATURE
    )
    return Taps(
        whose=r.text(raw.get("whose", "active"), join(where, "whose"), ("active", "all")),
        order=order,
        order_cards=order_cards,
        count=count,
        wrap=wrap,
        retap=r.prob(raw.get("retap", 0.0), join(where, "retap")),
        color=_color(r, raw, join(where, "color")),
        replacement_order=rep,
        replacement_weights=rep_weights,
        replacement_cards=rep_cards,
        tap_creature=creature,
        tap_creature_weights=creature_weights,
        between=_between(r, raw, n_min),
    )


def _cast_card(r: Reader, name: str, where: str) -> int:
    i = batch_card(r, r.text(name, where), where)
    if not mt.CAST_OK[i]:
        raise r.fail(where, f"casting {mt.CARDS[i].name} is outside the mana shape")
    return i


def parse_cost(r: Reader, text: Any, where: str) -> Cost:
    """A mana cost such as ``{2}{G}{G}`` or ``{X}{X}`` (no hybrid symbols)."""
    try:
        cost = parse_mana_cost(r.text(text, where))
    except LibraryError as err:
        raise r.fail(where, str(err), 'e.g. "{2}{G}{G}"') from None
    by_type = [0] * len(MANA_TYPES)
    for sym in cost.colored:
        if "/" in sym:
            raise r.fail(where, f"hybrid symbol {{{sym}}} is not supported", "split the cost")
        by_type[MANA_TYPES.index(sym)] += 1
    if not cost.text:
        raise r.fail(where, "an empty cost", 'e.g. "{1}"')
    return Cost(cost.text, cost.generic, tuple(by_type), cost.x_count)


def _x_cards(r: Reader, raw: Any, where: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The X spell: one card, or a weighted table of cards that share one mana cost (the
    metrics test that cost)."""

    def card(name: str, path: str) -> int:
        i = _cast_card(r, name, path)
        if mt.CARDS[i].mana_cost.x_count == 0:
            raise r.fail(path, f"{mt.CARDS[i].name} has no X in its cost", "e.g. Hangarback Walker")
        return i

    if isinstance(raw, str):
        return (card(raw, where),), (1.0,)
    cards, weights = r.weights(raw, where, card)
    if len({mt.CARDS[c].mana_cost.text for c in cards}) > 1:
        raise r.fail(where, "the cards have different mana costs", "one cost per x_spell")
    return cards, weights


def _x_spell(r: Reader, raw: Mapping[str, Any], n_min: int) -> XSpell:
    where = "x_spell"
    r.keys(raw, {"card", "caster", "x"}, where)
    if "card" not in raw:
        raise r.fail(where, "missing key 'card'", 'e.g. card = "Hangarback Walker"')
    path = join(where, "card")
    cards, weights = _x_cards(r, raw["card"], path)
    x_raw = raw.get("x", "max")
    x = None if x_raw == "max" else r.count(x_raw, join(where, "x"), 0, MAX_X, prob=False)
    return XSpell(
        cards=cards,
        weights=weights,
        cost=parse_cost(r, mt.CARDS[cards[0]].mana_cost.text, path),
        caster=r.seat(raw.get("caster", "active"), join(where, "caster"), n_min),
        x=x,
    )


def _check_actions(r: Reader, n_slots: int, taps: Taps, has_x: bool) -> None:
    """A wrapped sequence, or one that casts spells, must fit the engine's id codes (board
    slots, then one per action)."""
    if not (taps.wrap or taps.between.cast > 0):
        return
    high = taps.count.high if taps.wrap and taps.count is not None else 0
    actions = max(n_slots, high) + int(has_x)
    if actions > MAX_ACTIONS or n_slots + actions > ENGINE_SLOTS:
        raise r.fail(
            "taps",
            f"{n_slots} slots and {actions} actions are past the engine's ids",
            f"at most {MAX_ACTIONS} actions and {ENGINE_SLOTS} slots and actions together",
        )


def parse_mana(r: Reader, data: Mapping[str, Any]) -> ManaConfig:
    """Validate the mana-shape keys of a (sweep point's) experiment table."""
    players = parse_players(r, data, least=1)
    n_min = players.count.low
    slots = tuple(
        _slot(r, raw, f"slots[{i}]", n_min) for i, raw in enumerate(r.tables(data, "slots", ""))
    )
    if not slots:
        raise r.fail("slots", "an experiment needs at least one [[slots]] table")
    if sum(g.count for g in slots) > MAX_SLOTS:
        raise r.fail("slots", f"more than {MAX_SLOTS} board slots in all", "lower the counts")
    taps = _taps(r, r.table(data, "taps", ""), n_min)
    _check_actions(r, sum(g.count for g in slots), taps, "x_spell" in data)
    x_raw = r.table(data, "x_spell", "")
    costs_raw = data.get("costs", [])
    if not isinstance(costs_raw, list):
        raise r.fail("costs", "expected a list of mana costs", '["{2}{G}", "{X}{X}"]')
    costs = tuple(parse_cost(r, c, join("costs", i)) for i, c in enumerate(costs_raw))
    if any(c.x_count for c in costs):
        raise r.fail("costs", "a cost with X", "give X a value: {X}{X} with X=2 is {4}")
    if len({c.text for c in costs}) != len(costs):
        raise r.fail("costs", "a cost is listed twice")
    return ManaConfig(players, slots, taps, _x_spell(r, x_raw, n_min) if x_raw else None, costs)
