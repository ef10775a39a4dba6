"""``cauldron bench``: the batch and the reference engine timed on the same generated trials.

Speed is measured here, never asserted by a test (the machines are noisy): compare the ratio
of the two engines measured in one run. Each workload runs in its own fresh process (the
"spawn" start method), so its peak resident memory is its own, not an earlier workload's.
"""

from __future__ import annotations

import importlib
import multiprocessing
import resource
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from engine.library import card_files
from sim.bench_workloads import TABLES, Workload, workload
from sim.errors import UserError, echo
from sim.run.warm import WARM_TRIALS
from sim.run.worker import packed, with_cards
from sim.shapes.base import CHUNK

TRIALS = 131_072  # batch trials per workload unless ``--trials`` says otherwise
WORKLOADS = tuple(TABLES)  # the workload names, in the order they run
# ru_maxrss is in kilobytes on Linux, in bytes on macOS
_RSS_UNIT = 1024 * 1024 if sys.platform == "darwin" else 1024


def peak_rss_mb() -> float:
    """The peak resident memory of this process image so far, in MB (2^20 bytes).

    Linux's ``VmHWM`` where there is one: ``ru_maxrss`` survives ``exec``, so a spawned
    child's would start at its parent's peak (as high as 400 MB once the parent has compiled
    the kernel); ``VmHWM`` belongs to the new image alone."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # "VmHWM:   123456 kB"
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / _RSS_UNIT


def compile_seconds() -> float | None:
    """The compiled kernel's first-call compile time, or None when there is no such kernel.

    Call it before the workloads: they then find the kernel in its on-disk cache."""
    try:  # as ``from engine.batch.kernel import warm_up`` (mypy cannot see a missing module)
        warm_up = importlib.import_module("engine.batch.kernel").warm_up
    except (ImportError, AttributeError):
        return None
    return float(warm_up())


def _time_batch(
    work: Workload, rng: np.random.Generator, n_chunks: int, chunk: int
) -> tuple[Any, Any, float]:
    """Draw and run ``n_chunks`` batches one at a time, timing the engine only, as an
    experiment runs it (``Workload.timed``): the first batch's inputs, its finished state
    with all its outcome says (run once before timing, to warm up) and the seconds.

    Drawn one batch at a time, as the runner does, so memory stays flat in the trial count;
    the generator is called in the same order as drawing every batch first would."""
    first = work.draw(rng, chunk)
    first_state = work.run(first)
    seconds = 0.0
    for i in range(n_chunks):
        inputs = first if i == 0 else work.draw(rng, chunk)
        start = time.perf_counter()
        work.timed(inputs)  # the runner keeps only statistics: each state is dropped at once
        seconds += time.perf_counter() - start
    return first, first_state, seconds


def measure(name: str, trials: int, reference_trials: int, seed: int) -> dict[str, Any]:
    """Time both engines on workload ``name`` in this process; check they agree on the
    reference's trials. ``peak_rss_mb`` is read after the batch part, before the reference."""
    work = workload(name)
    chunk = min(CHUNK, trials)  # fewer trials than a batch: one smaller batch
    n_chunks = max(1, trials // chunk)
    first, first_state, batch_s = _time_batch(work, np.random.default_rng(seed), n_chunks, chunk)
    peak = peak_rss_mb()
    n_ref = min(reference_trials, chunk)
    start = time.perf_counter()
    expected = [work.replay(first, i) for i in range(n_ref)]
    ref_s = time.perf_counter() - start
    verdicts = [verdict(work.outcome(first_state, i, first), expected[i]) for i in range(n_ref)]
    batch_rate, ref_rate = n_chunks * chunk / batch_s, n_ref / ref_s
    return {
        "name": name,
        "trials": n_chunks * chunk,
        "batch_trials_per_s": batch_rate,
        "reference_trials_per_s": ref_rate,
        "ratio": batch_rate / ref_rate,
        "reference_trials": n_ref,
        "disagreements": verdicts.count("disagree"),
        "capped": verdicts.count("capped"),
        "peak_rss_mb": round(peak, 1),
    }


def verdict(batch: dict[str, Any], reference: dict[str, Any]) -> str:
    """ "agree", "capped" (the batch engine stopped the trial at a declared cap where the
    reference engine played on: the contract, not a disagreement) or "disagree", of a trial's
    outcomes in the comparable form."""
    # imported here: the card tables wait for the bench's card files (``--cards``)
    from engine.batch.outcome import stopped_at_cap

    if batch == reference:
        return "agree"
    return "capped" if stopped_at_cap(batch) else "disagree"


def _in_fresh_process(name: str, trials: int, reference_trials: int, seed: int) -> dict[str, Any]:
    """``measure`` in a new interpreter of its own (spawned, not forked: a forked child starts
    with its parent's memory, and its peak with it)."""
    context = multiprocessing.get_context("spawn")
    task = packed(measure, name, trials, reference_trials, seed)
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        # the user's card files (cauldron bench --cards) are loaded before the engine is
        result: dict[str, Any] = pool.submit(with_cards, card_files(), task).result()
    return result


def workload_names(asked: Sequence[str] | None) -> tuple[str, ...]:
    """The workloads ``asked`` names, in the bench's order (all when None); one line naming an
    unknown one."""
    for name in asked or ():
        if name not in WORKLOADS:
            raise UserError(
                f"bench: unknown workload {echo(name)} (hint: one of {', '.join(WORKLOADS)})"
            )
    return tuple(w for w in WORKLOADS if asked is None or w in asked)


def check_count(name: str, value: int | None) -> None:
    """A count of trials the bench is given (``name``: the flag or argument), if given, is
    positive."""
    if value is not None and value < 1:
        raise UserError(f"bench: {name} {value} is not a positive count (hint: e.g. 1000)")


def bench(
    trials: int = TRIALS,
    reference_trials: int = 300,
    seed: int = 20261129,
    names: tuple[str, ...] = WORKLOADS,
) -> list[dict[str, Any]]:
    """Measure each workload of ``names`` (known names, see ``WORKLOADS``), each in a fresh
    process, on the trials drawn from ``seed``: the same trials for any selection.

    Each workload first runs one small batch here (``warm``), so its process finds all the
    compiled code it runs in the on-disk cache, and compiles none of it."""
    for name in names:
        warm(name)
    return [_in_fresh_process(name, trials, reference_trials, seed) for name in names]


def warm(name: str) -> None:
    """Run a small batch of workload ``name`` in this process: what its draws, layout and
    kernel specializations compile is in the on-disk cache afterwards (on a cold cache, a
    process that compiled the mana draws itself peaked 20 MB higher: 241 MB, not 220)."""
    work = workload(name)
    work.run(work.draw(np.random.default_rng(0), WARM_TRIALS))
