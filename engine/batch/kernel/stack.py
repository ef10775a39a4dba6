"""Waiting triggers and the stack of one trial (CR 603.2, 603.3b, 405).

A trigger waits with its detection key (by event, by mover, by kind within a mover: the
order the reference engine detects them in); when a player would receive priority the waiting
ones go on the stack in APNAP order, each player's in their ranked order, ties by detection
(603.3b): the first placed resolves last.
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import njit
from engine.batch.kernel.state import (
    ACTIVE,
    COUNT,
    N_PLAYERS,
    PENDING_CONTROLLER,
    PENDING_DATA,
    PENDING_KEY,
    PENDING_KIND,
    PENDING_OBJ,
    PENDING_SOURCE,
    RANK,
    SEQ,
    SORT_INDEX,
    SORT_KEY,
    STACK_CONTROLLER,
    STACK_DATA,
    STACK_KIND,
    STACK_OBJ,
    STACK_SOURCE,
    STATUS,
)
from engine.batch.wipe_state import OK, STACK_DEPTH, UNSUPPORTED

WAITING, HEIGHT = 0, 1  # W[COUNT] entries (2 and 3: kernel.loops)


@njit
def detection_key(X: np.ndarray, mover_pos: int, sub: int) -> int:
    """The order of detection: event (``seq``), mover, kind within a mover."""
    return int(X[SEQ] * 4096 + mover_pos * 16 + sub)


@njit
def queue(
    X: np.ndarray, W: np.ndarray, kind: int, src: int, data: int, ctrl: int, obj: int, key: int
) -> None:
    """Add one waiting trigger; past the documented cap the trial is unsupported."""
    n = W[COUNT, WAITING]
    if n >= STACK_DEPTH:
        X[STATUS] = UNSUPPORTED
        return
    W[PENDING_KIND, n] = kind
    W[PENDING_SOURCE, n] = src
    W[PENDING_DATA, n] = data
    W[PENDING_CONTROLLER, n] = ctrl
    W[PENDING_OBJ, n] = obj
    W[PENDING_KEY, n] = key
    W[COUNT, WAITING] = n + 1


@njit
def _sort_waiting(L: np.ndarray, X: np.ndarray, W: np.ndarray, n: int) -> None:
    """Order the ``n`` waiting triggers (a stable insertion sort: ties keep detection order)."""
    for k in range(n):
        apnap = (W[PENDING_CONTROLLER, k] - X[ACTIVE]) % X[N_PLAYERS]
        rank = L[RANK, W[PENDING_SOURCE, k]]
        W[SORT_KEY, k] = ((apnap << 22) | rank) << 36 | W[PENDING_KEY, k]
        W[SORT_INDEX, k] = k
    for k in range(1, n):
        key, idx = W[SORT_KEY, k], W[SORT_INDEX, k]
        j = k - 1
        while j >= 0 and W[SORT_KEY, j] > key:
            W[SORT_KEY, j + 1] = W[SORT_KEY, j]
            W[SORT_INDEX, j + 1] = W[SORT_INDEX, j]
            j -= 1
        W[SORT_KEY, j + 1] = key
        W[SORT_INDEX, j + 1] = idx


@njit
def place_triggers(L: np.ndarray, X: np.ndarray, W: np.ndarray) -> None:
    """CR 603.3b: put the waiting triggers on the stack (past the cap: unsupported)."""
    n = W[COUNT, WAITING]
    W[COUNT, WAITING] = 0
    if n == 0 or X[STATUS] != OK:
        return
    h = W[COUNT, HEIGHT]
    if h + n > STACK_DEPTH:
        X[STATUS] = UNSUPPORTED
        return
    _sort_waiting(L, X, W, n)
    for k in range(n):
        src = W[SORT_INDEX, k]
        W[STACK_KIND, h + k] = W[PENDING_KIND, src]
        W[STACK_SOURCE, h + k] = W[PENDING_SOURCE, src]
        W[STACK_DATA, h + k] = W[PENDING_DATA, src]
        W[STACK_CONTROLLER, h + k] = W[PENDING_CONTROLLER, src]
        W[STACK_OBJ, h + k] = W[PENDING_OBJ, src]
    W[COUNT, HEIGHT] = h + n
