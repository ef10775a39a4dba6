"""Statistical checks against answers known in closed form (Wrath of God on persist boards).

Under destroy-all, a Kitchen Finks returns exactly when it had no -1/-1 counter and is not a
token (702.79a, 704.5d); slots are drawn independently, so the return rate is
(1 - p_minus)(1 - p_token), the number of returns per trial is binomial, and by APNAP
(603.3b) the active player returns first only when the other player has nothing to return.
Tolerances come from the binomial standard error and a false-alarm probability, never from a
hand-picked number.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import pandas as pd

from sim import run_experiment

P_MINUS, P_TOKEN, SLOTS, TRIALS = 0.3, 0.2, 12, 200_000
Q = (1 - P_MINUS) * (1 - P_TOKEN)  # chance one Finks returns
ALPHA = 1e-6  # chance that a correct engine fails one check
Z = NormalDist().inv_cdf(1 - ALPHA / 2)

CONFIG = {
    "name": "closed_form",
    "shape": "wipe",
    "trials": TRIALS,
    "seed": 702,
    "batch_size": 50_000,
    "players": {"count": 2},
    "slots": [
        {"count": SLOTS, "cards": {"Kitchen Finks": 1}, "minus_counters": P_MINUS, "token": P_TOKEN}
    ],
    "events": [{"cards": {"Wrath of God": 1}}],
}


def _tolerance(p: float, n: int) -> float:
    return Z * math.sqrt(p * (1 - p) / n)


def _value(frame: pd.DataFrame, metric: str, level: str) -> pd.Series:
    rows = frame[(frame["metric"] == metric) & (frame["level"] == level)]
    assert len(rows) == 1, (metric, level)
    return rows.iloc[0]


def test_wrath_on_finks_matches_closed_forms() -> None:
    result = run_experiment(CONFIG, jobs=1)
    s = result.summary
    rate = _value(s, "return_rate", "all")
    n = TRIALS * SLOTS
    assert rate["n"] == n and rate["method"] == "wilson-cluster"
    assert abs(rate["estimate"] - Q) <= _tolerance(Q, n)
    assert rate["ci_low"] <= rate["estimate"] <= rate["ci_high"]
    # the number of returns in a trial is Binomial(12, Q)
    for k in (4, 6, 7, 8, 10):
        pk = math.comb(SLOTS, k) * Q**k * (1 - Q) ** (SLOTS - k)
        row = _value(s, "returns_count", str(k))
        assert abs(row["estimate"] - pk) <= _tolerance(pk, TRIALS), k
    mean = _value(s, "returns_per_trial", "all")
    sd = math.sqrt(SLOTS * Q * (1 - Q))
    assert abs(mean["estimate"] - SLOTS * Q) <= Z * sd / math.sqrt(TRIALS)
    # APNAP: the active player's returns come first only if the other player has none
    p_first = (1 - Q / 2) ** SLOTS - (1 - Q) ** SLOTS
    with_returns = TRIALS * (1 - (1 - Q) ** SLOTS)
    first = _value(s, "first_return_share", "active")
    assert abs(first["estimate"] - p_first / (1 - (1 - Q) ** SLOTS)) <= _tolerance(
        p_first, int(with_returns)
    )
    assert _value(s, "draw_rate", "all")["estimate"] == 0.0
