"""Mana pools (CR 106.4, 500.4): adding mana in 64 bits, never past MAX_AMOUNT, and paying
generic mana (colorless first, then W, U, B, R, G, as the reference engine pays)."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.jit import njit
from engine.batch.kernel.state import MAX_PLAYERS, POOL
from engine.batch.wipe_state import MAX_AMOUNT, R_MANA_CAP

C = 5  # colorless, the last of WUBRGC
PAY_ORDER = (5, 0, 1, 2, 3, 4)


@njit
def add_mana(trial_vars: np.ndarray, player: int, t: int, amount: int) -> bool:
    """Add ``amount`` of type ``t``; past MAX_AMOUNT the trial stops (unsupported) instead."""
    at = POOL + 6 * player + t
    if trial_vars[at] > MAX_AMOUNT - amount:
        unsupported(trial_vars, R_MANA_CAP)
        return False
    trial_vars[at] += amount
    return True


@njit
def pool_total(trial_vars: np.ndarray, player: int) -> int:
    """All the mana in ``player``'s pool (at most 6 * MAX_AMOUNT: compared, never stored)."""
    total = 0
    for t in range(6):
        left = trial_vars[POOL + 6 * player + t]
        if total > MAX_AMOUNT - left:
            return MAX_AMOUNT  # more than any cost
        total += left
    return total


@njit
def pay_generic(trial_vars: np.ndarray, player: int, amount: int) -> None:
    """Pay ``amount`` generic mana (the caller checked the pool holds it)."""
    for t in PAY_ORDER:
        at = POOL + 6 * player + t
        spend = min(trial_vars[at], amount)
        trial_vars[at] -= spend
        amount -= spend


@njit
def empty_pools(trial_vars: np.ndarray) -> None:
    """CR 500.4: mana empties from every pool as a step or phase ends."""
    for at in range(POOL, POOL + 6 * MAX_PLAYERS):
        trial_vars[at] = 0
