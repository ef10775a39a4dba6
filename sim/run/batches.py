"""Run an experiment's batches in parallel and sum their sufficient statistics (SPEC section 5).

Batch ``i`` of every sweep point draws from ``default_rng(SeedSequence(seed).spawn(n)[i])``
(``n`` batches per point): the points share their random boards (common random numbers), so
a sweep's curves differ by the swept value, not by board-to-board noise. Each batch returns one
int64 vector of sums; integer addition is exact, so the totals, and every number derived from
them, do not depend on ``--jobs``, the backend, the order batches finish in, or ``--resume``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.library import card_files
from sim.config.experiment import Experiment
from sim.errors import UserError
from sim.run.checkpoints import Checkpoints
from sim.run.progress import Progress
from sim.run.settings import RunSettings, resolve_jobs
from sim.run.trial_pairs import PairPlan, run_paired_points
from sim.run.warm import Warming, loky_parallel, ran, warm_one_dask_worker
from sim.run.worker import packed, with_cards
from sim.shapes.registry import shape_of


@dataclass
class RunTotals:
    """The summed statistics of every group, and what this session did."""

    totals: list[np.ndarray]
    trials_run: int  # trials computed in this session (not loaded from checkpoints)
    batches_resumed: int
    wall_s: float
    workers: int
    batches_run: int = 0  # batches per sweep point in the totals (all, unless a rule stopped)


@dataclass(frozen=True)
class Batches:
    """Fixed-size batches of a sweep point; the last one holds the remainder. Computed, not
    listed, so a run of any length holds nothing per batch."""

    trials: int
    size: int

    def __len__(self) -> int:
        return -(-self.trials // self.size)

    def __getitem__(self, batch: int) -> int:
        """The trials in batch ``batch``."""
        if not 0 <= batch < len(self):
            raise IndexError(batch)
        return min(self.size, self.trials - batch * self.size)


def batch_sizes(trials: int, batch_size: int) -> Batches:
    return Batches(trials, batch_size)


def batch_seed(seed: int, batch: int) -> np.random.SeedSequence:
    """``SeedSequence(seed).spawn(n)[batch]`` for any ``n > batch``, built directly: a spawned
    child is the parent's entropy with ``spawn_key=(batch,)``, so a run of millions of batches
    never holds millions of children (the tests check the two are the same stream)."""
    return np.random.SeedSequence(seed, spawn_key=(batch,))


def batch_rng(seed: int, n_batches: int, batch: int) -> np.random.Generator:
    """The generator of batch ``batch`` of ``n_batches``: numpy's parallel seeding."""
    if not 0 <= batch < n_batches:
        raise ValueError(f"batch {batch} of {n_batches}")
    return np.random.default_rng(batch_seed(seed, batch))


def run_one_batch(
    shape: str, config: Any, seed: np.random.SeedSequence, trials: int, group: int, batch: int
) -> tuple[int, int, np.ndarray]:
    """One task on a worker: draw, run and reduce a batch (module level, so it pickles)."""
    vector = shape_of(shape).run_batch(config, np.random.default_rng(seed), trials)
    ran(shape)
    return group, batch, vector


def run_batch_points(
    shape: str, configs: Sequence[tuple[int, Any]], seed: int, trials: int, batch: int
) -> list[tuple[int, int, np.ndarray]]:
    """One task: batch ``batch`` of each (group, config), on the same worker, so the points
    of one batch index, which draw the same trials, finish together (paired comparisons,
    ``sim.run.comparison``)."""
    return [
        run_one_batch(shape, config, batch_seed(seed, batch), trials, group, batch)
        for group, config in configs
    ]


@contextmanager
def backend(settings: RunSettings) -> Iterator[tuple[str, int]]:
    """Enter the joblib backend: yields (backend name for ``Parallel``, worker count)."""
    jobs = resolve_jobs(settings.jobs)
    if settings.backend == "loky":
        if settings.scheduler is not None:
            raise UserError("--scheduler needs --backend dask")
        yield "loky", jobs
        return
    if settings.backend != "dask":
        raise UserError(f"--backend {settings.backend}: unknown (hint: one of loky, dask)")
    from dask.distributed import Client, LocalCluster
    from joblib import parallel_config

    cluster = None
    if settings.scheduler is None:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=jobs,
            threads_per_worker=1,
            processes=True,
            # its HTTP server on a free port of this machine: Dask's default, 8787, is taken
            # by any other cluster, and Dask then warns on stderr
            dashboard_address="127.0.0.1:0",
            silence_logs=logging.ERROR,
        )
        client = Client(cluster)  # type: ignore[no-untyped-call]
    else:
        try:
            client = Client(settings.scheduler, timeout="10s")  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as err:
            raise UserError(
                f"--scheduler {settings.scheduler}: cannot connect ({err})"
                " (hint: tcp://HOST:8786, with cauldron installed on the workers)"
            ) from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        with parallel_config(backend="dask"):
            yield "dask", workers
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()


NextRound = Callable[[list[np.ndarray], int], int]
Observer = Callable[[int, int, np.ndarray], None]  # (group, batch, vector) of every batch


def _tasks(
    exp: Experiment, done: set[tuple[int, int]], batches: range, plan: PairPlan | None
) -> Iterator[Any]:
    """The joblib calls of ``batches`` not yet done, batch-major: one per (point, batch), or
    with a comparison's ``plan`` one per batch index holding all its points (trial pairing
    runs the baseline again when only it is done: its trials are needed)."""
    from joblib import delayed

    sizes = batch_sizes(exp.trials, exp.batch_size)
    task, files = delayed(with_cards), card_files()  # the worker loads the run's cards first
    for b in batches:
        todo = [(p.index, p.config) for p in exp.points if (p.index, b) not in done]
        if not todo:
            continue
        if plan is not None and plan.trials:
            base = (plan.baseline, exp.points[plan.baseline].config)
            seed = batch_seed(exp.seed, b)
            yield task(files, packed(run_paired_points, exp.shape, todo, base, seed, sizes[b], b))
            continue
        for part in [todo] if plan is not None else [[one] for one in todo]:
            yield task(files, packed(run_batch_points, exp.shape, part, exp.seed, sizes[b], b))


def run_batches(
    exp: Experiment,
    settings: RunSettings,
    checkpoints: Checkpoints | None,
    resume: bool,
    next_round: NextRound | None = None,
    observe: Observer | None = None,
    plan: PairPlan | None = None,
    warming: Warming | None = None,
) -> RunTotals:
    """Run every batch of every sweep point not yet checkpointed; sum the statistics.

    With ``next_round`` the batches run in rounds: batches ``[0, m)`` of every point, then
    ``next_round(totals, m)`` says how many batches per point to have in all (``m`` or fewer:
    stop). It sees only whole rounds of totals in batch order, which are exact integer sums,
    so where a run stops does not depend on ``--jobs`` or the backend (``sim.run.target_ci``).
    With ``observe`` every batch (loaded or run) is shown to it; with a comparison's ``plan``
    the points of one batch index run as one task (``run_batch_points``, or paired trial by
    trial ``sim.run.trial_pairs.run_paired_points``, whose vectors carry their pair sums
    after the statistics: the totals add only the statistics). ``warming``: the workers
    ``sim.run.warm.warm_workers`` started, waited for before the first batch."""
    start = time.perf_counter()
    shape = shape_of(exp.shape)
    sizes = batch_sizes(exp.trials, exp.batch_size)
    totals = [np.zeros(shape.layout(p.config).size, dtype=np.int64) for p in exp.points]

    def add(group: int, batch: int, vector: np.ndarray) -> None:
        totals[group] = checked_sum(totals[group], vector[: totals[group].size], group)
        if observe is not None:
            observe(group, batch, vector)

    if checkpoints is not None and resume:
        checkpoints.check_resumable()
    ran = 0
    done: set[tuple[int, int]] = set()
    with backend(settings) as (name, workers):
        # Files are touched only once the backend is up: a bad --scheduler writes nothing.
        if checkpoints is not None:
            done = _open_checkpoints(checkpoints, resume, add)
        already = sum(sizes[b] for _, b in done)
        progress = Progress(exp.trials * len(exp.points), already, settings.progress)
        parallel = _parallel(exp, name, workers, warming)
        low, high = 0, len(sizes) if next_round is None else 1
        have = 0
        with nullcontext() if checkpoints is None else checkpoints.writing():
            while low < high:
                calls = _tasks(exp, done, range(low, high), plan)
                for finished in parallel(calls):
                    for group, batch, vector in finished:
                        add(group, batch, vector)
                        if checkpoints is not None:
                            checkpoints.save(group, batch, vector)
                        ran += sizes[batch]
                        progress.advance(sizes[batch])
                have = high
                if next_round is None:
                    break
                low, high = high, min(len(sizes), next_round(totals, high))
    progress.close()
    return RunTotals(totals, ran, len(done), time.perf_counter() - start, workers, have)


def checked_sum(total: np.ndarray, vector: np.ndarray, group: int) -> np.ndarray:
    """``total + vector``, refusing to wrap past 2^63 - 1 (int64's cap on a statistic): a sum
    of squares of huge mana pools over many trials can get there, and a wrapped sum would be
    a silently wrong interval."""
    after: np.ndarray = total + vector
    wrapped = ((vector > 0) & (after < total)) | ((vector < 0) & (after > total))
    if wrapped.any():
        raise UserError(
            f"group {group}: a statistic passed 2^63 - 1, the cap of its 64-bit sum (hint: "
            "fewer trials per run, or smaller amounts such as fewer mana multipliers)"
        )
    return after


def _open_checkpoints(
    checkpoints: Checkpoints, resume: bool, add: Callable[[int, int, np.ndarray], None]
) -> set[tuple[int, int]]:
    """The (group, batch) pairs already done: loaded on ``--resume``, else none (a fresh
    start clears the folder's old checkpoints)."""
    if resume:
        return checkpoints.load(add)
    checkpoints.start_fresh()
    return set()


def _parallel(exp: Experiment, name: str, workers: int, warming: Warming | None) -> Any:
    """The ``Parallel`` the batches run on (once the workers ``warming`` started are ready;
    on Dask, once one worker has the kernels compiled, ``warm_one_dask_worker``)."""
    from joblib import Parallel

    if warming is not None:
        warming.wait()
    if name == "loky":
        return loky_parallel(workers)
    warm_one_dask_worker(exp)
    # The backend comes from ``parallel_config``: naming it here again makes joblib 1.6 hand
    # its nesting level to Dask as a task argument.
    return Parallel(n_jobs=-1, return_as="generator_unordered")
