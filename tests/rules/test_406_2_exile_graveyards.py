"""CR 406.2: "To exile an object is to move it to the exile zone from wherever it is." Rest in
Peace's enters trigger exiles every card in every graveyard, then its replacement effect
(614.1a) sends there what would go to a graveyard. Checked on both engines."""

from __future__ import annotations

import json
from pathlib import Path

from engine import reference
from engine.batch.scenario import run_scenario
from sim.config.scenario import load_scenario
from tests.expectations import mismatches

RULINGS = Path(__file__).parents[1] / "scenarios" / "rulings"


def test_406_2_rest_in_peace_cast_exiles_the_graveyards_on_both_engines() -> None:
    """CR 406.2, 603.6a: the Wrath of God and the creature it destroyed are exiled as Rest in
    Peace enters; Pyroclasm and the persisted Finks after it go to exile instead."""
    path = RULINGS / "r406_2_rest_in_peace_enters.toml"
    expected = json.loads(path.with_suffix(".expect.json").read_text())
    scenario = load_scenario(path)
    for out in (reference.run(scenario), run_scenario(scenario)):
        assert mismatches(expected, out) == []
