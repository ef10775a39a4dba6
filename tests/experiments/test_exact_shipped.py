"""Issue 7's acceptance: ``--exact`` and Monte Carlo agree within their intervals on every
shipped experiment small enough to enumerate."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim import run_experiment
from sim.config.experiment import load_experiment
from sim.shapes.wipe.exact import support_size
from tests.helpers import misses_allowed

EXPERIMENTS = Path(__file__).parent.parent.parent / "experiments"
CAP = 100_000


def _small() -> list[Path]:
    found = []
    for path in sorted(EXPERIMENTS.glob("*.toml")):
        experiment = load_experiment(path)
        if experiment.shape != "wipe":
            continue
        if all(0 < support_size(point.config) <= CAP for point in experiment.points):
            found.append(path)
    return found


def test_there_is_a_shipped_small_experiment() -> None:
    assert [p.name for p in _small()] == ["small_exact.toml"]


@pytest.mark.parametrize("path", _small(), ids=lambda p: p.stem)
def test_exact_and_monte_carlo_agree_within_their_intervals(path: Path) -> None:
    exact = run_experiment(path, exact=True).summary
    sampled = run_experiment(path, jobs=1).summary
    rows = exact.merge(sampled, on=["group", "metric", "level"], suffixes=("_e", "_m"))
    rows = rows[rows["n_m"] > 0]
    assert len(rows) >= 20
    outside = rows[
        (rows["estimate_e"] < rows["ci_low_m"] - 1e-12)
        | (rows["estimate_e"] > rows["ci_high_m"] + 1e-12)
    ]
    assert len(outside) <= misses_allowed(len(rows)), outside[["metric", "level"]]
