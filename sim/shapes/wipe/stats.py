"""Sufficient statistics of a finished wipe batch: integer sums, never per-trial rows.

Seats are relative to the player active when the trial starts (0 active, 1 next in turn
order, ...). Per-permanent rates keep, besides their totals, the per-trial sums of squares and
cross products their clustered intervals need (``sim.run.stats.wilson_cluster``). Only trials
whose status is OK feed the board and return metrics; draws (104.4b) and trials outside the
engine's caps are counted apart.
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_board import derive
from engine.batch.wipe_state import BATTLEFIELD, DRAW, OK, PERSIST, UNDYING, WipeInputs, WipeState
from sim.shapes.base import Layout
from sim.shapes.catalog import layout_of
from sim.shapes.wipe import catalog
from sim.shapes.wipe.catalog import HISTOGRAM, SEAT_TRIALS, STATUS, WIPE_CATALOG
from sim.shapes.wipe.config import WipeConfig


def wipe_layout(config: WipeConfig) -> Layout:
    """The statistics of one batch (``WIPE_CATALOG``); seats run to the file's largest player
    count, plus one "all seats" row where a metric has it."""
    p, c = config.max_players, len(config.board_cards)
    return layout_of(WIPE_CATALOG, {"seats": p, "seats+all": p + 1, "cards": c})


def _rowsum(mask: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """Per-trial sums (T,) int64 of a (T, W) boolean mask, times integer ``weights`` (W,) or
    (T, W) when given.

    ``einsum`` runs its own loops: several times faster than ``sum(axis=1)`` over a short
    axis, and, unlike a matrix product, never calls a multithreaded BLAS (whose spinning
    threads stall when the cores are busy with other workers)."""
    m = mask.view(np.uint8)
    if weights is None:
        counts: np.ndarray = np.einsum("ij->i", m, dtype=np.int64)
        return counts
    spec = "ij,j->i" if weights.ndim == 1 else "ij,ij->i"
    sums: np.ndarray = np.einsum(spec, m, weights, dtype=np.int64)
    return sums


def _cluster(n: np.ndarray, y: np.ndarray) -> np.ndarray:
    """[N, Y, Σn², Σny, Σy²] of per-trial counts (T,), in exact integers."""
    n, y = n.astype(np.int64), y.astype(np.int64)
    return np.array([n.sum(), y.sum(), (n * n).sum(), (n * y).sum(), (y * y).sum()])


def _moments(x: np.ndarray) -> np.ndarray:
    """[Σx, Σx²] of a per-trial value (T,), in exact integers."""
    x = x.astype(np.int64)
    return np.array([x.sum(), (x * x).sum()])


def _relative(seat: np.ndarray, active: np.ndarray, n_players: np.ndarray) -> np.ndarray:
    """Seats relative to the active player, for (T, W) absolute seats (int8)."""
    rel: np.ndarray = seat.astype(np.int8) - active[:, None]
    rel += (rel < 0) * n_players[:, None]
    return rel


def _absolute(relative: int, active: np.ndarray, n_players: np.ndarray) -> np.ndarray:
    """The absolute seat (T,) that is ``relative`` seats after the active player (wrapped)."""
    seat: np.ndarray = (active.astype(np.intp) + relative) % n_players
    return seat.astype(np.intp)


def wipe_stats(config: WipeConfig, inp: WipeInputs, st: WipeState) -> dict[str, np.ndarray]:
    """Reduce a finished batch to the layout's sums."""
    p = config.max_players
    ok = st.status == OK
    out: dict[str, np.ndarray] = {
        STATUS.key: np.array([len(ok), ok.sum(), (st.status == DRAW).sum()], dtype=np.int64)
    }
    rows = np.nonzero(ok)[0]
    inp, st = (inp, st) if len(rows) == len(ok) else (inp.take(rows), st.take(rows))
    s = inp.card.shape[1]
    n_players = inp.n_players.astype(np.int8)
    active = inp.active.astype(np.int8)
    card = inp.card
    filled = card >= 0
    index = np.maximum(card, 0)
    keyword = filled & (
        (tb.PERSIST[index] + tb.UNDYING[index] + inp.granted_persist + inp.granted_undying) > 0
    )
    returned = st.obj[:, :s] > 1
    left = filled & (returned | (st.zone[:, :s] != BATTLEFIELD))
    kr = keyword & returned
    out[catalog.RETURN_RATE.key] = _cluster(_rowsum(keyword), _rowsum(kr))
    kl = keyword & left
    out[catalog.RETURN_RATE_IF_LEFT.key] = _cluster(_rowsum(kl), _rowsum(kl & returned))
    fr = filled & returned
    out[catalog.RETURN_RATE_BY_CARD.key] = np.stack(
        [_cluster(_rowsum(m), _rowsum(m & fr)) for m in (card == i for i in config.board_cards)]
    )
    seat = _relative(inp.controller, active, n_players)
    seats = [seat == j for j in range(p)]
    out[catalog.RETURN_RATE_BY_SEAT.key] = np.stack(
        [_cluster(_rowsum(keyword & m), _rowsum(kr & m)) for m in seats]
    )
    _returns(out, st, active, n_players, p)
    _board_after(out, inp, st, active, n_players, p)
    return out


def _returns(
    out: dict[str, np.ndarray], st: WipeState, active: np.ndarray, n_players: np.ndarray, p: int
) -> None:
    ret_n = st.n_returned.astype(np.int64)
    out[catalog.RETURNS_COUNT.key] = np.bincount(
        np.minimum(st.n_returned, HISTOGRAM - 1).astype(np.intp), minlength=HISTOGRAM
    )
    width = min(int(st.n_returned.max(initial=0)), st.returned_slot.shape[1])
    valid = np.arange(width)[None, :] < st.n_returned[:, None]
    slot = np.maximum(st.returned_slot[:, :width], 0).astype(np.intp)
    by = st.returned_by[:, :width]
    by_keyword = [_moments(_rowsum(valid & (by == kw))) for kw in (PERSIST, UNDYING)]
    out[catalog.RETURNS_PER_TRIAL.key] = np.stack([_moments(ret_n), *by_keyword])
    # A permanent returns under its owner's control (702.79a, 702.93a).
    seat = _relative(np.take_along_axis(st.owner, slot, axis=1), active, n_players)
    first = seat[st.n_returned > 0, 0].astype(np.intp) if width else np.zeros(0, dtype=np.intp)
    out[catalog.FIRST_RETURN_SHARE.key] = np.bincount(first, minlength=p)
    positions = np.arange(1, width + 1, dtype=np.int64)
    share, position = [], []
    for j in range(p):
        mine = valid & (seat == j)
        count = _rowsum(mine)
        share.append(_cluster(ret_n, count))
        position.append(_cluster(count, _rowsum(mine, positions)))
    out[catalog.RETURN_SHARE.key] = np.stack(share)
    out[catalog.MEAN_RETURN_POSITION.key] = np.stack(position)


def _board_after(
    out: dict[str, np.ndarray],
    inp: WipeInputs,
    st: WipeState,
    active: np.ndarray,
    n_players: np.ndarray,
    p: int,
) -> None:
    has_seat = np.arange(p)[None, :] < n_players[:, None]
    out[SEAT_TRIALS.key] = has_seat.sum(0)
    board = derive(st)
    seat = _relative(st.controller, active, n_players)
    creature = board.creature
    s = inp.card.shape[1]
    original = (inp.card >= 0) & (st.obj[:, :s] == 1) & (st.zone[:, :s] == BATTLEFIELD)
    power = (board.power * creature).astype(np.int64)
    per_seat: dict[str, list[np.ndarray]] = {
        key: []
        for key in (catalog.CREATURES_AFTER.key, catalog.POWER_AFTER.key, catalog.SURVIVORS.key)
    }
    for j in range(p):
        mine = seat == j
        per_seat[catalog.CREATURES_AFTER.key].append(_rowsum(creature & mine))
        per_seat[catalog.POWER_AFTER.key].append(_rowsum(mine, power))
        per_seat[catalog.SURVIVORS.key].append(_rowsum(original & mine[:, :s]))
    for name, values in per_seat.items():
        everyone = np.sum(values, axis=0)
        out[name] = np.stack([*(_moments(v) for v in values), _moments(everyone)])
    life = st.life.astype(np.int64)
    rows = np.arange(len(active))
    life_seats = []
    for j in range(p):
        at = _absolute(j, active, n_players)
        life_seats.append(_moments(life[rows, at] * has_seat[:, j]))
    out[catalog.LIFE_AFTER.key] = np.stack(life_seats)
