"""How a run runs (never what it computes): workers, backend, scheduler, progress.

Apart from the runner, so the command line can name the backends without importing it (the
batch engine must not be imported before the run's card files are in place)."""

from __future__ import annotations

from dataclasses import dataclass

BACKENDS = ("loky", "dask")


@dataclass(frozen=True)
class RunSettings:
    """How to run (never what is computed)."""

    jobs: int = -1  # worker processes; -1 = all cores
    backend: str = "loky"
    scheduler: str | None = None  # a Dask scheduler address; None = a local cluster
    progress: bool | None = None  # None = when stderr is a terminal
