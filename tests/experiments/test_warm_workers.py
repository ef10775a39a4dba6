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

from sim.config.experiment import Experiment, load_experiment
from sim.errors import UserError
from sim.run import batches as batches_module
from sim.run import warm as warm_module
from sim.run.batches import _parallel, run_batches
from sim.run.settings import RunSettings
from sim.run.warm import announce_compile, compiled, ran, warm_workers


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
        parallel = _parallel(exp, "loky", 2, warm)
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


@pytest.fixture
def cold_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This process's view of an empty kernel cache folder (the workers keep their own)."""
    monkeypatch.setattr(warm_module, "CACHE_DIR", tmp_path)
    monkeypatch.setattr(warm_module, "CACHING", True)
    monkeypatch.setattr(warm_module, "_MARKED", set())
    return tmp_path


def test_a_batch_that_ran_marks_its_shape_compiled(cold_cache: Path) -> None:
    assert not compiled("wipe")
    ran("wipe")
    assert compiled("wipe") and warm_module._marker("wipe").parent == cold_cache
    assert warm_module._marker("wipe").exists()
    assert not compiled("mana")  # a shape of its own: its kernels may not be compiled


def test_another_copy_of_the_source_compiles_afresh(
    cold_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """numba names compiled code after its source file's path: a clone elsewhere sharing the
    cache folder compiles its own, and a marker of this copy says nothing of it."""
    ran("wipe")
    monkeypatch.setattr(warm_module, "_PLACE", "elsewhere")
    assert not compiled("wipe")


def test_without_a_cache_every_shape_counts_as_compiled(
    cold_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache that cannot be written: every process compiles in memory, so a worker gains
    nothing by waiting for another, and nothing is written."""
    monkeypatch.setattr(warm_module, "CACHING", False)
    ran("wipe")
    assert compiled("wipe") and not any(cold_cache.iterdir())


def test_a_cold_cache_warms_one_worker_then_the_others(small_file: Path, cold_cache: Path) -> None:
    """SPEC 8 (memory): compiling takes about a gigabyte in each process that compiles, so
    on a cache without the shape's kernels the other workers wait for the first and load
    what it compiled."""
    exp = load_experiment(small_file)
    with warm_workers(exp, "loky", 2) as warming:
        assert warming is not None and warming._later == 1  # one started, one waiting
        warmed = warming.wait()
        assert warming._later == 0 and 1 <= len(warmed) <= 2


def test_a_run_that_fails_while_compiling_starts_no_other_worker(
    small_file: Path, cold_cache: Path
) -> None:
    exp = load_experiment(small_file)
    with pytest.raises(UserError), warm_workers(exp, "loky", 2) as warming:
        assert warming is not None
        raise UserError("--out: not a folder")
    assert warming._later == 0 and len(warming.pids) == 1


def test_a_warm_cache_warms_every_worker_at_once(small_file: Path, cold_cache: Path) -> None:
    exp = load_experiment(small_file)
    ran(exp.shape)
    with warm_workers(exp, "loky", 2) as warming:
        assert warming is not None and warming._later == 0


def test_a_cold_start_is_announced_on_a_terminal_only(
    cold_cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The progress bar stays at 0 while the kernels compile: a line says why (where the bar
    shows, ``Progress``), and nothing more once they are compiled."""
    announce_compile("wipe", "wipe experiments", shown=False)
    assert capsys.readouterr().err == ""
    announce_compile("wipe", "wipe experiments", shown=True)
    line = capsys.readouterr().err
    assert (
        line.count("\n") == 1 and "compiling the batch engine" in line and str(cold_cache) in line
    )
    ran("wipe")
    announce_compile("wipe", "wipe experiments", shown=True)
    assert capsys.readouterr().err == ""


def test_explain_on_the_batch_engine_marks_the_trial_engine_compiled(cold_cache: Path) -> None:
    """``cauldron explain --engine batch`` compiles the trial engine on first use: a line
    says so on a terminal until a scenario has run (``EXPLAIN``'s marker)."""
    from sim.api import explain
    from sim.run.warm import EXPLAIN

    scenario = Path(__file__).resolve().parents[2] / "experiments/scenarios/apnap_4p_wrath.toml"
    assert not compiled(EXPLAIN)
    explain(scenario, engine="batch")
    assert compiled(EXPLAIN) and warm_module._marker(EXPLAIN).exists()


def test_a_cold_cache_warms_one_dask_worker_before_the_batches(
    small_file: Path, cold_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SPEC 8 (memory): on Dask too, while the shape's kernels are not compiled, one worker
    runs a warm-up before the batches, so a local cluster's workers load its compiled code
    instead of compiling it each; with them compiled, no warm-up runs."""
    warmed: list[int | None] = []
    real = warm_module.warm_one_dask_worker

    def spy(exp: Experiment) -> int | None:
        warmed.append(real(exp))
        return warmed[-1]

    monkeypatch.setattr(batches_module, "warm_one_dask_worker", spy)
    exp = load_experiment(small_file)
    settings = RunSettings(jobs=2, backend="dask", progress=False)
    first = run_batches(exp, settings, None, False)
    assert len(warmed) == 1 and isinstance(warmed[0], int)
    ran(exp.shape)
    again = run_batches(exp, settings, None, False)
    assert warmed[1:] == [None]
    assert [t.tolist() for t in first.totals] == [t.tolist() for t in again.totals]
