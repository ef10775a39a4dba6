"""Sufficient statistics of a finished mana batch: integer sums, never per-trial rows.

Seats are relative to the active player. Pools are the players' mana pools after every
action; costs are tested against the active player's pool. Only OK trials feed the metrics;
trials outside the engine's caps are counted apart.
"""

from __future__ import annotations

import numpy as np

from engine.batch.mana_state import ACT_TAP, MANA_REJECTIONS, ManaInputs
from engine.batch.wipe_state import BATTLEFIELD, OK, WipeState
from sim.shapes.base import Layout
from sim.shapes.catalog import layout_of
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


def max_x(pool: np.ndarray, cost: Cost) -> np.ndarray:
    """(T,) the largest X a (T, 6) pool pays for ``cost``, -1 where it cannot pay X = 0; not
    capped (the spell is cast with at most MAX_X_VALUE: ``x_capped`` counts the others)."""
    left = pool.sum(1) - sum(cost.by_type) - cost.generic
    best = left // max(cost.x_count, 1)
    out: np.ndarray = np.where(payable(pool, cost), best, -1)
    return out


def _cluster(n: np.ndarray, y: np.ndarray) -> np.ndarray:
    n64, y64 = n.astype(np.int64), y.astype(np.int64)
    return np.array([n64.sum(), y64.sum(), n64 @ n64, n64 @ y64, y64 @ y64], dtype=np.int64)


def _moments(x: np.ndarray) -> np.ndarray:
    x64 = x.astype(np.int64)
    return np.array([x64.sum(), x64 @ x64], dtype=np.int64)


def _seat_pool(st: WipeState, active: np.ndarray, rel: int) -> np.ndarray:
    """(T, 6) the pool of the player ``rel`` seats after the active one."""
    seat = (active.astype(np.intp) + rel) % st.n_players.astype(np.intp)
    pool: np.ndarray = st.pools[np.arange(len(seat)), seat].astype(np.int64)
    return pool


def mana_stats(
    config: ManaConfig, inp: ManaInputs, st: WipeState, x_best: np.ndarray | None
) -> dict[str, np.ndarray]:
    """Reduce a finished batch to the layout's sums; ``x_best`` (T,) is the X the pool paid
    (-1: none) when the file asks for the largest X."""
    p = config.max_players
    ok = st.status == OK
    out: dict[str, np.ndarray] = {STATUS.key: np.array([len(ok), ok.sum()], dtype=np.int64)}
    rows = np.nonzero(ok)[0]
    if len(rows) < len(ok):
        inp, st = inp.take(rows), st.take(rows)
        x_best = None if x_best is None else x_best[rows]
    active = inp.active
    pools = st.pools.astype(np.int64)  # (T, P, 6)
    everyone = pools.sum(1)
    totals = everyone.sum(1)
    out[catalog.MANA_BY_TYPE.key] = np.stack(
        [*(_moments(everyone[:, j]) for j in range(6)), _moments(totals)]
    )
    has_seat = np.arange(p)[None, :] < inp.n_players[:, None]
    out[SEAT_TRIALS.key] = has_seat.sum(0)
    out[catalog.MANA_BY_SEAT.key] = np.stack(
        [_moments(_seat_pool(st, active, j).sum(1) * has_seat[:, j]) for j in range(p)]
    )
    out[catalog.TOTAL_MANA_COUNT.key] = np.bincount(
        np.minimum(totals, TOTAL_BINS - 1), minlength=TOTAL_BINS
    )
    taps = inp.act_kind == ACT_TAP
    n_t = taps.sum(1)
    rejected = np.zeros((REASONS, 5), dtype=np.int64)
    rejected[0] = _cluster(n_t, (taps & (st.rejected > 0)).sum(1))
    for code in MANA_REJECTIONS:
        rejected[code] = _cluster(n_t, (taps & (st.rejected == code)).sum(1))
    out[catalog.REJECTED_SHARE.key] = rejected
    out[catalog.MANA_FROM_TRIGGERS.key] = _moments(st.mana_from_triggers)
    out[catalog.MANA_FROM_REPLACEMENTS.key] = _moments(st.mana_replaced)
    out[catalog.UNDEFINED_MANA_EVENTS.key] = _moments(st.undefined_mana)
    out[catalog.UNDEFINED_MANA_TRIALS.key] = np.array(
        [(st.undefined_mana > 0).sum()], dtype=np.int64
    )
    _could(out, config, st)
    _x_spell(out, config, inp, st, x_best)
    mine = _seat_pool(st, active, 0)
    out[catalog.COST_PAYABLE.key] = np.array(
        [payable(mine, cost).sum() for cost in config.costs] or [0], dtype=np.int64
    )
    return out


def _could(out: dict[str, np.ndarray], config: ManaConfig, st: WipeState) -> None:
    """Per card, how its permanents' could-produce sets (106.7) are spread, trial-clustered."""
    c = len(config.board_cards)
    could_n = np.zeros((c, 2), dtype=np.int64)
    could_set = np.zeros((c, SETS, 3), dtype=np.int64)
    on = (st.zone == BATTLEFIELD) & st.has_mana
    for k, card in enumerate(config.board_cards):
        mask = on & (st.card == card)
        n_t = mask.sum(1).astype(np.int64)
        could_n[k] = [n_t.sum(), n_t @ n_t]
        for bits in np.unique(st.could_produce[mask]):
            y_t = (mask & (st.could_produce == bits)).sum(1).astype(np.int64)
            could_set[k, int(bits)] = [y_t.sum(), n_t @ y_t, y_t @ y_t]
    n_key, set_key = (stat.key for stat in catalog.COULD_PRODUCE_SHARE.stats)
    out[n_key], out[set_key] = could_n, could_set


def _x_spell(
    out: dict[str, np.ndarray],
    config: ManaConfig,
    inp: ManaInputs,
    st: WipeState,
    x_best: np.ndarray | None,
) -> None:
    """The X the pool paid (or the drawn X) and the counters the permanent entered with."""
    t = len(inp.active)
    xs = config.x_spell
    zero = np.zeros(2, dtype=np.int64)
    if xs is None:
        out[catalog.X_CASTABLE.key] = np.zeros(1, np.int64)
        out[catalog.MAX_X.key] = out[catalog.ETB_COUNTERS.key] = zero
        out[catalog.X_CAPPED.key] = np.zeros(1, np.int64)
        out[catalog.MAX_X_COUNT.key] = np.zeros(X_BINS, np.int64)
        out[catalog.ETB_COUNTERS_COUNT.key] = np.zeros(X_BINS, np.int64)
        return
    a = inp.act_kind.shape[1] - 1
    caster = inp.act_by[:, a].astype(np.intp)
    pool = st.pools[np.arange(t), caster].astype(np.int64)
    x = x_best if x_best is not None else inp.act_x[:, a].astype(np.int64)
    castable = x >= 0 if x_best is not None else payable(pool, xs.cost, x)
    out[catalog.X_CASTABLE.key] = np.array([castable.sum()], dtype=np.int64)
    out[catalog.X_CAPPED.key] = np.array([(castable & (x > MAX_X_VALUE)).sum()], np.int64)
    x = np.minimum(x, MAX_X_VALUE)  # what the spell was cast with
    xv = np.maximum(x, 0)
    out[catalog.MAX_X.key] = _moments(xv * castable)
    out[catalog.MAX_X_COUNT.key] = np.bincount(
        np.minimum(xv[castable], X_BINS - 1), minlength=X_BINS
    )
    slot = inp.card.shape[1] + a  # the X spell's cast slot
    here = st.zone[:, slot] == BATTLEFIELD
    counters = (st.plus[:, slot] + st.minus[:, slot] + st.counters[:, slot].sum(1)) * here
    cast = castable if x_best is not None else np.ones(t, dtype=bool)
    out[catalog.ETB_COUNTERS.key] = _moments(counters * cast)
    out[catalog.ETB_COUNTERS_COUNT.key] = np.bincount(
        np.minimum(counters[cast], X_BINS - 1), minlength=X_BINS
    )
