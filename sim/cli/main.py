"""The ``cauldron`` command line (SPEC section 7)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from sim.api import scenario_outcome
from sim.cli.cards import add_cards_command, add_cards_flag
from sim.cli.run import add_run_commands, explain_run, interrupted_hint
from sim.config.cards import use_cards, use_run_cards
from sim.config.scenario import load_scenario
from sim.errors import MAX_PLACE, UserError, clip
from sim.report.explain_text import render

# This module imports no batch engine: it builds its card tables once a process, from the
# library as it is then, so each command puts the user's card files (--cards, a file's
# ``cards`` key) in place first and imports the engine after (engine.library.use_card_files).
BENCH_TRIALS_HELP = "batch trials per workload (default 131,072)"  # sim.bench.TRIALS


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad flags as one line with exit code 2 (it already exits 2)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        # argparse repeats a bad value in full: cut it like every echoed value
        self.exit(2, f"cauldron: error: {clip(message, MAX_PLACE)} (hint: cauldron --help)\n")


def _explain(args: argparse.Namespace) -> int:
    if args.run is not None or args.trial is not None or args.group is not None:
        return explain_run(args)
    if args.file is None:
        raise UserError("explain: give a scenario FILE, or --run DIR --trial N")
    scenario = load_scenario(Path(args.file), args.cards)
    out = scenario_outcome(scenario, args.engine, args.file)
    if args.json:
        sys.stdout.write(json.dumps(out, indent=1) + "\n")
    else:
        sys.stdout.write(render(out) + "\n")
    return 0


def _bench(args: argparse.Namespace) -> int:
    use_cards(args.cards)  # the workloads' cards: a user's file may replace built-in ones
    from sim import bench  # (it imports the engine, which builds its card tables)

    bench.check_count("--trials", args.trials)
    bench.check_count("--reference-trials", args.reference_trials)
    names = bench.workload_names(args.workload)
    compile_s = bench.compile_seconds()  # before the workloads: they find the kernel cached
    trials = bench.TRIALS if args.trials is None else args.trials
    results = bench.bench(trials=trials, reference_trials=args.reference_trials, names=names)
    if args.json:
        doc: dict[str, object] = {"workloads": results}
        if compile_s is not None:
            doc["compile_s"] = compile_s
        sys.stdout.write(json.dumps(doc) + "\n")
        return 0
    if compile_s is not None:
        sys.stdout.write(f"compile: {compile_s:.2f} s (first call, cached afterwards)\n")
    for r in results:
        sys.stdout.write(
            f"{r['name']}: batch {r['batch_trials_per_s']:,.0f} trials/s over {r['trials']:,}"
            f" trials; reference {r['reference_trials_per_s']:,.0f} trials/s over"
            f" {r['reference_trials']} of them; ratio {r['ratio']:,.0f}x;"
            f" disagreements {r['disagreements']} (stopped at a cap {r['capped']});"
            f" peak memory {r['peak_rss_mb']:,.0f} MB\n"
        )
    return 0


def _report(args: argparse.Namespace) -> int:
    try:  # the replayed example trials need the card files the run was made with
        use_run_cards(Path(args.dir), "report")
    except UserError as err:  # gone or changed: the report is still rebuilt from the CSVs
        sys.stderr.write(f"cauldron: example trials left out: {err}\n")
    from sim.report.html import write_report  # jinja2, matplotlib: only when reporting

    path = write_report(Path(args.dir))
    sys.stdout.write(f"wrote {path}\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cauldron", description="Monte Carlo rules-outcome analyzer for MTG")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    explain = sub.add_parser("explain", help="explain one scenario step by step, with rules")
    explain.add_argument("file", nargs="?", help="a scenario TOML file (not with --run)")
    explain.add_argument("--json", action="store_true", help="print the JSON outcome only")
    explain.add_argument(
        "--engine",
        choices=["reference", "batch"],
        default="reference",
        help="batch: run it as a batch of one on the vectorized engine (JSON outcome, no log)",
    )
    explain.add_argument("--run", metavar="DIR", help="a run folder (from cauldron run)")
    explain.add_argument("--trial", type=int, metavar="N", help="with --run: the trial to replay")
    explain.add_argument(
        "--group", type=int, metavar="G", help="with --run: the sweep point (default 0)"
    )
    add_cards_flag(explain)
    explain.set_defaults(handler=_explain)
    add_run_commands(sub)
    report = sub.add_parser("report", help="rebuild report.html of a run folder from its CSVs")
    report.add_argument("dir", metavar="DIR", help="a run folder (from cauldron run)")
    report.set_defaults(handler=_report)
    add_cards_command(sub)
    bench_p = sub.add_parser(
        "bench", help="time the batch and reference engines (one core, a process per workload)"
    )
    bench_p.add_argument("--json", action="store_true", help="print only the JSON figures")
    bench_p.add_argument("--trials", type=int, metavar="N", help=BENCH_TRIALS_HELP)
    bench_p.add_argument(
        "--reference-trials",
        type=int,
        default=300,
        metavar="N",
        help="trials replayed on the reference engine (from the first batch)",
    )
    bench_p.add_argument(
        "--workload",
        action="append",
        metavar="NAME",
        help="run only this workload (repeatable; default all; an unknown NAME lists them)",
    )
    add_cards_flag(bench_p)
    bench_p.set_defaults(handler=_bench)
    return parser


# The exit code when the reader of our output goes away (``cauldron cards | head -1``): the
# shell's code for a process ended by SIGPIPE, as ``yes | head -1`` gives, without a traceback.
EXIT_BROKEN_PIPE = 128 + 13


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows here, not at exit where it cannot be caught
    except UserError as err:
        sys.stderr.write(f"cauldron: error: {err}\n")
        return err.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("\ncauldron: interrupted" + interrupted_hint(args) + "\n")
        return 130
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_BROKEN_PIPE
    return code


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush of what is still buffered
    does not fail again (Python's documented way out of a broken pipe)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
