"""How a run runs (never what it computes): workers, backend, scheduler, progress.

Apart from the runner, so the command line can name the backends without importing it (the
batch engine must not be imported before the run's card files are in place)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from sim.errors import UserError

BACKENDS = ("loky", "dask")


@dataclass(frozen=True)
class RunSettings:
    """How to run (never what is computed)."""

    jobs: int = -1  # worker processes; -1 = all cores
    backend: str = "loky"
    scheduler: str | None = None  # a Dask scheduler address; None = a local cluster
    progress: bool | None = None  # None = when stderr is a terminal


def _cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def resolve_jobs(jobs: int) -> int:
    """The worker count of ``--jobs`` (-1: one per core this process may use)."""
    if jobs == 0 or jobs < -1:
        raise UserError(f"--jobs {jobs}: expected a positive number, or -1 for all cores")
    return _cpu_count() if jobs == -1 else jobs
