"""What a deck game's mana sources could make now: the frontier of pools (CR 106.7, 605).

The same answer as ``engine.reference.mana_search.frontier`` for the sources a batch deck
game holds (``engine.batch.deck.tables.kernel_refusal``): every one is a {T} ability whose
mana depends on the board alone, so the pools reachable are the sums of one choice per
untapped source that can be tapped (302.6), and the frontier keeps those no other holds at
least as much of every type as. A source that leaves as it makes mana (Gemstone Mine's last
counter, Lotus Petal) changes that only when a source reading the lands (Reflecting Pool)
is tapped after it: tapped before it, the reader makes all it could, so the sums stand. A
source with one choice adds it to every pool; a source with several multiplies the pools,
pruned as they are made; so does each mana of any color a land Aura adds as its host makes
mana (Fertile Ground: five choices, 106.12a). Sources that cost life (Mana Confluence) count
only as many as the life total pays for (119.4). Signets ({1}, {T}: a fixed pool) and Cabal
Coffers ({2}, {T}: {B} per Swamp) come last, searched from each pool in every order and way
of paying (``_filtered``). A source whose cost taps an untapped creature (Springleaf Drum)
adds its choices once per creature it taps, which then makes no mana of its own
(``_tapping``). Past ``MAX_FRONTIER_POOLS`` the game stops, the cap named.
"""

from __future__ import annotations

from typing import Final, cast

import numpy as np

from engine.batch.kernel.deck.columns import (
    B_CARD,
    B_COUNTERS,
    B_ENTERED,
    B_TAKEN,
    B_TAPPED,
    C_ADD_FIXED,
    C_ADD_SAME,
    C_ENCHANTED,
    C_ENCHANTED_ANY,
    C_FILTER_COST,
    C_FLAGS,
    C_LIFE,
    C_NAME,
    C_NCHOICE,
    C_PER_SLOT,
    C_RAW_MASK,
    C_REFLECT_MASK,
    C_REMOVES,
    C_UNIT,
    F_CREATURE,
    F_EVEN,
    F_FILTER,
    F_HASTE,
    F_MANA,
    F_MULTI_TYPE,
    F_PER_COUNT,
    F_REFLECT,
    F_REMOVES,
    F_TAP_CREATURE,
    ST_BOARD,
    ST_HASTE,
    ST_LIFE,
    ST_TAPS_CREATURE,
    ST_TURN,
)
from engine.batch.kernel.deck.pools import (
    ALL_KINDS,
    COLOR_KINDS,
    DAMAGE_SHIFT,
    FIELD_BITS,
    POOL_BITS,
    covers,
    kinds_from,
    kinds_of,
    multiset_pool,
    multisets,
    total,
)
from engine.batch.kernel.jit import ZERO, inline, njit

# The most pools one frontier holds (a deck of many five-color sources makes the most).
MAX_FRONTIER_POOLS: Final = 4096
# The most Signets (F_FILTER) a deck holds: the frontier keeps those used as bits of an int64.
MAX_SIGNETS: Final = 62
# ``frontier``'s rows of the sources with several choices: how many, whether each makes as
# much mana in all (F_EVEN), then each choice's pool (at most one per mana type)
SEVERAL_K, SEVERAL_EVEN, SEVERAL_POOLS = 0, 1, 2
SEVERAL_WIDTH: Final = SEVERAL_POOLS + 6
# ``frontier``'s ``skip`` when it skips no row: an int64, not a literal (``jit.njit``)
NO_ROW: Final = cast(int, np.int64(-1))
_MIX: Final = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: a pool's slot is the top bits


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
def _usable(cards: np.ndarray, card: int, counters: int, j: int) -> bool:
    """Whether choice ``j`` of ``card`` can be paid: one that removes a counter needs one
    (118.3: Vivid Crag without charge counters makes only {R})."""
    return counters > 0 or not (cards[card, C_REMOVES] >> j) & 1


@inline
def choice_index(cards: np.ndarray, card: int, counters: int, j: int) -> int:
    """The row of ``choices`` of the ``j``-th choice that can be paid now."""
    if counters > 0 or not cards[card, C_FLAGS] & F_REMOVES:
        return j
    for i in range(cards[card, C_NCHOICE]):
        if _usable(cards, card, counters, i):
            if j == 0:
                return i
            j -= 1
    return -1


@inline
def reflected(cards: np.ndarray, card: int, lands: int) -> int:
    """The types a could-produce source (F_REFLECT) makes one of (``lands``: the types the
    lands could produce, 106.7), with those of a mana ability granted to it (611.3a:
    Reflecting Pool or Exotic Orchard under Chromatic Lantern, C_RAW_MASK; a could-produce
    source has no other of its own, ``tables.kernel_refusal``). Either ability makes one
    mana of the type and nothing else, so which one the pilot activates (605.3b) does not
    matter."""
    return int((lands & cards[card, C_REFLECT_MASK]) | cards[card, C_RAW_MASK])


@inline
def choice_count(
    cards: np.ndarray, choices: np.ndarray, card: int, lands: int, counters: int
) -> int:
    """How many different pools one activation of ``card`` can make (``lands``: the types
    the lands could produce; ``counters``: the permanent's counters)."""
    flags = cards[card, C_FLAGS]
    if flags & F_REFLECT:
        mask = reflected(cards, card, lands)
        n = 0
        for t in range(6):
            n += (mask >> t) & 1
        return n
    if flags & F_PER_COUNT and cards[card, C_NCHOICE] == 1:
        # the game keeps its mana for the permanents counted now (C_PER_SLOT); with a
        # granted ability, each of its types is a choice, the count's one too: 106.4, a
        # choice that may make no mana
        return 1 if choices[card, cards[card, C_PER_SLOT]] else 0  # none counted: no mana
    if counters > 0 or not flags & F_REMOVES:
        return int(cards[card, C_NCHOICE])
    n = 0
    for j in range(cards[card, C_NCHOICE]):
        n += _usable(cards, card, counters, j)
    return n


@inline
def choice(
    cards: np.ndarray, choices: np.ndarray, card: int, lands: int, counters: int, j: int
) -> int:
    """The ``j``-th pool an activation of ``card`` makes (the order of the types named)."""
    flags = cards[card, C_FLAGS]
    if flags & F_REFLECT:
        mask = reflected(cards, card, lands)
        for t in range(6):
            if (mask >> t) & 1:
                if j == 0:
                    return _triggered(cards, card, int(cards[card, C_UNIT]) << (FIELD_BITS * t))
                j -= 1
        return 0
    made = int(choices[card, choice_index(cards, card, counters, j)]) & POOL_BITS
    return _triggered(cards, card, made)


@inline
def _triggered(cards: np.ndarray, card: int, made: int) -> int:
    """``made`` and what the "tapped for mana" triggers on the battlefield add to it (106.12a,
    605.4a: only when mana was made): one of its type per "that type" trigger (Mana Flare),
    and their fixed mana (Leyline of Abundance's {G}). Of a source that makes more than one
    type at once, the "that type" mana is a choice, left out here (``same_types``)."""
    same, fixed = cards[card, C_ADD_SAME], cards[card, C_ADD_FIXED]
    if made == 0 or (same == 0 and fixed == 0):
        return made
    if cards[card, C_FLAGS] & F_MULTI_TYPE:
        return int(made + fixed)
    for t in range(6):
        if (made >> (FIELD_BITS * t)) & ((1 << FIELD_BITS) - 1):
            return int(made + (same << (FIELD_BITS * t)) + fixed)
    return made


@inline
def choice_damage(cards: np.ndarray, choices: np.ndarray, card: int, counters: int, j: int) -> int:
    """The damage the ``j``-th choice of ``card`` deals its controller (120.3a: a painland)."""
    if cards[card, C_FLAGS] & F_REFLECT:
        return 0
    return int(choices[card, choice_index(cards, card, counters, j)]) >> DAMAGE_SHIFT


def spare_len(cap: int) -> int:
    """The length of ``frontier``'s scratch for an ``out`` of ``cap`` pools: room to copy
    them, then a hash table of the pools one step has made (a power of two, at least twice
    ``cap`` slots, so a probe always finds an empty slot), then room for the pools of one
    choice of the creatures tapped for costs (``_tapping``)."""
    slots = 2
    while slots < 2 * cap:
        slots *= 2
    return cap + slots + cap


SPARE_LEN: Final = spare_len(MAX_FRONTIER_POOLS)  # a game's scratch


@inline
def _clear(table: np.ndarray, wanted: int) -> tuple[int, int]:
    """Empty the first slots of ``table`` that hold ``wanted`` pools at half load: how many
    (a power of two) and the shift that takes a hash to one of them."""
    slots, shift = 2, 63
    while slots < 2 * wanted and slots < table.shape[0]:
        slots *= 2
        shift -= 1
    for i in range(slots):
        table[i] = -1  # no pool: a pool is never negative
    return slots, shift


@inline
def _add_new(out: np.ndarray, n: int, pool: int, table: np.ndarray, slots: int, shift: int) -> int:
    """Add ``pool`` to the first ``n`` of ``out`` unless ``table`` (the pools among them,
    open addressing) holds it; -1 past the cap. A step that makes a pool many times (many
    any-color sources) looks each one up in constant time, where a scan of ``out`` made the
    frontier quadratic in its size."""
    h = np.int64((np.uint64(pool) * _MIX) >> np.uint64(shift))
    while table[h] >= 0:
        if table[h] == pool:
            return n
        h = (h + 1) & (slots - 1)
    if n >= out.shape[0]:
        return -1
    table[h] = pool
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
def _sources(  # type: ignore[no-untyped-def]
    board, st, cards, choices, pool, skip, lands, several
) -> tuple[int, int]:
    """``frontier``'s first step: ``pool`` plus the mana of every source with one choice, and
    how many sources with several it wrote into ``several``.

    Sources that cost life (119.4: a deck has one such card, ``tables.batch_refusal``) are
    alike but for the Auras on them: activated first, before any damage (120.3a), as many as
    the life total pays for can be, and no more: those whose Auras add the most (one type of
    mana, ``tables._aura_refusal``, so more is more of every type)."""
    base = pool
    m = 0
    payers, payer = 0, -1
    for b in range(st[ST_BOARD]):
        if b == skip or not can_tap(board, b, st, cards):
            continue
        if cards[board[b, B_CARD], C_FLAGS] & F_FILTER:
            continue  # added after the others (``_filtered``)
        if cards[board[b, B_CARD], C_FLAGS] & F_TAP_CREATURE:
            continue  # added once per creature it taps (``_frontier_of``)
        if cards[board[b, B_CARD], C_LIFE]:
            payers += 1
            payer = b
            continue
        base, m = _add_source(board, cards, choices, lands, several, b, base, m)
    if payers == 0:
        return base, m
    paid = min(payers, max(st[ST_LIFE], 0) // cards[board[payer, B_CARD], C_LIFE])
    for b in range(st[ST_BOARD]):
        pays_life = b != skip and cards[board[b, B_CARD], C_LIFE] != 0
        if (
            pays_life
            and can_tap(board, b, st, cards)
            and _payer_rank(board, st, cards, skip, b) < paid
        ):
            base, m = _add_source(board, cards, choices, lands, several, b, base, m)
    return base, m


@inline
def _payer_rank(board: np.ndarray, st: np.ndarray, cards: np.ndarray, skip: int, b: int) -> int:
    """How many of the sources that cost life come before row ``b``: those whose Auras add
    more mana (C_ENCHANTED), then those of as much earlier in board order."""
    mine = total(cards[board[b, B_CARD], C_ENCHANTED])
    rank = 0
    for r in range(st[ST_BOARD]):
        if r == skip or r == b or not can_tap(board, r, st, cards):  # noqa: SIM109 (numba)
            continue
        if cards[board[r, B_CARD], C_LIFE]:
            theirs = total(cards[board[r, B_CARD], C_ENCHANTED])
            rank += theirs > mine or (theirs == mine and r < b)
    return rank


@inline
def _add_source(  # type: ignore[no-untyped-def]
    board, cards, choices, lands, several, b, base, m
) -> tuple[int, int]:
    """Board row ``b``'s mana: added to ``base`` if it has one choice, else a row of
    ``several`` (the ``m``-th), then a row for each mana of a type it made that a "that
    type" trigger adds, where it made several (``_same_types``), and for each mana of any
    color its Auras add (``_any_colors``); the new ``base`` and ``m``."""
    card, counters = board[b, B_CARD], board[b, B_COUNTERS]
    k = choice_count(cards, choices, card, lands, counters)
    if k == 0:
        return base, m  # it makes no mana, so no trigger adds any (106.12a)
    if k == 1:
        base += choice(cards, choices, card, lands, counters, 0)
    else:
        several[m, SEVERAL_K] = k
        several[m, SEVERAL_EVEN] = (cards[card, C_FLAGS] & F_EVEN) != 0
        for j in range(k):
            several[m, SEVERAL_POOLS + j] = choice(cards, choices, card, lands, counters, j)
        m += 1
    m = _same_types(cards, choices, several, card, m)
    return base, _any_colors(cards, several, card, m)


@inline
def same_types(cards: np.ndarray, choices: np.ndarray, card: int) -> tuple[int, int]:
    """How many "that type" triggers (Mana Flare) choose one of the types ``card`` makes at
    once (F_MULTI_TYPE: Boros Garrison's {R}{W}) and those types (bits, WUBRGC): none, 0,
    for any other source (their "that type" mana is in its choices, ``_triggered``)."""
    if not cards[card, C_FLAGS] & F_MULTI_TYPE:
        return 0, 0
    return int(cards[card, C_ADD_SAME]), kinds_of(int(choices[card, 0]) & POOL_BITS)


@inline
def _trigger_rows(several: np.ndarray, m: int, count: int, kinds: int) -> int:
    """``count`` rows of ``several`` from the ``m``-th, one per trigger adding one mana of a
    type the player chooses among ``kinds`` (bits, WUBRGC) as it resolves (106.12a, 605.1b);
    the new ``m``."""
    for _ in range(count):
        several[m, SEVERAL_K] = kinds_from(kinds, 0)
        several[m, SEVERAL_EVEN] = 1
        k = 0
        for t in range(6):
            if (kinds >> t) & 1:
                several[m, SEVERAL_POOLS + k] = 1 << (FIELD_BITS * t)
                k += 1
        m += 1
    return m


@inline
def _same_types(
    cards: np.ndarray, choices: np.ndarray, several: np.ndarray, card: int, m: int
) -> int:
    """Rows of ``several`` from the ``m``-th for the mana the "that type" triggers add as
    ``card`` makes more than one type at once, one of those types each (106.12a); the new
    ``m``."""
    same, kinds = same_types(cards, choices, card)
    return _trigger_rows(several, m, same, kinds)


@inline
def _any_colors(cards: np.ndarray, several: np.ndarray, card: int, m: int) -> int:
    """Rows of ``several`` from the ``m``-th for the mana of any color the Auras on ``card``
    add as it makes mana (C_ENCHANTED_ANY: Fertile Ground), five choices each (the player
    chooses each color as its trigger resolves, 106.12a, 605.1b); the new ``m``."""
    return _trigger_rows(several, m, cards[card, C_ENCHANTED_ANY], COLOR_KINDS)


@inline
def frontier(
    board: np.ndarray,
    st: np.ndarray,
    cards: np.ndarray,
    choices: np.ndarray,
    pool: int,
    skip: int,
    lands: int,
    out: np.ndarray,
    spare: np.ndarray,
    several: np.ndarray,
) -> int:
    """The frontier of the pools reachable from ``pool`` by tapping the board's sources
    (not row ``skip``) with the lands able to produce ``lands`` (106.7), into ``out``; its
    size, or -1 past its cap (``out``'s length, MAX_FRONTIER_POOLS in a game; ``spare``:
    ``spare_len`` long). ``several`` holds a row per choice among several a source's
    activation makes (``_add_source``): how many, whether they make as much mana in all, and
    the pools (``SEVERAL_*``).

    Inlined, it is a test and a call: the search itself (``_frontier_of``) is compiled once,
    for this and for ``_tapping``. Inlined at the game's seven call sites, compiling the game
    took more than 24 GB; inlined here and twice in ``_tapping``, it was compiled three times
    over, most of the deck game's compile time. Its callers pass int64, never a literal
    (NO_ROW)."""
    tappers, first = tapping_sources(board, st, cards, skip)
    if tappers:
        return _tapping(
            board, st, cards, choices, pool, skip, lands, out, spare, several,
            np.int64(tappers), np.int64(first),
        )  # fmt: skip
    return _frontier_of(
        board, st, cards, choices, pool, skip, lands, out, spare, several, ZERO, NO_ROW
    )


@inline
def tapping_sources(
    board: np.ndarray, st: np.ndarray, cards: np.ndarray, skip: int
) -> tuple[int, int]:
    """How many untapped sources besides row ``skip`` have mana abilities whose cost taps an
    untapped creature the player controls (F_TAP_CREATURE: Springleaf Drum, never a creature
    itself, ``tables.kernel_refusal``), and the first of them (-1: none). No board scan in a
    deck without such a card (ST_TAPS_CREATURE)."""
    n, first = 0, -1
    if not st[ST_TAPS_CREATURE]:
        return n, first
    for b in range(st[ST_BOARD]):
        flags = cards[board[b, B_CARD], C_FLAGS]
        if b != skip and not board[b, B_TAPPED] and flags & F_TAP_CREATURE:
            n += 1
            first = b if first < 0 else first
    return n, first


@inline
def _dork(board, st, cards, choices, lands, skip, b) -> int:  # type: ignore[no-untyped-def]
    """Of board row ``b``, a creature such a source could tap (untapped, not row ``skip``):
    2 if its own mana ability makes mana now (302.6; a choice it has), 1 if not; else 0."""
    card = board[b, B_CARD]
    flags = cards[card, C_FLAGS]
    if b == skip or board[b, B_TAPPED] or not flags & F_CREATURE:
        return 0
    if not flags & F_MANA or not can_tap(board, b, st, cards):
        return 1
    return 2 if choice_count(cards, choices, card, lands, board[b, B_COUNTERS]) > 0 else 1


@njit
def _alike(cards, choices, lands, board, a, b) -> bool:  # type: ignore[no-untyped-def]
    """Whether the dorks of rows ``a`` and ``b`` make the same choices (which of the two a
    source taps for its cost changes no pool). A call: inlined at its four places in
    ``_tapping``, it made that the deck game's longest compile."""
    ca, cb, na, nb = board[a, B_CARD], board[b, B_CARD], board[a, B_COUNTERS], board[b, B_COUNTERS]
    if cards[ca, C_NAME] != cards[cb, C_NAME] or na != nb:
        return False
    k = choice_count(cards, choices, ca, lands, na)
    if k != choice_count(cards, choices, cb, lands, nb):
        return False
    if cards[ca, C_ENCHANTED_ANY] != cards[cb, C_ENCHANTED_ANY]:
        return False
    same_a, kinds_a = same_types(cards, choices, ca)
    same_b, kinds_b = same_types(cards, choices, cb)
    if same_a != same_b or kinds_a != kinds_b:
        return False
    for j in range(k):
        if choice(cards, choices, ca, lands, na, j) != choice(cards, choices, cb, lands, nb, j):
            return False
    return True


@inline
def _alike_after(cards, choices, lands, board, st, h) -> int:  # type: ignore[no-untyped-def]
    """How many dorks alike to the dork of row ``h`` there are from it on (it included;
    B_TAKEN -2 marks a row that is no dork)."""
    n = 0
    for r in range(h, st[ST_BOARD]):
        n += board[r, B_TAKEN] != -2 and _alike(cards, choices, lands, board, h, r)
    return n


@inline
def _take(cards, choices, lands, board, st, value) -> int:  # type: ignore[no-untyped-def]
    """Set B_TAPPED to ``value`` on the dorks the current choice taps for costs: from each
    first of its kind (B_TAKEN at least 0, that many), the first alike ones in board order;
    how many in all."""
    taken = 0
    for h in range(st[ST_BOARD]):
        want = board[h, B_TAKEN]
        for r in range(h, st[ST_BOARD]):
            if want <= 0:
                break
            if board[r, B_TAKEN] != -2 and _alike(cards, choices, lands, board, h, r):
                board[r, B_TAPPED] = value
                want -= 1
                taken += 1
    return taken


@inline
def _next_choice(cards, choices, lands, board, st, extra) -> bool:  # type: ignore[no-untyped-def]
    """Step to the next choice of how many dorks of each kind are tapped for costs (each at
    most ``extra``, counted in the B_TAKEN of the kind's first row, in board order like the
    digits of a number); False after the last."""
    for h in range(st[ST_BOARD]):
        if board[h, B_TAKEN] < 0:
            continue
        if board[h, B_TAKEN] < min(_alike_after(cards, choices, lands, board, st, h), extra):
            board[h, B_TAKEN] += 1
            return True
        board[h, B_TAKEN] = 0
    return False


@inline
def _kinds(board, st, cards, choices, lands, skip) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Mark each row's B_TAKEN: 0 on the first dork of its kind (``_alike``), -1 on another
    dork, -2 on a row that is none; how many creatures a source could tap whose own mana
    ability makes no mana now, and how many kinds of dork there are."""
    free, kinds = 0, 0
    for b in range(st[ST_BOARD]):
        dork = _dork(board, st, cards, choices, lands, skip, b)
        free += dork == 1
        first_of_kind = dork == 2
        for r in range(b):
            if board[r, B_TAKEN] != -2 and _alike(cards, choices, lands, board, r, b):
                first_of_kind = False
                break
        board[b, B_TAKEN] = 0 if first_of_kind else -1 if dork == 2 else -2
        kinds += first_of_kind
    return free, kinds


@njit
def _tapping(  # type: ignore[no-untyped-def]
    board, st, cards, choices, pool, skip, lands, out, spare, several, tappers, first
) -> int:
    """``frontier`` with ``tappers`` sources whose cost taps an untapped creature (one card
    of them in a deck, ``tables._tapping_deck_refusal``: alike; ``first`` is one). Each one
    used adds its choices, and the creature it taps makes no mana of its own.

    A creature whose own mana ability makes none now (none, 302.6, nothing counted) is the
    one to tap: a pool made tapping a dork instead is held by one that taps such a creature
    and lets the dork make its mana. So ``min(tappers, free)`` of the sources tap such
    creatures, and each other source taps a dork or is not used (which its choices, adding
    mana, never beat): every choice of at most that many dorks is made, alike dorks
    (``_alike``) counted as one kind, and the frontiers of all are merged into ``out``."""
    free, kinds = _kinds(board, st, cards, choices, lands, skip)
    uses = min(tappers, free)
    extra = tappers - uses
    if extra == 0 or kinds == 0:
        return _frontier_of(
            board, st, cards, choices, pool, skip, lands, out, spare, several, uses, first
        )
    cap = out.shape[0]
    made, work = spare[spare.shape[0] - cap :], spare[: spare.shape[0] - cap]
    n = 0
    while n >= 0:
        taken = _take(cards, choices, lands, board, st, 2)  # 2: tapped here, for a while
        m = 0
        if taken <= extra:
            m = _frontier_of(
                board, st, cards, choices, pool, skip, lands, made, work, several,
                uses + taken, first,
            )  # fmt: skip
        _take(cards, choices, lands, board, st, 0)
        n = -1 if m < 0 else _merged(out, n, made, m)
        if n < 0 or not _next_choice(cards, choices, lands, board, st, extra):
            break
    return n


@inline
def _merged(out: np.ndarray, n: int, made: np.ndarray, m: int) -> int:
    """The first ``n`` of ``out`` (a frontier) with the first ``m`` of ``made`` added: the new
    size, -1 past the cap."""
    for i in range(m):
        n = _insert(out, n, made[i])
        if n < 0:
            return -1
    return n


@njit
def _frontier_of(
    board: np.ndarray,
    st: np.ndarray,
    cards: np.ndarray,
    choices: np.ndarray,
    pool: int,
    skip: int,
    lands: int,
    out: np.ndarray,
    spare: np.ndarray,
    several: np.ndarray,
    uses: int,
    tapper: int,
) -> int:
    """``frontier`` with the choices of row ``tapper``, a source whose cost taps a creature,
    added ``uses`` times (the creatures it taps left out by the caller)."""
    base, m = _sources(board, st, cards, choices, pool, skip, lands, several)
    for _ in range(uses):
        base, m = _add_source(board, cards, choices, lands, several, tapper, base, m)
    out[0] = base
    n = 1
    cap = out.shape[0]
    table = spare[cap:]
    level = True  # every pool of ``out`` holds as much mana in all
    for s in range(m):
        k = several[s, SEVERAL_K]
        for i in range(n):
            spare[i] = out[i]
        before = n
        n = 0
        level = level and several[s, SEVERAL_EVEN] != 0
        slots, shift = _clear(table, min(before * k, cap)) if level else (0, 0)
        for i in range(before):
            for j in range(k):
                made = spare[i] + several[s, SEVERAL_POOLS + j]
                # pools of one total cover each other only when equal
                n = _add_new(out, n, made, table, slots, shift) if level else _insert(out, n, made)
                if n < 0:
                    return -1
    return _filtered(board, st, cards, choices, skip, lands, out, n, spare)


@inline
def filter_usable(board: np.ndarray, st: np.ndarray, cards: np.ndarray, skip: int, b: int) -> bool:
    """Whether board row ``b`` is a Signet (F_FILTER) the player can tap now."""
    flags = cards[board[b, B_CARD], C_FLAGS]
    return b != skip and bool(flags & F_FILTER) and can_tap(board, b, st, cards)


@inline
def any_filter(board: np.ndarray, st: np.ndarray, cards: np.ndarray, skip: int) -> bool:
    """Whether the board has a Signet the player can tap now, besides row ``skip``."""
    for b in range(st[ST_BOARD]):  # noqa: SIM110 (numba compiles no generators)
        if filter_usable(board, st, cards, skip, b):
            return True
    return False


@inline
def _first_alike(board: np.ndarray, st: np.ndarray, cards: np.ndarray, skip: int, mask: int,
                 b: int) -> bool:  # fmt: skip
    """Whether ``b`` is the first unused (not in ``mask``, a bit per usable Signet in board
    order) of the usable Signets of its card: which copy is activated changes nothing, so
    only the first is tried."""
    k = 0
    for r in range(b):
        if filter_usable(board, st, cards, skip, r):
            if board[r, B_CARD] == board[b, B_CARD] and not (mask >> k) & 1:
                return False
            k += 1
    return True


@inline
def _held(pools: np.ndarray, masks: np.ndarray, n: int, pool: int, mask: int) -> bool:
    """Whether a position of the first ``n`` holds at least ``pool`` with no Signet used that
    ``mask`` has not used (from there, all that ``pool`` and ``mask`` reach is reachable)."""
    for i in range(n):  # noqa: SIM110 (numba compiles no generators)
        if covers(pools[i], pool) and masks[i] & ~mask == 0:
            return True
    return False


@inline
def _expand(
    board: np.ndarray,
    st: np.ndarray,
    cards: np.ndarray,
    choices: np.ndarray,
    skip: int,
    lands: int,
    pools: np.ndarray,
    masks: np.ndarray,
    i: int,
    m: int,
) -> int:
    """Add to the ``m`` positions those one more Signet makes from position ``i``, its cost
    (C_FILTER_COST) paid in each way the pool can (a position held by another is left
    out): the new count, -1 past the cap (``pools``' length)."""
    pool, mask = pools[i], masks[i]
    k = -1  # the usable Signets' bits, in board order
    for b in range(st[ST_BOARD]):
        if not filter_usable(board, st, cards, skip, b):
            continue
        k += 1
        if (mask >> k) & 1 or not _first_alike(board, st, cards, skip, mask, b):
            continue
        made = choice(cards, choices, board[b, B_CARD], lands, board[b, B_COUNTERS], 0)
        used = mask | (1 << k)
        cost = cards[board[b, B_CARD], C_FILTER_COST]
        for r in range(multisets(cost, 6)):
            paid = multiset_pool(cost, r, ALL_KINDS)
            after = pool - paid + made
            if not covers(pool, paid) or _held(pools, masks, m, after, used):
                continue
            if m >= pools.shape[0]:
                return -1
            pools[m], masks[m] = after, used
            m += 1
    return m


@inline
def _filtered(
    board: np.ndarray,
    st: np.ndarray,
    cards: np.ndarray,
    choices: np.ndarray,
    skip: int,
    lands: int,
    out: np.ndarray,
    n: int,
    spare: np.ndarray,
) -> int:
    """The frontier of ``out``'s ``n`` pools once the usable Signets are activated too, in any
    order, each paying its {1} with any mana the pool holds then (601.2h; their mana does not
    depend on the board, so the other sources tapped first leave every choice open).

    A search over positions (a pool, and the Signets used, a bit each: a deck holds at most
    MAX_SIGNETS, ``tables.batch_refusal``), kept in ``spare``; a position another
    holds at least as much of every type as, with no other Signet used, is not searched.
    -1 past the cap (``out``'s length)."""
    if not any_filter(board, st, cards, skip):
        return n
    cap = out.shape[0]
    pools, masks = spare[:cap], spare[cap : 2 * cap]
    for i in range(n):
        pools[i], masks[i] = out[i], 0
    m, i = n, 0
    while i < m:
        m = _expand(board, st, cards, choices, skip, lands, pools, masks, i, m)
        if m < 0:
            return -1
        i += 1
    n = 0
    for i in range(m):
        n = _insert(out, n, pools[i])
        if n < 0:
            return -1
    return n
