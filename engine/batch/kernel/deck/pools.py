"""Mana pools packed into one int64 for the deck game: 10 bits a type, WUBRGC.

Adding two pools is one addition and "holds at least as much of every type" one subtraction
(``covers``: each field carries a guard bit), so the frontier of pools (``frontier``) costs a
few machine instructions a pool. A field holds at most ``MAX_PER_TYPE``: a game stops before
its board could make more in all (``game.past_pool_cap``), and the deck's tables refuse a card
that makes more at once (``engine.batch.deck.tables.batch_refusal``).

Costs are rows of ``DeckTables.costs``: paying one follows ``engine.reference.mana.pay_cost``
(CR 601.2h, 107.4): the hybrid symbols' first assignment in the cost's order that leaves
enough, then the generic part colorless first, then W, U, B, R, G (107.4b).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from engine.batch.kernel.deck.columns import K_GENERIC, K_HYB_END, K_HYB_START, K_SINGLE, K_SYMBOLS
from engine.batch.kernel.jit import ZERO, inline, njit

FIELD_BITS: Final = 10
MAX_PER_TYPE: Final = (1 << (FIELD_BITS - 1)) - 1  # 511: the guard bit stays clear
_FIELD: Final = (1 << FIELD_BITS) - 1
_GUARD: Final = sum(1 << (FIELD_BITS * t + FIELD_BITS - 1) for t in range(6))
POOL_BITS: Final = (1 << (6 * FIELD_BITS)) - 1
# A source's choice may carry the damage it deals its controller in the bits above the pool.
DAMAGE_SHIFT: Final = 6 * FIELD_BITS
MAX_ACTIVATION_DAMAGE: Final = 7  # three bits below the sign bit
GENERIC_ORDER: Final = (5, 0, 1, 2, 3, 4)  # C, then W, U, B, R, G (107.4b)


@inline
def amount(pool: int, t: int) -> int:
    return (pool >> (FIELD_BITS * t)) & _FIELD


@inline
def total(pool: int) -> int:
    n = 0
    for t in range(6):
        n += (pool >> (FIELD_BITS * t)) & _FIELD
    return n


@inline
def multisets(size: int, kinds: int) -> int:
    """How many multisets of ``size`` things of ``kinds`` kinds there are (C(size + kinds - 1,
    kinds - 1); each partial product is itself a binomial, so every division is exact)."""
    n = 1
    for i in range(1, kinds):
        n = n * (size + i) // i
    return n


@inline
def kinds_of(pool: int) -> int:
    """The types ``pool`` holds some of, a bit each (WUBRGC)."""
    kinds = 0
    for t in range(6):
        kinds |= (amount(pool, t) > 0) << t
    return kinds


@inline
def kinds_from(kinds: int, t: int) -> int:
    """How many of the types in ``kinds`` (bits, WUBRGC) come at or after type ``t``."""
    n = 0
    for u in range(t, 6):
        n += (kinds >> u) & 1
    return n


@inline
def multiset_pool(size: int, r: int, kinds: int) -> int:
    """The pool of the ``r``-th multiset of ``size`` mana of the types in ``kinds`` (bits,
    WUBRGC), in the order Python's ``combinations_with_replacement`` lists them over those
    types in WUBRGC order (lexicographic): the reference engine's order of what a player
    chooses for ``size`` triggers that each add one mana of those types (106.12a)."""
    pool, low = 0, 0
    for pos in range(size):
        t = low
        while not (kinds >> t) & 1 or r >= multisets(size - pos - 1, kinds_from(kinds, t)):
            if (kinds >> t) & 1:  # skip the multisets whose next mana is of type t
                r -= multisets(size - pos - 1, kinds_from(kinds, t))
            t += 1
        pool += 1 << (FIELD_BITS * t)
        low = t
    return pool


COLOR_KINDS: Final = 0b11111  # W, U, B, R, G: "one mana of any color" (105.1)
ALL_KINDS: Final = 0b111111  # and colorless


@inline
def generic_payment(size: int, r: int) -> int:
    """The pool of the ``r``-th way to pay ``size`` generic mana, in the reference engine's
    order (``engine.reference.mana.generic_payments``: the multisets of colorless, W, U, B,
    R, G in that order, lexicographic; 601.2h): a multiset of GENERIC_ORDER's places."""
    places = multiset_pool(size, r, ALL_KINDS)
    paid = 0
    for p in range(6):
        paid += amount(places, p) << (FIELD_BITS * GENERIC_ORDER[p])
    return paid


@inline
def covers(a: int, b: int) -> bool:
    """Whether pool ``a`` holds at least as much of every type as pool ``b``."""
    return (((a | _GUARD) - b) & _GUARD) == _GUARD


@inline
def _need(costs: np.ndarray, hybrids: np.ndarray, c: int, pick: int) -> int:
    """Cost ``c``'s colored symbols as a pool, its hybrids assigned by the bits of ``pick``
    (the first hybrid the highest bit: itertools.product's order)."""
    need = costs[c, K_SINGLE]
    start, end = costs[c, K_HYB_START], costs[c, K_HYB_END]
    h = end - start
    for j in range(h):
        if (pick >> (h - 1 - j)) & 1:
            need += hybrids[start + j, 1]
        else:
            need += hybrids[start + j, 0]
    return int(need)


@inline
def pays(pool: int, costs: np.ndarray, hybrids: np.ndarray, c: int) -> bool:
    """Whether ``pool`` pays cost ``c`` (X = 0)."""
    if total(pool) < costs[c, K_SYMBOLS] + costs[c, K_GENERIC]:
        return False
    h = costs[c, K_HYB_END] - costs[c, K_HYB_START]
    if h == 0:
        return covers(pool, costs[c, K_SINGLE])
    for pick in range(1 << h):  # noqa: SIM110 (numba compiles no generators)
        if covers(pool, _need(costs, hybrids, c, pick)):
            return True
    return False


@njit
def pay(pool: int, costs: np.ndarray, hybrids: np.ndarray, c: int) -> int:
    """The pool left after paying cost ``c`` (X = 0) from ``pool``, which pays it."""
    for pick in range(1 << (costs[c, K_HYB_END] - costs[c, K_HYB_START])):
        need = _need(costs, hybrids, c, pick)
        if covers(pool, need):
            left = pool - need
            generic = costs[c, K_GENERIC]
            for t in GENERIC_ORDER:
                spend = min(amount(left, t), generic)
                left -= spend << (FIELD_BITS * t)
                generic -= spend
            return left
    return -1


@inline
def paid_part(pool: int, costs: np.ndarray, hybrids: np.ndarray, c: int) -> int:
    """How many of cost ``c``'s symbols (X aside) ``pool`` could pay, each generic mana one:
    the most over the hybrids' assignments (``engine.reference.mana.paid_part``)."""
    best = ZERO  # not a literal (``jit.njit``)
    tot = total(pool)
    generic = costs[c, K_GENERIC]
    for pick in range(1 << (costs[c, K_HYB_END] - costs[c, K_HYB_START])):
        need = _need(costs, hybrids, c, pick)
        colored = 0
        for t in range(6):
            colored += min(amount(pool, t), amount(need, t))
        best = max(best, colored + min(generic, tot - colored))
    return best
