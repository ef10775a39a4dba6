"""The compiled kernel equals the general kernels field by field, on many more trials than
the reference engine can replay (both run the same inputs; the general kernels are proven
equal to the reference by ``test_wipe_differential``)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.batch.kernel import run_kernel
from engine.batch.kernel.state import SLOT_FIELDS, KState
from engine.batch.wipe import new_state, run_general
from engine.batch.wipe_state import DRAW, OK, UNSUPPORTED
from sim.shapes.wipe.config import WipeConfig
from tests.batch.kernel_mixes import KERNEL_COUNTERS, KERNEL_EVERYTHING, KERNEL_LOOPS, draw
from tests.batch.mixes import FAST, PERSIST_HEAVY

# every field the kernel writes
_WRITTEN = [*SLOT_FIELDS, *(name for name in KState._fields if name not in ("slots", "status"))]


@pytest.mark.parametrize(
    ("mix", "seed", "trials"),
    [
        (KERNEL_EVERYTHING, 31, 6000),
        (KERNEL_COUNTERS, 32, 6000),
        (PERSIST_HEAVY, 33, 6000),  # Massacre Girl: many mandatory loops (104.4b)
        (FAST, 34, 4000),
    ],
)
def test_kernel_equals_the_general_kernels(mix: WipeConfig, seed: int, trials: int) -> None:
    """The kernel finishes every trial itself (mandatory loops included, 104.4b) with the
    general kernels' status; the trials that end ok are compared field by field."""
    inputs = draw(mix, seed, trials)
    state = new_state(inputs, stack_depth=1)
    run_kernel(state, inputs)
    general = run_general(inputs)
    # unsupported is a claim of its own: where each engine stopped may differ
    assert np.array_equal(state.status, general.status)
    done = general.status == OK
    assert done.mean() > 0.5
    for name in _WRITTEN:
        ours, theirs = getattr(state, name)[done], getattr(general, name)[done]
        assert np.array_equal(ours, theirs), name
    assert (general.status != UNSUPPORTED).any()


@pytest.mark.parametrize(
    ("mix", "seed", "trials", "draws"),
    [(PERSIST_HEAVY, 35, 3000, 500), (KERNEL_LOOPS, 36, 3000, 500)],
)
def test_104_4b_mandatory_loops_are_drawn_in_the_kernel(
    mix: WipeConfig, seed: int, trials: int, draws: int
) -> None:
    """CR 104.4b: the kernel keeps the general kernels' loop watch (same hashes, same HISTORY
    cap), so it hands back no trial, not even a long chain or a loop, and it finds the same
    draws in the same final states. Before the watch was ported it handed back 888 and 610
    of these trials (every one past 64 resolutions in a settle, or unsupported)."""
    inputs = draw(mix, seed, trials)
    state = new_state(inputs, stack_depth=1)
    assert state.features.loops
    run_kernel(state, inputs)
    general = run_general(inputs)
    assert np.array_equal(state.status, general.status)
    assert int((state.status == DRAW).sum()) >= draws  # seen: 620 and 609
    claims = state.status != UNSUPPORTED  # ok and draw: the whole final state
    for name in _WRITTEN:
        ours, theirs = getattr(state, name)[claims], getattr(general, name)[claims]
        assert np.array_equal(ours, theirs), name
