"""The returns a batch records (702.79a persist, 702.93a undying: the outcome's ``returned``):
the kernel writes each trial's into records RETURNS wide and keeps the columns some trial
used, -1 (no slot) and 0 past each trial's own count; a part the kernel ran is written back
into a batch the fast path ran with the records widened to the wider of the two."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.run import run_kernel
from engine.batch.layout import new_state
from engine.batch.mana import as_trial_inputs
from engine.batch.wipe import run_on_kernel, run_wipe
from engine.batch.wipe_state import PERSIST, UNDYING
from sim.shapes.mana.draws import draw_mana_batch
from tests.batch import mixes
from tests.batch.kernel_mixes import KERNEL_EVERYTHING, draw


def _past_counts_are_empty(slots: np.ndarray, kinds: np.ndarray, counts: np.ndarray) -> None:
    past = np.arange(slots.shape[1]) >= counts[:, None]
    assert (slots[past] == -1).all() and (kinds[past] == 0).all()
    assert (slots[~past] >= 0).all() and np.isin(kinds[~past], (PERSIST, UNDYING)).all()


def test_702_79a_the_kernel_keeps_as_many_columns_as_the_most_returns_of_a_trial() -> None:
    """CR 702.79a, 702.93a: every return in order, and nothing past a trial's count."""
    state = run_on_kernel(draw(KERNEL_EVERYTHING, 5101, 400))
    counts = state.n_returned.astype(np.int64)
    assert counts.max() > 1 and (counts == 0).any()  # the mix returns, not in every trial
    assert state.returned_slot.shape == (400, counts.max())
    assert state.returned_by.shape == state.returned_slot.shape
    _past_counts_are_empty(state.returned_slot, state.returned_by, counts)


def test_a_batch_without_a_return_records_none() -> None:
    """Mana abilities and their replacements alone: no trial returns anything, and the
    records have no column, before the kernel runs and after."""
    inputs = as_trial_inputs(draw_mana_batch(np.random.default_rng(5102), 200, mixes.REPLACEMENTS))
    state = new_state(inputs)
    assert state.returned_slot.shape == (200, 0)
    run_kernel(state, inputs, could=True)
    assert state.n_returned.max() == 0
    assert state.returned_slot.shape == (200, 0) and state.returned_by.shape == (200, 0)


def test_a_part_the_kernel_ran_is_put_back_with_the_wider_records() -> None:
    """The fast path records 2N returns a trial; the trials it hands to the kernel come back
    with as many as they made (here fewer): the whole batch keeps its width and each trial
    handed back its own returns, -1 past them."""
    inputs = draw(mixes.FAST, 5103, 2500)
    whole = run_wipe(inputs, zone_order=False)
    part = run_on_kernel(inputs.take(np.arange(40)), zone_order=False)
    narrow = part.returned_slot.shape[1]
    wide = whole.returned_slot.shape[1]
    assert narrow < wide
    rows = np.arange(40)
    whole.put(rows, part)
    assert whole.returned_slot.shape[1] == wide
    assert (whole.returned_slot[rows, :narrow] == part.returned_slot[:, :narrow]).all()
    assert (whole.returned_slot[rows, narrow:] == -1).all()
    assert (whole.returned_by[rows, narrow:] == 0).all()
    _past_counts_are_empty(
        whole.returned_slot[rows], whole.returned_by[rows], whole.n_returned[rows]
    )
