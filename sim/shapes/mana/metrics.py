"""The mana experiments' metrics (SPEC section 4), each with its 95% interval, from totals.

Families and their metrics (``level`` breaks a metric down):

- ``status``: ``unsupported_rate`` (trials past the engine's caps), over all trials; every
  other metric is over the OK trials.
- ``mana``: ``mana_by_type`` (mean mana left in the pools after the taps: W U B R G C and
  ``total``), ``mana_by_seat`` (each seat's pool in all).
- ``mana_totals``: ``total_mana_count``: the share of trials making exactly ``level`` mana.
- ``rejections``: ``rejected_share``: the share of activations rejected (``any``, or by reason:
  summoning_sick, tapped, type_not_available, ...).
- ``mana_effects``: ``mana_from_triggers`` and ``mana_from_replacements`` (mean mana per trial
  added, or removed when negative, by "tapped for mana" triggers and replacement effects),
  ``undefined_mana_events`` (mean activations that made no mana, 106.5) and
  ``undefined_mana_trials`` (share of trials with one).
- ``could_produce``: ``could_produce_share``: for each card, the share of its permanents whose
  could-produce set at the end (106.7) is ``level`` (``Reflecting Pool: WG``, ``: none``).
- ``x_spell``: with ``x = "max"``: ``x_castable`` (the pool pays X = 0), ``max_x`` and
  ``max_x_count`` (the largest X the pool pays, over castable trials); with a drawn X:
  ``x_payable``. Both: ``etb_counters`` and ``etb_counters_count`` (counters the permanent
  has once it entered, 107.3m).
- ``costs``: ``cost_payable``: the share of trials whose active player's pool pays the cost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_state import MANA_REJECTIONS
from engine.mana_types import MANA_TYPES
from sim.config.reader import SEAT_NAMES
from sim.run.stats import Estimate, wilson, wilson_cluster
from sim.shapes.base import Layout, Row
from sim.shapes.catalog import UNSUPPORTED_RATE, MetricRows, cluster_of, mean_of
from sim.shapes.mana import catalog
from sim.shapes.mana.catalog import MANA_FAMILIES, SEAT_TRIALS, SETS, STATUS
from sim.shapes.mana.config import ManaConfig
from sim.shapes.mana.stats import bin_labels, set_name

__all__ = ["MANA_FAMILIES", "mana_rows"]


def _hist_rows(hist: np.ndarray, n: int) -> list[tuple[str, Estimate]]:
    top = int(np.flatnonzero(hist).max(initial=0))
    labels = bin_labels(len(hist))
    return [(labels[k], wilson(int(hist[k]), n)) for k in range(top + 1)]


class _Rows(MetricRows[ManaConfig]):
    """The mana shape's rows of one group."""


def _status(out: _Rows) -> None:
    trials, ok = (int(v) for v in out.sums[STATUS.key])
    out.add(UNSUPPORTED_RATE, "all", wilson(trials - ok, trials), trials)


def _mana(out: _Rows) -> None:
    by_type = out.sums[catalog.MANA_BY_TYPE.key]
    for k, level in enumerate((*MANA_TYPES, "total")):
        out.add(catalog.MANA_BY_TYPE, level, mean_of(by_type[k], out.ok))
    by_seat = out.sums[catalog.MANA_BY_SEAT.key]
    for k, seat in enumerate(SEAT_NAMES[: out.config.max_players]):
        n = int(out.sums[SEAT_TRIALS.key][k])
        out.add(catalog.MANA_BY_SEAT, seat, mean_of(by_seat[k], n), n)


def _mana_totals(out: _Rows) -> None:
    for level, value in _hist_rows(out.sums[catalog.TOTAL_MANA_COUNT.key], out.ok):
        out.add(catalog.TOTAL_MANA_COUNT, level, value)


def _rejections(out: _Rows) -> None:
    rejected = out.sums[catalog.REJECTED_SHARE.key]
    out.add(catalog.REJECTED_SHARE, "any", cluster_of(rejected[0], out.ok))
    for code, (reason, _) in MANA_REJECTIONS.items():
        out.add(catalog.REJECTED_SHARE, reason, cluster_of(rejected[code], out.ok))


def _mana_effects(out: _Rows) -> None:
    for metric in (
        catalog.MANA_FROM_TRIGGERS,
        catalog.MANA_FROM_REPLACEMENTS,
        catalog.UNDEFINED_MANA_EVENTS,
    ):
        out.add(metric, "all", mean_of(out.sums[metric.key], out.ok))
    trials = int(out.sums[catalog.UNDEFINED_MANA_TRIALS.key][0])
    out.add(catalog.UNDEFINED_MANA_TRIALS, "all", wilson(trials, out.ok))


def _could_produce(out: _Rows) -> None:
    n_key, set_key = (stat.key for stat in catalog.COULD_PRODUCE_SHARE.stats)
    for k, card in enumerate(out.config.board_cards):
        n, snn = (int(v) for v in out.sums[n_key][k])
        for bits in range(SETS):
            y, sny, syy = (int(v) for v in out.sums[set_key][k, bits])
            if y:
                level = f"{mt.CARDS[card].name}: {set_name(bits)}"
                value = wilson_cluster(y, n, syy, sny, snn, out.ok)
                out.add(catalog.COULD_PRODUCE_SHARE, level, value)


def _x_spell(out: _Rows) -> None:
    x_spell = out.config.x_spell
    if x_spell is None:
        return
    castable = int(out.sums[catalog.X_CASTABLE.key][0])
    if x_spell.x is None:
        out.add(catalog.X_CASTABLE, "all", wilson(castable, out.ok))
        out.add(catalog.MAX_X, "all", mean_of(out.sums[catalog.MAX_X.key], castable), castable)
        capped = int(out.sums[catalog.X_CAPPED.key][0])
        out.add(catalog.X_CAPPED, "all", wilson(capped, castable), castable)
        for level, value in _hist_rows(out.sums[catalog.MAX_X_COUNT.key], castable):
            out.add(catalog.MAX_X_COUNT, level, value, castable)
        cast = castable
    else:
        out.add(catalog.X_PAYABLE, "all", wilson(castable, out.ok))
        cast = out.ok
    out.add(catalog.ETB_COUNTERS, "all", mean_of(out.sums[catalog.ETB_COUNTERS.key], cast), cast)
    for level, value in _hist_rows(out.sums[catalog.ETB_COUNTERS_COUNT.key], cast):
        out.add(catalog.ETB_COUNTERS_COUNT, level, value, cast)


def _costs(out: _Rows) -> None:
    payable = out.sums[catalog.COST_PAYABLE.key]
    for k, cost in enumerate(out.config.costs):
        out.add(catalog.COST_PAYABLE, cost.text, wilson(int(payable[k]), out.ok))


_FAMILY_ROWS: dict[str, Callable[[_Rows], None]] = {
    "status": _status,
    "mana": _mana,
    "mana_totals": _mana_totals,
    "rejections": _rejections,
    "mana_effects": _mana_effects,
    "could_produce": _could_produce,
    "x_spell": _x_spell,
    "costs": _costs,
}


def mana_rows(
    config: ManaConfig, layout: Layout, totals: np.ndarray, families: Sequence[str]
) -> list[Row]:
    """Rows in a fixed order: family, metric, then level."""
    out = _Rows(config, layout.unpack(totals), STATUS)
    return out.families(MANA_FAMILIES, _FAMILY_ROWS, families)
