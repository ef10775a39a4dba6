"""A legal starting board: no creature is already dead before the first event."""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.rows import as_one_row

RUN = 2048  # slots a compiled step of ``drop_dead`` covers at once (its buffers stay in cache)


def drop_dead_start(
    card: np.ndarray,
    plus: np.ndarray,
    minus: np.ndarray,
    damage: np.ndarray,
    not_creature: np.ndarray,
    cards: tuple[int, ...],
) -> None:
    """Zero, in place, the -1/-1 counters and damage of every creature they would leave dead
    (toughness 0 or less, or lethal damage) before the first event: a board from a game in
    progress has none (state-based actions would have put it into the graveyard already).

    CR 704.5f, 704.5g. All arrays (T, S) (views will do); ``card`` -1 marks an empty slot,
    any other is one of ``cards``. One compiled pass (numpy's gathers at the slots with
    counters or damage cost a tenth of persist_wipes' draw), over the whole batch as one row
    when the arrays are contiguous (``as_one_row``)."""
    # imported here, not with this module: see ``sim.config.dists.permutations``
    from sim.config.draw_steps import ALIVE, drop_dead

    card, plus, minus, damage, not_creature = as_one_row(card, plus, minus, damage, not_creature)
    pool = np.array(cards, dtype=np.int16)
    toughness = np.where(tb.IS_CREATURE[pool], tb.BASE_T[pool], ALIVE).astype(np.int32)
    base, keep = np.empty(RUN, dtype=np.int32), np.empty(RUN, dtype=np.int16)
    unlisted = drop_dead(card, plus, minus, damage, not_creature, pool, toughness, base, keep)
    if unlisted:
        raise ValueError(
            f"drop_dead_start: {unlisted} slots with counters or damage hold a card not among "
            f"{cards}"
        )
