"""The scenario files of ``tests/scenarios/keywords`` (issue 14: a scenario per new keyword
and template), each against its expected outcome on both engines (expectations derived by
hand from the rules cited in each file's test in ``tests/rules``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import reference
from engine.batch.scenario import run_scenario
from sim.config.scenario import load_scenario
from tests.expectations import mismatches

FILES = sorted((Path(__file__).parents[1] / "scenarios" / "keywords").glob("*.toml"))


def test_every_new_keyword_and_template_has_its_scenario() -> None:
    assert len(FILES) == 12


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_keyword_scenario_gives_its_expected_outcome_on_both_engines(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expect.json").read_text())
    scenario = load_scenario(path)
    assert mismatches(expected, reference.run(scenario)) == []
    assert mismatches(expected, run_scenario(scenario)) == []
