"""Life totals (CR 119) in 64 bits: a gain or a loss that would take a total past them stops
the trial (unsupported, ``R_LIFE_CAP``), as the reference engine stops, never a wrapped
total. Paying life is not here: a cost is paid only from a total that covers it (119.4)."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.caps import unsupported, wraps
from engine.batch.kernel.jit import inline
from engine.batch.kernel.state import LIFE
from engine.batch.wipe_state import R_LIFE_CAP


@inline
def change_life(trial_vars: np.ndarray, player: int, amount: int) -> None:
    """CR 119.3: ``player`` gains ``amount`` life (loses, below 0); the bounds are compared
    without computing a sum that could wrap."""
    if wraps(trial_vars[LIFE + player], amount):
        unsupported(trial_vars, R_LIFE_CAP)
        return
    trial_vars[LIFE + player] += amount
