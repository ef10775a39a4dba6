"""Tapping a permanent for mana in one trial (CR 605.3b: a mana ability resolves at once):
which ability, its costs in the reference engine's order of checks, the mana made, then
(for a {T} ability, 106.12) its replacements and triggers; an action that breaks a rule is
rejected and changes nothing."""

from __future__ import annotations

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.kernel.characteristics import is_alive, is_creature
from engine.batch.kernel.combat import can_tap_for_cost, humans
from engine.batch.kernel.counters import counter_row
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.life import change_life
from engine.batch.kernel.mana.could import (
    GRANTED,
    choice_bits,
    could_produce,
    creatures_of,
    has_granted,
    subtype_count,
)
from engine.batch.kernel.mana.pools import add_mana, pay_generic, pool_total
from engine.batch.kernel.mana.replace import made_total, mana_triggers, replace
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    COUNT,
    EV_COLOR_,
    EV_TAP_CREATURE_,
    EV_TARGET_,
    KNOWN,
    LIFE,
    MANA_MADE,
    MOVERS,
    OBJ,
    ORDER,
    REJECTED,
    STATUS,
    T_AB_AMOUNT,
    T_AB_COST,
    T_AB_DAMAGE,
    T_AB_LIFE,
    T_AB_REMOVE,
    T_AB_SAC_CREATURE,
    T_AB_SAC_SELF,
    T_AB_SACRIFICE,
    T_AB_TAP,
    T_AB_TAP_CREATURE,
    T_AB_TIMES,
    T_AB_TPL,
    T_AB_UNTAP,
    T_IS_REFLECT,
    T_N_AB,
    TAPPED,
    UNDEFINED_MANA,
)
from engine.batch.kernel.zones import clear_movers, leave
from engine.batch.wipe_state import GRAVEYARD, OK

# rejection codes (wipe_state.REJECTIONS)
NOT_ON_BATTLEFIELD, CANNOT_PAY_LIFE, SUMMONING_SICK, NO_MANA_ABILITY, TYPE_NOT_AVAILABLE = (
    1, 2, 5, 11, 12,
)  # fmt: skip
TAPPED_ALREADY, UNTAPPED, MISSING_COUNTER, INSUFFICIENT_MANA, NO_UNTAPPED_CREATURE = (
    13, 14, 15, 16, 17,
)  # fmt: skip
NOTHING_TO_SACRIFICE = 20
_NONE = 1 << 40


@inline
def _pick(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, color: int
) -> int:
    """CR 605.3b, 106.7: the first ability (printed, then granted) that can make the chosen
    type, or the first if none is chosen; -1 if none can (``work``'s LAND_UNIONS current)."""
    c = slot_rows[CARD, s]
    for k in range(GRANTED + 1):
        exists = (
            k < card_table[T_N_AB, c]
            if k < GRANTED
            else has_granted(slot_rows, work, card_table, s)
        )
        if not exists:
            continue
        if color < 0 or choice_bits(slot_rows, work, card_table, s, k) >> color & 1:
            return k
    return -1


@njit
def _creature_to_tap(slot_rows: np.ndarray, s: int, named: int) -> int:
    """Springleaf Drum's "Tap an untapped creature you control" (118.3): the one named, else
    the first in board order; -1 if none fits."""
    best, best_order = -1, _NONE
    for q in range(slot_rows.shape[1]):
        fits = is_creature(slot_rows, q) and not slot_rows[TAPPED, q] and q != s
        fits = fits and slot_rows[CONTROLLER, q] == slot_rows[CONTROLLER, s]
        if fits and (named < 0 or q == named) and slot_rows[ORDER, q] < best_order:
            best, best_order = q, slot_rows[ORDER, q]
    return best


@njit
def _creature_to_sacrifice(slot_rows: np.ndarray, s: int) -> int:
    """Phyrexian Altar's "Sacrifice a creature" (118.3): its controller's first creature in
    board order (maybe itself); -1 if there is none."""
    best, best_order = -1, _NONE
    for q in range(slot_rows.shape[1]):
        fits = is_creature(slot_rows, q) and slot_rows[CONTROLLER, q] == slot_rows[CONTROLLER, s]
        if fits and slot_rows[ORDER, q] < best_order:
            best, best_order = q, slot_rows[ORDER, q]
    return best


@inline
def _cost_check(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    card_table: np.ndarray,
    s: int,
    k: int,
    named: int,
) -> int:
    """The first cost that cannot be paid (a rejection code), 0 if all can: {T} (107.5), {Q}
    (107.6), 302.6, a counter, generic mana, life (119.4), another untapped creature."""
    c, granted = slot_rows[CARD, s], k == GRANTED
    tap = granted or card_table[T_AB_TAP + k, c] != 0
    if tap and slot_rows[TAPPED, s]:
        return TAPPED_ALREADY
    if not granted and card_table[T_AB_UNTAP + k, c] and not slot_rows[TAPPED, s]:
        return UNTAPPED
    if not can_tap_for_cost(slot_rows, card_table, s):
        return SUMMONING_SICK
    if granted:
        return 0
    kind = card_table[T_AB_REMOVE + k, c]
    if kind >= 0 and slot_rows[counter_row(kind), s] < 1:
        return MISSING_COUNTER
    cost = card_table[T_AB_COST + k, c]
    if cost > 0 and pool_total(trial_vars, slot_rows[CONTROLLER, s]) < cost:
        return INSUFFICIENT_MANA
    life = card_table[T_AB_LIFE + k, c]
    if life > 0 and trial_vars[LIFE + slot_rows[CONTROLLER, s]] < life:  # 119.4: 0 always paid
        return CANNOT_PAY_LIFE
    if card_table[T_AB_TAP_CREATURE + k, c] and _creature_to_tap(slot_rows, s, named) < 0:
        return NO_UNTAPPED_CREATURE
    if card_table[T_AB_SAC_CREATURE + k, c] and _creature_to_sacrifice(slot_rows, s) < 0:
        return NOTHING_TO_SACRIFICE
    return 0


@inline
def _pay(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    k: int,
    named: int,
) -> None:
    """CR 602.2b, 605.3b: pay the costs checked by ``_cost_check`` (a counter removed may
    change what a permanent could produce: ``work``'s KNOWN is cleared)."""
    c, granted = slot_rows[CARD, s], k == GRANTED
    if granted or card_table[T_AB_TAP + k, c]:
        slot_rows[TAPPED, s] = 1
    if granted:
        return
    if card_table[T_AB_UNTAP + k, c]:
        slot_rows[TAPPED, s] = 0
    if card_table[T_AB_COST + k, c] > 0:  # most mana abilities cost no mana
        pay_generic(trial_vars, slot_rows[CONTROLLER, s], card_table[T_AB_COST + k, c])
    trial_vars[LIFE + slot_rows[CONTROLLER, s]] -= card_table[T_AB_LIFE + k, c]  # 119.4
    if card_table[T_AB_REMOVE + k, c] >= 0:
        slot_rows[counter_row(card_table[T_AB_REMOVE + k, c]), s] -= 1
        work[COUNT, KNOWN] = 0
    if card_table[T_AB_TAP_CREATURE + k, c]:
        slot_rows[TAPPED, _creature_to_tap(slot_rows, s, named)] = 1  # 118.3, not "for mana"


@inline
def _make(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, k: int, color: int
) -> None:
    """MANA_MADE: fixed amounts, one per creature (Gaea's Cradle) or per permanent of a
    subtype (Cabal Coffers), or mana of the chosen type (or the first it could name, in WUBRGC
    order: one, Gilded Lotus three); none where no type is defined."""
    c = slot_rows[CARD, s]
    tpl = mt.TPL_ANY if k == GRANTED else card_table[T_AB_TPL + k, c]
    for t in range(6):
        work[MANA_MADE, t] = 0
    if tpl == mt.TPL_FIXED or tpl == mt.TPL_PER_CREATURE or tpl == mt.TPL_PER_SUBTYPE:
        per = 1
        if tpl == mt.TPL_PER_CREATURE:
            per = creatures_of(slot_rows, slot_rows[CONTROLLER, s])
        elif tpl == mt.TPL_PER_SUBTYPE:
            per = subtype_count(slot_rows, card_table, s, k)
        for t in range(6):
            work[MANA_MADE, t] = card_table[T_AB_AMOUNT + 6 * k + t, c] * per
        return
    bits = choice_bits(slot_rows, work, card_table, s, k)
    if bits == 0:
        return
    pick = color
    if pick < 0:
        pick = 0
        while not bits >> pick & 1:
            pick += 1
    work[MANA_MADE, pick] = 1 if k == GRANTED else card_table[T_AB_TIMES + k, c]


@inline
def _add_made(trial_vars: np.ndarray, work: np.ndarray, player: int) -> bool:
    for t in range(6):
        if work[MANA_MADE, t] and not add_mana(trial_vars, player, t, work[MANA_MADE, t]):
            return False
    return True


@inline
def tap_for_mana(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
) -> None:
    """Activate the mana ability of event ``e``'s permanent, or reject the action (inlined
    into its one caller, ``events.apply_event``: the call passed five arrays per tap)."""
    s, color = event_rows[EV_TARGET_, e], event_rows[EV_COLOR_, e]
    named = event_rows[EV_TAP_CREATURE_, e]
    if s < 0 or s >= slot_rows.shape[1] or not is_alive(slot_rows, s):
        event_rows[REJECTED, e] = NOT_ON_BATTLEFIELD
        return
    c = slot_rows[CARD, s]
    if card_table[T_N_AB, c] == 0 and not has_granted(slot_rows, work, card_table, s):
        event_rows[REJECTED, e] = NO_MANA_ABILITY
        return
    if card_table[T_IS_REFLECT, c] and not work[COUNT, KNOWN]:
        could_produce(slot_rows, work, card_table, event_rows)
    k = _pick(slot_rows, work, card_table, s, color)
    code = (
        TYPE_NOT_AVAILABLE if k < 0 else _cost_check(slot_rows, trial_vars, card_table, s, k, named)
    )
    if code:
        event_rows[REJECTED, e] = code
        return
    _pay(slot_rows, trial_vars, work, card_table, s, k, named)
    _make(slot_rows, work, card_table, s, k, color)
    granted = k == GRANTED
    tapped_for_mana = granted or card_table[T_AB_TAP + k, c] != 0  # CR 106.12
    made = made_total(work) > 0
    tpl = mt.TPL_ANY if granted else card_table[T_AB_TPL + k, c]
    if not made and tpl != mt.TPL_PER_CREATURE and tpl != mt.TPL_PER_SUBTYPE:
        trial_vars[UNDEFINED_MANA] += 1  # CR 106.5: no type of mana can be defined
    if made and tapped_for_mana:
        replace(slot_rows, trial_vars, work, card_table, event_rows, e, s)
    ctrl = slot_rows[CONTROLLER, s]
    added = trial_vars[STATUS] == OK and _add_made(trial_vars, work, ctrl)
    damage = 0 if granted else card_table[T_AB_DAMAGE + k, c]
    if trial_vars[STATUS] == OK and damage > 0:  # Ancient Tomb: the rest of the effect (120.3a)
        change_life(trial_vars, ctrl, -damage)
        humans(slot_rows, trial_vars, work, card_table, s, slot_rows[OBJ, s], ctrl, 0)
    if added and made_total(work) > 0 and tapped_for_mana:
        mana_triggers(slot_rows, trial_vars, work, card_table, s, color)
    if not granted:
        _sacrifice(slot_rows, trial_vars, work, card_table, s, k)


@inline
def _sacrifice(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    k: int,
) -> None:
    """Lotus Petal, Phyrexian Altar: "Sacrifice CARDNAME" or "Sacrifice a creature" is a cost
    (602.2b), moved once the activation is done (as the reference engine says why); Gemstone
    Mine: "If there are no mining counters on it, sacrifice it" (701.21a)."""
    c = slot_rows[CARD, s]
    victim = s if card_table[T_AB_SAC_SELF + k, c] else -1
    if card_table[T_AB_SAC_CREATURE + k, c]:
        victim = _creature_to_sacrifice(slot_rows, s)
    if card_table[T_AB_SACRIFICE + k, c]:
        victim = s if slot_rows[counter_row(card_table[T_AB_REMOVE + k, c]), s] == 0 else -1
    if victim >= 0:
        clear_movers(work)
        work[MOVERS, victim] = 1
        leave(slot_rows, trial_vars, work, card_table, GRAVEYARD)
