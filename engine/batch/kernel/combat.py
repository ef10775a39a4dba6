"""Combat of one trial (W8): declare attackers (``declare``: their attack triggers wait),
then blockers (``blocks_rejection``), then all combat damage at once (``deal``) (CR 506-510);
``run`` settles the attack triggers between the first two. ``engine.reference.combat`` is the
oracle: the same checks in the same order, the same damage assignment; a Human's damage to
Mikaeus's controller triggers (``humans``).
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.caps import unsupported, wraps
from engine.batch.kernel.characteristics import (
    is_alive,
    is_creature,
    mark_changed,
    power,
    refresh,
    toughness,
)
from engine.batch.kernel.counters import put_counters
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.keywords import (
    DEATHTOUCH,
    DEFENDER,
    DOUBLE_STRIKE,
    FEAR,
    FIRST_STRIKE,
    FLYING,
    HASTE,
    INTIMIDATE,
    LIFELINK,
    MENACE,
    REACH,
    TRAMPLE,
    VIGILANCE,
    WITHER,
    controls,
    granted_by_statics,
    keywords,
)
from engine.batch.kernel.life import change_life
from engine.batch.kernel.stack import detection_key, queue
from engine.batch.kernel.state import (
    ACTIVE,
    ATTACK_PLACE,
    BLOCK_PLACE,
    BLOCKS,
    CARD,
    COMBAT_DAMAGE,
    COMBAT_DEALT,
    COMBAT_DEATHTOUCH,
    COMBAT_FIRST,
    COMBAT_OBJ,
    COMBAT_TO_PLAYER,
    COMBAT_WITHER,
    CONTROLLER,
    D_ATTACK_PLACE,
    D_BLOCK_PLACE,
    D_BLOCKS,
    D_BLOCKS_NUMBER,
    D_NUMBER,
    D_SOURCE,
    DAMAGE,
    DEATHTOUCH_DAMAGE,
    N_PLAYERS,
    OBJ,
    PRINTED_KEYWORDS,
    REJECTED,
    SEQ,
    SINCE_TURN_START,
    T_AS_THOUGH_HASTE,
    T_ATTACKS,
    T_COLOR_BITS,
    T_HUMAN_DAMAGE_DESTROYS,
    T_IS_ARTIFACT,
    T_IS_HUMAN,
    T_LAND_TYPES,
    TAPPED,
)
from engine.batch.kernel.tokens import named_object
from engine.batch.tables import LANDWALK_MASK, LANDWALK_SHIFT
from engine.batch.wipe_state import ATTACKS, DESTROY_HUMAN, R_DAMAGE_CAP

BLACK = 4  # tables.COLOR_BITS
# rejection codes (wipe_state.REJECTIONS)
NOT_ON_BATTLEFIELD, NOT_AN_ATTACKER, TAPPED_ATTACKER, SUMMONING_SICK = 1, 3, 4, 5
NOT_A_BLOCKER, CANNOT_BLOCK_FLYING, CANNOT_BLOCK_INTIMIDATE, MENACE_ALONE, NOT_ATTACKING = (
    6, 7, 8, 9, 10,
)  # fmt: skip
DEFENDER_ATTACKS, CANNOT_BLOCK_FEAR, CANNOT_BLOCK_LANDWALK = 21, 22, 24
ONLY_STEP, FIRST_STEP, SECOND_STEP = 0, 1, 2  # combat damage steps (510, 510.4)


@njit
def source_keywords(slot_rows: np.ndarray, card_table: np.ndarray, s: int, obj: int) -> int:
    """The keywords of object ``obj`` of slot ``s`` as a source of damage: now, or as it last
    existed: its printed ones (what it gained ended as it left, 400.7) and those its
    controller's statics give (as the reference engine reads its last known information)."""
    if is_alive(slot_rows, s) and slot_rows[OBJ, s] == obj:
        return keywords(slot_rows, card_table, s)
    ctrl, c = slot_rows[CONTROLLER, s], slot_rows[CARD, s]
    statics = granted_by_statics(slot_rows, card_table, -1, ctrl, c)
    return int(slot_rows[PRINTED_KEYWORDS, s] | statics)


@njit
def damage_creature(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    q: int,
    amount: int,
    kw: int,
) -> None:
    """Damage from a source with keywords ``kw`` to creature ``q``: marked (120.3e), or with
    wither that many -1/-1 counters put by an effect (120.3d, 702.80b); deathtouch makes it
    lethal (702.2b)."""
    mark_changed(work, q)
    if kw & DEATHTOUCH:
        slot_rows[DEATHTOUCH_DAMAGE, q] = 1
    if kw & WITHER:
        put_counters(slot_rows, trial_vars, work, card_table, q, 1, amount, False, False)
    else:
        mark_damage(slot_rows, trial_vars, q, amount)


@inline
def mark_damage(slot_rows: np.ndarray, trial_vars: np.ndarray, s: int, amount: int) -> None:
    """CR 120.3e: ``amount`` damage (0 or more) marked on slot ``s``; damage past 64 bits
    stops the trial (unsupported, R_DAMAGE_CAP), never a wrapped number."""
    if wraps(slot_rows[DAMAGE, s], amount):
        unsupported(trial_vars, R_DAMAGE_CAP)
        return
    slot_rows[DAMAGE, s] += amount


@njit
def lifelink(trial_vars: np.ndarray, kw: int, controller: int, amount: int) -> None:
    """CR 702.15b: damage dealt by a source with lifelink also makes its controller gain that
    much life."""
    if kw & LIFELINK and amount > 0:
        change_life(trial_vars, controller, amount)


@inline
def can_tap_for_cost(slot_rows: np.ndarray, card_table: np.ndarray, s: int) -> bool:
    """CR 302.6: a creature's {T}/{Q} needs control since its controller's turn began, unless
    it has haste (702.10c) or may act as though it had (Thousand-Year Elixir). The test of
    the slot is inlined where it is asked (a noncreature, or a creature controlled since the
    turn began, most taps), the search for haste a call."""
    if not is_creature(slot_rows, s) or slot_rows[SINCE_TURN_START, s]:
        return True
    return _hasty(slot_rows, card_table, s)


@njit
def _hasty(slot_rows: np.ndarray, card_table: np.ndarray, s: int) -> bool:
    if keywords(slot_rows, card_table, s) & HASTE:
        return True
    return controls(slot_rows, card_table, T_AS_THOUGH_HASTE, slot_rows[CONTROLLER, s])


@njit
def _at(combat_rows: np.ndarray, row: int, e: int, s: int) -> int:
    """A declaration of board slot ``s`` (slots past the board declare nothing)."""
    if s >= combat_rows.shape[2]:
        return -1
    return int(combat_rows[row, e, s])


@njit
def _missing(slot_rows: np.ndarray, combat_rows: np.ndarray, e: int) -> int:
    """400.7 (a declared permanent is gone), then 509.1a (a blocked creature not attacking)."""
    code = 0
    for s in range(combat_rows.shape[2]):
        a = _at(combat_rows, BLOCKS, e, s)
        if _at(combat_rows, ATTACK_PLACE, e, s) >= 0 and not is_alive(slot_rows, s):
            return NOT_ON_BATTLEFIELD
        if a >= 0 and not (is_alive(slot_rows, s) and is_alive(slot_rows, a)):
            return NOT_ON_BATTLEFIELD
        if a >= 0 and _at(combat_rows, ATTACK_PLACE, e, a) < 0:
            code = NOT_ATTACKING
    return code


@njit
def _attacker_code(
    slot_rows: np.ndarray, trial_vars: np.ndarray, card_table: np.ndarray, s: int
) -> int:
    """CR 508.1a, 302.6 for one attacker."""
    if not is_creature(slot_rows, s) or slot_rows[CONTROLLER, s] != trial_vars[ACTIVE]:
        return NOT_AN_ATTACKER
    if slot_rows[TAPPED, s]:
        return TAPPED_ATTACKER
    if not can_tap_for_cost(slot_rows, card_table, s):
        return SUMMONING_SICK
    return DEFENDER_ATTACKS if keywords(slot_rows, card_table, s) & DEFENDER else 0


@njit
def _blocker_code(
    slot_rows: np.ndarray, trial_vars: np.ndarray, card_table: np.ndarray, b: int, a: int
) -> int:
    """CR 509.1a, 702.9b (702.17b reach), 702.13b, 702.36b, 702.14c (landwalk) for one
    blocker of attacker ``a``."""
    defender = (trial_vars[ACTIVE] + 1) % trial_vars[N_PLAYERS]
    if not is_creature(slot_rows, b) or slot_rows[CONTROLLER, b] != defender:
        return NOT_A_BLOCKER
    if slot_rows[TAPPED, b]:
        return NOT_A_BLOCKER
    kw_a, kw_b = keywords(slot_rows, card_table, a), keywords(slot_rows, card_table, b)
    if (kw_a & FLYING) and not (kw_b & (FLYING | REACH)):
        return CANNOT_BLOCK_FLYING
    ca, cb = slot_rows[CARD, a], slot_rows[CARD, b]
    shares_color = (card_table[T_COLOR_BITS, ca] & card_table[T_COLOR_BITS, cb]) != 0
    if (kw_a & INTIMIDATE) and not (card_table[T_IS_ARTIFACT, cb] or shares_color):
        return CANNOT_BLOCK_INTIMIDATE
    black = (card_table[T_COLOR_BITS, cb] & BLACK) != 0
    if (kw_a & FEAR) and not (card_table[T_IS_ARTIFACT, cb] or black):
        return CANNOT_BLOCK_FEAR
    walks = kw_a >> LANDWALK_SHIFT & LANDWALK_MASK
    if walks and walks & _land_types(slot_rows, card_table, defender):
        return CANNOT_BLOCK_LANDWALK
    return 0


@njit
def _land_types(slot_rows: np.ndarray, card_table: np.ndarray, player: int) -> int:
    """CR 702.14c: the basic land types of the lands ``player`` controls (tables.LAND_TYPES)."""
    bits = 0
    for s in range(slot_rows.shape[1]):
        c = slot_rows[CARD, s]
        if c >= 0 and is_alive(slot_rows, s) and slot_rows[CONTROLLER, s] == player:
            bits |= card_table[T_LAND_TYPES, c]
    return bits


@njit
def _in_place(combat_rows: np.ndarray, row: int, e: int, place: int) -> int:
    """The board slot declared at ``place`` of a list (attackers or the blockers table)."""
    for s in range(combat_rows.shape[2]):
        if combat_rows[row, e, s] == place:
            return s
    return -1


@njit
def _blockers_of(combat_rows: np.ndarray, e: int, a: int) -> int:
    n = 0
    for s in range(combat_rows.shape[2]):
        n += combat_rows[BLOCKS, e, s] == a
    return n


@njit
def _attackers_rejection(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    card_table: np.ndarray,
    combat_rows: np.ndarray,
    e: int,
) -> int:
    """The first check the declared attackers fail, in the reference engine's order; 0 if
    none."""
    code = _missing(slot_rows, combat_rows, e)
    if code:
        return code
    for place in range(combat_rows.shape[2]):  # each attacker, in the order listed
        s = _in_place(combat_rows, ATTACK_PLACE, e, place)
        code = _attacker_code(slot_rows, trial_vars, card_table, s) if s >= 0 else 0
        if code:
            return code
    return 0


@njit
def blocks_rejection(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    card_table: np.ndarray,
    combat_rows: np.ndarray,
    e: int,
) -> int:
    """The first check the declared blockers fail (each in the order of the blockers table,
    then menace), as blockers are declared (509.1); 0 if none."""
    width = combat_rows.shape[2]
    for place in range(width):  # each blocker, in the order of the blockers table
        b = _in_place(combat_rows, BLOCK_PLACE, e, place)
        if b >= 0:
            a = combat_rows[BLOCKS, e, b]
            found = _blocker_code(slot_rows, trial_vars, card_table, b, a)
            if found:
                return found
    for a in range(width):  # 702.111b
        alone = combat_rows[ATTACK_PLACE, e, a] >= 0 and _blockers_of(combat_rows, e, a) == 1
        if alone and keywords(slot_rows, card_table, a) & MENACE:
            return MENACE_ALONE
    return 0


@njit
def humans(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    source: int,
    obj: int,
    player: int,
    sub: int,
) -> None:
    """ "Whenever a Human deals damage to you, destroy it" (Mikaeus): one trigger of each such
    permanent ``player`` controls, in board order, after object ``obj`` of slot ``source``
    dealt them damage."""
    if not card_table[T_IS_HUMAN, slot_rows[CARD, source]]:
        return
    data = source | obj << 16  # that object only (400.7)
    for k in range(slot_rows.shape[1]):
        c = slot_rows[CARD, k]
        mine = slot_rows[CONTROLLER, k] == player
        if c >= 0 and is_alive(slot_rows, k) and card_table[T_HUMAN_DAMAGE_DESTROYS, c] and mine:
            key = detection_key(trial_vars, sub, 0)  # ties: board order
            queue(trial_vars, work, DESTROY_HUMAN, k, data, player, slot_rows[OBJ, k], key)


@njit
def _in_combat(slot_rows: np.ndarray, work: np.ndarray, s: int) -> bool:
    """Still the object that was declared in combat (506.4, 400.7)."""
    return is_alive(slot_rows, s) and slot_rows[OBJ, s] == work[COMBAT_OBJ, s]


@njit
def _deals(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, step: int
) -> bool:
    """Whether creature ``s``, in combat, assigns combat damage in ``step``: in the only
    one, in the first if it struck first (702.7b, 702.4b), in the second if it did not or
    it has double strike (510.4)."""
    if not _in_combat(slot_rows, work, s):
        return False
    if step == ONLY_STEP:
        return True
    first = bool(work[COMBAT_FIRST, s] != 0)
    if step == FIRST_STEP:
        return first
    return not first or (keywords(slot_rows, card_table, s) & DOUBLE_STRIKE) != 0


@njit
def _assign(
    slot_rows: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    combat_rows: np.ndarray,
    e: int,
    a: int,
) -> int:
    """CR 510.1c: attacker ``a`` assigns lethal damage (1 with deathtouch, 702.2c) to its
    blockers still in combat in table order and the rest to the last, or with trample past it
    (702.19b) (wither: to its blockers as counters, 702.80b); unblocked, all of it to the
    player; blocked with its blockers gone, none (509.1h) unless it has trample (702.19e).
    Records all it deals (COMBAT_DEALT); returns the damage to the player."""
    left = max(power(slot_rows, work, card_table, a), 0)
    kw = keywords(slot_rows, card_table, a)
    n = 0
    for b in range(combat_rows.shape[2]):
        n += combat_rows[BLOCKS, e, b] == a and _in_combat(slot_rows, work, b)
    if n == 0:
        dealt = left if _blockers_of(combat_rows, e, a) == 0 or kw & TRAMPLE else 0
        work[COMBAT_DEALT, a] = dealt
        return dealt
    work[COMBAT_DEALT, a] = left
    k = 0
    for place in range(combat_rows.shape[2]):
        b = _in_place(combat_rows, BLOCK_PLACE, e, place)
        if b < 0 or combat_rows[BLOCKS, e, b] != a or not _in_combat(slot_rows, work, b):
            continue
        lethal = (
            1
            if kw & DEATHTOUCH
            else max(toughness(slot_rows, work, card_table, b) - slot_rows[DAMAGE, b], 0)
        )
        last = k == n - 1
        share = left if last and not kw & TRAMPLE else min(left, lethal)
        work[COMBAT_WITHER if kw & WITHER else COMBAT_DAMAGE, b] += share
        work[COMBAT_DEATHTOUCH, b] |= (kw & DEATHTOUCH) != 0 and share > 0
        left -= share
        k += 1
    return left if kw & TRAMPLE else 0


@njit
def _assign_all(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    combat_rows: np.ndarray,
    e: int,
    step: int,
) -> None:
    """CR 510.1: the damage of every attacker that deals in ``step`` (``_assign``), then of
    each such blocker: its power to the attacker it blocks, if that one is still in combat
    (COMBAT_DEALT), marked unless it has wither."""
    n, width = slot_rows.shape[1], combat_rows.shape[2]
    for s in range(n):
        work[COMBAT_DAMAGE, s], work[COMBAT_DEATHTOUCH, s] = 0, 0
        work[COMBAT_WITHER, s], work[COMBAT_DEALT, s] = 0, 0
    refresh(slot_rows, work, card_table)
    for place in range(width):
        a = _in_place(combat_rows, ATTACK_PLACE, e, place)
        work[COMBAT_TO_PLAYER, place] = 0
        if a >= 0 and _deals(slot_rows, work, card_table, a, step):
            work[COMBAT_TO_PLAYER, place] = _assign(slot_rows, work, card_table, combat_rows, e, a)
    for b in range(width):
        a = combat_rows[BLOCKS, e, b]
        if (
            a >= 0
            and _in_combat(slot_rows, work, a)
            and _deals(slot_rows, work, card_table, b, step)
        ):
            dealt = max(power(slot_rows, work, card_table, b), 0)
            kw = keywords(slot_rows, card_table, b)
            work[COMBAT_DEALT, b] = dealt
            if not kw & WITHER:  # (with wither: counters, ``_to_creatures``)
                if wraps(work[COMBAT_DAMAGE, a], dealt):  # blockers' damage past 64 bits
                    unsupported(trial_vars, R_DAMAGE_CAP)
                else:
                    work[COMBAT_DAMAGE, a] += dealt
            work[COMBAT_DEATHTOUCH, a] |= dealt > 0 and (kw & DEATHTOUCH) != 0


@njit
def _to_creatures(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    combat_rows: np.ndarray,
    e: int,
) -> None:
    """Damage to creatures: marked (120.3e), or from a wither source that many -1/-1
    counters (702.80b), one event per source and creature; blockers' lifelink (702.15b)."""
    for s in range(slot_rows.shape[1]):
        if is_creature(slot_rows, s):
            mark_damage(slot_rows, trial_vars, s, work[COMBAT_DAMAGE, s])
            slot_rows[DEATHTOUCH_DAMAGE, s] |= work[COMBAT_DEATHTOUCH, s]
            mark_changed(work, s)
    for b in range(combat_rows.shape[2]):
        a, got, dealt = combat_rows[BLOCKS, e, b], work[COMBAT_WITHER, b], work[COMBAT_DEALT, b]
        if a < 0:
            continue
        if got > 0:
            put_counters(slot_rows, trial_vars, work, card_table, b, 1, got, False, False)
        kw = keywords(slot_rows, card_table, b)
        if dealt > 0 and kw & WITHER:
            put_counters(slot_rows, trial_vars, work, card_table, a, 1, dealt, False, False)
        lifelink(trial_vars, kw, slot_rows[CONTROLLER, b], dealt)


@njit
def start_damage(
    slot_rows: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    combat_rows: np.ndarray,
    e: int,
) -> bool:
    """As combat damage begins: record the objects in combat and which of them strike first;
    return whether any does (then two combat damage steps, 702.7b, 510.4)."""
    width, first = combat_rows.shape[2], False
    for s in range(slot_rows.shape[1]):
        work[COMBAT_OBJ, s], work[COMBAT_FIRST, s] = -1, 0
        fighting = s < width and (
            combat_rows[ATTACK_PLACE, e, s] >= 0 or combat_rows[BLOCKS, e, s] >= 0
        )
        if fighting:
            work[COMBAT_OBJ, s] = slot_rows[OBJ, s]
            work[COMBAT_FIRST, s] = (
                keywords(slot_rows, card_table, s) & (FIRST_STRIKE | DOUBLE_STRIKE)
            ) != 0
            first |= work[COMBAT_FIRST, s] != 0
    return first


@njit
def deal(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    combat_rows: np.ndarray,
    e: int,
    step: int,
) -> None:
    """One combat damage step (``step``: ONLY_STEP, FIRST_STEP or SECOND_STEP): damage is
    assigned (510.1), then dealt at once (510.2): to creatures (``_to_creatures``), then
    120.3a the defender loses life, attackers in the order listed, each attacker's lifelink
    on all it dealt (702.15b)."""
    _assign_all(slot_rows, trial_vars, work, card_table, combat_rows, e, step)
    _to_creatures(slot_rows, trial_vars, work, card_table, combat_rows, e)
    defender = (trial_vars[ACTIVE] + 1) % trial_vars[N_PLAYERS]
    for place in range(combat_rows.shape[2]):
        a = _in_place(combat_rows, ATTACK_PLACE, e, place)
        if a < 0 or not _in_combat(slot_rows, work, a):
            continue
        kw = keywords(slot_rows, card_table, a)
        lifelink(trial_vars, kw, slot_rows[CONTROLLER, a], work[COMBAT_DEALT, a])
        if work[COMBAT_TO_PLAYER, place] > 0:
            change_life(trial_vars, defender, -work[COMBAT_TO_PLAYER, place])
            humans(slot_rows, trial_vars, work, card_table, a, slot_rows[OBJ, a], defender, place)
    trial_vars[SEQ] += 1


@njit
def _declare_tokens(
    slot_rows: np.ndarray, work: np.ndarray, combat_rows: np.ndarray, e: int
) -> bool:
    """Write event ``e``'s declarations that name a token (state.TOKEN_ENTRY) into the
    declarations of the slots those objects are in now; False if a token named is not on the
    battlefield (400.7: the reference engine rejects the whole action)."""
    for d in range(combat_rows.shape[2]):
        if combat_rows[D_NUMBER, e, d] < 0:
            continue  # padding
        q = named_object(slot_rows, work, combat_rows[D_SOURCE, e, d], combat_rows[D_NUMBER, e, d])
        if q < 0:
            return False
        combat_rows[ATTACK_PLACE, e, q] = combat_rows[D_ATTACK_PLACE, e, d]
        combat_rows[BLOCK_PLACE, e, q] = combat_rows[D_BLOCK_PLACE, e, d]
        if combat_rows[D_BLOCK_PLACE, e, d] >= 0:  # it blocks
            a = named_object(
                slot_rows, work, combat_rows[D_BLOCKS, e, d], combat_rows[D_BLOCKS_NUMBER, e, d]
            )
            if a < 0:
                return False
            combat_rows[BLOCKS, e, q] = a
    return True


@njit
def declare(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    combat_rows: np.ndarray,
    e: int,
) -> bool:
    """Declare the attackers (508.1), the objects named by a token entry in the slots they are
    in (``_declare_tokens``): they tap (508.1f) unless they have vigilance (702.20b), and
    their attack triggers wait (508.1m); or reject the action (it then changes nothing) and
    return False."""
    code = NOT_ON_BATTLEFIELD
    if _declare_tokens(slot_rows, work, combat_rows, e):
        code = _attackers_rejection(slot_rows, trial_vars, card_table, combat_rows, e)
    if code:
        event_rows[REJECTED, e] = code
        return False
    for place in range(combat_rows.shape[2]):
        a = _in_place(combat_rows, ATTACK_PLACE, e, place)
        if a < 0:
            continue
        if not keywords(slot_rows, card_table, a) & VIGILANCE:
            slot_rows[TAPPED, a] = 1
        c = slot_rows[CARD, a]
        if card_table[T_ATTACKS, c]:
            key = detection_key(trial_vars, place, 0)
            ctrl, obj = slot_rows[CONTROLLER, a], slot_rows[OBJ, a]
            queue(trial_vars, work, ATTACKS, a, 0, ctrl, obj, key)
    trial_vars[SEQ] += 1
    return True
