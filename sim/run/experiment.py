"""Run an experiment end to end: validate, run the batches, aggregate, write the run folder.

``run_experiment`` is the Python API (``sim.run_experiment``); ``cauldron run`` calls it.
Everything that can be wrong with the input is checked before the first file is written.
"""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from sim.config.cards import manifest_cards, use_file_cards, use_run_cards
from sim.config.compare import TARGETS
from sim.config.experiment import (
    MAX_BATCH,
    MIN_BATCH,
    Experiment,
    load_experiment,
    parse_experiment,
)
from sim.config.reader import Reader
from sim.errors import MAX_PLACE, UserError, clip
from sim.files import locked_folder, write_csv, write_json
from sim.run.aggregate import tidy_frames
from sim.run.batches import RunTotals, batch_sizes, run_batches
from sim.run.checkpoints import Checkpoints, cards_digest, code_digest
from sim.run.comparison import COMPARISON, Pairing, exact_comparison
from sim.run.exact import MAX_SUPPORT, check_exact, exact_rows
from sim.run.settings import BACKENDS, RunSettings, resolve_jobs
from sim.run.target_ci import Measure, check_width, next_round, precision
from sim.run.warm import announce_compile, warm_workers
from sim.shapes.base import Layout
from sim.shapes.registry import shape_of


def cauldron_version() -> str:
    try:
        return metadata.version("cauldron")
    except metadata.PackageNotFoundError:
        return "0+unknown"


@dataclass
class ExperimentResult:
    """A finished run: the summary, one frame per metric family, the manifest, the folder."""

    summary: pd.DataFrame
    tables: dict[str, pd.DataFrame]
    manifest: dict[str, Any]
    out: Path | None


def as_experiment(source: str | Path | Mapping[str, Any] | Experiment) -> Experiment:
    """An experiment from a file path, parsed TOML (a dict), or an Experiment."""
    if isinstance(source, Experiment):
        return source
    if isinstance(source, str | Path):
        return load_experiment(Path(source))
    use_file_cards(source, "<experiment>")  # its card files relative to the working folder
    return parse_experiment(source, "<experiment>")


def identity(exp: Experiment) -> dict[str, Any]:
    """What decides a run's numbers (checkpoints resume only the very same run)."""
    return {
        "experiment": exp.name,
        "config": exp.data,
        "seed": exp.seed,
        "trials": exp.trials,
        "batch_size": exp.batch_size,
        "version": cauldron_version(),
        "code": code_digest(),
        "cards": cards_digest(),
        "card_files": manifest_cards(),  # a user's, each with its SHA-256 (issue #14)
        "layout": [layout.size for layout in _layouts(exp)],
    }


def check_out(out: Path) -> None:
    """A run folder that cannot be one fails before anything runs (one line, no traceback);
    a folder that exists but cannot be written fails when ``locked_folder`` takes it."""
    try:
        for folder in (out, *out.parents):
            if folder.exists() and not folder.is_dir():
                where = "" if folder == out else f" ({clip(str(folder), MAX_PLACE)} is a file)"
                raise UserError(f"--out {clip(str(out), MAX_PLACE)}: not a folder{where}")
            if folder.exists():
                return
    except OSError as err:
        raise UserError(f"--out {clip(str(out), MAX_PLACE)}: {err.strerror or err}") from None


def run_experiment(
    experiment: str | Path | Mapping[str, Any] | Experiment,
    *,
    trials: int | None = None,
    seed: int | None = None,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    progress: bool | None = False,
    target_ci: float | None = None,
    target: str | None = None,
    exact: bool = False,
    max_support: int | None = None,
    report: bool = False,
) -> ExperimentResult:
    """Run an experiment; write ``summary.csv``, one CSV per metric family and
    ``manifest.json`` into ``out`` (nothing is written when ``out`` is None), and with
    ``report`` its ``report.html``. Every input is checked before anything is written; then
    the folder is locked (``sim.files.locked_folder``) until the last file is written.

    ``target_ci``: stop once every headline proportion's 95% half-width is at most this,
    with the experiment's trials as the cap (``sim.run.target_ci``); ``target``: what it
    waits for, ``"shares"`` or ``"deltas"`` (default: the file's ``[compare] target_ci``).
    ``exact``: enumerate
    every trial with its probability instead of sampling (``sim.run.exact``; at most
    ``max_support`` support points per sweep point)."""
    exp = _with_target(as_experiment(experiment).with_overrides(trials, seed), target, target_ci)
    out_dir = Path(out) if out is not None else None
    run: Callable[[Path | None], ExperimentResult]
    if exact:
        if target_ci is not None or resume:
            raise UserError("--exact needs no --target-ci or --resume (it samples nothing)")
        cap = MAX_SUPPORT if max_support is None else max_support
        run = partial(_run_exact, exp, check_exact(exp, cap), cap)
    else:
        settings = RunSettings(jobs, backend, scheduler, progress)
        _check_run_flags(settings, out_dir, resume, target_ci)
        if out_dir is not None and resume:
            _checkpoints(exp, out_dir).check_resumable()
        run = partial(_run_sampled, exp, settings, resume, target_ci, report)
    if out_dir is None:
        return run(None)
    check_out(out_dir)
    with locked_folder(out_dir, f"--out {clip(str(out_dir), MAX_PLACE)}"):
        result = run(out_dir)
        if report:
            from sim.report.html import write_report  # jinja2, matplotlib: only when reporting

            write_report(out_dir)
    return result


def _with_target(exp: Experiment, target: str | None, target_ci: float | None) -> Experiment:
    """The experiment with ``--target`` in place of its ``[compare] target_ci``."""
    if target is None:
        return exp
    if target not in TARGETS:
        raise UserError(f"--target {target}: unknown (hint: one of {', '.join(TARGETS)})")
    if target_ci is None:
        raise UserError(f"--target {target} needs --target-ci W")
    if target == "deltas" and exp.compare.baseline is None:
        raise UserError("--target deltas needs a baseline (hint: [compare] baseline = 0)")
    return replace(exp, compare=replace(exp.compare, target=target))


def _run_sampled(
    exp: Experiment,
    settings: RunSettings,
    resume: bool,
    target_ci: float | None,
    report: bool,
    out_dir: Path | None,
) -> ExperimentResult:
    """Sample the experiment's batches (resuming from checkpoints when asked) on workers
    warmed up first (``sim.run.warm``); write the run."""
    baseline = exp.compare.baseline
    pairing = None if baseline is None else Pairing(exp, baseline)
    checkpoints = None if out_dir is None else _checkpoints(exp, out_dir)
    measure: Measure = partial(precision, exp)
    if pairing is not None and exp.compare.target == "deltas":
        measure = pairing.measure
    rounds = None if target_ci is None else partial(next_round, measure, target_ci)
    observe, plan = (None, None) if pairing is None else (pairing.add, pairing.plan)
    announce_compile(exp.shape, f"{exp.shape} experiments", settings.progress)
    with warm_workers(exp, settings.backend, settings.jobs) as warming:
        if report and warming is not None:
            import sim.report.html  # noqa: F401  (its imports take a second: while workers warm up)
        done = run_batches(exp, settings, checkpoints, resume, rounds, observe, plan, warming)
    shape = shape_of(exp.shape)
    rows = [
        shape.rows(p.config, total, exp.families)
        for p, total in zip(exp.points, done.totals, strict=True)
    ]
    summary, tables = tidy_frames(exp, rows)
    if pairing is not None:
        tables[COMPARISON] = pairing.frame(rows)
    manifest = _manifest(exp, settings, done)
    if target_ci is not None:
        reached = measure(done.totals)
        manifest["target_ci"] = {
            "half_width": target_ci,
            "reached": round(reached.half_width, 6),
            "widest": reached.metric,
            "met": reached.half_width <= target_ci,
            "of": exp.compare.target,
            "cap_trials": exp.trials,
        }
    return _finish(out_dir, summary, tables, manifest)


def _check_run_flags(
    settings: RunSettings, out_dir: Path | None, resume: bool, target_ci: float | None
) -> None:
    """Every flag checked before a batch runs, so a bad one costs nothing."""
    if target_ci is not None:
        check_width(target_ci)
        if resume:
            raise UserError("--target-ci cannot --resume (hint: rerun it; it is deterministic)")
    resolve_jobs(settings.jobs)
    if settings.backend not in BACKENDS:
        raise UserError(
            f"--backend {settings.backend}: unknown (hint: one of {', '.join(BACKENDS)})"
        )
    if settings.scheduler is not None and settings.backend != "dask":
        raise UserError("--scheduler needs --backend dask")
    if resume and out_dir is None:
        raise UserError("--resume needs a run folder (--out)")


def _layouts(exp: Experiment) -> list[Layout]:
    """What each point's tasks return: its statistics (and trial-paired sums against the
    baseline, ``sim.run.trial_pairs``)."""
    if exp.compare.baseline is not None:
        return Pairing(exp, exp.compare.baseline).layouts()
    shape = shape_of(exp.shape)
    return [shape.layout(p.config) for p in exp.points]


def _checkpoints(exp: Experiment, out_dir: Path) -> Checkpoints:
    layouts = _layouts(exp)
    batches = batch_sizes(exp.trials, exp.batch_size)
    return Checkpoints(out_dir / "checkpoints", identity(exp), layouts, batches)


def _finish(
    out_dir: Path | None,
    summary: pd.DataFrame,
    tables: dict[str, pd.DataFrame],
    manifest: dict[str, Any],
) -> ExperimentResult:
    """Write the run folder (when there is one): the CSVs first, the manifest last."""
    if out_dir is not None:
        write_csv(out_dir / "summary.csv", summary)
        for family, frame in tables.items():
            write_csv(out_dir / f"{family}.csv", frame)
        write_json(out_dir / "manifest.json", manifest)
    return ExperimentResult(summary, tables, manifest, out_dir)


def _run_exact(
    exp: Experiment, support: list[int], max_support: int, out_dir: Path | None
) -> ExperimentResult:
    """``--exact``: every sweep point enumerated through the batch engine, one weighted batch
    (``support``: each point's support size, from ``check_exact``)."""
    start = time.perf_counter()
    rows = exact_rows(exp)
    wall = time.perf_counter() - start
    summary, tables = tidy_frames(exp, rows)
    if exp.compare.baseline is not None:
        tables[COMPARISON] = exact_comparison(exp, exp.compare.baseline, summary)
    done = RunTotals([], sum(support), 0, wall, 1, 1)
    manifest = _manifest(exp, RunSettings(1), done)
    manifest.update(
        {
            "method": "exact",
            "support_per_point": support,
            "max_support": max_support,
            "batches_per_point": 1,
            "trials_per_point": max(support),
            "trials_total": sum(support),
        }
    )
    return _finish(out_dir, summary, tables, manifest)


def _manifest(exp: Experiment, settings: RunSettings, done: RunTotals) -> dict[str, Any]:
    """What ``manifest.json`` says: the run's identity, how it ran and how fast."""
    used = min(done.batches_run * exp.batch_size, exp.trials)
    return {
        **{k: v for k, v in identity(exp).items() if k != "layout"},
        "name": exp.name,
        "source": exp.source,
        "shape": exp.shape,
        "families": list(exp.families),
        "points": [
            {"group": p.index, "params": dict(p.params), "label": words}
            for p, words in zip(
                exp.points, exp.compare.words or [""] * len(exp.points), strict=True
            )
        ],
        "compare": None
        if exp.compare.baseline is None
        else {"baseline": exp.compare.baseline, "target_ci": exp.compare.target},
        "batches_per_point": done.batches_run,
        "trials_per_point": used,
        "trials_total": used * len(exp.points),
        "backend": settings.backend,
        "jobs": settings.jobs,
        "workers": done.workers,
        "scheduler": settings.scheduler,
        "resumed_batches": done.batches_resumed,
        "trials_run": done.trials_run,
        "wall_time_s": round(done.wall_s, 3),
        "trials_per_s": round(done.trials_run / done.wall_s, 1) if done.wall_s > 0 else None,
        "numpy": np.__version__,
        "python": platform.python_version(),
        "files": _files(exp),
    }


def _files(exp: Experiment) -> list[str]:
    """The files a run writes, in the order it writes them (the manifest last)."""
    compare = [] if exp.compare.baseline is None else [f"{COMPARISON}.csv"]
    return ["summary.csv", *(f"{f}.csv" for f in exp.families), *compare, "manifest.json"]


def experiment_of_run(run_dir: Path) -> Experiment:
    """The experiment a run folder was made from (its manifest, or the checkpoints' note of
    a run that never finished), rebuilt from the stored configuration."""
    use_run_cards(run_dir)
    for path in (run_dir / "manifest.json", run_dir / "checkpoints" / "run.json"):
        if path.is_file():
            try:
                doc = json.loads(path.read_text("utf-8"))
            except (OSError, ValueError) as err:
                raise UserError(f"{path}: unreadable ({err})") from None
            doc = doc.get("identity", doc) if isinstance(doc, dict) else {}
            try:
                config, name = doc["config"], doc["experiment"]
                trials, seed, size = int(doc["trials"]), int(doc["seed"]), int(doc["batch_size"])
                if not isinstance(config, dict) or not isinstance(name, str):
                    raise TypeError(name)
            except (KeyError, TypeError, ValueError, AttributeError):
                raise UserError(f"{path}: not a cauldron run manifest") from None
            exp = parse_experiment(config, str(path), default_name=name)
            size = Reader(str(path)).integer(size, "batch_size", MIN_BATCH, MAX_BATCH)
            return replace(exp.with_overrides(trials, seed), batch_size=size)
    raise UserError(
        f"--run {run_dir}: no manifest.json here (hint: the folder `cauldron run` wrote)"
    )
