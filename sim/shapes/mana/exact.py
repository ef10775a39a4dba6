"""``--exact`` for mana experiments: enumerate every trial a mana experiment can draw, with
its probability, and run them through the batch engine as one weighted batch
(``sim.shapes.exact``).

Each draw site of ``sim.shapes.mana.draws`` is a discrete factor: players (count, active seat,
life), every slot's card, emptiness, seats, flags, damage and counters, the tap order, the
number of activations, the type named at each activation, each activation's replacement
order, the land the Auras enchant, and the X spell's card, caster and X. The naive
enumeration (``reduce=False``, the reference the reduction is tested on) takes every draw
site one by one: each slot's raw draws, every permutation of the board's sort keys, a type
and a replacement order for every action column. The reduced one (what ``--exact`` runs),
each step an equality of the weighted sums (``tests/experiments/test_exact_mana.py``
compares them as fractions):

- A slot is its finished state: draws that finish alike (an empty slot whatever else was
  drawn) are one state, their probabilities added.
- The active seat is seat 0: the engine sees seats relative to it, and the statistics keep
  seats relative to it, so turning the table maps the trials of one active seat onto
  another's (each seat's life is drawn alike).
- Identical slots of a group as a multiset with multinomial weights, where board order
  decides nothing (``symmetry_breaker``): the tap order is uniform, and so is every
  replacement order.
- Orders among interchangeable sources: a uniform tap order counts only as the sequence of
  the states it taps (identical sources in board order), and only its first ``count``
  places; a uniform replacement order only as the sequence of the replacers' states (the
  enchanted land told apart from its like).
- Only what an action reads: a type and a replacement order for the activations a trial has;
  counts of activations past the sources (without ``wrap``) are one.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from engine.batch.mana_state import ACT_CAST, ACT_NONE, ACT_TAP, ORDER_LEN, ManaInputs
from sim.shapes.base import CHUNK, Row
from sim.shapes.exact import (
    ExactPoint,
    Factor,
    bernoulli,
    discrete,
    fractions_of,
    marked_exact,
    other,
    seat,
    weighted_sums,
)
from sim.shapes.mana.config import ManaConfig, ManaSlotGroup
from sim.shapes.mana.metrics import mana_rows
from sim.shapes.mana.shape import run_chunk
from sim.shapes.mana.stats import mana_layout, mana_stats
from sim.shapes.mana_choices import LAST, replacement_orders
from sim.shapes.orders import fixed_order_keys

# A slot's finished state, seats relative to the active player: card, controller, owner,
# token, tapped, since_turn_start, granted_haste, not_creature, damage, then its counters by
# kind (mana_tables.COUNTER_KINDS).
State = tuple[int, ...]
_FLAGS = ("token", "tapped", "since_turn_start", "granted_haste", "not_creature")
_CARD, _CONTROLLER, _OWNER, _NOT_CREATURE, _DAMAGE = 0, 1, 2, 7, 8
_EMPTY: State = (-1, 0, 0, 0, 0, 1, 0, 0, 0, *([0] * mt.K))  # since_turn_start set (draws)


def not_enumerated(config: ManaConfig) -> str:
    """Why a configuration uses draws this module does not enumerate ("" when it does not)."""
    taps = config.taps
    if taps.between.any:
        return "activate, cast and pass_turn between the taps are not enumerated"
    if len(taps.replacement_order) > 1:
        return "a table of replacement order policies is not enumerated"
    taps_creature = any(mt.HAS_TAP_CREATURE[c] for c in config.board_cards)
    if taps_creature and taps.tap_creature != ("first",):
        return 'tap_creature other than "first" is not enumerated'
    return ""


def _is(table: np.ndarray, card: int) -> bool:
    """Whether a card (-1: none) is of a kind (``mana_tables.IS_LAND``, ``IS_AURA``)."""
    return card >= 0 and bool(table[card])


def _lands(board: tuple[State, ...]) -> list[int]:
    """The land each Aura ("Enchant land") may enchant, each as likely: every Aura on the
    board on the same random land (``mana_choices.attach_auras``); [-1] when none is."""
    lands = [j for j, st in enumerate(board) if _is(mt.IS_LAND, st[_CARD])]
    return lands if lands and any(_is(mt.IS_AURA, st[_CARD]) for st in board) else [-1]


def _marked(board: tuple[State, ...], land: int) -> tuple[State, ...]:
    """The board with the enchanted land told apart (the states orders are collapsed by)."""
    return board if land < 0 else tuple((*st, int(j == land)) for j, st in enumerate(board))


def _replacer(card: int) -> bool:
    """A card whose "tapped for mana" replacement a replacement order lists (as
    ``sim.shapes.mana_choices.is_replacer``)."""
    return card >= 0 and bool(mt.REP_KIND[card] > 0 or mt.EFFECT_PRODUCE[card] >= 0)


def symmetry_breaker(config: ManaConfig) -> str:
    """Why board order can change an outcome ("" when it cannot), so that identical slots of
    a group are not exchangeable: a listed or fixed tap order taps in board order; a listed
    or fixed replacement order lists replacers in board order; the legend rule keeps the
    first in board order (704.5j); counter modifiers (Hardened Scales, Doubling Season)
    apply to the X spell's counters in board order (616.1); replacers past the listed ones
    apply in board order; Springleaf Drum taps the first creature that fits."""
    if config.taps.order != "random":
        return f"tap order {config.taps.order!r} taps in board order"
    if config.taps.replacement_order != ("random",) and any(
        _replacer(c) for c in config.board_cards
    ):
        return "a listed or fixed replacement order lists replacers in board order"
    if sum(g.count for g in config.slots if any(mt.IS_LEGENDARY[c] for c in g.cards)) > 1:
        return "the legend rule on two slots or more keeps the first in board order"
    if sum(g.count for g in config.slots if any(tb.MOD_KIND[c] >= 0 for c in g.cards)) > 1:
        return "counter modifiers on two slots or more apply in board order"
    if sum(g.count for g in config.slots if any(_replacer(c) for c in g.cards)) > ORDER_LEN:
        return f"past {ORDER_LEN} replacers the unlisted ones apply in board order"
    if any(mt.HAS_TAP_CREATURE[c] for c in config.board_cards):
        return "Springleaf Drum taps the first creature that fits in board order"
    return ""


# -- the board ---------------------------------------------------------------------------------


def _prod(probs: Iterable[Fraction]) -> Fraction:
    out = Fraction(1)
    for p in probs:
        out *= p
    return out


def _draws_of(f: Factor) -> list[tuple[int, Fraction]]:
    """A factor's (value, probability) pairs."""
    return list(zip(f.values.tolist(), f.probs, strict=True))


def _slot_factors(g: ManaSlotGroup, n: int) -> list[Factor]:
    """The draw sites of one slot of group ``g`` (``draws._slot_group``' order)."""
    owner = other("owner", 0, n, g.foreign_owner) if n > 1 else _zero("owner")
    return [
        Factor("card", 0, np.array(g.cards), fractions_of(g.weights)),
        bernoulli("empty", 0, g.empty),
        seat("controller", 0, g.controller, n),
        owner,
        bernoulli("token", 0, g.token),
        bernoulli("tapped", 0, g.tapped),
        bernoulli("since_turn_start", 0, g.since_turn_start),
        bernoulli("granted_haste", 0, g.haste),
        bernoulli("not_creature", 0, g.not_creature),
        discrete("damage", 0, g.damage),
        *(discrete("counters", kind, dist) for kind, dist in g.counters),
    ]


def _zero(name: str) -> Factor:
    """A draw site with one value, 0 (a foreign owner among one player: the controller)."""
    return Factor(name, 0, np.array([0]), (Fraction(1),))


def _slot_draws(g: ManaSlotGroup, n: int, reduce: bool) -> list[tuple[State, Fraction]]:
    """Every draw of one slot of group ``g``, finished as ``draws._slot_group`` finishes it:
    each raw draw apart (naive), or one per finished state (reduced; empty slots alike)."""
    factors = _slot_factors(g, n)
    kinds = [f.column for f in factors[10:]]
    out: dict[State, Fraction] | list[tuple[State, Fraction]] = {} if reduce else []
    for combo in itertools.product(*(_draws_of(f) for f in factors)):
        values = [v for v, _ in combo]
        prob = _prod(p for _, p in combo)
        card, empty, ctrl, shift, token, tapped, since, haste, not_creature, damage = values[:10]
        filled = int(not empty)
        counters = [0] * mt.K
        for kind, count in zip(kinds, values[10:], strict=True):
            counters[kind] = count * filled
        state: State = (
            card if filled else -1,
            ctrl,
            (ctrl + shift) % n,
            token * filled,
            tapped * filled,
            since | (1 - filled),  # an empty slot counts as there since the turn began
            haste * filled,
            not_creature * filled,
            damage * filled,
            *counters,
        )
        if isinstance(out, dict):
            key = _EMPTY if not filled else state
            out[key] = out.get(key, Fraction(0)) + prob
        else:
            out.append((state, prob))
    return list(out.items()) if isinstance(out, dict) else out


def _group_boards(
    g: ManaSlotGroup, draws: list[tuple[State, Fraction]], multiset: bool
) -> list[tuple[tuple[State, ...], Fraction]]:
    """The group's ``count`` slots: as multisets with multinomial weights, or as sequences."""
    if not multiset:
        return [
            (tuple(s for s, _ in combo), _prod(p for _, p in combo))
            for combo in itertools.product(draws, repeat=g.count)
        ]
    out = []
    for combo in itertools.combinations_with_replacement(range(len(draws)), g.count):
        ways = math.factorial(g.count)
        for m in Counter(combo).values():
            ways //= math.factorial(m)
        prob = _prod(draws[k][1] for k in combo)
        out.append((tuple(draws[k][0] for k in combo), ways * prob))
    return out


def _boards(
    config: ManaConfig, n: int, reduce: bool, cap: float
) -> list[tuple[tuple[State, ...], Fraction]] | None:
    """Every board (a state per slot) with its probability; None once more than ``cap``."""
    multiset = reduce and not symmetry_breaker(config)
    boards: list[tuple[tuple[State, ...], Fraction]] = [((), Fraction(1))]
    for g in config.slots:
        states = _state_count(g, n, reduce)  # counted first: a group can be large
        count = math.comb(states + g.count - 1, g.count) if multiset else states**g.count
        if len(boards) * count > cap:
            return None
        group = _group_boards(g, _slot_draws(g, n, reduce), multiset)
        boards = [(b + s, p * q) for b, p in boards for s, q in group]
    return boards


def _state_count(g: ManaSlotGroup, n: int, reduce: bool) -> int:
    """How many draws ``_slot_draws`` gives for one slot of group ``g``, without making them:
    every raw draw (naive); else every filled one, and one empty state."""
    factors = _slot_factors(g, n)
    if not reduce:
        return math.prod(len(f.values) for f in factors)
    empty = set(next(f for f in factors if f.name == "empty").values.tolist())
    filled = math.prod(len(f.values) for f in factors if f.name != "empty")
    return filled * (0 in empty) + (1 in empty)


# -- the actions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trial:
    """One support point, before its inputs are built."""

    board: int  # index into the boards
    land: int  # the land the Auras enchant, -1 none
    active: int
    life: tuple[int, ...]
    n_act: int
    order: tuple[int, ...]  # (S,) the tap order (slots)
    colors: tuple[int, ...]  # (A,) a COLOR_CHOICES index per action column
    retap: tuple[int, ...]  # (width,) the slot an activation names instead (retap), -1 none
    reps: tuple[tuple[int, ...], ...]  # (width,) the replacement order of each action column
    x: tuple[int, int, int]  # the X spell's card, relative caster, X


def _width(config: ManaConfig) -> int:
    taps = config.taps
    s = config.n_slots
    return max(s, taps.count.high) if taps.wrap and taps.count is not None else s


def _actions(config: ManaConfig) -> int:
    return _width(config) + (config.x_spell is not None)


def _sources(config: ManaConfig, board: tuple[State, ...]) -> list[bool]:
    """Which slots the tap order runs through first (``draws._sources``)."""
    out = []
    for st in board:
        card = st[_CARD]
        held = card >= 0
        src = held and mt.N_AB[card] > 0
        if config.grants_mana:
            src = src or (held and bool(mt.IS_CREATURE[card]) and not st[_NOT_CREATURE])
        if config.taps.whose == "active":
            src = src and st[_CONTROLLER] == 0
        out.append(bool(src))
    return out


def _keyed_order(keys: np.ndarray, source: list[bool]) -> tuple[int, ...]:
    """The order of the slots by keys, sources first (``draws._sequence``)."""
    keyed = np.where(np.array(source, dtype=bool), keys, LAST)
    return tuple(int(k) for k in np.argsort(keyed, kind="stable"))


def _sequences(states: list[State], length: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """The first ``length`` places of a uniform order of the items ``states`` (by index),
    as the sequences of their states: identical items in index order, each sequence with
    its probability."""
    kinds: dict[State, list[int]] = {}
    for i, st in enumerate(states):
        kinds.setdefault(st, []).append(i)

    def grow(
        taken: tuple[int, ...], used: Counter[State], prob: Fraction
    ) -> Iterator[tuple[tuple[int, ...], Fraction]]:
        if len(taken) == length:
            yield taken, prob
            return
        left = len(states) - len(taken)
        for st, items in kinds.items():
            free = len(items) - used[st]
            if free > 0:
                yield from grow(
                    (*taken, items[used[st]]), used + Counter({st: 1}), prob * Fraction(free, left)
                )

    yield from grow((), Counter(), Fraction(1))


def _tap_orders(
    config: ManaConfig, board: tuple[State, ...], n_act: int, reduce: bool
) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every tap order of a board with its probability."""
    taps, s = config.taps, len(board)
    source = _sources(config, board)
    if taps.order == "listed":
        yield _keyed_order(np.arange(s), source), Fraction(1)
    elif taps.order == "fixed":
        cards = np.array([[st[_CARD] for st in board]], dtype=np.int16)
        yield _keyed_order(fixed_order_keys(cards, taps.order_cards, mt.N)[0], source), Fraction(1)
    elif not reduce:
        orders = list(itertools.permutations(range(s)))
        for keys in orders:
            yield _keyed_order(np.array(keys), source), Fraction(1, len(orders))
    else:
        columns = [j for j in range(s) if source[j]]
        length = len(columns) if taps.wrap else min(n_act, len(columns))
        for head, prob in _sequences([board[j] for j in columns], length):
            first = [columns[k] for k in head]
            rest = [j for j in columns if j not in first]
            yield (*first, *rest, *(j for j in range(s) if not source[j])), prob


def _counts(config: ManaConfig, n_src: int, reduce: bool) -> list[tuple[int, Fraction]]:
    """The number of activations with its probability (``draws._sequence``)."""
    taps = config.taps
    if taps.count is None:
        return [(n_src, Fraction(1))]
    out: dict[int, Fraction] | list[tuple[int, Fraction]] = {} if reduce else []
    for v, p in zip(taps.count.values, fractions_of(taps.count.probs), strict=True):
        n_act = v if taps.wrap else min(n_src, v)
        if isinstance(out, dict):
            out[n_act] = out.get(n_act, Fraction(0)) + p
        else:
            out.append((n_act, p))
    return list(out.items()) if isinstance(out, dict) else out


def _per_action(config: ManaConfig) -> list[tuple[tuple[int, int], Fraction]]:
    """What an activation draws: the type named, and the slot named instead of the order's
    (``retap``: any board slot, each as likely; -1 keeps the order's), with probabilities."""
    s = config.n_slots
    keep, take = fractions_of((1 - config.taps.retap, config.taps.retap))
    slots = [(-1, keep)] + [(j, take / s) for j in range(s)]
    return [
        ((color, slot), p * q) for color, p in _colors(config) for slot, q in slots if p * q > 0
    ]


def _colors(config: ManaConfig) -> list[tuple[int, Fraction]]:
    """The type named at an activation: a COLOR_CHOICES index with its probability."""
    probs = fractions_of(config.taps.color)
    return [(k, p) for k, p in enumerate(probs) if p > 0]


def _rep_orders(
    config: ManaConfig, board: tuple[State, ...], reduce: bool
) -> list[tuple[tuple[int, ...], Fraction]]:
    """The replacement orders one activation may list, with their probabilities."""
    taps = config.taps
    replacers = [j for j, st in enumerate(board) if _replacer(st[_CARD])]
    if taps.replacement_order != ("random",) or not replacers:
        return [((), Fraction(1))]  # listed or fixed: not drawn (``_fixed_reps``)
    length = min(len(replacers), ORDER_LEN, len(board))
    if reduce:
        return [
            (tuple(replacers[k] for k in seq), p)
            for seq, p in _sequences([board[j] for j in replacers], length)
        ]
    perms = list(itertools.permutations(replacers, length))
    return [(perm, Fraction(1, len(perms))) for perm in perms]


def _fixed_reps(config: ManaConfig, cards: np.ndarray, width: int) -> np.ndarray:
    """(T, width, ORDER_LEN) a listed or fixed replacement order: nothing is drawn."""
    taps = config.taps
    return replacement_orders(
        np.random.default_rng(0),  # unused: these policies draw nothing
        taps.replacement_order,
        taps.replacement_weights,
        taps.replacement_cards,
        cards,
        None,
        width,
    )


def _x_draws(config: ManaConfig, n: int) -> list[tuple[tuple[int, int, int], Fraction]]:
    """The X spell's card, relative caster and X, with their probabilities."""
    xs = config.x_spell
    if xs is None:
        return [((-1, 0, 0), Fraction(1))]
    factors = [
        Factor("card", 0, np.array(xs.cards), fractions_of(xs.weights)),
        seat("caster", 0, xs.caster, n),
        discrete("x", 0, xs.x) if xs.x is not None else _zero("x"),
    ]
    out = []
    for combo in itertools.product(*(_draws_of(f) for f in factors)):
        values = tuple(int(v) for v, _ in combo)
        out.append(((values[0], values[1], values[2]), _prod(p for _, p in combo)))
    return out


def _lives(config: ManaConfig, n: int, reduce: bool) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every seat's starting life; reduced, seats past the trial's ``n`` (never read) at the
    first value."""
    life = config.players.life
    draws = list(zip(life.values, fractions_of(life.probs), strict=True))
    seats = n if reduce else config.max_players
    out = []
    for combo in itertools.product(draws, repeat=seats):
        rest = (life.values[0],) * (config.max_players - seats)
        out.append((tuple(v for v, _ in combo) + rest, _prod(p for _, p in combo)))
    return out


Odds = tuple[int, int]  # a probability as (numerator, denominator), not reduced: the inner
# loops multiply plain integers, and the weights are put over one denominator at the end


Named = tuple[tuple[int, ...], tuple[int, ...]]  # each action's type, each activation's retap


def _odds(p: Fraction) -> Odds:
    return p.numerator, p.denominator


def _rows(
    choices: Sequence[tuple[Any, Fraction]], repeat: int
) -> list[tuple[tuple[Any, ...], Odds]]:
    """Every sequence of ``repeat`` independent choices, with its probability."""
    out = []
    for combo in itertools.product(choices, repeat=repeat):
        p = _prod(q for _, q in combo)
        out.append((tuple(v for v, _ in combo), _odds(p)))
    return out


def _choices(
    config: ManaConfig,
    board: tuple[State, ...],
    reduce: bool,
) -> Iterator[tuple[int, tuple[int, ...], Named, tuple[tuple[int, ...], ...], Odds]]:
    """Every (activations, tap order, types and slots named instead, replacement orders) of
    one board."""
    width, a = _width(config), _actions(config)
    n_src = sum(_sources(config, board))
    reps = _rep_orders(config, board, reduce)
    for n_act, p_count in _counts(config, n_src, reduce):
        live = n_act if reduce else width  # naive: every action column draws
        action_rows = _action_rows(config, live, a - width if not reduce else 0)
        rep_rows = [((*r, *((),) * (width - live)), p) for r, p in _rows(reps, live)]
        for order, p_order in _tap_orders(config, board, n_act, reduce):
            head = _odds(p_count * p_order)
            for named, (cn, cd) in action_rows:
                num, den = head[0] * cn, head[1] * cd
                for rep, (rn, rd) in rep_rows:
                    yield n_act, order, named, rep, (num * rn, den * rd)


def _action_rows(config: ManaConfig, live: int, spell: int) -> list[tuple[Named, Odds]]:
    """The types and slots named by the first ``live`` actions (the rest at none), and the
    type drawn for the ``spell`` columns after them (the X spell's), with probabilities."""
    width, a = _width(config), _actions(config)
    out = []
    for named, (num, den) in _rows(_per_action(config), live):
        for spell_colors, (sn, sd) in _rows(_colors(config), spell):
            colors = (*(c for c, _ in named), *spell_colors)
            colors += (0,) * (a - len(colors))
            slots = (*(j for _, j in named), *(-1,) * (width - live))
            out.append(((colors, slots), (num * sn, den * sd)))
    return out


def _support(
    config: ManaConfig, n: int, reduce: bool, cap: float
) -> tuple[list[tuple[State, ...]], list[tuple[Trial, Odds]]] | None:
    """The boards and every support point with its probability for ``n`` players; None once
    there are more than ``cap``."""
    boards = _boards(config, n, reduce, cap)
    if boards is None:
        return None
    if reduce:
        actives = [0]  # the table turned: seat 0 is the active one
    elif config.players.active is None:
        actives = list(range(n))
    else:
        actives = [config.players.active]
    rest = [
        ((life, x), _odds(p_life * p_x / len(actives)))
        for life, p_life in _lives(config, n, reduce)
        for x, p_x in _x_draws(config, n)
    ]
    out: list[tuple[Trial, Odds]] = []
    for b, (board, p_board) in enumerate(boards):
        lands = _lands(board)
        bn, bd = p_board.numerator, p_board.denominator * len(lands)
        for land, active in itertools.product(lands, actives):
            for n_act, order, (color, retap), rep, (cn, cd) in _choices(
                config, _marked(board, land), reduce
            ):
                num, den = bn * cn, bd * cd
                for (life, x), (rn, rd) in rest:
                    trial = Trial(b, land, active, life, n_act, order, color, retap, rep, x)
                    out.append((trial, (num * rn, den * rd)))
                    if len(out) > cap:
                        return None
    return [board for board, _ in boards], out


# -- the inputs --------------------------------------------------------------------------------


def _inputs(
    config: ManaConfig, n: int, boards: list[tuple[State, ...]], trials: list[Trial]
) -> ManaInputs:
    """The engine's inputs of enumerated trials, finished as ``draw_mana_batch`` finishes
    sampled ones (seats relative to the active one made absolute)."""
    t, s, width, a = len(trials), config.n_slots, _width(config), _actions(config)
    states = np.array([boards[tr.board] for tr in trials], dtype=np.int64).reshape(t, s, -1)
    active = np.array([tr.active for tr in trials], dtype=np.int8)

    def seat_of(rel: np.ndarray) -> np.ndarray:
        out: np.ndarray = ((rel + active[:, None]) % n).astype(np.int8)
        return out

    board: dict[str, np.ndarray] = {
        "card": states[:, :, _CARD].astype(np.int16),
        "controller": seat_of(states[:, :, _CONTROLLER]),
        "owner": seat_of(states[:, :, _OWNER]),
        **{f: states[:, :, 3 + k].astype(np.bool_) for k, f in enumerate(_FLAGS)},
        "damage": states[:, :, _DAMAGE].astype(np.int16),
        "counters": states[:, :, _DAMAGE + 1 :].astype(np.int16),
        "attached_to": _attached(states[:, :, _CARD], trials),
    }
    n_act = np.array([tr.n_act for tr in trials])
    live = np.arange(width)[None, :] < n_act[:, None]
    order = np.array([tr.order for tr in trials], dtype=np.int64).reshape(t, s)
    kind = np.full((t, a), ACT_NONE, dtype=np.int8)
    kind[:, :width][live] = ACT_TAP
    slot = np.full((t, a), -1, dtype=np.int8)
    slot[:, :width] = np.where(live, order[:, np.arange(width) % max(s, 1)], -1)
    retap = np.array([tr.retap for tr in trials], dtype=np.int8).reshape(t, width)
    slot[:, :width] = np.where(live & (retap >= 0), retap, slot[:, :width])
    color = np.array([tr.colors for tr in trials], dtype=np.int8).reshape(t, a) - 1
    reps = _replacement_orders(config, trials, board["card"], kind)
    actions: dict[str, np.ndarray] = {
        "act_kind": kind,
        "act_slot": slot,
        "act_card": np.full((t, a), -1, dtype=np.int16),
        "act_by": np.repeat(active[:, None], a, axis=1),
        "act_x": np.zeros((t, a), dtype=np.int16),
        "act_color": np.where(kind == ACT_TAP, color, -1).astype(np.int8),
        "act_tap_creature": np.full((t, a), -1, dtype=np.int8),
        "act_order": reps,
    }
    if config.x_spell is not None:
        x = np.array([tr.x for tr in trials], dtype=np.int64).reshape(t, 3)
        actions["act_kind"][:, -1] = ACT_CAST
        actions["act_card"][:, -1] = x[:, 0]
        actions["act_by"][:, -1] = (x[:, 1] + active) % n
        actions["act_x"][:, -1] = x[:, 2]
    return ManaInputs(
        n_players=np.full(t, n, dtype=np.int8),
        active=active,
        life=np.array([tr.life for tr in trials], dtype=np.int16).reshape(t, -1),
        **board,
        **actions,
    )


def _replacement_orders(
    config: ManaConfig, trials: list[Trial], cards: np.ndarray, kind: np.ndarray
) -> np.ndarray:
    """(T, A, ORDER_LEN) the replacement order of each tap (616.1): enumerated per trial when
    random, else the fixed or listed order; -1 for an action that is no tap."""
    t, a = kind.shape
    width = _width(config)
    reps = np.full((t, a, ORDER_LEN), -1, dtype=np.int8)
    if config.taps.replacement_order == ("random",):
        for i, tr in enumerate(trials):
            for col, rep in enumerate(tr.reps):
                reps[i, col, : len(rep)] = rep
    else:
        reps[:, :width] = _fixed_reps(config, cards, width)
    reps[kind != ACT_TAP] = -1
    return reps


def _attached(cards: np.ndarray, trials: list[Trial]) -> np.ndarray:
    """(T, S) the land each Aura enchants, -1 for every other slot."""
    aura = (cards >= 0) & mt.IS_AURA[np.maximum(cards, 0)]
    land = np.array([tr.land for tr in trials], dtype=np.int8)
    out: np.ndarray = np.where(aura & (land[:, None] >= 0), land[:, None], -1).astype(np.int8)
    return out


# -- sizes, the cap, the weighted run ------------------------------------------------------------


def _board_counts(config: ManaConfig, n: int) -> dict[tuple[int, int, bool], int]:
    """How many naive boards hold k replacers and m lands, with an Aura or not, by (k, m,
    Aura) (each slot's raw draws one by one, counted by card and emptiness)."""
    ways: dict[tuple[int, int, bool], int] = {(0, 0, False): 1}
    for g in config.slots:
        factors = _slot_factors(g, n)
        empty = set(next(f for f in factors if f.name == "empty").values.tolist())
        others = math.prod(len(f.values) for f in factors if f.name not in ("card", "empty"))
        kinds: Counter[tuple[bool, bool, bool]] = Counter()
        for card in g.cards:
            if 0 in empty:
                kinds[(_replacer(card), _is(mt.IS_LAND, card), _is(mt.IS_AURA, card))] += others
            if 1 in empty:
                kinds[(False, False, False)] += others
        for _ in range(g.count):
            grown: dict[tuple[int, int, bool], int] = {}
            for (k, m, aura), w in ways.items():
                for (r, land, a), c in kinds.items():
                    key = (k + r, m + land, aura or a)
                    grown[key] = grown.get(key, 0) + w * c
            ways = grown
    return ways


def support_size(config: ManaConfig) -> int:
    """Support points of one sweep point before reduction: every combination of every draw
    site (what enumerating naively would run)."""
    taps, s = config.taps, config.n_slots
    width, a = _width(config), _actions(config)
    total = 0
    for n in config.players.count.values:
        actives = n if config.players.active is None else 1
        per_board = actives * len(_lives(config, n, False)) * len(_x_draws(config, n))
        per_board *= math.factorial(s) if taps.order == "random" else 1
        per_board *= len(taps.count.values) if taps.count is not None else 1
        per_board *= len(_per_action(config)) ** width * len(_colors(config)) ** (a - width)
        for (k, lands, aura), boards in _board_counts(config, n).items():
            reps = lands if aura and lands else 1
            if taps.replacement_order == ("random",) and k:
                reps *= math.perm(k, min(k, ORDER_LEN, s)) ** width
            total += boards * per_board * reps
    return total


def _words(states: Sequence[State], length: int) -> int:
    """How many distinct sequences of ``length`` items of ``states`` there are (what
    ``_sequences`` yields): words with each state at most as often as it is there."""
    ways = [1]  # ways[j]: words of length j over the states so far
    for c in Counter(states).values():
        grown = [0] * (len(ways) + c)
        for j, w in enumerate(ways):
            for k in range(c + 1):
                grown[j + k] += w * math.comb(j + k, k)
        ways = grown
    return ways[length] if length < len(ways) else 0


def _choice_count(config: ManaConfig, board: tuple[State, ...]) -> int:
    """How many (activations, tap order, types, replacement orders) ``_choices`` yields for
    one board after reduction, without making them."""
    source = _sources(config, board)
    columns = [st for st, src in zip(board, source, strict=True) if src]
    replacers = [st for st in board if _replacer(st[_CARD])]
    reps = 1
    if config.taps.replacement_order == ("random",) and replacers:
        reps = _words(replacers, min(len(replacers), ORDER_LEN, len(board)))
    named = len(_per_action(config))
    total = 0
    for n_act, _ in _counts(config, len(columns), True):
        orders = 1
        if config.taps.order == "random":
            orders = _words(columns, len(columns) if config.taps.wrap else n_act)
        total += orders * named**n_act * reps**n_act
    return total


def reduced_size(config: ManaConfig, cap: int) -> int | None:
    """Support points of one sweep point after reduction (what ``--exact`` runs), counted
    board by board without making them, or None once they are more than ``cap``."""
    total = 0
    for n in config.players.count.values:
        boards = _boards(config, n, True, cap)
        if boards is None:
            return None
        rest = len(_lives(config, n, True)) * len(_x_draws(config, n))
        for board, _ in boards:
            total += sum(_choice_count(config, _marked(board, j)) for j in _lands(board)) * rest
            if total > cap:
                return None
    return total


def _weighted_stats(config: ManaConfig, inputs: ManaInputs, weights: list[int]) -> np.ndarray:
    """Σ over support points of weight x statistics (``sim.shapes.exact.weighted_sums``)."""
    layout = mana_layout(config)

    def stats(rows: np.ndarray, groups: list[np.ndarray]) -> Iterator[np.ndarray]:
        part, state, best = run_chunk(config, inputs.take(rows))
        for g in groups:
            paid = None if best is None else best[g]
            yield layout.pack(mana_stats(config, part.take(g), state.take(g), paid))

    return weighted_sums(layout.size, weights, CHUNK, stats)


def exact_point(config: ManaConfig, reduce: bool = True) -> ExactPoint:
    """Enumerate one sweep point: the weighted totals over a common denominator; ``reduce``
    False enumerates every draw site one by one (the reference the reduction is tested on)."""
    count = config.players.count
    parts = []
    for n, pn in zip(count.values, fractions_of(count.probs), strict=True):
        sup = _support(config, n, reduce, math.inf)
        assert sup is not None
        boards, points = sup
        pn_num, pn_den = _odds(pn)
        odds = [(pn_num * num, pn_den * den) for _, (num, den) in points]
        parts.append((n, boards, [tr for tr, _ in points], odds))
    common = math.lcm(*{den for part in parts for _, den in part[3]})
    totals = np.zeros(mana_layout(config).size, dtype=object)
    support = 0
    for n, boards, trials, odds in parts:
        weights = [num * (common // den) for num, den in odds]
        totals += _weighted_stats(config, _inputs(config, n, boards, trials), weights)
        support += len(trials)
    return ExactPoint(totals, support, common)


def exact_rows(config: ManaConfig, point: ExactPoint, families: Sequence[str]) -> list[Row]:
    """The metric rows of an enumerated point, marked exact (``sim.shapes.exact``)."""
    rows = mana_rows(config, mana_layout(config), point.totals, families)
    return marked_exact(rows, point.support)
