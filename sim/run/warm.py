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

A first run on a machine (or of a new version of the kernels) compiles them: minutes of one
core and about a gigabyte of memory in each process that compiles. Workers warming up at once
would each compile the same code (eight workers, eight gigabytes), so until a batch of the
shape has run on this cache folder (``compiled``: its marker), one worker warms up first and
leaves the compiled code in the cache, and the others then load it; on Dask, one worker runs
a warm-up before the batches (``warm_one_dask_worker``).
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import numpy as np

from engine.batch.kernel.jit import CACHE_DIR, CACHING
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


# numba keeps a function's compiled code under a name made from the path of its source file,
# so a copy of the source elsewhere (another clone, another environment) compiles afresh
_PLACE = hashlib.sha1(str(Path(__file__).resolve().parents[2]).encode()).hexdigest()[:12]


def _marker(shape: str) -> Path:
    """The file a batch of ``shape`` leaves in the kernel cache's folder once it has run (the
    folder is one version of the kernels' source, ``jit.cache_dir``; the name, this copy of
    the source, ``_PLACE``)."""
    return CACHE_DIR / f"ran-{shape}-{_PLACE}"


_MARKED: set[str] = set()  # the shapes whose marker this process has left
EXPLAIN = "explain"  # the marker of ``cauldron explain --engine batch`` (the trial engine)


def compiled(shape: str) -> bool:
    """Whether a batch of ``shape`` has run on this cache, so that a process loads its
    compiled code instead of compiling it; True where nothing is cached (every process
    compiles in memory: waiting for one would gain nothing)."""
    return not CACHING or _marker(shape).exists()


def ran(shape: str) -> None:
    """Leave ``shape``'s marker, once a batch of it has run in this process (a cache that
    cannot take it only means the next run warms its workers one, then the rest)."""
    if shape in _MARKED or not CACHING:
        return
    _MARKED.add(shape)
    with suppress(OSError):
        _marker(shape).touch()


def announce_compile(marker: str, use: str, shown: bool | None = None) -> None:
    """Say on stderr that ``use`` (words: "wipe experiments") starts by compiling, minutes
    with nothing else shown, while ``marker`` (a shape, or ``EXPLAIN``) is not compiled and
    the command shows its progress (``shown``: None, when stderr is a terminal, as
    ``Progress``)."""
    if compiled(marker) or not (sys.stderr.isatty() if shown is None else shown):
        return
    sys.stderr.write(
        f"compiling the batch engine for {use}, once per machine and version"
        f" (a few minutes; later uses load it from {CACHE_DIR})\n"
    )


def warm_batch(shape: str, config: Any) -> int:
    """One worker's warm-up: a small batch of ``config``, its result dropped; the worker's
    process id."""
    from sim.shapes.registry import shape_of

    shape_of(shape).run_batch(config, np.random.default_rng(0), WARM_TRIALS)
    ran(shape)
    return os.getpid()


def _warm_up(exp: Experiment) -> Any:
    """The joblib call of one worker's warm-up on the first sweep point of ``exp`` (the run's
    card files put in place first, as for a batch)."""
    from joblib import delayed

    return delayed(with_cards)(card_files(), packed(warm_batch, exp.shape, exp.points[0].config))


class Warming:
    """Workers warming up on the first sweep point of ``exp``: all at once, or, while the
    shape's kernels are not compiled (``compiled``), one, then the others once it is done."""

    def __init__(self, exp: Experiment, workers: int) -> None:
        first = workers if compiled(exp.shape) else 1
        self._exp = exp
        self._workers, self._later = workers, workers - first
        self._results: Iterator[int] | None = self._start(first)
        self.pids: set[int] = set()

    def _start(self, count: int) -> Iterator[int]:
        return loky_parallel(self._workers)(  # type: ignore[no-any-return]
            _warm_up(self._exp) for _ in range(count)
        )

    def wait(self) -> set[int]:
        """Once every worker is warm, the process ids that ran a warm-up (raising what a
        warm-up raised)."""
        if self._results is not None:
            self.pids.update(self._results)
            self._results = None
        if self._later:
            self._results, self._later = self._start(self._later), 0
            self.pids.update(self._results)
            self._results = None
        return self.pids

    def close(self) -> None:
        """Let the warm-ups finish when the run failed before it waited for them, and drop
        what they raised: the run's own error is the one to report. (Closing joblib's
        results instead kills the workers, and loky's manager thread, racing the kill, can
        print a traceback.) The workers not started yet are not started."""
        self._later = 0
        if self._results is not None:
            with suppress(Exception):
                self.wait()
            self._results = None


def warm_one_dask_worker(exp: Experiment) -> int | None:
    """On Dask, while the shape's kernels are not compiled here (``compiled``), a warm-up on
    one worker before the batches (the process id of the worker, else None): a local
    cluster's workers then load what it compiled, not compile it each. Dask's workers outlive
    the run, so they are not warmed otherwise; workers on other machines compile on their
    own either way. Call it inside ``parallel_config(backend="dask")``."""
    if compiled(exp.shape):
        return None
    from joblib import Parallel

    (pid,) = Parallel(n_jobs=-1)([_warm_up(exp)])
    return int(pid)


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
