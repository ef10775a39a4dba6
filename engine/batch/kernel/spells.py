"""The wipe spells (CR 608.2): what each ``tables.SPELL`` code does as it resolves, then where
the card goes (608.2n). A spell reads the battlefield as it resolves."""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.characteristics import is_alive, is_creature
from engine.batch.kernel.combat import mark_damage
from engine.batch.kernel.counters import put_counters
from engine.batch.kernel.destroy import destroy
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.keywords import FLYING, keywords
from engine.batch.kernel.life import change_life
from engine.batch.kernel.mana.effects import lands_produce_spell
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    EV_BY_,
    EV_CARD_,
    EV_CHOSEN_,
    EV_MODE_,
    EV_X_,
    EXILE_IF_DIES,
    LAYOUT,
    MOVERS,
    N_PLAYERS,
    ORDER,
    SKIP_UNTAP,
    SPELL_ARRIVAL,
    SPELL_ARRIVAL_SUB,
    SPELL_ZONE,
    T_EXILE_ALL_GY,
    T_EXILE_OPP_GY,
    T_IS_ARTIFACT,
    T_IS_COLORED,
    T_IS_ENCHANTMENT,
    T_IS_LAND,
    T_IS_PLANESWALKER,
    T_MANA_VALUE,
    T_SPELL,
    T_SPELL_AMOUNT,
    T_SPELL_BY_X,
    T_SPELL_EACH_PLAYER,
    T_SPELL_EXCEPT_BIT,
    T_SPELL_EXILE_IF_DIES,
    T_SPELL_KIND,
    T_SPELL_LIFE_PER,
    T_SPELL_MAX_MV,
    T_SPELL_NOT_YOURS,
    T_SPELL_ONLY_YOURS,
    T_SPELL_PER_BIT,
    T_SPELL_PERMANENTS,
    T_SPELL_PRODUCE,
    T_SPELL_SKIP_UNTAP,
    T_SPELL_TO_LIBRARY,
    T_SPELL_TOUGHNESS,
    T_SPELL_WITHOUT_FLYING,
    T_SUBTYPE_BITS,
)
from engine.batch.kernel.tokens import is_named
from engine.batch.kernel.triggers import SPELL_GAINS, gains_of, weaken
from engine.batch.kernel.zones import arrival, clear_movers, exile_graveyards, leave
from engine.batch.wipe_state import EXILE, GRAVEYARD, HAND, LIBRARY

DESTROY_ALL, DAMAGE_EACH, SHRINK_ALL, COUNTERS_EACH, EXILE_MODAL, BOUNCE_ALL, SAC_COLORED = (
    1,
    2,
    3,
    4,
    5,
    6,
    7,
)  # fmt: skip  (tables.SPELL codes)
BOUNCE_PERMANENTS, EXILE_CREATURES, TO_LIBRARY, DESTROY_NONLAND, EACH_SACRIFICES = (
    8, 9, 10, 11, 12,
)  # fmt: skip
DAMAGE_MODAL = 13
NO_MASS_EFFECT = tb.NO_MASS_EFFECT
CREATURES_MODE, PLAYERS_MODE = 2, 32  # tables.MODE_BITS
_UNNAMED, _NONE = 1 << 32, 1 << 40  # sort keys past any board order


@njit
def _all_leave(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    code: int,
) -> None:
    """Every creature to its owner's hand (Evacuation, 400.7), exile (Final Judgment, 406.2)
    or library bottom (Hallowed Burial, 401.4); every permanent to its owner's hand
    (Upheaval, 400.7); every nonland permanent destroyed (Planar Cleansing, 701.8a)."""
    dest = GRAVEYARD
    if code in (BOUNCE_ALL, BOUNCE_PERMANENTS):
        dest = HAND
    elif code == EXILE_CREATURES:
        dest = EXILE
    elif code == TO_LIBRARY:
        dest = LIBRARY
    creatures = code in (BOUNCE_ALL, EXILE_CREATURES, TO_LIBRARY)
    clear_movers(work)
    for s in range(slot_rows.shape[1]):
        c = slot_rows[CARD, s]
        if creatures:
            work[MOVERS, s] = is_creature(slot_rows, s)
        else:
            work[MOVERS, s] = (
                c >= 0
                and is_alive(slot_rows, s)
                and not (code == DESTROY_NONLAND and card_table[T_IS_LAND, c])
            )
    if code == DESTROY_NONLAND:
        destroy(slot_rows, trial_vars, work, card_table)
    else:
        leave(slot_rows, trial_vars, work, card_table, dest)


@njit
def _destroy_all(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    c: int,
    by: int,
) -> None:
    """CR 701.8a: the creatures the spell names (those the caster doesn't control; mana value
    N or less, X counting 0: 202.3e), and Fumigate's life for each creature destroyed (not
    one with indestructible, 702.12b)."""
    clear_movers(work)
    most = card_table[T_SPELL_MAX_MV, c]
    for s in range(slot_rows.shape[1]):
        k = slot_rows[CARD, s]
        work[MOVERS, s] = (
            is_creature(slot_rows, s)
            and not (card_table[T_SPELL_NOT_YOURS, c] and slot_rows[CONTROLLER, s] == by)
            and (most < 0 or card_table[T_MANA_VALUE, k] <= most)
        )
    destroyed = destroy(slot_rows, trial_vars, work, card_table)
    change_life(trial_vars, by, card_table[T_SPELL_LIFE_PER, c] * destroyed)  # CR 119.3


@njit
def _damage_each(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    card_table: np.ndarray,
    c: int,
    x: int,
    mode: int,
) -> None:
    """Anger of the Gods: damage to each creature (120.3e), exiled instead if it would die
    this turn (614.1a, locked to the object); Earthquake: X, only to creatures without
    flying; Inferno: to each player too (120.3a); Slagstorm: to the chosen mode's (700.2)."""
    amount = card_table[T_SPELL_AMOUNT, c] * (x if card_table[T_SPELL_BY_X, c] else 1)
    modal = card_table[T_SPELL, c] == DAMAGE_MODAL
    creatures = not modal or mode & CREATURES_MODE != 0
    players = mode & PLAYERS_MODE != 0 if modal else card_table[T_SPELL_EACH_PLAYER, c] != 0
    for s in range(slot_rows.shape[1] if creatures else 0):
        if not is_creature(slot_rows, s):
            continue
        if card_table[T_SPELL_WITHOUT_FLYING, c] and keywords(slot_rows, card_table, s) & FLYING:
            continue
        if card_table[T_SUBTYPE_BITS, slot_rows[CARD, s]] & card_table[T_SPELL_EXCEPT_BIT, c]:
            continue  # Fiery Cannonade: not to a Pirate (205.3m)
        if amount > 0:
            mark_damage(slot_rows, trial_vars, s, amount)
        slot_rows[EXILE_IF_DIES, s] |= card_table[T_SPELL_EXILE_IF_DIES, c]
    if players and amount > 0:
        for p in range(trial_vars[N_PLAYERS]):
            change_life(trial_vars, p, -amount)


@njit
def _yours_of_subtype(slot_rows: np.ndarray, card_table: np.ndarray, by: int, bit: int) -> int:
    """Mutilate's count, once as it resolves (608.2h): the permanents ``by`` controls whose
    card has the subtype of ``bit``."""
    n = 0
    for s in range(slot_rows.shape[1]):
        k = slot_rows[CARD, s]
        if k >= 0 and is_alive(slot_rows, s) and slot_rows[CONTROLLER, s] == by:
            n += (card_table[T_SUBTYPE_BITS, k] & bit) != 0
    return n


@njit
def _each_player_sacrifices(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
    c: int,
) -> None:
    """Innocent Blood: each player (or each opponent of the caster) chooses N creatures they
    control (the named ones first, tokens by their ids, then the first in board order), then
    all are sacrificed at once (101.4, 701.21a)."""
    clear_movers(work)
    spell, bits = work[LAYOUT, 0] + e, event_rows[EV_CHOSEN_, e]  # its names: slot, bits
    for p in range(trial_vars[N_PLAYERS]):
        if card_table[T_SPELL_NOT_YOURS, c] and p == event_rows[EV_BY_, e]:
            continue
        for _ in range(card_table[T_SPELL_AMOUNT, c]):
            best, best_key = -1, _NONE
            for q in range(slot_rows.shape[1]):
                if work[MOVERS, q] or not is_creature(slot_rows, q):
                    continue
                if slot_rows[CONTROLLER, q] != p:
                    continue
                named = is_named(slot_rows, trial_vars, work, bits, spell, q)
                key = slot_rows[ORDER, q] + (0 if named else _UNNAMED)
                if key < best_key:
                    best, best_key = q, key
            if best >= 0:
                work[MOVERS, best] = 1
    leave(slot_rows, trial_vars, work, card_table, GRAVEYARD)


@njit
def _counters_each(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    c: int,
    x: int,
) -> None:
    """Black Sun's Zenith: X counters of the spell's kind on each creature (122.1)."""
    for s in range(slot_rows.shape[1]):
        work[MOVERS, s] = is_creature(slot_rows, s)  # the creatures as the spell resolves
    for s in range(slot_rows.shape[1]):
        if work[MOVERS, s]:
            kind = card_table[T_SPELL_KIND, c]
            put_counters(slot_rows, trial_vars, work, card_table, s, kind, x, False, False)


@njit
def _exile_modal(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    mode: int,
) -> None:
    """Farewell / Merciless Eviction: exile the chosen modes' permanents (406.2), and with
    the graveyards mode every card in every graveyard."""
    clear_movers(work)
    for s in range(slot_rows.shape[1]):
        c = slot_rows[CARD, s]
        if c >= 0 and is_alive(slot_rows, s):
            work[MOVERS, s] = (
                (is_creature(slot_rows, s) and mode & 2 > 0)
                or (card_table[T_IS_ARTIFACT, c] and mode & 1 > 0)
                or (card_table[T_IS_ENCHANTMENT, c] and mode & 4 > 0)
                or (card_table[T_IS_PLANESWALKER, c] and mode & 8 > 0)
            )
    leave(slot_rows, trial_vars, work, card_table, EXILE)
    if mode & 16:
        exile_graveyards(slot_rows, trial_vars, event_rows)


@njit
def _sacrifice_colored(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> None:
    """All Is Dust: each player sacrifices the colored permanents they control (701.21a)."""
    clear_movers(work)
    for s in range(slot_rows.shape[1]):
        c = slot_rows[CARD, s]
        work[MOVERS, s] = c >= 0 and is_alive(slot_rows, s) and card_table[T_IS_COLORED, c]
    leave(slot_rows, trial_vars, work, card_table, GRAVEYARD)


@inline
def resolve_spell(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
) -> None:
    """Do what the event's instant or sorcery says: its ``tables.SPELL`` code, then what
    lasts (lands produce another type, lands skip their untap), then the card to its zone."""
    c, by = event_rows[EV_CARD_, e], event_rows[EV_BY_, e]
    code = card_table[T_SPELL, c]
    if code != NO_MASS_EFFECT:
        _mass_effect(slot_rows, trial_vars, work, card_table, event_rows, e, code)
    if card_table[T_SPELL_PRODUCE, c] >= 0:  # Pale Moon: lands produce another type (611.2c)
        lands_produce_spell(event_rows, e)
    if card_table[T_SPELL_SKIP_UNTAP, c]:  # Bontu's Last Reckoning (502.3)
        trial_vars[SKIP_UNTAP + by] = 1
    card_to_zone(slot_rows, trial_vars, card_table, event_rows, e)


@inline
def _mass_effect(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
    code: int,
) -> None:
    """The spell's one ``tables.SPELL`` code: a wipe, damage or -N/-N to each, counters on
    each, creatures or permanents leaving, sacrifices."""
    c, x, by = event_rows[EV_CARD_, e], event_rows[EV_X_, e], event_rows[EV_BY_, e]
    if code == DESTROY_ALL:
        _destroy_all(slot_rows, trial_vars, work, card_table, c, by)
    elif code in (DAMAGE_EACH, DAMAGE_MODAL):
        _damage_each(slot_rows, trial_vars, card_table, c, x, event_rows[EV_MODE_, e])
    elif code == SHRINK_ALL:
        # Toxic Deluge: creatures get -N/-N (or -X/-X) until end of turn (611.2c: locked in);
        # Cower in Fear: only the creatures of the caster's opponents (scope 1); Solidarity:
        # only the caster's (scope 3); Mutilate: times the caster's Swamps; Overrun: and
        # trample; Heroic Intervention: every permanent of the caster's, keywords only
        times = x if card_table[T_SPELL_BY_X, c] else 1
        if card_table[T_SPELL_PER_BIT, c]:
            times *= _yours_of_subtype(slot_rows, card_table, by, card_table[T_SPELL_PER_BIT, c])
        power = card_table[T_SPELL_AMOUNT, c] * times
        toughness = card_table[T_SPELL_TOUGHNESS, c] * times
        theirs, mine = card_table[T_SPELL_NOT_YOURS, c], card_table[T_SPELL_ONLY_YOURS, c]
        scope = 1 if theirs else 3 if mine else 2  # the opponents', the caster's, all
        permanents = card_table[T_SPELL_PERMANENTS, c] != 0
        gains = gains_of(card_table, c, SPELL_GAINS)
        weaken(slot_rows, work, -1, -1, by, scope, power, toughness, gains, permanents)
    elif code == COUNTERS_EACH:
        _counters_each(slot_rows, trial_vars, work, card_table, c, x)
    elif code == EXILE_MODAL:
        _exile_modal(slot_rows, trial_vars, work, card_table, event_rows, event_rows[EV_MODE_, e])
    elif code == SAC_COLORED:
        _sacrifice_colored(slot_rows, trial_vars, work, card_table)
    elif code == EACH_SACRIFICES:
        _each_player_sacrifices(slot_rows, trial_vars, work, card_table, event_rows, e, c)
    else:
        _all_leave(slot_rows, trial_vars, work, card_table, code)


@inline
def card_to_zone(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    e: int,
) -> None:
    """CR 608.2n: the card goes to its owner's graveyard (or library), unless replaced
    (614.1a: Rest in Peace, an opponent's Leyline of the Void), arriving there now (404.2)."""
    c, by = event_rows[EV_CARD_, e], event_rows[EV_BY_, e]
    exiled = False
    for s in range(slot_rows.shape[1]):
        k = slot_rows[CARD, s]
        if k >= 0 and is_alive(slot_rows, s):
            opponents = card_table[T_EXILE_OPP_GY, k] and slot_rows[CONTROLLER, s] != by
            exiled |= card_table[T_EXILE_ALL_GY, k] != 0 or opponents
    to = EXILE if exiled else GRAVEYARD
    event_rows[SPELL_ZONE, e] = LIBRARY if card_table[T_SPELL_TO_LIBRARY, c] else to
    event_rows[SPELL_ARRIVAL, e], event_rows[SPELL_ARRIVAL_SUB, e] = arrival(trial_vars), 0
