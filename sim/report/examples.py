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
from sim.run.experiment import experiment_of_run
from sim.run.replay import replay_trial
from sim.shapes.base import Replayed

SCAN = 8  # trials looked at to find interesting ones: a few seconds at most


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
        "command": f"cauldron explain --run {run.folder} --trial {trial}"
        + (f" --group {group}" if run.is_sweep else ""),
        "log": [(rule, _by_seat(text, names)) for rule, text in replayed.log],
        "state": _by_seat(replayed.state, names),
        "agrees": replayed.agrees,
        "batch_cap": replayed.batch_cap,
    }


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
