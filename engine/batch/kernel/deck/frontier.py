"""What a deck game's mana sources could make now: the frontier of pools (CR 106.7, 605).

The same answer as ``engine.reference.mana_search.frontier`` for the sources a batch deck
game holds (``engine.batch.deck.tables.kernel_refusal``): every one is a {T} ability whose
mana depends on the board alone, so the pools reachable are the sums of one choice per
untapped source that can be tapped (302.6), and the frontier keeps those no other holds at
least as much of every type as. A source with one choice adds it to every pool; a source
with several multiplies the pools, pruned as they are made. Past ``MAX_FRONTIER_POOLS`` the
game stops, the cap named.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from engine.batch.kernel.deck.columns import (
    B_CARD,
    B_ENTERED,
    B_TAPPED,
    C_FLAGS,
    C_NCHOICE,
    C_REFLECT_MASK,
    F_CREATURE,
    F_EVEN,
    F_HASTE,
    F_PER_COUNT,
    F_REFLECT,
    ST_BOARD,
    ST_HASTE,
    ST_LANDS,
    ST_TURN,
)
from engine.batch.kernel.deck.pools import DAMAGE_SHIFT, FIELD_BITS, POOL_BITS, covers
from engine.batch.kernel.jit import inline

# The most pools one frontier holds (a deck of many five-color sources makes the most).
MAX_FRONTIER_POOLS: Final = 4096


@inline
def can_tap(board: np.ndarray, b: int, st: np.ndarray, cards: np.ndarray) -> bool:
    """An untapped permanent whose {T} cost can be paid: not a creature that came under the
    player's control this turn, unless it has haste, is given it, or may tap as though it had
    it (302.6, 702.10c)."""
    if board[b, B_TAPPED]:
        return False
    flags = cards[board[b, B_CARD], C_FLAGS]
    if not flags & F_CREATURE or board[b, B_ENTERED] < st[ST_TURN]:
        return True
    return bool(flags & F_HASTE) or st[ST_HASTE] > 0


@inline
def choice_count(cards: np.ndarray, choices: np.ndarray, card: int, lands: int) -> int:
    """How many different pools one activation of ``card`` can make (``lands``: the types
    the lands could produce)."""
    flags = cards[card, C_FLAGS]
    if flags & F_REFLECT:
        mask = lands & cards[card, C_REFLECT_MASK]
        n = 0
        for t in range(6):
            n += (mask >> t) & 1
        return n
    if flags & F_PER_COUNT:  # the game keeps its mana for the permanents counted now
        return 1 if choices[card, 0] else 0  # none counted: no mana (106.4)
    return int(cards[card, C_NCHOICE])


@inline
def choice(cards: np.ndarray, choices: np.ndarray, card: int, lands: int, j: int) -> int:
    """The ``j``-th pool an activation of ``card`` makes (the order of the types named)."""
    if cards[card, C_FLAGS] & F_REFLECT:
        mask = lands & cards[card, C_REFLECT_MASK]
        for t in range(6):
            if (mask >> t) & 1:
                if j == 0:
                    return 1 << (FIELD_BITS * t)
                j -= 1
        return 0
    return int(choices[card, j]) & POOL_BITS


@inline
def choice_damage(cards: np.ndarray, choices: np.ndarray, card: int, j: int) -> int:
    """The damage the ``j``-th choice of ``card`` deals its controller (120.3a: a painland)."""
    if cards[card, C_FLAGS] & F_REFLECT:
        return 0
    return int(choices[card, j]) >> DAMAGE_SHIFT


@inline
def _add_new(out: np.ndarray, n: int, pool: int) -> int:
    """Add ``pool`` to the first ``n`` of ``out`` unless it is there; -1 past the cap."""
    for i in range(n):
        if out[i] == pool:
            return n
    if n >= out.shape[0]:
        return -1
    out[n] = pool
    return n + 1


@inline
def _insert(out: np.ndarray, n: int, pool: int) -> int:
    """Add ``pool`` to the first ``n`` of ``out`` (a frontier); the new size, -1 past the cap."""
    for i in range(n):
        if covers(out[i], pool):
            return n
    w = 0
    for i in range(n):
        if not covers(pool, out[i]):
            out[w] = out[i]
            w += 1
    if w >= out.shape[0]:
        return -1
    out[w] = pool
    return w + 1


@inline
def frontier(
    board: np.ndarray,
    st: np.ndarray,
    cards: np.ndarray,
    choices: np.ndarray,
    pool: int,
    skip: int,
    out: np.ndarray,
    spare: np.ndarray,
    several: np.ndarray,
) -> int:
    """The frontier of the pools reachable from ``pool`` by tapping the board's sources
    (not row ``skip``), into ``out``; its size, or -1 past MAX_FRONTIER_POOLS."""
    lands = st[ST_LANDS]
    base = pool
    m = 0
    for b in range(st[ST_BOARD]):
        if b == skip or not can_tap(board, b, st, cards):
            continue
        card = board[b, B_CARD]
        k = choice_count(cards, choices, card, lands)
        if k == 1:
            base += choice(cards, choices, card, lands, 0)
        elif k > 1:
            several[m] = card
            m += 1
    out[0] = base
    n = 1
    level = True  # every pool of ``out`` holds as much mana in all
    for s in range(m):
        card = several[s]
        k = choice_count(cards, choices, card, lands)
        for i in range(n):
            spare[i] = out[i]
        before = n
        n = 0
        level = level and (cards[card, C_FLAGS] & F_EVEN) != 0
        for i in range(before):
            for j in range(k):
                made = spare[i] + choice(cards, choices, card, lands, j)
                # pools of one total cover each other only when equal
                n = _add_new(out, n, made) if level else _insert(out, n, made)
                if n < 0:
                    return -1
    return n
