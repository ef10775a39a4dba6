"""Putting counters on one permanent (CR 122.1, 122.6, 614.1, 616.1).

Prohibitions first (Solemnity: no counters at all; Melira: no -1/-1 counters on your
creatures), then the number-changing replacements of the target's controller's permanents one
at a time, each once (614.5), none once the number is 0 (Hardened Scales, Doubling Season,
Vizier of Remedies), in the order the target's controller chooses (616.1: the ids the
scenario lists first, then board order; or the order that puts the most or the fewest).
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
    COUNTER_POLICY,
    COUNTER_RANK,
    EXTRA_COUNTERS,
    G_COUNTER_RULES,
    GATES,
    LARGE_SEEN,
    LAYOUT,
    MINUS,
    MODIFIER_CARDS,
    N_COUNTER_RANKS,
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
from engine.batch.wipe_state import (
    COUNTER_LISTED,
    COUNTER_MOST,
    MAX_AMOUNT,
    R_NUMBER_CAP,
    R_ORDER_CAP,
)
from engine.scenario import ORDERED_MODIFIERS

_NO_ORDER = 1 << 40
ALL_PERMANENTS, PERMANENTS_YOURS, ARTIFACTS_CREATURES_YOURS = (
    COUNTER_SCOPE["all_permanents"],
    COUNTER_SCOPE["permanents_yours"],
    COUNTER_SCOPE["artifacts_creatures_yours"],
)


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
def _place(trial_vars: np.ndarray, seat: int, k: int) -> int:
    """Where ``seat``'s counter order lists slot ``k`` (``_NO_ORDER``: not listed)."""
    for j in range(trial_vars[N_COUNTER_RANKS]):
        at = COUNTER_RANK + 3 * j
        if trial_vars[at] == seat and trial_vars[at + 1] == k:
            return trial_vars[at + 2]  # type: ignore[no-any-return]
    return _NO_ORDER


@njit
def _next_modifier(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    kind: int,
    after: tuple[int, int, int],
    seat: int,
    entering: int,
    cost: bool,
) -> tuple[int, int, int]:
    """The modifier after ``after`` in ``seat``'s order: by (place in its list, board order,
    slot), the slot last; slot -1 if none (the slot ``entering`` excluded)."""
    best = (_NO_ORDER + 1, _NO_ORDER, -1)
    for j in range(work[COUNT, RULES]):
        k = work[RULE_SLOTS, j]
        if not _is_modifier(slot_rows, card_table, k, kind, entering, cost):
            continue
        key = (_place(trial_vars, seat, k), slot_rows[ORDER, k], k)
        if key > after and key < best:
            best = key
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
    trial_vars: np.ndarray,
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
    return _after_rules(slot_rows, trial_vars, work, card_table, s, kind, amount, entering, cost)


@inline
def _after_rules(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray,
    s: int, kind: int, amount: int, entering: bool, cost: bool,
) -> int:  # fmt: skip
    """How many counters of ``kind`` ``amount`` becomes on slot ``s``.

    ``entering``: ``s`` enters with them (122.6), so its own abilities do not apply (614.12:
    a source must be on the battlefield before the permanent begins to enter). ``cost``: they
    pay a cost (602.2b). One pass finds the prohibitions and the modifiers that apply; only
    with two modifiers or more does the order matter (616.1): they are walked in the order
    listed, or every order is tried for the most or the fewest (``_extreme``)."""
    own = s if entering else -1
    creature = is_creature(slot_rows, s)
    found, first = 0, -1
    for j in range(work[COUNT, RULES]):  # the slots with such rules (``listed.RULE_LIST``)
        k = work[RULE_SLOTS, j]
        c = slot_rows[CARD, k]
        if c < 0 or not is_alive(slot_rows, k) or k == own:
            continue
        if _prohibits(slot_rows, card_table, k, s, kind, creature):
            return 0
        if _is_modifier(slot_rows, card_table, k, kind, own, cost) and _applies(
            slot_rows, card_table, k, s, creature
        ):
            if found < ORDERED_MODIFIERS:
                work[MODIFIER_CARDS, found] = c
            found += 1
            first = k if found == 1 else first
    if found == 0 or amount <= 0:
        return amount
    if found == 1:
        return _modified(card_table, slot_rows[CARD, first], amount)
    seat = slot_rows[CONTROLLER, s]
    policy = trial_vars[COUNTER_POLICY + seat]
    if policy == COUNTER_LISTED:
        return _in_order(slot_rows, trial_vars, work, card_table, s, kind, amount, own, cost,
                         creature)  # fmt: skip
    if found > ORDERED_MODIFIERS:
        unsupported(trial_vars, R_ORDER_CAP)
        return 0
    return _extreme(work, card_table, amount, found, policy == COUNTER_MOST)


@njit
def _in_order(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray,
    s: int, kind: int, amount: int, own: int, cost: bool, creature: bool,
) -> int:  # fmt: skip
    """``amount`` after the modifiers that apply, one at a time in the order of the target's
    controller (616.1: ``_next_modifier``), none once the number is 0."""
    n = amount
    seat = slot_rows[CONTROLLER, s]
    after = (-1, -_NO_ORDER, -1)
    while n > 0:
        after = _next_modifier(slot_rows, trial_vars, work, card_table, kind, after, seat, own,
                               cost)  # fmt: skip
        k = after[2]
        if k < 0:
            return n
        if _applies(slot_rows, card_table, k, s, creature):
            n = _modified(card_table, slot_rows[CARD, k], n)
    return n


@njit
def _extreme(work: np.ndarray, card_table: np.ndarray, amount: int, m: int, most: bool) -> int:
    """``amount`` after the ``m`` modifiers whose cards ``work``'s MODIFIER_CARDS holds, in
    the order that leaves the most (or the fewest) counters (-1: past 64 bits, more than any
    number). Two modifiers of one card change the number alike, so each order of the cards
    is tried once: the cards sorted, then each next permutation in lexicographic order."""
    cards = work[MODIFIER_CARDS]
    for i in range(1, m):  # insertion sort: m is at most ORDERED_MODIFIERS
        j = i
        while j > 0 and cards[j - 1] > cards[j]:
            cards[j - 1], cards[j] = cards[j], cards[j - 1]
            j -= 1
    best = -2  # none tried yet; -1 past 64 bits
    while True:
        n = amount
        for j in range(m):
            n = _modified(card_table, cards[j], n)
            if n <= 0:  # none left to put (the rest do not apply), or past 64 bits
                break
        if best == -2 or _better(n, best, most):
            best = n
        if not _next_permutation(cards, m):
            break
    return best


@njit
def _better(n: int, best: int, most: bool) -> bool:
    """Whether ``n`` counters beat ``best`` for the most (or the fewest); -1, past 64 bits,
    is more than any number."""
    if n < 0 or best < 0:
        return (n < 0) != (best < 0) and (n < 0) == most
    return n > best if most else n < best


@njit
def _next_permutation(items: np.ndarray, m: int) -> bool:
    """Rearrange ``items[:m]`` into the next permutation in lexicographic order (equal items
    are not told apart); False once it was the last."""
    i = m - 2
    while i >= 0 and items[i] >= items[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = m - 1
    while items[j] <= items[i]:
        j -= 1
    items[i], items[j] = items[j], items[i]
    lo, hi = i + 1, m - 1
    while lo < hi:
        items[lo], items[hi] = items[hi], items[lo]
        lo, hi = lo + 1, hi - 1
    return True


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
    n = counters_to_put(slot_rows, trial_vars, work, card_table, s, kind, amount, entering, cost)
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
