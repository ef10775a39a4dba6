"""The batch engine's wipe shape equals the reference engine trial by trial (SPEC section 2).

Every scenario file of the wipe shape in the repository runs as a batch of one; thousands of
randomly drawn trials (boards, wipes, targeted events and trigger orders) run as one batch and
each trial is replayed on the reference engine from the same inputs.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine import reference
from engine.batch import tables as tb
from engine.batch.shapes import OutsideShapes
from engine.batch.wipe import new_state, run_wipe
from engine.batch.wipe_convert import (
    Naming,
    batch_outcome,
    comparable,
    trial_scenario,
    wipe_inputs_from_scenario,
)
from engine.batch.wipe_fast import batch_fits, run_fast
from sim.config.scenario import load_scenario
from sim.shapes.wipe.mix import WipeMix, draw_wipes

ROOT = Path(__file__).parent.parent.parent
FILES = sorted((ROOT / "tests" / "scenarios").glob("*.toml")) + sorted(
    (ROOT / "experiments" / "scenarios").glob("*.toml")
)

EVERYTHING = WipeMix(
    players=(2, 3, 4),
    slots=8,
    board=tuple(c.name for i, c in enumerate(tb.CARDS) if tb.BOARD_OK[i] and not c.token_only),
    empty=0.2,
    plus_counter=0.2,
    minus_counter=0.2,
    token=0.2,
    extra_persist=0.3,
    extra_undying=0.1,
    not_creature=0.05,
    damage=0.1,
    foreign_owner=0.1,
    wipes=tuple(c.name for i, c in enumerate(tb.CARDS) if tb.CAST_OK[i]),
    x=(0, 1, 2, 3),
    events=3,
    other_events=0.3,
    random_targets=True,
    modes=(2, 3, 6, 18, 31),
    legal_start=False,
)
PERSIST_HEAVY = WipeMix(
    players=(2, 3),
    slots=10,
    board=(
        "Kitchen Finks",
        "Safehold Elite",
        "Murderous Redcap",
        "Young Wolf",
        "Melira, Sylvok Outcast",
        "Vizier of Remedies",
        "Mikaeus, the Unhallowed",
        "Night of Souls' Betrayal",
        "Solemnity",
        "Hangarback Walker",
        "Massacre Wurm",
        "Hardened Scales",
        "Doubling Season",
    ),
    plus_counter=0.2,
    minus_counter=0.1,
    token=0.1,
    extra_persist=0.3,
    extra_undying=0.2,
    wipes=("Wrath of God", "Black Sun's Zenith", "Massacre Girl", "Infest", "Pyroclasm"),
    x=(1, 2),
    events=2,
    legal_start=False,
)

# One wipe, cards without interactions: the stack-free fast path (``wipe_fast``), including
# Young Wolf with a +1/+1 counter and persist (persist, dies at 0/0, undying: two returns).
FAST = WipeMix(
    players=(2, 3, 4),
    slots=10,
    board=(
        "Kitchen Finks",
        "Safehold Elite",
        "Murderous Redcap",
        "Young Wolf",
        "Grizzly Bears",
        "Llanowar Elves",
        "Walking Ballista",
        "Cryptolith Rite",
        "Forest",
    ),
    plus_counter=0.3,
    minus_counter=0.2,
    token=0.15,
    extra_persist=0.4,
    extra_undying=0.15,
    not_creature=0.05,
    damage=0.1,
    foreign_owner=0.15,
    wipes=(
        "Wrath of God",
        "Black Sun's Zenith",
        "Infest",
        "Toxic Deluge",
        "Pyroclasm",
        "Anger of the Gods",
        "Evacuation",
        "All Is Dust",
        "Merciless Eviction",
        "Farewell",
    ),
    x=(0, 1, 2, 3, 25),
    random_targets=True,
    modes=(2, 4, 6, 18),
    legal_start=False,
    life=6,
)

# Combat (W8): attacks with random attackers and blockers (many legal, some not: every reason
# for rejecting an attack shows up), summoning sickness, granted combat keywords.
COMBAT = WipeMix(
    players=(2, 3),
    slots=8,
    board=tuple(
        c.name
        for i, c in enumerate(tb.CARDS)
        if tb.BOARD_OK[i] and not c.token_only and not tb.HUMAN_DAMAGE_DESTROYS[i]
    ),
    plus_counter=0.2,
    minus_counter=0.1,
    token=0.1,
    extra_persist=0.3,
    damage=0.1,
    wipes=("Wrath of God", "Pyroclasm"),
    events=2,
    sick=0.3,
    keyword=0.5,
    combat=0.8,
    legal_start=False,
    random_targets=True,
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
    [(EVERYTHING, 11, 1500), (PERSIST_HEAVY, 12, 1500), (FAST, 13, 2500), (COMBAT, 14, 1500)],
)
def test_random_trials_agree_trial_by_trial(mix: WipeMix, seed: int, trials: int) -> None:
    inputs = draw_wipes(np.random.default_rng(seed), trials, mix)
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
    inputs = draw_wipes(np.random.default_rng(13), 2500, FAST)
    state = new_state(inputs, stack_depth=0)
    assert batch_fits(state, inputs)
    handed_back = run_fast(state, inputs)
    assert handed_back.mean() < 0.5
    twice = (state.ret_slot[:, 1:] == state.ret_slot[:, :-1]) & (state.ret_slot[:, 1:] >= 0)
    assert twice.any()
