"""``--target-ci W``: run batches in rounds until every headline proportion is precise enough.

The rule looks at the headline metrics that the shape's catalog declares (the report's
headline table, ``sim.shapes.<shape>.catalog``) and that are proportions (Wilson intervals:
return rates, first-return shares, draw and unsupported rates, castable and payable shares),
in every sweep group: W is a probability, so metrics in other units (returns per trial, mana,
max X) are reported but do not decide when to stop. A row with nothing to estimate yet (n = 0)
does not hold the run back.

Rounds always cover batches ``[0, m)`` in index order, and the decision reads only the summed
integer statistics of whole rounds, so the stopping point, and every byte written, is the same
for any ``--jobs`` or backend. The cap is the experiment's ``trials`` per sweep point (the file's
value, or ``--trials``): a run that reaches it stops there and says the target was not met.

With ``[compare] target_ci = "deltas"`` (issue 15) the rule waits instead for the paired
deltas of those headline proportions, every point against the baseline: a designer's question
is the difference, and pairing makes it far cheaper to pin down than either share.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sim.config.experiment import Experiment
from sim.errors import UserError
from sim.report.data import PROPORTION_METHODS
from sim.shapes.base import Row
from sim.shapes.catalog import Entry, metrics_of
from sim.shapes.registry import shape_of

GROWTH = 4  # a round at most quadruples the batches run so far
MARGIN = 1.05  # aim a little past the projected need, so one more round usually suffices


@dataclass(frozen=True)
class Precision:
    """The widest headline half-width of a run, and which metric it belongs to."""

    half_width: float
    metric: str  # "group/metric/level", or "" when no headline proportion has data


def is_headline(row: Row, catalog: tuple[Entry, ...]) -> bool:
    """Whether a metric row is one the ``--target-ci`` rule waits for: a proportion with data
    that the shape's catalog marks as a headline figure."""
    if row.value.method not in PROPORTION_METHODS or row.value.n <= 0:
        return False
    return any(
        metric.name == row.metric and (level is None or level == row.level)
        for metric in metrics_of(catalog)
        for level, _ in metric.headline_rows()
    )


def half_width(row: Row) -> float:
    """Half the width of a row's 95% interval (NaN counts as not yet precise)."""
    lo, hi = row.value.ci_low, row.value.ci_high
    return math.inf if math.isnan(lo) or math.isnan(hi) else (hi - lo) / 2.0


def precision(exp: Experiment, totals: list[np.ndarray]) -> Precision:
    """The widest headline half-width over every sweep group of these totals."""
    shape = shape_of(exp.shape)
    worst = Precision(0.0, "")
    for point, total in zip(exp.points, totals, strict=True):
        for row in shape.rows(point.config, total, exp.families):
            if is_headline(row, shape.catalog) and half_width(row) > worst.half_width:
                worst = Precision(half_width(row), f"{point.index}/{row.metric}/{row.level}")
    return worst


Measure = Callable[[list[np.ndarray]], Precision]  # the widest half-width of these totals


def next_round(measure: Measure, width: float, totals: list[np.ndarray], batches: int) -> int:
    """How many batches per point to have in all after ``batches`` (``batches``: stop).
    ``measure``: ``precision`` of the experiment (the shares), or the paired deltas'
    (``sim.run.comparison.Pairing.precision``).

    Half-widths shrink as 1/sqrt(trials), so the next round aims at the projected need,
    at least one batch more and at most ``GROWTH`` times as many."""
    worst = measure(totals).half_width
    if worst <= width:
        return batches
    if math.isinf(worst):
        return batches * GROWTH
    need = math.ceil(batches * (worst / width) ** 2 * MARGIN)
    return max(batches + 1, min(need, batches * GROWTH))


def check_width(width: float) -> None:
    if not (0.0 < width < 0.5) or math.isnan(width):
        raise UserError(f"--target-ci {width}: expected a half-width between 0 and 0.5")
