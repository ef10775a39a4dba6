"""Sufficient statistics of a finished mana batch: integer sums, and each trial's cells.

Seats are relative to the active player. Pools are the players' mana pools after every
action; costs are tested against the active player's pool. Only OK trials feed the metrics;
trials outside the engine's caps are counted apart.

Every metric row is a ratio of sums over trials, Σy / Σn, so each metric is computed once as
its per-trial cells, (n, y) by level (``_cells``, in ``_plan``'s order), and the batch's
statistics are sums of those cells (``_reduce``: its Σy and Σy², or its clustered sums, or a
histogram): the cells of trial-paired comparisons (``sim.shapes.base.TrialCells``) add up to
the batch's statistics by construction. The could-produce cells keep, instead of y (64 sets a
card, nearly all zero), the column each slot counts in; ``Plan.dense`` writes y out for the
comparisons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.kernel.jit import entry
from engine.batch.mana_state import ACT_TAP, MANA_REJECTIONS, ManaInputs
from engine.batch.wipe_state import BATTLEFIELD, OK, WipeState
from engine.mana_types import MANA_TYPES
from sim.config.reader import SEAT_NAMES
from sim.shapes.base import Key, Layout, Levels, TrialCells
from sim.shapes.catalog import UNSUPPORTED_RATE, Metric, layout_of
from sim.shapes.mana import catalog
from sim.shapes.mana.catalog import (
    MANA_CATALOG,
    REASONS,
    SEAT_TRIALS,
    SETS,
    STATUS,
    TOTAL_BINS,
    X_BINS,
)
from sim.shapes.mana.config import Cost, ManaConfig

# The largest X an ``x = "max"`` spell is cast with: the permanent enters with X counters and
# the batch engine keeps counters in int16. A pool that pays more casts it with this X, and
# the metric ``x_capped`` reports how many castable trials were held at the cap.
MAX_X_VALUE = 10_000


@cache
def mana_layout(config: ManaConfig) -> Layout:
    """The statistics of one batch (``MANA_CATALOG``)."""
    sizes = {
        "seats": config.max_players,
        "cards": len(config.board_cards),
        "costs": max(len(config.costs), 1),
    }
    return layout_of(MANA_CATALOG, sizes)


def payable(pool: np.ndarray, cost: Cost, x: np.ndarray | int = 0) -> np.ndarray:
    """(T,) whether a (T, 6) pool pays ``cost`` with this X: each type's symbols from that type,
    the generic part and X from what is left (CR 107.4, 118.3)."""
    need = np.asarray(cost.by_type, dtype=np.int64)
    enough = (pool >= need).all(1)
    left = pool.sum(1) - need.sum() - cost.generic - cost.x_count * np.asarray(x, dtype=np.int64)
    out: np.ndarray = enough & (left >= 0)
    return out


def set_name(bits: int) -> str:
    """A could-produce set by its type bits (WUBRGC): ``WG``, or ``none``."""
    return "".join(t for k, t in enumerate(MANA_TYPES) if bits >> k & 1) or "none"


@cache
def bin_labels(bins: int) -> tuple[str, ...]:
    """The levels of a histogram of ``bins`` bins: ``0``, ``1``, ..., the last one ``k+``."""
    return tuple(f"{k}+" if k == bins - 1 else str(k) for k in range(bins))


# -- the plan: every metric's levels, and how a batch sums its cells --------------------------

Sum = Callable[[np.ndarray, np.ndarray], np.ndarray]  # (T, L) n, y -> the layout's array


def _dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Σ_t a[t, k] b[t, k] for every column k."""
    out: np.ndarray = np.einsum("tk,tk->k", a, b)
    return out


def _moments(n: np.ndarray, y: np.ndarray) -> np.ndarray:
    """(L, 2) [Σy, Σy²] of a mean (its n, the trials, is summed elsewhere)."""
    return np.stack([y.sum(0), _dot(y, y)], axis=1)


def _moment(n: np.ndarray, y: np.ndarray) -> np.ndarray:
    """(2,) [Σy, Σy²] of a mean with one level."""
    out: np.ndarray = _moments(n, y)[0]
    return out


def _count(n: np.ndarray, y: np.ndarray) -> np.ndarray:
    """(L,) Σy of a share of trials (its n, the trials, is summed elsewhere)."""
    out: np.ndarray = y.sum(0)
    return out


def _clusters(n: np.ndarray, y: np.ndarray) -> np.ndarray:
    """(L, 5) [Σn, Σy, Σn², Σny, Σy²] of a share of permanents, clustered by trial."""
    n = wide(n, y)
    return np.stack([n.sum(0), y.sum(0), _dot(n, n), _dot(n, y), _dot(y, y)], axis=1)


def _rejected(n: np.ndarray, y: np.ndarray) -> np.ndarray:
    """(REASONS, 5): row 0 any reason, then each rejection by its code."""
    out = np.zeros((REASONS, 5), dtype=np.int64)
    out[[0, *MANA_REJECTIONS]] = _clusters(n, y)
    return out


@dataclass(frozen=True)
class Plan:
    """One metric's cells: its levels, and the layout arrays a batch sums them into (none:
    it is read from another's, or from the status)."""

    metric: Metric
    levels: tuple[str, ...]
    sums: Callable[[np.ndarray, np.ndarray], dict[str, np.ndarray]] | None
    histogram: bool = False  # levels are the values of one count: ``Levels`` cells
    # y as one column per level, from cells that hold it otherwise (None: they do)
    dense: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None

    def y(self, cells: Cells) -> np.ndarray:
        """The cells' y, one column per level (a trial's cells of every row)."""
        n, y = cells
        return y if self.dense is None else self.dense(n, y)


def _into(key: str, total: Sum) -> Callable[[np.ndarray, np.ndarray], dict[str, np.ndarray]]:
    return lambda n, y: {key: total(n, y)}


def _own(metric: Metric, levels: tuple[str, ...], total: Sum) -> Plan:
    return Plan(metric, levels, _into(metric.key, total))


def _hist(metric: Metric, bins: int) -> Plan:
    def total(n: np.ndarray, value: np.ndarray) -> dict[str, np.ndarray]:
        weighted = np.bincount(value, weights=n, minlength=bins)  # float64, exact < 2^53
        return {metric.key: np.rint(weighted).astype(np.int64)}

    return Plan(metric, bin_labels(bins), total, histogram=True)


def _by_seat(n: np.ndarray, y: np.ndarray) -> dict[str, np.ndarray]:
    return {catalog.MANA_BY_SEAT.key: _moments(n, y), SEAT_TRIALS.key: n.sum(0)}


def _could(n: np.ndarray, at: np.ndarray) -> dict[str, np.ndarray]:
    """Per card [Σn, Σn²], and per card and set [Σy, Σny, Σy²]: ``n`` (T, C) one column per
    card, ``at`` (T, N) the column of y each slot counts in (``_could_cells``)."""
    c = n.shape[1]
    by_card, by_set = np.zeros((c, 2), dtype=np.int64), np.zeros((c, SETS, 3), dtype=np.int64)
    _could_sums(n, at, by_card, by_set)
    n_key, set_key = (stat.key for stat in catalog.COULD_PRODUCE_SHARE.stats)
    return {n_key: by_card, set_key: by_set}


@entry
def _could_sums(n: np.ndarray, at: np.ndarray, by_card: np.ndarray, by_set: np.ndarray) -> None:
    """``_could``'s sums, compiled: a trial's y (its slots counted by column, in a scratch
    row that only its own columns are written in and cleared from) is read at the columns
    its slots count in; every other column of y is zero and adds nothing."""
    scratch = np.zeros(n.shape[1] * SETS, dtype=np.int64)
    for t in range(n.shape[0]):
        for k in range(n.shape[1]):
            nk = n[t, k]
            by_card[k, 0] += nk
            by_card[k, 1] += nk * nk
        for s in range(at.shape[1]):
            if at[t, s] >= 0:
                scratch[at[t, s]] += 1
        for s in range(at.shape[1]):
            a = at[t, s]
            if a < 0 or scratch[a] == 0:
                continue  # not counted, or its column is summed already
            v, k = scratch[a], a // SETS
            by_set[k, a - k * SETS, 0] += v
            by_set[k, a - k * SETS, 1] += n[t, k] * v
            by_set[k, a - k * SETS, 2] += v * v
            scratch[a] = 0


@cache
def _plan(config: ManaConfig) -> tuple[Plan, ...]:
    """Every metric's cells, in the order ``mana_rows`` makes its rows."""
    m = catalog
    names = [mt.CARDS[card].name for card in config.board_cards]
    plans = [
        Plan(UNSUPPORTED_RATE, ("all",), None),
        _own(m.MANA_BY_TYPE, (*MANA_TYPES, "total"), _moments),
        Plan(m.MANA_BY_SEAT, SEAT_NAMES[: config.max_players], _by_seat),
        _hist(m.TOTAL_MANA_COUNT, TOTAL_BINS),
        _own(m.REJECTED_SHARE, ("any", *(r for r, _ in MANA_REJECTIONS.values())), _rejected),
        _own(m.MANA_FROM_TRIGGERS, ("all",), _moment),
        _own(m.MANA_FROM_REPLACEMENTS, ("all",), _moment),
        _own(m.UNDEFINED_MANA_EVENTS, ("all",), _moment),
        _own(m.UNDEFINED_MANA_TRIALS, ("all",), _count),
        Plan(
            m.COULD_PRODUCE_SHARE,
            tuple(f"{name}: {set_name(bits)}" for name in names for bits in range(SETS)),
            _could,
            dense=_could_dense,
        ),
    ]
    xs = config.x_spell
    if xs is not None and xs.x is None:
        plans += [
            _own(m.X_CASTABLE, ("all",), _count),
            _own(m.MAX_X, ("all",), _moment),
            _own(m.X_CAPPED, ("all",), _count),
            _hist(m.MAX_X_COUNT, X_BINS),
        ]
    elif xs is not None:
        plans.append(Plan(m.X_PAYABLE, ("all",), _into(m.X_CASTABLE.key, _count)))
    if xs is not None:
        plans += [_own(m.ETB_COUNTERS, ("all",), _moment), _hist(m.ETB_COUNTERS_COUNT, X_BINS)]
    costs = tuple(cost.text for cost in config.costs)
    plans.append(_own(m.COST_PAYABLE, costs, _count) if costs else Plan(m.COST_PAYABLE, (), None))
    return tuple(plans)


def _zeros(config: ManaConfig) -> dict[str, np.ndarray]:
    """Every statistic at zero: what a batch holds for a metric the file has no cells of."""
    layout = mana_layout(config)
    return layout.unpack(np.zeros(layout.size, dtype=np.int64))


# -- each trial's cells -----------------------------------------------------------------------

Cells = tuple[np.ndarray, np.ndarray]  # (T, L) n and y, n narrower when levels share it (see
# ``wide``); for a histogram (T,) n and value


def wide(n: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The n of every level: a (T, M) n gives each of its columns to y.shape[1] / M
    consecutive levels (one n for every level of a share of trials, one per card of the
    could-produce sets)."""
    if n.shape == y.shape:
        return n
    out: np.ndarray = np.repeat(n, y.shape[1] // max(n.shape[1], 1), axis=1)
    return out


def _seat_pool(st: WipeState, active: np.ndarray, rel: int) -> np.ndarray:
    """(T, 6) the pool of the player ``rel`` seats after the active one."""
    seat = (active.astype(np.intp) + rel) % st.n_players.astype(np.intp)
    pool: np.ndarray = st.pools[np.arange(len(seat)), seat].astype(np.int64)
    return pool


def _column(ok: np.ndarray, *values: np.ndarray) -> Cells:
    """A mean or share of the OK trials: n = 1 on an OK trial, y the value there."""
    n = ok[:, None].astype(np.int64)
    if not values:  # a file without costs
        return n, np.zeros((len(ok), 0), dtype=np.int64)
    return n, np.stack([v.astype(np.int64) for v in values], axis=1) * n


def _could_cells(config: ManaConfig, st: WipeState, ok: np.ndarray) -> Cells:
    """Per card, its permanents with a mana ability (n), and where each slot counts among
    the per card and set cells: by card, those whose could-produce set at the end (106.7) is
    each set, column ``card * SETS + set`` of y (``at``, -1 for a slot counted nowhere; y
    itself is 64 columns a card, nearly all zero: ``_could_dense`` writes it out)."""
    t, c = len(ok), len(config.board_cards)
    on = (st.zone == BATTLEFIELD) & st.has_mana & ok[:, None]
    n = np.zeros((t, c), dtype=np.int64)
    at = np.empty(st.zone.shape, dtype=np.int64)
    places = _card_places(config.board_cards, mt.N)
    _count_could(on, st.card, st.could_produce, places, n, at)
    return n, at


def _could_dense(n: np.ndarray, at: np.ndarray) -> np.ndarray:
    """The could-produce cells' y, (T, C x SETS): each trial's slots counted by column."""
    y = np.zeros((n.shape[0], n.shape[1] * SETS), dtype=np.int64)
    rows, slots = np.nonzero(at >= 0)
    np.add.at(y, (rows, at[rows, slots]), 1)
    return y


@cache
def _card_places(cards: tuple[int, ...], n_cards: int) -> np.ndarray:
    """By card index + 1 (0: no card) of the ``n_cards`` of the library: the card's place
    among ``cards``, -1 if not there."""
    place = np.full(n_cards + 1, -1, dtype=np.int64)
    place[np.array(cards, dtype=np.intp) + 1] = np.arange(len(cards))
    return place


@entry
def _count_could(
    on: np.ndarray,
    card: np.ndarray,
    could: np.ndarray,
    place: np.ndarray,
    n: np.ndarray,
    at: np.ndarray,
) -> None:
    """``_could_cells``' counts, compiled: one pass over the slots (a masked pass per card
    in numpy)."""
    for t in range(on.shape[0]):
        for s in range(on.shape[1]):
            k = place[card[t, s] + 1]
            at[t, s] = -1
            if on[t, s] and k >= 0:
                n[t, k] += 1
                at[t, s] = k * SETS + could[t, s]


def _rejection_cells(inp: ManaInputs, st: WipeState, ok: np.ndarray) -> Cells:
    """A share of the taps: each trial's taps (n), those rejected for any reason, then for
    each reason (y, ``MANA_REJECTIONS``' order)."""
    t = len(ok)
    n = np.empty((t, 1), dtype=np.int64)
    y = np.empty((t, 1 + len(MANA_REJECTIONS)), dtype=np.int64)
    _count_rejections(inp.act_kind, st.rejected, ok, _REJECTION_CODES, n, y)
    return n, y


_REJECTION_CODES = np.array(list(MANA_REJECTIONS), dtype=np.int64)


@entry
def _count_rejections(
    kind: np.ndarray,
    rejected: np.ndarray,
    ok: np.ndarray,
    codes: np.ndarray,
    n: np.ndarray,
    y: np.ndarray,
) -> None:
    """``_rejection_cells``' counts, compiled: one pass over the actions (in numpy, a
    masked pass and a sum per reason)."""
    for t in range(kind.shape[0]):
        n[t, 0] = 0
        for j in range(y.shape[1]):
            y[t, j] = 0
        for a in range(kind.shape[1] if ok[t] else 0):
            if kind[t, a] != ACT_TAP:
                continue
            n[t, 0] += 1
            code = rejected[t, a]
            y[t, 0] += code > 0
            for j in range(codes.shape[0]):
                y[t, 1 + j] += code == codes[j]


def _x_cells(
    config: ManaConfig, inp: ManaInputs, st: WipeState, ok: np.ndarray, x_best: np.ndarray | None
) -> list[Cells]:
    """The X spell's cells (``_plan``'s order): castable or payable, the X the pool paid and
    how often it was capped, then the counters the permanent entered with."""
    xs = config.x_spell
    if xs is None:
        return []
    t = len(ok)
    a = inp.act_kind.shape[1] - 1
    pool = st.pools[np.arange(t), inp.act_by[:, a].astype(np.intp)].astype(np.int64)
    x = x_best if x_best is not None else inp.act_x[:, a].astype(np.int64)
    castable = (x >= 0 if x_best is not None else payable(pool, xs.cost, x)) & ok
    x = np.minimum(x, MAX_X_VALUE)  # what the spell was cast with
    xv = np.maximum(x, 0)
    slot = inp.card.shape[1] + a  # the X spell's cast slot
    here = st.zone[:, slot] == BATTLEFIELD
    counters = (st.plus[:, slot] + st.minus[:, slot] + st.counters[:, slot].sum(1)) * here
    counters = counters.astype(np.int64)
    out = [_column(ok, castable)]
    cast = ok
    if x_best is not None:
        cast = castable
        out += [
            _column(castable, xv),
            _column(castable, x_best > MAX_X_VALUE),
            (castable.astype(np.int64), np.minimum(xv, X_BINS - 1) * castable),
        ]
    return [
        *out,
        _column(cast, counters),
        (cast.astype(np.int64), np.clip(counters, 0, X_BINS - 1) * cast),
    ]


def _cells(
    config: ManaConfig, inp: ManaInputs, st: WipeState, x_best: np.ndarray | None
) -> list[Cells]:
    """Every trial's cells of every metric, in ``_plan``'s order; a trial that is not OK has
    n = 0 everywhere but in ``unsupported_rate``."""
    ok = st.status == OK
    t, p, active = len(ok), config.max_players, inp.active
    pools = st.pools.astype(np.int64) * ok[:, None, None]  # (T, P, 6)
    everyone = pools.sum(1)
    totals = everyone.sum(1)
    has_seat = (np.arange(p)[None, :] < inp.n_players[:, None]) & ok[:, None]
    by_seat = np.stack([_seat_pool(st, active, j).sum(1) for j in range(p)], axis=1) * has_seat
    mine = _seat_pool(st, active, 0)
    one = np.ones(t, dtype=np.int64)
    return [
        (one[:, None], (~ok)[:, None].astype(np.int64)),
        _column(ok, *(everyone[:, j] for j in range(6)), totals),
        (has_seat.astype(np.int64), by_seat.astype(np.int64)),
        (ok.astype(np.int64), np.minimum(totals, TOTAL_BINS - 1)),
        _rejection_cells(inp, st, ok),
        _column(ok, st.mana_from_triggers),
        _column(ok, st.mana_replaced),
        _column(ok, st.undefined_mana),
        _column(ok, st.undefined_mana > 0),
        _could_cells(config, st, ok),
        *_x_cells(config, inp, st, ok, x_best),
        _column(ok, *(payable(mine, cost) for cost in config.costs)),
    ]


def _reduce(config: ManaConfig, st: WipeState, cells: list[Cells]) -> dict[str, np.ndarray]:
    """The layout's sums from the cells."""
    out = _zeros(config)
    ok = st.status == OK
    out[STATUS.key] = np.array([len(ok), ok.sum()], dtype=np.int64)
    for plan, (n, y) in zip(_plan(config), cells, strict=True):
        if plan.sums is not None:
            out.update(plan.sums(n, y))
    return out


def mana_stats(
    config: ManaConfig, inp: ManaInputs, st: WipeState, x_best: np.ndarray | None
) -> dict[str, np.ndarray]:
    """Reduce a finished batch to the layout's sums; ``x_best`` (T,) is the X the pool paid
    (-1: none) when the file asks for the largest X."""
    return _reduce(config, st, _cells(config, inp, st, x_best))


def mana_trial_stats(
    config: ManaConfig, inp: ManaInputs, st: WipeState, x_best: np.ndarray | None
) -> tuple[dict[str, np.ndarray], TrialCells]:
    """``mana_stats``, and each trial's (n, y) of every row (trial-paired comparisons)."""
    cells = _cells(config, inp, st, x_best)
    plans = _plan(config)
    # each row's cells: n of every level, y one column per level
    flat = [(c[0], p.y(c)) for p, c in zip(plans, cells, strict=True) if not p.histogram]
    levels = tuple(
        Levels(p.metric.family, p.metric.name, p.levels, n, value)
        for p, (n, value) in zip(plans, cells, strict=True)
        if p.histogram
    )
    t = len(st.status)
    n = np.concatenate([wide(*c) for c in flat], axis=1)
    y = np.concatenate([c[1] for c in flat], axis=1)
    keys = _flat_keys(config)
    assert n.shape == (t, len(keys))
    return _reduce(config, st, cells), TrialCells(keys, n, y, levels)


def _keys(plan: Plan) -> list[Key]:
    return [(plan.metric.family, plan.metric.name, level) for level in plan.levels]


def _flat_keys(config: ManaConfig) -> tuple[Key, ...]:
    return tuple(k for p in _plan(config) if not p.histogram for k in _keys(p))


def mana_cell_keys(config: ManaConfig) -> tuple[Key, ...]:
    """The rows ``mana_trial_stats``' cells hold, the histograms' levels last."""
    hist = [k for p in _plan(config) if p.histogram for k in _keys(p)]
    return (*_flat_keys(config), *hist)
