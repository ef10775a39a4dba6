"""Characteristics of one slot after static abilities (CR 611.3a, 613.4).

Statics are summed by controller once per board (``refresh``) and read per slot: printed
P/T, then "until end of turn" changes locked to the object (611.2c), then counters, then the
statics that apply to whatever they currently describe (a returned creature is affected).
``work`` rows ST+0/1 anthem power/toughness by controller, ST+2/3 lord power/toughness by
controller, ST+4/5 "all creatures" power/toughness (column 0); the statics naming a subtype
or a color are summed by slot, into slot_rows' FILTERED_P/T rows (``_filtered``). Persist and
undying that statics give are counted when a creature dies (``persist_n``, ``undying_n``).
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.caps import wraps
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.state import (
    BASE_P,
    BASE_T,
    CARD,
    CHANGED,
    CONTROLLER,
    COUNT,
    EOT_PERSIST,
    EOT_POWER,
    EOT_TOUGHNESS,
    EOT_UNDYING,
    FILTERED_P,
    FILTERED_T,
    G_FILTERED,
    G_RETURN_GRANTS,
    GATES,
    GRANTED_PERSIST,
    GRANTED_UNDYING,
    HAS_STATICS,
    IS_CHANGED,
    IS_CREATURE_CARD,
    LAYOUT,
    MARKED,
    MAX_PLAYERS,
    MINUS,
    NOT_CREATURE,
    PLUS,
    PRINTED_PERSIST,
    PRINTED_UNDYING,
    ST,
    STALE,
    T_ALL_P,
    T_ALL_T,
    T_ANTHEM_P,
    T_ANTHEM_T,
    T_COLOR_BITS,
    T_FILTER_BIT,
    T_FILTER_COLOR,
    T_FILTER_P,
    T_FILTER_SCOPE,
    T_FILTER_T,
    T_GRANT_KIND_BIT,
    T_GRANT_KIND_COLOR,
    T_GRANT_KIND_OBJECTS,
    T_GRANT_KIND_PERSIST,
    T_GRANT_KIND_SCOPE,
    T_GRANT_KIND_UNDYING,
    T_IS_ARTIFACT,
    T_IS_HUMAN,
    T_LORD_P,
    T_LORD_T,
    T_OTHER_P,
    T_OTHER_T,
    T_PERSIST_GRANTS,
    T_SUBTYPE_BITS,
    T_UNDYING_GRANTS,
    ZONE,
)
from engine.batch.tables import FILTER_SCOPES, GRANT_COUNT_BITS, GRANT_SCOPES
from engine.batch.wipe_state import BATTLEFIELD
from engine.library import GRANT_OBJECTS

if GRANT_SCOPES != ("yours", "all", "other", "opponents", "other_non_human_yours"):
    raise RuntimeError("GRANT_SCOPES changed: give _given a line per scope, in its order")
if (*GRANT_SCOPES, "other_yours") != FILTER_SCOPES:
    raise RuntimeError("FILTER_SCOPES changed: give kind_covers a line per scope, in its order")

# the card columns of the statics ``refresh`` sums, column j into row ST + j (the first four
# by controller, the "all creatures" ones in column 0)
STATIC_COLUMNS = (T_ANTHEM_P, T_ANTHEM_T, T_LORD_P, T_LORD_T, T_ALL_P, T_ALL_T)


@inline
def refresh(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> None:
    """Sum the statics of the battlefield into ``work``'s ST rows (none in a batch without
    them), when a static's source entered, left or changed controller since the last sum
    (``STALE``, see ``moved``). The test is inlined where it is asked, the sum is a call:
    most asks find nothing to do, and a call costs more than the test."""
    if work[LAYOUT, HAS_STATICS] and work[COUNT, STALE]:
        _sum_statics(slot_rows, work, card_table)


@inline
def mark_changed(work: np.ndarray, s: int) -> None:
    """What a state-based action reads of slot ``s`` (its zone, card, controller, toughness,
    damage, counters, host) may have changed: the next round looks at it (``sba``)."""
    if not work[IS_CHANGED, s]:
        work[IS_CHANGED, s] = 1
        work[CHANGED, work[COUNT, MARKED]] = s
        work[COUNT, MARKED] += 1


@inline
def mark_all_changed(work: np.ndarray, n: int) -> None:
    """``mark_changed`` for every one of the ``n`` slots (a new board, an event, new static
    sums)."""
    for s in range(n):
        work[IS_CHANGED, s] = 1
        work[CHANGED, s] = s
    work[COUNT, MARKED] = n


@njit
def _sum_statics(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> None:
    work[COUNT, STALE] = 0
    mark_all_changed(work, slot_rows.shape[1])  # every creature's P/T may differ
    for row in range(ST, ST + len(STATIC_COLUMNS)):
        for p in range(MAX_PLAYERS):
            work[row, p] = 0
    for s in range(slot_rows.shape[1]):
        c = slot_rows[CARD, s]
        if c < 0 or slot_rows[ZONE, s] != BATTLEFIELD:
            continue
        p = slot_rows[CONTROLLER, s]
        work[ST + 0, p] += card_table[T_ANTHEM_P, c]  # STATIC_COLUMNS written out (a loop over
        work[ST + 1, p] += card_table[T_ANTHEM_T, c]  # them measured 1% to 5% slower)
        work[ST + 2, p] += card_table[T_LORD_P, c]
        work[ST + 3, p] += card_table[T_LORD_T, c]
        work[ST + 4, 0] += card_table[T_ALL_P, c]
        work[ST + 5, 0] += card_table[T_ALL_T, c]
    if work[LAYOUT, GATES] & G_FILTERED:
        for s in range(slot_rows.shape[1]):
            slot_rows[FILTERED_P, s], slot_rows[FILTERED_T, s] = _filtered(slot_rows, card_table, s)


@inline
def static_source(work: np.ndarray, card_table: np.ndarray, c: int) -> bool:
    """Whether card ``c`` has a static on P/T (in a batch with such statics): one ``refresh``
    sums, or one naming a subtype or a color (``_filtered``; its coming and going changes
    P/T as theirs do)."""
    if not work[LAYOUT, HAS_STATICS]:
        return False
    total: int = card_table[T_FILTER_SCOPE, c] + 1
    for col in STATIC_COLUMNS:
        total |= card_table[col, c]
    return total != 0


@inline
def moved(work: np.ndarray, card_table: np.ndarray, c: int) -> None:
    """A permanent with card ``c`` entered or left the battlefield: the statics' sums are
    stale if it is a source of one (``refresh`` sums by controller, only the sources), and
    in a batch with statics naming a subtype or a color, whatever it is (those are summed
    by slot: a new creature may be of the kind)."""
    if work[LAYOUT, GATES] & G_FILTERED or static_source(work, card_table, c):
        work[COUNT, STALE] = 1


@njit
def is_alive(slot_rows: np.ndarray, s: int) -> bool:
    """On the battlefield (an empty slot never is)."""
    return bool(slot_rows[ZONE, s] == BATTLEFIELD)


@njit
def is_creature(slot_rows: np.ndarray, s: int) -> bool:
    """A creature on the battlefield (a "not a creature" effect turns it off)."""
    # bitwise, not ``and``: numba compiles a chain of ``and`` on mixed types to branches
    on = slot_rows[ZONE, s] == BATTLEFIELD
    return on & (slot_rows[IS_CREATURE_CARD, s] != 0) & (slot_rows[NOT_CREATURE, s] == 0)  # type: ignore[no-any-return]


@njit
def _static(
    slot_rows: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    row: int,
    lord: int,
    other: int,
) -> int:
    """The statics' change to power (row 0) or toughness (row 1) of a creature (``lord``,
    ``other``: that row's columns of the statics it takes its own back from)."""
    if work[LAYOUT, HAS_STATICS] == 0:
        return 0
    if not is_creature(slot_rows, s):
        return 0
    c, p = slot_rows[CARD, s], slot_rows[CONTROLLER, s]
    # "All other creatures" is summed with "all creatures": not its own (611.3a)
    total = work[ST + row, p] + work[ST + 4 + row, 0] - card_table[other, c]
    if card_table[T_IS_HUMAN, c] == 0:
        # "Other non-Human creatures you control": the controller's total minus its own.
        total += work[ST + 2 + row, p] - card_table[lord, c]
    total += slot_rows[FILTERED_P + row, s]  # (a row, not a test and a call: 10% faster)
    return total  # type: ignore[no-any-return]


@njit
def _filtered(slot_rows: np.ndarray, card_table: np.ndarray, s: int) -> tuple[int, int]:
    """What the statics naming a subtype or a color give slot ``s``'s card (611.3a, 205.3,
    105.2), power and toughness, source by source: such statics are few, and a sum by
    controller would need one per subtype and color."""
    c, p = slot_rows[CARD, s], slot_rows[CONTROLLER, s]
    if c < 0:
        return 0, 0
    power, toughness = 0, 0
    for q in range(slot_rows.shape[1]):
        source = slot_rows[CARD, q]
        if source < 0 or not is_alive(slot_rows, q) or card_table[T_FILTER_SCOPE, source] < 0:
            continue
        if kind_covers(slot_rows, card_table, q, s, p, c, FILTER_COLUMNS):
            power += card_table[T_FILTER_P, source]
            toughness += card_table[T_FILTER_T, source]
    return power, toughness


# the columns of a static naming a kind: its scope (a place in FILTER_SCOPES), subtype bit
# and color bits (``kind_covers``)
FILTER_COLUMNS = (T_FILTER_SCOPE, T_FILTER_BIT, T_FILTER_COLOR)
GRANT_KIND_COLUMNS = (T_GRANT_KIND_SCOPE, T_GRANT_KIND_BIT, T_GRANT_KIND_COLOR)
CREATURES, ARTIFACTS = GRANT_OBJECTS.index("creatures"), GRANT_OBJECTS.index("artifacts")


@inline
def grant_reaches(card_table: np.ndarray, source: int, card: int, creature: bool) -> bool:
    """Whether the objects of card ``source``'s static of a kind (GRANT_KIND_OBJECTS) include
    a permanent of ``card``, a ``creature`` or not: creatures; artifacts, by the card's type
    (Darksteel Forge's); or every permanent (Avacyn's)."""
    objects = card_table[T_GRANT_KIND_OBJECTS, source]
    if objects == CREATURES:
        return creature
    return bool(objects != ARTIFACTS or card_table[T_IS_ARTIFACT, card] != 0)


@njit
def kind_covers(
    slot_rows: np.ndarray,
    card_table: np.ndarray,
    q: int,
    s: int,
    player: int,
    c: int,
    columns: tuple[int, int, int],
) -> bool:
    """Whether the static of slot ``q``'s card held in ``columns`` (FILTER_COLUMNS for P/T,
    GRANT_KIND_COLUMNS for keywords) describes the permanent in slot ``s`` (-1: one that is
    gone), of card ``c``, that ``player`` controls (611.3a, 205.3, 105.2)."""
    scope, bit, tint = columns
    source = slot_rows[CARD, q]
    kind, color = card_table[bit, source], card_table[tint, source]
    if kind != 0 and card_table[T_SUBTYPE_BITS, c] & kind == 0:
        return False
    if color != 0 and card_table[T_COLOR_BITS, c] & color == 0:
        return False
    where = card_table[scope, source]
    mine, other = slot_rows[CONTROLLER, q] == player, q != s
    return bool(
        (where == 0 and mine)  # yours
        or where == 1  # all
        or (where == 2 and other)  # other
        or (where == 3 and not mine)  # opponents
        or (where == 4 and other and mine and card_table[T_IS_HUMAN, c] == 0)  # lord
        or (where == 5 and other and mine)  # other yours
    )


@njit
def power(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> int:
    """Power (613.4: printed, locked-in changes, counters, statics); ``work``'s statics current."""
    net = slot_rows[PLUS, s] - slot_rows[MINUS, s] + slot_rows[EOT_POWER, s]
    static = _static(slot_rows, work, card_table, s, 0, T_LORD_P, T_OTHER_P)
    return slot_rows[BASE_P, s] + net + static  # type: ignore[no-any-return]


@njit
def toughness(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> int:
    """Toughness, as ``power``."""
    net = slot_rows[PLUS, s] - slot_rows[MINUS, s]
    t = (
        slot_rows[BASE_T, s]
        + slot_rows[EOT_TOUGHNESS, s]
        + net
        + _static(slot_rows, work, card_table, s, 1, T_LORD_T, T_OTHER_T)
    )
    return t  # type: ignore[no-any-return]


# Below this, counters and "until end of turn" changes cannot take a P/T past 64 bits (the
# printed P/T and the statics' sums are 16-bit numbers, summed over the slots). Only counters
# grow that large: a change until end of turn adds at most a scenario's number (below
# MAX_BATCH_NUMBER = 2^31) per event, so ``counters.put_counters`` notes a count that reaches
# it (``work``'s LARGE_SEEN), and only then do the state-based actions look.
LARGE = 1 << 61


@inline
def pt_past_64_bits(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int
) -> bool:
    """Whether slot ``s``'s power or toughness is past 64 bits (as ``power`` would wrap):
    tested only when its counters or its changes until end of turn are that large (one
    comparison: the counts are at least 0, and ``x ^ (x >> 63)`` is ``x``, or ``-x - 1``
    below 0; at most one away from its size, which the bound's slack covers)."""
    eot_p, eot_t = slot_rows[EOT_POWER, s], slot_rows[EOT_TOUGHNESS, s]
    sizes = slot_rows[PLUS, s] | slot_rows[MINUS, s] | eot_p ^ (eot_p >> 63) | eot_t ^ (eot_t >> 63)
    return sizes >= LARGE and _past(slot_rows, work, card_table, s)


@njit
def _past(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> bool:
    """The counters' net (never past 64 bits: both counts are at least 0) plus the rest,
    each sum compared with the bounds before it is made."""
    net = slot_rows[PLUS, s] - slot_rows[MINUS, s]
    power_rest = (slot_rows[BASE_P, s], slot_rows[EOT_POWER, s])
    toughness_rest = (slot_rows[BASE_T, s], slot_rows[EOT_TOUGHNESS, s])
    statics = (
        _static(slot_rows, work, card_table, s, 0, T_LORD_P, T_OTHER_P),
        _static(slot_rows, work, card_table, s, 1, T_LORD_T, T_OTHER_T),
    )
    for rest, static in ((power_rest, statics[0]), (toughness_rest, statics[1])):
        small = rest[0] + static  # 16-bit numbers summed over the slots
        if wraps(rest[1], small) or wraps(net, rest[1] + small):
            return True
    return False


@njit
def persist_n(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> int:
    """Persist instances: printed, granted, gained until end of turn, and given by statics
    (702.79a, 702.79b)."""
    n = slot_rows[PRINTED_PERSIST, s] + slot_rows[GRANTED_PERSIST, s] + slot_rows[EOT_PERSIST, s]
    if work[LAYOUT, GATES] & G_RETURN_GRANTS:
        n += _given(slot_rows, card_table, s, T_PERSIST_GRANTS, T_GRANT_KIND_PERSIST)
    return int(n)


@njit
def undying_n(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> int:
    """Undying instances, as ``persist_n`` (702.93a)."""
    n = slot_rows[PRINTED_UNDYING, s] + slot_rows[GRANTED_UNDYING, s] + slot_rows[EOT_UNDYING, s]
    if work[LAYOUT, GATES] & G_RETURN_GRANTS:
        n += _given(slot_rows, card_table, s, T_UNDYING_GRANTS, T_GRANT_KIND_UNDYING)
    return int(n)


@njit
def _given(
    slot_rows: np.ndarray, card_table: np.ndarray, s: int, column: int, kind_column: int
) -> int:
    """The instances of a keyword that the statics on the battlefield give permanent ``s``
    (611.3a): to a creature, each source's count for each of its scopes that describes ``s``
    (``column``: the counts by scope, tables.GRANT_SCOPES); to any permanent, each source's
    count for the kind it names (``kind_column``: tables.GRANT_KIND_PERSIST or
    GRANT_KIND_UNDYING) where its objects include ``s`` (``grant_reaches``: creatures,
    artifacts or every permanent) and ``kind_covers`` says ``s`` is of its kind."""
    creature = is_creature(slot_rows, s)
    p, card = slot_rows[CONTROLLER, s], slot_rows[CARD, s]
    human = card_table[T_IS_HUMAN, card] != 0
    full = (1 << GRANT_COUNT_BITS) - 1
    n = 0
    for q in range(slot_rows.shape[1]):
        c = slot_rows[CARD, q]
        if c < 0 or not is_alive(slot_rows, q):
            continue
        grants, kind_n = card_table[column, c] * creature, card_table[kind_column, c]
        if grants == 0 and kind_n == 0:
            continue
        mine, other = slot_rows[CONTROLLER, q] == p, q != s
        n += (grants & full) * mine  # yours
        n += grants >> GRANT_COUNT_BITS & full  # all
        n += (grants >> 2 * GRANT_COUNT_BITS & full) * other  # other
        n += (grants >> 3 * GRANT_COUNT_BITS & full) * (not mine)  # opponents
        lord = other and mine and not human  # other non-Human creatures you control
        n += (grants >> 4 * GRANT_COUNT_BITS & full) * lord
        if (
            kind_n
            and grant_reaches(card_table, c, card, creature)
            and kind_covers(slot_rows, card_table, q, s, p, card, GRANT_KIND_COLUMNS)
        ):
            n += kind_n
    return n
