"""Trial-paired comparisons (issue 15): each sweep point against the baseline, trial by trial.

Point A and the baseline B of one batch index draw the very same trials (common random
numbers). A shape that hands out per-trial cells (``sim.shapes.base.PairsTrials``) lets one
task run A and B chunk by chunk in step and fold every trial's (n_A, y_A, n_B, y_B) of every
row into the 14 sums of ``sim.run.paired`` at once (int64 dot products over the chunk), so the
paired interval rests on trial differences, not on batch differences (whose variance is the
same, but estimated from a few dozen units: a t quantile with few degrees of freedom and a
noisy width). Nothing is kept beyond a chunk; the sums of a (point, batch) travel appended to
the point's statistics vector, so a checkpoint holds them and ``--resume`` adds them back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sim.run.paired import SUMS
from sim.shapes.base import Layout, Levels, PairsTrials, RowKey, TrialCells
from sim.shapes.registry import shape_of

TRIALS_METHOD = "paired-trials"  # the ``method`` column of comparison.csv
BATCHES_METHOD = "paired-batches"
PAIRED_FIELD = "paired"  # the pair sums' field in a point's checkpoint layout


@dataclass(frozen=True)
class PairPlan:
    """How the points of a comparison are paired: against ``baseline``, trial by trial
    (``trials``) or batch by batch."""

    baseline: int
    trials: bool

    @property
    def method(self) -> str:
        return TRIALS_METHOD if self.trials else BATCHES_METHOD


def can_pair_trials(shape: str) -> bool:
    return isinstance(shape_of(shape), PairsTrials)


def pair_keys(shape: str, point: Any, baseline: Any) -> tuple[RowKey, ...]:
    """The rows a point's pair sums hold: its cells' keys, then the baseline's others."""
    kind = shape_of(shape)
    assert isinstance(kind, PairsTrials)
    return tuple(dict.fromkeys([*kind.cell_keys(point), *kind.cell_keys(baseline)]))


def paired_layout(layout: Layout, keys: Sequence[RowKey]) -> Layout:
    """A point's statistics with its pair sums appended (what a task returns and a
    checkpoint holds)."""
    return Layout((*layout.fields, (PAIRED_FIELD, (len(keys), SUMS))))


def run_paired_points(
    shape: str,
    points: Sequence[tuple[int, Any]],
    baseline: tuple[int, Any],
    seed: np.random.SeedSequence,
    trials: int,
    batch: int,
) -> list[tuple[int, int, np.ndarray]]:
    """One task: batch ``batch`` of the baseline and of ``points`` (group, config), chunk by
    chunk in step. Each point but the baseline returns its statistics with its pair sums
    appended; the baseline returns its own only if it is among ``points``."""
    kind = shape_of(shape)
    assert isinstance(kind, PairsTrials)
    runs = [baseline, *(p for p in points if p[0] != baseline[0])]
    chunks = [kind.run_chunks(c, np.random.default_rng(seed), trials) for _, c in runs]
    keys = [pair_keys(shape, c, baseline[1]) for _, c in runs[1:]]
    totals = [np.zeros(kind.layout(c).size, dtype=np.int64) for _, c in runs]
    pairs = [np.zeros((len(k), SUMS), dtype=np.int64) for k in keys]
    for step in zip(*chunks, strict=True):  # the same trials: the same chunks
        base = step[0][1]
        for i, (vector, cells) in enumerate(step):
            totals[i] += vector
            if i > 0:
                pairs[i - 1] += chunk_sums(cells, base, keys[i - 1])
    wanted = {g for g, _ in points}
    out = [(baseline[0], batch, totals[0])] if baseline[0] in wanted else []
    for (group, _), total, sums in zip(runs[1:], totals[1:], pairs, strict=True):
        out.append((group, batch, np.concatenate([total, sums.ravel()])))
    return out


def chunk_sums(a: TrialCells, b: TrialCells, keys: Sequence[RowKey]) -> np.ndarray:
    """(len(keys), SUMS) int64: the 14 sums of every row over the chunk's trials, ``a`` the
    point's cells and ``b`` the baseline's; a row one side lacks is (0, 0) there."""
    out = np.zeros((len(keys), SUMS), dtype=np.int64)
    at = {key: i for i, key in enumerate(keys)}
    plain = list(dict.fromkeys([*a.keys, *b.keys]))
    if plain:
        # imported here: the compiled code's settings build the batch engine's card tables,
        # which wait for the experiment's card files (``freeze_library``)
        from sim.run.pair_sums import pair_sums

        sums = np.zeros((len(plain), SUMS), dtype=np.int64)
        pair_sums(a.n, a.y, _places(a, plain), b.n, b.y, _places(b, plain), sums)
        out[[at[k] for k in plain]] = sums
    ours = {(lv.family, lv.metric): lv for lv in a.levels}
    theirs = {(lv.family, lv.metric): lv for lv in b.levels}
    for name in dict.fromkeys([*ours, *theirs]):
        one = ours.get(name) or theirs[name]
        rows = [at[(*name, label)] for label in one.labels]
        out[rows] = _level_terms(ours.get(name, _no_level(one)), theirs.get(name, _no_level(one)))
    return out


def _places(cells: TrialCells, keys: Sequence[RowKey]) -> np.ndarray:
    """The column of each of ``keys`` in the cells, -1 for a key they lack."""
    index = {key: i for i, key in enumerate(cells.keys)}
    return np.array([index.get(key, -1) for key in keys], dtype=np.intp)


def _no_level(like: Levels) -> Levels:
    """A histogram the baseline does not have: every trial a unit of n = 0."""
    zero = np.zeros_like(like.n)
    return Levels(like.family, like.metric, like.labels, zero, zero)


def _level_terms(a: Levels, b: Levels) -> np.ndarray:
    """The 14 sums of every level of a histogram (y = n [value = level]) from bincounts:
    the levels are many and each trial sits in one."""
    size = len(a.labels)
    if len(b.labels) != size:
        raise ValueError(f"{a.metric}: {size} levels against {len(b.labels)}")

    def count(value: np.ndarray, weights: np.ndarray) -> np.ndarray:
        exact = np.bincount(value, weights=weights, minlength=size)  # float64, exact < 2^53
        return np.rint(exact).astype(np.int64)

    na, nb, same = a.n, b.n, a.value == b.value
    aa, bb, ab = na * na, nb * nb, na * nb
    ones = np.ones(size, dtype=np.int64)
    return np.stack(
        [
            ones * na.sum(), count(a.value, na), ones * aa.sum(), count(a.value, aa),
            count(a.value, aa), ones * nb.sum(), count(b.value, nb), ones * bb.sum(),
            count(b.value, bb), count(b.value, bb), ones * ab.sum(), count(b.value, ab),
            count(a.value, ab), count(a.value[same], ab[same]),
        ],
        axis=1,
    )  # fmt: skip
