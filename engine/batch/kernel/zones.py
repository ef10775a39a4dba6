"""Zone changes of one trial: leaving the battlefield with the triggers it causes, entering,
returning, casting and creating tokens (CR 400.7, 603.6, 603.10a, 614.1a, 704.5d, 111.1).
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.characteristics import (
    is_alive,
    is_creature,
    persist_n,
    power,
    refresh,
    undying_n,
)
from engine.batch.kernel.counters import put_counters
from engine.batch.kernel.jit import njit
from engine.batch.kernel.stack import detection_key, queue
from engine.batch.kernel.state import (
    BASE_P,
    BASE_T,
    CARD,
    CONTROLLER,
    DAMAGE,
    DEATHTOUCH_DAMAGE,
    DELAYED_CONTROLLER,
    DELAYED_OBJ,
    DELAYED_SOURCE,
    EOT_POWER,
    EOT_TOUGHNESS,
    EXILE_IF_DIES,
    GRANTED,
    GRANTED_PERSIST,
    GRANTED_UNDYING,
    GROUP,
    IS_CREATURE_CARD,
    LAST_KNOWN_OBJ,
    LAST_KNOWN_POWER,
    LAYOUT,
    MINUS,
    MOVERS,
    NEXT_ORDER,
    NOT_CREATURE,
    OBJ,
    ORDER,
    OWNER,
    PLUS,
    PRINTED_KEYWORDS,
    PRINTED_PERSIST,
    PRINTED_UNDYING,
    RANK,
    SEQ,
    SINCE_TURN_START,
    STAMP,
    STATUS,
    T_BASE_P,
    T_BASE_T,
    T_DEATH_LIFE,
    T_DIES_TOKEN_KIND,
    T_DIES_TOKENS,
    T_ENTERS_X_KIND,
    T_EXILE_ALL_GY,
    T_EXILE_OPP_GY,
    T_HAS_ETB,
    T_IS_CREATURE,
    T_KEYWORDS,
    T_PERSIST,
    T_TOKENS_DOUBLED,
    T_UNDYING,
    TAPPED,
    TO,
    TOKEN,
    TOKEN_SERIAL,
    TOKEN_SOURCE,
    TOKENS_MADE,
    ZONE,
)
from engine.batch.wipe_state import (
    BATTLEFIELD,
    DELAYED,
    DIES,
    EFFECTS,
    ETB,
    EXILE,
    GRAVEYARD,
    LIFE_LOSS,
    LKI_RING,
    NONE,
    PERSIST,
    RANK_FALLBACK,
    UNDYING,
    UNSUPPORTED,
)

_RESET_ON_LEAVING = (
    PLUS, MINUS, DAMAGE, EOT_POWER, EOT_TOUGHNESS, EXILE_IF_DIES, TAPPED, NOT_CREATURE,
    DEATHTOUCH_DAMAGE, GRANTED, GRANTED_PERSIST, GRANTED_UNDYING,
)  # fmt: skip


@njit
def _destinations(L: np.ndarray, W: np.ndarray, TB: np.ndarray, dest: int) -> None:
    """Where each mover goes: ``dest``, unless "dies" is replaced by exile (614.1a: Anger of
    the Gods on the object, Rest in Peace, an opponent's Leyline of the Void)."""
    n = L.shape[1]
    rip, leylines = False, 0
    for k in range(n):
        c = L[CARD, k]
        if c >= 0 and is_alive(L, k):
            rip |= TB[T_EXILE_ALL_GY, c] != 0
            leylines += TB[T_EXILE_OPP_GY, c]
    for s in range(n):
        if not W[MOVERS, s]:
            continue
        to = dest
        if dest == GRAVEYARD and leylines > 0:
            own = 0  # the mover's owner's own Leylines do not apply to their cards
            for k in range(n):
                c = L[CARD, k]
                if c >= 0 and is_alive(L, k) and L[CONTROLLER, k] == L[OWNER, s]:
                    own += TB[T_EXILE_OPP_GY, c]
            if leylines - own > 0 and not L[TOKEN, s]:
                to = EXILE
        if dest == GRAVEYARD and (L[EXILE_IF_DIES, s] != 0) | rip:
            to = EXILE
        W[TO, s] = to


@njit
def leave(L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, dest: int) -> None:
    """Move W's MOVERS from the battlefield to ``dest`` as one event (W's GROUP orders them
    as the reference lists them: deaths, then the legend rule; then board order).

    CR 603.10a: death triggers look back at the battlefield just before the event, so last
    known power is kept (608.2h) and triggers are detected before anything moves.
    """
    n = L.shape[1]
    anyone = False
    for s in range(n):
        W[MOVERS, s] = W[MOVERS, s] and L[ZONE, s] == BATTLEFIELD
        anyone |= W[MOVERS, s] != 0
    if not anyone:
        return
    refresh(L, W, TB)
    for s in range(n):
        if W[MOVERS, s]:
            ring = L[OBJ, s] % LKI_RING
            L[LAST_KNOWN_POWER + ring, s] = power(L, W, TB, s)
            L[LAST_KNOWN_OBJ + ring, s] = L[OBJ, s]
    _destinations(L, W, TB, dest)
    _died(L, X, W, TB)
    for s in range(n):
        if W[MOVERS, s]:
            # CR 400.7: the object is gone; counters, damage and effects go with it.
            L[ZONE, s] = NONE if L[TOKEN, s] else W[TO, s]  # 704.5d: a token ceases to exist
            L[STAMP, s] += W[TO, s] == GRAVEYARD
            for row in _RESET_ON_LEAVING:
                L[row, s] = 0
    X[SEQ] += 1


@njit
def _dies_here(L: np.ndarray, W: np.ndarray, s: int) -> bool:
    return (W[MOVERS, s] != 0) & (W[TO, s] == GRAVEYARD)  # type: ignore[no-any-return]


@njit
def _instances(L: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int, kind: int) -> int:
    """Persist (702.79a) / undying (702.93a) instances that trigger: none if the object had
    a -1/-1 (+1/+1) counter as it last existed (603.10a)."""
    if kind == PERSIST:
        return persist_n(L, s) if L[MINUS, s] == 0 else 0
    return undying_n(L, W, TB, s) if L[PLUS, s] == 0 else 0


@njit
def _returns_detected(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, kind: int
) -> None:
    """One trigger per instance, instance by instance over the movers (detection order)."""
    n = L.shape[1]
    most = 0
    for s in range(n):
        if _dies_here(L, W, s):
            most = max(most, _instances(L, W, TB, s, kind))
    for j in range(most):
        for s in range(n):
            if _dies_here(L, W, s) and _instances(L, W, TB, s, kind) > j:
                key = detection_key(X, W[GROUP, s] * 128 + L[ORDER, s], kind * 4 + j)
                stamp = L[STAMP, s] + 1  # the arrival this death makes
                queue(X, W, kind, s, stamp, L[CONTROLLER, s], L[OBJ, s], key)


@njit
def _died(L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray) -> None:
    """Queue the triggers of the movers put into a graveyard (CR 700.4), in detection order."""
    n = L.shape[1]
    _returns_detected(L, X, W, TB, PERSIST)
    _returns_detected(L, X, W, TB, UNDYING)
    for s in range(n):
        c = L[CARD, s]
        if _dies_here(L, W, s) and TB[T_DIES_TOKENS, c] >= 0:
            counted = L[PLUS, s] if TB[T_DIES_TOKEN_KIND, c] == 0 else L[MINUS, s]
            key = detection_key(X, W[GROUP, s] * 128 + L[ORDER, s], 12)
            queue(X, W, DIES, s, counted, L[CONTROLLER, s], L[OBJ, s], key)
    for w in range(n):
        c = L[CARD, w]
        if c >= 0 and is_alive(L, w) and TB[T_DEATH_LIFE, c] > 0:
            _creatures_died(L, X, W, LIFE_LOSS, w, -1, L[CONTROLLER, w], L[OBJ, w])
    for g in range(EFFECTS):
        if X[DELAYED_SOURCE + g] >= 0:
            src, ctrl, obj = X[DELAYED_SOURCE + g], X[DELAYED_CONTROLLER + g], X[DELAYED_OBJ + g]
            _creatures_died(L, X, W, DELAYED, src, g, ctrl, obj)


@njit
def _creatures_died(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, kind: int, src: int, data: int, ctrl: int,
    obj: int,
) -> None:  # fmt: skip
    """One trigger of ``src`` per creature put into a graveyard: an opponent's (Massacre
    Wurm, ``data`` -1: the dying creature's controller loses life) or any (Massacre Girl's
    delayed trigger number ``data``)."""
    sub = 13 if kind == LIFE_LOSS else 14
    for s in range(L.shape[1]):
        if not (_dies_here(L, W, s) and is_creature(L, s)):
            continue
        if kind == LIFE_LOSS and L[CONTROLLER, s] == ctrl:
            continue
        key = detection_key(X, W[GROUP, s] * 128 + L[ORDER, s], sub)
        value = L[CONTROLLER, s] if data < 0 else data
        queue(X, W, kind, src, value, ctrl, obj, key)


@njit
def enter(L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int) -> None:
    """Common to every arrival: a new object (400.7), then its enters triggers (603.6a)."""
    L[ZONE, s] = BATTLEFIELD
    L[OBJ, s] += 1
    L[SINCE_TURN_START, s] = 0  # CR 302.6: it just came under this control
    if L[ORDER, s] < 0:
        # Cast permanents and tokens join the board order as they enter.
        L[ORDER, s] = X[NEXT_ORDER]
        X[NEXT_ORDER] += 1
        if L[RANK, s] < 0:
            L[RANK, s] = RANK_FALLBACK + L[ORDER, s]
    if TB[T_HAS_ETB, L[CARD, s]]:
        key = detection_key(X, L[ORDER, s], 0)
        queue(X, W, ETB, s, 0, L[CONTROLLER, s], L[OBJ, s], key)
    X[SEQ] += 1


@njit
def return_card(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int, kind: int
) -> None:
    """Persist (702.79a) or undying (702.93a): return under the owner's control with a
    -1/-1 or +1/+1 counter (put as it enters, 122.6)."""
    L[CONTROLLER, s] = L[OWNER, s]
    enter(L, X, W, TB, s)
    put_counters(L, TB, s, 1 if kind == PERSIST else 0, 1, True)


@njit
def set_card(L: np.ndarray, TB: np.ndarray, s: int, c: int) -> None:
    """Give a slot its card (a cast permanent or a token) with its printed columns."""
    L[CARD, s] = c
    L[IS_CREATURE_CARD, s] = TB[T_IS_CREATURE, c]
    L[BASE_P, s] = TB[T_BASE_P, c]
    L[BASE_T, s] = TB[T_BASE_T, c]
    L[PRINTED_PERSIST, s] = TB[T_PERSIST, c]
    L[PRINTED_UNDYING, s] = TB[T_UNDYING, c]
    L[PRINTED_KEYWORDS, s] = TB[T_KEYWORDS, c]


@njit
def cast_permanent(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, s: int, x: int
) -> None:
    """A permanent spell resolves and enters under its caster's control (608.3), with X
    counters if it says so (107.3m: the X paid for the spell; 122.6: put as it enters)."""
    L[ZONE, s] = BATTLEFIELD
    kind = TB[T_ENTERS_X_KIND, L[CARD, s]]
    if kind == 0 or kind == 1:
        put_counters(L, TB, s, kind, x, True)
    enter(L, X, W, TB, s)


@njit
def create_tokens(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, src: int, count: int
) -> None:
    """CR 111.1: the dies trigger of slot ``src`` makes ``count`` tokens (each token doubler
    of its controller doubles the number, 614.1); past the token slots: unsupported."""
    ctrl = L[CONTROLLER, src]
    doublers = 0
    for k in range(L.shape[1]):
        c = L[CARD, k]
        if c >= 0 and is_alive(L, k) and TB[T_TOKENS_DOUBLED, c] and L[CONTROLLER, k] == ctrl:
            doublers += 1
    token_card = TB[T_DIES_TOKENS, L[CARD, src]]
    first = W[LAYOUT, 0] + W[LAYOUT, 1]  # token slots follow the board and the cast slots
    for _ in range(count << doublers):
        slot = first + X[TOKENS_MADE]
        if slot >= L.shape[1]:
            X[STATUS] = UNSUPPORTED
            continue
        set_card(L, TB, slot, token_card)
        L[CONTROLLER, slot] = ctrl
        L[OWNER, slot] = ctrl
        L[TOKEN, slot] = 1
        L[TOKEN_SOURCE, slot] = src
        L[TOKEN_SERIAL, src] += 1
        L[TOKEN_SERIAL, slot] = L[TOKEN_SERIAL, src]
        X[TOKENS_MADE] += 1
        enter(L, X, W, TB, slot)
