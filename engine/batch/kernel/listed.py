"""Lists of the slots whose card has what one rule step looks for, so the step goes over
those alone rather than over every slot: a rule for counters (614.1, ``counters``: a handful
of four players' sixteen slots), or what may change the mana of a permanent tapped for mana
(616.1 replacements, 605.1b "tapped for mana" triggers, Deep Water's lasting effect, 611.2a:
``mana.replace``, ``mana.triggers``, ``could._instead_sources``; going over every slot, those
three carried 11.9% of mana-tap's samples, on boards where one slot in ten holds such a card;
going over these, 8.9%).

A list is made as a trial starts (``list_slots``) and kept as a slot is given a card
(``note_slot``), in slot order (the triggers add mana in slot order). A slot stays listed
whatever it holds later: the steps read its card, as they did going over every slot.
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.state import (
    CARD,
    COUNT,
    G_COUNTER_RULES,
    G_TAPPED_MANA,
    GATES,
    LAYOUT,
    MANA_LISTED,
    MANA_SLOTS,
    RULE_SLOTS,
    RULES,
    T_CHANGES_TAPPED_MANA,
    T_COUNTER_RULE,
)

# a list: the gate of a batch with such cards (none listed in another batch), the card
# table's column that says a card is one, ``work``'s row of the slots and its COUNT column
RULE_LIST = (G_COUNTER_RULES, T_COUNTER_RULE, RULE_SLOTS, RULES)
MANA_LIST = (G_TAPPED_MANA, T_CHANGES_TAPPED_MANA, MANA_SLOTS, MANA_LISTED)


@inline
def list_slots(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, which: tuple[int, ...]
) -> None:
    """The list ``which`` as a trial starts (the test inlined, the search a call, as
    ``characteristics.refresh``)."""
    gate, column, row, count = which
    work[COUNT, count] = 0
    if work[LAYOUT, GATES] & gate:
        _list_slots(slot_rows, work, card_table, column, row, count)


@njit
def _list_slots(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, column: int, row: int,
    count: int,
) -> None:  # fmt: skip
    listed = 0
    for s in range(slot_rows.shape[1]):
        c = slot_rows[CARD, s]
        if c >= 0 and card_table[column, c]:
            work[row, listed] = s
            listed += 1
    work[COUNT, count] = listed


@njit
def note_slot(
    work: np.ndarray, card_table: np.ndarray, s: int, c: int, which: tuple[int, ...]
) -> None:
    """Slot ``s`` was given card ``c`` (a cast permanent, a token): list it in its place in
    slot order in ``which`` if the card is one the list holds."""
    gate, column, row, count = which
    if not work[LAYOUT, GATES] & gate or not card_table[column, c]:
        return
    listed = work[COUNT, count]
    at = listed
    for j in range(listed):
        if work[row, j] == s:
            return
        if work[row, j] > s:
            at = j
            break
    for j in range(listed, at, -1):
        work[row, j] = work[row, j - 1]
    work[row, at] = s
    work[COUNT, count] = listed + 1
