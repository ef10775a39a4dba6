"""Start a run's loky workers before its first batch, while the parent still gets ready.

A fresh worker spends over a second before it can run a batch: the interpreter, the engine's
imports, numba's compiler context and the shape's compiled functions read from the on-disk
cache. On the README's run of 1,000,000 trials on two workers that was more than the batches
took (1.77 s with fresh workers, 0.72 s with warm ones): two workers did fewer trials a second
than one, where SPEC section 8 asks for near-linear scaling over cores.

So once a sampled run has checked its flags and its folder, ``run_experiment`` starts the
workers, each running a small batch of the first sweep point (thrown away: the code the batches
run, loaded), and imports the report's modules meanwhile. ``run_batches`` waits for them before
its first batch, and joblib's executor, one per process and reused by a ``Parallel`` built
alike, gives the batches these same workers. Where both cores are busy anyway (two workers on
two cores) the overlap gains little of the command's time; where a core is idle, up to the
second the parent spends.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import numpy as np

from engine.library import card_files
from sim.config.experiment import Experiment
from sim.run.settings import resolve_jobs
from sim.run.worker import packed, with_cards

WARM_TRIALS = 1_024  # trials of the thrown-away batch: milliseconds of work, past the loading


def loky_parallel(workers: int) -> Any:
    """The joblib ``Parallel`` of a loky run: the warm-up and the batches must build it alike,
    or joblib starts a new executor (new, cold workers) for the batches."""
    from joblib import Parallel

    return Parallel(n_jobs=workers, backend="loky", return_as="generator_unordered")


def warm_batch(shape: str, config: Any) -> int:
    """One worker's warm-up: a small batch of ``config``, its result dropped; the worker's
    process id."""
    from sim.shapes.registry import shape_of

    shape_of(shape).run_batch(config, np.random.default_rng(0), WARM_TRIALS)
    return os.getpid()


class Warming:
    """Workers warming up on the first sweep point of ``exp``."""

    def __init__(self, exp: Experiment, workers: int) -> None:
        from joblib import delayed

        task, files = delayed(with_cards), card_files()
        blob = packed(warm_batch, exp.shape, exp.points[0].config)
        self._results: Iterator[int] | None = loky_parallel(workers)(
            task(files, blob) for _ in range(workers)
        )
        self.pids: set[int] = set()

    def wait(self) -> set[int]:
        """Once every worker is warm, the process ids that ran a warm-up (raising what a
        warm-up raised)."""
        if self._results is not None:
            self.pids.update(self._results)
            self._results = None
        return self.pids

    def close(self) -> None:
        """Let the warm-ups finish when the run failed before it waited for them, and drop
        what they raised: the run's own error is the one to report. (Closing joblib's
        results instead kills the workers, and loky's manager thread, racing the kill, can
        print a traceback.)"""
        if self._results is not None:
            with suppress(Exception):
                self.wait()
            self._results = None


@contextmanager
def warm_workers(exp: Experiment, backend: str, jobs: int) -> Iterator[Warming | None]:
    """The run's workers (``jobs``, checked), warming up for the duration of the block; None
    when the run has none to warm: one worker (this process), or Dask (its workers live as
    long as its cluster)."""
    workers = resolve_jobs(jobs)
    warming = Warming(exp, workers) if backend == "loky" and workers >= 2 else None
    try:
        yield warming
    finally:
        if warming is not None:
            warming.close()
