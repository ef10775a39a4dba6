"""Every scenario file whose inputs fit the kernel's whitelist gives, on the batch engine
(``cauldron explain --engine batch``), the reference engine's outcome; and the kernel itself
(no fast path, no hand-back) gives it too."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine import reference
from engine.batch.kernel import kernel_fits, run_kernel
from engine.batch.layout import new_state
from engine.batch.outcome import batch_outcome, comparable
from engine.batch.scenario import run_scenario
from engine.batch.shapes import OutsideShapes
from engine.batch.wipe_convert import wipe_inputs_from_scenario
from sim.config.scenario import load_scenario

ROOT = Path(__file__).parent.parent.parent
FILES = sorted(
    [
        *(ROOT / "tests" / "scenarios").glob("*.toml"),
        *(ROOT / "experiments" / "scenarios").glob("*.toml"),
        *(ROOT / "tests" / "golden").glob("*.toml"),
    ]
)


def _fitting() -> list[Path]:
    out = []
    for f in FILES:
        try:
            inputs, _ = wipe_inputs_from_scenario(load_scenario(f))
        except (OutsideShapes, ValueError):
            continue
        if kernel_fits(inputs):
            out.append(f)
    return out


FITTING = _fitting()


def test_most_wipe_scenarios_fit_the_kernel() -> None:
    assert len(FITTING) >= 20


@pytest.mark.parametrize("path", FITTING, ids=lambda p: p.stem)
def test_scenario_on_the_kernel_equals_the_reference(path: Path) -> None:
    scenario = load_scenario(path)
    inputs, naming = wipe_inputs_from_scenario(scenario)
    ref = comparable(reference.run(scenario))
    explained = run_scenario(scenario)  # what ``explain --engine batch`` prints
    assert comparable(explained) == ref
    state = new_state(inputs)
    run_kernel(state, inputs)
    assert comparable(batch_outcome(state, 0, naming)) == ref
    assert np.all(state.status >= 0)


def test_the_template_table_names_only_library_templates() -> None:
    from engine.batch.kernel import TEMPLATES
    from engine.library import TEMPLATES as LIBRARY

    assert set(TEMPLATES) <= set(LIBRARY)
