"""The driver: every trial of a batch, one after another inside one compiled function (no
Python loop over trials, one thread): copy the trial in, settle the board as given, then
each event, settling after each (CR 117.5: state-based actions, triggers onto the stack in
APNAP order, resolve the top, repeat until the stack is empty), copy it out.

The kernel keeps a loop watch for mandatory loops (104.4b, ``kernel.loops``: the reference
engine's verdicts, the HISTORY cap, the same draw and unsupported verdicts), so it finishes
every trial itself. The watch costs a board digest per resolution, so a trial first plays
unwatched: the watch can only stop a trial that, unwatched, loops on past PATIENCE
resolutions in one settle or reaches a cap (ends unsupported), and only such a trial is
played again from its start with the watch, in any batch: no set of cards is known never to
loop (Murderous Redcap naming itself under Mikaeus, the Unhallowed returns by undying and
persist in turn, and a batch once judged loop-free stopped that trial at PATIENCE as "ok").

Likewise a trial first plays without the token slots: every rule step loops over the slots,
a batch with a card that makes tokens has sixteen of them, and few trials make one. A trial
that does is played again from its start on every slot (``_again``).
"""

from __future__ import annotations

import time

import numpy as np

from engine.batch.kernel import state as ks
from engine.batch.kernel.caps import NEEDS_TOKEN_SLOTS
from engine.batch.kernel.characteristics import mark_all_changed
from engine.batch.kernel.combat import (
    FIRST_STEP,
    ONLY_STEP,
    SECOND_STEP,
    blocks_rejection,
    deal,
    declare,
    start_damage,
)
from engine.batch.kernel.events import apply_event
from engine.batch.kernel.flat import flat_view
from engine.batch.kernel.jit import entry, inline, njit
from engine.batch.kernel.listed import MANA_LIST, RULE_LIST, list_slots
from engine.batch.kernel.loops import H_ROWS, H_WIDTH, LONG, endless, new_settle, popped
from engine.batch.kernel.mana.could import could_produce
from engine.batch.kernel.sba import state_based_actions
from engine.batch.kernel.stack import HEIGHT, WAITING, place_triggers
from engine.batch.kernel.state import (
    ACTIVE,
    ARRIVAL,
    ARRIVAL_SUB,
    ARRIVALS,
    CARDS_GIVEN,
    COULD,
    COUNT,
    COUNTER_POLICY,
    D_SOURCE,
    DELAYED_CARD,
    DELAYED_CONTROLLER,
    DELAYED_OBJ,
    DELAYED_SOURCE,
    EV_KIND_,
    EV_ORDER_,
    EV_ROWS,
    EV_X_,
    EVENT_GROUP_FIRST,
    EVENT_GROUP_SIZE,
    EXTRA_COUNTERS,
    FRESH_ROWS,
    FRESH_VALUES,
    GROUP_FIRST,
    GROUP_GIVEN,
    GROUP_ROWS,
    GROUP_SIZE,
    GROUP_WRITTEN,
    KNOWN,
    L_ROWS,
    LARGE_SEEN,
    LAYOUT,
    LIFE,
    LIFE_BEFORE,
    MANA_FROM_TRIGGERS,
    MANA_REPLACED,
    MAX_PLAYERS,
    N_COUNTER_RANKS,
    N_KIND_RANKS,
    N_LIFE,
    N_PLAYERS,
    N_RETURNED,
    N_TARGET_NAMES,
    N_TOKEN_CHOICES,
    NEXT_ORDER,
    POOL,
    REASON,
    REJECTED,
    RETURNED_SLOT,
    SEQ,
    SKIP_UNTAP,
    SPELL_ARRIVAL,
    SPELL_ARRIVAL_SUB,
    SPELL_ON,
    SPELL_ZONE,
    STALE,
    STATUS,
    TOKENS_MADE,
    UNDEFINED_MANA,
    W_ROWS,
    X_COST,
    X_COST_LEN,
    KState,
)
from engine.batch.kernel.triggers import resolve_top
from engine.batch.kernel.turns import end_step, pass_turn
from engine.batch.wipe_state import (
    DRAW,
    EFFECTS,
    EV_ATTACK,
    EV_NONE,
    EV_PASS_TURN,
    EV_TAP_MANA,
    OK,
    ORDER_LEN,
    RETURNS,
    STACK_DEPTH,
    WipeInputs,
    WipeState,
    given_indestructible,
)

PATIENCE = 64  # resolutions in one settle before a trial that may loop is played again watched
# a batch's choices the kernel reads per trial: each event's replacement order (T, E,
# ORDER_LEN), the "id:ability" trigger orders (T, K, 4: ``state.kind_ranks``), the "any
# target" choices in order (T, K, 3: ``state.target_names``), the choices given for tokens
# (T, K, 4: ``state.token_choices``), each seat's counter policy (T, P) and the counter orders
# (T, K, 3: ``state.counter_choices``)
Choices = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


@njit
def settle(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    history: np.ndarray,
    watch: bool,
) -> None:
    """Run SBAs, triggers and the stack until the stack is empty. With ``watch``, look for a
    mandatory loop before each resolution (104.4b); without, stop a settle that runs past
    PATIENCE resolutions (``LONG``: the trial is played again with the watch)."""
    new_settle(work)
    resolved = 0
    while True:
        while state_based_actions(slot_rows, trial_vars, work, card_table):
            pass
        place_triggers(slot_rows, trial_vars, work, card_table)
        if work[COUNT, HEIGHT] == 0 or trial_vars[STATUS] != OK:
            return
        if watch and endless(slot_rows, trial_vars, work, history, work[COUNT, HEIGHT]):
            return
        if not watch and resolved >= PATIENCE:
            work[COUNT, LONG] = 1
            return
        resolve_top(slot_rows, trial_vars, work, card_table, event_rows)
        resolved += 1
        if watch:
            popped(work, history, work[COUNT, HEIGHT])


@njit
def _copy(into: tuple[np.ndarray, np.ndarray], source: tuple[np.ndarray, np.ndarray]) -> None:
    """Copy a trial's slot rows and variables (element by element: no allocation here)."""
    for r in range(source[0].shape[0]):
        for k in range(source[0].shape[1]):
            into[0][r, k] = source[0][r, k]
    for k in range(source[1].shape[0]):
        into[1][k] = source[1][k]


@njit
def _attack(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    combat_rows: np.ndarray,
    history: np.ndarray,
    watch: bool,
    kept: tuple[np.ndarray, np.ndarray],
    e: int,
) -> None:
    """Declare attackers, settle their attack triggers (508.1m, 508.2), declare blockers
    (509.1), deal combat damage (in two steps with first strike, settled between, 510.4);
    blocks that turn out illegal reject the whole action, and the trial is put back as it
    was before it (``kept``: a rejected action changes nothing)."""
    _copy(kept, (slot_rows, trial_vars))
    if not declare(slot_rows, trial_vars, work, card_table, event_rows, combat_rows, e):
        return
    settle(slot_rows, trial_vars, work, card_table, event_rows, history, watch)
    if trial_vars[STATUS] != OK or work[COUNT, LONG]:
        return
    code = blocks_rejection(slot_rows, trial_vars, card_table, combat_rows, e)
    if code:
        _copy((slot_rows, trial_vars), kept)
        work[COUNT, STALE] = 1
        event_rows[REJECTED, e] = code
        return
    if not start_damage(slot_rows, work, card_table, combat_rows, e):
        deal(slot_rows, trial_vars, work, card_table, combat_rows, e, ONLY_STEP)
        return
    deal(slot_rows, trial_vars, work, card_table, combat_rows, e, FIRST_STEP)
    settle(slot_rows, trial_vars, work, card_table, event_rows, history, watch)  # 510.3
    if trial_vars[STATUS] == OK and not work[COUNT, LONG]:
        deal(slot_rows, trial_vars, work, card_table, combat_rows, e, SECOND_STEP)


@njit
def _pass_turn(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    history: np.ndarray,
    watch: bool,
) -> None:
    """The end step's triggers, settled before cleanup (513.1, 117.5: ``turns.end_step``),
    then cleanup and the next turn's untap and upkeep (``turns.pass_turn``)."""
    end_step(slot_rows, trial_vars, work, card_table)
    work[COUNT, KNOWN] = 0
    mark_all_changed(work, slot_rows.shape[1])
    settle(slot_rows, trial_vars, work, card_table, event_rows, history, watch)
    if trial_vars[STATUS] == OK and not work[COUNT, LONG]:
        pass_turn(slot_rows, trial_vars, work, card_table, event_rows)


@njit
def _quiet(trial_vars: np.ndarray, work: np.ndarray, seq: int) -> bool:
    """Whether the mana ability just activated (605.3a: it does not use the stack) moved
    nothing (zone changes count in SEQ), changed no life (``work``'s LIFE_BEFORE) and left no
    trigger waiting. The board was settled before it, and a mana ability changes nothing
    else that a state-based action looks at (tapped states, pools, counters of other kinds),
    so the settle after it would find nothing to do (704.3), and it is skipped."""
    if trial_vars[SEQ] != seq or work[COUNT, WAITING] or work[COUNT, HEIGHT]:
        return False
    for p in range(trial_vars[N_LIFE]):  # noqa: SIM110 (numba compiles no generators)
        if trial_vars[LIFE + p] != work[LIFE_BEFORE, p]:
            return False
    return True


@njit
def play_trial(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    card_table: np.ndarray,
    event_rows: np.ndarray,
    combat_rows: np.ndarray,
    history: np.ndarray,
    watch: bool,
    kept: tuple[np.ndarray, np.ndarray],
) -> None:
    """One trial: the board as given, then every event (``kept``: room for a copy of the
    trial, see ``_attack``)."""
    work[COUNT, WAITING], work[COUNT, HEIGHT], work[COUNT, LONG] = 0, 0, 0
    work[COUNT, LARGE_SEEN] = 0  # counters as given are scenario numbers (MAX_BATCH_NUMBER)
    work[COUNT, CARDS_GIVEN] = 0  # no slot has been given a card yet (state.PRINTED)
    work[COUNT, STALE] = 1  # a new board: the statics are summed afresh
    work[COUNT, KNOWN] = 0  # ... and what its permanents could produce is found afresh
    mark_all_changed(work, slot_rows.shape[1])  # ... and every slot meets the SBAs afresh
    list_slots(slot_rows, work, card_table, RULE_LIST)
    list_slots(slot_rows, work, card_table, MANA_LIST)
    settle(slot_rows, trial_vars, work, card_table, event_rows, history, watch)
    for e in range(event_rows.shape[1]):
        if trial_vars[STATUS] != OK or work[COUNT, LONG]:
            break
        if event_rows[EV_KIND_, e] == EV_NONE:
            continue  # no action (a drawn event that found nothing): the board stays settled
        if event_rows[EV_KIND_, e] == EV_ATTACK:
            _attack(
                slot_rows,
                trial_vars,
                work,
                card_table,
                event_rows,
                combat_rows,
                history,
                watch,
                kept,
                e,
            )
        elif event_rows[EV_KIND_, e] == EV_PASS_TURN:
            _pass_turn(slot_rows, trial_vars, work, card_table, event_rows, history, watch)
        else:  # one call of apply_event, inlined here
            tap, seq = event_rows[EV_KIND_, e] == EV_TAP_MANA, trial_vars[SEQ]
            if tap:
                for p in range(trial_vars[N_LIFE]):
                    work[LIFE_BEFORE, p] = trial_vars[LIFE + p]
            apply_event(slot_rows, trial_vars, work, card_table, event_rows, e)
            if tap and _quiet(trial_vars, work, seq):
                continue
        # any other event may have changed the board: what it could produce, and any slot
        work[COUNT, KNOWN] = 0
        mark_all_changed(work, slot_rows.shape[1])
        settle(slot_rows, trial_vars, work, card_table, event_rows, history, watch)
    ended = trial_vars[STATUS] == OK or trial_vars[STATUS] == DRAW  # (a draw's board too)
    if work[LAYOUT, COULD] and ended and not work[COUNT, LONG] and not work[COUNT, KNOWN]:
        could_produce(slot_rows, work, card_table, event_rows)  # CR 106.7, as the trial ends


@inline
def _fields_in(
    group: np.ndarray,
    shape: tuple[int, int],
    first: int,
    given: int,
    i: int,
    flat: np.ndarray,
    n: int,
) -> None:
    """Copy trial ``i``'s first ``given`` rows of a group's (T, F, W) block (``group``, flat;
    ``shape``: F, W) into rows ``first`` on of an (R, n) buffer (``flat``). When the widths
    agree (a trial on every slot) that is one run of memory into another: row by row, each
    row of ten slots a vectorized loop of its own, the copies took a third of mana-tap's
    kernel. The places are unsigned: numba gives a signed one a test for a negative index,
    and the loop copied an element at a time (300 ns a trial, 53 without)."""
    size, width = shape
    at, to = np.uint64(i * size * width), np.uint64(first * n)
    if n == width:
        for j in range(given * n):
            flat[to + np.uint64(j)] = group[at + np.uint64(j)]
    else:
        for r in range(given):
            for k in range(n):
                flat[to + np.uint64(r * n + k)] = group[at + np.uint64(r * width + k)]


@inline
def _fields_out(
    group: np.ndarray,
    shape: tuple[int, int],
    first: int,
    written: tuple[int, int],
    i: int,
    flat: np.ndarray,
    n: int,
) -> None:
    """Copy rows ``first`` on of an (R, n) buffer (``flat``) back into trial ``i`` of a
    group's block (as ``_fields_in``): the ``written`` range of its rows (all, or those a
    trial that gave no card may change)."""
    size, width = shape
    lo, hi = written
    at, to = np.uint64(i * size * width), np.uint64(first * n)
    if n == width:
        for j in range(lo * n, hi * n):
            group[at + np.uint64(j)] = flat[to + np.uint64(j)]
    else:
        for r in range(lo, hi):
            for k in range(n):
                group[at + np.uint64(r * width + k)] = flat[to + np.uint64(r * n + k)]


@njit
def _load_slots(
    g: tuple[np.ndarray, ...], counters: np.ndarray, i: int, slot_rows: np.ndarray
) -> None:
    """Copy trial ``i``'s slots (``g``: the groups' blocks, flat) into ``slot_rows``: the
    fields its board gives, read; the FRESH fields, the counters of other kinds and the
    kernel's own rows, set. A call of its own: inlined, its loops spilled the trial loop's
    registers."""
    first, given, size = GROUP_FIRST, GROUP_GIVEN, GROUP_SIZE  # a line per SLOT_GROUPS entry
    width, flat, n = counters.shape[1], flat_view(slot_rows), slot_rows.shape[1]
    _fields_in(g[0], (size[0], width), first[0], given[0], i, flat, n)
    _fields_in(g[1], (size[1], width), first[1], given[1], i, flat, n)
    _fields_in(g[2], (size[2], width), first[2], given[2], i, flat, n)
    _fields_in(g[3], (size[3], width), first[3], given[3], i, flat, n)
    _fields_in(g[4], (size[4], width), first[4], given[4], i, flat, n)
    _fields_in(g[5], (size[5], width), first[5], given[5], i, flat, n)
    _fields_in(g[6], (size[6], width), first[6], given[6], i, flat, n)
    given_kinds = counters.shape[2]
    u = np.uint64(i)
    for j in range(given_kinds):
        to = np.uint64((EXTRA_COUNTERS + j) * n)
        for k in range(n):
            flat[to + np.uint64(k)] = counters[u, np.uint64(k), np.uint64(j)]
    for j in range(len(FRESH_ROWS)):  # the rows set, row by row: each a run of stores
        to = np.uint64(FRESH_ROWS[j] * n)
        for k in range(n):
            flat[to + np.uint64(k)] = FRESH_VALUES[j]
    rest = flat[(EXTRA_COUNTERS + given_kinds) * n :]
    for k in range(rest.shape[0]):  # the kinds not given and the kernel's rows: one block
        rest[k] = 0


if len(GROUP_FIRST) != 7:  # the copy lines of _load_slots and _store_columns
    raise RuntimeError("SLOT_GROUPS changed: give _load_slots and _store_columns a line per group")


@inline
def _entries(trial_vars: np.ndarray, at: int, given: np.ndarray, i: int) -> None:
    """Copy trial ``i``'s entries of ``given`` (T, K, width) into ``trial_vars``: how many at
    ``at``, then the entries, field by field."""
    width = given.shape[2]
    trial_vars[at] = given.shape[1]
    for j in range(given.shape[1]):
        for f in range(width):
            trial_vars[at + 1 + width * j + f] = given[i, j, f]


@inline
def _load_vars(kstate: KState, i: int, trial_vars: np.ndarray, choices: Choices) -> None:
    """Copy trial ``i``'s scalars, life, pools, "id:ability" trigger orders, "any target"
    choices, the choices given for tokens, counter orders and delayed triggers into
    ``trial_vars``."""
    _, kind_ranks, names, given, policy, counter_ranks = choices
    trial_vars[N_PLAYERS], trial_vars[ACTIVE] = kstate.n_players[i], kstate.active[i]
    trial_vars[STATUS], trial_vars[REASON] = kstate.status[i], kstate.reason[i]
    trial_vars[SEQ], trial_vars[NEXT_ORDER] = kstate.seq[i], kstate.next_order[i]
    trial_vars[TOKENS_MADE], trial_vars[N_RETURNED] = kstate.tokens_made[i], kstate.n_returned[i]
    trial_vars[N_LIFE] = kstate.life.shape[1]
    for p in range(MAX_PLAYERS):
        trial_vars[SKIP_UNTAP + p] = 0  # no spell of this trial has resolved yet
    trial_vars[ARRIVALS] = 0  # no card has arrived in a zone off the battlefield yet
    for p in range(kstate.life.shape[1]):
        trial_vars[LIFE + p] = kstate.life[i, p]
        for t in range(6):
            trial_vars[POOL + 6 * p + t] = kstate.pools[i, p, t]
    trial_vars[UNDEFINED_MANA] = kstate.undefined_mana[i]
    trial_vars[MANA_FROM_TRIGGERS] = kstate.mana_from_triggers[i]
    trial_vars[MANA_REPLACED] = kstate.mana_replaced[i]
    _entries(trial_vars, N_KIND_RANKS, kind_ranks, i)
    _entries(trial_vars, N_TARGET_NAMES, names, i)
    _entries(trial_vars, N_TOKEN_CHOICES, given, i)
    for p in range(MAX_PLAYERS):
        trial_vars[COUNTER_POLICY + p] = policy[i, p] if p < policy.shape[1] else 0
    _entries(trial_vars, N_COUNTER_RANKS, counter_ranks, i)
    for g in range(EFFECTS):  # no delayed trigger yet (the kernel's own variables)
        trial_vars[DELAYED_SOURCE + g] = -1
        trial_vars[DELAYED_OBJ + g] = 0
        trial_vars[DELAYED_CONTROLLER + g] = 0
        trial_vars[DELAYED_CARD + g] = 0


@inline
def _orders_in(orders: np.ndarray, i: int, flat: np.ndarray, at: np.uint64) -> None:
    """Copy trial ``i``'s replacement orders (T, E, ORDER_LEN: ``state.orders``) into the
    EV_ORDER_ rows (``flat`` from place ``at``) as ``state.EV_ORDER_`` lays them out: one run."""
    for e in range(orders.shape[1]):
        for j in range(ORDER_LEN):
            flat[at + np.uint64(e * ORDER_LEN + j)] = orders[i, e, j]


@inline
def _load_events(
    kstate: KState,
    events: tuple[np.ndarray, np.ndarray],
    orders: np.ndarray,
    combat: tuple[np.ndarray, ...],
    i: int,
    event_rows: np.ndarray,
    combat_rows: np.ndarray,
) -> None:
    """Copy trial ``i``'s events, replacement orders and attacks into the buffers."""
    small, wide = events  # EVENT_GROUPS' blocks, flat: 16 bits, then 64
    first, size, width = EVENT_GROUP_FIRST, EVENT_GROUP_SIZE, event_rows.shape[1]
    flat = flat_view(event_rows)
    _fields_in(small, (size[0], width), first[0], size[0], i, flat, width)
    _fields_in(wide, (size[1], width), first[1], size[1], i, flat, width)
    for e in range(event_rows.shape[1]):
        event_rows[SPELL_ZONE, e] = kstate.spell_zone[i, e]
        event_rows[REJECTED, e] = kstate.rejected[i, e]
        event_rows[SPELL_ON, e] = kstate.spell_on[i, e]
    _orders_in(orders, i, flat, np.uint64(EV_ORDER_ * width))
    if combat_rows.shape[2] == 0:
        return  # a batch without an attack
    for e in range(event_rows.shape[1]):
        for f in range(len(combat)):  # the declarations by slot, then the token entries
            w = combat[f].shape[2]
            for s in range(combat_rows.shape[2] if f < D_SOURCE else w):
                combat_rows[f, e, s] = combat[f][i, e, s] if s < w else -1


@njit
def _store_slots(
    g: tuple[np.ndarray, ...], counters: np.ndarray, i: int, slot_rows: np.ndarray, cards: bool
) -> None:
    """Copy ``slot_rows`` back into trial ``i`` (``g``: the groups' blocks): the PRINTED
    fields too if the trial gave a slot a card (``cards``). A call of its own, as
    ``_load_slots``; in it a copy per case, each with its ranges as constants."""
    if cards:
        _store_columns(g, counters, i, slot_rows, GROUP_ROWS)
    else:
        _store_columns(g, counters, i, slot_rows, GROUP_WRITTEN)


@inline
def _store_columns(
    g: tuple[np.ndarray, ...],
    counters: np.ndarray,
    i: int,
    slot_rows: np.ndarray,
    written: tuple[tuple[int, int], ...],
) -> None:
    """Copy each group's ``written`` rows of ``slot_rows`` and the counters of other kinds
    back into trial ``i``."""
    first, size, width = GROUP_FIRST, GROUP_SIZE, counters.shape[1]  # a line per group
    flat, n = flat_view(slot_rows), slot_rows.shape[1]
    _fields_out(g[0], (size[0], width), first[0], written[0], i, flat, n)
    _fields_out(g[1], (size[1], width), first[1], written[1], i, flat, n)
    _fields_out(g[2], (size[2], width), first[2], written[2], i, flat, n)
    _fields_out(g[3], (size[3], width), first[3], written[3], i, flat, n)
    _fields_out(g[4], (size[4], width), first[4], written[4], i, flat, n)
    _fields_out(g[5], (size[5], width), first[5], written[5], i, flat, n)
    _fields_out(g[6], (size[6], width), first[6], written[6], i, flat, n)
    u = np.uint64(i)
    for j in range(counters.shape[2]):
        to = np.uint64((EXTRA_COUNTERS + j) * n)
        for k in range(n):
            counters[u, np.uint64(k), np.uint64(j)] = flat[to + np.uint64(k)]


@inline
def _store_vars(kstate: KState, i: int, trial_vars: np.ndarray, event_rows: np.ndarray) -> None:
    """Copy ``trial_vars`` and the events' records back into trial ``i``."""
    kstate.status[i], kstate.reason[i] = trial_vars[STATUS], trial_vars[REASON]
    kstate.seq[i], kstate.next_order[i] = trial_vars[SEQ], trial_vars[NEXT_ORDER]
    kstate.tokens_made[i], kstate.n_returned[i] = trial_vars[TOKENS_MADE], trial_vars[N_RETURNED]
    for p in range(kstate.life.shape[1]):
        kstate.life[i, p] = trial_vars[LIFE + p]
        for t in range(6):
            kstate.pools[i, p, t] = trial_vars[POOL + 6 * p + t]
    kstate.undefined_mana[i] = trial_vars[UNDEFINED_MANA]
    kstate.mana_from_triggers[i] = trial_vars[MANA_FROM_TRIGGERS]
    kstate.mana_replaced[i] = trial_vars[MANA_REPLACED]
    returns = kstate.returned_slot.shape[1]
    for r in range(trial_vars[N_RETURNED]):
        kstate.returned_slot[i, r] = trial_vars[RETURNED_SLOT + r]
        kstate.returned_by[i, r] = trial_vars[RETURNED_SLOT + returns + r]
    for e in range(event_rows.shape[1]):
        kstate.spell_zone[i, e] = event_rows[SPELL_ZONE, e]
        kstate.rejected[i, e] = event_rows[REJECTED, e]
        kstate.spell_on[i, e] = event_rows[SPELL_ON, e]
        kstate.cast_x[i, e] = event_rows[EV_X_, e]


@inline
def _store(
    kstate: KState,
    i: int,
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    event_rows: np.ndarray,
    work: np.ndarray,
) -> None:
    """Copy trial ``i``'s buffers back (its arrivals in zones in a batch run with zone order)."""
    _store_slots(kstate.slots, kstate.counters, i, slot_rows, work[COUNT, CARDS_GIVEN] != 0)
    _store_vars(kstate, i, trial_vars, event_rows)
    if kstate.arrival.shape[1]:
        _store_arrivals(kstate.arrival, kstate.spell_arrival, i, slot_rows, event_rows)


@njit
def _store_arrivals(
    arrival: np.ndarray,
    spell_arrival: np.ndarray,
    i: int,
    slot_rows: np.ndarray,
    event_rows: np.ndarray,
) -> None:
    """Copy where each card arrived in its zone back into trial ``i`` (a call of its own:
    inlined into the copy-out, these stores slowed mana-tap's kernel by 6%). A card in a
    zone off the battlefield, or a spell card, got its arrival as it went there this trial,
    so the buffers' rows are not reset between trials."""
    for k in range(slot_rows.shape[1]):
        arrival[i, k, 0] = slot_rows[ARRIVAL, k]
        arrival[i, k, 1] = slot_rows[ARRIVAL_SUB, k]
    for e in range(spell_arrival.shape[1]):
        spell_arrival[i, e, 0] = event_rows[SPELL_ARRIVAL, e]
        spell_arrival[i, e, 1] = event_rows[SPELL_ARRIVAL_SUB, e]


@inline
def _load(
    kstate: KState,
    events: tuple[np.ndarray, np.ndarray],
    choices: Choices,
    combat: tuple[np.ndarray, ...],
    i: int,
    buffers: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> None:
    """Copy trial ``i`` into the buffers (slot_rows, trial_vars, event_rows, combat_rows)."""
    slot_rows, trial_vars, event_rows, combat_rows = buffers
    _load_slots(kstate.slots, kstate.counters, i, slot_rows)
    _load_vars(kstate, i, trial_vars, choices)
    _load_events(kstate, events, choices[0], combat, i, event_rows, combat_rows)


@entry
def run_trials(
    kstate: KState,
    events: tuple[np.ndarray, np.ndarray],
    choices: Choices,
    combat: tuple[np.ndarray, ...],
    card_table: np.ndarray,
    work: np.ndarray,
    first_token_slot: int,
) -> None:
    """Every trial of the batch. The buffers are allocated once, here, and reused trial
    after trial: the slot rows twice, once without the token slots (from
    ``first_token_slot`` on: none in a batch without them)."""
    n, e = kstate.counters.shape[1], kstate.spell_zone.shape[1]
    every = np.zeros((L_ROWS, n), dtype=np.int64)
    before_tokens = np.zeros((L_ROWS, min(n, first_token_slot)), dtype=np.int64)
    trial_vars = np.zeros(RETURNED_SLOT + 2 * kstate.returned_slot.shape[1], dtype=np.int64)
    event_rows = np.zeros((EV_ROWS, e), dtype=np.int64)
    history = np.zeros((H_ROWS, H_WIDTH), dtype=np.int64)
    width = max(combat[0].shape[2], n if combat[D_SOURCE].shape[2] else 0)  # state.TOKEN_ENTRY
    combat_rows = np.full((len(combat), e, width), -1, dtype=np.int64)
    buffers = (before_tokens, trial_vars, event_rows, combat_rows)
    kept = (np.zeros_like(before_tokens), np.zeros_like(trial_vars))
    kept_every = (np.zeros_like(every), kept[1])
    given = (kstate, events, choices, combat)
    _every_trial(given, card_table, work, buffers, history, kept, (every, kept_every))


@inline
def _wants_token_slots(trial_vars: np.ndarray) -> bool:
    return trial_vars[STATUS] != OK and trial_vars[REASON] == NEEDS_TOKEN_SLOTS  # type: ignore[no-any-return]


@njit
def _every_trial(
    given: tuple[KState, tuple[np.ndarray, np.ndarray], Choices, tuple[np.ndarray, ...]],
    card_table: np.ndarray,
    work: np.ndarray,
    buffers: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    history: np.ndarray,
    kept: tuple[np.ndarray, np.ndarray],
    wide: tuple[np.ndarray, tuple[np.ndarray, np.ndarray]],
) -> None:
    """The loop over the trials (``run_trials``' arguments as ``given``), copying each in and
    out, without reference counting as every rule step (the entry point keeps it for its
    allocations; with the copies inlined there, mana-tap ran 40% slower).

    A trial plays on the slots before the token slots (``buffers``' slot rows), without the
    loop watch; the few that stop are played again (``_again``). The token slots of a trial
    that did not play on them stay as ``layout.new_state`` made them: empty, as playing on
    them leaves them."""
    kstate, events, choices, combat = given
    slot_rows, trial_vars, event_rows, combat_rows = buffers
    for i in range(kstate.status.shape[0]):
        _load(kstate, events, choices, combat, i, buffers)
        play_trial(slot_rows, trial_vars, work, card_table, event_rows, combat_rows, history,
                   False, kept)  # fmt: skip
        if work[COUNT, LONG] or trial_vars[STATUS] != OK:
            _again(given, card_table, work, buffers, history, kept, wide, i)
        else:
            _store(kstate, i, slot_rows, trial_vars, event_rows, work)


@njit
def _again(
    given: tuple[KState, tuple[np.ndarray, np.ndarray], Choices, tuple[np.ndarray, ...]],
    card_table: np.ndarray,
    work: np.ndarray,
    buffers: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    history: np.ndarray,
    kept: tuple[np.ndarray, np.ndarray],
    wide: tuple[np.ndarray, tuple[np.ndarray, np.ndarray]],
    i: int,
) -> None:
    """Trial ``i`` again from its start, after ``_every_trial``'s play stopped it, and copied
    out: one that made a token (caps.NEEDS_TOKEN_SLOTS) on every slot (``wide``: slot rows and
    their ``kept``), any other with the loop watch (104.4b); a play on every slot that stops
    is played once more with the watch, and a watched play that makes a token once more on
    every slot, watched.

    Each play copies the trial in afresh, at one place in the loop: the copies are inlined,
    and inlined at each play they were compiled five times over (a fifth of the trial
    engine's compile time)."""
    kstate, events, choices, combat = given
    narrow, trial_vars, event_rows, combat_rows = buffers
    every, kept_every = wide
    on_every = _wants_token_slots(trial_vars)
    watch = not on_every
    while True:
        slot_rows = every if on_every else narrow
        copies = (slot_rows, trial_vars, event_rows, combat_rows)
        _load(kstate, events, choices, combat, i, copies)
        kept_rows = kept_every if on_every else kept
        # ``watch`` reaches play_trial as a literal: it is compiled once with the watch and once
        # without it (a variable would compile the whole trial a third time)
        if watch:
            play_trial(slot_rows, trial_vars, work, card_table, event_rows, combat_rows, history,
                       True, kept_rows)  # fmt: skip
        else:
            play_trial(slot_rows, trial_vars, work, card_table, event_rows, combat_rows, history,
                       False, kept_rows)  # fmt: skip
        if not on_every and _wants_token_slots(trial_vars):
            on_every = True
        elif not watch and (work[COUNT, LONG] or trial_vars[STATUS] != OK):
            watch = True
        else:
            break
    _store(kstate, i, slot_rows, trial_vars, event_rows, work)


def run_kernel(
    state: WipeState,
    inputs: WipeInputs,
    could: bool = False,
    x_cost: tuple[int, ...] | None = None,
) -> None:
    """Run every trial of ``state`` (laid out by ``layout.new_state``) in place; with
    ``could``, what each permanent could produce as the trial ends (106.7); with ``x_cost``
    (symbols by type WUBRGC, generic, X symbols, the cap on X), a cast whose X is negative
    takes the most X its caster's pool pays (``events.x_from_pool``)."""
    n, t = state.card.shape[1], len(state.status)
    work = np.zeros((W_ROWS, max(STACK_DEPTH, n + state.n_events, MAX_PLAYERS, 7)), dtype=np.int64)
    f = state.features
    # every trial's returns, as many as RETURNS (written only up to each trial's count)
    recorded = np.empty((t, RETURNS), dtype=np.int16), np.empty((t, RETURNS), dtype=np.int8)
    work[LAYOUT, :8] = (
        state.n_board, state.n_events, RETURNS,
        f.anthem or f.all_pt or f.lord or f.filtered, f.legendary, n, could,
        ks.gates(f) | ks.G_INDESTRUCTIBLE * given_indestructible(inputs),
    )  # fmt: skip
    if x_cost is not None:
        work[LAYOUT, X_COST : X_COST + X_COST_LEN] = (1, *x_cost)
    first_token_slot = state.n_board + state.n_events if f.tokens else n  # zones.create_tokens
    run_trials(
        ks.kstate(state)._replace(returned_slot=recorded[0], returned_by=recorded[1]),
        ks.events(inputs),
        ks.choices(inputs),
        ks.combat(inputs),
        ks.card_table,
        work,
        first_token_slot,
    )
    state.returned_slot, state.returned_by = _used_columns(state.n_returned, *recorded)


def _used_columns(
    counts: np.ndarray, slots: np.ndarray, kinds: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The returns recorded, as wide as the most any trial made (-1 and 0 past a trial's
    count). Filling them at RETURNS a trial before the kernel wrote into them cost 25-30 ns
    of a mana-tap trial, which makes none."""
    width = int(counts.max()) if len(counts) else 0
    out = np.empty((len(counts), width), dtype=np.int16), np.empty((len(counts), width), np.int8)
    _copy_used(counts, (slots, kinds), out)
    return out


@njit
def _copy_used(
    counts: np.ndarray,
    recorded: tuple[np.ndarray, np.ndarray],
    out: tuple[np.ndarray, np.ndarray],
) -> None:
    """``_used_columns``' copy, a trial at a time (in numpy, four passes over the batch cost
    as much as the fill it replaces on boards with returns)."""
    slots, kinds = out
    for i in range(slots.shape[0]):
        used = counts[i]
        for r in range(slots.shape[1]):
            slots[i, r] = recorded[0][i, r] if r < used else -1
            kinds[i, r] = recorded[1][i, r] if r < used else 0


def warm_up() -> float:
    """Compile the kernels (or load them from the on-disk cache): this one on a one-trial
    batch, the wipe fast path's on the same batch, the deck game's on one game; return the
    seconds it took (``cauldron bench`` prints it, before the workloads: so none of them
    compiles, and no worker's peak memory is the compiler's)."""
    from engine.batch import deck, wipe_fast  # they import this package
    from engine.batch.kernel.fits import warm_up_batch

    start = time.perf_counter()
    run_kernel(*warm_up_batch())
    wipe_fast.warm_up()
    deck.warm_up()
    return time.perf_counter() - start
