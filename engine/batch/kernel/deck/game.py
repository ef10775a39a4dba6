"""The compiled deck game (issue #13): every game of a batch played one at a time, turn by
turn, with the reference engine's rules and pilot (``engine.reference.deck``, whose module
text states the game; this file cites the same rules where they apply).

A game's state is a few small arrays reused from game to game: the hand and the library
(deck indices), the board (rows of ``columns.B_*``; what entering and leaving it changes is
``board``'s), the names seen played or cast, and the scalars in ``st`` (``ST_*``); the mana
pool is one packed int64 (``pools``).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from engine.batch.kernel.deck.board import (
    counted_by,
    enter,
    lands_could,
    leave,
    sacrificed_by_activation,
)
from engine.batch.kernel.deck.columns import (
    B_CARD,
    B_COUNTERS,
    B_TAPPED,
    C_ADD_FIXED,
    C_ADD_SAME,
    C_BOTTOM_RANK,
    C_CAST_RANK,
    C_COST,
    C_ENCHANTED_ANY,
    C_FILTER_COST,
    C_FLAGS,
    C_LAND_RANK,
    C_LIFE,
    C_MOST,
    C_NAME,
    C_PER_SLOT,
    C_PER_UNIT,
    C_REMOVES,
    C_TRIGGER_ON,
    C_UNIT,
    F_CASTABLE,
    F_CREATURE,
    F_FILTER,
    F_LAND,
    F_LEGENDARY,
    F_MANA,
    F_MAY_MAKE_NONE,
    F_PER_COUNT,
    F_REFLECT,
    F_TAP_CREATURE,
    K_GENERIC,
    K_SYMBOLS,
    K_X,
    N_BOARD_COLUMNS,
    N_SCALARS,
    S_HI,
    S_LIVE,
    S_LO,
    S_LONDON,
    S_MAX_MULLIGANS,
    S_NAMES,
    S_PAYS_LIFE,
    S_POOL_CAP,
    S_TAPS_CREATURE,
    S_TURNS,
    ST_BOARD,
    ST_CAST_DRAWS,
    ST_FACTOR,
    ST_HAND,
    ST_LANDS,
    ST_LIB_AT,
    ST_LIB_N,
    ST_LIFE,
    ST_PAYS_LIFE,
    ST_POOL,
    ST_POOL_CAP,
    ST_TAPS_CREATURE,
    ST_TURN,
    WATCH_ENCHANTED,
)
from engine.batch.kernel.deck.frontier import (
    MAX_FRONTIER_POOLS,
    NO_ROW,
    SEVERAL_WIDTH,
    SPARE_LEN,
    any_filter,
    can_tap,
    choice,
    choice_count,
    choice_damage,
    choice_index,
    frontier,
    reflected,
    same_types,
    tapping_sources,
)
from engine.batch.kernel.deck.pools import (
    COLOR_KINDS,
    MAX_PER_TYPE,
    amount,
    covers,
    generic_payment,
    kinds_from,
    multiset_pool,
    multisets,
    paid_part,
    pay,
    pays,
    total,
)
from engine.batch.kernel.jit import TRUE, ZERO, entry, inline, njit
from engine.deck import STARTING_LIFE

OPENING_HAND: Final = 7  # CR 103.5
# A game's status: played to its last turn, or stopped (engine.batch.deck.REASONS); a loss
# (704.5a) is LOSS plus how far below 1 life the player went (LOSS: at 0 life).
OK, FRONTIER_CAP, EMPTY_LIBRARY, POOL_CAP, NO_PROGRESS, LOSS = range(6)


@inline
def _remove(hand: np.ndarray, st: np.ndarray, h: int) -> int:
    """Take the card at hand position ``h`` out of the hand, keeping the others' order."""
    card = hand[h]
    for j in range(h, st[ST_HAND] - 1):
        hand[j] = hand[j + 1]
    st[ST_HAND] -= 1
    return int(card)


@inline
def _legend_held(board: np.ndarray, st: np.ndarray, cards: np.ndarray, card: int) -> bool:
    """The pilot never puts a second legendary permanent of one name into play (704.5j)."""
    if not cards[card, C_FLAGS] & F_LEGENDARY:
        return False
    name = cards[card, C_NAME]
    for b in range(st[ST_BOARD]):  # noqa: SIM110 (numba compiles no generators)
        if cards[board[b, B_CARD], C_NAME] == name:
            return True
    return False


@inline
def _opening_hand(  # type: ignore[no-untyped-def]
    orders: np.ndarray, g: int, cards: np.ndarray, settings: np.ndarray, hand, library, st
) -> int:
    """CR 103.5, the London mulligan: the kept hand and the library; the mulligans taken."""
    n = orders.shape[2]
    lo, hi = settings[S_LO], settings[S_HI]
    kept = 0
    lands = 0
    for k in range(orders.shape[1]):
        lands = 0
        for j in range(OPENING_HAND):
            lands += (cards[orders[g, k, j], C_FLAGS] & F_LAND) != 0
        last = settings[S_LONDON] == 0 or k == settings[S_MAX_MULLIGANS]
        kept = k
        if (lo <= lands <= hi) or last:
            break
    for j in range(OPENING_HAND):
        hand[j] = orders[g, kept, j]
    st[ST_HAND] = OPENING_HAND
    for j in range(OPENING_HAND, n):
        library[j - OPENING_HAND] = orders[g, kept, j]
    st[ST_LIB_N] = n - OPENING_HAND
    st[ST_LIB_AT] = 0
    lands_first = lands > hi  # more lands than hi: lands go to the bottom first
    for _ in range(kept):
        best, best_key = -1, 0
        for h in range(st[ST_HAND]):
            card = hand[h]
            is_land = (cards[card, C_FLAGS] & F_LAND) != 0
            key = cards[card, C_BOTTOM_RANK] + (0 if is_land == lands_first else 1 << 20)
            if best < 0 or key < best_key:
                best, best_key = h, key
        library[st[ST_LIB_N]] = _remove(hand, st, best)
        st[ST_LIB_N] += 1
    return kept


@inline
def _land_drop(hand, ranks, board, st, cards, choices, per_cards, grants, seen) -> None:  # type: ignore[no-untyped-def]
    """CR 305.2: one land a turn, if the hand has one (the order of ``engine.deck.land_key``;
    of equal ones the first in the hand)."""
    best, best_rank = -1, 0
    for h in range(st[ST_HAND]):
        card = hand[h]
        if not cards[card, C_FLAGS] & F_LAND or _legend_held(board, st, cards, card):
            continue
        rank = cards[card, C_LAND_RANK]
        if best < 0 or rank < best_rank:
            best, best_rank = h, rank
    if best >= 0:
        card = _remove(hand, st, best)
        enter(board, st, cards, choices, per_cards, grants, seen, card, hand, ranks, -1)


@inline
def _some_pays(front, n, delta, costs, hybrids, c) -> bool:  # type: ignore[no-untyped-def]
    """Whether one of the ``n`` pools of ``front`` (a frontier), with ``delta`` added, pays
    cost ``c``: whether some pool the sources could make pays it."""
    for i in range(n):  # noqa: SIM110 (numba compiles no generators)
        if pays(front[i] + delta, costs, hybrids, c):
            return True
    return False


@inline
def _trigger_choices(
    cards: np.ndarray, choices: np.ndarray, card: int
) -> tuple[int, int, int, int]:
    """The "that type" triggers choosing among the types ``card`` makes at once and those
    types (``frontier.same_types``), the "any color" triggers of its Auras (C_ENCHANTED_ANY),
    and how many ways there are to choose for them all (a multiset of each, 106.12a)."""
    same, kinds = same_types(cards, choices, card)
    colors = cards[card, C_ENCHANTED_ANY]
    return same, kinds, colors, multisets(same, kinds_from(kinds, 0)) * multisets(colors, 5)


@inline
def _made(  # type: ignore[no-untyped-def]
    cards, choices, card, lands, counters, triggers, i
) -> tuple[int, int]:
    """The ``i``-th way to activate a source of ``card`` (``triggers``: its
    ``_trigger_choices``), its choices outer and its triggers' inner: the index of its choice
    and the mana made with the triggers' (106.12a)."""
    same, kinds, colors, triggered = triggers
    j = i // triggered
    made = choice(cards, choices, card, lands, counters, j)
    return j, made + _trigger_pool(same, kinds, colors, i % triggered)


@inline
def _trigger_pool(same: int, kinds: int, colors: int, r: int) -> int:
    """The mana of the ``r``-th way to choose (``_trigger_choices``), in the reference
    engine's order: the types outer, the colors inner (``mana_search._trigger_choices``)."""
    colorings = multisets(colors, 5)
    typed = multiset_pool(same, r // colorings, kinds)
    return typed + multiset_pool(colors, r % colorings, COLOR_KINDS)


@njit
def _activate(  # type: ignore[no-untyped-def]
    b, c, gain_needed, before, board, st, cards, choices, per_cards, costs, hybrids, front,
    spare, several,
) -> int:  # fmt: skip
    """Activate board row ``b`` for cost ``c`` with its first choice that pays more of it than
    ``before`` (the pool's ``paid_part``; any choice, unless ``gain_needed``) and after which
    it can still be paid (a source with one choice that stays never loses a pool, unless it
    costs life or deals damage where life decides what the others make): 1 if activated, 2
    if activated and sacrificed, 0 if not, -1 past the frontier's cap. Life is paid only
    while the total is at least the amount (119.4)."""
    card = board[b, B_CARD]
    pool = st[ST_POOL]
    lands = st[ST_LANDS]
    counters = board[b, B_COUNTERS]
    life = st[ST_LIFE]
    if cards[card, C_LIFE] > max(life, 0):  # 0 life can always be paid
        return 0
    leaves = sacrificed_by_activation(board, b, cards)
    k = choice_count(cards, choices, card, lands, counters)
    # a creature a source's cost could tap instead (Springleaf Drum): tapping it for its own
    # mana may lose a pool even with one choice
    creature = (cards[card, C_FLAGS] & F_CREATURE) != 0
    tappable = creature and tapping_sources(board, st, cards, b)[0] > 0
    if k == 0:  # nothing to reflect or to count: it taps for no mana (106.5, 106.4)
        if not cards[card, C_FLAGS] & F_MAY_MAKE_NONE or gain_needed:
            return 0
        return _tap_for_none(b, c, tappable, board, st, cards, choices, costs, hybrids, front,
                             spare, several)  # fmt: skip
    # the frontier without this source, from the pool (not yet made): each choice adds its
    # mana to its pools, unless a Signet could pay with that mana (then from the pool after)
    rest, rest_life = -2, life
    signets = any_filter(board, st, cards, b)
    # each choice with each choice for the "tapped for mana" triggers it sets off (106.12a)
    triggers = _trigger_choices(cards, choices, card)
    ways = k * triggers[3]
    for i in range(ways):
        j, delta = _made(cards, choices, card, lands, counters, triggers, i)
        after = pool + delta
        if gain_needed and paid_part(after, costs, hybrids, c) <= before:
            continue
        # the life left after it, where life decides what the other sources make
        hurt = cards[card, C_LIFE] + choice_damage(cards, choices, card, counters, j)
        want = life - hurt if st[ST_PAYS_LIFE] else life
        searched = ways > 1 or want != life or tappable
        if searched and not pays(after, costs, hybrids, c):
            if rest == -2 or rest_life != want or signets:
                rest_life = want
                left = lands_could(board, st, cards, b) if leaves else lands
                st[ST_LIFE] = rest_life
                start = after if signets else pool
                rest = frontier(board, st, cards, choices, start, b, left, front, spare, several)
                st[ST_LIFE] = life
                if rest < 0:
                    return -1
            if not _some_pays(front, rest, 0 if signets else delta, costs, hybrids, c):
                continue
        _make(board, st, cards, choices, per_cards, b, j, delta, leaves)
        return 2 if leaves else 1
    return 0


@njit
def _tap_for_none(  # type: ignore[no-untyped-def]
    b, c, tappable, board, st, cards, choices, costs, hybrids, front, spare, several
) -> int:
    """Tap board row ``b`` for no mana (a pass that takes any choice keeping cost ``c``
    payable): 1; but a creature a source's cost could tap (``tappable``) only if the cost can
    still be paid without it, else 0; -1 past the frontier's cap."""
    pool = st[ST_POOL]
    if tappable and not pays(pool, costs, hybrids, c):
        n = frontier(board, st, cards, choices, pool, b, st[ST_LANDS], front, spare, several)
        if n < 0:
            return -1
        if not _some_pays(front, n, 0, costs, hybrids, c):
            return 0
    board[b, B_TAPPED] = 1
    return 1


@njit
def _activate_tapping(  # type: ignore[no-untyped-def]
    b, c, gain_needed, before, board, st, cards, choices, per_cards, costs, hybrids, front,
    spare, several,
) -> int:  # fmt: skip
    """Activate board row ``b``, whose cost taps an untapped creature the player controls
    besides {T} (Springleaf Drum), for cost ``c``, as ``_activate`` does a source: its first
    choice, with the first choice for its "tapped for mana" triggers, then the first
    creature in board order (``engine.reference.mana_search.activations``), that pays more
    of the cost than ``before`` (any, unless ``gain_needed``) and after which it can still be
    paid: 1 if activated, 0 if not, -1 past the frontier's cap. The creature is tapped as a
    cost, not for mana (605.1a: its own ability is not activated), and may have come under
    the player's control this turn (302.6 restricts only its own {T} abilities)."""
    card = board[b, B_CARD]
    pool = st[ST_POOL]
    lands = st[ST_LANDS]
    signets = any_filter(board, st, cards, b)
    counters = board[b, B_COUNTERS]
    k = choice_count(cards, choices, card, lands, counters)
    triggers = _trigger_choices(cards, choices, card)
    for i in range(k * triggers[3]):
        j, delta = _made(cards, choices, card, lands, counters, triggers, i)
        after = pool + delta
        if gain_needed and paid_part(after, costs, hybrids, c) <= before:
            continue
        for q in range(st[ST_BOARD]):
            if q == b or board[q, B_TAPPED] or not cards[board[q, B_CARD], C_FLAGS] & F_CREATURE:
                continue
            if not pays(after, costs, hybrids, c):
                board[q, B_TAPPED] = 1  # the frontier without the two of them
                start = after if signets else pool
                n = frontier(board, st, cards, choices, start, b, lands, front, spare, several)
                board[q, B_TAPPED] = 0
                if n < 0:
                    return -1
                if not _some_pays(front, n, 0 if signets else delta, costs, hybrids, c):
                    continue
            board[q, B_TAPPED] = 1
            _make(board, st, cards, choices, per_cards, b, j, delta, False)
            return 1
    return 0


@njit
def _activate_filter(  # type: ignore[no-untyped-def]
    b, c, gain_needed, before, board, st, cards, choices, costs, hybrids, front, spare, several
) -> int:
    """Activate Signet row ``b`` for cost ``c`` as ``_activate`` does a source, its cost
    (C_FILTER_COST) paid in the first way the pool can (``pools.generic_payment``: the
    engine's order, ``engine.reference.mana.generic_payments``) after which the pool pays
    more of the cost than ``before`` (any, unless ``gain_needed``) and the cost can still be
    paid: 1 if activated, 0 if not, -1 past the frontier's cap (601.2h, 605.3b)."""
    pool = st[ST_POOL]
    card = board[b, B_CARD]
    made = choice(cards, choices, card, st[ST_LANDS], board[b, B_COUNTERS], 0)
    for r in range(multisets(cards[card, C_FILTER_COST], 6)):
        paid = generic_payment(cards[card, C_FILTER_COST], r)
        after = pool - paid + made
        if not covers(pool, paid):
            continue
        if gain_needed and paid_part(after, costs, hybrids, c) <= before:
            continue
        if not pays(after, costs, hybrids, c):
            n = frontier(board, st, cards, choices, after, b, st[ST_LANDS], front, spare, several)
            if n < 0:
                return -1
            if not _some_pays(front, n, 0, costs, hybrids, c):
                continue
        board[b, B_TAPPED] = 1
        st[ST_POOL] = after
        return 1
    return 0


@inline
def _make(board, st, cards, choices, per_cards, b, j, delta, leaves) -> None:  # type: ignore[no-untyped-def]
    """Activate board row ``b`` for its ``j``-th choice (605.3b), which makes ``delta``: the
    costs (602.2b: {T}, a counter), the mana, the damage (120.3a), the sacrifice (701.21a)
    if it ``leaves``."""
    card, counters = board[b, B_CARD], board[b, B_COUNTERS]
    board[b, B_TAPPED] = 1
    if (cards[card, C_REMOVES] >> choice_index(cards, card, counters, j)) & 1:
        board[b, B_COUNTERS] -= 1  # 118.3
    st[ST_POOL] += delta
    st[ST_LIFE] -= cards[card, C_LIFE] + choice_damage(cards, choices, card, counters, j)  # 119.4
    if leaves:
        leave(board, st, cards, choices, per_cards, b)


@inline
def _pay_pass(  # type: ignore[no-untyped-def]
    c, gain_needed, board, st, cards, choices, per_cards, costs, hybrids, front, spare, several
) -> int:
    """One pass over the sources in payment order (lands, creatures, the rest; each in board
    order) until the pool pays (the pool changes only when a source is activated): 1 if some
    source was activated, 0 if none, -1 at the cap. A source sacrificed as it is activated
    leaves its row to the next one."""
    made = 0
    before = paid_part(st[ST_POOL], costs, hybrids, c)
    for cls in range(3):
        b = ZERO  # not a literal (``jit.njit``)
        while b < st[ST_BOARD]:
            flags = cards[board[b, B_CARD], C_FLAGS]
            if (0 if flags & F_LAND else 1 if flags & F_CREATURE else 2) != cls:
                b += 1
                continue
            if not flags & F_MANA or not can_tap(board, b, st, cards):
                b += 1
                continue
            if flags & F_FILTER:
                done = _activate_filter(
                    b, c, gain_needed, before, board, st, cards, choices, costs, hybrids,
                    front, spare, several,
                )  # fmt: skip
            elif flags & F_TAP_CREATURE:
                done = _activate_tapping(
                    b, c, gain_needed, before, board, st, cards, choices, per_cards, costs,
                    hybrids, front, spare, several,
                )  # fmt: skip
            else:
                done = _activate(
                    b, c, gain_needed, before, board, st, cards, choices, per_cards, costs,
                    hybrids, front, spare, several,
                )  # fmt: skip
            if done < 0:
                return -1
            b += done != 2
            if done:
                made = 1
                if pays(st[ST_POOL], costs, hybrids, c):
                    return made
                before = paid_part(st[ST_POOL], costs, hybrids, c)
    return made


@njit
def _pay(  # type: ignore[no-untyped-def]
    c: int, board, st, cards, choices, per_cards, costs, hybrids, front, spare, several
) -> int:
    """CR 601.2g-h, the pilot's payment (``engine.reference.deck.pay``): passes over the
    sources until the pool pays cost ``c``; after a pass that gains nothing, one that takes
    any choice keeping the cost payable. Then the cost is paid from the pool. OK, or the
    status that stopped the game."""
    gain_needed = TRUE  # not a literal (``jit.njit``)
    while not pays(st[ST_POOL], costs, hybrids, c):
        made = _pay_pass(
            c, gain_needed, board, st, cards, choices, per_cards, costs, hybrids, front, spare,
            several,
        )  # fmt: skip
        if made < 0:
            return FRONTIER_CAP
        if made == 0 and not gain_needed:
            return NO_PROGRESS
        gain_needed = made == 1
    st[ST_POOL] = pay(st[ST_POOL], costs, hybrids, c)
    return OK


@inline
def _host(board: np.ndarray, st: np.ndarray, cards: np.ndarray, card: int) -> int:
    """The land (deck index) a land Aura targets (``engine.deck.host_key``: the last untapped
    land in board order, else the last land), -1 for another card or with no land."""
    if not cards[card, C_TRIGGER_ON] & WATCH_ENCHANTED:
        return -1
    best, best_tapped = -1, True
    for b in range(st[ST_BOARD]):
        land = board[b, B_CARD]
        tapped = board[b, B_TAPPED] != 0
        if cards[land, C_FLAGS] & F_LAND and (best < 0 or tapped <= best_tapped):
            best, best_tapped = land, tapped
    return int(best)


@inline
def _on_board(board: np.ndarray, st: np.ndarray, card: int) -> bool:
    for b in range(st[ST_BOARD]):  # noqa: SIM110 (numba compiles no generators)
        if board[b, B_CARD] == card:
            return True
    return False


@inline
def _first_castable(hand, n, front, board, st, cards, costs, hybrids, known) -> int:  # type: ignore[no-untyped-def]
    """The hand position of the first permanent in ``engine.deck.cast_key`` order (of equal
    ones, the first in the hand) that one of the frontier's ``n`` pools pays, or -1.
    ``known[c]``: cost ``c`` found payable (1) or not (2) by these pools, 0 not yet tried."""
    known[:] = 0
    best, best_rank = -1, 0
    for h in range(st[ST_HAND]):
        card = hand[h]
        if not cards[card, C_FLAGS] & F_CASTABLE:
            continue
        rank = cards[card, C_CAST_RANK]
        if (best >= 0 and rank >= best_rank) or _legend_held(board, st, cards, card):
            continue
        if cards[card, C_TRIGGER_ON] & WATCH_ENCHANTED and _host(board, st, cards, card) < 0:
            continue  # a land Aura with no land to target (601.2c)
        c = cards[card, C_COST]
        if known[c] == 0:
            known[c] = 1 if _some_pays(front, n, 0, costs, hybrids, c) else 2
        if known[c] == 1:
            best, best_rank = h, rank
    return best


@inline
def _most_made(board, st, cards, b) -> int:  # type: ignore[no-untyped-def]
    """The most mana in all one activation of board row ``b``'s source makes, the mana its
    "tapped for mana" triggers and Auras add included (106.12a); from exact counts, never
    from a packed pool that may have passed MAX_PER_TYPE (``board._scale``)."""
    card = board[b, B_CARD]
    flags = cards[card, C_FLAGS]
    if flags & F_REFLECT:
        most = cards[card, C_UNIT] * (reflected(cards, card, st[ST_LANDS]) != 0)
    elif flags & F_PER_COUNT:  # the count (106.4), or a granted ability's mana
        counted = 0
        for r in range(st[ST_BOARD]):
            counted += counted_by(cards, card, board[r, B_CARD])
        most = max(total(cards[card, C_PER_UNIT]) * counted, cards[card, C_MOST])
    else:
        most = cards[card, C_MOST]
    added = cards[card, C_ADD_SAME] + total(cards[card, C_ADD_FIXED])
    return most + added + cards[card, C_ENCHANTED_ANY]  # type: ignore[no-any-return]


@inline
def _most_in_all(board, st, cards, untapped) -> int:  # type: ignore[no-untyped-def]
    """The most mana the pool and the sources on the battlefield could make in all: every
    source, or with ``untapped`` those that can be tapped now (302.6)."""
    most = total(st[ST_POOL])
    for b in range(st[ST_BOARD]):
        mana = cards[board[b, B_CARD], C_FLAGS] & F_MANA
        if mana and (not untapped or can_tap(board, b, st, cards)):
            most += _most_made(board, st, cards, b)
    return most


@inline
def past_pool_cap(board, st, cards) -> bool:  # type: ignore[no-untyped-def]
    """Whether the pool and every source on the battlefield, tapped or not, could make more
    than MAX_PER_TYPE mana in all: a pool is packed in FIELD_BITS a type, so the game stops
    (POOL_CAP) before it makes one, as the board grows (a card enters) and never after. Only a
    deck whose cards could pass it at all (S_POOL_CAP) asks: deck-60-6t ran 10% slower asking."""
    return _most_in_all(board, st, cards, False) > MAX_PER_TYPE


@inline
def _affordable(hand, board, st, cards, costs) -> bool:  # type: ignore[no-untyped-def]
    """Whether the most mana the pool and the sources could make in all reaches the cost of
    some permanent in the hand (if not, no pool pays any: the frontier is not needed)."""
    cheapest = -1
    for h in range(st[ST_HAND]):
        card = hand[h]
        if cards[card, C_FLAGS] & F_CASTABLE and not _legend_held(board, st, cards, card):
            c = cards[card, C_COST]
            need = costs[c, K_SYMBOLS] + costs[c, K_GENERIC]
            if cheapest < 0 or need < cheapest:
                cheapest = need
    if cheapest < 0:
        return False
    return _most_in_all(board, st, cards, True) >= cheapest


@inline
def _draw(hand: np.ndarray, library: np.ndarray, st: np.ndarray) -> int:
    """CR 121.1: the top card of the library into the hand; EMPTY_LIBRARY from an empty one
    (a deck game has no loss, 704.5b), else OK."""
    if st[ST_LIB_AT] == st[ST_LIB_N]:
        return EMPTY_LIBRARY
    hand[st[ST_HAND]] = library[st[ST_LIB_AT]]
    st[ST_HAND] += 1
    st[ST_LIB_AT] += 1
    return OK


@inline
def _resolve(  # type: ignore[no-untyped-def]
    card, host, hand, library, ranks, board, st, seen, cards, choices, per_cards, grants
) -> int:
    """The spell cast resolves (608.3): a creature spell's "draw a card" triggers first (603.3,
    121.1: Zendikar Resurgent), EMPTY_LIBRARY if one draws from an empty library; a land Aura
    whose target left as its mana was paid (a land sacrificed) does not resolve (608.2b)."""
    if cards[card, C_FLAGS] & F_CREATURE:
        for _ in range(st[ST_CAST_DRAWS]):
            if _draw(hand, library, st) != OK:
                return EMPTY_LIBRARY
    if host < 0 or _on_board(board, st, host):
        enter(board, st, cards, choices, per_cards, grants, seen, card, hand, ranks, host)
    else:
        seen[cards[card, C_NAME]] = True
    return OK


@njit
def _cast_permanents(  # type: ignore[no-untyped-def]
    n, hand, library, ranks, board, st, seen, cards, choices, per_cards, grants, costs, hybrids,
    front, spare, several, known,
) -> int:  # fmt: skip
    """CR 601.2: cast the first permanent the mana pays (``_first_castable``), and again until
    none; OK or the status that stopped the game. ``front`` holds the frontier of the board
    as it is (``n`` pools). A creature spell's "draw a card" triggers resolve before it does
    (603.3, 121.1: Zendikar Resurgent)."""
    while True:
        best = _first_castable(hand, n, front, board, st, cards, costs, hybrids, known)
        if best < 0:
            return OK
        host = _host(board, st, cards, hand[best])  # chosen before the mana is paid (601.2c)
        code = _pay(
            cards[hand[best], C_COST], board, st, cards, choices, per_cards, costs, hybrids,
            front, spare, several,
        )  # fmt: skip
        if code != OK:
            return code
        card = _remove(hand, st, best)
        if _resolve(card, host, hand, library, ranks, board, st, seen, cards, choices,
                    per_cards, grants) != OK:  # fmt: skip
            return EMPTY_LIBRARY
        if st[ST_LIFE] <= 0:  # 704.5a, once the spell has resolved: the game stops
            return LOSS - int(st[ST_LIFE])
        if st[ST_POOL_CAP] and past_pool_cap(board, st, cards):
            return POOL_CAP  # (the game is over by the rules first: no mana is made after)
        if not _affordable(hand, board, st, cards, costs):
            return OK
        n = frontier(board, st, cards, choices, st[ST_POOL], NO_ROW, st[ST_LANDS], front, spare,
                     several)  # fmt: skip
        if n < 0:
            return FRONTIER_CAP


@inline
def _measure(  # type: ignore[no-untyped-def]
    g, u, n, front, board, st, cards, costs, hybrids, measured, x_cost, out_lands, out_total,
    out_types, out_payable, out_x,
) -> None:  # fmt: skip
    """The measurement point (main phase, after the land drop): lands, the most mana in all
    and of each type, each cost's payability, the largest X (``engine.reference.deck``)."""
    lands = 0
    for b in range(st[ST_BOARD]):
        lands += (cards[board[b, B_CARD], C_FLAGS] & F_LAND) != 0
    out_lands[g, u] = lands
    for i in range(n):
        p = front[i]
        out_total[g, u] = max(out_total[g, u], total(p))
        for t in range(6):
            out_types[g, u, t] = max(out_types[g, u, t], amount(p, t))
    for m in range(measured.shape[0]):
        out_payable[g, u, m] = _some_pays(front, n, 0, costs, hybrids, measured[m])
    if x_cost >= 0:
        left = costs[x_cost, K_SYMBOLS] + costs[x_cost, K_GENERIC]
        per = max(costs[x_cost, K_X], 1)
        for i in range(n):
            if pays(front[i], costs, hybrids, x_cost):
                out_x[g, u] = max(out_x[g, u], (total(front[i]) - left) // per)


@njit
def _clear_turn(g, u, out_lands, out_total, out_types, out_payable, out_x) -> None:  # type: ignore[no-untyped-def]
    """A turn the game stopped in is not measured (the reference engine records none)."""
    out_lands[g, u] = 0
    out_total[g, u] = 0
    out_types[g, u, :] = 0
    out_payable[g, u, :] = False
    out_x[g, u] = -1


@njit
def _turn(  # type: ignore[no-untyped-def]
    g, u, on_play, hand, ranks, library, board, st, seen, cards, choices, per_cards, grants, costs,
    hybrids, front, spare, several, known, measured, x_cost, out_lands, out_total, out_types,
    out_payable, out_x,
) -> int:  # fmt: skip
    """Turn ``u + 1`` of game ``g``: untap, draw, land drop, measurement, casts; OK or the
    status that stopped the game."""
    turn = u + 1
    st[ST_TURN] = turn
    if turn > 1:  # 502.3: untap; 500.4: the pool empties between steps
        for b in range(st[ST_BOARD]):
            board[b, B_TAPPED] = 0
        st[ST_POOL] = 0
    if (turn > 1 or not on_play[g]) and _draw(hand, library, st) != OK:  # 504.1, 103.8a
        return EMPTY_LIBRARY
    _land_drop(hand, ranks, board, st, cards, choices, per_cards, grants, seen)
    if st[ST_POOL_CAP] and past_pool_cap(board, st, cards):
        return POOL_CAP
    n = frontier(
        board, st, cards, choices, st[ST_POOL], NO_ROW, st[ST_LANDS], front, spare, several
    )
    if n < 0:
        return FRONTIER_CAP
    _measure(
        g, u, n, front, board, st, cards, costs, hybrids, measured, x_cost,
        out_lands, out_total, out_types, out_payable, out_x,
    )  # fmt: skip
    code = _cast_permanents(
        n, hand, library, ranks, board, st, seen, cards, choices, per_cards, grants, costs,
        hybrids, front, spare, several, known,
    )  # fmt: skip
    if code != OK:
        _clear_turn(g, u, out_lands, out_total, out_types, out_payable, out_x)
    return code


@entry
def play_games(  # type: ignore[no-untyped-def]
    on_play, orders, cards, choices, granted, granted_choices, per_cards, costs, hybrids,
    measured, x_cost, track, settings, mulligans, played, status, out_lands, out_total,
    out_types, out_payable, out_x, out_cast,
) -> None:  # fmt: skip
    """Play every game of the batch (``orders``: (T, shuffles, N) deck indices, top first)
    into the ``out_*`` arrays (``engine.deck.DeckResults``; zero, x -1 on entry).
    ``per_cards``: the deck indices whose mana counts permanents; a game keeps their mana
    for what is counted now in its own copy of ``choices``. A deck with a card that changes
    other cards' rows (``settings[S_LIVE]``: a grant of a mana ability, a multiplier, a
    "tapped for mana" trigger) plays each game on its own copy of ``cards`` as well
    (``board``)."""
    n = orders.shape[2]
    hand = np.zeros(n, dtype=np.int64)
    ranks = np.zeros(n, dtype=np.int64)  # by deck index (``board._place``)
    library = np.zeros(n, dtype=np.int64)
    board = np.zeros((n, N_BOARD_COLUMNS), dtype=np.int64)
    seen = np.zeros(settings[S_NAMES], dtype=np.bool_)
    st = np.zeros(N_SCALARS, dtype=np.int64)
    front = np.zeros(MAX_FRONTIER_POOLS, dtype=np.int64)
    spare = np.zeros(SPARE_LEN, dtype=np.int64)
    # a row per permanent with several choices or an Aura's "any color" mana, and one per
    # "that type" trigger (at most n) for each source making several types at once
    several = np.zeros((n * (n + 1), SEVERAL_WIDTH), dtype=np.int64)
    known = np.zeros(costs.shape[0], dtype=np.int8)
    live = choices.copy()
    live_cards = cards.copy()
    grants = (granted, granted_choices)
    for g in range(orders.shape[0]):
        seen[:] = False
        ranks[:] = -1
        st[:] = 0
        st[ST_LIFE] = STARTING_LIFE
        st[ST_FACTOR] = 1
        st[ST_PAYS_LIFE] = settings[S_PAYS_LIFE]
        st[ST_TAPS_CREATURE] = settings[S_TAPS_CREATURE]
        st[ST_POOL_CAP] = settings[S_POOL_CAP]
        if settings[S_LIVE]:
            live_cards[:] = cards
            live[:] = choices
        for d in per_cards:
            live[d, cards[d, C_PER_SLOT]] = 0
        mulligans[g] = _opening_hand(orders, g, cards, settings, hand, library, st)
        for u in range(settings[S_TURNS]):
            code = _turn(
                g, u, on_play, hand, ranks, library, board, st, seen, live_cards, live, per_cards,
                grants, costs, hybrids, front, spare, several, known, measured, x_cost,
                out_lands, out_total, out_types, out_payable, out_x,
            )  # fmt: skip
            if code != OK:
                status[g] = code
                break
            for i in range(track.shape[0]):
                out_cast[g, u, i] = seen[track[i]]
            played[g] = u + 1
