"""Confidence intervals from sufficient statistics."""

from __future__ import annotations

import math

import numpy as np

from sim.run.stats import Z95, normal_mean, normal_ratio, wilson, wilson_cluster


def test_wilson_known_values() -> None:
    # Wilson score interval for 81 of 263 (Newcombe 1998, method 3): 0.2553 to 0.3662.
    e = wilson(81, 263)
    assert math.isclose(e.ci_low, 0.2553, abs_tol=5e-5)
    assert math.isclose(e.ci_high, 0.3662, abs_tol=5e-5)
    zero = wilson(0, 10)
    assert zero.estimate == 0.0 and zero.ci_low == 0.0 and 0.2 < zero.ci_high < 0.35
    assert math.isclose(zero.ci_high, Z95**2 / (10 + Z95**2))  # Wilson's bound at 0 of n
    assert math.isnan(wilson(0, 0).estimate)


def test_clustered_wilson_is_plain_wilson_for_independent_units() -> None:
    trials, m, p = 20_000, 5, 0.3
    rng = np.random.default_rng(0)
    n_t = np.full(trials, m)
    y_t = rng.binomial(m, p, size=trials)
    y, n = int(y_t.sum()), int(n_t.sum())
    clustered = wilson_cluster(y, n, int(y_t @ y_t), int(n_t @ y_t), int(n_t @ n_t), trials)
    plain = wilson(y, n)
    width = plain.ci_high - plain.ci_low
    # The design effect is estimated as the sample variance of y_t over its binomial value
    # m p (1 - p); for Binomial(m, p) that estimate has standard error sqrt((2 + g2) / T), with
    # g2 = (1 - 6 p (1 - p)) / (m p (1 - p)) the binomial excess kurtosis. A width scales as
    # the square root of the design effect, so its relative standard error is half that:
    # 5 of them (about ±0.023 here) and no more.
    g2 = (1 - 6 * p * (1 - p)) / (m * p * (1 - p))
    tolerance = 5 * math.sqrt((2 + g2) / trials) / 2
    assert abs((clustered.ci_high - clustered.ci_low) - width) < tolerance * width


def test_clustered_wilson_widens_for_correlated_units() -> None:
    # Each trial's five units succeed or fail together: five units carry one unit of evidence.
    trials = 20_000
    rng = np.random.default_rng(1)
    y_t = 5 * rng.binomial(1, 0.3, size=trials)
    n_t = np.full(trials, 5)
    y, n = int(y_t.sum()), int(n_t.sum())
    clustered = wilson_cluster(y, n, int(y_t @ y_t), int(n_t @ y_t), int(n_t @ n_t), trials)
    plain = wilson(y, n)
    ratio = (clustered.ci_high - clustered.ci_low) / (plain.ci_high - plain.ci_low)
    # No sampling error here: whatever the draw, the residual sum is 25 T p(1 - p), so the
    # design effect is exactly 5 T / (T - 1) and n_eff = T - 1. The width ratio is then
    # sqrt(5 T / (T - 1)) up to Wilson's own z^2/n terms, a relative error below
    # 2 z^2 / n_eff: about ±0.0004 here (a design effect of 4.9 would be 0.02 off).
    tolerance = math.sqrt(5) * (1 / (trials - 1) + 2 * Z95**2 / (trials - 1))
    assert abs(ratio - math.sqrt(5)) < tolerance


def test_normal_mean_and_ratio() -> None:
    x = np.array([1, 2, 3, 4, 5])
    e = normal_mean(int(x.sum()), int(x @ x), 5)
    se = x.std(ddof=1) / math.sqrt(5)
    assert e.estimate == 3 and math.isclose(e.ci_high - 3, 1.959963984540054 * se)
    # a ratio whose per-trial values are all equal has no spread
    r = normal_ratio(sy=20, sx=10, syy=4 * 10 * 2, sxy=2 * 10 * 2, sxx=10 * 2, clusters=5)
    assert r.estimate == 2 and math.isclose(r.ci_low, 2) and math.isclose(r.ci_high, 2)
