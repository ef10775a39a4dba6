"""Issue 11: the kernel copies every row a trial may change out of every trial it runs, so a
state it runs needs only the FRESH rows set that the copy-out skips when no slot was given a
card (``new_state(..., kernel_stores=True)``, ``state.GROUP_WRITTEN``). Whatever the other
FRESH rows held, the state ends as one with every FRESH row set: field for field, in batches
with and without token slots, cast slots, attacks and mana."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from engine.batch.kernel import state as ks
from engine.batch.kernel.run import run_kernel
from engine.batch.layout import new_state
from engine.batch.mana import as_trial_inputs
from engine.batch.wipe_state import WipeInputs
from sim.shapes.mana.config import ManaConfig
from sim.shapes.mana.draws import draw_mana_batch
from tests.batch import mixes
from tests.batch.kernel_mixes import LAYOUT_MIXES, draw


def _ends_alike(inputs: WipeInputs, could: bool = False) -> None:
    every = new_state(inputs)
    run_kernel(every, inputs, could)
    stored = new_state(inputs, kernel_stores=True)
    for name, value in ks.FRESH.items():
        row = getattr(stored, name)
        if name in ks.PRINTED or stored.features.tokens:
            assert (row == value).all(), name  # set: the copy-out may skip it
        else:
            row.view(np.uint8)[...] = 0xA5  # junk where every trial's copy-out writes
    run_kernel(stored, inputs, could)
    for field in dataclasses.fields(every):
        want, got = getattr(every, field.name), getattr(stored, field.name)
        if isinstance(want, np.ndarray):
            assert want.dtype == got.dtype and np.array_equal(want, got), field.name


@pytest.mark.parametrize("name", sorted(LAYOUT_MIXES))
def test_a_state_the_kernel_stores_ends_as_one_with_every_fresh_row_set(name: str) -> None:
    _ends_alike(draw(LAYOUT_MIXES[name], 4701, 300))


def test_with_token_slots_every_fresh_row_is_set() -> None:
    inputs = draw(mixes.EVERYTHING, 4702, 300)
    assert new_state(inputs).features.tokens  # the mix makes tokens
    _ends_alike(inputs)


@pytest.mark.parametrize("mix", [mixes.EVERYTHING_MANA, mixes.REPLACEMENTS])
def test_a_mana_batch_the_kernel_stores_ends_as_one_with_every_fresh_row_set(
    mix: ManaConfig,
) -> None:
    inputs = draw_mana_batch(np.random.default_rng(4703), 300, mix)
    _ends_alike(as_trial_inputs(inputs), could=True)
