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

    CR 704.5f, 704.5g. All arrays (T, S) (views will do); ``card`` -1 marks an empty slot.
    One compiled pass (numpy's gathers at the slots with counters or damage cost a tenth of
    persist_wipes' draw)."""
    # imported here, not with this module: see ``sim.config.dists.permutations``
    from sim.config.draw_steps import drop_dead

    drop_dead(card, plus, minus, damage, not_creature, tb.BASE_T, tb.IS_CREATURE)
