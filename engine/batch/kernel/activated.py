"""Activated abilities that are not mana abilities, in one trial (CR 602): costs are paid
as the ability is activated, in the reference engine's order of checks, and the ability goes
on the stack (its mana cost is paid from outside, SPEC section 3); it resolves like any
stack object, after the triggers its costs caused (603.3b). ``engine.reference.activated`` is
the oracle.

Targets and other choices: the slots the event names (``ev_chosen``, a bit per slot, and
``ev_chosen_player``), else the listed policy: the first opponent for "any target", the first
fitting permanent in board order otherwise (``engine.reference.targets``).
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.characteristics import is_alive, is_creature, mark_changed
from engine.batch.kernel.combat import can_tap_for_cost, damage_creature, humans, lifelink
from engine.batch.kernel.counters import counter_row, is_prohibited, put_counters
from engine.batch.kernel.destroy import destroy
from engine.batch.kernel.jit import njit
from engine.batch.kernel.keywords import FLYING, can_target, keywords
from engine.batch.kernel.life import change_life
from engine.batch.kernel.stack import HEIGHT
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    COUNT,
    EFFECT_ON,
    EOT_KEYWORDS,
    EOT_PERSIST,
    EOT_POWER,
    EOT_TOUGHNESS,
    EOT_UNDYING,
    EV_ABILITY_,
    EV_CHOSEN_,
    EV_CHOSEN_PLAYER_,
    EV_TARGET_,
    EV_X_,
    MOVERS,
    N_PLAYERS,
    OBJ,
    ORDER,
    REJECTED,
    STACK_CONTROLLER,
    STACK_DATA,
    STACK_KIND,
    STACK_OBJ,
    STACK_SOURCE,
    T_ACT_AMOUNT,
    T_ACT_BY_X,
    T_ACT_EACH_PLAYER,
    T_ACT_KEYWORD_BITS,
    T_ACT_KIND,
    T_ACT_PERSIST,
    T_ACT_POWER,
    T_ACT_TAP,
    T_ACT_TOUGHNESS,
    T_ACT_TPL,
    T_ACT_UNDYING,
    T_ACT_WITHOUT_FLYING,
    T_IS_ARTIFACT,
    T_IS_ENCHANTMENT,
    T_N_ACTIVATED,
    TAPPED,
)
from engine.batch.kernel.tokens import NOT_LISTED, first_named, is_named, names_any
from engine.batch.kernel.zones import clear_movers, leave
from engine.batch.wipe_state import ABILITY, CHOSEN_SLOTS, GRAVEYARD, R_STACK_DEPTH, STACK_DEPTH

# rejection codes (wipe_state.REJECTIONS)
NOT_ON_BATTLEFIELD, SUMMONING_SICK, TAPPED_ALREADY, MISSING_COUNTER = 1, 5, 13, 15
NO_SUCH_ABILITY, COST_CANNOT_BE_PAID, NOTHING_TO_SACRIFICE, ILLEGAL_TARGET = 18, 19, 20, 23
_NONE = 1 << 40


@njit
def chosen(event_rows: np.ndarray, e: int, s: int) -> bool:
    """Whether event ``e`` names slot ``s`` (its ``chosen`` bits: the targets or the permanents
    a player chose for it)."""
    return bool(event_rows[EV_CHOSEN_, e] >> s & 1) if s < CHOSEN_SLOTS else False


@njit
def _fits(
    slot_rows: np.ndarray, card_table: np.ndarray, tpl: int, controller: int, q: int, named: bool
) -> bool:
    """Whether permanent ``q`` fits the template's targets: a creature you control (to
    sacrifice), a tapped one you control (to untap), a creature it can target (to gain a
    keyword: yours unless some are named; 702.11b)."""
    if not is_creature(slot_rows, q):
        return False
    mine = bool(slot_rows[CONTROLLER, q] == controller)
    if tpl == tb.ACT_UNTAP_TARGET_CREATURE:
        return mine and slot_rows[TAPPED, q] != 0
    if tpl == tb.ACT_TARGETS_GAIN_KEYWORD:
        return (named or mine) and can_target(slot_rows, card_table, q, controller)
    return mine


@njit
def _each_target(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
    s: int,
    tpl: int,
    controller: int,
    many: bool,
) -> int:
    """Mark in ``work``'s MOVERS the permanents the ability of ``s`` affects: the named ones
    that fit (tokens by their ids; a player named is a choice too, and names none of them),
    else by the listed policy all that fit (``many``) or the first in board order; return
    how many."""
    clear_movers(work)
    named = event_rows[EV_CHOSEN_, e] != 0 or event_rows[EV_CHOSEN_PLAYER_, e] >= 0
    named = named or names_any(trial_vars, s)
    first, first_order, count = -1, _NONE, 0
    for q in range(slot_rows.shape[1]):
        if not _fits(slot_rows, card_table, tpl, controller, q, named):
            continue
        if named:
            work[MOVERS, q] = is_named(slot_rows, trial_vars, work, event_rows[EV_CHOSEN_, e], s, q)
        elif many:
            work[MOVERS, q] = 1
        elif slot_rows[ORDER, q] < first_order:
            first, first_order = q, slot_rows[ORDER, q]
    if first >= 0:
        work[MOVERS, first] = 1
    for q in range(slot_rows.shape[1]):
        count += work[MOVERS, q] != 0
    return count


@njit
def _any_target(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
    s: int,
    controller: int,
) -> int:
    """CR 115.4 "any target", chosen as the ability is activated: the first named that is
    there (a scenario's names in order, ``tokens.first_named``: a player named before any
    permanent that is there is the target), else the next player in turn order; a drawn
    trial names a player or slots (bits). Encoded as data: a player p as ``p``, a permanent
    as ``16 + slot + obj * 2^16``."""
    q = first_named(slot_rows, trial_vars, work, card_table, s, controller, True)
    if q == NOT_LISTED:  # a drawn trial names a player or slots, never both
        q = _first_chosen(slot_rows, event_rows, e)
    if q >= 0:
        return int(16 + q + (slot_rows[OBJ, q] << 16))
    if event_rows[EV_CHOSEN_PLAYER_, e] >= 0:
        return int(event_rows[EV_CHOSEN_PLAYER_, e])
    return int((controller + 1) % trial_vars[N_PLAYERS])


@njit
def _first_chosen(slot_rows: np.ndarray, event_rows: np.ndarray, e: int) -> int:
    """The first slot event ``e``'s chosen bits name that is still there, -1 if none."""
    for q in range(slot_rows.shape[1]):
        if chosen(event_rows, e, q) and is_alive(slot_rows, q):
            return q
    return -1


@njit
def _check(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
    s: int,
    k: int,
) -> int:
    """The first cost that cannot be paid, 0 if all can (602.2b, 118.3)."""
    c = slot_rows[CARD, s]
    tpl, kind = card_table[T_ACT_TPL + k, c], card_table[T_ACT_KIND + k, c]
    if card_table[T_ACT_TAP + k, c]:
        if slot_rows[TAPPED, s]:
            return TAPPED_ALREADY
        if not can_tap_for_cost(slot_rows, card_table, s):
            return SUMMONING_SICK
    if tpl == tb.ACT_REMOVE_COUNTER_PING and slot_rows[counter_row(kind), s] < 1:
        return MISSING_COUNTER
    if tpl == tb.ACT_UNTAP_SELF_PUT_COUNTER and is_prohibited(
        slot_rows, work, card_table, s, kind, False
    ):
        return COST_CANNOT_BE_PAID  # no counter can be put: the cost can't be paid
    controller = slot_rows[CONTROLLER, s]
    if tpl == tb.ACT_SACRIFICE_OUTLET and not _each_target(
        slot_rows, trial_vars, work, card_table, event_rows, e, s, tpl, controller, False
    ):
        return NOTHING_TO_SACRIFICE
    targets = tpl in (
        tb.ACT_REMOVE_COUNTER_PING, tb.ACT_TARGETS_GAIN_KEYWORD, tb.ACT_UNTAP_TARGET_CREATURE
    )  # fmt: skip
    for q in range(slot_rows.shape[1]):  # 601.2c: a named permanent it can't target
        named = targets and chosen(event_rows, e, q) and is_alive(slot_rows, q)
        if named and not can_target(slot_rows, card_table, q, controller):
            return ILLEGAL_TARGET
    if targets and first_named(slot_rows, trial_vars, work, card_table, s, controller, False) >= 0:
        return ILLEGAL_TARGET  # ... a token among them (named in order)
    return 0


@njit
def _pay(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
    s: int,
    k: int,
) -> int:
    """Pay the costs ``_check`` passed; returns the ability's data (its target, if any)."""
    c, controller = slot_rows[CARD, s], slot_rows[CONTROLLER, s]
    tpl, kind = card_table[T_ACT_TPL + k, c], card_table[T_ACT_KIND + k, c]
    if card_table[T_ACT_TAP + k, c]:
        slot_rows[TAPPED, s] = 1
    data = 0
    if tpl == tb.ACT_REMOVE_COUNTER_PING:
        slot_rows[counter_row(kind), s] -= 1
        mark_changed(work, s)
        data = _any_target(slot_rows, trial_vars, work, card_table, event_rows, e, s, controller)
    elif tpl == tb.ACT_UNTAP_SELF_PUT_COUNTER:
        put_counters(slot_rows, trial_vars, work, card_table, s, kind, 1, False, True)  # 602.2b
    elif tpl == tb.ACT_SACRIFICE_OUTLET:
        _each_target(
            slot_rows, trial_vars, work, card_table, event_rows, e, s, tpl, controller, False
        )
        leave(slot_rows, trial_vars, work, card_table, GRAVEYARD)  # 701.21a
    return data


@njit
def activate(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
) -> None:
    """CR 602.2: check and pay the costs of ability ``ev_ability`` of the event's permanent,
    then put it on the stack; or reject the action (it then changes nothing)."""
    s, k = event_rows[EV_TARGET_, e], event_rows[EV_ABILITY_, e]
    if s < 0 or s >= slot_rows.shape[1] or not is_alive(slot_rows, s):
        event_rows[REJECTED, e] = NOT_ON_BATTLEFIELD
        return
    if k < 0 or k >= card_table[T_N_ACTIVATED, slot_rows[CARD, s]]:
        event_rows[REJECTED, e] = NO_SUCH_ABILITY
        return
    code = _check(slot_rows, trial_vars, work, card_table, event_rows, e, s, k)
    if code:
        event_rows[REJECTED, e] = code
        return
    data = _pay(slot_rows, trial_vars, work, card_table, event_rows, e, s, k)
    h = work[COUNT, HEIGHT]
    if h >= STACK_DEPTH:
        unsupported(trial_vars, R_STACK_DEPTH)
        return
    work[STACK_KIND, h], work[STACK_SOURCE, h] = ABILITY, s
    work[STACK_DATA, h] = data << 16 | e << 4 | k  # the target; the event (for its choices)
    work[STACK_CONTROLLER, h], work[STACK_OBJ, h] = slot_rows[CONTROLLER, s], slot_rows[OBJ, s]
    work[COUNT, HEIGHT] = h + 1


@njit
def _ping(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    obj: int,
    target: int,
    amount: int,
) -> None:
    """Damage to the target chosen on activation: a player (120.3a), or a permanent still
    there (``damage_creature``); with the keywords of its source if it is still there."""
    here = is_alive(slot_rows, s) and slot_rows[OBJ, s] == obj
    kw = keywords(slot_rows, card_table, s) if here else 0
    controller = slot_rows[CONTROLLER, s]
    if target < 16:
        change_life(trial_vars, target, -amount)
        if amount > 0:
            lifelink(trial_vars, kw, controller, amount)
        humans(slot_rows, trial_vars, work, card_table, s, obj, target, 0)
        return
    q, q_obj = (target - 16) & 0xFFFF, (target - 16) >> 16
    if is_creature(slot_rows, q) and slot_rows[OBJ, q] == q_obj and amount > 0:
        damage_creature(slot_rows, trial_vars, work, card_table, q, amount, kw)
        lifelink(trial_vars, kw, controller, amount)


@njit
def _on_targets(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    s: int,
    data: int,
    controller: int,
) -> None:
    """The effects on chosen permanents, chosen as the ability resolves: gain a keyword until
    end of turn (Cauldron of Souls), untap a creature (Thousand-Year Elixir)."""
    k, e = data & 15, data >> 4 & 4095
    c = slot_rows[CARD, s]
    tpl = card_table[T_ACT_TPL + k, c]
    _each_target(
        slot_rows,
        trial_vars,
        work,
        card_table,
        event_rows,
        e,
        s,
        tpl,
        controller,
        tpl == tb.ACT_TARGETS_GAIN_KEYWORD,
    )
    for q in range(slot_rows.shape[1]):
        if work[MOVERS, q] and tpl == tb.ACT_UNTAP_TARGET_CREATURE:
            slot_rows[TAPPED, q] = 0  # 701.26b
        elif work[MOVERS, q]:
            slot_rows[EOT_PERSIST, q] += card_table[T_ACT_PERSIST + k, c]
            slot_rows[EOT_UNDYING, q] += card_table[T_ACT_UNDYING + k, c]
            slot_rows[EOT_KEYWORDS, q] |= card_table[T_ACT_KEYWORD_BITS + k, c]
    clear_movers(work)


@njit
def _destroy_all(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> None:
    """Nevinyrral's Disk: every artifact, creature and enchantment, itself too (701.8a)."""
    clear_movers(work)
    for q in range(slot_rows.shape[1]):
        c = slot_rows[CARD, q]
        work[MOVERS, q] = is_creature(slot_rows, q) or (
            c >= 0
            and is_alive(slot_rows, q)
            and (card_table[T_IS_ARTIFACT, c] or card_table[T_IS_ENCHANTMENT, c]) != 0
        )
    destroy(slot_rows, trial_vars, work, card_table)


@njit
def _until_end_of_turn(
    slot_rows: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    k: int,
    tpl: int,
    here: bool,
) -> None:
    """Deep Water's lands produce {U} (611.2a), or Restless Apparition gets +N/+N, locked to
    the object (611.2c, only if it is still there): until end of turn."""
    c = slot_rows[CARD, s]
    if tpl == tb.ACT_LANDS_PRODUCE:
        slot_rows[EFFECT_ON, s] = 1
    elif here:
        slot_rows[EOT_POWER, s] += card_table[T_ACT_POWER + k, c]
        slot_rows[EOT_TOUGHNESS, s] += card_table[T_ACT_TOUGHNESS + k, c]
        mark_changed(work, s)


@njit
def _damage_each(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    obj: int,
    k: int,
    x: int,
) -> None:
    """Pestilence: damage to each creature (without flying: Ashen Firebeast), and to each
    player with ``each player``, all at once (120.3e, 120.3a); with the keywords of its source
    if it is still there (wither, deathtouch, lifelink: as ``_ping``), none if it left. Crypt
    Rats: the amount times the X announced as it was activated (602.2b)."""
    c = slot_rows[CARD, s]
    amount = card_table[T_ACT_AMOUNT + k, c] * (x if card_table[T_ACT_BY_X + k, c] else 1)
    if amount <= 0:
        return
    here = is_alive(slot_rows, s) and slot_rows[OBJ, s] == obj
    kw = keywords(slot_rows, card_table, s) if here else 0
    controller = slot_rows[CONTROLLER, s]
    spared = card_table[T_ACT_WITHOUT_FLYING + k, c] != 0
    for q in range(slot_rows.shape[1]):
        if not is_creature(slot_rows, q):
            continue
        if spared and keywords(slot_rows, card_table, q) & FLYING:
            continue
        damage_creature(slot_rows, trial_vars, work, card_table, q, amount, kw)
        lifelink(trial_vars, kw, controller, amount)
    for p in range(trial_vars[N_PLAYERS] if card_table[T_ACT_EACH_PLAYER + k, c] else 0):
        change_life(trial_vars, p, -amount)
        lifelink(trial_vars, kw, controller, amount)
        if here:
            humans(slot_rows, trial_vars, work, card_table, s, obj, p, 0)


@njit
def resolve_ability(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    s: int,
    data: int,
    controller: int,
    obj: int,
) -> None:
    """CR 608.2: the effect of an activated ability; its source, if needed, only if it is
    still the same object (400.7)."""
    k, target = data & 15, data >> 16
    c = slot_rows[CARD, s]
    tpl, kind = card_table[T_ACT_TPL + k, c], card_table[T_ACT_KIND + k, c]
    here = is_alive(slot_rows, s) and slot_rows[OBJ, s] == obj
    if tpl == tb.ACT_COUNTER_ON_SELF and here:
        put_counters(slot_rows, trial_vars, work, card_table, s, kind, 1, False, False)
    elif tpl == tb.ACT_REMOVE_COUNTER_PING:
        amount = card_table[T_ACT_AMOUNT + k, c]
        _ping(slot_rows, trial_vars, work, card_table, s, obj, target, amount)
    elif tpl == tb.ACT_UNTAP_SELF_PUT_COUNTER and here:
        slot_rows[TAPPED, s] = 0  # 701.26b
    elif tpl == tb.ACT_TARGETS_GAIN_KEYWORD or tpl == tb.ACT_UNTAP_TARGET_CREATURE:
        _on_targets(slot_rows, trial_vars, work, card_table, event_rows, s, data, controller)
    elif tpl == tb.ACT_LANDS_PRODUCE or tpl == tb.ACT_PUMP_SELF:
        _until_end_of_turn(slot_rows, work, card_table, s, k, tpl, here)
    else:
        x = event_rows[EV_X_, data >> 4 & 4095]  # the X its activation announced (``activate``)
        _to_each(slot_rows, trial_vars, work, card_table, s, k, controller, obj, x)


@njit
def _to_each(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    k: int,
    controller: int,
    obj: int,
    x: int,
) -> None:
    """The effects of ability ``k`` of slot ``s`` (activated with ``x``) on each creature its
    controller controls (Leyline of Abundance), or on each one at all (Nevinyrral's Disk,
    Pestilence)."""
    c = slot_rows[CARD, s]
    tpl, kind = card_table[T_ACT_TPL + k, c], card_table[T_ACT_KIND + k, c]
    if tpl == tb.ACT_COUNTER_ON_EACH_YOURS:
        for q in range(slot_rows.shape[1]):
            if is_creature(slot_rows, q) and slot_rows[CONTROLLER, q] == controller:
                put_counters(slot_rows, trial_vars, work, card_table, q, kind, 1, False, False)
    elif tpl == tb.ACT_DESTROY_ALL:
        _destroy_all(slot_rows, trial_vars, work, card_table)
    elif tpl == tb.ACT_DAMAGE_EACH:
        _damage_each(slot_rows, trial_vars, work, card_table, s, obj, k, x)
