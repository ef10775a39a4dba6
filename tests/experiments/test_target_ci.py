"""``--target-ci W``: rounds of batches in index order until every headline share's 95%
half-width is at most W, with the same stopping point and bytes for any ``--jobs``."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import numpy as np

from sim import run_experiment
from sim.report.data import PROPORTION_METHODS
from sim.report.sections import HEADLINE
from sim.run.batches import RunSettings, run_batches
from sim.run.experiment import as_experiment
from tests.experiments.conftest import SMALL
from tests.helpers import cauldron

WIDTH = 0.01


def _small() -> dict[str, Any]:
    return tomllib.loads(SMALL)


def test_target_ci_stops_on_its_own_below_the_width(small_file: Path, tmp_path: Path) -> None:
    outputs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}"
        done = cauldron(
            "run", str(small_file), "--jobs", jobs, "--out", str(out), "--target-ci", str(WIDTH)
        )
        assert done.returncode == 0, done.stderr
        assert "stopped on its own at" in done.stdout
        outputs[jobs] = {p.name: p.read_bytes() for p in out.glob("*.csv")}
        manifest = json.loads((out / "manifest.json").read_text())
        target = manifest["target_ci"]
        assert target["met"] and target["reached"] <= WIDTH
        assert manifest["trials_per_point"] < manifest["trials"]  # stopped before the cap
        assert f"{manifest['trials_per_point']:,}" in done.stdout
    assert outputs["1"] == outputs["2"]


def test_every_headline_share_is_within_the_width() -> None:
    result = run_experiment(_small(), jobs=1, target_ci=WIDTH)
    s = result.summary
    headline = np.zeros(len(s), dtype=bool)
    for metric, level, _ in HEADLINE:
        headline |= (s["metric"] == metric) & ((s["level"] == level) if level else True)
    rows = s[headline & s["method"].isin(PROPORTION_METHODS) & (s["n"] > 0)]
    assert len(rows) >= 4
    assert ((rows["ci_high"] - rows["ci_low"]) / 2 <= WIDTH).all()
    assert result.manifest["trials_per_point"] == s["trials"].max()


def test_a_stopped_run_is_the_first_batches_of_the_full_run() -> None:
    """Stopping after round one keeps batch 0 of the full run: the same boards, fewer."""
    exp = as_experiment(_small())
    early = run_batches(exp, RunSettings(jobs=1), None, False, lambda totals, m: m)
    assert early.batches_run == 1 and early.trials_run == exp.batch_size * len(exp.points)
    first = as_experiment(_small()).with_overrides(exp.batch_size, None)
    full = run_batches(first, RunSettings(jobs=1), None, False)
    for a, b in zip(early.totals, full.totals, strict=True):
        assert np.array_equal(a, b)


def test_a_width_out_of_reach_stops_at_the_cap(small_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "cap"
    done = cauldron(
        "run", str(small_file), "--trials", "9000", "--target-ci", "0.0001", "--out", str(out)
    )
    assert done.returncode == 0, done.stderr
    assert "NOT met: reached the cap of 9,000 trials" in done.stdout
    assert json.loads((out / "manifest.json").read_text())["trials_per_point"] == 9000


def test_target_ci_is_a_share_and_cannot_resume(small_file: Path, tmp_path: Path) -> None:
    done = cauldron("run", str(small_file), "--target-ci", "2", "--out", str(tmp_path / "a"))
    assert done.returncode == 2 and "--target-ci 2.0" in done.stderr
    done = cauldron(
        "run", str(small_file), "--target-ci", "0.01", "--resume", "--out", str(tmp_path / "b")
    )
    assert done.returncode == 2 and "cannot --resume" in done.stderr
