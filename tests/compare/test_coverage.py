"""The paired interval covers the exact delta at the nominal rate (issue 15's acceptance).

``solemnity_small.toml`` is small enough for ``--exact``: its exact deltas are the truth. Many
Monte Carlo runs of it, each with its own seed, must cover the truth in about 95% of runs; the
tolerance is three binomial standard deviations of the observed rate around 0.95."""

from __future__ import annotations

import math
from pathlib import Path

import sim

FILE = Path(__file__).parent / "solemnity_small.toml"
RUNS = 200
TRIALS = 2_560  # 10 batches of 256 per point: the interval uses t with 9 degrees of freedom
ROWS = (("returns_per_trial", "persist"), ("life_after", "active"))


def test_paired_interval_covers_the_exact_delta_at_the_nominal_rate() -> None:
    exact = sim.run_experiment(FILE, exact=True).tables["comparison"]
    truth = exact.set_index(["metric", "level"])["estimate"]
    assert all(truth[row] != 0 for row in ROWS)  # a real difference to cover
    covered = {row: 0 for row in ROWS}
    for seed in range(RUNS):
        run = sim.run_experiment(FILE, trials=TRIALS, seed=seed, jobs=1)
        frame = run.tables["comparison"].set_index(["metric", "level"])
        for row in ROWS:
            covered[row] += bool(
                frame.loc[row, "ci_low"] <= truth[row] <= frame.loc[row, "ci_high"]
            )
    bound = 3 * math.sqrt(0.95 * 0.05 / RUNS)
    for row, hits in covered.items():
        assert abs(hits / RUNS - 0.95) <= bound, (row, hits / RUNS)
