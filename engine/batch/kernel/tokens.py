"""Finding an object a scenario names by its id (111.1): a slot's own permanent, or a token by
the slot that made it and its number (``outcome`` names tokens so); a token's slot is known
only in the trial."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.state import LAYOUT, TOKEN_SERIAL, TOKEN_SOURCE, ZONE
from engine.batch.wipe_state import BATTLEFIELD


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


@njit
def named_object(slot_rows: np.ndarray, work: np.ndarray, source: int, number: int) -> int:
    """The slot of an object named by ``source`` and ``number``: slot ``source`` itself
    (``number`` 0), or the token it made as its ``number``-th (-1: that token is not on the
    battlefield, or no trial makes it: source -1)."""
    if source < 0:
        return -1
    return source if number == 0 else named_token(slot_rows, work, source, number)
