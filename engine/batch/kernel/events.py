"""The event kinds of a trial, each performed in one trial and followed by settling
(CR 117.5): casts, targeted actions (destroy, sacrifice, exile, bounce, damage, counters),
damage to a player and to every creature, passing the turn, tapping for mana and activating
abilities (an attack is ``run``'s: its attack triggers settle before blockers)."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.activated import activate
from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.characteristics import is_creature
from engine.batch.kernel.combat import mark_damage
from engine.batch.kernel.counters import put_counters
from engine.batch.kernel.destroy import destroy
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.keywords import controls
from engine.batch.kernel.life import change_life
from engine.batch.kernel.mana.tap import tap_for_mana
from engine.batch.kernel.sba import state_based_actions
from engine.batch.kernel.spells import resolve_spell
from engine.batch.kernel.state import (
    CONTROLLER,
    EV_AMOUNT_,
    EV_BY_,
    EV_CARD_,
    EV_COUNTER_,
    EV_KIND_,
    EV_TAP_CREATURE_,
    EV_TAP_TOKEN_,
    EV_TARGET_,
    EV_TOKEN_,
    EV_X_,
    LAYOUT,
    LIFE,
    MOVERS,
    OWNER,
    POOL,
    REJECTED,
    T_CAST_DRAW,
    T_IS_CREATURE,
    T_IS_LAND,
    T_SPELL,
    T_SPELL_PAY_X_LIFE,
    TAPPED,
    X_COST,
    ZONE,
)
from engine.batch.kernel.tokens import named_object
from engine.batch.kernel.zones import cast_permanent, clear_movers, leave, set_card
from engine.batch.wipe_state import (
    BATTLEFIELD,
    EV_ACTIVATE,
    EV_BOUNCE,
    EV_CAST,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DAMAGE_ALL,
    EV_DAMAGE_PLAYER,
    EV_DESTROY,
    EV_EXILE,
    EV_TAP,
    EV_TAP_MANA,
    EV_UNTAP,
    EXILE,
    GRAVEYARD,
    HAND,
    R_DRAWS_A_CARD,
)

NOT_ON_BATTLEFIELD, CANNOT_PAY_LIFE = 1, 2  # wipe_state.REJECTIONS codes


@njit
def x_from_pool(trial_vars: np.ndarray, work: np.ndarray, by: int) -> int:
    """The most X the pool of seat ``by`` pays for the batch's X spell (LAYOUT's X_COST), -1
    if it cannot pay X = 0: each type's symbols from that type, the generic part and every X
    from what is left (107.3, 107.4, 118.3). The X is not capped here."""
    enough, left = True, -work[LAYOUT, X_COST + 7]  # less the generic part
    for t in range(6):
        have, need = trial_vars[POOL + 6 * by + t], work[LAYOUT, X_COST + 1 + t]
        enough &= have >= need
        left += have - need
    if not enough or left < 0:
        return -1
    return left // max(work[LAYOUT, X_COST + 8], 1)  # type: ignore[no-any-return]


@njit
def cast(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
) -> None:
    """CR 601.2 and 608.2: cast the event's card; it resolves at once (no responses). A
    negative X in a batch with an X spell (the mana shape's x = "max") is the most its
    caster's pool pays: the event keeps that X (-1: none, and nothing is cast), the spell is
    cast with at most the cap. Casting pays nothing (the pool only says what X it could)."""
    c, by, x = event_rows[EV_CARD_, e], event_rows[EV_BY_, e], event_rows[EV_X_, e]
    if x < 0 and work[LAYOUT, X_COST]:
        x = x_from_pool(trial_vars, work, by)
        event_rows[EV_X_, e] = x
        if x < 0:
            return
        x = min(x, work[LAYOUT, X_COST + 9])
    if card_table[T_SPELL_PAY_X_LIFE, c]:
        if trial_vars[LIFE + by] < x:  # CR 119.4
            event_rows[REJECTED, e] = CANNOT_PAY_LIFE
            return
        trial_vars[LIFE + by] -= x
        if trial_vars[LIFE + by] <= 0:
            # 601.2i, 117.5: cast, the spell waits on the stack while state-based actions
            # are checked; its caster paid down to 0 life and loses (704.5a), before it resolves
            state_based_actions(slot_rows, trial_vars, work, card_table)
            return
    if card_table[T_SPELL, c] > 0:  # an instant or sorcery (each has a code, tables.SPELL)
        resolve_spell(slot_rows, trial_vars, work, card_table, event_rows, e)
        return
    creature_spell = card_table[T_IS_CREATURE, c] and not card_table[T_IS_LAND, c]  # 305.1
    if creature_spell and controls(slot_rows, card_table, T_CAST_DRAW, by):
        unsupported(trial_vars, R_DRAWS_A_CARD)  # Zendikar Resurgent: libraries aren't modeled
        return
    slot = work[LAYOUT, 0] + e  # the event's cast slot
    set_card(slot_rows, work, card_table, slot, c)
    slot_rows[CONTROLLER, slot] = by
    slot_rows[OWNER, slot] = by
    cast_permanent(slot_rows, trial_vars, work, card_table, slot, x)


@njit
def targeted(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
) -> None:
    """An action on one permanent; rejected if that object is gone (400.7)."""
    kind, target, amount = (
        event_rows[EV_KIND_, e],
        event_rows[EV_TARGET_, e],
        event_rows[EV_AMOUNT_, e],
    )
    if target < 0 or slot_rows[ZONE, target] != BATTLEFIELD:
        event_rows[REJECTED, e] = NOT_ON_BATTLEFIELD
        return
    if kind == EV_DAMAGE:
        if is_creature(slot_rows, target) and amount > 0:
            mark_damage(slot_rows, trial_vars, target, amount)  # CR 120.3e
    elif kind == EV_COUNTERS:
        code = event_rows[EV_COUNTER_, e]
        put_counters(slot_rows, trial_vars, work, card_table, target, code, amount, False, False)
    elif kind in (EV_TAP, EV_UNTAP):
        # 701.26a, 701.26b: by an effect, so not tapped for mana (106.12a: no mana trigger)
        slot_rows[TAPPED, target] = kind == EV_TAP
    else:
        clear_movers(work)
        work[MOVERS, target] = 1
        dest = GRAVEYARD  # sacrifice (701.21a)
        if kind == EV_EXILE:
            dest = EXILE
        elif kind == EV_BOUNCE:
            dest = HAND
        if kind == EV_DESTROY:
            destroy(slot_rows, trial_vars, work, card_table)  # 701.8a, 702.12b
        else:
            leave(slot_rows, trial_vars, work, card_table, dest)


@njit
def _damage(slot_rows: np.ndarray, trial_vars: np.ndarray, event_rows: np.ndarray, e: int) -> None:
    """Damage to a player (120.3a) or to every creature (120.3e)."""
    amount = max(event_rows[EV_AMOUNT_, e], 0)
    if event_rows[EV_KIND_, e] == EV_DAMAGE_PLAYER:
        change_life(trial_vars, event_rows[EV_TARGET_, e], -amount)
        return
    for s in range(slot_rows.shape[1]):
        if is_creature(slot_rows, s):
            mark_damage(slot_rows, trial_vars, s, amount)


@njit
def _find_tokens(slot_rows: np.ndarray, work: np.ndarray, event_rows: np.ndarray, e: int) -> None:
    """An event naming a token by its source and number (111.1) names the slot it is in now:
    the permanent acted on (-1 if that token is not on the battlefield: rejected, 400.7), and
    the creature a cost taps (past every slot if it is not there: none fits, 118.3)."""
    target, creature = event_rows[EV_TARGET_, e], event_rows[EV_TAP_CREATURE_, e]
    if event_rows[EV_TOKEN_, e] > 0:  # (source -1: a token no trial makes)
        event_rows[EV_TARGET_, e] = named_object(slot_rows, work, target, event_rows[EV_TOKEN_, e])
    if event_rows[EV_TAP_TOKEN_, e] > 0:
        q = named_object(slot_rows, work, creature, event_rows[EV_TAP_TOKEN_, e])
        event_rows[EV_TAP_CREATURE_, e] = q if q >= 0 else slot_rows.shape[1]


@inline
def apply_event(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
) -> None:
    """Perform event ``e`` (settling is the caller's), an attack and a turn passed excepted
    (``run``: they settle in their midst). Inlined into its one caller: a dispatch that
    passes its five arrays on costs a second call per action."""
    kind = event_rows[EV_KIND_, e]
    if event_rows[EV_TOKEN_, e] > 0 or event_rows[EV_TAP_TOKEN_, e] > 0:
        _find_tokens(slot_rows, work, event_rows, e)
    if kind == EV_CAST:
        cast(slot_rows, trial_vars, work, card_table, event_rows, e)
    elif EV_DESTROY <= kind <= EV_DAMAGE or kind in (EV_COUNTERS, EV_TAP, EV_UNTAP):
        targeted(  # an action on one permanent
            slot_rows, trial_vars, work, card_table, event_rows, e
        )
    elif kind in (EV_DAMAGE_PLAYER, EV_DAMAGE_ALL):
        _damage(slot_rows, trial_vars, event_rows, e)
    elif kind == EV_TAP_MANA:
        tap_for_mana(slot_rows, trial_vars, work, card_table, event_rows, e)
    elif kind == EV_ACTIVATE:
        activate(slot_rows, trial_vars, work, card_table, event_rows, e)
