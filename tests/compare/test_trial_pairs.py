"""Trial-paired comparisons (``sim.run.trial_pairs``): the wipe shape's per-trial cells add up
to its batch statistics, the chunk sums equal a direct computation on the trials, and a run
paired by trials agrees with one paired by batches on every estimate, resumes to the same
bytes, and differs only in its intervals."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import sim
from sim.config.experiment import parse_experiment
from sim.run.paired import SUMS, PairSums, paired_delta, unit_cells
from sim.run.trial_pairs import chunk_sums, pair_keys
from sim.shapes.base import Levels, TrialCells
from sim.shapes.registry import shape_of
from tests.compare.cells import summed_cells

FILE = Path(__file__).parent / "solemnity_small.toml"
SWEEP_PLAYERS = {"players.count": [2, 3], "baseline": 0}  # points with different seats


def _data(**compare: Any) -> dict[str, Any]:
    data = tomllib.loads(FILE.read_text("utf-8"))
    data["compare"] = {"baseline": 0, **compare}
    return data


def test_cells_add_up_to_the_batch_rows() -> None:
    """Σn and Σy of every row's per-trial cells are the (n, y) of the batch's own rows."""
    exp = parse_experiment(_data())
    shape = shape_of("wipe")
    for point in exp.points:
        sums, total = summed_cells(shape, point.config, 3, 3_000)
        rows = shape.rows(point.config, total, exp.families)
        assert set(sums) == set(shape.cell_keys(point.config))
        for key, cell in unit_cells(rows).items():
            assert tuple(sums[key]) == cell, key


def test_chunk_sums_are_the_paired_sums_of_the_trials() -> None:
    """The vectorized 14 sums equal folding every trial as its own unit, keys missing on one
    side counted as (0, 0), histogram levels included."""
    rng = np.random.default_rng(5)
    t = 200
    a_keys = (("f", "m", "x"), ("f", "m", "only_a"))
    b_keys = (("f", "m", "x"), ("f", "m", "only_b"))
    an, bn = rng.integers(0, 4, (t, 2)), rng.integers(0, 4, (t, 2))
    ay, by = rng.binomial(an, 0.5), rng.binomial(bn, 0.3)
    hist = [Levels("f", "h", ("0", "1", "2+"), rng.integers(0, 2, t), rng.integers(0, 3, t))
            for _ in range(2)]  # fmt: skip
    a = TrialCells(a_keys, an, ay, (hist[0],))
    b = TrialCells(b_keys, bn, by, (hist[1],))
    keys = tuple(dict.fromkeys([*a_keys, *b_keys, *(("f", "h", lab) for lab in hist[0].labels)]))
    fast = PairSums()
    fast.add_sums(keys, chunk_sums(a, b, keys), t)
    slow = PairSums()
    for i in range(t):
        slow.add(_unit(a, i), _unit(b, i))
    assert fast.units == slow.units == t
    for key in keys:
        assert fast.sums[key] == slow.sums[key], key
        assert len(fast.sums[key]) == SUMS


def _unit(cells: TrialCells, i: int) -> dict[tuple[str, str, str], tuple[int, int]]:
    out = {key: (int(cells.n[i, k]), int(cells.y[i, k])) for k, key in enumerate(cells.keys)}
    for lv in cells.levels:
        for j, label in enumerate(lv.labels):
            out[(lv.family, lv.metric, label)] = (int(lv.n[i]), int(lv.n[i] * (lv.value[i] == j)))
    return out


@pytest.fixture(scope="module")
def both() -> dict[str, pd.DataFrame]:
    """solemnity_small paired by trials and by batches."""
    return {
        unit: sim.run_experiment(_data(pairing=unit), jobs=1).tables["comparison"]
        for unit in ("trials", "batches")
    }


def test_trials_and_batches_agree_on_every_estimate(both: dict[str, pd.DataFrame]) -> None:
    trials, batches = both["trials"], both["batches"]
    assert set(trials["method"]) == {"paired-trials"}
    assert set(batches["method"]) == {"paired-batches"}
    assert set(trials["units"]) == {5_120} and set(batches["units"]) == {20}
    same = ["group", "family", "metric", "level", "point_estimate", "baseline_estimate"]
    pd.testing.assert_frame_equal(trials[same], batches[same])
    pd.testing.assert_series_equal(trials["estimate"], batches["estimate"])


def test_the_trial_interval_is_the_direct_one() -> None:
    """One row's interval from the runner equals paired_delta over the trials themselves."""
    exp = parse_experiment(_data())
    shape = shape_of("wipe")
    base, point = (p.config for p in exp.points)
    keys = pair_keys("wipe", point, base)
    sums = PairSums()
    for b in range(len(range(0, exp.trials, exp.batch_size))):
        seed = np.random.SeedSequence(exp.seed, spawn_key=(b,))
        runs = [shape.run_chunks(c, np.random.default_rng(seed), exp.batch_size)
                for c in (point, base)]  # fmt: skip
        for (_, a), (_, bb) in zip(*runs, strict=True):
            sums.add_sums(keys, chunk_sums(a, bb, keys), len(a.n))
    key = ("returns", "returns_per_trial", "persist")
    want = paired_delta(sums.sums[key], sums.units, share=False)
    frame = sim.run_experiment(exp, jobs=1).tables["comparison"]
    got = frame.set_index(["family", "metric", "level"]).loc[key]
    assert got["ci_low"] == pytest.approx(want.ci_low, rel=1e-12)
    assert got["paired_ci_width"] == pytest.approx(want.paired_width, rel=1e-12)


def test_resume_gives_the_same_comparison(tmp_path: Path) -> None:
    """Trial-paired sums live in the checkpoints: a run missing some batches resumes to the
    very same comparison (here: the baseline's batches removed, then the point's)."""
    whole = sim.run_experiment(_data(), jobs=1, out=tmp_path / "whole")
    for group in (0, 1):
        out = tmp_path / f"cut{group}"
        sim.run_experiment(_data(), jobs=1, out=out)
        for path in sorted((out / "checkpoints").glob(f"g{group:04d}-b*.npy"))[::2]:
            path.unlink()
        resumed = sim.run_experiment(_data(), jobs=1, out=out, resume=True)
        assert resumed.manifest["resumed_batches"] > 0
        pd.testing.assert_frame_equal(resumed.tables["comparison"], whole.tables["comparison"])


def test_points_with_different_seats_pair() -> None:
    """A sweep over the player count: the three-player point has a seat the baseline lacks,
    paired as (0, 0) on the baseline's side."""
    data = _data()
    data["sweep"] = SWEEP_PLAYERS
    data.pop("compare")
    data["slots"] = data["slots"][:1]
    frame = sim.run_experiment(data, trials=1_024, jobs=1).tables["comparison"]
    third = frame[(frame["metric"] == "life_after") & (frame["level"] == "third")]
    assert len(third) == 1 and third["baseline_estimate"].isna().all()
    assert set(frame["method"]) == {"paired-trials"}
