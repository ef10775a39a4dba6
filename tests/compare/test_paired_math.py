"""The paired sums and intervals (``sim.run.paired``) against a direct computation on the
units themselves, and the t quantile against its table values."""

from __future__ import annotations

import math

import numpy as np
import pytest

from sim.run.paired import PairSums, paired_delta
from sim.run.stats import t95

KEY = ("returns", "return_rate", "all")


def _units(seed: int, units: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Correlated (n, y) of a point and a baseline over ``units`` units."""
    rng = np.random.default_rng(seed)
    n_b = rng.integers(50, 100, units)
    y_b = rng.binomial(n_b, 0.4)
    n_a = n_b + rng.integers(0, 3, units)
    y_a = np.minimum(y_b + rng.binomial(n_a, 0.05), n_a)
    return n_a, y_a, n_b, y_b


def test_delta_matches_a_direct_linearization() -> None:
    n_a, y_a, n_b, y_b = _units(1, 40)
    sums = PairSums()
    for u in range(len(n_a)):
        sums.add({KEY: (int(n_a[u]), int(y_a[u]))}, {KEY: (int(n_b[u]), int(y_b[u]))})
    d = paired_delta(sums.sums[KEY], sums.units, share=True)
    ra, rb = y_a.sum() / n_a.sum(), y_b.sum() / n_b.sum()
    ea, eb = (y_a - ra * n_a) / n_a.sum(), (y_b - rb * n_b) / n_b.sum()
    c = len(n_a) / (len(n_a) - 1)
    half = t95(len(n_a) - 1) * math.sqrt(c * np.sum((ea - eb) ** 2))
    assert d.delta == pytest.approx(ra - rb, rel=1e-12)
    assert d.ci_high - d.delta == pytest.approx(half, rel=1e-9)
    unpaired = 2 * t95(len(n_a) - 1) * math.sqrt(c * (np.sum(ea**2) + np.sum(eb**2)))
    assert d.unpaired_width == pytest.approx(unpaired, rel=1e-9)
    assert d.correlation == pytest.approx(np.corrcoef(ea, eb)[0, 1], abs=0.05)
    assert d.ratio == pytest.approx(ra / rb) and d.ratio_ci_low < d.ratio < d.ratio_ci_high


def test_sums_do_not_depend_on_the_order_of_units() -> None:
    n_a, y_a, n_b, y_b = _units(2, 30)
    cells = [({KEY: (int(a), int(b))}, {KEY: (int(c), int(d))}) for a, b, c, d in
             zip(n_a, y_a, n_b, y_b, strict=True)]  # fmt: skip
    forward, backward = PairSums(), PairSums()
    for a, b in cells:
        forward.add(a, b)
    for a, b in reversed(cells):
        backward.add(a, b)
    assert forward.sums == backward.sums


def test_a_histogram_level_seen_late_counts_the_units_before_it() -> None:
    """A count no trial of the first batch reached still has that batch's denominator."""
    zero, one = ("return_counts", "returns_count", "0"), ("return_counts", "returns_count", "1")
    sums = PairSums()
    sums.add({zero: (10, 10)}, {zero: (10, 10)})
    sums.add({zero: (10, 4), one: (10, 6)}, {zero: (10, 5), one: (10, 5)})
    assert sums.sums[one][0] == 20 and sums.sums[one][5] == 20  # both units' trials
    assert sums.sums[one][1] == 6 and sums.sums[one][6] == 5


def test_identical_units_give_a_zero_width_delta() -> None:
    sums = PairSums()
    for n, y in ((10, 3), (10, 5), (10, 4)):
        sums.add({KEY: (n, y)}, {KEY: (n, y)})
    d = paired_delta(sums.sums[KEY], sums.units, share=True)
    assert d.delta == 0 and d.paired_width == 0 and d.unpaired_width > 0


@pytest.mark.parametrize(
    ("df", "quantile"),
    [(1, 12.7062047), (3, 3.1824463), (5, 2.5705818), (10, 2.2281389), (30, 2.0422725)],
)
def test_t95_matches_the_table(df: int, quantile: float) -> None:
    assert t95(df) == pytest.approx(quantile, abs=3e-4)
