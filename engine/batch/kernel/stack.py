"""Waiting triggers and the stack of one trial (CR 603.2, 603.3b, 405).

A trigger waits with its detection key (by event, by mover, by kind within a mover: the
order the reference engine detects them in); when a player would receive priority the waiting
ones go on the stack in APNAP order, each player's in their ranked order, ties by detection
(603.3b): the first placed resolves last.
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.characteristics import is_creature
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.keywords import can_target
from engine.batch.kernel.state import (
    ACTIVE,
    CHOSEN,
    CONTROLLER,
    COUNT,
    GROUP,
    IS_CREATURE_CARD,
    KIND_RANK,
    N_KIND_RANKS,
    N_PLAYERS,
    N_TARGET_NAMES,
    OBJ,
    ORDER,
    OWNER,
    PENDING_CONTROLLER,
    PENDING_DATA,
    PENDING_KEY,
    PENDING_KIND,
    PENDING_OBJ,
    PENDING_SOURCE,
    RANK,
    SEQ,
    SORT_INDEX,
    SORT_KEY,
    STACK_CONTROLLER,
    STACK_DATA,
    STACK_KIND,
    STACK_OBJ,
    STACK_SOURCE,
    STAMP,
    STATUS,
    ZONE,
)
from engine.batch.kernel.tokens import NONE_THERE, first_named, is_named, is_object, names_any
from engine.batch.wipe_state import (
    ANY_KIND,
    BATTLEFIELD,
    CHOSEN_SLOTS,
    ETB,
    GRAVEYARD,
    GRAVEYARD_ENTER,
    OK,
    R_STACK_DEPTH,
    RANK_BY_SHIFT,
    RANK_FALLBACK,
    STACK_DEPTH,
)

WAITING, HEIGHT = 0, 1  # work[COUNT] entries (2 and 3: kernel.loops)
_UNLISTED = 1 << 62  # no KIND_RANK entry places the trigger
# an enters or upkeep trigger's data (PENDING_DATA, STACK_DATA): which of its source's
# abilities of that kind it is (a code of tables.ETB_TEMPLATES, UPKEEP_TEMPLATES) from bit
# PART_SHIFT, its target below (603.3d)
PART_SHIFT = 48
PART_MASK = (1 << tb.PART_BITS) - 1
BELOW_PART = (1 << PART_SHIFT) - 1


# A detection key: the event (SEQ), the mover's place in it (below 2^(ORDER_BITS + 2): its
# listing group, then board order, ``mover_place``), then which of its triggers (below 16).
# Board order stays below 2^ORDER_BITS: it counts the board's slots, the casts and the tokens
# made (TOKENS_MADE_CAP); a key stays below 2^61 while SEQ is an int32.
ORDER_BITS = 24


@inline
def detection_key(trial_vars: np.ndarray, mover_pos: int, sub: int) -> int:
    """The order of detection: event (``seq``), mover, kind within a mover (inlined: a call
    was compiled once per literal ``sub``)."""
    return int(trial_vars[SEQ] << (ORDER_BITS + 6) | mover_pos << 4 | sub)


@inline
def mover_place(slot_rows: np.ndarray, work: np.ndarray, s: int) -> int:
    """Where mover ``s`` is listed in its zone-change event: its group (deaths 0, the legend
    rule's 1, Auras falling off 2), then board order. The reference lists movers so, detects
    their triggers in that order and puts them into a zone in it (404.3)."""
    return int(work[GROUP, s] << ORDER_BITS | slot_rows[ORDER, s])


@inline
def queue(
    trial_vars: np.ndarray,
    work: np.ndarray,
    kind: int,
    src: int,
    data: int,
    ctrl: int,
    obj: int,
    key: int,
) -> None:
    """Add one waiting trigger; past the documented cap the trial is unsupported (inlined: a
    call was compiled once per literal ``kind``)."""
    n = work[COUNT, WAITING]
    if n >= STACK_DEPTH:
        unsupported(trial_vars, R_STACK_DEPTH)
        return
    work[PENDING_KIND, n] = kind
    work[PENDING_SOURCE, n] = src
    work[PENDING_DATA, n] = data
    work[PENDING_CONTROLLER, n] = ctrl
    work[PENDING_OBJ, n] = obj
    work[PENDING_KEY, n] = key
    work[COUNT, WAITING] = n + 1


@inline
def queue_each(
    trial_vars: np.ndarray,
    work: np.ndarray,
    kind: int,
    src: int,
    parts: int,
    ctrl: int,
    obj: int,
    order: int,
) -> None:
    """One trigger of ``kind`` per ability code in ``parts`` (tables.PART_BITS each, in
    printed order: detected in that order, 603.3b), its data saying which (PART_SHIFT)."""
    j = 0
    while parts:
        key = detection_key(trial_vars, order, j)
        queue(trial_vars, work, kind, src, (parts & PART_MASK) << PART_SHIFT, ctrl, obj, key)
        parts >>= tb.PART_BITS
        j += 1


@inline
def _rank(slot_rows: np.ndarray, trial_vars: np.ndarray, src: int, kind: int, ctrl: int) -> int:
    """Where a trigger of ``kind`` from slot ``src`` goes among its controller ``ctrl``'s
    (603.3b): the first place ``ctrl``'s trigger order gives it (a ``KIND_RANK`` entry naming
    the object, a slot's or a token's, for that kind or ANY_KIND, else its source's rank); a
    rank from another player's order places it after every ranked one, in board order
    (RANK_BY_SHIFT: the source has changed control)."""
    mine, best = (ctrl + 1) << RANK_BY_SHIFT, _UNLISTED
    for j in range(trial_vars[N_KIND_RANKS]):
        at = KIND_RANK + 4 * j
        listed = trial_vars[at + 3] >> RANK_BY_SHIFT == ctrl + 1
        listed = listed and (trial_vars[at + 2] == kind or trial_vars[at + 2] == ANY_KIND)
        listed = listed and is_object(slot_rows, trial_vars[at], trial_vars[at + 1], src)
        if listed and trial_vars[at + 3] < best:
            best = trial_vars[at + 3]
    if best < _UNLISTED:
        return best - mine
    rank = slot_rows[RANK, src]
    by = rank >> RANK_BY_SHIFT
    if by <= 0:
        return rank  # type: ignore[no-any-return]
    if by - 1 != ctrl:
        return RANK_FALLBACK + slot_rows[ORDER, src]  # type: ignore[no-any-return]
    return rank - (by << RANK_BY_SHIFT)  # type: ignore[no-any-return]


@inline
def _sort_waiting(slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, n: int) -> None:
    """Order the ``n`` waiting triggers by their controller's seat after the active one
    (APNAP), then their rank among that player's (``_rank``), then detection (a stable
    insertion sort). The seat and rank share SORT_KEY (a rank is below 2^40); the detection
    key is compared apart: it takes up to 61 bits (``detection_key``), and packed beside
    them it once spilled into the rank from the 64th zone change of a trial on."""
    for k in range(n):
        ctrl = work[PENDING_CONTROLLER, k]
        apnap = ctrl - trial_vars[ACTIVE]  # seats after the active one
        apnap += trial_vars[N_PLAYERS] if apnap < 0 else 0  # (no division: this runs per trigger)
        rank = _rank(slot_rows, trial_vars, work[PENDING_SOURCE, k], work[PENDING_KIND, k], ctrl)
        work[SORT_KEY, k] = apnap << 40 | rank
        work[SORT_INDEX, k] = k
    for k in range(1, n):
        key, idx = work[SORT_KEY, k], work[SORT_INDEX, k]
        detected = work[PENDING_KEY, idx]
        j = k - 1
        while j >= 0 and _placed_after(work, j, key, detected):
            work[SORT_KEY, j + 1] = work[SORT_KEY, j]
            work[SORT_INDEX, j + 1] = work[SORT_INDEX, j]
            j -= 1
        work[SORT_KEY, j + 1] = key
        work[SORT_INDEX, j + 1] = idx


@inline
def _placed_after(work: np.ndarray, j: int, key: int, detected: int) -> bool:
    """Whether the trigger in sorted place ``j`` goes after one of SORT_KEY ``key`` detected
    at ``detected`` (ties stay in queue order)."""
    if work[SORT_KEY, j] != key:
        return work[SORT_KEY, j] > key  # type: ignore[no-any-return]
    return work[PENDING_KEY, work[SORT_INDEX, j]] > detected  # type: ignore[no-any-return]


@njit
def _chosen_target(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    src: int,
    ctrl: int,
) -> int:
    """CR 603.3d, 115.4: the target of an "any target" trigger, chosen as it is put on the
    stack: the first of the permanents named for it that is still there and that it can
    target (702.11b), as ``1 + slot + object * 2^16``; else 0 (a player: the one named, or
    the next in turn order). Named in order (a scenario's, ``TARGET_NAME`` entries: a slot or
    a token), else by slot (the CHOSEN bits, a drawn trial's)."""
    q = first_named(slot_rows, trial_vars, work, card_table, src, ctrl, True)
    if q >= 0:
        return int(1 + q + (slot_rows[OBJ, q] << 16))
    if q == NONE_THERE:
        return 0
    for q in range(min(slot_rows.shape[1], CHOSEN_SLOTS)):
        named = slot_rows[CHOSEN, src] >> q & 1 and slot_rows[ZONE, q] == BATTLEFIELD
        if named and can_target(slot_rows, card_table, q, ctrl):
            return int(1 + q + (slot_rows[OBJ, q] << 16))
    return 0


@inline
def _named(slot_rows: np.ndarray, trial_vars: np.ndarray, src: int) -> bool:
    """Whether anything may be named for ``src``'s "any target" (the search is a call)."""
    return slot_rows[CHOSEN, src] != 0 or trial_vars[N_TARGET_NAMES] > 0  # type: ignore[no-any-return]


@njit
def _noncreature_target(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    src: int,
    ctrl: int,
) -> int:
    """CR 603.3d: the target of Woodfall Primus's enters trigger, chosen as it is put on the
    stack: the first in board order of the permanents named for it (tokens by their ids; all
    of them if none is named) that is a noncreature permanent ``ctrl`` does not control and
    can target (702.11b), as ``1 + slot + object * 2^16``; 0 if there is none."""
    bits = slot_rows[CHOSEN, src]
    listed = bits != 0 or names_any(trial_vars, src)
    found, best = 0, 1 << 40
    for q in range(slot_rows.shape[1]):
        if listed and not is_named(slot_rows, trial_vars, work, bits, src, q):
            continue
        fits = (slot_rows[ZONE, q] == BATTLEFIELD) & (slot_rows[CONTROLLER, q] != ctrl)
        fits = fits and not is_creature(slot_rows, q) and can_target(slot_rows, card_table, q, ctrl)
        if fits and slot_rows[ORDER, q] < best:
            found, best = int(1 + q + (slot_rows[OBJ, q] << 16)), slot_rows[ORDER, q]
    return found


@njit
def _graveyard_target(slot_rows: np.ndarray, trial_vars: np.ndarray, src: int, ctrl: int) -> int:
    """CR 603.3d: the target of Puppeteer Clique's enters trigger: the first in board order of
    the cards named for it (all of them if none is named; a token named is a name too, though
    no token is a card in a graveyard, 111.7) that is a creature card in a graveyard of an
    opponent of ``ctrl``, as ``1 + slot + stamp * 2^16`` (its arrival there, 400.7); 0 if
    there is none."""
    bits = slot_rows[CHOSEN, src]
    listed = bits != 0 or names_any(trial_vars, src)
    found, best = 0, 1 << 40
    for q in range(slot_rows.shape[1]):
        if listed and (q >= CHOSEN_SLOTS or not bits >> q & 1):
            continue
        there = (slot_rows[ZONE, q] == GRAVEYARD) & (slot_rows[OWNER, q] != ctrl)
        if there and slot_rows[IS_CREATURE_CARD, q] and slot_rows[ORDER, q] < best:
            found, best = int(1 + q + (slot_rows[STAMP, q] << 16)), slot_rows[ORDER, q]
    return found


@inline
def _etb_target(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    source: int,
    ctrl: int,
    data: int,
) -> int:
    """An enters trigger's data with its target chosen (603.3d); -1 for one that needs a
    target and has none (it is removed from the stack)."""
    part = data >> PART_SHIFT
    target = 0
    if part == tb.PART_DESTROY:
        target = _noncreature_target(slot_rows, trial_vars, work, card_table, source, ctrl)
        if target == 0:
            return -1
    elif part == tb.PART_REANIMATE:
        target = _graveyard_target(slot_rows, trial_vars, source, ctrl)
        if target == 0:
            return -1
    elif part == tb.PART_PING and _named(slot_rows, trial_vars, source):
        target = _chosen_target(slot_rows, trial_vars, work, card_table, source, ctrl)
    return data | target


@inline
def place_triggers(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> None:
    """CR 603.3b: put the waiting triggers on the stack (past the cap: unsupported), their
    targets chosen (603.3d: one with no legal target is removed). Asked after every
    state-based-action round, it mostly finds none waiting: that test is inlined, the
    placing a call (as ``characteristics.refresh``)."""
    n = work[COUNT, WAITING]
    work[COUNT, WAITING] = 0
    if n > 0 and trial_vars[STATUS] == OK:
        _place(slot_rows, trial_vars, work, card_table, n)


@inline
def _place(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray, n: int
) -> None:
    h = work[COUNT, HEIGHT]
    if h + n > STACK_DEPTH:
        unsupported(trial_vars, R_STACK_DEPTH)
        return
    _sort_waiting(slot_rows, trial_vars, work, n)
    for k in range(n):
        src = work[SORT_INDEX, k]
        kind, source = work[PENDING_KIND, src], work[PENDING_SOURCE, src]
        data, ctrl = work[PENDING_DATA, src], work[PENDING_CONTROLLER, src]
        if kind == ETB:
            data = _etb_target(slot_rows, trial_vars, work, card_table, source, ctrl, data)
            if data < 0:
                continue
        elif kind == GRAVEYARD_ENTER and _named(slot_rows, trial_vars, source):
            data |= _chosen_target(slot_rows, trial_vars, work, card_table, source, ctrl) << 32
        work[STACK_KIND, h] = kind
        work[STACK_SOURCE, h] = source
        work[STACK_DATA, h] = data
        work[STACK_CONTROLLER, h] = ctrl
        work[STACK_OBJ, h] = work[PENDING_OBJ, src]
        h += 1
    work[COUNT, HEIGHT] = h
