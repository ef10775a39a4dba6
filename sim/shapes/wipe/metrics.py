"""The wipe experiments' metrics (SPEC section 4), each with its 95% interval, from totals.

Families and their metrics (``level`` breaks a metric down):

- ``status``: ``draw_rate`` (mandatory loops, 104.4b) and ``unsupported_rate`` (trials past
  the engine's caps), over all trials. Every other metric is over the OK trials.
- ``returns``: ``return_rate`` (permanents with persist or undying, printed or granted, that
  returned at least once; level ``all``), ``return_rate_if_left`` (of those that left the
  battlefield), ``return_rate_by_card`` (every starting permanent of the card),
  ``return_rate_by_seat`` (by the controller's seat: active, next, ...),
  ``returns_per_trial`` (level ``all``, ``persist`` or ``undying``).
- ``return_counts``: ``returns_count``: the share of trials with exactly ``level`` returns.
- ``return_order``: ``first_return_share`` (whose return came first, among trials with a
  return), ``return_share`` (each seat's share of all returns), ``mean_return_position`` (the
  mean 1-based position of a seat's returns in the order they happened).
- ``board_after``: ``creatures_after``, ``power_after`` (total power of creatures) and
  ``survivors`` (starting permanents still there as the same object) per seat and ``all``;
  ``life_after`` per seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from engine.batch import tables as tb
from sim.config.reader import SEAT_NAMES
from sim.run.stats import Estimate, normal_ratio, wilson
from sim.shapes.base import Layout, Row
from sim.shapes.catalog import UNSUPPORTED_RATE, MetricRows, cluster_of, mean_of
from sim.shapes.wipe import catalog
from sim.shapes.wipe.catalog import SEAT_TRIALS, STATUS, WIPE_FAMILIES
from sim.shapes.wipe.config import WipeConfig

__all__ = ["WIPE_FAMILIES", "wipe_rows"]


def _ratio(v: np.ndarray, clusters: int) -> Estimate:
    n, y, snn, sny, syy = (int(a) for a in v)
    return normal_ratio(y, n, syy, sny, snn, clusters)


class _Rows(MetricRows[WipeConfig]):
    """The wipe shape's rows of one group."""

    @property
    def seats(self) -> tuple[str, ...]:
        return SEAT_NAMES[: self.config.max_players]


def _status(out: _Rows) -> None:
    trials, ok, draws = (int(v) for v in out.sums[STATUS.key])
    out.add(catalog.DRAW_RATE, "all", wilson(draws, trials), trials)
    out.add(UNSUPPORTED_RATE, "all", wilson(trials - ok - draws, trials), trials)


def _returns(out: _Rows) -> None:
    sums, ok = out.sums, out.ok
    for metric in (catalog.RETURN_RATE, catalog.RETURN_RATE_IF_LEFT):
        out.add(metric, "all", cluster_of(sums[metric.key], ok))
    by_card = sums[catalog.RETURN_RATE_BY_CARD.key]
    for k, card in enumerate(out.config.board_cards):
        out.add(catalog.RETURN_RATE_BY_CARD, tb.CARDS[card].name, cluster_of(by_card[k], ok))
    by_seat = sums[catalog.RETURN_RATE_BY_SEAT.key]
    for k, seat in enumerate(out.seats):
        out.add(catalog.RETURN_RATE_BY_SEAT, seat, cluster_of(by_seat[k], ok))
    per_trial = sums[catalog.RETURNS_PER_TRIAL.key]
    for k, level in enumerate(("all", "persist", "undying")):
        out.add(catalog.RETURNS_PER_TRIAL, level, mean_of(per_trial[k], out.ok))


def _return_counts(out: _Rows) -> None:
    hist = out.sums[catalog.RETURNS_COUNT.key]
    top = int(np.flatnonzero(hist).max(initial=0))
    for k in range(top + 1):
        label = f"{k}+" if k == len(hist) - 1 else str(k)
        out.add(catalog.RETURNS_COUNT, label, wilson(int(hist[k]), out.ok))


def _return_order(out: _Rows) -> None:
    first = out.sums[catalog.FIRST_RETURN_SHARE.key]
    with_returns = int(first.sum())
    for k, seat in enumerate(out.seats):
        share = wilson(int(first[k]), with_returns)
        out.add(catalog.FIRST_RETURN_SHARE, seat, share, with_returns)
    for k, seat in enumerate(out.seats):
        out.add(
            catalog.RETURN_SHARE, seat, cluster_of(out.sums[catalog.RETURN_SHARE.key][k], out.ok)
        )
    positions = out.sums[catalog.MEAN_RETURN_POSITION.key]
    for k, seat in enumerate(out.seats):
        out.add(catalog.MEAN_RETURN_POSITION, seat, _ratio(positions[k], out.ok))


def _board_after(out: _Rows) -> None:
    seat_trials = [int(v) for v in out.sums[SEAT_TRIALS.key]]
    for metric in (catalog.CREATURES_AFTER, catalog.POWER_AFTER, catalog.SURVIVORS):
        sums = out.sums[metric.key]
        for k, seat in enumerate(out.seats):
            out.add(metric, seat, mean_of(sums[k], seat_trials[k]), seat_trials[k])
        out.add(metric, "all", mean_of(sums[-1], out.ok))
    life = out.sums[catalog.LIFE_AFTER.key]
    for k, seat in enumerate(out.seats):
        out.add(catalog.LIFE_AFTER, seat, mean_of(life[k], seat_trials[k]), seat_trials[k])


_FAMILY_ROWS: dict[str, Callable[[_Rows], None]] = {
    "status": _status,
    "returns": _returns,
    "return_counts": _return_counts,
    "return_order": _return_order,
    "board_after": _board_after,
}


def wipe_rows(
    config: WipeConfig, layout: Layout, totals: np.ndarray, families: Sequence[str]
) -> list[Row]:
    """Rows in a fixed order: family, metric, then level (cards by name, seats in turn order)."""
    out = _Rows(config, layout.unpack(totals), STATUS)
    return out.families(WIPE_FAMILIES, _FAMILY_ROWS, families)
