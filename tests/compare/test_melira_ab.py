"""The shipped A/B experiment (``experiments/melira_ab.toml``): paired deltas (trial by
trial) at least 3x narrower than unpaired ones, ``comparison.csv`` and its report section,
labels in words, the same bytes for any ``--jobs``, and ``--target-ci`` on the deltas."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

import sim
from sim.run.comparison import COMPARISON_COLUMNS

FILE = Path(__file__).parents[2] / "experiments" / "melira_ab.toml"
TRIALS = 100_000  # 25 batches of 4,096 per point


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> sim.ExperimentResult:
    out = tmp_path_factory.mktemp("melira_ab")
    return sim.run_experiment(FILE, trials=TRIALS, jobs=1, out=out, report=True)


def test_paired_deltas_are_at_least_three_times_narrower(run: sim.ExperimentResult) -> None:
    frame = run.tables["comparison"].set_index(["metric", "level"])
    for row in (("returns_per_trial", "all"), ("creatures_after", "all")):
        delta = frame.loc[row]
        assert delta["ci_low"] > 0  # Melira brings persist creatures back more often
        assert delta["unpaired_ci_width"] >= 3 * delta["paired_ci_width"], row
        assert delta["correlation"] > 0.9
        assert delta["method"] == "paired-trials" and delta["units"] == TRIALS


def test_comparison_csv_and_report_section(run: sim.ExperimentResult) -> None:
    assert run.out is not None
    written = pd.read_csv(run.out / "comparison.csv")
    assert tuple(written.columns) == COMPARISON_COLUMNS
    assert set(written["label"]) == {"Melira present"}
    assert set(written["baseline_label"]) == {"no Melira"}
    rate = written[written["metric"] == "return_rate"].iloc[0]
    assert rate["share"] and rate["ratio"] == pytest.approx(1.0)  # a share has a ratio
    assert "comparison.csv" in run.manifest["files"]
    assert [p["label"] for p in run.manifest["points"]] == ["no Melira", "Melira present"]
    html = (run.out / "report.html").read_text("utf-8")
    assert "Paired comparisons with no Melira" in html
    assert html.count("paired 95% interval") >= 1  # the forest plot's legend
    assert "slots[1].empty=" not in html.split("<h2>Configuration</h2>")[0]


def test_same_comparison_for_any_jobs(run: sim.ExperimentResult) -> None:
    two = sim.run_experiment(FILE, trials=TRIALS, jobs=2)
    pd.testing.assert_frame_equal(two.tables["comparison"], run.tables["comparison"])


def test_target_ci_on_the_deltas_stops_early() -> None:
    data = {**_toml(), "compare": {"baseline": 0, "target_ci": "deltas"}}
    done = sim.run_experiment(data, target_ci=0.004, jobs=1)
    target = done.manifest["target_ci"]
    assert target["of"] == "deltas" and target["met"]
    assert done.manifest["trials_per_point"] < 200_000  # the file's cap
    frame = done.tables["comparison"]
    rate = frame[frame["metric"] == "return_rate"].iloc[0]
    assert rate["paired_ci_width"] / 2 <= 0.004


def _toml() -> dict[str, object]:
    import tomllib

    return tomllib.loads(FILE.read_text("utf-8"))
