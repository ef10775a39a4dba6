"""A scenario on the batch engine, as a batch of one trial (``cauldron explain --engine batch``)."""

from __future__ import annotations

from typing import Any

from engine.batch.mana import run_mana
from engine.batch.mana_convert import mana_batch_outcome, mana_inputs_from_scenario
from engine.batch.shapes import OutsideShapes
from engine.batch.wipe import run_wipe
from engine.batch.wipe_convert import batch_outcome, wipe_inputs_from_scenario
from engine.mana_types import MANA_TYPES
from engine.scenario import Scenario


def run_scenario(scenario: Scenario) -> dict[str, Any]:
    """The outcome of a scenario of either experiment shape, or OutsideShapes saying why not.

    The batch engine keeps no event log (the reference engine explains each step); a wipe
    scenario's outcome has no mana, and ``could_produce`` comes only from the mana shape.
    """
    try:
        inputs, naming = wipe_inputs_from_scenario(scenario)
    except OutsideShapes as wipe_reason:
        try:
            mana_inputs, mana_naming = mana_inputs_from_scenario(scenario)
        except OutsideShapes as mana_reason:
            raise OutsideShapes(
                f"not a wipe scenario ({wipe_reason}) nor a mana scenario ({mana_reason})"
            ) from None
        out = mana_batch_outcome(run_mana(mana_inputs), 0, mana_naming)
        return {"engine": "batch", **out, "log": []}
    out = batch_outcome(run_wipe(inputs), 0, naming)
    pools = {p: dict.fromkeys(MANA_TYPES, 0) for p in scenario.players}
    return {"engine": "batch", **out, "mana_pool": pools, "could_produce": {}, "log": []}
