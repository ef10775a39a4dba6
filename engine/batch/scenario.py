"""A scenario on the batch engine, as a batch of one trial (``cauldron explain --engine batch``)."""

from __future__ import annotations

from typing import Any, Final

from engine.batch.outcome import batch_outcome, cap_reached
from engine.batch.shapes import OutsideShapes
from engine.batch.wipe import run_on_kernel
from engine.batch.wipe_convert import wipe_inputs_from_scenario
from engine.scenario import Scenario

# The largest number a scenario may give the batch engine (life, counters, damage, X, an
# action's amount). Its state is 64-bit; sums of such numbers over a trial stay far inside
# it, and products (counter doublers, mana multipliers) are checked as they happen. A
# larger one is refused with this cap named (exit 3), never wrapped around; the reference
# engine answers such scenarios.
MAX_BATCH_NUMBER: Final = 2**31 - 1


def _numbers(scenario: Scenario) -> list[tuple[str, int]]:
    """Every number of the scenario the batch engine would store, with where it is."""
    found = [(f"life.{p}", n) for p, n in scenario.life.items()]
    for entry in scenario.battlefield:
        found += [(f"{entry.id}.counters.{k}", n) for k, n in entry.counters.items()]
        found += [(f"{entry.id}.damage", entry.damage), (f"{entry.id}.x", entry.x)]
    for i, action in enumerate(scenario.actions):
        found += [
            (f"action[{i}].{key}", action.params[key])
            for key in ("x", "amount")
            if isinstance(action.params.get(key), int)
        ]
    return found


def _check_numbers(scenario: Scenario) -> None:
    for where, n in _numbers(scenario):
        if not -MAX_BATCH_NUMBER <= n <= MAX_BATCH_NUMBER:
            raise OutsideShapes(
                f"{where} = {n} is past the batch engine's cap MAX_BATCH_NUMBER = "
                f"{MAX_BATCH_NUMBER} (the reference engine answers it)"
            )


def run_scenario(scenario: Scenario) -> dict[str, Any]:
    """The outcome of a scenario on the one batch engine, or OutsideShapes saying why not.

    The batch engine keeps no event log (the reference engine explains each step).
    """
    return play_scenario(scenario)[0]


def play_scenario(scenario: Scenario) -> tuple[dict[str, Any], str]:
    """``run_scenario``'s outcome, and the declared cap the batch engine stopped it at ("" if
    none: ``outcome.cap_reached``)."""
    _check_numbers(scenario)
    inputs, naming = wipe_inputs_from_scenario(scenario)
    state = run_on_kernel(inputs, could=True)
    out = batch_outcome(state, 0, naming)
    return {"engine": "batch", **out, "log": []}, cap_reached(state, 0)
