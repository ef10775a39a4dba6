"""A legal starting board: no creature is already dead before the first event."""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb


def drop_dead_start(
    card: np.ndarray,
    plus: np.ndarray,
    minus: np.ndarray,
    damage: np.ndarray,
    not_creature: np.ndarray,
) -> None:
    """Zero, in place, the -1/-1 counters and damage of every creature they would leave dead
    (toughness 0 or less, or lethal damage) before the first event: a board from a game in
    progress has none (state-based actions would have put it into the graveyard already).

    CR 704.5f, 704.5g. All arrays (T, S); ``card`` -1 marks an empty slot."""
    if not all(a.flags.c_contiguous for a in (card, plus, minus, damage, not_creature)):
        # slices (the exact enumeration's): through 2D indices, which write into the views
        rows, cols = np.nonzero((minus != 0) | (damage != 0))
        at: tuple[np.ndarray, ...] = (rows, cols)
    else:
        card, plus, minus, damage, not_creature = (
            a.reshape(-1) for a in (card, plus, minus, damage, not_creature)
        )  # views of the same memory
        at = (np.flatnonzero((minus != 0) | (damage != 0)),)
    # Only a slot with counters or damage can change; the others are left as they are.
    held = card[at]
    index = np.maximum(held, 0)
    toughness = tb.BASE_T[index] + plus[at] - minus[at]
    creature = (held >= 0) & tb.IS_CREATURE[index] & ~not_creature[at]
    doomed = creature & ((toughness <= 0) | (damage[at] >= toughness))
    dead = tuple(i[doomed] for i in at)
    minus[dead] = 0
    damage[dead] = 0
