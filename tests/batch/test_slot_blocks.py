"""Issue 11: the kernel copies a trial in and out a group of fields at a time. In a state the
kernel runs, each SLOT_GROUPS group's fields are the rows of one (T, F, N) block, and the
events are laid out as one (T, F, E) block per EVENT_GROUPS entry; the fast path keeps arrays
of its own. A state whose field is no longer its block's row is refused, never run."""

from __future__ import annotations

import numpy as np
import pytest

from engine.batch.kernel import state as ks
from engine.batch.layout import new_state
from engine.batch.wipe_state import ORDER_LEN, WipeInputs, WipeState
from sim.shapes.wipe.draws import draw_wipe_batch
from tests.batch import mixes


def _state(bookkeeping: bool) -> tuple[WipeState, WipeInputs]:
    inputs = draw_wipe_batch(np.random.default_rng(41), 64, mixes.EVERYTHING)
    return new_state(inputs, bookkeeping=bookkeeping), inputs


def test_a_kernel_states_slot_fields_are_the_rows_of_their_groups_block() -> None:
    state, _ = _state(bookkeeping=True)
    view = ks.kstate(state)
    t, n = state.card.shape
    for block, names in zip(view.slots, ks.GROUP_FIELDS, strict=True):
        rows = block.reshape(t, len(names), n)
        for f, name in enumerate(names):
            field = getattr(state, name)
            assert np.shares_memory(field, block), name
            assert np.array_equal(rows[:, f], field), name


def test_the_fast_paths_slot_fields_are_arrays_of_their_own() -> None:
    state, _ = _state(bookkeeping=False)
    for name in ks.SLOT_FIELDS:
        field = getattr(state, name)
        assert field.flags.c_contiguous, name
        assert field.base is None or field.base.size == field.size, name
    with pytest.raises(TypeError, match="not a row of its group's block"):
        ks.kstate(state)


def test_a_state_whose_field_was_replaced_is_refused() -> None:
    state, _ = _state(bookkeeping=True)
    state.zone = state.zone.copy()  # the kernel would write the block, not this array
    with pytest.raises(TypeError, match=r"WipeState\.zone is not"):
        ks.kstate(state)


def test_a_field_that_is_another_row_of_its_block_is_refused() -> None:
    state, _ = _state(bookkeeping=True)
    zone = ks.GROUP_FIELDS[2].index("zone")
    state.zone = state.zone.base[:, zone - 1]  # its block's, shaped as a row: the wrong row
    with pytest.raises(TypeError, match=rf"WipeState\.zone is not row {zone} "):
        ks.kstate(state)


def test_the_event_blocks_hold_every_event_field_or_its_default() -> None:
    _, inputs = _state(bookkeeping=True)
    t, _, _, e = inputs.shape
    for flat, (dtype, names) in zip(ks.events(inputs), ks.EVENT_GROUPS, strict=True):
        block = flat.reshape(t, len(names), e)
        assert block.dtype == dtype
        for f, name in enumerate(names):
            given = getattr(inputs, name)
            want = ks.EV_DEFAULTS[name] if given is None else given
            assert np.array_equal(block[:, f], np.broadcast_to(want, (t, e))), name


def test_an_event_field_wider_than_the_kernel_reads_is_a_type_error() -> None:
    _, inputs = _state(bookkeeping=True)
    inputs.ev_card = inputs.ev_card.astype(np.int64)
    with pytest.raises(TypeError, match=r"WipeInputs\.ev_card is int64"):
        ks.events(inputs)


def test_a_replacement_order_longer_than_order_len_is_refused() -> None:
    """616.1: an action lists at most ORDER_LEN ids (the converters refuse more, with the
    place); a batch made otherwise is a bug, refused before the kernel reads it."""
    _, inputs = _state(bookkeeping=True)
    t, _, _, e = inputs.shape
    inputs.ev_order = np.full((t, e, ORDER_LEN + 1), -1, dtype=np.int16)
    with pytest.raises(ValueError, match=rf"lists {ORDER_LEN + 1} ids, past ORDER_LEN"):
        ks.orders(inputs)


def test_a_shorter_replacement_order_is_padded_and_none_is_all_padding() -> None:
    """616.1: the kernel reads ORDER_LEN places an action; past the ids it lists, -1."""
    _, inputs = _state(bookkeeping=True)
    t, _, _, e = inputs.shape
    inputs.ev_order = None
    assert np.array_equal(ks.orders(inputs), np.full((t, e, ORDER_LEN), -1))
    listed = np.arange(t * e * 3, dtype=np.int16).reshape(t, e, 3) % 7
    inputs.ev_order = listed
    padded = ks.orders(inputs)
    assert padded.shape == (t, e, ORDER_LEN) and padded.dtype == np.int16
    assert np.array_equal(padded[:, :, :3], listed)
    assert (padded[:, :, 3:] == -1).all()
