"""The wipe spells (CR 608.2): what each ``tables.SPELL`` code does as it resolves, then where
the card goes (608.2n). A spell reads the battlefield as it resolves."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.characteristics import is_alive, is_creature
from engine.batch.kernel.counters import put_counters
from engine.batch.kernel.jit import njit
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    DAMAGE,
    EV_BY_,
    EV_CARD_,
    EV_MODE_,
    EV_X_,
    EXILE_IF_DIES,
    GROUP,
    MOVERS,
    SPELL_ZONE,
    T_EXILE_ALL_GY,
    T_EXILE_OPP_GY,
    T_IS_ARTIFACT,
    T_IS_COLORED,
    T_IS_ENCHANTMENT,
    T_SPELL,
    T_SPELL_AMOUNT,
    T_SPELL_BY_X,
    T_SPELL_EXILE_IF_DIES,
    T_SPELL_KIND,
    T_SPELL_TO_LIBRARY,
    ZONE,
)
from engine.batch.kernel.triggers import weaken
from engine.batch.kernel.zones import leave
from engine.batch.wipe_state import EXILE, GRAVEYARD, HAND, LIBRARY

DESTROY_ALL, DAMAGE_EACH, SHRINK_ALL, COUNTERS_EACH, EXILE_MODAL, BOUNCE_ALL, SAC_COLORED = (
    1,
    2,
    3,
    4,
    5,
    6,
    7,
)  # fmt: skip  (tables.SPELL codes)


@njit
def clear_movers(W: np.ndarray) -> None:
    """Start a new zone-change event: nobody moves yet, every mover in group 0."""
    for s in range(W.shape[1]):
        W[MOVERS, s] = 0
        W[GROUP, s] = 0


@njit
def _creatures_leave(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, dest: int
) -> None:
    """Destroy all creatures (701.8a) or return them to their owners' hands (400.7)."""
    clear_movers(W)
    for s in range(L.shape[1]):
        W[MOVERS, s] = is_creature(L, s)
    leave(L, X, W, TB, dest)


@njit
def _damage_each(L: np.ndarray, TB: np.ndarray, c: int) -> None:
    """Anger of the Gods: damage to each creature (120.3e), exiled instead if it would die
    this turn (614.1a, locked to the object)."""
    for s in range(L.shape[1]):
        if is_creature(L, s):
            L[DAMAGE, s] += TB[T_SPELL_AMOUNT, c]
            L[EXILE_IF_DIES, s] |= TB[T_SPELL_EXILE_IF_DIES, c]


@njit
def _counters_each(L: np.ndarray, W: np.ndarray, TB: np.ndarray, c: int, x: int) -> None:
    """Black Sun's Zenith: X counters of the spell's kind on each creature (122.1)."""
    for s in range(L.shape[1]):
        W[MOVERS, s] = is_creature(L, s)  # the creatures as the spell resolves
    for s in range(L.shape[1]):
        if W[MOVERS, s]:
            put_counters(L, TB, s, TB[T_SPELL_KIND, c], x, False)


@njit
def _exile_modal(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, EV: np.ndarray, mode: int
) -> None:
    """Farewell / Merciless Eviction: exile the chosen modes' permanents (406.2), and with
    the graveyards mode every card in every graveyard."""
    clear_movers(W)
    for s in range(L.shape[1]):
        c = L[CARD, s]
        if c >= 0 and is_alive(L, s):
            W[MOVERS, s] = (
                (is_creature(L, s) and mode & 2 > 0)
                or (TB[T_IS_ARTIFACT, c] and mode & 1 > 0)
                or (TB[T_IS_ENCHANTMENT, c] and mode & 4 > 0)
            )
    leave(L, X, W, TB, EXILE)
    if mode & 16 == 0:
        return
    for s in range(L.shape[1]):
        if L[ZONE, s] == GRAVEYARD:
            L[ZONE, s] = EXILE
    for e in range(EV.shape[1]):
        if EV[SPELL_ZONE, e] == GRAVEYARD:
            EV[SPELL_ZONE, e] = EXILE


@njit
def _sacrifice_colored(L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray) -> None:
    """All Is Dust: each player sacrifices the colored permanents they control (701.21a)."""
    clear_movers(W)
    for s in range(L.shape[1]):
        c = L[CARD, s]
        W[MOVERS, s] = c >= 0 and is_alive(L, s) and TB[T_IS_COLORED, c]
    leave(L, X, W, TB, GRAVEYARD)


@njit
def resolve_spell(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, EV: np.ndarray, e: int
) -> None:
    """Do what the event's sorcery says (one ``tables.SPELL`` code per card)."""
    c, x = EV[EV_CARD_, e], EV[EV_X_, e]
    code = TB[T_SPELL, c]
    if code == DESTROY_ALL:
        _creatures_leave(L, X, W, TB, GRAVEYARD)
    elif code == DAMAGE_EACH:
        _damage_each(L, TB, c)
    elif code == SHRINK_ALL:
        # Toxic Deluge: creatures get -N/-N (or -X/-X) until end of turn (611.2c: locked in)
        weaken(L, -1, -1, -1, 2, TB[T_SPELL_AMOUNT, c] * (x if TB[T_SPELL_BY_X, c] else 1))
    elif code == COUNTERS_EACH:
        _counters_each(L, W, TB, c, x)
    elif code == EXILE_MODAL:
        _exile_modal(L, X, W, TB, EV, EV[EV_MODE_, e])
    elif code == BOUNCE_ALL:
        _creatures_leave(L, X, W, TB, HAND)
    elif code == SAC_COLORED:
        _sacrifice_colored(L, X, W, TB)
    _card_to_zone(L, TB, EV, e)


@njit
def _card_to_zone(L: np.ndarray, TB: np.ndarray, EV: np.ndarray, e: int) -> None:
    """CR 608.2n: the card goes to its owner's graveyard (or library), unless replaced
    (614.1a: Rest in Peace, an opponent's Leyline of the Void)."""
    c, by = EV[EV_CARD_, e], EV[EV_BY_, e]
    exiled = False
    for s in range(L.shape[1]):
        k = L[CARD, s]
        if k >= 0 and is_alive(L, s):
            opponents = TB[T_EXILE_OPP_GY, k] and L[CONTROLLER, s] != by
            exiled |= TB[T_EXILE_ALL_GY, k] != 0 or opponents
    to = EXILE if exiled else GRAVEYARD
    EV[SPELL_ZONE, e] = LIBRARY if TB[T_SPELL_TO_LIBRARY, c] else to
