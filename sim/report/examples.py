"""A few trials of a run replayed from its seeds on the reference engine, for the report:
numbers become believable when a reader can follow single trials rule by rule.

Kept cheap: only the first trials of the first sweep point are looked at (each replay redraws
one batch), preferring trials where something happened (a return, or mana made).
"""

from __future__ import annotations

import re
from typing import Any

from sim.errors import UserError
from sim.report.data import RunData
from sim.run.batches import batch_rng, batch_sizes
from sim.run.experiment import experiment_of_run
from sim.run.replay import replay_trial
from sim.shapes.base import Replayed
from sim.shapes.catalog import UNSUPPORTED_RATE
from sim.shapes.registry import shape_of
from sim.shapes.wipe.catalog import DRAW_RATE

SCAN = 8  # trials looked at to find interesting ones: a few seconds at most
# trials of a group played again on the batch engine to say why trials stopped (``stops``):
# whole batches, until one stops, seconds at most
STOP_SCAN = 1 << 18


def _by_seat(text: str, names: dict[str, str]) -> str:
    """``text`` with the players' names (``P1``...) replaced by their seats."""
    if not names:
        return text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], text)


def _example(run: RunData, group: int, trial: int, replayed: Replayed) -> dict[str, Any]:
    names = replayed.seats
    seats = ", ".join(f"{seat} = {player}" for player, seat in names.items())
    active = next((player for player, seat in names.items() if seat == "active"), "")
    return {
        "trial": trial,
        "group": run.group_label(group),
        "seats": f"Players by seat, as in the tables ({seats} in cauldron explain;"
        f" {active} is the active player)."
        if names
        else "",
        "command": _command(run, group, trial),
        "log": [(rule, _by_seat(text, names)) for rule, text in replayed.log],
        "state": _by_seat(replayed.state, names),
        "agrees": replayed.agrees,
        "batch_cap": replayed.batch_cap,
    }


def _command(run: RunData, group: int, trial: int) -> str:
    """The command that replays trial ``trial`` of group ``group`` of ``run``."""
    sweep = f" --group {group}" if run.is_sweep else ""
    return f"cauldron explain --run {run.folder} --trial {trial}{sweep}"


def _stopping_group(run: RunData) -> int | None:
    """The first group with trials that did not end ok (a draw, or unsupported)."""
    for g in run.groups:
        for metric in (DRAW_RATE.name, UNSUPPORTED_RATE.name):
            rows = run.rows(metric, g)
            if not rows.empty and float(rows.iloc[0]["estimate"]) > 0:
                return g
    return None


def stops(run: RunData) -> dict[str, Any] | None:
    """Why trials stopped, for the report's status section: the first group with trials
    that did not end ok, its batches played again on the batch engine from the run's seeds
    until one holds such a trial (at most STOP_SCAN trials), and their trials by result and
    reason, each with the command that replays its first one. None when every trial ended
    ok, or the run cannot be replayed (an exact run enumerates, it draws no batches)."""
    group = _stopping_group(run)
    if group is None or run.manifest.get("method") == "exact":
        return None
    try:
        exp = experiment_of_run(run.folder)
    except UserError:
        return None
    shape, config = shape_of(exp.shape), exp.points[group].config
    sizes = batch_sizes(exp.trials, exp.batch_size)
    found: dict[tuple[str, str], list[int]] = {}
    scanned = 0
    for b in range(len(sizes)):
        if found or scanned >= STOP_SCAN:
            break
        for stop in shape.stops(config, batch_rng(exp.seed, len(sizes), b), sizes[b]):
            found.setdefault((stop.result, stop.reason), []).append(scanned + stop.trial)
        scanned += sizes[b]
    rows = [
        {
            "result": result,
            "reason": reason,
            "trials": f"{len(trials):,} ({len(trials) / scanned:.2%})",
            "command": _command(run, group, trials[0]),
        }
        for (result, reason), trials in sorted(found.items(), key=lambda kv: -len(kv[1]))
    ]
    label = run.group_label(group) if run.is_sweep else ""
    return {"group": label, "scanned": f"{scanned:,}", "rows": rows,
            "cap": f"STOP_SCAN = {STOP_SCAN:,}"}  # fmt: skip


def example_trials(run: RunData, count: int) -> list[dict[str, Any]]:
    """Up to ``count`` replayed trials of the first group, eventful ones first."""
    if count <= 0:
        return []
    try:
        exp = experiment_of_run(run.folder)
    except UserError:
        return []  # a manifest the replay cannot use: the report still shows the numbers
    group = run.groups[0] if run.groups else 0
    eventful: list[dict[str, Any]] = []
    quiet: list[dict[str, Any]] = []
    for trial in range(min(SCAN, exp.trials)):
        replayed = replay_trial(exp, group, trial).replayed()
        example = _example(run, group, trial, replayed)
        (eventful if replayed.eventful else quiet).append(example)
        if len(eventful) >= count:
            break
    return sorted((eventful + quiet)[:count], key=lambda e: int(e["trial"]))
