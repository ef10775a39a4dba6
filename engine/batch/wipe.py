"""Experiment shape 1 on the batch engine: a board, then wipes, damage, counters, sacrifices,
turn passes and attacks, each followed by state-based actions and triggers until the stack
is empty.

``run_wipe(inputs)`` is a pure function of its input arrays: board, events and choices.
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.fits import kernel_fits
from engine.batch.kernel.present import cards_present
from engine.batch.kernel.run import run_kernel
from engine.batch.layout import TOKEN_SLOTS, new_state, slot_count
from engine.batch.wipe_fast import batch_fits, run_fast
from engine.batch.wipe_state import Features, WipeInputs, WipeState


def run_on_kernel(
    inputs: WipeInputs,
    token_slots: int = TOKEN_SLOTS,
    could: bool = False,
    present: np.ndarray | None = None,
    slots: int | None = None,
    x_cost: tuple[int, ...] | None = None,
    zone_order: bool = True,
) -> WipeState:
    """Every trial on the compiled kernel (each finishes there, 104.4b included); with
    ``could``, what each permanent could produce as it ends (106.7). ``present``: the
    batch's ``cards_present``, when the caller has it already; ``slots``, ``zone_order``: as
    ``new_state``; ``x_cost``: as ``run_kernel``."""
    if present is None:
        present = cards_present(inputs)
    if not kernel_fits(inputs, present):
        raise ValueError("the batch has a card or event outside the kernel's whitelist")
    features = Features.of(present)
    state = new_state(
        inputs, token_slots, features=features, slots=slots, zone_order=zone_order,
        kernel_stores=True,
    )  # fmt: skip
    run_kernel(state, inputs, could, x_cost)
    return state


def run_wipe(
    inputs: WipeInputs, token_slots: int = TOKEN_SLOTS, zone_order: bool = True
) -> WipeState:
    """Run T trials of shape 1: settle the board as given, then every event in order.

    Batches inside ``wipe_fast``'s whitelist take its stack-free path; the trials it hands
    back, and every other batch, run on the compiled kernel. Without ``zone_order`` the state
    says what is in each zone, not in which order (``new_state``: an experiment's statistics
    count cards).
    """
    present = cards_present(inputs)
    features = Features.of(present)
    if not batch_fits(features, inputs, present):
        return run_on_kernel(inputs, token_slots, present=present, zone_order=zone_order)
    n = slot_count(inputs, token_slots, features)
    state = new_state(
        inputs, token_slots, bookkeeping=False, features=features, slots=n, zone_order=zone_order
    )
    rest = np.nonzero(run_fast(state, inputs))[0]
    if rest.size:
        part = run_on_kernel(inputs.take(rest), token_slots, slots=n, zone_order=zone_order)
        state.put(rest, part)
    return state
