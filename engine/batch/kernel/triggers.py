"""Resolving the top of the stack (CR 608.2): triggered abilities by kind code, and
activated abilities (``activated``)."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.activated import resolve_ability
from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.characteristics import is_creature, power, refresh
from engine.batch.kernel.combat import damage_creature, humans, lifelink, source_keywords
from engine.batch.kernel.jit import njit
from engine.batch.kernel.mana.effects import sacrifice_unless
from engine.batch.kernel.stack import HEIGHT
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    COUNT,
    DELAYED_AMOUNT,
    DELAYED_CONTROLLER,
    DELAYED_OBJ,
    DELAYED_SOURCE,
    EOT_KEYWORDS,
    EOT_POWER,
    EOT_TOUGHNESS,
    LAST_KNOWN_OBJ,
    LAST_KNOWN_POWER,
    LAYOUT,
    LIFE,
    MOVERS,
    N_PLAYERS,
    N_RETURNED,
    OBJ,
    PING_TARGET,
    RETURNED_SLOT,
    STACK_CONTROLLER,
    STACK_DATA,
    STACK_KIND,
    STACK_OBJ,
    STACK_SOURCE,
    STAMP,
    T_ATTACK_KEYWORD,
    T_DEATH_LIFE,
    T_ETB_LIFE,
    T_ETB_PING,
    T_ETB_PT,
    T_ETB_REPEAT,
    T_ETB_SCOPE,
    TOKEN,
    ZONE,
)
from engine.batch.kernel.zones import clear_movers, create_tokens, leave, return_card
from engine.batch.wipe_state import (
    ABILITY,
    ATTACKS,
    BATTLEFIELD,
    DELAYED,
    DESTROY_HUMAN,
    DIES,
    EFFECTS,
    ETB,
    GRAVEYARD,
    LIFE_LOSS,
    LKI_RING,
    PERSIST,
    R_EFFECTS,
    R_LAST_KNOWN,
    R_RETURNS,
    UNDYING,
    UPKEEP,
)


@njit
def weaken(slot_rows: np.ndarray, src: int, obj: int, ctrl: int, scope: int, amount: int) -> None:
    """Creatures get ``amount``/``amount`` until end of turn, locked in (611.2c): scope 0
    every other creature, 1 the opponents' creatures, 2 all creatures."""
    for s in range(slot_rows.shape[1]):
        if not is_creature(slot_rows, s):
            continue
        if scope == 0 and s == src and slot_rows[OBJ, s] == obj:
            continue
        if scope == 1 and slot_rows[CONTROLLER, s] == ctrl:
            continue
        slot_rows[EOT_POWER, s] += amount
        slot_rows[EOT_TOUGHNESS, s] += amount


@njit
def _return(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    stamp: int,
    kind: int,
) -> None:
    """CR 400.7 / 603.10a: only the card that went to the graveyard, if it is still there."""
    if slot_rows[ZONE, s] != GRAVEYARD or slot_rows[STAMP, s] != stamp or slot_rows[TOKEN, s]:
        return
    return_card(slot_rows, trial_vars, work, card_table, s, kind)
    r = trial_vars[N_RETURNED]
    if r >= work[LAYOUT, 3]:  # past the returns recorded: unsupported
        unsupported(trial_vars, R_RETURNS)
        return
    trial_vars[RETURNED_SLOT + r] = s
    trial_vars[RETURNED_SLOT + work[LAYOUT, 3] + r] = kind
    trial_vars[N_RETURNED] = r + 1


@njit
def _ping(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    ctrl: int,
    obj: int,
    data: int,
) -> None:
    """Deal damage equal to its power to any target (608.2h: its power now, or as it last
    existed on the battlefield): the permanent chosen as it was put on the stack (``data``,
    if it is still that object, 608.2b), else a player; a Human's damage to a player may
    trigger Mikaeus."""
    here = slot_rows[ZONE, s] == BATTLEFIELD and slot_rows[OBJ, s] == obj
    ring = obj % LKI_RING
    if not here and slot_rows[LAST_KNOWN_OBJ + ring, s] != obj:
        unsupported(trial_vars, R_LAST_KNOWN)
        return
    if here:
        refresh(slot_rows, work, card_table)
        amount = power(slot_rows, work, card_table, s)
    else:
        amount = slot_rows[LAST_KNOWN_POWER + ring, s]
    kw = source_keywords(slot_rows, card_table, s, obj)
    if data > 0:
        q, q_obj = (data & 0xFFFF) - 1, data >> 16
        if amount > 0 and is_creature(slot_rows, q) and slot_rows[OBJ, q] == q_obj:
            damage_creature(slot_rows, trial_vars, card_table, q, amount, kw)
            lifelink(trial_vars, kw, ctrl, amount)
        return
    target = slot_rows[PING_TARGET, s]
    if target < 0:
        target = (ctrl + 1) % trial_vars[N_PLAYERS]
    if amount > 0:
        trial_vars[LIFE + target] -= amount  # CR 120.3a
        lifelink(trial_vars, kw, ctrl, amount)
        humans(slot_rows, trial_vars, work, card_table, s, obj, target, 0)


@njit
def _etb(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    ctrl: int,
    obj: int,
    data: int,
) -> None:
    """Enters triggers: gain life (119.3), ping (``_ping``), creatures get -N/-N (and for
    Massacre Girl, again whenever a creature dies this turn: a delayed trigger, 603.7)."""
    c = slot_rows[CARD, s]
    trial_vars[LIFE + ctrl] += card_table[T_ETB_LIFE, c]
    if card_table[T_ETB_PING, c]:
        _ping(slot_rows, trial_vars, work, card_table, s, ctrl, obj, data)
    if card_table[T_ETB_SCOPE, c] < 0:
        return
    weaken(slot_rows, s, obj, ctrl, card_table[T_ETB_SCOPE, c], card_table[T_ETB_PT, c])
    if not card_table[T_ETB_REPEAT, c]:
        return
    for g in range(EFFECTS):
        if trial_vars[DELAYED_SOURCE + g] < 0:
            trial_vars[DELAYED_SOURCE + g] = s
            trial_vars[DELAYED_OBJ + g] = obj
            trial_vars[DELAYED_CONTROLLER + g] = ctrl
            trial_vars[DELAYED_AMOUNT + g] = card_table[T_ETB_PT, c]
            return
    unsupported(trial_vars, R_EFFECTS)  # past the documented cap on delayed triggers


@njit
def _destroy(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    obj: int,
) -> None:
    """CR 701.8a: destroy object ``obj`` of slot ``s``, if it is still on the battlefield."""
    if slot_rows[ZONE, s] == BATTLEFIELD and slot_rows[OBJ, s] == obj:
        clear_movers(work)
        work[MOVERS, s] = 1
        leave(slot_rows, trial_vars, work, card_table, GRAVEYARD)


@njit
def _gain_keyword(slot_rows: np.ndarray, bits: int, ctrl: int) -> None:
    """Pyreheart Wolf: creatures ``ctrl`` controls gain the keyword until end of turn, the
    set locked in as it resolves (611.2c)."""
    for q in range(slot_rows.shape[1]):
        if is_creature(slot_rows, q) and slot_rows[CONTROLLER, q] == ctrl:
            slot_rows[EOT_KEYWORDS, q] |= bits


@njit
def resolve_top(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
) -> None:
    """Pop the top of the stack and resolve it (CR 608.2)."""
    h = work[COUNT, HEIGHT] - 1
    work[COUNT, HEIGHT] = h
    kind, src, data = work[STACK_KIND, h], work[STACK_SOURCE, h], work[STACK_DATA, h]
    ctrl, obj = work[STACK_CONTROLLER, h], work[STACK_OBJ, h]
    if kind in (PERSIST, UNDYING):
        _return(slot_rows, trial_vars, work, card_table, src, data, kind)
    elif kind == ETB:
        _etb(slot_rows, trial_vars, work, card_table, src, ctrl, obj, data)
    elif kind == DIES:
        create_tokens(slot_rows, trial_vars, work, card_table, src, data)
    elif kind == LIFE_LOSS:
        trial_vars[LIFE + data] -= card_table[T_DEATH_LIFE, slot_rows[CARD, src]]
    elif kind == ABILITY:
        resolve_ability(slot_rows, trial_vars, work, card_table, event_rows, src, data, ctrl, obj)
    elif kind == ATTACKS:
        _gain_keyword(slot_rows, card_table[T_ATTACK_KEYWORD, slot_rows[CARD, src]], ctrl)
    elif kind == UPKEEP:
        sacrifice_unless(slot_rows, trial_vars, work, card_table, src, obj, ctrl)
    elif kind == DESTROY_HUMAN:
        _destroy(slot_rows, trial_vars, work, card_table, data & 0xFFFF, data >> 16)
    elif kind == DELAYED:
        g = data
        src, obj, ctrl = (
            trial_vars[DELAYED_SOURCE + g],
            trial_vars[DELAYED_OBJ + g],
            trial_vars[DELAYED_CONTROLLER + g],
        )
        weaken(slot_rows, src, obj, ctrl, 0, trial_vars[DELAYED_AMOUNT + g])
