"""The compiled deck game (issue #13): every game of a batch played one at a time, turn by
turn, with the reference engine's rules and pilot (``engine.reference.deck``, whose module
text states the game; this file cites the same rules where they apply).

A game's state is a few small arrays reused from game to game: the hand and the library
(deck indices), the board (rows of ``columns.B_*``), the names seen played or cast, and the
scalars in ``st`` (``ST_*``); the mana pool is one packed int64 (``pools``).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from engine.batch.kernel.deck.columns import (
    B_CARD,
    B_COUNTERS,
    B_ENTERED,
    B_TAPPED,
    C_ADD_FIXED,
    C_ADD_SAME,
    C_BOTTOM_RANK,
    C_CAST_RANK,
    C_COST,
    C_COUNTER_KIND,
    C_COUNTERS_IN,
    C_FLAGS,
    C_LAND_RANK,
    C_MOD_ADD,
    C_MOD_FACTOR,
    C_MOD_KIND,
    C_MOD_SCOPE,
    C_MOST,
    C_MULTIPLY,
    C_NAME,
    C_NO_KIND,
    C_NO_SCOPE,
    C_PAY_LIFE,
    C_PER,
    C_PER_BIT,
    C_PER_UNIT,
    C_RAW_MASK,
    C_REFLECT_MASK,
    C_REMOVES,
    C_SUBTYPES,
    C_TRIGGER_FIXED,
    C_TRIGGER_ON,
    C_TRIGGER_SAME,
    C_UNIT,
    F_CASTABLE,
    F_CREATURE,
    F_ENTERS_TAPPED,
    F_GRANTS_CREATURES,
    F_GRANTS_HASTE,
    F_GRANTS_LANDS,
    F_LAND,
    F_LEGENDARY,
    F_MANA,
    F_MAY_MAKE_NONE,
    F_PAYS_LIFE,
    F_PER_COUNT,
    F_RAW_IF_CREATURES,
    F_REFLECT,
    F_SACRIFICED,
    F_SACRIFICED_WHEN_NONE,
    GRANT_CREATURES,
    GRANT_LANDS,
    K_GENERIC,
    K_SYMBOLS,
    K_X,
    N_BOARD_COLUMNS,
    N_SCALARS,
    PER_CREATURE,
    PER_SUBTYPE,
    S_HI,
    S_LIVE,
    S_LO,
    S_LONDON,
    S_MAX_MULLIGANS,
    S_NAMES,
    S_TURNS,
    ST_BOARD,
    ST_CREATURE_FIXED,
    ST_CREATURE_SAME,
    ST_CREATURES,
    ST_FACTOR,
    ST_GRANTS,
    ST_HAND,
    ST_HASTE,
    ST_LAND_FIXED,
    ST_LAND_SAME,
    ST_LANDS,
    ST_LIB_AT,
    ST_LIB_N,
    ST_LIFE,
    ST_POOL,
    ST_TURN,
)
from engine.batch.kernel.deck.frontier import (
    MAX_FRONTIER_POOLS,
    SEVERAL_WIDTH,
    can_tap,
    choice,
    choice_count,
    choice_damage,
    choice_index,
    frontier,
)
from engine.batch.kernel.deck.pools import POOL_BITS, amount, paid_part, pay, pays, total
from engine.batch.kernel.jit import entry, inline, njit
from engine.batch.tables import COUNTER_SCOPE, KIND_ANY
from engine.deck import STARTING_LIFE

OPENING_HAND: Final = 7  # CR 103.5
SCOPE_CREATURES_YOURS: Final = COUNTER_SCOPE["creatures_yours"]
# A game's status: played to its last turn, or stopped (engine.batch.deck.REASONS); a loss
# (704.5a) is LOSS plus how far below 1 life the player went (LOSS: at 0 life).
OK, FRONTIER_CAP, EMPTY_LIBRARY, NO_PROGRESS, LOSS = range(5)


@inline
def _remove(hand: np.ndarray, st: np.ndarray, h: int) -> int:
    """Take the card at hand position ``h`` out of the hand, keeping the others' order."""
    card = hand[h]
    for j in range(h, st[ST_HAND] - 1):
        hand[j] = hand[j + 1]
    st[ST_HAND] -= 1
    return int(card)


@inline
def _enter(board, st, cards, choices, per_cards, grants, seen, card) -> None:  # type: ignore[no-untyped-def]
    """The card enters the battlefield under the player's control, last in board order:
    tapped if it says so (614.1c) or unless its life is paid (614.12: the policy pays when
    life is more than the amount); it has been there since this turn (302.6). A grant of a
    mana ability it brings (``grants``: the granted rows) applies at once (611.3a)."""
    b = st[ST_BOARD]
    flags = cards[card, C_FLAGS]
    board[b, B_CARD] = card
    board[b, B_TAPPED] = (flags & F_ENTERS_TAPPED) != 0
    board[b, B_ENTERED] = st[ST_TURN]
    board[b, B_COUNTERS] = _entering_counters(board, st, cards, card)
    st[ST_BOARD] = b + 1
    if flags & F_PAYS_LIFE:
        if st[ST_LIFE] > cards[card, C_PAY_LIFE]:
            st[ST_LIFE] -= cards[card, C_PAY_LIFE]
        else:
            board[b, B_TAPPED] = 1
    if flags & F_GRANTS_HASTE:  # 702.10c, 302.6
        st[ST_HASTE] += 1
    _count(board, st, cards, choices, per_cards, card)
    given = GRANT_LANDS * ((flags & F_GRANTS_LANDS) != 0) + GRANT_CREATURES * (
        (flags & F_GRANTS_CREATURES) != 0
    )
    if given & ~st[ST_GRANTS]:
        _grant(board, st, cards, choices, grants, given & ~st[ST_GRANTS])
    if cards[card, C_MULTIPLY] > 1:
        _multiply(st, cards, choices, cards[card, C_MULTIPLY])
    if cards[card, C_TRIGGER_ON]:
        _triggers(st, cards, card)
    seen[cards[card, C_NAME]] = True


@njit
def _grant(board, st, cards, choices, grants, new) -> None:  # type: ignore[no-untyped-def]
    """CR 611.3a: the player's lands (GRANT_LANDS in ``new``) or creatures have "{T}: Add one
    mana of any color." from now on (nothing a deck game plays takes it away): their rows of
    ``cards`` and ``choices`` become the granted ones, and the lands could produce more."""
    granted, granted_choices = grants
    st[ST_GRANTS] |= new
    for d in range(cards.shape[0]):
        flags = cards[d, C_FLAGS]
        land = new & GRANT_LANDS and flags & F_LAND
        if land or (new & GRANT_CREATURES and flags & F_CREATURE):
            for f in range(cards.shape[1]):
                cards[d, f] = granted[d, f]
            for t in range(choices.shape[1]):
                choices[d, t] = granted_choices[d, t]
            _scale(cards, choices, d, st[ST_FACTOR])  # the multipliers already there
            _added(st, cards, d)  # ... and the triggers
    st[ST_LANDS] = _lands_could(board, st, cards, -1)


@njit
def _triggers(st: np.ndarray, cards: np.ndarray, card: int) -> None:
    """CR 106.12a, 605.4a: a "tapped for mana" trigger of ``card`` is on the battlefield:
    from now on each activation of a land (or creature) that makes mana adds its mana too."""
    same, fixed = cards[card, C_TRIGGER_SAME], cards[card, C_TRIGGER_FIXED]
    if cards[card, C_TRIGGER_ON] & GRANT_LANDS:
        st[ST_LAND_SAME] += same
        st[ST_LAND_FIXED] += fixed
    if cards[card, C_TRIGGER_ON] & GRANT_CREATURES:
        st[ST_CREATURE_SAME] += same
        st[ST_CREATURE_FIXED] += fixed
    for d in range(cards.shape[0]):
        _added(st, cards, d)


@inline
def _added(st: np.ndarray, cards: np.ndarray, d: int) -> None:
    """Card ``d``'s C_ADD_* columns: the triggers on the battlefield that watch its kind."""
    land, creature = cards[d, C_FLAGS] & F_LAND, cards[d, C_FLAGS] & F_CREATURE
    cards[d, C_ADD_SAME] = (st[ST_LAND_SAME] if land else 0) + (
        st[ST_CREATURE_SAME] if creature else 0
    )
    cards[d, C_ADD_FIXED] = (st[ST_LAND_FIXED] if land else 0) + (
        st[ST_CREATURE_FIXED] if creature else 0
    )


@njit
def _multiply(st: np.ndarray, cards: np.ndarray, choices: np.ndarray, factor: int) -> None:
    """CR 616.1: a permanent saying "If you tap a permanent for mana, it produces ``factor``
    times as much" enters: from now on every source's mana is that many times as much (each
    such replacement applies once, 614.5, in any order: the product), its damage as it was."""
    st[ST_FACTOR] *= factor
    for d in range(cards.shape[0]):
        _scale(cards, choices, d, factor)


@inline
def _scale(cards: np.ndarray, choices: np.ndarray, d: int, factor: int) -> None:
    """Card ``d``'s mana, in its choices, its count's unit, its most and its could-produce
    unit, times ``factor`` (``tables.batch_refusal`` keeps every pool within MAX_PER_TYPE)."""
    for j in range(choices.shape[1]):
        pool = choices[d, j] & POOL_BITS
        choices[d, j] += pool * (factor - 1)
    cards[d, C_PER_UNIT] *= factor
    cards[d, C_MOST] *= factor
    cards[d, C_UNIT] *= factor


@inline
def _applies(cards: np.ndarray, source: int, kind_col: int, scope_col: int, card: int) -> bool:
    """Whether ``source``'s counter static (its kind and scope in these columns) applies to
    the counters ``card`` enters with (``engine.reference.counters``)."""
    kind = cards[source, kind_col]
    if kind != KIND_ANY and (kind < 0 or kind != cards[card, C_COUNTER_KIND]):
        return False
    creatures_only = cards[source, scope_col] == SCOPE_CREATURES_YOURS
    return not creatures_only or (cards[card, C_FLAGS] & F_CREATURE) != 0


@inline
def _entering_counters(board: np.ndarray, st: np.ndarray, cards: np.ndarray, card: int) -> int:
    """How many counters of its kind ``card`` enters with (122.6, 614.1c): none if a
    permanent says they can't be put; else each modifier in board order, once (616.1,
    614.5), until none are left. Its own abilities do not apply (614.12): it is not on the
    board yet."""
    n = cards[card, C_COUNTERS_IN]
    if n == 0:
        return 0
    for r in range(st[ST_BOARD]):
        if _applies(cards, board[r, B_CARD], C_NO_KIND, C_NO_SCOPE, card):
            return 0
    for r in range(st[ST_BOARD]):
        source = board[r, B_CARD]
        if _applies(cards, source, C_MOD_KIND, C_MOD_SCOPE, card):
            n = max(0, n * cards[source, C_MOD_FACTOR] + cards[source, C_MOD_ADD])
            if n == 0:
                break
    return int(n)


@inline
def _count(board, st, cards, choices, per_cards, card) -> None:  # type: ignore[no-untyped-def]
    """What the card entering (the board's last row) changes in the counts: the creatures,
    what the lands could produce (106.7: a could-produce land adds none of its own; Gaea's
    Cradle only with a creature), the mana of a count (106.4: one more per permanent)."""
    flags = cards[card, C_FLAGS]
    _count_per(st, cards, choices, per_cards, card, 1)
    if flags & F_CREATURE:
        st[ST_CREATURES] += 1
        if st[ST_CREATURES] == 1:
            for r in range(st[ST_BOARD] - 1):
                if cards[board[r, B_CARD], C_FLAGS] & F_RAW_IF_CREATURES:
                    st[ST_LANDS] |= cards[board[r, B_CARD], C_RAW_MASK]
    if flags & F_LAND and (not flags & F_RAW_IF_CREATURES or st[ST_CREATURES] > 0):
        st[ST_LANDS] |= cards[card, C_RAW_MASK]


@inline
def _count_per(st, cards, choices, per_cards, card, sign) -> None:  # type: ignore[no-untyped-def]
    """The mana of each count (106.4) as the card comes (``sign`` 1) or goes (-1)."""
    flags = cards[card, C_FLAGS]
    for d in per_cards:
        per = cards[d, C_PER]
        if (per == PER_CREATURE and flags & F_CREATURE) or (
            per == PER_SUBTYPE and cards[card, C_SUBTYPES] & cards[d, C_PER_BIT]
        ):
            choices[d, 0] += sign * cards[d, C_PER_UNIT]


@inline
def _lands_could(board: np.ndarray, st: np.ndarray, cards: np.ndarray, skip: int) -> int:
    """The types the lands could produce (106.7, as ``_count`` adds them up), leaving out
    board row ``skip``."""
    mask = 0
    for r in range(st[ST_BOARD]):
        flags = cards[board[r, B_CARD], C_FLAGS]
        raw = not flags & F_RAW_IF_CREATURES or st[ST_CREATURES] > 0
        if r != skip and flags & F_LAND and raw:
            mask |= cards[board[r, B_CARD], C_RAW_MASK]
    return mask


@inline
def _leaves(board: np.ndarray, b: int, cards: np.ndarray) -> bool:
    """Whether activating row ``b`` sacrifices it (701.21a): Lotus Petal always; Gemstone
    Mine with its last counter (every choice of such a card removes one: the tables')."""
    flags = cards[board[b, B_CARD], C_FLAGS]
    return bool(flags & F_SACRIFICED) or bool(
        flags & F_SACRIFICED_WHEN_NONE and board[b, B_COUNTERS] == 1
    )


@inline
def _leave(board, st, cards, choices, per_cards, b) -> None:  # type: ignore[no-untyped-def]
    """Board row ``b`` is sacrificed (701.21a): the rows after it move up, keeping their
    order, and the counts lose it."""
    card = board[b, B_CARD]
    flags = cards[card, C_FLAGS]
    for r in range(b, st[ST_BOARD] - 1):
        for f in range(N_BOARD_COLUMNS):
            board[r, f] = board[r + 1, f]
    st[ST_BOARD] -= 1
    _count_per(st, cards, choices, per_cards, card, -1)
    if flags & F_CREATURE:
        st[ST_CREATURES] -= 1
    if flags & F_GRANTS_HASTE:
        st[ST_HASTE] -= 1
    st[ST_LANDS] = _lands_could(board, st, cards, -1)


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
def _land_drop(hand, board, st, cards, choices, per_cards, grants, seen) -> None:  # type: ignore[no-untyped-def]
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
        _enter(board, st, cards, choices, per_cards, grants, seen, _remove(hand, st, best))


@inline
def _some_pays(front, n, delta, costs, hybrids, c) -> bool:  # type: ignore[no-untyped-def]
    """Whether one of the ``n`` pools of ``front`` (a frontier), with ``delta`` added, pays
    cost ``c``: whether some pool the sources could make pays it."""
    for i in range(n):  # noqa: SIM110 (numba compiles no generators)
        if pays(front[i] + delta, costs, hybrids, c):
            return True
    return False


@inline
def _activate(  # type: ignore[no-untyped-def]
    b, c, gain_needed, before, board, st, cards, choices, per_cards, costs, hybrids, front,
    spare, several,
) -> int:  # fmt: skip
    """Activate board row ``b`` for cost ``c`` with its first choice that pays more of it than
    ``before`` (the pool's ``paid_part``; any choice, unless ``gain_needed``) and after which
    it can still be paid (a source with one choice that stays never loses a pool): 1 if
    activated, 2 if activated and sacrificed, 0 if not, -1 past the frontier's cap."""
    card = board[b, B_CARD]
    pool = st[ST_POOL]
    lands = st[ST_LANDS]
    counters = board[b, B_COUNTERS]
    leaves = _leaves(board, b, cards)
    k = choice_count(cards, choices, card, lands, counters)
    if k == 0:  # nothing to reflect or to count: it taps for no mana (106.5, 106.4)
        if cards[card, C_FLAGS] & F_MAY_MAKE_NONE and not gain_needed:
            board[b, B_TAPPED] = 1
            return 1
        return 0
    rest = -2  # the frontier without this source, from the pool: not computed yet
    for j in range(k):
        delta = choice(cards, choices, card, lands, counters, j)
        after = pool + delta
        if gain_needed and paid_part(after, costs, hybrids, c) <= before:
            continue
        if k > 1 and not pays(after, costs, hybrids, c):
            if rest == -2:  # the same for every choice: each adds its mana to these pools
                left = _lands_could(board, st, cards, b) if leaves else lands
                rest = frontier(board, st, cards, choices, pool, b, left, front, spare, several)
                if rest < 0:
                    return -1
            if not _some_pays(front, rest, delta, costs, hybrids, c):
                continue
        _make(board, st, cards, choices, per_cards, b, j, leaves)
        return 2 if leaves else 1
    return 0


@inline
def _make(board, st, cards, choices, per_cards, b, j, leaves) -> None:  # type: ignore[no-untyped-def]
    """Activate board row ``b`` for its ``j``-th choice (605.3b): the costs (602.2b: {T}, a
    counter), the mana, the damage (120.3a), the sacrifice (701.21a) if it ``leaves``."""
    card, counters = board[b, B_CARD], board[b, B_COUNTERS]
    board[b, B_TAPPED] = 1
    if (cards[card, C_REMOVES] >> choice_index(cards, card, counters, j)) & 1:
        board[b, B_COUNTERS] -= 1  # 118.3
    st[ST_POOL] += choice(cards, choices, card, st[ST_LANDS], counters, j)
    st[ST_LIFE] -= choice_damage(cards, choices, card, counters, j)
    if leaves:
        _leave(board, st, cards, choices, per_cards, b)


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
        b = 0
        while b < st[ST_BOARD]:
            flags = cards[board[b, B_CARD], C_FLAGS]
            if (0 if flags & F_LAND else 1 if flags & F_CREATURE else 2) != cls:
                b += 1
                continue
            if not flags & F_MANA or not can_tap(board, b, st, cards):
                b += 1
                continue
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
    gain_needed = True
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
        c = cards[card, C_COST]
        if known[c] == 0:
            known[c] = 1 if _some_pays(front, n, 0, costs, hybrids, c) else 2
        if known[c] == 1:
            best, best_rank = h, rank
    return best


@inline
def _affordable(hand, board, st, cards, choices, costs) -> bool:  # type: ignore[no-untyped-def]
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
    most = total(st[ST_POOL])
    for b in range(st[ST_BOARD]):
        card = board[b, B_CARD]
        if cards[card, C_FLAGS] & F_MANA and can_tap(board, b, st, cards):
            if cards[card, C_FLAGS] & F_REFLECT:
                most += cards[card, C_UNIT] * ((st[ST_LANDS] & cards[card, C_REFLECT_MASK]) != 0)
            elif cards[card, C_FLAGS] & F_PER_COUNT:
                most += total(choices[card, 0])
            else:
                most += cards[card, C_MOST]
            most += cards[card, C_ADD_SAME] + total(cards[card, C_ADD_FIXED])  # 106.12a
    return most >= cheapest


@njit
def _cast_permanents(  # type: ignore[no-untyped-def]
    n, hand, board, st, seen, cards, choices, per_cards, grants, costs, hybrids, front, spare,
    several, known,
) -> int:  # fmt: skip
    """CR 601.2: cast the first permanent the mana pays (``_first_castable``), and again until
    none; OK or the status that stopped the game. ``front`` holds the frontier of the board
    as it is (``n`` pools)."""
    while True:
        best = _first_castable(hand, n, front, board, st, cards, costs, hybrids, known)
        if best < 0:
            return OK
        code = _pay(
            cards[hand[best], C_COST], board, st, cards, choices, per_cards, costs, hybrids,
            front, spare, several,
        )  # fmt: skip
        if code != OK:
            return code
        _enter(board, st, cards, choices, per_cards, grants, seen, _remove(hand, st, best))
        if st[ST_LIFE] <= 0:  # 704.5a, once the spell has resolved: the game stops
            return LOSS - int(st[ST_LIFE])
        if not _affordable(hand, board, st, cards, choices, costs):
            return OK
        n = frontier(
            board, st, cards, choices, st[ST_POOL], -1, st[ST_LANDS], front, spare, several
        )
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
    g, u, on_play, hand, library, board, st, seen, cards, choices, per_cards, grants, costs,
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
    if turn > 1 or not on_play[g]:  # 504.1, 103.8a
        if st[ST_LIB_AT] == st[ST_LIB_N]:
            return EMPTY_LIBRARY
        hand[st[ST_HAND]] = library[st[ST_LIB_AT]]
        st[ST_HAND] += 1
        st[ST_LIB_AT] += 1
    _land_drop(hand, board, st, cards, choices, per_cards, grants, seen)
    n = frontier(board, st, cards, choices, st[ST_POOL], -1, st[ST_LANDS], front, spare, several)
    if n < 0:
        return FRONTIER_CAP
    _measure(
        g, u, n, front, board, st, cards, costs, hybrids, measured, x_cost,
        out_lands, out_total, out_types, out_payable, out_x,
    )  # fmt: skip
    code = _cast_permanents(
        n, hand, board, st, seen, cards, choices, per_cards, grants, costs, hybrids, front,
        spare, several, known,
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
    for what is counted now in its own copy of ``choices``. A deck with a grant of a mana
    ability or a mana multiplier (``settings[S_LIVE]``) plays each game on its own copy of
    ``cards`` as well, the rows of the cards given it becoming ``granted``'s (``_grant``),
    every row scaled by a multiplier (``_multiply``)."""
    n = orders.shape[2]
    hand = np.zeros(n, dtype=np.int64)
    library = np.zeros(n, dtype=np.int64)
    board = np.zeros((n, N_BOARD_COLUMNS), dtype=np.int64)
    seen = np.zeros(settings[S_NAMES], dtype=np.bool_)
    st = np.zeros(N_SCALARS, dtype=np.int64)
    front = np.zeros(MAX_FRONTIER_POOLS, dtype=np.int64)
    spare = np.zeros(MAX_FRONTIER_POOLS, dtype=np.int64)
    several = np.zeros((n, SEVERAL_WIDTH), dtype=np.int64)
    known = np.zeros(costs.shape[0], dtype=np.int8)
    live = choices.copy()
    live_cards = cards.copy()
    grants = (granted, granted_choices)
    for g in range(orders.shape[0]):
        seen[:] = False
        st[:] = 0
        st[ST_LIFE] = STARTING_LIFE
        st[ST_FACTOR] = 1
        if settings[S_LIVE]:
            live_cards[:] = cards
            live[:] = choices
        for d in per_cards:
            live[d, 0] = 0
        mulligans[g] = _opening_hand(orders, g, cards, settings, hand, library, st)
        for u in range(settings[S_TURNS]):
            code = _turn(
                g, u, on_play, hand, library, board, st, seen, live_cards, live, per_cards,
                grants, costs, hybrids, front, spare, several, known, measured, x_cost,
                out_lands, out_total, out_types, out_payable, out_x,
            )  # fmt: skip
            if code != OK:
                status[g] = code
                break
            for i in range(track.shape[0]):
                out_cast[g, u, i] = seen[track[i]]
            played[g] = u + 1
