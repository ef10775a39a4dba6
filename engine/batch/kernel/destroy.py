"""Destruction (701.8a), where indestructible is decided: a permanent with indestructible can't
be destroyed (702.12b). Every destroy of the kernel (spells, activated abilities, triggers,
a scenario's action) comes here; state-based actions ask ``indestructible`` (704.5g and 704.5h
destroy). ``engine.reference.destroy`` is the oracle."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import njit
from engine.batch.kernel.keywords import keywords
from engine.batch.kernel.state import G_INDESTRUCTIBLE, GATES, LAYOUT, MOVERS
from engine.batch.kernel.zones import leave
from engine.batch.wipe_state import GRAVEYARD, INDESTRUCTIBLE


@njit
def indestructible(slot_rows: np.ndarray, card_table: np.ndarray, s: int) -> bool:
    """CR 702.12b: printed, granted to the object, or given by a static. Its callers ask only
    in a batch where something can have it (G_INDESTRUCTIBLE): the search is a scan of every
    slot's statics."""
    return keywords(slot_rows, card_table, s) & INDESTRUCTIBLE != 0


@njit
def destroy(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> int:
    """Destroy ``work``'s MOVERS at once (701.8a), but those with indestructible, decided for
    all before any leaves (one event: an enchantment giving creatures indestructible,
    destroyed beside them, still made them indestructible); return how many were destroyed."""
    destroyed = 0
    spares = work[LAYOUT, GATES] & G_INDESTRUCTIBLE != 0  # once: a wipe runs in every trial
    for s in range(slot_rows.shape[1]):
        if spares and work[MOVERS, s] and indestructible(slot_rows, card_table, s):
            work[MOVERS, s] = 0
        destroyed += work[MOVERS, s]
    leave(slot_rows, trial_vars, work, card_table, GRAVEYARD)
    return destroyed
