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
    filled = card >= 0
    index = np.maximum(card, 0)
    toughness = tb.BASE_T[index] + plus - minus
    creature = filled & tb.IS_CREATURE[index] & ~not_creature
    doomed = creature & ((toughness <= 0) | (damage >= toughness))
    minus[doomed] = 0
    damage[doomed] = 0
