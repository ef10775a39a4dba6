"""The slots whose card may change what a permanent tapped for mana makes: replacements
(616.1), "tapped for mana" triggers (605.1b), Deep Water's effect that lasts (611.2a).

They are listed in ``work``'s MANA_SLOTS, in slot order, as a trial starts and as a slot is
given a card, and each activation looks at these only (``replace``, ``mana_triggers``,
``could._instead_sources``): going over every slot, those three carried 11.9% of mana-tap's
samples, on boards where one slot in ten holds such a card; going over these, 8.9%. A slot
stays listed whatever it holds later: the steps read its card, as they did going over every
slot.
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.state import (
    CARD,
    COUNT,
    G_TAPPED_MANA,
    GATES,
    LAYOUT,
    MANA_LISTED,
    MANA_SLOTS,
    T_CHANGES_TAPPED_MANA,
)


@inline
def list_mana_slots(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> None:
    """MANA_SLOTS as a trial starts (none in a batch without such a card: the test inlined,
    the search a call, as ``counters.list_rule_slots``)."""
    work[COUNT, MANA_LISTED] = 0
    if work[LAYOUT, GATES] & G_TAPPED_MANA:
        _list_mana_slots(slot_rows, work, card_table)


@njit
def _list_mana_slots(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> None:
    listed = 0
    for s in range(slot_rows.shape[1]):
        c = slot_rows[CARD, s]
        if c >= 0 and card_table[T_CHANGES_TAPPED_MANA, c]:
            work[MANA_SLOTS, listed] = s
            listed += 1
    work[COUNT, MANA_LISTED] = listed


@njit
def note_mana_card(work: np.ndarray, card_table: np.ndarray, s: int, c: int) -> None:
    """Slot ``s`` was given card ``c`` (a cast permanent, a token): list it in its place in
    slot order if the card may change tapped mana (the triggers add mana in slot order)."""
    if not work[LAYOUT, GATES] & G_TAPPED_MANA or not card_table[T_CHANGES_TAPPED_MANA, c]:
        return
    listed = work[COUNT, MANA_LISTED]
    at = listed
    for j in range(listed):
        if work[MANA_SLOTS, j] == s:
            return
        if work[MANA_SLOTS, j] > s:
            at = j
            break
    for j in range(listed, at, -1):
        work[MANA_SLOTS, j] = work[MANA_SLOTS, j - 1]
    work[MANA_SLOTS, at] = s
    work[COUNT, MANA_LISTED] = listed + 1
