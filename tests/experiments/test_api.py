"""The Python API: ``sim.run_experiment`` returns tidy DataFrames (SPEC section 7)."""

from __future__ import annotations

import json
from pathlib import Path

import sim
from sim.run.aggregate import SUMMARY_COLUMNS
from tests.experiments.conftest import SMALL


def test_run_experiment_returns_frames_and_writes_only_when_asked(
    small_file: Path, tmp_path: Path
) -> None:
    result = sim.run_experiment(small_file, trials=5_000, jobs=1)
    assert result.out is None and list(tmp_path.iterdir()) == [small_file]
    assert tuple(result.summary.columns) == SUMMARY_COLUMNS
    assert set(result.summary["group"]) == {0, 1}
    returns = result.tables["returns"]
    assert list(returns.columns[:2]) == ["group", "slots[0].token"]
    assert set(returns["slots[0].token"]) == {0.1, 0.4}
    assert set(result.tables) == {
        "status",
        "returns",
        "return_counts",
        "return_order",
        "board_after",
    }
    # every required metric is there, each with its interval
    metrics = set(result.summary["metric"])
    assert {
        "return_rate",
        "return_rate_by_card",
        "return_rate_by_seat",
        "returns_count",
        "first_return_share",
        "mean_return_position",
        "creatures_after",
        "power_after",
        "draw_rate",
    } <= metrics
    assert (
        result.summary["method"].isin(["wilson", "wilson-cluster", "normal", "normal-ratio"]).all()
    )


def test_run_folder_files(small_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = sim.run_experiment(small_file, trials=5_000, jobs=1, out=out)
    names = {p.name for p in out.iterdir()}
    assert {"summary.csv", "manifest.json", "returns.csv", "checkpoints"} <= names
    assert not [p for p in out.rglob("*.tmp")]
    manifest = json.loads((out / "manifest.json").read_text())
    for key in ("config", "seed", "version", "trials", "backend", "wall_time_s", "trials_per_s"):
        assert key in manifest
    assert manifest["trials_total"] == 10_000 and manifest == result.manifest
    header = (out / "summary.csv").read_text().splitlines()[0]
    assert header == ",".join(SUMMARY_COLUMNS)
    assert "small" in SMALL


def test_every_shipped_experiment_runs() -> None:
    root = Path(__file__).resolve().parents[2] / "experiments"
    paths = sorted(root.glob("*.toml"))
    ran = []
    for path in paths:
        result = sim.run_experiment(path, trials=1_000, jobs=1)
        status = result.summary[result.summary["family"] == "status"]
        assert (status["estimate"] == 0.0).all(), path  # no draw, nothing unsupported
        assert len(result.summary) > 10, path
        ran.append(path)
    assert len(ran) == len(paths) >= 4
