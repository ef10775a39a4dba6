"""Sufficient statistics of a finished mana batch: integer sums, never per-trial rows.

Seats are relative to the active player. Pools are the players' mana pools after every
action; costs are tested against the active player's pool. Only OK trials feed the metrics;
trials outside the engine's caps are counted apart.
"""

from __future__ import annotations

import numpy as np

from engine.batch.mana_state import ACT_TAP, REJECTIONS, ManaInputs, ManaState
from engine.batch.wipe_state import BATTLEFIELD, OK
from sim.shapes.base import Layout
from sim.shapes.mana.config import Cost, ManaConfig

TOTAL_BINS = 257  # total mana per trial: 0..255, and 256 or more
X_BINS = 65  # max X and counters: 0..63, and 64 or more
REASONS = max(REJECTIONS) + 1
SETS = 64  # could-produce sets: bits of W U B R G C
MAX_X_VALUE = 10_000  # a larger X is recorded as this (the engine's counters are int16)


def mana_layout(config: ManaConfig) -> Layout:
    p, c = config.max_players, len(config.board_cards)
    return Layout(
        (
            ("status", (2,)),  # trials, OK
            ("by_type", (7, 2)),  # W U B R G C and total, over every pool: [Σ, Σ²]
            ("by_seat", (p, 2)),
            ("seat_trials", (p,)),
            ("total_hist", (TOTAL_BINS,)),
            ("rejected", (REASONS, 5)),  # row 0: any reason; [N activations, Y, Σn², Σny, Σy²]
            ("triggers", (2,)),
            ("replaced", (2,)),
            ("undefined", (2,)),
            ("undefined_trials", (1,)),
            ("could_n", (c, 2)),  # permanents of the card with a mana ability: [N, Σn²]
            ("could_set", (c, SETS, 3)),  # ... whose could-produce set is this: [Y, Σny, Σy²]
            ("x_castable", (1,)),
            ("max_x", (2,)),
            ("max_x_hist", (X_BINS,)),
            ("etb", (2,)),
            ("etb_hist", (X_BINS,)),
            ("costs", (max(len(config.costs), 1),)),
        )
    )


def payable(pool: np.ndarray, cost: Cost, x: np.ndarray | int = 0) -> np.ndarray:
    """(T,) whether a (T, 6) pool pays ``cost`` with this X: each type's symbols from that type,
    the generic part and X from what is left (CR 107.4, 118.3)."""
    need = np.asarray(cost.by_type, dtype=np.int64)
    enough = (pool >= need).all(1)
    left = pool.sum(1) - need.sum() - cost.generic - cost.x_count * np.asarray(x, dtype=np.int64)
    out: np.ndarray = enough & (left >= 0)
    return out


def max_x(pool: np.ndarray, cost: Cost) -> np.ndarray:
    """(T,) the largest X a (T, 6) pool pays for ``cost``, -1 where it cannot pay X = 0."""
    left = pool.sum(1) - sum(cost.by_type) - cost.generic
    best = np.minimum(left // max(cost.x_count, 1), MAX_X_VALUE)
    out: np.ndarray = np.where(payable(pool, cost), best, -1)
    return out


def _cluster(n: np.ndarray, y: np.ndarray) -> np.ndarray:
    n64, y64 = n.astype(np.int64), y.astype(np.int64)
    return np.array([n64.sum(), y64.sum(), n64 @ n64, n64 @ y64, y64 @ y64], dtype=np.int64)


def _moments(x: np.ndarray) -> np.ndarray:
    x64 = x.astype(np.int64)
    return np.array([x64.sum(), x64 @ x64], dtype=np.int64)


def _seat_pool(st: ManaState, active: np.ndarray, rel: int) -> np.ndarray:
    """(T, 6) the pool of the player ``rel`` seats after the active one."""
    seat = (active.astype(np.intp) + rel) % st.n_players.astype(np.intp)
    pool: np.ndarray = st.pool[np.arange(len(seat)), seat].astype(np.int64)
    return pool


def mana_stats(
    config: ManaConfig, inp: ManaInputs, st: ManaState, x_best: np.ndarray | None
) -> dict[str, np.ndarray]:
    """Reduce a finished batch to the layout's sums; ``x_best`` (T,) is the X the pool paid
    (-1: none) when the file asks for the largest X."""
    p = config.max_players
    ok = st.status == OK
    out: dict[str, np.ndarray] = {"status": np.array([len(ok), ok.sum()], dtype=np.int64)}
    rows = np.nonzero(ok)[0]
    if len(rows) < len(ok):
        inp, st = inp.take(rows), st.take(rows)
        x_best = None if x_best is None else x_best[rows]
    active = inp.active
    pools = st.pool.astype(np.int64)  # (T, P, 6)
    everyone = pools.sum(1)
    totals = everyone.sum(1)
    out["by_type"] = np.stack([*(_moments(everyone[:, j]) for j in range(6)), _moments(totals)])
    has_seat = np.arange(p)[None, :] < inp.n_players[:, None]
    out["seat_trials"] = has_seat.sum(0)
    out["by_seat"] = np.stack(
        [_moments(_seat_pool(st, active, j).sum(1) * has_seat[:, j]) for j in range(p)]
    )
    out["total_hist"] = np.bincount(np.minimum(totals, TOTAL_BINS - 1), minlength=TOTAL_BINS)
    taps = inp.act_kind == ACT_TAP
    n_t = taps.sum(1)
    rejected = np.zeros((REASONS, 5), dtype=np.int64)
    rejected[0] = _cluster(n_t, (taps & (st.rejected > 0)).sum(1))
    for code in range(1, REASONS):
        rejected[code] = _cluster(n_t, (taps & (st.rejected == code)).sum(1))
    out["rejected"] = rejected
    out["triggers"] = _moments(st.from_triggers)
    out["replaced"] = _moments(st.replaced)
    out["undefined"] = _moments(st.undefined)
    out["undefined_trials"] = np.array([(st.undefined > 0).sum()], dtype=np.int64)
    _could(out, config, st)
    _x_spell(out, config, inp, st, x_best)
    mine = _seat_pool(st, active, 0)
    out["costs"] = np.array(
        [payable(mine, cost).sum() for cost in config.costs] or [0], dtype=np.int64
    )
    return out


def _could(out: dict[str, np.ndarray], config: ManaConfig, st: ManaState) -> None:
    """Per card, how its permanents' could-produce sets (106.7) are spread, trial-clustered."""
    c = len(config.board_cards)
    could_n = np.zeros((c, 2), dtype=np.int64)
    could_set = np.zeros((c, SETS, 3), dtype=np.int64)
    on = (st.zone == BATTLEFIELD) & st.has_mana
    for k, card in enumerate(config.board_cards):
        mask = on & (st.card == card)
        n_t = mask.sum(1).astype(np.int64)
        could_n[k] = [n_t.sum(), n_t @ n_t]
        for bits in np.unique(st.could[mask]):
            y_t = (mask & (st.could == bits)).sum(1).astype(np.int64)
            could_set[k, int(bits)] = [y_t.sum(), n_t @ y_t, y_t @ y_t]
    out["could_n"], out["could_set"] = could_n, could_set


def _x_spell(
    out: dict[str, np.ndarray],
    config: ManaConfig,
    inp: ManaInputs,
    st: ManaState,
    x_best: np.ndarray | None,
) -> None:
    """The X the pool paid (or the drawn X) and the counters the permanent entered with."""
    t = len(inp.active)
    xs = config.x_spell
    zero = np.zeros(2, dtype=np.int64)
    if xs is None:
        out.update(
            x_castable=np.zeros(1, np.int64),
            max_x=zero,
            etb=zero,
            max_x_hist=np.zeros(X_BINS, np.int64),
            etb_hist=np.zeros(X_BINS, np.int64),
        )
        return
    a = inp.act_kind.shape[1] - 1
    caster = inp.act_by[:, a].astype(np.intp)
    pool = st.pool[np.arange(t), caster].astype(np.int64)
    x = x_best if x_best is not None else inp.act_x[:, a].astype(np.int64)
    castable = x >= 0 if x_best is not None else payable(pool, xs.cost, x)
    out["x_castable"] = np.array([castable.sum()], dtype=np.int64)
    xv = np.maximum(x, 0)
    out["max_x"] = _moments(xv * castable)
    out["max_x_hist"] = np.bincount(np.minimum(xv[castable], X_BINS - 1), minlength=X_BINS)
    slot = int(st.slot_of[inp.card.shape[1] + a])
    if slot < 0:
        counters = np.zeros(t, dtype=np.int64)
    else:
        here = st.zone[:, slot] == BATTLEFIELD
        counters = st.counters[:, slot].sum(1).astype(np.int64) * here
    cast = castable if x_best is not None else np.ones(t, dtype=bool)
    out["etb"] = _moments(counters * cast)
    out["etb_hist"] = np.bincount(np.minimum(counters[cast], X_BINS - 1), minlength=X_BINS)
