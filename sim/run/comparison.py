"""``comparison.csv``: every sweep point against the baseline, metric by metric (issue 15).

The runner hands every finished batch's statistics vector to ``Pairing.add``. Where the shape
hands out per-trial cells, the task already paired the trials (``sim.run.trial_pairs``) and
the vector carries the pair sums; else, once all points of a batch index are in, their rows
become paired units (``sim.run.paired``) and the vectors are dropped. Memory holds at most
the batch indices still in flight, never trials. The
frame has one row per point (but the baseline) x metric x level, in the point's row order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import numpy as np
import pandas as pd

from sim.config.experiment import Experiment
from sim.run.batches import batch_sizes
from sim.run.paired import (
    PROPORTIONS,
    SUMS,
    Cell,
    Delta,
    PairSums,
    paired_delta,
    unit_cells,
)
from sim.run.target_ci import Precision, is_headline
from sim.run.trial_pairs import PairPlan, can_pair_trials, pair_keys, paired_layout
from sim.shapes.base import Layout, Row, RowKey, row_key
from sim.shapes.registry import shape_of

COMPARISON_COLUMNS = (
    "group",
    "label",
    "baseline",
    "baseline_label",
    "family",
    "metric",
    "level",
    "turn",  # a metric by turn (deck games): the turn it was measured on, else empty
    "point_estimate",
    "baseline_estimate",
    "estimate",  # the delta: point minus baseline
    "ci_low",
    "ci_high",
    "ratio",
    "ratio_ci_low",
    "ratio_ci_high",
    "paired_ci_width",
    "unpaired_ci_width",
    "correlation",
    "n",  # trials per point the comparison rests on
    "units",  # paired units (trials, or batches)
    "method",
    "share",  # whether the metric is a share (a ratio is reported for shares only)
)
COMPARISON = "comparison"  # the table's name: comparison.csv, and its key among the tables


class Pairing:
    """Paired sums of every point against the baseline, fed batch by batch: trial-paired
    sums that the tasks took (``sim.run.trial_pairs``), else each batch's rows as a unit."""

    def __init__(self, exp: Experiment, baseline: int) -> None:
        self.exp, self.baseline = exp, baseline
        self.shape = shape_of(exp.shape)
        trials = exp.compare.pairing == "trials" and can_pair_trials(exp.shape)
        self.plan = PairPlan(baseline, trials)
        self.pending: dict[int, dict[int, dict[RowKey, Cell]]] = {}
        self.sums = {p.index: PairSums() for p in exp.points if p.index != baseline}
        self.trials = dict.fromkeys(self.sums, 0)  # trials per point paired so far
        self.shares: set[tuple[str, str]] = set()  # (family, metric) whose rows are shares
        self.headline: set[RowKey] = set()  # the baseline's headline rows (--target-ci)
        base = exp.points[baseline].config
        self.keys = {
            g: pair_keys(exp.shape, exp.points[g].config, base) if trials else () for g in self.sums
        }

    def layouts(self) -> list[Layout]:
        """What each point's task returns (and its checkpoints hold)."""
        out = []
        for p in self.exp.points:
            layout = self.shape.layout(p.config)
            keys = self.keys.get(p.index, ())
            out.append(paired_layout(layout, keys) if keys else layout)
        return out

    def add(self, group: int, batch: int, vector: np.ndarray) -> None:
        """One point's batch; a batch index whose points are all in is folded."""
        config = self.exp.points[group].config
        size = self.shape.layout(config).size
        rows = self.shape.rows(config, vector[:size], self.exp.families)
        if group == self.baseline:
            self._learn(rows)
        trials = batch_sizes(self.exp.trials, self.exp.batch_size)[batch]
        if self.plan.trials:
            if group != self.baseline:
                paired = vector[size:].reshape(len(self.keys[group]), SUMS)
                self.sums[group].add_sums(self.keys[group], paired, trials)
                self.trials[group] += trials
            return
        waiting = self.pending.setdefault(batch, {})
        waiting[group] = unit_cells(rows)
        if len(waiting) < len(self.exp.points):
            return
        del self.pending[batch]
        base = waiting[self.baseline]
        for g, sums in self.sums.items():
            sums.add(waiting[g], base)
            self.trials[g] += trials

    def _learn(self, rows: Sequence[Row]) -> None:
        """Which rows are shares and which are headline figures, from the baseline's rows."""
        self.shares |= {(r.family, r.metric) for r in rows if r.value.method in PROPORTIONS}
        self.headline |= {row_key(r) for r in rows if is_headline(r, self.shape.catalog)}

    def deltas(self, group: int, keys: Sequence[RowKey]) -> list[tuple[RowKey, Delta]]:
        sums = self.sums[group]
        return [
            (key, paired_delta(sums.sums[key], sums.units, is_share(key, self.shares)))
            for key in keys
            if key in sums.sums
        ]

    def frame(self, rows_by_group: Sequence[Sequence[Row]]) -> pd.DataFrame:
        """The comparison frame, rows in each point's summary order (then baseline-only)."""
        records = []
        base_keys = [row_key(r) for r in rows_by_group[self.baseline]]
        for group in self.sums:
            keys = list(dict.fromkeys([*(row_key(r) for r in rows_by_group[group]), *base_keys]))
            for key, d in self.deltas(group, keys):
                counts = (self.trials[group], self.sums[group].units)
                method = (self.plan.method, is_share(key, self.shares))
                records.append(record(self.exp, self.baseline, group, key, d, counts, method))
        return comparison_frame(records)

    def measure(self, totals: list[np.ndarray]) -> Precision:
        """``precision`` as ``--target-ci`` calls it (the totals are in the sums already)."""
        return self.precision()

    def precision(self) -> Precision:
        """The widest headline delta's half-width (``--target-ci`` on deltas)."""
        worst = Precision(0.0, "")
        for group in self.sums:
            for key, d in self.deltas(group, sorted(self.headline)):
                half = math.inf if math.isnan(d.paired_width) else d.paired_width / 2
                if half > worst.half_width:
                    where = "/".join(str(part) for part in key[1:])  # metric, level, turn
                    worst = Precision(half, f"{group}-{self.baseline}/{where}")
        return worst


def is_share(key: RowKey, shares: set[tuple[str, str]]) -> bool:
    """Whether a row is a share (of a metric whose rows are shares)."""
    return key[:2] in shares


def comparison_frame(records: list[dict[str, Any]]) -> pd.DataFrame:
    frame = pd.DataFrame.from_records(records, columns=list(COMPARISON_COLUMNS))
    types = {"group": "int64", "baseline": "int64", "n": "int64", "units": "int64"}
    return frame.astype({**types, "turn": "Int64"})  # nullable: empty where not by turn


def record(
    exp: Experiment,
    baseline: int,
    group: int,
    key: RowKey,
    d: Delta,
    counts: tuple[int, int],
    method: tuple[str, bool],
) -> dict[str, Any]:
    """One row of the comparison frame; ``counts``: trials per point, and paired units;
    ``method``: how the interval was computed, and whether the metric is a share."""
    words = exp.compare.words
    values = asdict(d)
    return {
        "group": group,
        "label": words[group] if words else "",
        "baseline": baseline,
        "baseline_label": words[baseline] if words else "",
        **dict(zip(("family", "metric", "level"), key[:3], strict=True)),
        "turn": key[3] if len(key) > 3 else None,
        "point_estimate": values.pop("point"),
        "baseline_estimate": values.pop("baseline"),
        "estimate": values.pop("delta"),
        "paired_ci_width": values.pop("paired_width"),
        "unpaired_ci_width": values.pop("unpaired_width"),
        **values,
        "n": counts[0],
        "units": counts[1],
        "method": method[0],
        "share": method[1],
    }


def exact_comparison(exp: Experiment, baseline: int, summary: pd.DataFrame) -> pd.DataFrame:
    """``--exact``: every delta and ratio is exact (a zero-width interval)."""
    shape = shape_of(exp.shape)
    config = exp.points[baseline].config
    zero = shape.rows(config, np.zeros(shape.layout(config).size, np.int64), exp.families)
    shares = {(r.family, r.metric) for r in zero if r.value.method in PROPORTIONS}
    base = summary[summary["group"] == baseline].set_index(["family", "metric", "level"])
    records = []
    for row in summary[summary["group"] != baseline].to_dict("records"):
        key: RowKey = (str(row["family"]), str(row["metric"]), str(row["level"]))
        a, b = float(row["estimate"]), float(base["estimate"].get(key, math.nan))
        ratio = a / b if is_share(key, shares) and b > 0 else math.nan
        d = Delta(a, b, a - b, a - b, a - b, ratio, ratio, ratio, 0.0, 0.0, math.nan)
        counts = (int(row["trials"]), 1)
        method = ("exact", is_share(key, shares))
        records.append(record(exp, baseline, int(row["group"]), key, d, counts, method))
    return comparison_frame(records)
