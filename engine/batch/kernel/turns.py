"""Passing the turn in one trial (CR 513.1 end step, 514.2 cleanup, 500.4, 500.1 the next
turn, 502.3 untap, 503.1 upkeep)."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.characteristics import is_alive, is_creature
from engine.batch.kernel.jit import njit
from engine.batch.kernel.mana.effects import end_effects, upkeep
from engine.batch.kernel.mana.pools import empty_pools
from engine.batch.kernel.stack import detection_key, queue
from engine.batch.kernel.state import (
    ACTIVE,
    CARD,
    CONTROLLER,
    DAMAGE,
    DEATHTOUCH_DAMAGE,
    DELAYED_SOURCE,
    EOT_KEYWORDS,
    EOT_PERSIST,
    EOT_POWER,
    EOT_TOUGHNESS,
    EOT_UNDYING,
    EXILE_AT_END,
    EXILE_IF_DIES,
    MOVERS,
    N_PLAYERS,
    OBJ,
    ORDER,
    PREVIOUS_TURNS,
    SINCE_TURN_START,
    SKIP_UNTAP,
    T_END_STEP_SACRIFICE,
    T_IS_LAND,
    TAPPED,
    ZONE,
)
from engine.batch.kernel.zones import clear_movers, leave
from engine.batch.wipe_state import EFFECTS, END_STEP, EXILE, GRAVEYARD

_CLEANED_UP = (
    DAMAGE, DEATHTOUCH_DAMAGE, EOT_POWER, EOT_TOUGHNESS, EXILE_IF_DIES, EOT_PERSIST, EOT_UNDYING,
    EOT_KEYWORDS,
)  # fmt: skip


@njit
def end_step(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> None:
    """CR 513.1: "at the beginning of the end step" triggers, as the reference engine's
    ``actions._end_step``. The delayed triggers that exile a Puppeteer Clique's creature at
    the active player's end step resolve as they trigger (603.7c): when one exiles a creature,
    no Pestilence triggers, and the exile triggers nothing. Pestilence's sacrifice triggers
    only if no creature is on the battlefield (603.4), in board order, and waits to be put on
    the stack: the driver settles the end step before ``pass_turn``'s cleanup (117.5)."""
    creatures = False
    clear_movers(work)
    for s in range(slot_rows.shape[1]):
        creatures |= is_creature(slot_rows, s)  # as the end step begins, before the exile
        at_end = slot_rows[EXILE_AT_END, s] == trial_vars[ACTIVE] + 1
        work[MOVERS, s] = at_end and is_alive(slot_rows, s)
    leave(slot_rows, trial_vars, work, card_table, EXILE)
    for s in range(0 if creatures else slot_rows.shape[1]):
        c = slot_rows[CARD, s]
        if c >= 0 and is_alive(slot_rows, s) and card_table[T_END_STEP_SACRIFICE, c]:
            ctrl, obj, order = slot_rows[CONTROLLER, s], slot_rows[OBJ, s], slot_rows[ORDER, s]
            queue(trial_vars, work, END_STEP, s, 0, ctrl, obj, detection_key(trial_vars, order, 0))


@njit
def pass_turn(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
) -> None:
    """After the end step (``end_step``), cleanup: damage wears off and "until end of turn"
    effects end (514.2), Massacre Girl's "this turn" trigger and the "lands produce" effects
    with them; mana pools empty (500.4); then the next player's permanents untap (502.3) and
    count as controlled since their turn began (302.6), and their upkeep triggers (503.1)
    wait to be put on the stack."""
    for s in range(slot_rows.shape[1]):
        for row in _CLEANED_UP:
            slot_rows[row, s] = 0
        if slot_rows[ZONE, s] == GRAVEYARD:
            slot_rows[PREVIOUS_TURNS, s] = 1  # no longer put there "this turn"
    for g in range(EFFECTS):
        trial_vars[DELAYED_SOURCE + g] = -1
    end_effects(slot_rows, event_rows)
    empty_pools(trial_vars)
    trial_vars[ACTIVE] = (trial_vars[ACTIVE] + 1) % trial_vars[N_PLAYERS]
    skip = trial_vars[SKIP_UNTAP + trial_vars[ACTIVE]] != 0  # "your next untap step"
    trial_vars[SKIP_UNTAP + trial_vars[ACTIVE]] = 0
    for s in range(slot_rows.shape[1]):
        if is_alive(slot_rows, s) and slot_rows[CONTROLLER, s] == trial_vars[ACTIVE]:
            if not (skip and card_table[T_IS_LAND, slot_rows[CARD, s]]):
                slot_rows[TAPPED, s] = 0
            slot_rows[SINCE_TURN_START, s] = 1
    upkeep(slot_rows, trial_vars, work, card_table)
