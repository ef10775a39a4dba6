"""Finding an object a scenario names by its id (111.1): a slot's own permanent, or a token by
the slot that made it and its number (``outcome`` names tokens so); a token's slot is known
only in the trial. Names a scenario gives "any target" in order are read here too."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.keywords import can_target
from engine.batch.kernel.state import (
    CHOSEN,
    LAYOUT,
    N_TARGET_NAMES,
    N_TOKEN_CHOICES,
    PING_TARGET,
    TARGET_NAME,
    TOKEN_CHOICE,
    TOKEN_SERIAL,
    TOKEN_SOURCE,
    ZONE,
)
from engine.batch.wipe_state import BATTLEFIELD, CHOSEN_SLOTS

# what ``first_named`` finds when no permanent is: a player is named first or the named are
# gone (a player is the target), or ``src`` has no names in order (the chosen bits decide)
NONE_THERE, NOT_LISTED = -1, -2


@inline
def first_token_slot(work: np.ndarray) -> int:
    """Token slots follow the board's and the cast slots."""
    return work[LAYOUT, 0] + work[LAYOUT, 1]  # type: ignore[no-any-return]


@njit
def named_token(slot_rows: np.ndarray, work: np.ndarray, source: int, number: int) -> int:
    """The token on the battlefield that slot ``source`` made as its ``number``-th, -1 if it
    is not there (gone, or never made)."""
    for q in range(first_token_slot(work), slot_rows.shape[1]):
        made = slot_rows[TOKEN_SOURCE, q] == source and slot_rows[TOKEN_SERIAL, q] == number
        if made and slot_rows[ZONE, q] == BATTLEFIELD:
            return q
    return -1


@inline
def is_object(slot_rows: np.ndarray, source: int, number: int, q: int) -> bool:
    """111.1: whether slot ``q`` holds the object named by ``source`` and ``number``: slot
    ``source`` itself (``number`` 0), or the token it made as its ``number``-th (a board
    slot has no token source)."""
    if number == 0:
        return q == source
    return bool(slot_rows[TOKEN_SOURCE, q] == source and slot_rows[TOKEN_SERIAL, q] == number)


@njit
def give_choices(
    slot_rows: np.ndarray, trial_vars: np.ndarray, q: int, source: int, number: int
) -> None:
    """111.1: the choices a scenario gives a token by its id are the token's once it is made
    in slot ``q`` (by slot ``source``, its ``number``-th): its chosen bits and ping target
    (none where none are given, as for a drawn trial), and its names in ``TARGET_NAME``
    entries (those of ``TOKEN_CHOICE`` entry j name their source -2 - j until then). The
    names an earlier token of the slot was given (it has ceased to exist) name no source."""
    slot_rows[CHOSEN, q], slot_rows[PING_TARGET, q] = 0, -1
    for k in range(trial_vars[N_TARGET_NAMES]):
        if trial_vars[TARGET_NAME + 3 * k] == q:
            trial_vars[TARGET_NAME + 3 * k] = -1
    for j in range(trial_vars[N_TOKEN_CHOICES]):
        at = TOKEN_CHOICE + 4 * j
        if trial_vars[at] != source or trial_vars[at + 1] != number:
            continue
        slot_rows[CHOSEN, q], slot_rows[PING_TARGET, q] = trial_vars[at + 2], trial_vars[at + 3]
        for k in range(trial_vars[N_TARGET_NAMES]):
            if trial_vars[TARGET_NAME + 3 * k] == -2 - j:
                trial_vars[TARGET_NAME + 3 * k] = q


@njit
def named_object(slot_rows: np.ndarray, work: np.ndarray, source: int, number: int) -> int:
    """The slot of an object named by ``source`` and ``number``: slot ``source`` itself
    (``number`` 0), or the token it made as its ``number``-th (-1: that token is not on the
    battlefield, or no trial makes it: source -1)."""
    if source < 0:
        return -1
    return source if number == 0 else named_token(slot_rows, work, source, number)


@njit
def first_named(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    src: int,
    ctrl: int,
    targetable: bool,
) -> int:
    """CR 115.4: the first of the permanents a scenario names in order for ``src``'s "any
    target" (``TARGET_NAME`` entries: a slot or a token) before the first player named (the
    entry naming no object) that is on the battlefield and that ``ctrl``'s ability can
    target (702.11b): its slot; else ``NONE_THERE``, or ``NOT_LISTED`` if none are named
    for ``src`` in order. With ``targetable`` False, the first named anywhere that it can't
    target: an illegal choice (601.2c)."""
    listed = False
    for j in range(trial_vars[N_TARGET_NAMES]):
        at = TARGET_NAME + 3 * j
        if trial_vars[at] != src:
            continue
        listed = True
        if trial_vars[at + 1] < 0 and trial_vars[at + 2] == 0:  # the first player named
            if targetable:
                break
            continue
        q = named_object(slot_rows, work, trial_vars[at + 1], trial_vars[at + 2])
        there = q >= 0 and slot_rows[ZONE, q] == BATTLEFIELD
        if there and can_target(slot_rows, card_table, q, ctrl) == targetable:
            return q
    return NONE_THERE if listed else NOT_LISTED


@njit
def names_token(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, src: int, q: int
) -> bool:
    """111.1: whether slot ``q`` holds a token a scenario names for ``src`` (a
    ``TARGET_NAME`` entry: the slot that made it and its number); a board slot's own name is
    a chosen bit instead."""
    if q < first_token_slot(work):
        return False
    for j in range(trial_vars[N_TARGET_NAMES]):
        at = TARGET_NAME + 3 * j
        source, number = trial_vars[at + 1], trial_vars[at + 2]
        named = trial_vars[at] == src and source >= 0 and number > 0
        if named and is_object(slot_rows, source, number, q):
            return True
    return False


@njit
def is_named(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, bits: int, src: int, q: int
) -> bool:
    """Whether ``src``'s names hold the object in slot ``q``: its chosen bit in ``bits`` (a
    slot's own name, below CHOSEN_SLOTS), or a token named for ``src`` (``names_token``)."""
    chosen = q < CHOSEN_SLOTS and bits >> q & 1
    return bool(chosen) or names_token(slot_rows, trial_vars, work, src, q)


@njit
def names_any(trial_vars: np.ndarray, src: int) -> bool:
    """Whether a scenario names a token for ``src`` (``TARGET_NAME`` entries; one no trial
    makes included: a name that finds nothing is still a choice). Its other names are slots,
    and chosen bits."""
    for j in range(trial_vars[N_TARGET_NAMES]):
        if trial_vars[TARGET_NAME + 3 * j] == src and trial_vars[TARGET_NAME + 3 * j + 2] > 0:
            return True
    return False
