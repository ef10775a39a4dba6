"""A scenario on the batch engine, as a batch of one trial (``cauldron explain --engine batch``)."""

from __future__ import annotations

from typing import Any

from engine.batch.wipe import run_wipe
from engine.batch.wipe_convert import batch_outcome, wipe_inputs_from_scenario
from engine.mana_types import MANA_TYPES
from engine.scenario import Scenario


def run_scenario(scenario: Scenario) -> dict[str, Any]:
    """The outcome of a scenario of the wipe shape, or OutsideShapes saying why not."""
    inputs, naming = wipe_inputs_from_scenario(scenario)
    out = batch_outcome(run_wipe(inputs), 0, naming)
    pools = {p: dict.fromkeys(MANA_TYPES, 0) for p in scenario.players}
    return {"engine": "batch", **out, "mana_pool": pools, "could_produce": {}, "log": []}
