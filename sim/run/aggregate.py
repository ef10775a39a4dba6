"""Totals to tidy pandas frames: one row per group x metric x level (x turn, for a metric by
turn), with its 95% interval.

Rows keep the order the shape lists them in (family, metric, level), groups in sweep order,
so the same totals always give the same frames and the same CSV bytes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pandas as pd

from sim.config.experiment import Experiment, Point
from sim.shapes.base import Row

# ``turn``: the turn a metric by turn was measured on (deck games), empty for other metrics
VALUE_COLUMNS = (
    "metric",
    "level",
    "turn",
    "estimate",
    "ci_low",
    "ci_high",
    "trials",
    "n",
    "method",
)
SUMMARY_COLUMNS = ("group", "params", "family", *VALUE_COLUMNS)


def _param_value(value: Any) -> Any:
    """A swept value for a frame cell: scalars as they are, tables and lists as JSON."""
    if isinstance(value, bool | int | float | str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def _records(point: Point, rows: Sequence[Row]) -> list[dict[str, Any]]:
    return [
        {
            "group": point.index,
            "params": point.label,
            "family": r.family,
            "metric": r.metric,
            "level": r.level,
            "turn": r.turn,
            "estimate": r.value.estimate,
            "ci_low": r.value.ci_low,
            "ci_high": r.value.ci_high,
            "trials": r.trials,
            "n": r.value.n,
            "method": r.value.method,
        }
        for r in rows
    ]


def tidy_frames(
    exp: Experiment, rows_by_group: Sequence[Sequence[Row]]
) -> tuple[pd.DataFrame, dict[str, pd.DataFrame]]:
    """The summary frame and one frame per metric family (with a column per swept key)."""
    records = [
        rec
        for point, rows in zip(exp.points, rows_by_group, strict=True)
        for rec in _records(point, rows)
    ]
    summary = pd.DataFrame.from_records(records, columns=list(SUMMARY_COLUMNS))
    summary = summary.astype(
        {
            "group": "int64",
            "turn": "Int64",  # nullable: empty where a metric is not by turn
            "trials": "int64",
            "n": "int64",
            "estimate": "float64",
            "ci_low": "float64",
            "ci_high": "float64",
        }
    )
    tables: dict[str, pd.DataFrame] = {}
    for family in exp.families:
        part = summary[summary["family"] == family].reset_index(drop=True)
        frame = part[["group"]].copy()
        for k, path in enumerate(exp.sweep_paths):
            frame[path] = [_param_value(exp.points[g].params[k][1]) for g in part["group"]]
        for column in VALUE_COLUMNS:
            frame[column] = part[column]
        tables[family] = frame
    return summary, tables
