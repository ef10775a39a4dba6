"""The experiment subcommands of ``cauldron`` (SPEC section 7): ``run``, ``validate``, and
``explain --run DIR --trial N``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from sim.cli.cards import add_cards_flag
from sim.config.cards import use_file_cards, use_run_cards
from sim.config.compare import TARGETS
from sim.config.reader import read_toml
from sim.config.scenario import looks_like_scenario, parse_scenario
from sim.errors import UserError
from sim.run.settings import BACKENDS

# The batch engine (through sim.config.experiment and sim.run) is imported inside each
# command, once its card files are in place (see sim.cli.main).


def _run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    data = read_toml(path)
    use_file_cards(data, path, args.cards)
    from sim.config.experiment import parse_experiment
    from sim.run.experiment import run_experiment  # pandas, joblib: only when running

    exp = parse_experiment(data, str(path), path.stem).with_overrides(args.trials, args.seed)
    out = Path(args.out) if args.out else Path("reports") / exp.name
    result = run_experiment(
        exp,
        jobs=args.jobs,
        backend=args.backend,
        scheduler=args.scheduler,
        out=out,
        resume=args.resume,
        progress=None,
        target_ci=args.target_ci,
        target=args.target,
        exact=args.exact,
        max_support=args.max_support,
        report=True,
    )
    m = result.manifest
    groups = len(exp.points)
    rate = f"{m['trials_per_s']:,.0f} trials/s" if m["trials_per_s"] else "all from checkpoints"
    if args.exact:
        sys.stdout.write(
            f"{exp.name}: exact, {m['trials_total']:,} support points (boards x choices)"
            + (f" in {groups} sweep groups" if groups > 1 else "")
            + f" enumerated in {m['wall_time_s']:.1f} s\n"
            f"wrote {out}/: " + ", ".join([*m["files"], "report.html"]) + "\n"
        )
        return 0
    sys.stdout.write(
        f"{exp.name}: {m['trials_total']:,} trials"
        + (f" in {groups} sweep groups" if groups > 1 else "")
        + f", {m['wall_time_s']:.1f} s on {m['workers']} {m['backend']} workers ({rate})\n"
        + _target_line(m)
        + f"wrote {out}/: "
        + ", ".join([*m["files"], "report.html"])
        + "\n"
    )
    return 0


def _target_line(manifest: dict[str, Any]) -> str:
    """What ``--target-ci`` did: where it stopped, and why."""
    target = manifest.get("target_ci")
    if target is None:
        return ""
    used, cap = manifest["trials_per_point"], target["cap_trials"]
    if target["met"]:
        why = f"stopped on its own at {used:,} of at most {cap:,} trials per point"
    else:
        why = f"NOT met: reached the cap of {cap:,} trials per point"
    return (
        f"--target-ci {target['half_width']}: {why};"
        f" widest headline {'delta' if target['of'] == 'deltas' else 'share'} 95% half-width"
        f" {target['reached']:.6f} ({target['widest']})\n"
    )


def _validate(args: argparse.Namespace) -> int:
    """Check an experiment file, or a scenario file (which ``explain`` runs), without running
    it."""
    path = Path(args.file)
    data = read_toml(path)
    use_file_cards(data, path, args.cards)
    if looks_like_scenario(data):
        scenario = parse_scenario(data, path)
        sys.stdout.write(
            f"{args.file}: ok: a scenario, {len(scenario.players)} players,"
            f" {len(scenario.battlefield)} permanents, {len(scenario.actions)} actions"
            f" (it is not an experiment: run it with cauldron explain {args.file})\n"
        )
        return 0
    from sim.config.experiment import parse_experiment
    from sim.run.batches import batch_sizes

    exp = parse_experiment(data, str(path), default_name=path.stem)
    batches = len(batch_sizes(exp.trials, exp.batch_size))
    points = len(exp.points)
    sys.stdout.write(
        f"{args.file}: ok: {exp.shape} experiment {exp.name!r}, {points} sweep point"
        f"{'s' if points != 1 else ''} x {exp.trials:,} trials ({batches} batch"
        f"{'es' if batches != 1 else ''} of"
        f" {exp.batch_size:,}), metrics: {', '.join(exp.families)}\n"
    )
    return 0


def explain_run(args: argparse.Namespace) -> int:
    """``cauldron explain --run DIR --trial N [--group G]``: replay one trial of a run on the
    reference engine, with its rule log, and say whether the batch engine agreed."""
    if args.run is None:
        raise UserError("explain: --trial and --group need --run DIR")
    if args.file is not None:
        raise UserError("explain: give a scenario FILE or --run DIR, not both")
    if args.trial is None:
        raise UserError("explain --run: which trial? (hint: --trial N, counted from 0)")
    if args.engine != "reference":
        raise UserError("explain --run replays on the reference engine (hint: drop --engine)")
    if args.cards:
        raise UserError("explain --run: the run's own card files are used (hint: drop --cards)")
    use_run_cards(Path(args.run))
    from sim.run.experiment import experiment_of_run
    from sim.run.replay import replay_trial

    exp = experiment_of_run(Path(args.run))
    group = 0 if args.group is None else args.group
    replayed = replay_trial(exp, group, args.trial).replayed()
    if args.json:
        sys.stdout.write(json.dumps(replayed.outcome, indent=1) + "\n")
        return 0
    label = exp.points[group].label
    head = f"Trial {args.trial} of {args.run} (experiment {exp.name}, group {group}"
    head += f": {label})" if label else ")"
    lines = [head, replayed.text]
    if replayed.batch_cap:  # a declared cap, not a disagreement
        lines.append(
            f"Batch engine: stopped at a declared cap, where the reference engine played on:"
            f" {replayed.batch_cap}"
        )
    else:
        same = replayed.agrees
        lines.append("Batch engine: " + ("the same outcome" if same else "a DIFFERENT outcome"))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def interrupted_hint(args: argparse.Namespace) -> str:
    if getattr(args, "command", None) == "run":
        return ": finished batches are checkpointed (hint: run it again with --resume)"
    return ""


def add_run_commands(sub: Any) -> None:
    """Add ``run`` and ``validate`` to the subcommand parsers."""
    run = sub.add_parser("run", help="run an experiment file (many random trials)")
    run.add_argument("file", help="an experiment TOML file")
    run.add_argument("--trials", type=int, metavar="N", help="trials per sweep point")
    run.add_argument("--seed", type=int, metavar="S", help="root seed")
    run.add_argument("--jobs", type=int, default=-1, metavar="N", help="workers (-1: all cores)")
    run.add_argument("--backend", choices=BACKENDS, default="loky", help="joblib backend")
    run.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler (with dask)")
    run.add_argument("--out", metavar="DIR", help="run folder (default reports/<name>/)")
    run.add_argument("--resume", action="store_true", help="continue a killed run in --out")
    run.add_argument(
        "--target-ci",
        type=float,
        metavar="W",
        help="stop once every headline share's 95%% CI half-width is at most W"
        " (the file's trials are the cap)",
    )
    run.add_argument(
        "--target",
        choices=TARGETS,
        help="what --target-ci waits for: the headline shares, or their paired deltas"
        " against the baseline (default: the file's [compare] target_ci)",
    )
    run.add_argument(
        "--exact",
        action="store_true",
        help="enumerate every trial with its probability (small discrete wipe experiments)",
    )
    run.add_argument(
        "--max-support",
        type=int,
        metavar="N",
        help="--exact: most support points per sweep point (default 100,000)",
    )
    add_cards_flag(run)
    run.set_defaults(handler=_run)
    validate = sub.add_parser(
        "validate", help="check an experiment (or scenario) file without running it"
    )
    validate.add_argument("file", help="an experiment TOML file (or a scenario file)")
    add_cards_flag(validate)
    validate.set_defaults(handler=_validate)
