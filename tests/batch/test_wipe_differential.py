"""The batch engine's wipe shape equals the reference engine trial by trial (SPEC section 2).

Every scenario file of the wipe shape in the repository runs as a batch of one; thousands of
randomly drawn trials (boards, wipes, targeted events, attacks and trigger orders) run as one
batch and each trial is replayed on the reference engine from the same inputs. The random
mixes are experiment configurations (``tests/batch/mixes.py``) drawn as ``cauldron run`` draws.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engine import reference
from engine.batch import tables as tb
from engine.batch.layout import new_state
from engine.batch.naming import Naming
from engine.batch.outcome import batch_outcome, comparable
from engine.batch.shapes import OutsideShapes
from engine.batch.trial_scenario import trial_scenario
from engine.batch.wipe import run_wipe
from engine.batch.wipe_convert import wipe_inputs_from_scenario
from engine.batch.wipe_fast import batch_fits, run_fast
from sim.config.scenario import load_scenario
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.draws import draw_wipe_batch
from tests.batch.mixes import (
    COMBAT,
    EVERYTHING,
    FAST,
    INDESTRUCTIBLE,
    KINDRED,
    PERSIST_HEAVY,
    REAL_WIPES,
)

ROOT = Path(__file__).parent.parent.parent
FILES = sorted((ROOT / "tests" / "scenarios").glob("*.toml")) + sorted(
    (ROOT / "experiments" / "scenarios").glob("*.toml")
)


def _scenario_files() -> list[Path]:
    shaped = []
    for f in FILES:
        try:
            wipe_inputs_from_scenario(load_scenario(f))
        except OutsideShapes:
            continue
        shaped.append(f)
    return shaped


@pytest.mark.parametrize("path", _scenario_files(), ids=lambda p: p.stem)
def test_every_wipe_shaped_scenario_file_agrees(path: Path) -> None:
    scenario = load_scenario(path)
    inputs, naming = wipe_inputs_from_scenario(scenario)
    batch = batch_outcome(run_wipe(inputs), 0, naming)
    assert comparable(batch) == comparable(reference.run(scenario))


def test_the_wipe_shape_covers_the_death_scenarios() -> None:
    """S1-S17 and the shipped scenarios are all in the wipe shape."""
    assert len(_scenario_files()) >= 20


@pytest.mark.parametrize(
    ("mix", "seed", "trials"),
    [
        (EVERYTHING, 11, 1500),
        (PERSIST_HEAVY, 12, 1500),
        (FAST, 13, 2500),
        (COMBAT, 14, 1500),
        (REAL_WIPES, 15, 1500),
        (KINDRED, 16, 1500),
        (INDESTRUCTIBLE, 17, 1500),
    ],
)
def test_random_trials_agree_trial_by_trial(mix: WipeConfig, seed: int, trials: int) -> None:
    inputs = draw_wipe_batch(np.random.default_rng(seed), trials, mix)
    state = run_wipe(inputs)
    _, _, s, e = inputs.shape
    results = set()
    for i in range(trials):
        scenario = trial_scenario(inputs, i)
        naming = Naming.default(int(inputs.n_players[i]), s, e)
        ref_out = reference.run(scenario)
        batch_out = batch_outcome(state, i, naming)
        ref = comparable(ref_out)
        assert comparable(batch_out) == ref, f"trial {i}"
        assert batch_out["rejected"] == ref_out["rejected"], f"trial {i}"
        results.add(ref["result"])
    assert "ok" in results


def test_the_fast_mix_takes_the_fast_path_with_double_returns() -> None:
    """The FAST mix really exercises ``wipe_fast`` (and its persist-then-undying returns)."""
    inputs = draw_wipe_batch(np.random.default_rng(13), 2500, FAST)
    state = new_state(inputs, bookkeeping=False)
    assert batch_fits(state.features, inputs)
    handed_back = run_fast(state, inputs)
    assert handed_back.mean() < 0.5
    slots = state.returned_slot
    twice = (slots[:, 1:] == slots[:, :-1]) & (slots[:, 1:] >= 0)
    assert twice.any()


def test_the_real_wipes_mix_is_left_to_the_kernel() -> None:
    """None of the REAL_WIPES wipes is one ``wipe_fast`` resolves: the whitelist refuses
    a batch of one of them alone on an empty board (which it takes for Wrath of God)."""
    alone = replace(REAL_WIPES, events=REAL_WIPES.events[:1])
    inputs = draw_wipe_batch(np.random.default_rng(15), 200, alone)
    plain = replace(inputs, card=np.full_like(inputs.card, -1))  # no board feature in the way
    assert not batch_fits(new_state(plain, bookkeeping=False).features, plain)
    wrath = np.full_like(plain.ev_card, tb.INDEX["wrath of god"])
    assert batch_fits(new_state(plain, bookkeeping=False).features, replace(plain, ev_card=wrath))
