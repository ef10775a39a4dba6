"""Effects that change what lands produce until end of turn (a spell's: Pale Moon, 611.2c;
an activated ability's, Deep Water, is in ``activated``), and Contamination's upkeep
trigger."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.characteristics import is_alive, is_creature
from engine.batch.kernel.jit import njit
from engine.batch.kernel.stack import queue_each
from engine.batch.kernel.state import (
    ACTIVE,
    CARD,
    CHOSEN,
    CONTROLLER,
    EFFECT_ON,
    MOVERS,
    OBJ,
    ORDER,
    SPELL_ON,
    T_UPKEEP_PARTS,
    ZONE,
)
from engine.batch.kernel.tokens import is_named
from engine.batch.kernel.zones import clear_movers, leave
from engine.batch.wipe_state import BATTLEFIELD, GRAVEYARD, UPKEEP


@njit
def lands_produce_spell(event_rows: np.ndarray, e: int) -> None:
    """Pale Moon: its effect lasts until end of turn (611.2c); the card goes on as any spell."""
    event_rows[SPELL_ON, e] = 1


@njit
def end_effects(slot_rows: np.ndarray, event_rows: np.ndarray) -> None:
    """CR 514.2: "until end of turn" effects that change what lands produce end."""
    for s in range(slot_rows.shape[1]):
        slot_rows[EFFECT_ON, s] = 0
    for e in range(event_rows.shape[1]):
        event_rows[SPELL_ON, e] = 0


@njit
def upkeep(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> None:
    """CR 503.1: "At the beginning of your upkeep" triggers of the active player's permanents
    (Contamination, Heartmender), in board order."""
    for s in range(slot_rows.shape[1]):
        c = slot_rows[CARD, s]
        mine = slot_rows[CONTROLLER, s] == trial_vars[ACTIVE]
        if c >= 0 and is_alive(slot_rows, s) and mine and card_table[T_UPKEEP_PARTS, c]:
            ctrl, obj, order = slot_rows[CONTROLLER, s], slot_rows[OBJ, s], slot_rows[ORDER, s]
            queue_each(trial_vars, work, UPKEEP, s, card_table[T_UPKEEP_PARTS, c], ctrl, obj, order)


@njit
def sacrifice_unless(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    obj: int,
    ctrl: int,
) -> None:
    """Contamination: sacrifice it unless you sacrifice a creature: the first in board order
    of the creatures named for it (tokens by their ids) that the trigger's controller
    controls; none named or left, it goes (if it is still the same object, 400.7)."""
    clear_movers(work)
    victim, best = -1, 1 << 40
    bits = slot_rows[CHOSEN, s]
    for q in range(slot_rows.shape[1]):
        named = is_named(slot_rows, trial_vars, work, bits, s, q) and is_creature(slot_rows, q)
        if named and slot_rows[CONTROLLER, q] == ctrl and slot_rows[ORDER, q] < best:
            victim, best = q, slot_rows[ORDER, q]
    if victim >= 0:
        work[MOVERS, victim] = 1
    elif slot_rows[ZONE, s] == BATTLEFIELD and slot_rows[OBJ, s] == obj:
        work[MOVERS, s] = 1
    leave(slot_rows, trial_vars, work, card_table, GRAVEYARD)
