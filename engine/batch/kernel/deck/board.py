"""The battlefield of a deck game: a permanent entering (614.1c, 614.12, 122.6) or leaving
(701.21a, returned to the hand by a karoo land, or put into the graveyard with toughness 0
or less, 704.5f), and what either changes in the counts and in the game's rows: the
creatures, what the lands could produce (106.7), the mana of counts (106.4), granted mana
abilities (611.3a), mana multipliers (616.1) and "tapped for mana" triggers (106.12a)."""

from __future__ import annotations

from typing import Final

import numpy as np

from engine.batch.kernel.deck.columns import (
    B_CARD,
    B_COUNTERS,
    B_ENTERED,
    B_HOST,
    B_TAPPED,
    C_ADD_FIXED,
    C_ADD_SAME,
    C_CAST_DRAW,
    C_COUNTER_KIND,
    C_COUNTERS_IN,
    C_ENCHANTED,
    C_ENCHANTED_ANY,
    C_FLAGS,
    C_GAIN_LIFE,
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
    C_PER_SLOT,
    C_PER_UNIT,
    C_RAW_MASK,
    C_SUBTYPES,
    C_T_ALL,
    C_T_LORD,
    C_TOUGHNESS,
    C_TRIGGER_ANY,
    C_TRIGGER_FIXED,
    C_TRIGGER_ON,
    C_TRIGGER_SAME,
    C_UNIT,
    F_ARTIFACT,
    F_CREATURE,
    F_ENTERS_TAPPED,
    F_GRANTS_CREATURES,
    F_GRANTS_HASTE,
    F_GRANTS_LANDS,
    F_HUMAN,
    F_LAND,
    F_PAYS_LIFE,
    F_PER_COUNT,
    F_RAW_IF_CREATURES,
    F_RETURNS_LAND,
    F_SACRIFICED,
    F_SACRIFICED_WHEN_NONE,
    GRANT_CREATURES,
    GRANT_LANDS,
    N_BOARD_COLUMNS,
    PER_CREATURE,
    PER_SUBTYPE,
    ST_BOARD,
    ST_CAST_DRAWS,
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
    ST_LIFE,
    ST_RANKS,
    ST_T_ALL,
    ST_T_LORD,
    ST_TURN,
    WATCH_ENCHANTED,
)
from engine.batch.kernel.deck.pools import POOL_BITS
from engine.batch.kernel.jit import inline, njit
from engine.batch.tables import COUNTER_SCOPE, KIND_ANY

SCOPE_CREATURES_YOURS: Final = COUNTER_SCOPE["creatures_yours"]
SCOPE_ARTIFACTS_CREATURES_YOURS: Final = COUNTER_SCOPE["artifacts_creatures_yours"]


@inline
def enter(board, st, cards, choices, per_cards, grants, seen, card, hand, ranks, host) -> None:  # type: ignore[no-untyped-def]
    """The card enters the battlefield under the player's control, in its place in board
    order (``_place``): tapped if it says so (614.1c) or unless its life is paid (614.12: the
    policy pays when life is more than the amount); it has been there since this turn
    (302.6). A land Aura enters attached to ``host`` (303.4a, a deck index; -1 for another
    card). A grant of a mana ability it brings (``grants``: the granted rows) applies at
    once (611.3a); a karoo land's trigger returns a land to the ``hand`` (``_return_land``);
    a gain of life as it enters is had unless the player lost first, at 0 life after paying
    for it (the trigger waits for the state-based actions, 704.5a, 603.3)."""
    flags = cards[card, C_FLAGS]
    counters = _entering_counters(board, st, cards, card)
    b = _place(board, st, card, ranks)
    board[b, B_CARD] = card
    board[b, B_TAPPED] = (flags & F_ENTERS_TAPPED) != 0
    board[b, B_ENTERED] = st[ST_TURN]
    board[b, B_COUNTERS] = counters
    board[b, B_HOST] = host
    st[ST_BOARD] += 1
    if flags & F_PAYS_LIFE:
        if st[ST_LIFE] > cards[card, C_PAY_LIFE]:
            st[ST_LIFE] -= cards[card, C_PAY_LIFE]
        else:
            board[b, B_TAPPED] = 1
    if flags & F_GRANTS_HASTE:  # 702.10c, 302.6
        st[ST_HASTE] += 1
    st[ST_CAST_DRAWS] += cards[card, C_CAST_DRAW]
    _count(board, st, cards, choices, per_cards, card)
    given = GRANT_LANDS * ((flags & F_GRANTS_LANDS) != 0) + GRANT_CREATURES * (
        (flags & F_GRANTS_CREATURES) != 0
    )
    if given & ~st[ST_GRANTS]:
        _grant(board, st, cards, choices, grants, given & ~st[ST_GRANTS])
    if cards[card, C_MULTIPLY] > 1:
        _multiply(st, cards, choices, cards[card, C_MULTIPLY])
    if cards[card, C_TRIGGER_ON] & WATCH_ENCHANTED:  # 106.12a: its host's tapping
        cards[host, C_ENCHANTED] += cards[card, C_TRIGGER_FIXED]
        cards[host, C_ENCHANTED_ANY] += cards[card, C_TRIGGER_ANY]
        _added(st, cards, host)
    elif cards[card, C_TRIGGER_ON]:
        _triggers(st, cards, card)
    seen[cards[card, C_NAME]] = True
    if flags & F_RETURNS_LAND:
        _return_land(board, st, cards, choices, per_cards, hand)
    _toughness_statics(board, st, cards, choices, per_cards, card)
    if st[ST_LIFE] > 0:  # its trigger resolves after the state-based actions (704.5a)
        st[ST_LIFE] += cards[card, C_GAIN_LIFE]


@inline
def _toughness_statics(board, st, cards, choices, per_cards, card) -> None:  # type: ignore[no-untyped-def]
    """The card entered: its statics' changes to toughness are summed (611.3a), and a
    creature it lowered to 0 or less, or the creature itself, dies (704.5f)."""
    st[ST_T_ALL] += cards[card, C_T_ALL]
    st[ST_T_LORD] += cards[card, C_T_LORD]
    lowers = cards[card, C_T_ALL] < 0 or cards[card, C_T_LORD] < 0
    if lowers or cards[card, C_FLAGS] & F_CREATURE:
        toughness_deaths(board, st, cards, choices, per_cards)


@inline
def _toughness(board: np.ndarray, cards: np.ndarray, b: int, sums: tuple[int, int]) -> int:
    """The toughness of the creature in board row ``b`` (613.4: printed, then the statics,
    ``sums`` of C_T_ALL and C_T_LORD on the battlefield, less what its own give others; a
    deck game puts no +1/+1 or -1/-1 counter on a creature, ``tables._toughness_refusal``)."""
    card = board[b, B_CARD]
    lorded = 0 if cards[card, C_FLAGS] & F_HUMAN else sums[1]
    return cards[card, C_TOUGHNESS] + sums[0] + lorded  # type: ignore[no-any-return]


@njit
def toughness_deaths(board, st, cards, choices, per_cards) -> None:  # type: ignore[no-untyped-def]
    """CR 704.5f, 704.3: every creature with toughness 0 or less is put into its owner's
    graveyard at once (as the statics were before any of them left), then again while a
    creature that left took a static with it. Nothing a deck game plays returns it."""
    while True:
        sums = (st[ST_T_ALL], st[ST_T_LORD])
        b = st[ST_BOARD] - 1
        while b >= 0:
            dies = cards[board[b, B_CARD], C_FLAGS] & F_CREATURE
            if dies and _toughness(board, cards, b, sums) <= 0:
                leave(board, st, cards, choices, per_cards, b)
                b = st[ST_BOARD]  # an Aura of it may have left too: look again from the end
            b -= 1
        if (st[ST_T_ALL], st[ST_T_LORD]) == sums:
            return


@inline
def _place(board: np.ndarray, st: np.ndarray, card: int, ranks: np.ndarray) -> int:
    """The board row a card entering takes, the rows from it on moved down: a card's place in
    board order is the rank of its first entry (``ranks``, by deck index, -1 before it: the
    reference engine's listed order keeps a card's rank), so a card entering for the first
    time is last, and a land a karoo returned comes back where it was."""
    if ranks[card] < 0:
        ranks[card] = st[ST_RANKS]
        st[ST_RANKS] += 1
    b = st[ST_BOARD]
    while b > 0 and ranks[board[b - 1, B_CARD]] > ranks[card]:
        for f in range(N_BOARD_COLUMNS):
            board[b, f] = board[b - 1, f]
        b -= 1
    return int(b)


@njit
def _return_land(board, st, cards, choices, per_cards, hand) -> None:  # type: ignore[no-untyped-def]
    """A karoo land's enters trigger (603.2, resolved before anything else is done): the
    first land in board order the player controls (the one that entered, when it is the only
    one) returns to the hand, last in it (400.7: a new object, played again as any card)."""
    for b in range(st[ST_BOARD]):
        card = board[b, B_CARD]
        if cards[card, C_FLAGS] & F_LAND:
            leave(board, st, cards, choices, per_cards, b)
            hand[st[ST_HAND]] = card
            st[ST_HAND] += 1
            return


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
            enchanted = cards[d, C_ENCHANTED]  # the Auras on it stay
            enchanted_any = cards[d, C_ENCHANTED_ANY]
            counted = choices[d, cards[d, C_PER_SLOT]] if flags & F_PER_COUNT else 0
            for f in range(cards.shape[1]):
                cards[d, f] = granted[d, f]
            cards[d, C_ENCHANTED] = enchanted
            cards[d, C_ENCHANTED_ANY] = enchanted_any
            for t in range(choices.shape[1]):
                choices[d, t] = granted_choices[d, t]
            _scale(cards, choices, d, st[ST_FACTOR])  # the multipliers already there
            if flags & F_PER_COUNT:  # ... which the count's mana already holds
                choices[d, cards[d, C_PER_SLOT]] = counted
            _added(st, cards, d)  # ... and the triggers
    st[ST_LANDS] = lands_could(board, st, cards, -1)


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
    """Card ``d``'s C_ADD_* columns: the triggers on the battlefield that watch its kind, and
    the Auras attached to it."""
    land, creature = cards[d, C_FLAGS] & F_LAND, cards[d, C_FLAGS] & F_CREATURE
    cards[d, C_ADD_SAME] = (st[ST_LAND_SAME] if land else 0) + (
        st[ST_CREATURE_SAME] if creature else 0
    )
    cards[d, C_ADD_FIXED] = (
        (st[ST_LAND_FIXED] if land else 0)
        + (st[ST_CREATURE_FIXED] if creature else 0)
        + cards[d, C_ENCHANTED]
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
    unit, times ``factor``. A packed field may pass MAX_PER_TYPE here: the game then stops
    before any pool is made of it (``game.past_pool_cap``, checked as each card enters)."""
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
    return scope_covers(
        cards[source, scope_col], cards[source, kind_col], cards[card, C_COUNTER_KIND],
        cards[card, C_FLAGS],
    )  # fmt: skip


@njit
def scope_covers(scope: int, kind: int, put_kind: int, flags: int) -> bool:
    """Whether a counter static of ``scope`` and ``kind`` (-1: it has none) applies to
    counters of ``put_kind`` put on a permanent with these C_FLAGS as it enters under the
    player's control (a deck game has one player: every scope's "you" is the player). Also
    the deck's bound on the counters a permanent enters with (``deck.tables``)."""
    if kind != KIND_ANY and (kind < 0 or kind != put_kind):
        return False
    if scope == SCOPE_ARTIFACTS_CREATURES_YOURS and flags & F_ARTIFACT:
        return True
    # every permanent's and the player's below "creatures you control" (COUNTER_SCOPE's codes)
    return bool(scope < SCOPE_CREATURES_YOURS or (flags & F_CREATURE) != 0)


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
    """What the card entering (the board's last row) changes in the counts: the mana of a
    count (106.4: one more per permanent), the creatures, what the lands could produce."""
    _count_per(st, cards, choices, per_cards, card, 1)
    if cards[card, C_FLAGS] & F_CREATURE:
        st[ST_CREATURES] += 1
    st[ST_LANDS] = lands_could(board, st, cards, -1)


@inline
def counted_by(cards: np.ndarray, d: int, card: int) -> bool:
    """Whether the count of card ``d`` (106.4: Gaea's Cradle, Priest of Titania) counts a
    permanent of ``card``."""
    per, flags = cards[d, C_PER], cards[card, C_FLAGS]
    return bool(
        (per == PER_CREATURE and flags & F_CREATURE)
        or (per == PER_SUBTYPE and cards[card, C_SUBTYPES] & cards[d, C_PER_BIT])
    )


@inline
def _count_per(st, cards, choices, per_cards, card, sign) -> None:  # type: ignore[no-untyped-def]
    """The mana of each count (106.4) as the card comes (``sign`` 1) or goes (-1)."""
    for d in per_cards:
        if counted_by(cards, d, card):
            choices[d, cards[d, C_PER_SLOT]] += sign * cards[d, C_PER_UNIT]


@inline
def lands_could(board: np.ndarray, st: np.ndarray, cards: np.ndarray, skip: int) -> int:
    """The types the lands could produce (106.7: a could-produce land adds none of its own;
    Gaea's Cradle only with a creature), leaving out board row ``skip``."""
    mask = 0
    for r in range(st[ST_BOARD]):
        flags = cards[board[r, B_CARD], C_FLAGS]
        raw = not flags & F_RAW_IF_CREATURES or st[ST_CREATURES] > 0
        if r != skip and flags & F_LAND and raw:
            mask |= cards[board[r, B_CARD], C_RAW_MASK]
    return mask


@inline
def sacrificed_by_activation(board: np.ndarray, b: int, cards: np.ndarray) -> bool:
    """Whether activating row ``b`` sacrifices it (701.21a): Lotus Petal always; Gemstone
    Mine with its last counter (every choice of such a card removes one: the tables')."""
    flags = cards[board[b, B_CARD], C_FLAGS]
    return bool(flags & F_SACRIFICED) or bool(
        flags & F_SACRIFICED_WHEN_NONE and board[b, B_COUNTERS] == 1
    )


@inline
def leave(board, st, cards, choices, per_cards, b) -> None:  # type: ignore[no-untyped-def]
    """Board row ``b`` leaves (sacrificed, 701.21a, or returned to the hand), and the Auras
    attached to it go to the graveyard (704.5m; nothing a deck game plays acts between)."""
    card = board[b, B_CARD]
    _off(board, st, cards, choices, per_cards, b)
    if cards[card, C_ENCHANTED] == 0 and cards[card, C_ENCHANTED_ANY] == 0:
        return
    cards[card, C_ENCHANTED] = 0  # 400.7: a new object if it comes back
    cards[card, C_ENCHANTED_ANY] = 0
    _added(st, cards, card)
    r = 0
    while r < st[ST_BOARD]:
        if board[r, B_HOST] == card:
            _off(board, st, cards, choices, per_cards, r)
        else:
            r += 1


@inline
def _off(board, st, cards, choices, per_cards, b) -> None:  # type: ignore[no-untyped-def]
    """Board row ``b`` leaves: the rows after it move up, keeping their order, and the counts
    lose it."""
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
    st[ST_CAST_DRAWS] -= cards[card, C_CAST_DRAW]
    st[ST_T_ALL] -= cards[card, C_T_ALL]
    st[ST_T_LORD] -= cards[card, C_T_LORD]
    st[ST_LANDS] = lands_could(board, st, cards, -1)
