"""Keywords of one slot (CR 702): printed, granted to the object, and granted by statics;
as ``tables.KEYWORD_BITS`` bits. ``engine.reference.characteristics.keywords`` is the oracle.
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.characteristics import (
    CREATURES,
    GRANT_KIND_COLUMNS,
    grant_reaches,
    is_alive,
    is_creature,
    kind_covers,
)
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    EOT_KEYWORDS,
    GRANTED,
    PRINTED_KEYWORDS,
    T_GRANT_KIND_KEYWORDS,
    T_GRANT_KIND_OBJECTS,
    T_GRANT_KIND_SCOPE,
    T_GRANTS_ANY,
    T_GRANTS_KEYWORDS,
    T_GRANTS_KEYWORDS_ALL,
    T_GRANTS_KEYWORDS_LORD,
    T_GRANTS_KEYWORDS_OPPONENTS,
    T_GRANTS_KEYWORDS_OTHER,
    T_IS_HUMAN,
)
from engine.batch.tables import KEYWORD_BITS

FLYING, TRAMPLE, DEATHTOUCH = (
    KEYWORD_BITS["flying"],
    KEYWORD_BITS["trample"],
    KEYWORD_BITS["deathtouch"],
)
MENACE, INTIMIDATE, HASTE = (
    KEYWORD_BITS["menace"],
    KEYWORD_BITS["intimidate"],
    KEYWORD_BITS["haste"],
)
VIGILANCE, REACH, DEFENDER, FEAR = (
    KEYWORD_BITS["vigilance"],
    KEYWORD_BITS["reach"],
    KEYWORD_BITS["defender"],
    KEYWORD_BITS["fear"],
)
HEXPROOF, LIFELINK, WITHER = (
    KEYWORD_BITS["hexproof"],
    KEYWORD_BITS["lifelink"],
    KEYWORD_BITS["wither"],
)
FIRST_STRIKE, DOUBLE_STRIKE = KEYWORD_BITS["first strike"], KEYWORD_BITS["double strike"]


@njit
def controls(slot_rows: np.ndarray, card_table: np.ndarray, column: int, player: int) -> bool:
    """Whether ``player`` controls a permanent whose card has ``column`` (a static ability)."""
    for k in range(slot_rows.shape[1]):
        c = slot_rows[CARD, k]
        mine = slot_rows[CONTROLLER, k] == player
        if c >= 0 and is_alive(slot_rows, k) and card_table[column, c] and mine:
            return True
    return False


@njit
def granted_by_statics(
    slot_rows: np.ndarray, card_table: np.ndarray, s: int, player: int, card: int
) -> int:
    """The keywords the statics on the battlefield give a creature ``player`` controls, of
    ``card``, in slot ``s`` (-1: an object that is gone, as it last existed), by each static's
    scope (611.3a: Fervor's haste to yours, Concordant Crossroads' to all, 702.10c; a lord's to
    the other non-Humans of its controller; Knight Exemplar's to its controller's other
    Knights, ``kind_covers``; Darksteel Forge's to its controller's artifacts)."""
    lorded = card_table[T_IS_HUMAN, card] == 0
    bits = 0
    for k in range(slot_rows.shape[1]):
        c = slot_rows[CARD, k]
        if c < 0 or not card_table[T_GRANTS_ANY, c] or not is_alive(slot_rows, k):
            continue
        mine = slot_rows[CONTROLLER, k] == player
        bits |= card_table[T_GRANTS_KEYWORDS_ALL, c]
        bits |= card_table[T_GRANTS_KEYWORDS if mine else T_GRANTS_KEYWORDS_OPPONENTS, c]
        if k != s:
            bits |= card_table[T_GRANTS_KEYWORDS_OTHER, c]
            if mine and lorded:
                bits |= card_table[T_GRANTS_KEYWORDS_LORD, c]
        bits |= _kind_granted(slot_rows, card_table, k, s, player, card, True)
    return int(bits)


@inline
def _kind_granted(
    slot_rows: np.ndarray,
    card_table: np.ndarray,
    k: int,
    s: int,
    player: int,
    card: int,
    creature: bool,
) -> int:
    """The keywords slot ``k``'s static of a kind (GRANT_KIND_*) gives slot ``s``, a permanent
    ``player`` controls, of ``card``: a ``creature``, or not (only a grant to artifacts, for
    an artifact, or to every permanent reaches one: Darksteel Forge, Avacyn, Angel of Hope)."""
    source = slot_rows[CARD, k]
    if card_table[T_GRANT_KIND_SCOPE, source] < 0:
        return 0  # most sources
    if not grant_reaches(card_table, source, card, creature):
        return 0
    if not kind_covers(slot_rows, card_table, k, s, player, card, GRANT_KIND_COLUMNS):
        return 0
    return int(card_table[T_GRANT_KIND_KEYWORDS, source])


@njit
def _granted_to_noncreature(slot_rows: np.ndarray, card_table: np.ndarray, s: int) -> int:
    """The keywords the statics on the battlefield give noncreature permanent ``s``: those
    given to its controller's artifacts or permanents (``_kind_granted``)."""
    bits = 0
    card, player = slot_rows[CARD, s], slot_rows[CONTROLLER, s]
    for k in range(slot_rows.shape[1]):
        c = slot_rows[CARD, k]
        if c >= 0 and card_table[T_GRANT_KIND_OBJECTS, c] != CREATURES and is_alive(slot_rows, k):
            bits |= _kind_granted(slot_rows, card_table, k, s, player, card, False)
    return bits


@njit
def keywords(slot_rows: np.ndarray, card_table: np.ndarray, s: int) -> int:
    """Keywords (tables.KEYWORD_BITS): printed, granted to the object (for good or until end
    of turn), and by the statics on the battlefield (a noncreature's: to artifacts or to
    permanents only)."""
    bits = slot_rows[PRINTED_KEYWORDS, s] | slot_rows[GRANTED, s] | slot_rows[EOT_KEYWORDS, s]
    if is_creature(slot_rows, s):
        c = slot_rows[CARD, s]
        bits |= granted_by_statics(slot_rows, card_table, s, slot_rows[CONTROLLER, s], c)
    elif is_alive(slot_rows, s):
        bits |= _granted_to_noncreature(slot_rows, card_table, s)
    return int(bits)


@njit
def can_target(slot_rows: np.ndarray, card_table: np.ndarray, q: int, controller: int) -> bool:
    """CR 702.11b: a permanent with hexproof can't be the target of spells or abilities its
    controller's opponents control."""
    if slot_rows[CONTROLLER, q] == controller:
        return True
    return not keywords(slot_rows, card_table, q) & HEXPROOF
