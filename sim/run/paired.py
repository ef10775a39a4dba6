"""Paired A/B comparisons on common random numbers (issue 15): the difference between a sweep
point and the baseline, with a 95% interval from paired differences on the same draws.

Every metric row is a ratio of sums, R = ΣY / ΣN over units (a share of trials: Y successes of
N trials; a share of permanents: Y of N; a mean: Σx over trials; a ratio: Σy over Σx). Point
A and the baseline B of one batch index draw the very same trials, so their unit values
(n_A, y_A, n_B, y_B) are paired. The delta R_A - R_B is linearized (delta method, units as
clusters, as ``sim.run.stats.normal_ratio``): with e = y - R n, its variance is
U / (U - 1) · Σ (e_A / N_A - e_B / N_B)², which needs, besides each side's (Σn, Σy, Σn²,
Σny, Σy²), the four cross sums Σn_A n_B, Σn_A y_B, Σy_A n_B, Σy_A y_B. These 14 sums are kept
per row in exact Python integers, so the result does not depend on the order units arrive in.

The unit is the trial where the shape hands out per-trial cells (``sim.run.trial_pairs``:
the sums come from the workers, ``PairSums.add_sums``), else the batch (the rows of one
batch's statistics vector, ``Shape.rows``, ``PairSums.add``), with a t quantile on U - 1
degrees of freedom. The unpaired width is the one an
independent-draws comparison of the same precision would have had (the cross terms dropped);
``correlation`` is what pairing bought: paired var = var_A + var_B - 2 corr sd_A sd_B.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from sim.run.stats import t95
from sim.shapes.base import Row, RowKey, row_key

Cell = tuple[int, int]  # a unit's (n, y)
SUMS = 14  # nA yA nAnA nAyA yAyA | nB yB nBnB nByB yByB | nAnB nAyB yAnB yAyB
_DENOMINATOR = (0, 2, 5, 7, 10)  # the sums that hold no y
_COUNT_LEVEL = re.compile(r"^\d+\+?$")  # a histogram level: "3", "128+"
PROPORTIONS = frozenset({"wilson", "wilson-cluster"})


def unit_cells(rows: Iterable[Row]) -> dict[RowKey, Cell]:
    """Each row's (n, y) in one unit: n its denominator, y = estimate x n (exact integers)."""
    out: dict[RowKey, Cell] = {}
    for r in rows:
        n = int(r.value.n)
        y = round(r.value.estimate * n) if n > 0 else 0
        out[row_key(r)] = (n, y)
    return out


def _levels_of(key: RowKey) -> tuple[object, ...]:
    """What a histogram's levels share: the family, the metric and the turn if any."""
    return (key[0], key[1], *key[3:])


def _missing(cells: Mapping[RowKey, Cell], key: RowKey) -> Cell:
    """A row a unit lacks: a histogram count no trial reached (y = 0 of the denominator its
    levels share), else nothing to pair (0, 0)."""
    if not _COUNT_LEVEL.match(key[2]):
        return (0, 0)
    for other, cell in cells.items():
        if _levels_of(other) == _levels_of(key) and _COUNT_LEVEL.match(other[2]):
            return (cell[0], 0)
    return (0, 0)


@dataclass
class PairSums:
    """The 14 sums of every row of one point against the baseline, over paired units."""

    sums: dict[RowKey, list[int]] = field(default_factory=dict)
    denominators: dict[tuple[object, ...], list[int]] = field(default_factory=dict)
    units: int = 0

    def add_sums(self, keys: Sequence[RowKey], sums: np.ndarray, units: int) -> None:
        """Fold sums already taken over ``units`` units (``sums``: (len(keys), SUMS) int64,
        every level of a histogram included, so no level is ever missing)."""
        self.units += units
        for key, row in zip(keys, sums.tolist(), strict=True):
            total = self.sums.setdefault(key, [0] * SUMS)
            for i, term in enumerate(row):
                total[i] += term

    def add(self, a: Mapping[RowKey, Cell], b: Mapping[RowKey, Cell]) -> None:
        """Fold one unit: ``a`` the point's cells, ``b`` the baseline's."""
        self.units += 1
        before = dict(self.denominators)  # the units so far, for a level first seen now
        for key in dict.fromkeys([*a, *b, *self.sums]):
            na, ya = a[key] if key in a else _missing(a, key)
            nb, yb = b[key] if key in b else _missing(b, key)
            terms = (na, ya, na * na, na * ya, ya * ya, nb, yb, nb * nb, nb * yb, yb * yb,
                     na * nb, na * yb, ya * nb, ya * yb)  # fmt: skip
            if key not in self.sums:
                self.sums[key] = _fresh(before.get(_levels_of(key), []))
            total = self.sums[key]
            for i, term in enumerate(terms):
                total[i] += term
            if _COUNT_LEVEL.match(key[2]):
                self.denominators[_levels_of(key)] = [total[i] for i in _DENOMINATOR]


def _fresh(denominator: Sequence[int]) -> list[int]:
    """The sums of a histogram level seen for the first time: the units before it had y = 0
    of the denominator the metric's levels share (``denominator``: its n-only sums)."""
    out = [0] * SUMS
    for i, value in zip(_DENOMINATOR, denominator, strict=False):
        out[i] = value
    return out


@dataclass(frozen=True)
class Delta:
    """A paired comparison of one row: point minus baseline, and point over baseline."""

    point: float
    baseline: float
    delta: float
    ci_low: float
    ci_high: float
    ratio: float
    ratio_ci_low: float
    ratio_ci_high: float
    paired_width: float
    unpaired_width: float
    correlation: float


_NAN = float("nan")


def _variances(s: Sequence[int], units: int) -> tuple[float, float, float]:
    """var(R_A), var(R_B), cov(R_A, R_B) of the two ratios of sums (delta method, exact
    integer numerators: Σ (N y - Y n)² and its cross product)."""
    na, ya, nb, yb = s[0], s[1], s[5], s[6]
    qaa = na * na * s[4] - 2 * na * ya * s[3] + ya * ya * s[2]
    qbb = nb * nb * s[9] - 2 * nb * yb * s[8] + yb * yb * s[7]
    qab = na * nb * s[13] - na * yb * s[12] - ya * nb * s[11] + ya * yb * s[10]
    c = units / (units - 1)
    return c * qaa / na**4, c * qbb / nb**4, c * qab / (na * na * nb * nb)


def paired_delta(s: Sequence[int], units: int, share: bool) -> Delta:
    """The delta (and for a share the ratio) of one row from its 14 sums over ``units``."""
    na, nb = s[0], s[5]
    ra = s[1] / na if na > 0 else _NAN
    rb = s[6] / nb if nb > 0 else _NAN
    delta = ra - rb
    if na <= 0 or nb <= 0 or units < 2:
        return Delta(ra, rb, delta, *[_NAN] * 8)
    var_a, var_b, cov = _variances(s, units)
    t = t95(units - 1)
    half = t * math.sqrt(max(var_a + var_b - 2 * cov, 0.0))
    unpaired = 2 * t * math.sqrt(max(var_a + var_b, 0.0))
    corr = cov / math.sqrt(var_a * var_b) if var_a > 0 and var_b > 0 else _NAN
    ratio, low, high = _ratio(ra, rb, var_a, var_b, cov, t) if share else (_NAN,) * 3
    return Delta(
        ra, rb, delta, delta - half, delta + half, ratio, low, high, 2 * half, unpaired, corr
    )


def _ratio(
    ra: float, rb: float, var_a: float, var_b: float, cov: float, t: float
) -> tuple[float, float, float]:
    """R_A / R_B with its interval on the log scale (delta method); NaN at a zero share."""
    if ra <= 0 or rb <= 0:
        return _NAN, _NAN, _NAN
    var_log = var_a / ra**2 + var_b / rb**2 - 2 * cov / (ra * rb)
    half = t * math.sqrt(max(var_log, 0.0))
    ratio = ra / rb
    return ratio, ratio * math.exp(-half), ratio * math.exp(half)
