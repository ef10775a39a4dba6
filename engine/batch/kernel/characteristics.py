"""Characteristics of one slot after static abilities (CR 611.3a, 613.4).

Statics are summed by controller once per board (``refresh``) and read per slot: printed
P/T, then "until end of turn" changes locked to the object (611.2c), then counters, then the
statics that apply to whatever they currently describe (a returned creature is affected).
W rows ST+0/1 anthem power/toughness by controller, ST+2/3/4 lord power/toughness/undying by
controller, ST+5/6 "all creatures" power/toughness (column 0).
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import njit
from engine.batch.kernel.state import (
    BASE_P,
    BASE_T,
    CARD,
    CONTROLLER,
    EOT_POWER,
    EOT_TOUGHNESS,
    GRANTED_PERSIST,
    GRANTED_UNDYING,
    HAS_STATICS,
    IS_CREATURE_CARD,
    LAYOUT,
    MINUS,
    NOT_CREATURE,
    PLUS,
    PRINTED_PERSIST,
    PRINTED_UNDYING,
    ST,
    T_ALL_P,
    T_ALL_T,
    T_ANTHEM_P,
    T_ANTHEM_T,
    T_IS_HUMAN,
    T_LORD_P,
    T_LORD_T,
    T_LORD_UNDYING,
    ZONE,
)
from engine.batch.wipe_state import BATTLEFIELD


@njit
def refresh(L: np.ndarray, W: np.ndarray, TB: np.ndarray) -> None:
    """Sum the statics of the battlefield into W's ST rows (none in a batch without them)."""
    if not W[LAYOUT, HAS_STATICS]:
        return
    for row in range(ST, ST + 7):
        for p in range(W.shape[1]):
            W[row, p] = 0
    for s in range(L.shape[1]):
        c = L[CARD, s]
        if c < 0 or L[ZONE, s] != BATTLEFIELD:
            continue
        p = L[CONTROLLER, s]
        W[ST + 0, p] += TB[T_ANTHEM_P, c]
        W[ST + 1, p] += TB[T_ANTHEM_T, c]
        W[ST + 2, p] += TB[T_LORD_P, c]
        W[ST + 3, p] += TB[T_LORD_T, c]
        W[ST + 4, p] += TB[T_LORD_UNDYING, c]
        W[ST + 5, 0] += TB[T_ALL_P, c]
        W[ST + 6, 0] += TB[T_ALL_T, c]


@njit
def is_alive(L: np.ndarray, s: int) -> bool:
    """On the battlefield (an empty slot never is)."""
    return bool(L[ZONE, s] == BATTLEFIELD)


@njit
def is_creature(L: np.ndarray, s: int) -> bool:
    """A creature on the battlefield (a "not a creature" effect turns it off)."""
    # bitwise, not ``and``: numba compiles a chain of ``and`` on mixed types to branches
    return (L[ZONE, s] == BATTLEFIELD) & (L[IS_CREATURE_CARD, s] != 0) & (L[NOT_CREATURE, s] == 0)  # type: ignore[no-any-return]


@njit
def _static(L: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int, row: int, lord: int) -> int:
    """The statics' change to power (row 0) or toughness (row 1) of a creature."""
    if W[LAYOUT, HAS_STATICS] == 0:
        return 0
    if not is_creature(L, s):
        return 0
    c, p = L[CARD, s], L[CONTROLLER, s]
    total = W[ST + row, p] + W[ST + 5 + row, 0]
    if TB[T_IS_HUMAN, c] == 0:
        # "Other non-Human creatures you control": the controller's total minus its own.
        total += W[ST + 2 + row, p] - TB[lord, c]
    return total  # type: ignore[no-any-return]


@njit
def power(L: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int) -> int:
    """Power (613.4: printed, locked-in changes, counters, statics); W's statics current."""
    net = L[PLUS, s] - L[MINUS, s]
    return L[BASE_P, s] + L[EOT_POWER, s] + net + _static(L, W, TB, s, 0, T_LORD_P)  # type: ignore[no-any-return]


@njit
def toughness(L: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int) -> int:
    """Toughness, as ``power``."""
    net = L[PLUS, s] - L[MINUS, s]
    t = L[BASE_T, s] + L[EOT_TOUGHNESS, s] + net + _static(L, W, TB, s, 1, T_LORD_T)
    return t  # type: ignore[no-any-return]


@njit
def persist_n(L: np.ndarray, s: int) -> int:
    """Persist instances: printed and granted (702.79a)."""
    return int(L[PRINTED_PERSIST, s] + L[GRANTED_PERSIST, s])


@njit
def undying_n(L: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int) -> int:
    """Undying instances: printed, granted, and from a lord (Mikaeus) (702.93a)."""
    n = L[PRINTED_UNDYING, s] + L[GRANTED_UNDYING, s]
    c = L[CARD, s]
    if W[LAYOUT, HAS_STATICS] and is_creature(L, s) and not TB[T_IS_HUMAN, c]:
        n += W[ST + 4, L[CONTROLLER, s]] - TB[T_LORD_UNDYING, c]
    return int(n)
