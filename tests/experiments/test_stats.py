"""Confidence intervals from sufficient statistics."""

from __future__ import annotations

import math

import numpy as np

from sim.run.stats import normal_mean, normal_ratio, wilson, wilson_cluster


def test_wilson_known_values() -> None:
    # Wilson score interval for 81 of 263 (Newcombe 1998, method 3): 0.2553 to 0.3662.
    e = wilson(81, 263)
    assert math.isclose(e.ci_low, 0.2553, abs_tol=5e-5)
    assert math.isclose(e.ci_high, 0.3662, abs_tol=5e-5)
    zero = wilson(0, 10)
    assert zero.estimate == 0.0 and zero.ci_low == 0.0 and 0.2 < zero.ci_high < 0.35
    assert math.isnan(wilson(0, 0).estimate)


def test_clustered_wilson_is_plain_wilson_for_independent_units() -> None:
    rng = np.random.default_rng(0)
    n_t = np.full(20_000, 5)
    y_t = rng.binomial(5, 0.3, size=20_000)
    y, n = int(y_t.sum()), int(n_t.sum())
    clustered = wilson_cluster(y, n, int(y_t @ y_t), int(n_t @ y_t), int(n_t @ n_t), 20_000)
    plain = wilson(y, n)
    width = plain.ci_high - plain.ci_low
    assert abs((clustered.ci_high - clustered.ci_low) - width) < 0.1 * width


def test_clustered_wilson_widens_for_correlated_units() -> None:
    # Each trial's five units succeed or fail together: five units carry one unit of evidence.
    rng = np.random.default_rng(1)
    y_t = 5 * rng.binomial(1, 0.3, size=20_000)
    n_t = np.full(20_000, 5)
    y, n = int(y_t.sum()), int(n_t.sum())
    clustered = wilson_cluster(y, n, int(y_t @ y_t), int(n_t @ y_t), int(n_t @ n_t), 20_000)
    plain = wilson(y, n)
    ratio = (clustered.ci_high - clustered.ci_low) / (plain.ci_high - plain.ci_low)
    assert abs(ratio - math.sqrt(5)) < 0.05


def test_normal_mean_and_ratio() -> None:
    x = np.array([1, 2, 3, 4, 5])
    e = normal_mean(int(x.sum()), int(x @ x), 5)
    se = x.std(ddof=1) / math.sqrt(5)
    assert e.estimate == 3 and math.isclose(e.ci_high - 3, 1.959963984540054 * se)
    # a ratio whose per-trial values are all equal has no spread
    r = normal_ratio(sy=20, sx=10, syy=4 * 10 * 2, sxy=2 * 10 * 2, sxx=10 * 2, clusters=5)
    assert r.estimate == 2 and math.isclose(r.ci_low, 2) and math.isclose(r.ci_high, 2)
