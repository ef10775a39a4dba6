"""Resolving the top of the stack (CR 608.2): the kinds of triggered ability the wipe shape
has, each found by its kind code."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.characteristics import is_creature, power, refresh
from engine.batch.kernel.jit import njit
from engine.batch.kernel.stack import HEIGHT
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    COUNT,
    DELAYED_AMOUNT,
    DELAYED_CONTROLLER,
    DELAYED_OBJ,
    DELAYED_SOURCE,
    EOT_POWER,
    EOT_TOUGHNESS,
    LAST_KNOWN_OBJ,
    LAST_KNOWN_POWER,
    LAYOUT,
    LIFE,
    N_PLAYERS,
    N_RETURNED,
    OBJ,
    PING_TARGET,
    RETURNED_SLOT,
    STACK_CONTROLLER,
    STACK_DATA,
    STACK_KIND,
    STACK_OBJ,
    STACK_SOURCE,
    STAMP,
    STATUS,
    T_DEATH_LIFE,
    T_ETB_LIFE,
    T_ETB_PING,
    T_ETB_PT,
    T_ETB_REPEAT,
    T_ETB_SCOPE,
    T_IS_HUMAN,
    TOKEN,
    ZONE,
)
from engine.batch.kernel.zones import create_tokens, return_card
from engine.batch.wipe_state import (
    BATTLEFIELD,
    DELAYED,
    DIES,
    EFFECTS,
    ETB,
    GRAVEYARD,
    LIFE_LOSS,
    LKI_RING,
    PERSIST,
    UNDYING,
    UNSUPPORTED,
)


@njit
def weaken(L: np.ndarray, src: int, obj: int, ctrl: int, scope: int, amount: int) -> None:
    """Creatures get ``amount``/``amount`` until end of turn, locked in (611.2c): scope 0
    every other creature, 1 the opponents' creatures, 2 all creatures."""
    for s in range(L.shape[1]):
        if not is_creature(L, s):
            continue
        if scope == 0 and s == src and L[OBJ, s] == obj:
            continue
        if scope == 1 and L[CONTROLLER, s] == ctrl:
            continue
        L[EOT_POWER, s] += amount
        L[EOT_TOUGHNESS, s] += amount


@njit
def _return(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int, stamp: int, kind: int
) -> None:
    """CR 400.7 / 603.10a: only the card that went to the graveyard, if it is still there."""
    if L[ZONE, s] != GRAVEYARD or L[STAMP, s] != stamp or L[TOKEN, s]:
        return
    return_card(L, X, W, TB, s, kind)
    r = X[N_RETURNED]
    if r >= W[LAYOUT, 3]:  # past the returns recorded: unsupported
        X[STATUS] = UNSUPPORTED
        return
    X[RETURNED_SLOT + r] = s
    X[RETURNED_SLOT + W[LAYOUT, 3] + r] = kind
    X[N_RETURNED] = r + 1


@njit
def _ping(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int, ctrl: int, obj: int
) -> None:
    """Deal damage equal to its power to any target (608.2h: its power now, or as it last
    existed on the battlefield); a Human's damage (Mikaeus's clause) is not modeled."""
    here = L[ZONE, s] == BATTLEFIELD and L[OBJ, s] == obj
    ring = obj % LKI_RING
    if not here and L[LAST_KNOWN_OBJ + ring, s] != obj:
        X[STATUS] = UNSUPPORTED
        return
    if here:
        refresh(L, W, TB)
        amount = power(L, W, TB, s)
    else:
        amount = L[LAST_KNOWN_POWER + ring, s]
    target = L[PING_TARGET, s]
    if target < 0:
        target = (ctrl + 1) % X[N_PLAYERS]
    X[LIFE + target] -= max(amount, 0)  # CR 120.3a
    if TB[T_IS_HUMAN, L[CARD, s]]:
        X[STATUS] = UNSUPPORTED


@njit
def _etb(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int, ctrl: int, obj: int
) -> None:
    """Enters triggers: gain life (119.3), ping (``_ping``), creatures get -N/-N (and for
    Massacre Girl, again whenever a creature dies this turn: a delayed trigger, 603.7)."""
    c = L[CARD, s]
    X[LIFE + ctrl] += TB[T_ETB_LIFE, c]
    if TB[T_ETB_PING, c]:
        _ping(L, X, W, TB, s, ctrl, obj)
    if TB[T_ETB_SCOPE, c] < 0:
        return
    weaken(L, s, obj, ctrl, TB[T_ETB_SCOPE, c], TB[T_ETB_PT, c])
    if not TB[T_ETB_REPEAT, c]:
        return
    for g in range(EFFECTS):
        if X[DELAYED_SOURCE + g] < 0:
            X[DELAYED_SOURCE + g] = s
            X[DELAYED_OBJ + g] = obj
            X[DELAYED_CONTROLLER + g] = ctrl
            X[DELAYED_AMOUNT + g] = TB[T_ETB_PT, c]
            return
    X[STATUS] = UNSUPPORTED  # past the documented cap on delayed triggers


@njit
def resolve_top(L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray) -> None:
    """Pop the top of the stack and resolve it (CR 608.2)."""
    h = W[COUNT, HEIGHT] - 1
    W[COUNT, HEIGHT] = h
    kind, src, data = W[STACK_KIND, h], W[STACK_SOURCE, h], W[STACK_DATA, h]
    ctrl, obj = W[STACK_CONTROLLER, h], W[STACK_OBJ, h]
    if kind in (PERSIST, UNDYING):
        _return(L, X, W, TB, src, data, kind)
    elif kind == ETB:
        _etb(L, X, W, TB, src, ctrl, obj)
    elif kind == DIES:
        create_tokens(L, X, W, TB, src, data)
    elif kind == LIFE_LOSS:
        X[LIFE + data] -= TB[T_DEATH_LIFE, L[CARD, src]]
    elif kind == DELAYED:
        g = data
        src, obj, ctrl = X[DELAYED_SOURCE + g], X[DELAYED_OBJ + g], X[DELAYED_CONTROLLER + g]
        weaken(L, src, obj, ctrl, 0, X[DELAYED_AMOUNT + g])
