"""State-based actions of one trial, all at once, repeated until none applies (CR 704.3).

704.5f toughness 0 or less, 704.5g lethal damage, 704.5h deathtouch damage: put into the
graveyard; 704.5j the legend rule (the first in board order stays: the listed policy);
704.5q +1/+1 and -1/-1 counters annihilate; 704.5a a player at 0 life loses, which is past
what Cauldron plays (unsupported). 704.5d (tokens off the battlefield) is in ``zones``.
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.characteristics import is_alive, is_creature, refresh, toughness
from engine.batch.kernel.jit import njit
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    DAMAGE,
    DEATHTOUCH_DAMAGE,
    GROUP,
    HAS_LEGENDS,
    LAYOUT,
    LIFE,
    MINUS,
    MOVERS,
    N_LIFE,
    ORDER,
    PLUS,
    STATUS,
    T_IS_LEGENDARY,
)
from engine.batch.kernel.zones import leave
from engine.batch.wipe_state import GRAVEYARD, OK, UNSUPPORTED


@njit
def _dies(L: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int) -> bool:
    """704.5f, 704.5g, 704.5h for slot ``s`` (W's statics current)."""
    if not is_creature(L, s):
        return False
    t = toughness(L, W, TB, s)
    damage = L[DAMAGE, s]
    return (t <= 0) | (damage >= t) | ((damage > 0) & (L[DEATHTOUCH_DAMAGE, s] != 0))  # type: ignore[no-any-return]


@njit
def _is_legend(L: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int) -> bool:
    c = L[CARD, s]
    return bool(c >= 0 and is_alive(L, s) and TB[T_IS_LEGENDARY, c] and not W[MOVERS, s])


@njit
def _legend_rule(L: np.ndarray, W: np.ndarray, TB: np.ndarray) -> None:
    """704.5j: of two legendary permanents with one name and controller, the later goes."""
    n = L.shape[1]
    for s in range(n):
        W[GROUP, s] = 0
    if not W[LAYOUT, HAS_LEGENDS]:
        return
    legends = 0
    for s in range(n):
        legends += _is_legend(L, W, TB, s)
    if legends < 2:
        return
    for s in range(n):
        if not _is_legend(L, W, TB, s):
            continue
        for k in range(n):
            if (
                _is_legend(L, W, TB, k)
                and L[CARD, k] == L[CARD, s]
                and L[CONTROLLER, k] == L[CONTROLLER, s]
                and L[ORDER, k] < L[ORDER, s]
            ):
                W[GROUP, s] = 1
                break
    for s in range(n):
        W[MOVERS, s] |= W[GROUP, s]


@njit
def _annihilate(L: np.ndarray, W: np.ndarray) -> bool:
    """704.5q: remove N of each kind, N the smaller count."""
    changed = False
    for s in range(L.shape[1]):
        if is_alive(L, s) and not W[MOVERS, s] and L[PLUS, s] > 0 and L[MINUS, s] > 0:
            n = min(L[PLUS, s], L[MINUS, s])
            L[PLUS, s] -= n
            L[MINUS, s] -= n
            changed = True
    return changed


@njit
def state_based_actions(L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray) -> bool:
    """One round, all at once (704.3); returns whether anything happened."""
    if X[STATUS] != OK:
        return False
    n = L.shape[1]
    refresh(L, W, TB)
    for s in range(n):
        W[MOVERS, s] = _dies(L, W, TB, s)
    _legend_rule(L, W, TB)
    moving = False
    for s in range(n):
        moving |= W[MOVERS, s] != 0
    changed = _annihilate(L, W) or moving
    lost = False
    for p in range(X[N_LIFE]):
        lost |= X[LIFE + p] <= 0
    if moving:
        leave(L, X, W, TB, GRAVEYARD)
    if lost:
        X[STATUS] = UNSUPPORTED  # a player lost the game: past what Cauldron plays
    return changed or lost
