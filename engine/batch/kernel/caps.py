"""Stopping a trial the kernel does not play on: the status, and why (the cap it reached, or
what Cauldron does not model), kept so the outcome names it (``wipe_state.R_*``)."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import inline
from engine.batch.kernel.state import REASON, STATUS
from engine.batch.wipe_state import MAX_AMOUNT, OK, UNSUPPORTED

# Not an outcome's reason: a token needs a token slot and the trial plays without them; the
# driver plays it again on every slot (``run._again``)
NEEDS_TOKEN_SLOTS = -1


@inline
def unsupported(trial_vars: np.ndarray, reason: int) -> None:
    """Mark the trial unsupported; the first reason stands. Inlined: a call was compiled
    once per reason, each a literal argument (``jit.njit``)."""
    if trial_vars[STATUS] == OK:
        trial_vars[REASON] = reason
    trial_vars[STATUS] = UNSUPPORTED


@inline
def wraps(a: int, b: int) -> bool:
    """Whether ``a + b`` is past 64 bits (MAX_AMOUNT, or below -MAX_AMOUNT - 1), found without
    the sum: a life total, damage, a power or a toughness that would wrap stops the trial."""
    return (b > 0 and a > MAX_AMOUNT - b) or (b < 0 and a < -MAX_AMOUNT - 1 - b)
