"""95% confidence intervals from sufficient statistics (integer sums), one method per kind.

Every interval is computed from exact integer sums, so the same totals give the same floats
whatever order the batches finished in. The ``method`` names appear in the reports' ``method``
column:

- ``wilson``: a proportion over independent trials (Wilson score interval).
- ``wilson-cluster``: a proportion over permanents, which are not independent within a trial
  (one wipe hits the whole board): Wilson's interval with Kish's effective sample size, from
  the design effect of the ratio estimator with trials as clusters (never below 1).
- ``normal``: a mean over independent trials (normal approximation, sample variance).
- ``normal-ratio``: a ratio of sums over trials (e.g. mean return position over returns): the
  normal approximation with the linearized (delta-method) variance, trials as clusters.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # the 0.975 quantile of the standard normal distribution


@dataclass(frozen=True)
class Estimate:
    """An estimate with its 95% interval; ``n`` counts the units it averages over."""

    estimate: float
    ci_low: float
    ci_high: float
    n: int
    method: str


_NAN = float("nan")


def _wilson_bounds(p: float, n: float) -> tuple[float, float]:
    z2 = Z95 * Z95
    denom = 1.0 + z2 / n
    center = (p + z2 / (2.0 * n)) / denom
    half = Z95 * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom
    return max(0.0, center - half), min(1.0, center + half)


def wilson(successes: int, n: int) -> Estimate:
    """A proportion of independent trials (Wilson score interval)."""
    successes, n = int(successes), int(n)
    if n <= 0:
        return Estimate(_NAN, _NAN, _NAN, 0, "wilson")
    p = successes / n
    lo, hi = _wilson_bounds(p, n)
    return Estimate(p, lo, hi, n, "wilson")


def wilson_cluster(y: int, n: int, syy: int, sny: int, snn: int, clusters: int) -> Estimate:
    """A proportion Y/N over units grouped in ``clusters`` trials (y_t of n_t in trial t).

    ``syy``, ``sny`` and ``snn`` are the sums of y_t², n_t·y_t and n_t² over trials.
    """
    y, n, syy, sny, snn = int(y), int(n), int(syy), int(sny), int(snn)
    if n <= 0:
        return Estimate(_NAN, _NAN, _NAN, 0, "wilson-cluster")
    p = y / n
    n_eff: float = n
    if 0 < y < n and clusters > 1:
        # Sum over trials of (y_t - p n_t)², exactly: (N² syy - 2 N Y sny + Y² snn) / N².
        resid = (n * n * syy - 2 * n * y * sny + y * y * snn) / (n * n)
        var_ratio = clusters / (clusters - 1) * resid / (n * n)
        var_binomial = p * (1.0 - p) / n
        deff = max(1.0, var_ratio / var_binomial)
        n_eff = n / deff
    lo, hi = _wilson_bounds(p, n_eff)
    return Estimate(p, lo, hi, n, "wilson-cluster")


def normal_mean(total: int, total_sq: int, n: int) -> Estimate:
    """The mean of a per-trial value from its sum and sum of squares over ``n`` trials."""
    total, total_sq, n = int(total), int(total_sq), int(n)
    if n <= 0:
        return Estimate(_NAN, _NAN, _NAN, 0, "normal")
    mean = total / n
    if n == 1:
        return Estimate(mean, _NAN, _NAN, n, "normal")
    var = (n * total_sq - total * total) / (n * (n - 1))  # exact numerator in integers
    half = Z95 * math.sqrt(max(var, 0.0) / n)
    return Estimate(mean, mean - half, mean + half, n, "normal")


def normal_ratio(sy: int, sx: int, syy: int, sxy: int, sxx: int, clusters: int) -> Estimate:
    """The ratio R = Σy / Σx of per-trial sums (e.g. positions over returns); ``n`` is Σx."""
    sy, sx, syy, sxy, sxx = int(sy), int(sx), int(syy), int(sxy), int(sxx)
    if sx <= 0:
        return Estimate(_NAN, _NAN, _NAN, 0, "normal-ratio")
    r = sy / sx
    if clusters <= 1:
        return Estimate(r, _NAN, _NAN, sx, "normal-ratio")
    resid = (sx * sx * syy - 2 * sx * sy * sxy + sy * sy * sxx) / (sx * sx)
    var = clusters / (clusters - 1) * max(resid, 0.0) / (sx * sx)
    half = Z95 * math.sqrt(var)
    return Estimate(r, r - half, r + half, sx, "normal-ratio")


_T95_FEW = (math.nan, 12.706204736174705, 4.302652729749464, 3.182446305284263, 2.776445105197793)


def t95(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom, for intervals over
    few units (paired batches): the Cornish-Fisher series in 1/df (Abramowitz and Stegun
    26.7.5), within 3e-4 of the exact quantile from df = 5, and Z95 as df grows."""
    if df < 1:
        return float("nan")
    if df < len(_T95_FEW):  # the series is poor this far from the normal
        return _T95_FEW[df]
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
