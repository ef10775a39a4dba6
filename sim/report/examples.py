"""A few trials of a run replayed from its seeds on the reference engine, for the report:
numbers become believable when a reader can follow single trials rule by rule.

Kept cheap: only the first trials of the first sweep point are looked at (each replay redraws
one batch), preferring trials where something happened (a return, or mana made).
"""

from __future__ import annotations

import re
from typing import Any

from engine import reference
from engine.scenario import Scenario
from sim.config.reader import SEAT_NAMES
from sim.errors import UserError
from sim.report.data import RunData
from sim.report.explain_text import render
from sim.run.experiment import experiment_of_run
from sim.run.replay import replay_trial
from sim.shapes.base import Replay

SCAN = 8  # trials looked at to find interesting ones: a few seconds at most


def _eventful(out: dict[str, Any]) -> bool:
    made_mana = any(n for pool in out["mana_pool"].values() for n in pool.values())
    return bool(out["returned"]) or made_mana or out["result"] != "ok"


def seat_names(scenario: Scenario) -> dict[str, str]:
    """Each player of a replayed trial by its seat as the tables name it (``active``,
    ``next``, ...: relative to the active player, in turn order)."""
    players = list(scenario.players)
    active = players.index(scenario.active)
    return {p: SEAT_NAMES[(i - active) % len(players)] for i, p in enumerate(players)}


def _by_seat(text: str, names: dict[str, str]) -> str:
    """``text`` with the players' names (``P1``...) replaced by their seats."""
    if not names:
        return text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], text)


def _example(
    run: RunData, group: int, trial: int, out: dict[str, Any], replay: Replay
) -> dict[str, Any]:
    names = seat_names(replay.scenario)
    text = _by_seat(render(out), names)
    state = text.split("\n\n", 1)[1] if "\n\n" in text else ""
    seats = ", ".join(f"{seat} = {player}" for player, seat in names.items())
    return {
        "trial": trial,
        "group": run.group_label(group),
        "seats": f"Players by seat, as in the tables ({seats} in cauldron explain;"
        f" {replay.scenario.active} is the active player).",
        "command": f"cauldron explain --run {run.folder} --trial {trial}"
        + (f" --group {group}" if run.is_sweep else ""),
        "log": [(str(e["rule"]), _by_seat(str(e["text"]), names)) for e in out["log"]],
        "state": state,
        "agrees": replay.agrees(out),
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
        replay = replay_trial(exp, group, trial)
        out: dict[str, Any] = reference.run(replay.scenario)
        example = _example(run, group, trial, out, replay)
        (eventful if _eventful(out) else quiet).append(example)
        if len(eventful) >= count:
            break
    return sorted((eventful + quiet)[:count], key=lambda e: int(e["trial"]))
