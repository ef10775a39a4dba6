"""Zone changes of one trial: leaving the battlefield with the triggers it causes, entering,
returning, casting and creating tokens (CR 400.7, 603.6, 603.10a, 614.1a, 704.5d, 111.1).
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.caps import NEEDS_TOKEN_SLOTS, unsupported
from engine.batch.kernel.characteristics import (
    is_alive,
    is_creature,
    mark_changed,
    moved,
    persist_n,
    power,
    refresh,
    undying_n,
)
from engine.batch.kernel.counters import put_counters
from engine.batch.kernel.jit import inline, njit
from engine.batch.kernel.keywords import HASTE
from engine.batch.kernel.listed import MANA_LIST, RULE_LIST, note_slot
from engine.batch.kernel.stack import (
    HEIGHT,
    PART_MASK,
    WAITING,
    detection_key,
    mover_place,
    queue,
    queue_each,
)
from engine.batch.kernel.state import (
    ARRIVAL,
    ARRIVAL_SUB,
    ARRIVALS,
    ATTACHED_TO,
    BASE_P,
    BASE_T,
    CARD,
    CARDS_GIVEN,
    CONTROLLER,
    COUNT,
    DAMAGE,
    DEATHTOUCH_DAMAGE,
    DELAYED_CONTROLLER,
    DELAYED_OBJ,
    DELAYED_SOURCE,
    EFFECT_ON,
    EOT_KEYWORDS,
    EOT_PERSIST,
    EOT_POWER,
    EOT_TOUGHNESS,
    EOT_UNDYING,
    EXILE_AT_END,
    EXILE_IF_DIES,
    EXTRA_COUNTERS,
    EXTRA_KINDS,
    G_DEATH_LIFE,
    G_DOUBLER,
    G_GY_ENTER,
    G_GY_EXILE,
    G_TOKENS,
    GATES,
    GRANTED,
    GRANTED_PERSIST,
    GRANTED_UNDYING,
    GROUP,
    IS_CREATURE_CARD,
    LAST_KNOWN_OBJ,
    LAST_KNOWN_POWER,
    LAYOUT,
    LEAVERS,
    LEAVING,
    LIFE,
    MADE,
    MINUS,
    MOVERS,
    N_SLOTS,
    NEXT_ORDER,
    NOT_CREATURE,
    OBJ,
    ORDER,
    OWNER,
    PENDING_SOURCE,
    PLUS,
    PREVIOUS_TURNS,
    PRINTED_KEYWORDS,
    PRINTED_PERSIST,
    PRINTED_UNDYING,
    RANK,
    SEQ,
    SINCE_TURN_START,
    SPELL_ARRIVAL,
    SPELL_ARRIVAL_SUB,
    SPELL_ZONE,
    STACK_SOURCE,
    STAMP,
    T_BASE_P,
    T_BASE_T,
    T_DEATH_OTHER,
    T_DEATH_PW,
    T_DEATH_WATCH,
    T_DEATH_WHOSE,
    T_DIES_TOKEN_KIND,
    T_DIES_TOKENS,
    T_ENTERS_AMOUNT,
    T_ENTERS_KIND,
    T_ENTERS_PAY_LIFE,
    T_ENTERS_TAPPED,
    T_ENTERS_X_KIND,
    T_ETB_PARTS,
    T_EXILE_ALL_GY,
    T_EXILE_OPP_GY,
    T_GY_PARTS,
    T_IS_CREATURE,
    T_IS_PLANESWALKER,
    T_KEYWORDS,
    T_LEAVES_COUNT,
    T_LEAVES_TOKENS,
    T_PERSIST,
    T_TOKENS_DOUBLED,
    T_UNDYING,
    TAPPED,
    TO,
    TOKEN,
    TOKEN_SERIAL,
    TOKEN_SOURCE,
    TOKENS_MADE,
    ZONE,
)
from engine.batch.kernel.tokens import first_token_slot, give_choices
from engine.batch.wipe_state import (
    BATTLEFIELD,
    DELAYED,
    DIES,
    EFFECTS,
    ETB,
    EXILE,
    GRAVEYARD,
    GRAVEYARD_ENTER,
    LEAVES,
    LIFE_LOSS,
    LKI_RING,
    NONE,
    PERSIST,
    R_TOKEN_SLOTS,
    R_TOKENS_MADE,
    RANK_FALLBACK,
    TOKENS_MADE_CAP,
    UNDYING,
)

# an array, not a tuple: numba compiles a loop over a tuple of constants into a jump table
# with an indirect branch per element (17 here), which cost a tenth of counters-4p's time
_RESET_ON_LEAVING = np.array(
    [PLUS, MINUS, DAMAGE, EOT_POWER, EOT_TOUGHNESS, EXILE_IF_DIES, TAPPED, NOT_CREATURE,
     DEATHTOUCH_DAMAGE, GRANTED, GRANTED_PERSIST, GRANTED_UNDYING, EOT_PERSIST, EOT_UNDYING,
     EOT_KEYWORDS, PREVIOUS_TURNS, EXILE_AT_END], dtype=np.int64,
)  # fmt: skip


@njit
def clear_movers(work: np.ndarray) -> None:
    """Start a new zone-change event: nobody moves yet, every mover in group 0."""
    for s in range(work[LAYOUT, N_SLOTS]):
        work[MOVERS, s] = 0
        work[GROUP, s] = 0


@inline
def _exiles(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray) -> tuple[bool, int]:
    """The "put into a graveyard" replacements on the battlefield (614.1a): whether Rest in
    Peace is there, and how many Leylines of the Void (none in a batch without such a card;
    the test inlined, the search a call, as ``refresh``)."""
    if work[LAYOUT, GATES] & G_GY_EXILE:
        return _exile_sources(slot_rows, card_table)
    return False, 0


@njit
def _exile_sources(slot_rows: np.ndarray, card_table: np.ndarray) -> tuple[bool, int]:
    exile_all, exile_opponents = False, 0
    for k in range(slot_rows.shape[1]):
        c = slot_rows[CARD, k]
        if c >= 0 and is_alive(slot_rows, k):
            exile_all |= card_table[T_EXILE_ALL_GY, c] != 0
            exile_opponents += card_table[T_EXILE_OPP_GY, c]
    return exile_all, exile_opponents


@inline
def _destination(
    slot_rows: np.ndarray,
    card_table: np.ndarray,
    s: int,
    dest: int,
    exile_all: bool,
    exile_opponents: int,
) -> int:
    """Where mover ``s`` goes: ``dest``, unless "dies" is replaced by exile (614.1a: Anger of
    the Gods on the object, Rest in Peace, an opponent's Leyline of the Void)."""
    if dest != GRAVEYARD:
        return dest
    if (slot_rows[EXILE_IF_DIES, s] != 0) | exile_all:
        return EXILE
    if exile_opponents > 0 and not slot_rows[TOKEN, s]:
        own = 0  # the mover's owner's own Leylines do not apply to their cards
        for k in range(slot_rows.shape[1]):
            c = slot_rows[CARD, k]
            if (
                c >= 0
                and is_alive(slot_rows, k)
                and slot_rows[CONTROLLER, k] == slot_rows[OWNER, s]
            ):
                own += card_table[T_EXILE_OPP_GY, c]
        if exile_opponents - own > 0:
            return EXILE
    return dest


@inline
def arrival(trial_vars: np.ndarray) -> int:
    """The number of a zone-change event that puts cards into a graveyard, exile or a hand (a
    zone lists its cards in the order they arrived, 404.2: by this number, then by their place
    in the event)."""
    event: int = trial_vars[ARRIVALS]
    trial_vars[ARRIVALS] = event + 1
    return event


@njit
def leave(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    dest: int,
) -> None:
    """Move ``work``'s MOVERS from the battlefield to ``dest`` as one event (``work``'s GROUP
    orders them as the reference lists them: deaths, then the legend rule; then board order).

    CR 603.10a: death triggers look back at the battlefield just before the event, so last
    known power is kept (608.2h) and triggers are detected before anything moves.
    """
    n = slot_rows.shape[1]
    refresh(slot_rows, work, card_table)
    exile_all, exile_opponents = _exiles(slot_rows, work, card_table)
    m = 0
    for s in range(n):
        work[MOVERS, s] = work[MOVERS, s] and slot_rows[ZONE, s] == BATTLEFIELD
        if work[MOVERS, s]:
            work[LEAVERS, m] = s
            m += 1
            ring = slot_rows[OBJ, s] % LKI_RING
            slot_rows[LAST_KNOWN_POWER + ring, s] = power(slot_rows, work, card_table, s)
            slot_rows[LAST_KNOWN_OBJ + ring, s] = slot_rows[OBJ, s]
            work[TO, s] = _destination(slot_rows, card_table, s, dest, exile_all, exile_opponents)
    work[COUNT, LEAVING] = m
    if m == 0:
        return
    _died(slot_rows, trial_vars, work, card_table)
    _left(slot_rows, trial_vars, work, card_table)
    event = arrival(trial_vars)
    for j in range(m):
        s = work[LEAVERS, j]
        # 404.3: cards put into one zone at once are in the order the reference lists them
        slot_rows[ARRIVAL, s] = event
        slot_rows[ARRIVAL_SUB, s] = mover_place(slot_rows, work, s)
        # CR 400.7: the object is gone; counters, damage and effects go with it.
        slot_rows[ZONE, s] = NONE if slot_rows[TOKEN, s] else work[TO, s]  # 704.5d: a token too
        slot_rows[STAMP, s] += work[TO, s] == GRAVEYARD
        for row in _RESET_ON_LEAVING:
            slot_rows[row, s] = 0
        for row in range(EXTRA_COUNTERS, EXTRA_COUNTERS + EXTRA_KINDS):
            slot_rows[row, s] = 0
        moved(work, card_table, slot_rows[CARD, s])
    for s in range(n):
        if slot_rows[ATTACHED_TO, s] >= 0:
            mark_changed(work, s)  # 704.5m: its host may be gone
    trial_vars[SEQ] += 1


@inline
def _instances(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, kind: int
) -> int:
    """Persist (702.79a) / undying (702.93a) instances that trigger: none if the object had
    a -1/-1 (+1/+1) counter as it last existed (603.10a)."""
    if kind == PERSIST:
        return persist_n(slot_rows, work, card_table, s) if slot_rows[MINUS, s] == 0 else 0
    return undying_n(slot_rows, work, card_table, s) if slot_rows[PLUS, s] == 0 else 0


@inline
def _returns_detected(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int
) -> None:
    """One persist or undying trigger per instance of mover ``s`` (702.79b), every persist
    one detected before the undying ones, as the reference engine detects them. Instances of
    one kind are the same trigger, so the detection key tells kinds apart, not instances
    (there is room for four a kind: statics may give any number, and a fifth persist keyed
    past them once came after an undying trigger)."""
    for kind in (PERSIST, UNDYING):
        for j in range(_instances(slot_rows, work, card_table, s, kind)):
            key = detection_key(trial_vars, mover_place(slot_rows, work, s), kind * 4 + min(j, 3))
            stamp = slot_rows[STAMP, s] + 1  # the arrival this death makes
            queue(
                trial_vars, work, kind, s, stamp, slot_rows[CONTROLLER, s], slot_rows[OBJ, s], key
            )


@inline
def _died(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> None:
    """Queue the triggers of the movers put into a graveyard (CR 700.4), mover by mover (their
    detection keys order them: by mover, then by kind and instance; triggers of one kind and
    mover from two sources keep the order of their sources)."""
    n = slot_rows.shape[1]
    for j in range(work[COUNT, LEAVING]):
        s = work[LEAVERS, j]
        if work[TO, s] != GRAVEYARD:
            continue
        _returns_detected(slot_rows, trial_vars, work, card_table, s)
        c = slot_rows[CARD, s]
        if card_table[T_DIES_TOKENS, c] >= 0:
            counted = (
                slot_rows[PLUS, s] if card_table[T_DIES_TOKEN_KIND, c] == 0 else slot_rows[MINUS, s]
            )
            key = detection_key(trial_vars, mover_place(slot_rows, work, s), 12)
            queue(
                trial_vars, work, DIES, s, counted, slot_rows[CONTROLLER, s], slot_rows[OBJ, s], key
            )
    for w in range(n if work[LAYOUT, GATES] & G_DEATH_LIFE else 0):
        c = slot_rows[CARD, w]
        if c >= 0 and is_alive(slot_rows, w) and card_table[T_DEATH_WATCH, c]:
            whose = card_table[T_DEATH_WHOSE, c]
            other = card_table[T_DEATH_OTHER, c] != 0
            walkers = card_table[T_DEATH_PW, c] != 0
            ctrl, obj = slot_rows[CONTROLLER, w], slot_rows[OBJ, w]
            _creatures_died(
                slot_rows, trial_vars, work, card_table, LIFE_LOSS, w, -1, ctrl, obj, whose,
                other, walkers,
            )  # fmt: skip
    for g in range(EFFECTS):
        if trial_vars[DELAYED_SOURCE + g] >= 0:
            src, ctrl, obj = (
                trial_vars[DELAYED_SOURCE + g],
                trial_vars[DELAYED_CONTROLLER + g],
                trial_vars[DELAYED_OBJ + g],
            )
            _creatures_died(
                slot_rows, trial_vars, work, card_table, DELAYED, src, g, ctrl, obj,
                tb.WATCH_ANY, False, False,
            )  # fmt: skip


@inline
def _left(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray
) -> None:
    """Queue the leaves-the-battlefield triggers of the movers, whichever zone they go to
    (603.6c; 603.10a: a token's too), each after its death's (the detection key's last kind,
    as the reference engine detects them); none in a batch without a card making tokens."""
    for j in range(work[COUNT, LEAVING] if work[LAYOUT, GATES] & G_TOKENS else 0):
        s = work[LEAVERS, j]
        c = slot_rows[CARD, s]
        if card_table[T_LEAVES_TOKENS, c] >= 0:
            key = detection_key(trial_vars, mover_place(slot_rows, work, s), 15)
            n, ctrl, obj = (
                card_table[T_LEAVES_COUNT, c],
                slot_rows[CONTROLLER, s],
                slot_rows[OBJ, s],
            )
            queue(trial_vars, work, LEAVES, s, n, ctrl, obj, key)


@inline
def _creatures_died(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray,
    kind: int, src: int, data: int, ctrl: int, obj: int, whose: int, other: bool,
    walkers: bool,
) -> None:  # fmt: skip
    """One trigger of ``src`` per creature (and with ``walkers`` per planeswalker) put into a
    graveyard that it watches (``whose``: an index of ``library.DEATH_WATCHED``, by
    controller; ``other``: not ``src`` itself): a life trigger (Massacre Wurm, Zulaport
    Cutthroat, Blood Artist, Cruel Celebrant; ``data`` -1: the dying permanent's controller,
    the player who loses if it is its loser) or Massacre Girl's delayed trigger number
    ``data``."""
    sub = 13 if kind == LIFE_LOSS else 14
    for j in range(work[COUNT, LEAVING]):
        s = work[LEAVERS, j]
        if work[TO, s] != GRAVEYARD:
            continue
        walker = walkers and card_table[T_IS_PLANESWALKER, slot_rows[CARD, s]] != 0
        if not (is_creature(slot_rows, s) or walker):
            continue
        mine = slot_rows[CONTROLLER, s] == ctrl
        if (other and s == src) or (whose == tb.WATCH_YOURS and not mine):
            continue
        if whose == tb.WATCH_OPPONENTS and mine:
            continue
        key = detection_key(trial_vars, mover_place(slot_rows, work, s), sub)
        value = slot_rows[CONTROLLER, s] if data < 0 else data
        queue(trial_vars, work, kind, src, value, ctrl, obj, key)


@njit
def enter(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int
) -> None:
    """Common to every arrival: a new object (400.7), Hallowed Fountain's choice (614.12: its
    controller pays N life if they have more, else it enters tapped), then its enters triggers
    (603.6a)."""
    pay = card_table[T_ENTERS_PAY_LIFE, slot_rows[CARD, s]]
    if pay > 0 and trial_vars[LIFE + slot_rows[CONTROLLER, s]] > pay:
        trial_vars[LIFE + slot_rows[CONTROLLER, s]] -= pay
    elif pay > 0:
        slot_rows[TAPPED, s] = 1
    slot_rows[ZONE, s] = BATTLEFIELD
    moved(work, card_table, slot_rows[CARD, s])
    mark_changed(work, s)
    slot_rows[OBJ, s] += 1
    slot_rows[SINCE_TURN_START, s] = 0  # CR 302.6: it just came under this control
    if slot_rows[ORDER, s] < 0:
        # Cast permanents and tokens join the board order as they enter.
        slot_rows[ORDER, s] = trial_vars[NEXT_ORDER]
        trial_vars[NEXT_ORDER] += 1
        if slot_rows[RANK, s] < 0:
            slot_rows[RANK, s] = RANK_FALLBACK + slot_rows[ORDER, s]
    parts = card_table[T_ETB_PARTS, slot_rows[CARD, s]]  # one trigger each (603.3b)
    ctrl, obj, order = slot_rows[CONTROLLER, s], slot_rows[OBJ, s], slot_rows[ORDER, s]
    queue_each(trial_vars, work, ETB, s, parts, ctrl, obj, order)
    trial_vars[SEQ] += 1


@inline
def return_card(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    kind: int,
) -> None:
    """Persist (702.79a) or undying (702.93a): return under the owner's control, tapped if
    it says so (614.1c), with a -1/-1 or +1/+1 counter (put as it enters, 122.6); then the
    triggers of a permanent entering from its owner's graveyard (603.6a)."""
    slot_rows[CONTROLLER, s] = slot_rows[OWNER, s]
    slot_rows[TAPPED, s] = card_table[T_ENTERS_TAPPED, slot_rows[CARD, s]]
    enter(slot_rows, trial_vars, work, card_table, s)
    put_counters(
        slot_rows, trial_vars, work, card_table, s, 1 if kind == PERSIST else 0, 1, True, False
    )
    entered_from_graveyard(slot_rows, trial_vars, work, card_table, s)


@njit
def reanimate(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    ctrl: int,
) -> None:
    """Puppeteer Clique: the card in slot ``s`` enters from its graveyard under ``ctrl``'s
    control (tapped if it says so, 614.1c) and gains haste; a delayed trigger exiles it at
    the beginning of ``ctrl``'s next end step (603.7c, ``turns.pass_turn``)."""
    slot_rows[CONTROLLER, s] = ctrl
    slot_rows[TAPPED, s] = card_table[T_ENTERS_TAPPED, slot_rows[CARD, s]]
    enter(slot_rows, trial_vars, work, card_table, s)
    slot_rows[GRANTED, s] |= HASTE
    slot_rows[EXILE_AT_END, s] = ctrl + 1
    entered_from_graveyard(slot_rows, trial_vars, work, card_table, s)


@inline
def entered_from_graveyard(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int
) -> None:
    """CR 603.6a: the triggers of slot ``s`` entering from its owner's graveyard: River
    Kelpie's (any permanent), Flayer of the Hatebound's (a creature from its controller's);
    none in a batch without such a card (the test inlined, the search a call, as
    ``refresh``)."""
    if work[LAYOUT, GATES] & G_GY_ENTER:
        _graveyard_entry_triggers(slot_rows, trial_vars, work, card_table, s)


@njit
def _graveyard_entry_triggers(
    slot_rows: np.ndarray, trial_vars: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int
) -> None:
    creature = is_creature(slot_rows, s)
    for w in range(slot_rows.shape[1]):
        c = slot_rows[CARD, w]
        if c < 0 or not is_alive(slot_rows, w):
            continue
        ctrl, obj = slot_rows[CONTROLLER, w], slot_rows[OBJ, w]
        parts, j = card_table[T_GY_PARTS, c], 1
        while parts:  # its abilities in printed order (603.3b)
            key = detection_key(trial_vars, slot_rows[ORDER, w], j)
            part = parts & PART_MASK
            if part == tb.PART_GY_DRAW:  # River Kelpie: data 0, it draws
                queue(trial_vars, work, GRAVEYARD_ENTER, w, 0, ctrl, obj, key)
            elif creature and ctrl == slot_rows[OWNER, s]:  # Flayer: a creature from yours
                entered = 1 + s + (slot_rows[OBJ, s] << 16)
                queue(trial_vars, work, GRAVEYARD_ENTER, w, entered, ctrl, obj, key)
            parts >>= tb.PART_BITS
            j += 1


@njit
def set_card(
    slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, s: int, c: int
) -> None:
    """Give a slot its card (a cast permanent or a token) with its printed columns."""
    note_slot(work, card_table, s, c, RULE_LIST)
    note_slot(work, card_table, s, c, MANA_LIST)
    work[COUNT, CARDS_GIVEN] = 1
    slot_rows[CARD, s] = c
    slot_rows[IS_CREATURE_CARD, s] = card_table[T_IS_CREATURE, c]
    slot_rows[BASE_P, s] = card_table[T_BASE_P, c]
    slot_rows[BASE_T, s] = card_table[T_BASE_T, c]
    slot_rows[PRINTED_PERSIST, s] = card_table[T_PERSIST, c]
    slot_rows[PRINTED_UNDYING, s] = card_table[T_UNDYING, c]
    slot_rows[PRINTED_KEYWORDS, s] = card_table[T_KEYWORDS, c]


@njit
def cast_permanent(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    s: int,
    x: int,
) -> None:
    """A permanent spell resolves and enters under its caster's control (608.3), tapped if
    it says so (614.1c), with its counters (122.6: put as it enters): a fixed number of a
    kind (Gemstone Mine), or X (107.3m: the X paid for the spell)."""
    c = slot_rows[CARD, s]
    slot_rows[ZONE, s] = BATTLEFIELD  # statics go stale in ``enter`` (none is read before)
    slot_rows[TAPPED, s] = card_table[T_ENTERS_TAPPED, c]
    if card_table[T_ENTERS_KIND, c] >= 0:
        kind, amount = card_table[T_ENTERS_KIND, c], card_table[T_ENTERS_AMOUNT, c]
        put_counters(slot_rows, trial_vars, work, card_table, s, kind, amount, True, False)
    if card_table[T_ENTERS_X_KIND, c] >= 0:
        kind = card_table[T_ENTERS_X_KIND, c]
        put_counters(slot_rows, trial_vars, work, card_table, s, kind, x, True, False)
    enter(slot_rows, trial_vars, work, card_table, s)


@njit
def create_tokens(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    src: int,
    token_card: int,
    count: int,
    ctrl: int,
) -> None:
    """CR 111.1: the dies or leaves trigger of slot ``src``, controlled by ``ctrl`` (603.3a:
    who controlled its source as it left, not the card's owner), makes ``count`` tokens of
    card ``token_card`` under ``ctrl``'s control (each token doubler of theirs doubles the
    number, 614.1); past the token slots: unsupported."""
    doublers = 0
    for k in range(slot_rows.shape[1] if work[LAYOUT, GATES] & G_DOUBLER else 0):
        c = slot_rows[CARD, k]
        if (
            c >= 0
            and is_alive(slot_rows, k)
            and card_table[T_TOKENS_DOUBLED, c]
            and slot_rows[CONTROLLER, k] == ctrl
        ):
            doublers += 1
    for _ in range(count << doublers):
        if trial_vars[TOKENS_MADE] >= TOKENS_MADE_CAP:
            unsupported(trial_vars, R_TOKENS_MADE)
            continue
        slot = _token_slot(slot_rows, work, src)
        if slot < 0:
            every = slot_rows.shape[1] == work[LAYOUT, N_SLOTS]  # or the trial plays without
            unsupported(trial_vars, R_TOKEN_SLOTS if every else NEEDS_TOKEN_SLOTS)
            continue
        set_card(slot_rows, work, card_table, slot, token_card)
        slot_rows[CONTROLLER, slot] = ctrl
        slot_rows[OWNER, slot] = ctrl
        slot_rows[TOKEN, slot] = 1
        slot_rows[TOKEN_SOURCE, slot] = src
        slot_rows[MADE, src] += 1  # (a token's own number is not its series' count)
        slot_rows[TOKEN_SERIAL, slot] = slot_rows[MADE, src]
        slot_rows[MADE, slot] = 0  # a new object: its series starts afresh
        give_choices(slot_rows, trial_vars, slot, src, slot_rows[TOKEN_SERIAL, slot])
        trial_vars[TOKENS_MADE] += 1
        enter(slot_rows, trial_vars, work, card_table, slot)


@njit
def _token_slot(slot_rows: np.ndarray, work: np.ndarray, src: int) -> int:
    """A token slot for a new token: the first never used, or one whose token has ceased to
    exist (704.5d) that nothing points at any more (``_unreferenced``), not the slot ``src``
    of the token making it (its trigger, resolving, is off the stack, and the new token
    names it as its source); -1 if there is none.
    A slot used again keeps counting its objects (400.7: the new token is a new object, so an
    object number once read from the slot names one that is gone) and joins the board order
    anew (as a token slot is first used: ``enter``)."""
    for q in range(first_token_slot(work), slot_rows.shape[1]):
        if slot_rows[CARD, q] < 0:
            return q
        if slot_rows[ZONE, q] == NONE and q != src and _unreferenced(slot_rows, work, q):
            slot_rows[ORDER, q] = -1
            slot_rows[RANK, q] = -1
            return q
    return -1


@njit
def _unreferenced(slot_rows: np.ndarray, work: np.ndarray, q: int) -> bool:
    """Whether nothing refers to slot ``q`` by its place: no trigger of it waits or is on the
    stack (their order and their loop digest read the slot), no permanent is attached to it,
    no token names it as its source (``outcome`` names a token after its source's slot), no
    effect of its activated ability lasts (``mana.could`` reads the effect off the slot's card)."""
    if slot_rows[EFFECT_ON, q]:
        return False
    for k in range(work[COUNT, WAITING]):
        if work[PENDING_SOURCE, k] == q:
            return False
    for k in range(work[COUNT, HEIGHT]):
        if work[STACK_SOURCE, k] == q:
            return False
    for k in range(slot_rows.shape[1]):
        if slot_rows[ATTACHED_TO, k] == q or slot_rows[TOKEN_SOURCE, k] == q:
            return False
    return True


@inline
def _leaves_graveyard(slot_rows: np.ndarray, s: int, owner: int) -> bool:
    """Whether slot ``s``'s card leaves its graveyard in a move of many: every graveyard's
    cards (``owner`` -1), or ``owner``'s cards put there this turn."""
    if slot_rows[ZONE, s] != GRAVEYARD:
        return False
    return owner < 0 or (slot_rows[OWNER, s] == owner and not slot_rows[PREVIOUS_TURNS, s])


@njit
def graveyard_order(
    slot_rows: np.ndarray, trial_vars: np.ndarray, event_rows: np.ndarray, owner: int
) -> None:
    """The cards about to leave the graveyards together (``_leaves_graveyard``, and with
    ``owner`` -1 the spell cards there too) arrive in their new zone as one event, in their
    graveyard order (404.2: the reference moves a graveyard's cards in order). Rare: the
    earliest not yet numbered is found again for each card."""
    event, n, e = arrival(trial_vars), slot_rows.shape[1], event_rows.shape[1]
    for place in range(n + e):
        best, best_event, best_sub = -1, event, 0
        for j in range(n + e):
            if j < n:
                moves = _leaves_graveyard(slot_rows, j, owner)
                a, b = slot_rows[ARRIVAL, j], slot_rows[ARRIVAL_SUB, j]
            else:
                moves = owner < 0 and event_rows[SPELL_ZONE, j - n] == GRAVEYARD
                a, b = event_rows[SPELL_ARRIVAL, j - n], event_rows[SPELL_ARRIVAL_SUB, j - n]
            earlier = a < best_event or (a == best_event and b < best_sub)
            if moves and a < event and (best < 0 or earlier):
                best, best_event, best_sub = j, a, b
        if best < 0:
            return
        if best < n:
            slot_rows[ARRIVAL, best], slot_rows[ARRIVAL_SUB, best] = event, place
        else:
            event_rows[SPELL_ARRIVAL, best - n] = event
            event_rows[SPELL_ARRIVAL_SUB, best - n] = place


@njit
def exile_graveyards(slot_rows: np.ndarray, trial_vars: np.ndarray, event_rows: np.ndarray) -> None:
    """Every card in every graveyard is exiled (406.2): Farewell's fourth mode, Rest in
    Peace's enters trigger. A token never is in one (704.5d)."""
    graveyard_order(slot_rows, trial_vars, event_rows, -1)
    for s in range(slot_rows.shape[1]):
        if slot_rows[ZONE, s] == GRAVEYARD:
            slot_rows[ZONE, s] = EXILE
    for e in range(event_rows.shape[1]):
        if event_rows[SPELL_ZONE, e] == GRAVEYARD:
            event_rows[SPELL_ZONE, e] = EXILE
