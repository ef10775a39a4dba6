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

from collections.abc import Sequence

import numpy as np

from engine.batch import tables as tb
from sim.config.reader import SEAT_NAMES
from sim.run.stats import Estimate, normal_mean, normal_ratio, wilson, wilson_cluster
from sim.shapes.base import Layout, Row
from sim.shapes.wipe.config import WipeConfig

WIPE_FAMILIES = ("status", "returns", "return_counts", "return_order", "board_after")


def _cluster(v: np.ndarray, clusters: int) -> Estimate:
    n, y, snn, sny, syy = (int(a) for a in v)
    return wilson_cluster(y, n, syy, sny, snn, clusters)


def _ratio(v: np.ndarray, clusters: int) -> Estimate:
    n, y, snn, sny, syy = (int(a) for a in v)
    return normal_ratio(y, n, syy, sny, snn, clusters)


def _mean(v: np.ndarray, n: int) -> Estimate:
    return normal_mean(int(v[0]), int(v[1]), n)


def wipe_rows(
    config: WipeConfig, layout: Layout, totals: np.ndarray, families: Sequence[str]
) -> list[Row]:
    """Rows in a fixed order: family, metric, then level (cards by name, seats in turn order)."""
    t = layout.unpack(totals)
    trials, ok, draws = (int(v) for v in t["status"])
    seats = SEAT_NAMES[: config.max_players]
    rows: list[Row] = []

    def add(family: str, metric: str, level: str, value: Estimate, n_trials: int = ok) -> None:
        rows.append(Row(family, metric, level, value, n_trials))

    if "status" in families:
        add("status", "draw_rate", "all", wilson(draws, trials), trials)
        add("status", "unsupported_rate", "all", wilson(trials - ok - draws, trials), trials)
    if "returns" in families:
        add("returns", "return_rate", "all", _cluster(t["rate_all"], ok))
        add("returns", "return_rate_if_left", "all", _cluster(t["rate_left"], ok))
        for k, card in enumerate(config.board_cards):
            add(
                "returns",
                "return_rate_by_card",
                tb.CARDS[card].name,
                _cluster(t["rate_card"][k], ok),
            )
        for k, seat in enumerate(seats):
            add("returns", "return_rate_by_seat", seat, _cluster(t["rate_seat"][k], ok))
        add("returns", "returns_per_trial", "all", _mean(t["returns"], ok))
        for k, kw in enumerate(("persist", "undying")):
            add("returns", "returns_per_trial", kw, _mean(t["returns_kw"][k], ok))
    if "return_counts" in families:
        hist = t["histogram"]
        top = int(np.flatnonzero(hist).max(initial=0))
        for k in range(top + 1):
            label = f"{k}+" if k == len(hist) - 1 else str(k)
            add("return_counts", "returns_count", label, wilson(int(hist[k]), ok))
    if "return_order" in families:
        with_returns = int(t["first_seat"].sum())
        for k, seat in enumerate(seats):
            add(
                "return_order",
                "first_return_share",
                seat,
                wilson(int(t["first_seat"][k]), with_returns),
                with_returns,
            )
        for k, seat in enumerate(seats):
            add("return_order", "return_share", seat, _cluster(t["share_seat"][k], ok))
        for k, seat in enumerate(seats):
            add("return_order", "mean_return_position", seat, _ratio(t["position_seat"][k], ok))
    if "board_after" in families:
        seat_trials = [int(v) for v in t["seat_trials"]]
        for metric, key in (
            ("creatures_after", "creatures"),
            ("power_after", "power"),
            ("survivors", "survivors"),
        ):
            for k, seat in enumerate(seats):
                add("board_after", metric, seat, _mean(t[key][k], seat_trials[k]), seat_trials[k])
            add("board_after", metric, "all", _mean(t[key][-1], ok))
        for k, seat in enumerate(seats):
            add(
                "board_after",
                "life_after",
                seat,
                _mean(t["life"][k], seat_trials[k]),
                seat_trials[k],
            )
    return rows
