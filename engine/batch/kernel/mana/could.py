"""What each permanent's mana abilities could produce (CR 106.7), and the types the player
may name for one ability (605.3b).

106.7 is a least fixpoint: start from nothing and grow until stable, so sources that only
reflect each other (two Reflecting Pools) could produce nothing. "Instead" replacement
effects (Contamination, Deep Water, Pale Moon) count in every order: any of them can be the
last, so a permanent they apply to could produce their types; a multiplier keeps the type.
"""

from __future__ import annotations

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.kernel.characteristics import is_alive, is_creature
from engine.batch.kernel.counters import counter_row
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.keywords import controls
from engine.batch.kernel.state import (
    CARD,
    CONTROLLER,
    COULD_PRODUCE,
    COUNT,
    EFFECT_ON,
    EV_BY_,
    EV_CARD_,
    FIXED_TYPES,
    G_GRANT_MANA,
    GATES,
    HAS_MANA,
    INSTEAD_TYPES,
    INSTEAD_YOURS,
    KNOWN,
    LAND_UNIONS,
    LANDS,
    LAYOUT,
    MANA_LISTED,
    MANA_SLOTS,
    MAX_PLAYERS,
    REFLECTING,
    SPELL_ON,
    T_AB_ALL,
    T_AB_BITS,
    T_AB_COLORS_ONLY,
    T_AB_KIND,
    T_AB_OPPONENTS,
    T_AB_SUBTYPE,
    T_AB_TAP,
    T_AB_TPL,
    T_EFFECT_LANDS,
    T_EFFECT_PRODUCE,
    T_GRANT_ANY,
    T_GRANT_ANY_LANDS,
    T_HAS_BOARD_TYPES,
    T_IS_BASIC,
    T_IS_LAND,
    T_IS_REFLECT,
    T_N_AB,
    T_REP_KIND,
    T_REP_LANDS,
    T_REP_PRODUCE,
    T_SPELL_LANDS,
    T_SPELL_PRODUCE,
    T_STATIC_OTHER,
    T_STATIC_TAP,
    T_SUBTYPE_BITS,
)

ALL_TYPES = 0x3F
COLOR_BITS = mt.COLOR_BITS
GRANTED = mt.GRANTED  # the ability column of Cryptolith Rite's granted ability


@inline
def has_granted(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> bool:
    """611.3a: Cryptolith Rite's creatures, Chromatic Lantern's lands, its controller's, have
    "{T}: Add one mana of any color" (never in a batch without such a card: the test
    inlined, the search a call, as ``characteristics.refresh``)."""
    if work[LAYOUT, GATES] & G_GRANT_MANA:
        return _granted_now(slot_rows, card_table, s)
    return False


@njit
def _granted_now(slot_rows: np.ndarray, card_table: np.ndarray, s: int) -> bool:
    ctrl = slot_rows[CONTROLLER, s]
    if is_creature(slot_rows, s) and controls(slot_rows, card_table, T_GRANT_ANY, ctrl):
        return True
    land = card_table[T_IS_LAND, slot_rows[CARD, s]] != 0
    return land and controls(slot_rows, card_table, T_GRANT_ANY_LANDS, ctrl)


@njit
def lands_match(
    slot_rows: np.ndarray, card_table: np.ndarray, scope: int, controller: int, s: int
) -> bool:
    """Whether a "lands produce" effect of ``controller`` covers the permanent in slot ``s``."""
    c = slot_rows[CARD, s]
    if not card_table[T_IS_LAND, c]:
        return False
    if scope == mt.LANDS_YOURS:
        return bool(slot_rows[CONTROLLER, s] == controller)
    if scope == mt.LANDS_NONBASIC:
        return not card_table[T_IS_BASIC, c]
    return True


@njit
def _cover(
    work: np.ndarray, scope: int, ctrl: int, bit: int, every: int, nonbasic: int
) -> tuple[int, int]:
    """One "instead" effect of ``ctrl``'s by the lands it covers (``lands_match``'s scopes):
    every land, nonbasic lands, or ``ctrl``'s own (``work``'s INSTEAD_YOURS)."""
    if scope == mt.LANDS_YOURS:
        work[INSTEAD_YOURS, ctrl] |= bit
        return every, nonbasic
    if scope == mt.LANDS_NONBASIC:
        return every, nonbasic | bit
    return every | bit, nonbasic


@njit
def _instead_sources(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, event_rows: np.ndarray
) -> tuple[int, int]:
    """The types of the "instead" replacement effects that apply when a land is tapped for
    mana (statics, activated effects that last, spells' effects that last), found in one
    pass: those for every land and for nonbasic lands (returned), and by seat for a player's
    own lands (``work``'s INSTEAD_YOURS). Of the slots, those MANA_SLOTS lists (``listed``)."""
    every, nonbasic = 0, 0
    for p in range(MAX_PLAYERS):
        work[INSTEAD_YOURS, p] = 0
    for j in range(work[COUNT, MANA_LISTED]):
        k = work[MANA_SLOTS, j]
        c = slot_rows[CARD, k]
        static = is_alive(slot_rows, k) & (card_table[T_REP_KIND, max(c, 0)] == mt.REP_TYPE)
        effect = (c >= 0) & (slot_rows[EFFECT_ON, k] != 0)
        if not (static | effect):
            continue
        ctrl = slot_rows[CONTROLLER, k]
        if static:
            bit = 1 << card_table[T_REP_PRODUCE, c]
            every, nonbasic = _cover(work, card_table[T_REP_LANDS, c], ctrl, bit, every, nonbasic)
        if effect:
            bit = 1 << card_table[T_EFFECT_PRODUCE, c]
            scope = card_table[T_EFFECT_LANDS, c]
            every, nonbasic = _cover(work, scope, ctrl, bit, every, nonbasic)
    for e in range(event_rows.shape[1]):
        if event_rows[SPELL_ON, e]:
            c, by = event_rows[EV_CARD_, e], event_rows[EV_BY_, e]
            bit = 1 << card_table[T_SPELL_PRODUCE, c]
            every, nonbasic = _cover(work, card_table[T_SPELL_LANDS, c], by, bit, every, nonbasic)
    return every, nonbasic


@njit
def creatures_of(slot_rows: np.ndarray, player: int) -> int:
    """Creatures ``player`` controls (Gaea's Cradle)."""
    n = 0
    for k in range(slot_rows.shape[1]):
        n += is_creature(slot_rows, k) and slot_rows[CONTROLLER, k] == player
    return n


@njit
def subtype_count(slot_rows: np.ndarray, card_table: np.ndarray, s: int, k: int) -> int:
    """Cabal Coffers, Priest of Titania: the permanents with ability ``k``'s subtype (205.3),
    its controller's or on the whole battlefield."""
    c = slot_rows[CARD, s]
    bit, everyone = card_table[T_AB_SUBTYPE + k, c], card_table[T_AB_ALL + k, c] != 0
    n = 0
    for q in range(slot_rows.shape[1]):
        d = slot_rows[CARD, q]
        if d < 0 or not is_alive(slot_rows, q) or not card_table[T_SUBTYPE_BITS, d] >> bit & 1:
            continue
        n += everyone or slot_rows[CONTROLLER, q] == slot_rows[CONTROLLER, s]
    return n


@njit
def _reflected(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, k: int
) -> int:
    """Reflecting Pool, Exotic Orchard: what the lands of its controller (or of the other
    players) could produce now (``work``'s LAND_UNIONS current)."""
    c, ctrl = slot_rows[CARD, s], slot_rows[CONTROLLER, s]
    bits = 0
    for p in range(MAX_PLAYERS):
        if (p == ctrl) != (card_table[T_AB_OPPONENTS + k, c] != 0):
            bits |= work[LAND_UNIONS, p]
    return bits & (COLOR_BITS if card_table[T_AB_COLORS_ONLY + k, c] else ALL_TYPES)


@njit
def choice_bits(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, k: int
) -> int:
    """The types ability ``k`` of slot ``s`` lets the player name now, before replacements and
    ignoring costs (Gaea's Cradle names G even with no creature: only its amount is zero)."""
    if k == GRANTED:
        return COLOR_BITS
    c = slot_rows[CARD, s]
    tpl = card_table[T_AB_TPL + k, c]
    if tpl == mt.TPL_REFLECT:
        return _reflected(slot_rows, work, card_table, s, k)
    if tpl == mt.TPL_COUNTER_ANY:
        lucky = slot_rows[counter_row(card_table[T_AB_KIND + k, c]), s] > 0
        return int(COLOR_BITS if lucky else card_table[T_AB_BITS + k, c])
    return int(card_table[T_AB_BITS + k, c])


@inline
def _raw_bits(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, k: int
) -> int:
    """The types ability ``k`` would make now (Gaea's Cradle: none without a creature; Cabal
    Coffers: none without a Swamp)."""
    c = slot_rows[CARD, s]
    tpl = mt.TPL_ANY if k == GRANTED else card_table[T_AB_TPL + k, c]
    if tpl == mt.TPL_PER_CREATURE:
        alive = creatures_of(slot_rows, slot_rows[CONTROLLER, s]) > 0
        return int(card_table[T_AB_BITS + k, c]) if alive else 0
    if tpl == mt.TPL_PER_SUBTYPE:
        some = subtype_count(slot_rows, card_table, s, k) > 0
        return int(card_table[T_AB_BITS + k, c]) if some else 0
    return choice_bits(slot_rows, work, card_table, s, k)


@njit
def _board_types(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, granted: bool
) -> tuple[int, int]:
    """The types slot ``s``'s abilities that depend on the board make now, {T} abilities'
    and the others' (Gaea's Cradle, Cabal Coffers, a counter's, and the ability it is
    ``granted``): asked only of a card that has such an ability, or a slot granted one."""
    c, tap, other = slot_rows[CARD, s], 0, 0
    for k in range(card_table[T_N_AB, c] if card_table[T_HAS_BOARD_TYPES, c] else 0):
        if card_table[T_AB_TPL + k, c] != mt.TPL_REFLECT:  # reflections: the fixpoint's
            if card_table[T_AB_TAP + k, c]:
                tap |= _raw_bits(slot_rows, work, card_table, s, k)
            else:
                other |= _raw_bits(slot_rows, work, card_table, s, k)
    if granted:
        tap |= _raw_bits(slot_rows, work, card_table, s, GRANTED)
    return tap, other


@inline
def _types_of(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int) -> int:
    """Every type slot ``s``'s abilities could make now: FIXED_TYPES, and what its abilities
    that reflect lands make (``work``'s LAND_UNIONS current)."""
    c = slot_rows[CARD, s]
    bits = work[FIXED_TYPES, s]
    for k in range(card_table[T_N_AB, c]):
        if card_table[T_AB_TPL + k, c] != mt.TPL_REFLECT:
            continue
        raw = _reflected(slot_rows, work, card_table, s, k)
        tap = card_table[T_AB_TAP + k, c] != 0
        bits |= work[INSTEAD_TYPES, s] if raw and tap and work[INSTEAD_TYPES, s] else raw
    return int(bits)


@njit
def could_produce(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, event_rows: np.ndarray
) -> None:
    """Set every slot's COULD_PRODUCE and HAS_MANA, and ``work``'s LAND_UNIONS, as the least
    fixpoint: what no land reflection changes is found once, as the lands and the permanents
    that reflect lands are listed (``work``'s LANDS, REFLECTING), and the lands are summed
    by player; each round then revisits the listed reflections, a reflecting land's new
    types added to its player's sum, until a round adds no type to any sum (with a last
    round that only confirmed the one before, one could_produce of a mana-tap board took
    210 ns, 178 without; going over every slot each round, mana-tap took 4-8% longer). It
    holds until the board changes (``work``'s KNOWN, which the driver clears)."""
    reflecting, lands = 0, 0
    every, nonbasic = _instead_sources(slot_rows, work, card_table, event_rows)
    granting = work[LAYOUT, GATES] & G_GRANT_MANA != 0
    for s in range(slot_rows.shape[1]):
        # without a branch on what the slot holds (a coin flip on a random board), but for
        # the rare cards whose types depend on the board: an empty slot reads card 0's
        # columns and seat 0's effects, and is masked out
        c = slot_rows[CARD, s]
        cc = max(c, 0)
        alive = is_alive(slot_rows, s)
        land, basic = card_table[T_IS_LAND, cc] != 0, card_table[T_IS_BASIC, cc] != 0
        # "instead" effects: on lands, a nonbasic land's too (``_instead_sources``)
        seat = max(slot_rows[CONTROLLER, s], 0)
        instead = (every | work[INSTEAD_YOURS, seat] | nonbasic * (1 - basic)) * land
        tap, other = card_table[T_STATIC_TAP, cc], card_table[T_STATIC_OTHER, cc]
        has = alive & (card_table[T_N_AB, cc] > 0)
        if alive & ((card_table[T_HAS_BOARD_TYPES, cc] != 0) | granting):
            granted = has_granted(slot_rows, work, card_table, s)
            has |= granted
            if has:
                more_tap, more_other = _board_types(slot_rows, work, card_table, s, granted)
                tap, other = tap | more_tap, other | more_other
        fixed = (instead if (tap != 0) & (instead != 0) else tap) | other
        work[FIXED_TYPES, s], work[INSTEAD_TYPES, s] = fixed, instead
        slot_rows[HAS_MANA, s], slot_rows[COULD_PRODUCE, s] = has, fixed * has
        work[REFLECTING, reflecting] = s
        reflecting += has & (card_table[T_IS_REFLECT, cc] != 0)
        work[LANDS, lands] = s
        lands += alive & land
    for p in range(MAX_PLAYERS):
        work[LAND_UNIONS, p] = 0
    for k in range(lands):
        s = work[LANDS, k]
        work[LAND_UNIONS, slot_rows[CONTROLLER, s]] |= slot_rows[COULD_PRODUCE, s]
    grew = True
    while grew:  # a union grew: a reflection may see more (types only ever grow, so each
        grew = False  # union stays its lands' sum as a reflecting land gains types)
        for k in range(reflecting):
            s = work[REFLECTING, k]
            bits = _types_of(slot_rows, work, card_table, s)
            if bits == slot_rows[COULD_PRODUCE, s]:
                continue
            slot_rows[COULD_PRODUCE, s] = bits
            if card_table[T_IS_LAND, slot_rows[CARD, s]]:
                seat = slot_rows[CONTROLLER, s]
                grew |= bits & ~work[LAND_UNIONS, seat] != 0
                work[LAND_UNIONS, seat] |= bits
    work[COUNT, KNOWN] = 1
