"""``--exact`` at scale: the support of a wipe experiment reduced before it is enumerated.

The naive support is every draw site multiplied out: five or six identical slots under a
random trigger order are billions of points. Four reductions, each exact (equal sums, hence
equal fractions; ``tests/experiments/test_exact_reduced.py`` compares them with the naive
enumeration, as fractions):

- A slot is its finished columns: draws that finish alike (an empty slot whatever else was
  drawn, a -1/-1 counter dropped from a dead start) are one state, their probabilities added.
- The active seat is seat 0: every seat the engine sees is relative to it (controllers,
  owners, casters, targets) or uniform and independent (``any`` targets, each seat's life), so
  turning the table maps the trials of one active seat onto another's, and the statistics are
  kept by seat relative to the active player.
- Slots as a multiset: under a random trigger order the engine treats board columns alike
  (a rank decides every order; board order only breaks ties between triggers of one source),
  so the board is the multiset of its slots' states, every slot group convolved into one
  multiset with multinomial weights, instead of the product of the groups' sequences. Where
  board order decides something itself (``symmetry_breaker``) or the order is listed or
  fixed, the board stays a sequence of states.
- Trigger orders: ranks are compared only between triggers of one controller (603.3b: APNAP
  first), and a slot's triggers are controlled by its controller or its owner (a return), an
  event's permanent by its caster; so a uniform order of all columns is, on seats linked that
  way, independent uniform orders of each linked group of columns, and among identical slots
  only the sequence of their states counts (multiset permutations, weight 1 / their number).
  Empty slots and instants or sorceries are never a trigger's source: they are not ranked.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_state import WipeInputs
from sim.shapes.exact import Factor
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.exact_draws import (
    SLOT_FIELDS,
    assemble,
    empty_draws,
    event_factors,
    fill,
    life_factors,
    one_slot,
    ping_factor,
    slot_factors,
)

State = tuple[int, ...]  # one slot's finished columns (SLOT_FIELDS), then its ping target
Groups = list[list[int]] | None  # ranked columns linked by their seats (None: not reduced)
_CARD, _CONTROLLER, _OWNER, _PING = 0, 1, 2, len(SLOT_FIELDS)


def symmetry_breaker(config: WipeConfig) -> str:
    """Why board order can change an outcome of this configuration ("" when it cannot), so
    that its slots are not exchangeable: listed or fixed trigger orders rank by board order;
    per-creature triggers of one source (Massacre Wurm) are ordered by the dying creatures'
    board order; counter modifiers apply, and the legend rule keeps, in board order (616.1,
    704.5j); the listed policy sacrifices the first creature in board order (Innocent
    Blood)."""
    if config.trigger_order != "random":
        return f"trigger_order {config.trigger_order!r} ranks triggers by board order"
    cast = {c for ev in config.events for c in ev.cards}
    if any(tb.DEATH_WATCH[c] for c in {*config.board_cards, *cast}):
        return "a trigger per dying creature (Massacre Wurm) is ordered by board order"
    if any(tb.CARDS[c].ability("each_player_sacrifices_creatures") for c in cast):
        return "each player sacrifices the first creature in board order (Innocent Blood)"
    modifiers = sum(g.count for g in config.slots if any(tb.MOD_KIND[c] >= 0 for c in g.cards))
    if modifiers > 1:
        return "counter modifiers on two slots or more apply in board order"
    legends = sum(g.count for g in config.slots if any(tb.IS_LEGENDARY[c] for c in g.cards))
    if legends > 1:
        return "the legend rule on two slots or more keeps the first in board order"
    return ""


Weights = tuple[dict[int, int], int]  # integer weights by state index, and their denominator


def _slot_states(config: WipeConfig, n: int) -> tuple[list[State], list[Weights]]:
    """Every slot group's finished slot states with their weights (by index in one table of
    states shared by the groups)."""
    table: dict[State, int] = {}
    groups = []
    for g in config.slots:
        single = one_slot(config, g)
        inputs, weights, denom = fill(single, n, slot_factors(g, n, 0) + ping_factor(single, 0, n))
        columns = [getattr(inputs, key)[:, 0] for key in SLOT_FIELDS]
        columns.append(inputs.ping_target[:, 0])
        dist: dict[int, int] = {}
        for row, w in zip(zip(*(c.tolist() for c in columns), strict=True), weights, strict=True):
            index = table.setdefault(tuple(int(v) for v in row), len(table))
            dist[index] = dist.get(index, 0) + w
        groups.append((dist, denom))
    return list(table), groups


def _boards(
    config: WipeConfig, groups: list[Weights], symmetric: bool, cap: int
) -> tuple[dict[State, int], int] | None:
    """The boards (state indices by column) and their weights over a denominator, slot by
    slot: as sorted multisets when the slots are exchangeable (the groups convolved), else
    as sequences; None once there are more than ``cap``."""
    boards: dict[State, int] = {(): 1}
    denom = 1
    for g, (dist, below) in zip(config.slots, groups, strict=True):
        for _ in range(g.count):
            grown: dict[State, int] = {}
            for board, p in boards.items():
                for state, q in dist.items():
                    key = tuple(sorted((*board, state))) if symmetric else (*board, state)
                    grown[key] = grown.get(key, 0) + p * q
            if len(grown) > cap:
                return None
            boards, denom = grown, denom * below
    return boards, denom


@dataclass(frozen=True)
class Draws:
    """Rows of draws (a column or several each) with exact integer weights."""

    columns: dict[str, np.ndarray]  # name -> (R, ...) values
    weights: list[int]
    denom: int  # the weights sum to it


def _draws(config: WipeConfig, n: int, factors: list[Factor], keys: tuple[str, ...]) -> Draws:
    inputs, weights, denom = fill(config, n, factors)
    return Draws({key: getattr(inputs, key) for key in keys}, weights, denom)


def _event_draws(config: WipeConfig, n: int) -> Draws:
    """Every combination of the events' cards, X, casters and targets (active seat 0)."""
    s = config.n_slots
    factors = []
    for e, ev in enumerate(config.events):
        factors += event_factors(ev, e, n) + ping_factor(config, s + e, n)
    draws = _draws(config, n, factors, ("ev_card", "ev_x", "ev_by", "ping_target"))
    draws.columns["ping_target"] = draws.columns["ping_target"][:, s:]
    return draws


def _life_draws(config: WipeConfig, n: int) -> Draws:
    """Every seat's starting life; seats past the trial's ``n`` (never read) at the first."""
    draws = _draws(config, n, life_factors(config, n), ("life",))
    draws.columns["life"][:, n:] = config.players.life.values[0]
    return draws


@cache
def _arrangements(counts: tuple[int, ...]) -> np.ndarray:
    """Every distinct sequence of labels 0, 1, ... (``counts[k]`` of label k) as positions:
    row w gives, label by label and in order, the position of each label's items (W, k)."""
    words: list[tuple[int, ...]] = [()]
    for label, c in enumerate(counts):
        grown = []
        for word in words:
            size = len(word) + c
            for places in itertools.combinations(range(size), c):
                rest = iter(word)
                grown.append(tuple(label if i in places else next(rest) for i in range(size)))
        words = grown
    order: np.ndarray = np.array([np.argsort(w, kind="stable") for w in words], dtype=np.int32)
    return order.reshape(len(words), sum(counts))


def _root(parent: dict[int, int], seat: int) -> int:
    while parent.setdefault(seat, seat) != seat:
        seat = parent[seat]
    return seat


def _linked(items: list[tuple[int, tuple[int, ...]]]) -> list[list[int]]:
    """Items (column, seats whose triggers it may control) grouped where seats link them."""
    parent: dict[int, int] = {}
    for _, seats in items:
        for seat in seats[1:]:
            parent[_root(parent, seat)] = _root(parent, seats[0])
    groups: dict[int, list[int]] = {}
    for column, seats in items:
        groups.setdefault(_root(parent, seats[0]), []).append(column)
    return [groups[k] for k in sorted(groups)]


def _items(
    states: list[State], board: State, ev_card: np.ndarray, ev_by: np.ndarray
) -> list[tuple[int, tuple[int, ...]]]:
    """The ranked columns of one board and events' draw, with their controlling seats."""
    items: list[tuple[int, tuple[int, ...]]] = [
        (j, (states[k][_CONTROLLER], states[k][_OWNER]))
        for j, k in enumerate(board)
        if states[k][_CARD] >= 0
    ]
    s = len(board)
    items += [(s + e, (int(ev_by[e]),)) for e, c in enumerate(ev_card) if tb.SPELL[c] == 0]
    return items


def _ranks(labels: list[int], groups: list[list[int]], width: int) -> np.ndarray:
    """(W, width) every distinct rank row of one board and events' draw: within each linked
    group the distinct sequences of its labels (identical slots share one), groups apart,
    unranked columns last."""
    blocks, base = [], 0
    for columns in groups:
        ordered = sorted(columns, key=lambda j: (labels[j], j))
        kinds = sorted({labels[j] for j in columns})
        counts = tuple(sum(labels[j] == k for j in columns) for k in kinds)
        blocks.append((ordered, _arrangements(counts) + base))
        base += len(columns)
    sizes = [len(b[1]) for b in blocks]
    rank = np.empty((math.prod(sizes), width), dtype=np.int32)
    picks = np.unravel_index(np.arange(len(rank)), sizes) if blocks else ()
    ranked = set()
    for (ordered, rows), pick in zip(blocks, picks, strict=True):
        rank[:, ordered] = rows[pick]
        ranked.update(ordered)
    rest = [j for j in range(width) if j not in ranked]
    rank[:, rest] = base + np.arange(len(rest), dtype=np.int32)
    return rank


@dataclass(frozen=True)
class Support:
    """One player count's reduced support, before its inputs are built."""

    n: int
    symmetric: bool  # boards are multisets, ranks by linked groups
    states: list[State]
    boards: dict[State, int]  # weights over ``board_denom``
    board_denom: int
    events: Draws
    life: Draws


def reduced_support(config: WipeConfig, n: int, cap: int) -> Support | None:
    """The reduced support for ``n`` players, or None when its boards alone pass ``cap``."""
    symmetric = not symmetry_breaker(config)
    states, groups = _slot_states(config, n)
    boards = _boards(config, groups, symmetric, cap)
    if boards is None:
        return None
    events, life = _event_draws(config, n), _life_draws(config, n)
    return Support(n, symmetric, states, *boards, events, life)


def _plans(config: WipeConfig, sup: Support) -> Iterator[tuple[State, int, Groups]]:
    """Every board and events' row, with the linked groups of its ranked columns (None: the
    ranks are not reduced)."""
    ev_card, ev_by = sup.events.columns["ev_card"], sup.events.columns["ev_by"]
    for board in sup.boards:
        for v in range(len(sup.events.weights)):
            items = _items(sup.states, board, ev_card[v], ev_by[v]) if sup.symmetric else None
            yield board, v, None if items is None else _linked(items)


def _labels(config: WipeConfig, board: State) -> list[int]:
    """What makes columns alike: a slot's state; each event is unlike any other column."""
    return [*board, *(-1 - e for e in range(len(config.events)))]


def _order_count(config: WipeConfig, board: State, groups: Groups) -> int:
    """How many rank rows ``_order_rows`` gives, without making them."""
    width = config.n_slots + len(config.events)
    if groups is None:
        return math.factorial(width) if config.trigger_order == "random" else 1
    labels = _labels(config, board)
    count = 1
    for columns in groups:
        kinds = [labels[j] for j in columns]
        count *= math.factorial(len(kinds))
        for k in set(kinds):
            count //= math.factorial(kinds.count(k))
    return count


def _order_rows(config: WipeConfig, board: State, groups: Groups) -> np.ndarray:
    """(W, S + E) the rank rows of one board and events' row, each as likely."""
    width = config.n_slots + len(config.events)
    if groups is not None:
        return _ranks(_labels(config, board), groups, width)
    if config.trigger_order == "random":
        return _all_orders(width)
    return np.full((1, width), -1, dtype=np.int32)


@cache
def _all_orders(width: int) -> np.ndarray:
    return np.array(list(itertools.permutations(range(width))), dtype=np.int32)


def support_count(config: WipeConfig, sup: Support) -> int:
    """How many points the reduced support has (boards x events x orders x life)."""
    orders = sum(_order_count(config, board, groups) for board, _, groups in _plans(config, sup))
    return len(sup.life.weights) * orders


def build(config: WipeConfig, sup: Support) -> tuple[WipeInputs, list[int], int]:
    """The reduced support as one batch of inputs, integer weights and their denominator:
    a board's and events' row's weight shared by its rank rows, times each life row's."""
    blocks = [(b, v, _order_rows(config, b, groups)) for b, v, groups in _plans(config, sup)]
    sizes = [len(rank) for _, _, rank in blocks]
    orders = math.lcm(*set(sizes))
    block = np.array(
        [sup.boards[b] * sup.events.weights[v] * (orders // len(r)) for b, v, r in blocks],
        dtype=object,
    )
    life = np.array(sup.life.weights, dtype=object)
    weights = (np.repeat(block, sizes)[:, None] * life[None, :]).ravel().tolist()
    lives = len(life)
    boards = np.repeat(np.array([b for b, _, _ in blocks], dtype=np.intp), sizes, axis=0)
    events = np.repeat(np.array([v for _, v, _ in blocks], dtype=np.intp), sizes)
    done = _columns(config, sup, np.repeat(boards, lives, axis=0), np.repeat(events, lives))
    done["rank"] = np.repeat(np.concatenate([r for _, _, r in blocks]), lives, axis=0)
    done["life"] = sup.life.columns["life"][np.tile(np.arange(lives), len(events))]
    denom = sup.board_denom * sup.events.denom * orders * sup.life.denom
    return assemble(config, sup.n, done), weights, denom


def _columns(
    config: WipeConfig, sup: Support, board_rows: np.ndarray, event_rows: np.ndarray
) -> dict[str, np.ndarray]:
    """The finished columns of rows of boards (state indices) and events' draws."""
    done = empty_draws(config, len(board_rows))
    table = np.array(sup.states, dtype=np.int64).reshape(-1, len(SLOT_FIELDS) + 1)
    picked = table[board_rows]  # (T, S, fields)
    for k, key in enumerate(SLOT_FIELDS):
        done[key] = picked[:, :, k].astype(done[key].dtype)
    events = sup.events.columns
    ping = picked[:, :, _PING].astype(np.int8)
    done["ping"] = np.concatenate([ping, events["ping_target"][event_rows]], axis=1)
    for key in ("ev_card", "ev_x", "ev_by"):
        done[key] = events[key][event_rows]
    return done
