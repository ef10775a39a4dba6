"""Issue 11: one batch engine for every scenario. Every scenario file in the repository runs
on it (no "outside its shapes") and agrees with the reference engine: the result, returns,
board, zones, life, rejections, mana pools and what each permanent could produce."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import reference
from engine.batch.mana_convert import mana_comparable
from engine.batch.scenario import run_scenario
from sim.config.scenario import load_scenario

ROOT = Path(__file__).parents[2]
FILES = sorted(
    path
    for folder in ("tests/scenarios", "experiments/scenarios", "tests/golden")
    for path in (ROOT / folder).rglob("*.toml")
    if not path.name.endswith(".expect.toml")
)


def test_the_repository_has_scenario_files_of_every_kind() -> None:
    """Wipes, mana, rulings with activated abilities: the list below is not empty by accident."""
    assert len(FILES) >= 40
    assert any("druid" in p.stem for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_scenario_file_runs_on_the_batch_engine_and_agrees(path: Path) -> None:
    scenario = load_scenario(path)
    batch = run_scenario(scenario)
    assert mana_comparable(batch) == mana_comparable(reference.run(scenario))
    assert batch["rejected"] == reference.run(scenario)["rejected"]
