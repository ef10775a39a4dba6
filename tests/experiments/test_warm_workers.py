"""The workers ``cauldron run`` starts early are the ones its batches run on (SPEC section 8,
near-linear scaling over cores: a fresh worker's second of loading was more than a 1,000,000-
trial run's batches). ``--jobs 2`` giving the bytes of ``--jobs 1`` is test_determinism's."""

from __future__ import annotations

import os
import time
import warnings
from dataclasses import replace
from pathlib import Path

import pytest

from sim.config.experiment import load_experiment
from sim.errors import UserError
from sim.run.batches import _parallel
from sim.run.warm import warm_workers


def _pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_the_batches_run_on_the_warmed_workers(small_file: Path) -> None:
    from joblib import delayed

    exp = load_experiment(small_file)
    with warm_workers(exp, "loky", 2) as warm:
        assert warm is not None
        warmed = warm.wait()
        # two tasks that each hold a worker: one on each of the executor's two workers
        parallel = _parallel("loky", 2, warm)
        running = set(parallel(delayed(_pid_after)(0.5) for _ in range(2)))
    assert len(running) == 2
    assert os.getpid() not in running
    # a new executor would have new processes, none of them the warmed ones
    assert len(warmed) >= 1 and warmed <= running


def test_a_run_that_fails_first_reports_its_own_error(small_file: Path) -> None:
    exp = load_experiment(small_file)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # joblib's "tasks cancelled" would fail the test
        with pytest.raises(UserError, match="--out"), warm_workers(exp, "loky", 2) as warm:
            assert warm is not None
            raise UserError("--out: not a folder")
    assert len(warm.pids) >= 1  # the warm-ups ran to their end


def test_a_warm_up_that_fails_raises_where_the_run_waits(small_file: Path) -> None:
    exp = load_experiment(small_file)
    broken = replace(exp, shape="no such shape")
    with warm_workers(broken, "loky", 2) as warm:
        assert warm is not None
        with pytest.raises(KeyError):
            warm.wait()


@pytest.mark.parametrize(("backend", "jobs"), [("loky", 1), ("dask", 2)])
def test_no_workers_to_warm(small_file: Path, backend: str, jobs: int) -> None:
    """One job runs in this process, and Dask's workers outlive the run."""
    with warm_workers(load_experiment(small_file), backend, jobs) as warm:
        assert warm is None
