"""The compiled kernel equals the general kernels field by field, on many more trials than
the reference engine can replay (both run the same inputs; the general kernels are proven
equal to the reference by ``test_wipe_differential``)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.batch.kernel import run_kernel
from engine.batch.kernel.state import SLOT_FIELDS, KState
from engine.batch.wipe import new_state, run_general
from engine.batch.wipe_state import OK, UNSUPPORTED
from sim.shapes.wipe.config import WipeConfig
from tests.batch.kernel_mixes import KERNEL_COUNTERS, KERNEL_EVERYTHING, draw
from tests.batch.mixes import FAST, PERSIST_HEAVY

# every field the kernel writes
_WRITTEN = [*SLOT_FIELDS, *(name for name in KState._fields if name not in ("slots", "status"))]


@pytest.mark.parametrize(
    ("mix", "seed", "trials", "least"),
    [
        (KERNEL_EVERYTHING, 31, 6000, 0.95),
        (KERNEL_COUNTERS, 32, 6000, 0.9),
        (PERSIST_HEAVY, 33, 6000, 0.6),  # Massacre Girl: many mandatory loops (104.4b)
        (FAST, 34, 4000, 1.0),
    ],
)
def test_kernel_equals_the_general_kernels(
    mix: WipeConfig, seed: int, trials: int, least: float
) -> None:
    """``least``: the share of trials the kernel finishes itself; it hands back only trials
    that may loop, and most of those are draws on the general kernels."""
    inputs = draw(mix, seed, trials)
    state = new_state(inputs, stack_depth=1)
    handed_back = run_kernel(state, inputs)
    general = run_general(inputs)
    mine = ~handed_back
    assert mine.mean() >= least
    assert not handed_back.any() or state.features.loops
    # unsupported is a claim of its own: where each engine stopped may differ
    assert np.array_equal(state.status[mine], general.status[mine])
    done = mine & (general.status == OK)
    assert done.mean() > 0.5
    for name in _WRITTEN:
        ours, theirs = getattr(state, name)[done], getattr(general, name)[done]
        assert np.array_equal(ours, theirs), name
    assert (general.status[mine] != UNSUPPORTED).any()
