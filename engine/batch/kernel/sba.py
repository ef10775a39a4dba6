"""State-based actions of one trial, all at once, repeated until none applies (CR 704.3).

704.5f toughness 0 or less, 704.5g lethal damage, 704.5h deathtouch damage: put into the
graveyard; 704.5j the legend rule (the first in board order stays: the listed policy);
704.5m an Aura whose host is gone; 704.5q +1/+1 and -1/-1
counters annihilate; 704.5a a player at 0 life loses, which is past
what Cauldron plays (unsupported). 704.5d (tokens off the battlefield) is in ``zones``.
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.characteristics import (
    is_alive,
    is_creature,
    mark_changed,
    pt_past_64_bits,
    refresh,
    static_source,
    toughness,
)
from engine.batch.kernel.destroy import indestructible
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.state import (
    ATTACHED_TO,
    CARD,
    CHANGED,
    CONTROLLER,
    COUNT,
    DAMAGE,
    DEATHTOUCH_DAMAGE,
    G_INDESTRUCTIBLE,
    GATES,
    GROUP,
    HAS_LEGENDS,
    IS_CHANGED,
    LARGE_SEEN,
    LAYOUT,
    LIFE,
    MARKED,
    MINUS,
    MOVERS,
    N_LIFE,
    ORDER,
    PLUS,
    STATUS,
    T_IS_LEGENDARY,
    TO,
    TOKEN,
    ZONE,
)
from engine.batch.kernel.zones import leave
from engine.batch.wipe_state import BATTLEFIELD, GRAVEYARD, OK, R_PLAYER_LOST, R_PT_CAP


@njit
def _dies(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> bool:
    """704.5f, 704.5g, 704.5h for slot ``s`` (``work``'s statics current; indestructible is
    ``_spare_indestructible``'s)."""
    if not is_creature(slot_rows, s):
        return False
    t = toughness(slot_rows, work, card_table, s)
    damage = slot_rows[DAMAGE, s]
    return (t <= 0) | (damage >= t) | ((damage > 0) & (slot_rows[DEATHTOUCH_DAMAGE, s] != 0))  # type: ignore[no-any-return]


@njit
def _unattached(slot_rows: np.ndarray, s: int) -> bool:
    """704.5m: an Aura attached to a permanent that is gone goes to the graveyard."""
    host = slot_rows[ATTACHED_TO, s]
    return host >= 0 and is_alive(slot_rows, s) and not is_alive(slot_rows, host)


@njit
def _is_legend(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> bool:
    c = slot_rows[CARD, s]
    return bool(
        c >= 0 and is_alive(slot_rows, s) and card_table[T_IS_LEGENDARY, c] and not work[MOVERS, s]
    )


@njit
def _legend_rule(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> None:
    """704.5j: of two legendary permanents with one name and controller, the later goes (the
    caller found two legends or more)."""
    n = slot_rows.shape[1]
    for s in range(n):
        if not _is_legend(slot_rows, work, card_table, s):
            continue
        for k in range(n):
            if (
                _is_legend(slot_rows, work, card_table, k)
                and slot_rows[CARD, k] == slot_rows[CARD, s]
                and slot_rows[CONTROLLER, k] == slot_rows[CONTROLLER, s]
                and slot_rows[ORDER, k] < slot_rows[ORDER, s]
            ):
                work[GROUP, s] = 1
                break
    for s in range(n):
        work[MOVERS, s] |= work[GROUP, s]


@inline
def _moves(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> bool:
    """Slot ``s`` goes to its graveyard: 704.5f-h, or 704.5m."""
    return _dies(slot_rows, work, card_table, s) or _unattached(slot_rows, s)


@inline
def _both_kinds(slot_rows: np.ndarray, s: int) -> bool:
    """704.5q applies to slot ``s``: it has +1/+1 and -1/-1 counters."""
    return (slot_rows[PLUS, s] > 0) & (slot_rows[MINUS, s] > 0)  # type: ignore[no-any-return]


@njit
def _annihilate(slot_rows: np.ndarray, work: np.ndarray) -> None:
    """704.5q: remove N of each kind, N the smaller count."""
    for s in range(slot_rows.shape[1]):
        if is_alive(slot_rows, s) and not work[MOVERS, s] and _both_kinds(slot_rows, s):
            n = min(slot_rows[PLUS, s], slot_rows[MINUS, s])
            slot_rows[PLUS, s] -= n
            slot_rows[MINUS, s] -= n


@inline
def _movers(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> int:
    """One pass over the slots: who dies (704.5f-h), in group 0, or only falls off (704.5m),
    in group 2 (the reference lists deaths, then the legend rule's, group 1, then Auras).
    Returns bit 0: some permanent has both kinds of counters; bit 1: someone moves; bit 2: a
    mover is a static's source, or an Aura is attached (their leaving can change what the
    next round sees); bits 3 and up: the legends still there."""
    found = 0
    for s in range(slot_rows.shape[1]):
        work[GROUP, s] = 0
        work[MOVERS, s] = 0
        if slot_rows[CARD, s] < 0 or slot_rows[ZONE, s] != BATTLEFIELD:
            continue  # an empty slot, or a card off the battlefield
        dies = _dies(slot_rows, work, card_table, s)
        falls_off = not dies and _unattached(slot_rows, s)
        moves = dies or falls_off
        work[MOVERS, s] = moves
        work[GROUP, s] = 2 * falls_off
        found |= _both_kinds(slot_rows, s) | moves << 1
        found |= (slot_rows[ATTACHED_TO, s] >= 0) << 2
        if moves and static_source(work, card_table, slot_rows[CARD, s]):
            found |= 4
        if work[LAYOUT, HAS_LEGENDS] and _is_legend(slot_rows, work, card_table, s):
            found += 8
    return found


@inline
def _changed_meet_any(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> bool:
    """Whether a slot listed in ``work``'s CHANGED meets a state-based action's condition or
    is a legend (the list is emptied). A slot not listed meets none: the last round found it
    fine and nothing it reads has changed since (``characteristics.mark_changed``)."""
    hit = False
    for j in range(work[COUNT, MARKED]):
        s = work[CHANGED, j]
        work[IS_CHANGED, s] = 0
        c = slot_rows[CARD, s]
        if c < 0 or slot_rows[ZONE, s] != BATTLEFIELD:
            continue
        hit = hit or _moves(slot_rows, work, card_table, s) or _both_kinds(slot_rows, s)
        hit = hit or (work[LAYOUT, HAS_LEGENDS] != 0 and card_table[T_IS_LEGENDARY, c] != 0)
    work[COUNT, MARKED] = 0
    return hit


@inline
def _forget_changed(work: np.ndarray) -> None:
    """Empty the list of slots ``_changed_meet_any`` would have looked at."""
    for j in range(work[COUNT, MARKED]):
        work[IS_CHANGED, work[CHANGED, j]] = 0
    work[COUNT, MARKED] = 0


@njit
def _pt_past_64_bits(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> None:
    """Once a count of counters is that large (LARGE_SEEN), a slot listed in CHANGED whose
    power or toughness is past 64 bits stops the trial (R_PT_CAP): counters, changes until
    end of turn and the statics' sums all list the slots whose P/T they change. (Apart from
    ``_changed_meet_any``, and a call: in that loop, it slowed every workload by 3-4%.)"""
    for j in range(work[COUNT, MARKED]):
        s = work[CHANGED, j]
        on = slot_rows[CARD, s] >= 0 and slot_rows[ZONE, s] == BATTLEFIELD
        if on and pt_past_64_bits(slot_rows, work, card_table, s):
            unsupported(trial_vars, R_PT_CAP)


@njit
def _spare_indestructible(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, found: int
) -> int:
    """702.12b: of the creatures ``_movers`` found dying, one with toughness above 0 dies by
    704.5g or 704.5h, which destroy, so one with indestructible stays (704.5m may still take
    it, and as a legend the legend rule sees it). It stays listed as changed, and the round
    asks for another if any moves: whatever gives it indestructible may be leaving (a
    creature granting it, dying now), and the next check must look at it again. Returns
    ``_movers``' bits, made true again. Apart from ``_dies``, and a call: that test runs for
    every creature in every round."""
    moving = False
    for s in range(slot_rows.shape[1]):
        if (
            work[MOVERS, s]
            and work[GROUP, s] == 0
            and toughness(slot_rows, work, card_table, s) > 0
            and indestructible(slot_rows, card_table, s)
        ):
            falls_off = _unattached(slot_rows, s)
            work[MOVERS, s] = falls_off
            work[GROUP, s] = 2 * falls_off
            mark_changed(work, s)
            found |= 4
            if work[LAYOUT, HAS_LEGENDS] and _is_legend(slot_rows, work, card_table, s):
                found += 8
        moving |= work[MOVERS, s] != 0
    return (found & ~2) | (moving << 1)


@inline
def _player_lost(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, moved: bool
) -> None:
    """704.5a: a player at 0 life or less loses, past what Cauldron plays (unsupported). The
    test is inlined where it is asked, the loss is a call (``_lose``): no player has lost in
    almost every round, and the call passed three arrays each time."""
    lost = False
    for p in range(trial_vars[N_LIFE]):
        lost |= trial_vars[LIFE + p] <= 0
    if lost:
        _lose(slot_rows, trial_vars, work, moved)


@njit
def _lose(slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, moved: bool) -> None:
    """The game stops with this round's events done: a token it ``moved`` to a graveyard or
    exile is still there (704.5d would see to it in the next round, which never comes), as
    the reference engine lists it."""
    unsupported(trial_vars, R_PLAYER_LOST)
    for s in range(slot_rows.shape[1] if moved else 0):
        if work[MOVERS, s] and slot_rows[TOKEN, s]:
            slot_rows[ZONE, s] = work[TO, s]


@inline
def state_based_actions(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> bool:
    """One round, all at once (704.3); returns whether another round could find anything.

    A round's only lasting change to what the next one looks at is permanents leaving
    (counters that annihilate leave P/T as they were): the others' toughness, damage and
    counters stay, so the next round finds something only if a static's source left, an Aura
    may have lost its host (704.5m) or the legend rule chose (kept conservative). When no
    slot listed as changed meets a condition (most rounds: a trigger resolved, one permanent
    returned), no slot does, and the round is only 704.5a.

    That round is inlined where a round is asked for, the others are a call (``_round``):
    settle asks once more after every round and every resolution, and the call, passing four
    arrays, carried an eighth of settle's samples on massacre-chain."""
    if trial_vars[STATUS] != OK:
        return False
    refresh(slot_rows, work, card_table)
    if work[COUNT, LARGE_SEEN]:
        _pt_past_64_bits(slot_rows, trial_vars, work, card_table)
    if 2 * work[COUNT, MARKED] < slot_rows.shape[1]:
        if not _changed_meet_any(slot_rows, work, card_table):
            _player_lost(slot_rows, trial_vars, work, False)
            return False
    else:  # most slots listed: checking them first would only repeat ``_movers``' pass
        _forget_changed(work)
    return _round(slot_rows, trial_vars, work, card_table)


@njit
def _round(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> bool:
    """The round of ``state_based_actions`` once a slot may meet a condition: every slot's
    conditions, then the moves, all at once."""
    found = _movers(slot_rows, work, card_table)
    if found & 2 and work[LAYOUT, GATES] & G_INDESTRUCTIBLE:
        found = _spare_indestructible(slot_rows, work, card_table, found)
    moving = found & 2 != 0
    again = found & 4 != 0
    if found >> 3 >= 2:
        _legend_rule(slot_rows, work, card_table)
        for s in range(slot_rows.shape[1]):
            moving |= work[MOVERS, s] != 0
        again = True
    if found & 1:
        _annihilate(slot_rows, work)
    if moving:
        leave(slot_rows, trial_vars, work, card_table, GRAVEYARD)
    _player_lost(slot_rows, trial_vars, work, moving)  # life as before the leave: triggers wait
    return moving and again
