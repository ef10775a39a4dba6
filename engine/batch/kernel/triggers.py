"""Resolving the top of the stack (CR 608.2): triggered abilities by kind code, and
activated abilities (``activated``)."""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.activated import resolve_ability
from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.characteristics import (
    is_alive,
    is_creature,
    mark_changed,
    power,
    refresh,
)
from engine.batch.kernel.combat import damage_creature, humans, lifelink, source_keywords
from engine.batch.kernel.counters import counter_row
from engine.batch.kernel.destroy import destroy
from engine.batch.kernel.jit import ZERO, inline, njit
from engine.batch.kernel.life import change_life
from engine.batch.kernel.mana.effects import sacrifice_unless
from engine.batch.kernel.stack import BELOW_PART, HEIGHT, PART_SHIFT
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    COUNT,
    DELAYED_CARD,
    DELAYED_CONTROLLER,
    DELAYED_OBJ,
    DELAYED_SOURCE,
    EOT_KEYWORDS,
    EOT_PERSIST,
    EOT_POWER,
    EOT_TOUGHNESS,
    EOT_UNDYING,
    LAST_KNOWN_OBJ,
    LAST_KNOWN_POWER,
    LAYOUT,
    MOVERS,
    N_PLAYERS,
    N_RETURNED,
    OBJ,
    OWNER,
    PING_TARGET,
    PREVIOUS_TURNS,
    RETURNED_SLOT,
    RETURNS_RECORDED,
    STACK_CONTROLLER,
    STACK_DATA,
    STACK_KIND,
    STACK_OBJ,
    STACK_SOURCE,
    STAMP,
    T_ATTACK_KEYWORD,
    T_ATTACK_PERSIST,
    T_ATTACK_UNDYING,
    T_DEATH_GAIN,
    T_DEATH_LIFE,
    T_DEATH_LOSER,
    T_DIES_TOKENS,
    T_ETB_DRAIN,
    T_ETB_LIFE,
    T_ETB_P,
    T_ETB_REPEAT,
    T_ETB_SCOPE,
    T_ETB_T,
    T_LEAVES_TOKENS,
    T_SPELL_KEYWORDS,
    T_SPELL_PERSIST,
    T_SPELL_UNDYING,
    T_UPKEEP_REMOVE,
    TOKEN,
    ZONE,
)
from engine.batch.kernel.zones import (
    clear_movers,
    create_tokens,
    exile_graveyards,
    graveyard_order,
    leave,
    reanimate,
    return_card,
)
from engine.batch.wipe_state import (
    ABILITY,
    ATTACKS,
    BATTLEFIELD,
    DELAYED,
    DESTROY_HUMAN,
    DIES,
    EFFECTS,
    END_STEP,
    ETB,
    GRAVEYARD,
    GRAVEYARD_ENTER,
    HAND,
    LEAVES,
    LIFE_LOSS,
    LKI_RING,
    PERSIST,
    R_DRAWS_A_CARD,
    R_EFFECTS,
    R_LAST_KNOWN,
    R_RETURNS,
    UNDYING,
    UPKEEP,
)

NO_GAINS = (ZERO, ZERO, ZERO)  # ``weaken``'s gains of a change to P/T alone
# the card columns of the keywords an effect gives until end of turn (``gains_of``), as
# ``tables.gained_until_eot`` fills them: Pyreheart Wolf's attack trigger, Overrun's spell
ATTACK_GAINS = (T_ATTACK_KEYWORD, T_ATTACK_PERSIST, T_ATTACK_UNDYING)
SPELL_GAINS = (T_SPELL_KEYWORDS, T_SPELL_PERSIST, T_SPELL_UNDYING)


@inline
def gains_of(card_table: np.ndarray, c: int, columns: tuple[int, int, int]) -> tuple[int, int, int]:
    """``weaken``'s gains from card ``c``'s ``columns`` (ATTACK_GAINS, SPELL_GAINS)."""
    keyword, persist, undying = columns
    return card_table[keyword, c], card_table[persist, c], card_table[undying, c]


@inline
def weaken(
    slot_rows: np.ndarray,
    work: np.ndarray,
    src: int,
    obj: int,
    ctrl: int,
    scope: int,
    power: int,
    toughness: int,
    gains: tuple[int, int, int],
    permanents: bool,
) -> None:
    """Creatures get ``power``/``toughness`` and gain keywords until end of turn, the set
    locked in as it resolves (611.2c): scope 0 every other creature, 1 the opponents'
    creatures, 2 all creatures, 3 ``ctrl``'s; with ``permanents``, every permanent of the
    scope (Heroic Intervention: keywords only). ``gains``: the KEYWORD_BITS, and the instances
    of persist and undying (702.79b), as ``tables.gained_until_eot`` reads them."""
    bits, persist, undying = gains
    for s in range(slot_rows.shape[1]):
        if not (is_alive(slot_rows, s) if permanents else is_creature(slot_rows, s)):
            continue
        if scope == 0 and s == src and slot_rows[OBJ, s] == obj:
            continue
        if scope == 1 and slot_rows[CONTROLLER, s] == ctrl:
            continue
        if scope == 3 and slot_rows[CONTROLLER, s] != ctrl:
            continue
        slot_rows[EOT_POWER, s] += power
        slot_rows[EOT_TOUGHNESS, s] += toughness
        slot_rows[EOT_KEYWORDS, s] |= bits
        slot_rows[EOT_PERSIST, s] += persist
        slot_rows[EOT_UNDYING, s] += undying
        mark_changed(work, s)


@inline
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
    if r >= work[LAYOUT, RETURNS_RECORDED]:  # past the returns recorded: unsupported
        unsupported(trial_vars, R_RETURNS)
        return
    trial_vars[RETURNED_SLOT + r] = s
    trial_vars[RETURNED_SLOT + work[LAYOUT, RETURNS_RECORDED] + r] = kind
    trial_vars[N_RETURNED] = r + 1


@njit
def _named_player(
    slot_rows: np.ndarray, trial_vars: np.ndarray, s: int, ctrl: int, opponent: bool
) -> int:
    """The player named for slot ``s``'s trigger (``ping_target``), else the next player in
    turn order; for "target opponent" (115.1) its controller named does not count."""
    named = slot_rows[PING_TARGET, s]
    if named < 0 or (opponent and named == ctrl):
        return int((ctrl + 1) % trial_vars[N_PLAYERS])
    return int(named)


@njit
def _life_loss(
    slot_rows: np.ndarray, trial_vars: np.ndarray, card_table: np.ndarray, src: int, ctrl: int,
    dying_controller: int,
) -> None:  # fmt: skip
    """A life trigger on a creature's death (``library.death_drain``): each opponent of
    ``ctrl`` in turn order, the target player named for ``src`` (``_named_player``) or the
    dying creature's controller loses life, then ``ctrl`` gains life (119.3)."""
    c = slot_rows[CARD, src]
    amount, loser = card_table[T_DEATH_LIFE, c], card_table[T_DEATH_LOSER, c]
    if loser == tb.EACH_OPPONENT_LOSES:
        for p in range(trial_vars[N_PLAYERS]):
            if p != ctrl:
                change_life(trial_vars, p, -amount)
    elif loser == tb.TARGET_LOSER:
        change_life(trial_vars, _named_player(slot_rows, trial_vars, src, ctrl, False), -amount)
    else:
        change_life(trial_vars, dying_controller, -amount)
    if card_table[T_DEATH_GAIN, c]:
        change_life(trial_vars, ctrl, card_table[T_DEATH_GAIN, c])


@njit
def _ping(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    obj: int,
    data: int,
    player: int,
) -> None:
    """Object ``obj`` of slot ``s`` deals damage equal to its power to any target (608.2h: its
    power now, or as it last existed on the battlefield): the permanent chosen as the trigger
    was put on the stack (``data``, if it is still that object, 608.2b), else ``player``; a
    Human's damage to a player may trigger Mikaeus."""
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
            damage_creature(slot_rows, trial_vars, work, card_table, q, amount, kw)
            lifelink(trial_vars, kw, slot_rows[CONTROLLER, s], amount)
        return
    if amount > 0:
        change_life(trial_vars, player, -amount)  # CR 120.3a
        lifelink(trial_vars, kw, slot_rows[CONTROLLER, s], amount)
        humans(slot_rows, trial_vars, work, card_table, s, obj, player, 0)


@njit
def _graveyard_enter(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    src: int,
    ctrl: int,
    data: int,
) -> None:
    """Flayer of the Hatebound (slot ``src``): the creature that entered (``data``'s low 32
    bits, ``1 + slot + object * 2^16``) deals damage equal to its power to the target chosen
    as the trigger was put on the stack (the bits above them), else to the player named.
    River Kelpie (low bits 0) draws a card: libraries are not modeled (121.1)."""
    creature = data & 0xFFFFFFFF
    if creature == 0:
        unsupported(trial_vars, R_DRAWS_A_CARD)
        return
    q, q_obj = (creature & 0xFFFF) - 1, creature >> 16
    player = _named_player(slot_rows, trial_vars, src, ctrl, False)
    _ping(slot_rows, trial_vars, work, card_table, q, q_obj, data >> 32, player)


@njit
def _destroy_noncreature(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    ctrl: int,
    data: int,
) -> None:
    """Woodfall Primus: destroy the target chosen as it was put on the stack (``data``), if it
    is still that object and still a noncreature permanent its controller does not control
    (608.2b)."""
    q, q_obj = (data & 0xFFFF) - 1, data >> 16
    if slot_rows[OBJ, q] != q_obj or is_creature(slot_rows, q) or slot_rows[CONTROLLER, q] == ctrl:
        return
    _to_graveyard(slot_rows, trial_vars, work, card_table, q, q_obj, True)


@njit
def _return_this_turns_cards(
    slot_rows: np.ndarray, trial_vars: np.ndarray, event_rows: np.ndarray, ctrl: int
) -> None:
    """Twilight Shepherd: every card in ``ctrl``'s graveyard put there this turn goes to
    their hand, in graveyard order (a slot's card reaches a graveyard only from the
    battlefield: spells are not slots)."""
    graveyard_order(slot_rows, trial_vars, event_rows, ctrl)
    for q in range(slot_rows.shape[1]):
        if (
            slot_rows[ZONE, q] == GRAVEYARD
            and slot_rows[OWNER, q] == ctrl
            and not slot_rows[PREVIOUS_TURNS, q]
        ):
            slot_rows[ZONE, q] = HAND


@njit
def _upkeep(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    obj: int,
    ctrl: int,
    part: int,
) -> None:
    """CR 503.1: an "at the beginning of your upkeep" trigger of slot ``s`` resolves (which of
    its abilities: ``part``, a tables.UPKEEP_TEMPLATES code)."""
    if part == tb.PART_REMOVE_COUNTER:
        _remove_counter_each(slot_rows, work, card_table, s, ctrl)
    elif part == tb.PART_SACRIFICE_UNLESS:
        sacrifice_unless(slot_rows, trial_vars, work, card_table, s, obj, ctrl)


@njit
def _remove_counter_each(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, ctrl: int
) -> None:
    """Heartmender: one counter of its kind is removed from each creature its controller
    controls that has one (122.1)."""
    row = counter_row(card_table[T_UPKEEP_REMOVE, slot_rows[CARD, s]])
    for q in range(slot_rows.shape[1]):
        if is_creature(slot_rows, q) and slot_rows[CONTROLLER, q] == ctrl and slot_rows[row, q]:
            slot_rows[row, q] -= 1
            mark_changed(work, q)


@njit
def _etb(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    s: int,
    ctrl: int,
    obj: int,
    data: int,
) -> None:
    """One enters trigger of slot ``s`` (which one: ``data``'s part, see ``stack``): gain life
    (119.3), ping (``_ping``), exile the graveyards (406.2), a target opponent loses life
    (119.3), destroy a target (``_destroy_noncreature``), this turn's dead to the hand, an
    opponent's creature card reanimated (``zones.reanimate``), creatures get -N/-N
    (``_creatures_get``)."""
    c, part, data = slot_rows[CARD, s], data >> PART_SHIFT, data & BELOW_PART
    if part == tb.PART_LIFE:
        change_life(trial_vars, ctrl, card_table[T_ETB_LIFE, c])
    elif part == tb.PART_EXILE_GY:
        exile_graveyards(slot_rows, trial_vars, event_rows)
    elif part == tb.PART_PING:
        player = _named_player(slot_rows, trial_vars, s, ctrl, False)
        _ping(slot_rows, trial_vars, work, card_table, s, obj, data, player)
    elif part == tb.PART_DRAIN:
        player = _named_player(slot_rows, trial_vars, s, ctrl, True)
        change_life(trial_vars, player, -card_table[T_ETB_DRAIN, c])
    elif part == tb.PART_DESTROY:
        _destroy_noncreature(slot_rows, trial_vars, work, card_table, ctrl, data)
    elif part == tb.PART_RETURN_DEAD:
        _return_this_turns_cards(slot_rows, trial_vars, event_rows, ctrl)
    elif part == tb.PART_REANIMATE:
        q, stamp = (data & 0xFFFF) - 1, data >> 16
        if slot_rows[ZONE, q] == GRAVEYARD and slot_rows[STAMP, q] == stamp:  # 608.2b
            reanimate(slot_rows, trial_vars, work, card_table, q, ctrl)
    elif part == tb.PART_CREATURES_GET:
        _creatures_get(slot_rows, trial_vars, work, card_table, s, ctrl, obj)


@njit
def _creatures_get(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray,
    s: int, ctrl: int, obj: int,
) -> None:  # fmt: skip
    """Creatures get -N/-N (``weaken``), and for Massacre Girl, again whenever a creature dies
    this turn: a delayed trigger (603.7)."""
    c = slot_rows[CARD, s]
    scope, power, toughness = (
        card_table[T_ETB_SCOPE, c],
        card_table[T_ETB_P, c],
        card_table[T_ETB_T, c],
    )
    weaken(slot_rows, work, s, obj, ctrl, scope, power, toughness, NO_GAINS, False)
    if not card_table[T_ETB_REPEAT, c]:
        return
    for g in range(EFFECTS):
        if trial_vars[DELAYED_SOURCE + g] < 0:
            trial_vars[DELAYED_SOURCE + g] = s
            trial_vars[DELAYED_OBJ + g] = obj
            trial_vars[DELAYED_CONTROLLER + g] = ctrl
            trial_vars[DELAYED_CARD + g] = c
            return
    unsupported(trial_vars, R_EFFECTS)  # past the documented cap on delayed triggers


@njit
def _to_graveyard(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    obj: int,
    destroys: bool,
) -> None:
    """Object ``obj`` of slot ``s``, if it is still on the battlefield (400.7), destroyed
    (701.8a: ``destroys``) or sacrificed (701.21a): put into its owner's graveyard."""
    if slot_rows[ZONE, s] == BATTLEFIELD and slot_rows[OBJ, s] == obj:
        clear_movers(work)
        work[MOVERS, s] = 1
        if destroys:
            destroy(slot_rows, trial_vars, work, card_table)
        else:
            leave(slot_rows, trial_vars, work, card_table, GRAVEYARD)


@inline
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
        _etb(slot_rows, trial_vars, work, card_table, event_rows, src, ctrl, obj, data)
    elif kind in (DIES, LEAVES):
        made = card_table[T_DIES_TOKENS if kind == DIES else T_LEAVES_TOKENS, slot_rows[CARD, src]]
        create_tokens(slot_rows, trial_vars, work, card_table, src, made, data, ctrl)
    elif kind == LIFE_LOSS:
        _life_loss(slot_rows, trial_vars, card_table, src, ctrl, data)
    elif kind == ABILITY:
        resolve_ability(slot_rows, trial_vars, work, card_table, event_rows, src, data, ctrl, obj)
    elif kind in (ATTACKS, UPKEEP, GRAVEYARD_ENTER, END_STEP):
        _on_event(slot_rows, trial_vars, work, card_table, kind, src, obj, ctrl, data)
    elif kind == DESTROY_HUMAN:
        _to_graveyard(slot_rows, trial_vars, work, card_table, data & 0xFFFF, data >> 16, True)
    elif kind == DELAYED:
        _delayed(slot_rows, trial_vars, work, card_table, data)


@njit
def _on_event(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    kind: int,
    src: int,
    obj: int,
    ctrl: int,
    data: int,
) -> None:
    """The triggers of an attack (508.1m), an upkeep (503.1), an end step (513.1) and a
    creature entering from a graveyard (603.6a)."""
    if kind == ATTACKS:
        # Pyreheart Wolf: creatures ``ctrl`` controls gain the keyword of its attack trigger
        gains = gains_of(card_table, slot_rows[CARD, src], ATTACK_GAINS)
        weaken(slot_rows, work, src, obj, ctrl, 3, ZERO, ZERO, gains, False)
    elif kind == END_STEP:
        _end_step_sacrifice(slot_rows, trial_vars, work, card_table, src, obj)
    elif kind == UPKEEP:
        _upkeep(slot_rows, trial_vars, work, card_table, src, obj, ctrl, data >> PART_SHIFT)
    else:
        _graveyard_enter(slot_rows, trial_vars, work, card_table, src, ctrl, data)


@njit
def _end_step_sacrifice(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    obj: int,
) -> None:
    """Pestilence: sacrificed (701.21a) if still no creature is on the battlefield (603.4 asks
    again as it resolves) and it is still the same object (400.7)."""
    for q in range(slot_rows.shape[1]):
        if is_creature(slot_rows, q):
            return
    _to_graveyard(slot_rows, trial_vars, work, card_table, s, obj, False)


@inline
def _delayed(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray, g: int
) -> None:
    """Massacre Girl's delayed trigger ``g`` (603.7): creatures get -N/-N again."""
    src, obj, ctrl = (
        trial_vars[DELAYED_SOURCE + g],
        trial_vars[DELAYED_OBJ + g],
        trial_vars[DELAYED_CONTROLLER + g],
    )
    c = trial_vars[DELAYED_CARD + g]
    power, toughness = card_table[T_ETB_P, c], card_table[T_ETB_T, c]
    weaken(slot_rows, work, src, obj, ctrl, 0, power, toughness, NO_GAINS, False)
