"""What happens to mana a permanent is tapped for (CR 106.12): replacement effects, each
once, in the order the tapping player lists (616.1, 614.5), then "tapped for mana" triggers,
which add mana at once (106.12a, 605.4a) and are never replaced.

The mana of one activation lives in ``work``'s MANA_MADE row (amounts by type WUBRGC).
"""

from __future__ import annotations

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.characteristics import is_alive, is_creature
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.mana.could import lands_match
from engine.batch.kernel.mana.pools import add_mana
from engine.batch.kernel.state import (
    ATTACHED_TO,
    CARD,
    CONTROLLER,
    COUNT,
    EFFECT_ON,
    EV_BY_,
    EV_CARD_,
    EV_ORDER_,
    LAYOUT,
    MANA_FROM_TRIGGERS,
    MANA_LISTED,
    MANA_MADE,
    MANA_REPLACED,
    MANA_SLOTS,
    ORDER,
    REP_KEY,
    REP_WHAT,
    SPELL_ON,
    T_EFFECT_LANDS,
    T_EFFECT_PRODUCE,
    T_IS_LAND,
    T_REP_FACTOR,
    T_REP_KIND,
    T_REP_LANDS,
    T_REP_ONE,
    T_REP_PRODUCE,
    T_SPELL_LANDS,
    T_SPELL_PRODUCE,
    T_TFM_AMOUNT,
    T_TFM_PRODUCE,
    T_TFM_SOURCE,
    T_TFM_YOURS,
)
from engine.batch.wipe_state import MAX_AMOUNT, ORDER_LEN, R_MANA_CAP

SPELL_ORDER = 1 << 20  # a spell's effect comes after every permanent's in board order
_DONE = 1 << 62


@inline
def made_total(work: np.ndarray) -> int:
    """The mana in MANA_MADE, or -1 past MAX_AMOUNT."""
    total = 0
    for t in range(6):
        if total > MAX_AMOUNT - work[MANA_MADE, t]:
            return -1
        total += work[MANA_MADE, t]
    return total


@njit
def _rank(event_rows: np.ndarray, e: int, code: int) -> int:
    """Where action ``e`` lists id ``code`` in its replacement order (ORDER_LEN if not): its
    ids run from place ``e * ORDER_LEN`` of the EV_ORDER_ rows (``state.EV_ORDER_``)."""
    n = event_rows.shape[1]
    row, column = EV_ORDER_ + e * ORDER_LEN // n, e * ORDER_LEN % n
    for j in range(ORDER_LEN):
        if event_rows[row, column] == code:
            return j
        column += 1
        if column == n:
            row, column = row + 1, 0
    return ORDER_LEN


@inline
def _applicable(
    slot_rows: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
    s: int,
) -> int:
    """List in REP_KEY / REP_WHAT the replacements that apply to slot ``s`` tapped for mana
    (what: a slot's static or activated effect, or N + e' for event e''s spell); return
    how many. Of the slots, those MANA_SLOTS lists (``listed``)."""
    n, count = slot_rows.shape[1], 0
    ctrl = slot_rows[CONTROLLER, s]
    for j in range(work[COUNT, MANA_LISTED]):
        k = work[MANA_SLOTS, j]
        c = slot_rows[CARD, k]
        if c < 0:
            continue
        owner, kind, hit = slot_rows[CONTROLLER, k], card_table[T_REP_KIND, c], False
        if is_alive(slot_rows, k) and kind == mt.REP_MULTIPLY:
            hit = owner == ctrl  # "If you tap a permanent for mana"
        elif is_alive(slot_rows, k) and kind == mt.REP_TYPE:
            hit = lands_match(slot_rows, card_table, card_table[T_REP_LANDS, c], owner, s)
        elif slot_rows[EFFECT_ON, k]:
            hit = lands_match(slot_rows, card_table, card_table[T_EFFECT_LANDS, c], owner, s)
        if hit:
            work[REP_KEY, count] = _rank(event_rows, e, k) << 40 | slot_rows[ORDER, k]
            work[REP_WHAT, count] = k
            count += 1
    for f in range(event_rows.shape[1]):
        c = event_rows[EV_CARD_, f]
        if event_rows[SPELL_ON, f] and lands_match(
            slot_rows, card_table, card_table[T_SPELL_LANDS, c], event_rows[EV_BY_, f], s
        ):
            code = work[LAYOUT, 0] + f  # the spell's id: its event's cast slot
            work[REP_KEY, count] = _rank(event_rows, e, code) << 40 | (SPELL_ORDER + f)
            work[REP_WHAT, count] = n + f
            count += 1
    return count


@njit
def _apply(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    what: int,
) -> bool:
    """Apply one replacement to MANA_MADE: a multiplier multiplies every type; an "instead"
    effect makes its type, as much as there was (or one, Contamination). False past
    MAX_AMOUNT (the trial is then unsupported)."""
    n = slot_rows.shape[1]
    if what >= n:
        c = event_rows[EV_CARD_, what - n]
        produce, one = card_table[T_SPELL_PRODUCE, c], False
    else:
        c = slot_rows[CARD, what]
        if is_alive(slot_rows, what) and card_table[T_REP_KIND, c] == mt.REP_MULTIPLY:
            factor = card_table[T_REP_FACTOR, c]
            for t in range(6):
                if work[MANA_MADE, t] > MAX_AMOUNT // factor:
                    unsupported(trial_vars, R_MANA_CAP)
                    return False
                work[MANA_MADE, t] *= factor
            return True
        static = is_alive(slot_rows, what) and card_table[T_REP_KIND, c] == mt.REP_TYPE
        produce = card_table[T_REP_PRODUCE if static else T_EFFECT_PRODUCE, c]
        one = static and card_table[T_REP_ONE, c] != 0
    total = made_total(work)
    if total < 0:
        unsupported(trial_vars, R_MANA_CAP)
        return False
    for t in range(6):
        work[MANA_MADE, t] = 0
    work[MANA_MADE, produce] = min(total, 1) if one else total
    return True


@njit
def replace(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
    s: int,
) -> None:
    """CR 616.1: the listed ones first, then the others in board order (a spell's effect after
    every permanent's), each once (614.5); counts the mana they add or remove."""
    count = _applicable(slot_rows, work, card_table, event_rows, e, s)
    for _ in range(count):
        best = 0
        for j in range(count):
            if work[REP_KEY, j] < work[REP_KEY, best]:
                best = j
        work[REP_KEY, best] = _DONE
        before = made_total(work)
        if not _apply(slot_rows, trial_vars, work, card_table, event_rows, work[REP_WHAT, best]):
            return
        trial_vars[MANA_REPLACED] += made_total(work) - before


@njit
def _watches(slot_rows: np.ndarray, card_table: np.ndarray, k: int, s: int) -> bool:
    """Whether permanent ``k``'s "tapped for mana" trigger watches slot ``s``."""
    c = slot_rows[CARD, k]
    if c < 0 or card_table[T_TFM_SOURCE, c] < 0 or not is_alive(slot_rows, k):
        return False
    source = card_table[T_TFM_SOURCE, c]
    if card_table[T_TFM_YOURS, c] and slot_rows[CONTROLLER, k] != slot_rows[CONTROLLER, s]:
        return False
    if source == mt.TFM_LANDS:
        return bool(card_table[T_IS_LAND, slot_rows[CARD, s]] != 0)
    if source == mt.TFM_CREATURES:
        return is_creature(slot_rows, s)
    return bool(slot_rows[ATTACHED_TO, k] == s)  # the land it enchants (Wild Growth)


@njit
def mana_triggers(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    color: int,
) -> None:
    """CR 106.12a, 605.1b, 605.4a: each trigger adds its mana at once to the tapping
    player's pool: a fixed type (Overgrowth: two of it), a type the permanent produced (the
    chosen one if it made it, else the first in WUBRGC order), or one of any color (the
    chosen one if it is a color, else W). The triggers are among MANA_SLOTS (``listed``), in
    slot order."""
    first = -1
    for t in range(6):
        if first < 0 and work[MANA_MADE, t] > 0:
            first = t
    same = color if color >= 0 and work[MANA_MADE, color] > 0 else first
    for j in range(work[COUNT, MANA_LISTED]):
        k = work[MANA_SLOTS, j]
        if _watches(slot_rows, card_table, k, s):
            produce = card_table[T_TFM_PRODUCE, slot_rows[CARD, k]]
            amount = card_table[T_TFM_AMOUNT, slot_rows[CARD, k]]
            pick = same if produce == mt.PRODUCE_SAME else produce
            if produce == mt.PRODUCE_ANY:
                pick = color if 0 <= color < mt.C_INDEX else 0
            if not add_mana(trial_vars, slot_rows[CONTROLLER, s], pick, amount):
                return
            trial_vars[MANA_FROM_TRIGGERS] += amount
