"""Putting counters on one permanent (CR 122.1, 122.6, 614.1, 616.1).

Prohibitions first (Solemnity: no counters at all; Melira: no -1/-1 counters on your
creatures), then the number-changing replacements of the target's controller's permanents one
at a time in board order (616.1: the listed order), each once (614.5), none once the number is
0 (Hardened Scales, Doubling Season, Vizier of Remedies).
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.characteristics import LARGE, is_alive, is_creature, mark_changed
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    COUNT,
    EXTRA_COUNTERS,
    G_COUNTER_RULES,
    GATES,
    LARGE_SEEN,
    LAYOUT,
    MINUS,
    ORDER,
    PLUS,
    RULE_SLOTS,
    RULES,
    T_HAS_MODIFIER,
    T_IS_ARTIFACT,
    T_MOD_ADD,
    T_MOD_EFFECTS_ONLY,
    T_MOD_FACTOR,
    T_MOD_KIND,
    T_MOD_SCOPE,
    T_NO_KIND,
    T_NO_SCOPE,
)
from engine.batch.tables import COUNTER_SCOPE, KIND_ANY
from engine.batch.wipe_state import MAX_AMOUNT, R_NUMBER_CAP

_NO_ORDER = 1 << 40
ALL_PERMANENTS, PERMANENTS_YOURS, ARTIFACTS_CREATURES_YOURS = (
    COUNTER_SCOPE["all_permanents"],
    COUNTER_SCOPE["permanents_yours"],
    COUNTER_SCOPE["artifacts_creatures_yours"],
)


@inline
def _has_rule(card_table: np.ndarray, c: int) -> bool:
    """Whether card ``c`` has a rule for counters: a prohibition or a modifier."""
    return bool(card_table[T_NO_KIND, c] >= 0 or card_table[T_HAS_MODIFIER, c])


@inline
def list_rule_slots(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> None:
    """``work``'s RULE_SLOTS, as a trial starts: the slots whose card has a rule for counters
    (``note_card`` keeps it as cards are given to slots). Each counter put looks at these
    only, rather than at every slot (a handful of four players' sixteen). The test inlined,
    the search a call (as ``characteristics.refresh``)."""
    work[COUNT, RULES] = 0
    if work[LAYOUT, GATES] & G_COUNTER_RULES:
        _list_rule_slots(slot_rows, work, card_table)


@njit
def _list_rule_slots(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> None:
    for s in range(slot_rows.shape[1]):
        if slot_rows[CARD, s] >= 0:
            note_card(work, card_table, s, slot_rows[CARD, s])


@njit
def note_card(work: np.ndarray, card_table: np.ndarray, s: int, c: int) -> None:
    """Slot ``s`` was given card ``c`` (a cast permanent, a token): list it in RULE_SLOTS if
    the card has a rule for counters. A slot stays listed whatever it holds later: the rule
    steps read its card."""
    if not work[LAYOUT, GATES] & G_COUNTER_RULES or not _has_rule(card_table, c):
        return
    for j in range(work[COUNT, RULES]):
        if work[RULE_SLOTS, j] == s:
            return
    work[RULE_SLOTS, work[COUNT, RULES]] = s
    work[COUNT, RULES] += 1


@njit
def _prohibits(
    slot_rows: np.ndarray, card_table: np.ndarray, k: int, s: int, kind: int, creature: bool
) -> bool:
    """Whether permanent ``k`` (on the battlefield) stops every counter of ``kind`` on slot
    ``s``: Solemnity (none at all), Melira (no -1/-1 counters on its controller's creatures)."""
    c = slot_rows[CARD, k]
    stops = card_table[T_NO_KIND, c]
    if stops != kind and stops != KIND_ANY:  # (-1: it stops none)
        return False
    return _covers(slot_rows, card_table, card_table[T_NO_SCOPE, c], k, s, creature)


@inline
def _covers(
    slot_rows: np.ndarray, card_table: np.ndarray, scope: int, k: int, s: int, creature: bool
) -> bool:
    """Whether the rule for counters of permanent ``k`` covers slot ``s``, by its
    COUNTER_SCOPE: every permanent, its controller's, its controller's creatures, or its
    controller's artifacts and creatures (Winding Constrictor)."""
    if scope == ALL_PERMANENTS:
        return True
    if slot_rows[CONTROLLER, k] != slot_rows[CONTROLLER, s]:
        return False
    if scope == ARTIFACTS_CREATURES_YOURS and card_table[T_IS_ARTIFACT, slot_rows[CARD, s]]:
        return True
    return bool(scope == PERMANENTS_YOURS or creature)


@njit
def is_prohibited(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, kind: int,
    entering: bool,
) -> bool:  # fmt: skip
    """Whether a prohibition stops every counter of ``kind`` on slot ``s`` (614.1)."""
    if not work[LAYOUT, GATES] & G_COUNTER_RULES:
        return False
    creature = is_creature(slot_rows, s)
    for j in range(work[COUNT, RULES]):
        k = work[RULE_SLOTS, j]
        c = slot_rows[CARD, k]
        if c < 0 or not is_alive(slot_rows, k) or (entering and k == s):
            continue
        if _prohibits(slot_rows, card_table, k, s, kind, creature):
            return True
    return False


@njit
def _is_modifier(
    slot_rows: np.ndarray, card_table: np.ndarray, k: int, kind: int, entering: int, cost: bool
) -> bool:
    c = slot_rows[CARD, k]
    if c < 0 or not is_alive(slot_rows, k) or not card_table[T_HAS_MODIFIER, c] or k == entering:
        return False
    if cost and card_table[T_MOD_EFFECTS_ONLY, c]:
        return False  # "if an effect would put": not for a cost (602.2b)
    return bool(card_table[T_MOD_KIND, c] == kind or card_table[T_MOD_KIND, c] == KIND_ANY)


@njit
def _next_modifier(
    slot_rows: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    kind: int,
    after: int,
    after_slot: int,
    entering: int,
    cost: bool,
) -> int:
    """The modifier after (``after`` order, ``after_slot``) in board order, -1 if none (the
    slot ``entering`` excluded)."""
    best, best_order, best_slot = -1, _NO_ORDER, -1
    for j in range(work[COUNT, RULES]):
        k = work[RULE_SLOTS, j]
        if not _is_modifier(slot_rows, card_table, k, kind, entering, cost):
            continue
        o = slot_rows[ORDER, k]
        if o < after or (o == after and k <= after_slot):
            continue
        if o < best_order or (o == best_order and k < best_slot):
            best, best_order, best_slot = k, o, k
    return best


@njit
def _modified(card_table: np.ndarray, c: int, n: int) -> int:
    """``n`` counters after the replacement of modifier card ``c`` (-1: past 64 bits). A
    user's card may give a factor of 0 or less (none, or fewer than none: none), and any
    64-bit factor and addend (``tables.MOD_FACTOR``, ``MOD_ADD``): no sum here wraps."""
    factor, add = card_table[T_MOD_FACTOR, c], card_table[T_MOD_ADD, c]
    if factor <= 0:  # n * factor is 0 or less: none, unless the addend makes some
        below = factor < 0 and n > MAX_AMOUNT // -factor  # far below zero, whatever is added
        return 0 if below or add <= 0 else max(n * factor + add, 0)
    if n > (MAX_AMOUNT - max(add, 0)) // factor:
        return -1
    return max(n * factor + add, 0)  # type: ignore[no-any-return]


@njit
def _applies(slot_rows: np.ndarray, card_table: np.ndarray, k: int, s: int, creature: bool) -> bool:
    """Whether modifier ``k`` (found by ``_is_modifier``) changes the number put on slot
    ``s`` (its COUNTER_SCOPE)."""
    scope = card_table[T_MOD_SCOPE, slot_rows[CARD, k]]
    return _covers(slot_rows, card_table, scope, k, s, creature)


@inline
def counters_to_put(
    slot_rows: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    kind: int,
    amount: int,
    entering: bool,
    cost: bool,
) -> int:
    """How many counters of ``kind`` (a tables.KIND_CODE) ``amount`` becomes on slot ``s``
    (``_after_rules``); ``amount`` itself in a batch without a prohibition or a replacement
    (the test inlined, the search a call, as ``characteristics.refresh``)."""
    if not work[LAYOUT, GATES] & G_COUNTER_RULES:
        return amount
    return _after_rules(slot_rows, work, card_table, s, kind, amount, entering, cost)


@inline
def _after_rules(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, kind: int,
    amount: int, entering: bool, cost: bool,
) -> int:  # fmt: skip
    """How many counters of ``kind`` ``amount`` becomes on slot ``s``.

    ``entering``: ``s`` enters with them (122.6), so its own abilities do not apply (614.12:
    a source must be on the battlefield before the permanent begins to enter). ``cost``: they
    pay a cost (602.2b). One pass finds the prohibitions and the modifiers that apply; only
    with two modifiers or more does the order matter (616.1), and they are walked in it."""
    own = s if entering else -1
    creature = is_creature(slot_rows, s)
    found, first = 0, -1
    for j in range(work[COUNT, RULES]):  # the slots with such rules (``list_rule_slots``)
        k = work[RULE_SLOTS, j]
        c = slot_rows[CARD, k]
        if c < 0 or not is_alive(slot_rows, k) or k == own:
            continue
        if _prohibits(slot_rows, card_table, k, s, kind, creature):
            return 0
        if _is_modifier(slot_rows, card_table, k, kind, own, cost) and _applies(
            slot_rows, card_table, k, s, creature
        ):
            found += 1
            first = k if found == 1 else first
    if found == 0 or amount <= 0:
        return amount
    if found == 1:
        return _modified(card_table, slot_rows[CARD, first], amount)
    return _in_order(slot_rows, work, card_table, s, kind, amount, own, cost, creature)


@njit
def _in_order(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, kind: int,
    amount: int, own: int, cost: bool, creature: bool,
) -> int:  # fmt: skip
    """``amount`` after the modifiers that apply, one at a time in board order (616.1), none
    once the number is 0."""
    n = amount
    after, after_slot = -_NO_ORDER, -1
    while n > 0:
        k = _next_modifier(slot_rows, work, card_table, kind, after, after_slot, own, cost)
        if k < 0:
            return n
        after, after_slot = slot_rows[ORDER, k], k
        if _applies(slot_rows, card_table, k, s, creature):
            n = _modified(card_table, slot_rows[CARD, k], n)
    return n


@inline
def put_counters(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    kind: int,
    amount: int,
    entering: bool,
    cost: bool,
) -> int:
    """Put counters on slot ``s`` after replacements; returns how many were put. Past
    MAX_AMOUNT the trial stops, unsupported, and none are put.

    The step is one call, compiled once: its callers pass constants (``kind`` 1, ``amount``
    1, ``entering`` and ``cost``), and a call given them was compiled once per combination
    of literals (``jit.njit``), with the steps it calls."""
    k, n = np.int64(kind), np.int64(amount)  # int64 and bool for numba, never literals
    e, c = np.bool_(entering), np.bool_(cost)
    return _put_counters(slot_rows, trial_vars, work, card_table, s, k, n, e, c)  # type: ignore[arg-type]


@njit
def _put_counters(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    kind: int,
    amount: int,
    entering: bool,
    cost: bool,
) -> int:
    n = counters_to_put(slot_rows, work, card_table, s, kind, amount, entering, cost)
    row = counter_row(kind)
    if n < 0 or slot_rows[row, s] > MAX_AMOUNT - n:
        unsupported(trial_vars, R_NUMBER_CAP)
        return 0
    slot_rows[row, s] += n
    mark_changed(work, s)
    if slot_rows[row, s] >= LARGE:  # its P/T may pass 64 bits: the SBAs look (R_PT_CAP)
        work[COUNT, LARGE_SEEN] = 1
    return n


@njit
def counter_row(kind: int) -> int:
    """The slot row holding counters of ``kind`` (a tables.KIND_CODE)."""
    if kind == 0:
        return PLUS
    if kind == 1:
        return MINUS
    return EXTRA_COUNTERS + kind - 2
