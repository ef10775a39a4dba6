"""Same seed, same bytes: --jobs 1, --jobs 2 and the Dask backend give one summary.csv
(SPEC section 5; numpy's parallel seeding, never seed + i)."""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path

import numpy as np

from sim.run.batches import batch_rng, batch_seed, batch_sizes
from tests.helpers import cauldron


def test_summary_bytes_do_not_depend_on_jobs_or_backend(
    small_file: Path, small_run: Path, tmp_path: Path
) -> None:
    # --jobs 1: the shared run of the same file (conftest.small_run)
    outputs = {"jobs1": {p.name: p.read_bytes() for p in small_run.glob("*.csv")}}
    for label, flags in {
        "jobs2": ["--jobs", "2"],
        "dask": ["--backend", "dask", "--jobs", "2"],
    }.items():
        out = tmp_path / label
        done = cauldron("run", str(small_file), "--out", str(out), *flags)
        assert done.returncode == 0, done.stderr
        outputs[label] = {p.name: p.read_bytes() for p in out.glob("*.csv")}
    assert outputs["jobs1"] == outputs["jobs2"] == outputs["dask"]
    assert len(outputs["jobs1"]) == 6  # summary and five metric families


def test_a_different_seed_gives_different_numbers(
    small_file: Path, small_run: Path, tmp_path: Path
) -> None:
    a, b = small_run, tmp_path / "b"  # a: `run small_file --jobs 1`, shared (conftest)
    done = cauldron("run", str(small_file), "--jobs", "1", "--seed", "12", "--out", str(b))
    assert done.returncode == 0
    assert (a / "summary.csv").read_bytes() != (b / "summary.csv").read_bytes()


def test_batch_i_draws_from_the_ith_spawned_seed() -> None:
    for seed in (0, 5, 2**63 - 1):
        children = np.random.SeedSequence(seed).spawn(40)
        for i in (0, 1, 7, 39):
            expected = np.random.default_rng(children[i]).random(3)
            assert np.array_equal(batch_rng(seed, 40, i).random(3), expected)
            assert np.array_equal(
                batch_seed(seed, i).generate_state(8), children[i].generate_state(8)
            )
    assert list(batch_sizes(10, 4)) == [4, 4, 2]
    assert list(batch_sizes(8, 4)) == [4, 4]
    assert len(batch_sizes(10**12, 3)) == 333_333_333_334


def test_a_dask_run_beside_another_cluster_prints_no_warning(
    small_file: Path, tmp_path: Path
) -> None:
    """Two runs on local Dask clusters at once, or any program on port 8787 (Dask's default
    for its HTTP server): the run's cluster listens on a free port of its own, on this
    machine only, so stderr holds no "Port 8787 is already in use" warning."""
    with socket.socket() as busy:
        with contextlib.suppress(OSError):  # already taken (another test's cluster): as good
            busy.bind(("", 8787))
            busy.listen()
        out = tmp_path / "out"
        flags = ("--backend", "dask", "--jobs", "2", "--out", str(out))
        done = cauldron("run", str(small_file), *flags)
    assert done.returncode == 0, done.stderr
    assert "8787" not in done.stderr and "Warning" not in done.stderr, done.stderr
