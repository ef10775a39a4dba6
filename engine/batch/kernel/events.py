"""The event kinds of a wipe trial, each performed in one trial and followed by settling
(CR 117.5): casts, targeted actions (destroy, sacrifice, exile, bounce, damage, counters),
damage to a player and damage to every creature."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.characteristics import is_creature
from engine.batch.kernel.counters import put_counters
from engine.batch.kernel.jit import njit
from engine.batch.kernel.spells import clear_movers, resolve_spell
from engine.batch.kernel.state import (
    CONTROLLER,
    DAMAGE,
    EV_AMOUNT_,
    EV_BY_,
    EV_CARD_,
    EV_COUNTER_,
    EV_KIND_,
    EV_TARGET_,
    EV_X_,
    LAYOUT,
    LIFE,
    MOVERS,
    OWNER,
    REJECTED,
    T_SPELL,
    T_SPELL_PAY_X_LIFE,
    ZONE,
)
from engine.batch.kernel.zones import cast_permanent, leave, set_card
from engine.batch.wipe_state import (
    BATTLEFIELD,
    EV_BOUNCE,
    EV_CAST,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DAMAGE_ALL,
    EV_DAMAGE_PLAYER,
    EV_DESTROY,
    EV_EXILE,
    EXILE,
    GRAVEYARD,
    HAND,
)

NOT_ON_BATTLEFIELD, CANNOT_PAY_LIFE = 1, 2  # wipe_state.REJECTIONS codes


@njit
def cast(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, EV: np.ndarray, e: int
) -> None:
    """CR 601.2 and 608.2: cast the event's card; it resolves at once (no responses)."""
    c, by, x = EV[EV_CARD_, e], EV[EV_BY_, e], EV[EV_X_, e]
    if TB[T_SPELL_PAY_X_LIFE, c]:
        if X[LIFE + by] < x:  # CR 119.4
            EV[REJECTED, e] = CANNOT_PAY_LIFE
            return
        X[LIFE + by] -= x
    if TB[T_SPELL, c] > 0:
        resolve_spell(L, X, W, TB, EV, e)
        return
    slot = W[LAYOUT, 0] + e  # the event's cast slot
    set_card(L, TB, slot, c)
    L[CONTROLLER, slot] = by
    L[OWNER, slot] = by
    cast_permanent(L, X, W, TB, slot, x)


@njit
def targeted(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, EV: np.ndarray, e: int
) -> None:
    """An action on one permanent; rejected if that object is gone (400.7)."""
    kind, target, amount = EV[EV_KIND_, e], EV[EV_TARGET_, e], EV[EV_AMOUNT_, e]
    if target < 0 or L[ZONE, target] != BATTLEFIELD:
        EV[REJECTED, e] = NOT_ON_BATTLEFIELD
        return
    if kind == EV_DAMAGE:
        if is_creature(L, target) and amount > 0:
            L[DAMAGE, target] += amount  # CR 120.3e
    elif kind == EV_COUNTERS:
        code = EV[EV_COUNTER_, e]
        if code == 0 or code == 1:
            put_counters(L, TB, target, code, amount, False)
    else:
        clear_movers(W)
        W[MOVERS, target] = 1
        dest = GRAVEYARD  # destroy (701.8a) and sacrifice (701.21a)
        if kind == EV_EXILE:
            dest = EXILE
        elif kind == EV_BOUNCE:
            dest = HAND
        leave(L, X, W, TB, dest)


@njit
def apply_event(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, EV: np.ndarray, e: int
) -> None:
    """Perform event ``e`` (settling is the caller's)."""
    kind = EV[EV_KIND_, e]
    if kind == EV_CAST:
        cast(L, X, W, TB, EV, e)
    elif EV_DESTROY <= kind <= EV_DAMAGE or kind == EV_COUNTERS:  # the targeted kinds
        targeted(L, X, W, TB, EV, e)
    elif kind == EV_DAMAGE_PLAYER:
        X[LIFE + EV[EV_TARGET_, e]] -= max(EV[EV_AMOUNT_, e], 0)  # CR 120.3a
    elif kind == EV_DAMAGE_ALL:
        for s in range(L.shape[1]):
            if is_creature(L, s):
                L[DAMAGE, s] += max(EV[EV_AMOUNT_, e], 0)
