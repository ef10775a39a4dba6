"""Experiment shape 1 on the batch engine: a board, then wipes, damage, counters and
sacrifices, each followed by state-based actions and triggers until the stack is empty.

``run_wipe(inputs)`` is a pure function of its input arrays: board, events and choices.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.fits import kernel_fits
from engine.batch.kernel.run import run_on_kernel
from engine.batch.wipe_board import Board, derive, per_player, put_counters
from engine.batch.wipe_combat import attack
from engine.batch.wipe_fast import batch_fits, run_fast
from engine.batch.wipe_moves import cast_permanent, leave
from engine.batch.wipe_stack import settle
from engine.batch.wipe_state import (
    BATTLEFIELD,
    EFFECTS,
    EV_ATTACK,
    EV_BOUNCE,
    EV_CAST,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DAMAGE_ALL,
    EV_DAMAGE_PLAYER,
    EV_DESTROY,
    EV_EXILE,
    EV_PASS_TURN,
    EV_SACRIFICE,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    LKI_RING,
    OK,
    RANK_FALLBACK,
    STACK_DEPTH,
    Features,
    WipeInputs,
    WipeState,
)

TOKEN_SLOTS = 16  # tokens a trial may create; one that needs more is reported unsupported
RETURNS = 128  # returns recorded per trial; a trial that needs more is reported unsupported


def new_state(
    inputs: WipeInputs, token_slots: int = TOKEN_SLOTS, stack_depth: int = STACK_DEPTH
) -> WipeState:
    """Lay the inputs out in working arrays with room for cast permanents and tokens (and a
    stack of ``stack_depth``: the fast path needs none, nor the general kernels' bookkeeping
    of objects, tokens and delayed triggers, which it gets with zero width)."""
    t, _, s, e = inputs.shape
    features = Features.of(np.concatenate([inputs.card.ravel(), inputs.ev_card.ravel()]))
    n = s + e + (token_slots if features.tokens else 0)
    general = stack_depth > 0
    return WipeState(
        n_players=inputs.n_players.astype(np.int8),
        active=inputs.active.astype(np.int8),
        life=inputs.life.astype(np.int32),
        status=np.zeros(t, dtype=np.int8),
        **_board_slots(inputs, n),
        **_object_bookkeeping(t, n, s, general),
        **_stack(t, stack_depth),
        **_records(t, n, e, general),
        spell_card=inputs.ev_card.astype(np.int16),
        spell_by=inputs.ev_by.astype(np.int8),
        n_board=s,
        n_events=e,
        features=features,
    )


def _board_slots(inputs: WipeInputs, n: int) -> dict[str, np.ndarray]:
    """The (T, N) arrays the board as given fills (slots past it start empty): the card and
    its printed columns, the permanent's state, board order and trigger rank (603.3b)."""
    t, _, s, e = inputs.shape

    def slots(board: np.ndarray | int | bool, fill: int | bool, dtype: type) -> np.ndarray:
        out: np.ndarray = np.full((t, n), fill, dtype=dtype)
        out[:, :s] = board
        return out

    card = slots(inputs.card, -1, np.int16)
    c = np.maximum(card, 0).astype(np.intp)
    filled = card >= 0
    board_slot = np.arange(n)[None, :] < s
    order = np.where(board_slot, np.arange(n, dtype=np.int32)[None, :], -1)
    order = np.broadcast_to(order, (t, n)).astype(np.int32)
    rank = np.full((t, n), -1, dtype=np.int32)
    rank[:, : s + e] = inputs.rank
    default = board_slot & (rank < 0)
    rank[default] = (RANK_FALLBACK + order)[default]
    ping = np.full((t, n), -1, dtype=np.int8)
    ping[:, : s + e] = inputs.ping_target
    granted = inputs.granted if inputs.granted is not None else 0
    since = inputs.since_turn_start if inputs.since_turn_start is not None else True
    return {
        "card": card,
        "is_creature_card": tb.IS_CREATURE.take(c) & filled,
        "base_p": tb.BASE_P.take(c) * filled,
        "base_t": tb.BASE_T.take(c) * filled,
        "printed_persist": tb.PERSIST.take(c) * filled,
        "printed_undying": tb.UNDYING.take(c) * filled,
        "printed_keywords": tb.KEYWORDS.take(c) * filled,
        "granted": slots(granted, 0, np.uint8),
        "since_turn_start": slots(since, False, np.bool_),
        "zone": filled.astype(np.int8) * np.int8(BATTLEFIELD),
        "controller": slots(inputs.controller, 0, np.int8),
        "owner": slots(inputs.owner, 0, np.int8),
        "token": slots(inputs.token, False, np.bool_),
        "obj": filled.astype(np.int16),
        "plus": slots(inputs.plus, 0, np.int16),
        "minus": slots(inputs.minus, 0, np.int16),
        "damage": slots(inputs.damage, 0, np.int16),
        "tapped": slots(inputs.tapped, False, np.bool_),
        "granted_persist": slots(inputs.granted_persist, 0, np.int8),
        "granted_undying": slots(inputs.granted_undying, 0, np.int8),
        "not_creature": slots(inputs.not_creature, False, np.bool_),
        "order": order,
        "rank": rank,
        "ping_target": ping,
    }


def _object_bookkeeping(t: int, n: int, s: int, general: bool) -> dict[str, np.ndarray]:
    """What happens to objects during a trial: effects locked to them (611.2c), graveyard
    arrivals and last known power (the general kernels' only), detection order and tokens."""
    book = n if general else 0  # per-slot bookkeeping only the general kernels use
    return {
        "deathtouch_damage": np.zeros((t, n), dtype=np.bool_),
        "stamp": np.zeros((t, book), dtype=np.int16),
        "eot_power": np.zeros((t, n), dtype=np.int16),
        "eot_toughness": np.zeros((t, n), dtype=np.int16),
        "exile_if_dies": np.zeros((t, n), dtype=np.bool_),
        "last_known_power": np.zeros((t, book, LKI_RING), dtype=np.int16),
        "last_known_obj": np.zeros((t, book, LKI_RING), dtype=np.int16),
        "seq": np.zeros(t, dtype=np.int32),
        "next_order": np.full(t, s, dtype=np.int32),
        "tokens_made": np.zeros(t, dtype=np.int16),
        "token_serial": np.zeros((t, n), dtype=np.int16),
        "token_source": np.full((t, n), -1, dtype=np.int16),
    }


def _stack(t: int, depth: int) -> dict[str, np.ndarray]:
    """The stack and the waiting triggers (CR 405, 603.3), ``depth`` items each."""
    out = {"stack_height": np.zeros(t, dtype=np.int16), "n_pending": np.zeros(t, dtype=np.int16)}
    for part in ("stack", "pending"):
        out[f"{part}_kind"] = np.zeros((t, depth), dtype=np.int8)
        out[f"{part}_source"] = np.zeros((t, depth), dtype=np.int16)
        out[f"{part}_data"] = np.zeros((t, depth), dtype=np.int32)
        out[f"{part}_controller"] = np.zeros((t, depth), dtype=np.int8)
        out[f"{part}_obj"] = np.zeros((t, depth), dtype=np.int16)
    out["stack_hash"] = np.zeros((t, depth + 1), dtype=np.uint64)
    out["pending_key"] = np.zeros((t, depth), dtype=np.int64)
    return out


def _records(t: int, n: int, e: int, general: bool) -> dict[str, np.ndarray]:
    """Massacre Girl's delayed triggers, and what the outcome reports: returns in order, where
    each event's spell went, rejections."""
    effects = EFFECTS if general else 0
    returns = RETURNS if general else 2 * n
    return {
        "delayed_source": np.full((t, effects), -1, dtype=np.int16),
        "delayed_obj": np.zeros((t, effects), dtype=np.int16),
        "delayed_controller": np.zeros((t, effects), dtype=np.int8),
        "delayed_amount": np.zeros((t, effects), dtype=np.int16),
        "returned_slot": np.full((t, returns), -1, dtype=np.int16),
        "returned_by": np.zeros((t, returns), dtype=np.int8),
        "n_returned": np.zeros(t, dtype=np.int16),
        "spell_zone": np.zeros((t, e), dtype=np.int8),
        "rejected": np.zeros((t, e), dtype=np.int8),
    }


def _exile_graveyards(state: WipeState, rows: np.ndarray) -> None:
    """Farewell's fourth mode (406.2): every card in every graveyard is exiled."""
    sel = np.zeros(state.card.shape[0], dtype=bool)
    sel[rows] = True
    state.zone[(state.zone == GRAVEYARD) & sel[:, None]] = EXILE
    state.spell_zone[(state.spell_zone == GRAVEYARD) & sel[:, None]] = EXILE


def _cast(state: WipeState, inputs: WipeInputs, e: int, casting: np.ndarray) -> None:
    """CR 601.2 and 608.2: cast the event's card; it resolves at once (no responses)."""
    card, by, x = inputs.ev_card[:, e], inputs.ev_by[:, e].astype(np.intp), inputs.ev_x[:, e]
    c = np.maximum(card, 0)
    rows = np.arange(len(card))
    pays = casting & tb.SPELL_PAY_X_LIFE[c]
    cannot = pays & (state.life[rows, by] < x)  # CR 119.4
    state.rejected[cannot, e] = 2  # cannot_pay_life
    casting = casting & ~cannot
    state.life[rows[pays & casting], by[pays & casting]] -= x[pays & casting]
    spell = np.where(casting, tb.SPELL[c], -1)
    permanent = casting & (spell == 0)
    if permanent.any():
        slot = state.n_board + e
        casters = np.nonzero(permanent)[0]
        state.set_cards(casters, np.full(len(casters), slot), card[permanent])
        state.controller[permanent, slot] = by[permanent]
        state.owner[permanent, slot] = by[permanent]
        cast_permanent(state, slot, permanent, x)
    board = derive(state)  # every spell's effect reads the battlefield as it resolves
    for code, effect in _SPELL_EFFECTS.items():
        if (spell == code).any():
            effect(state, inputs, e, board, spell == code)
    sorcery = casting & (spell > 0)
    if sorcery.any():
        _spell_card_to_zone(state, inputs, e, sorcery)


def _destroy_all(
    state: WipeState, inputs: WipeInputs, e: int, board: Board, resolving: np.ndarray
) -> None:
    """Wrath of God (701.8a): destroy all creatures."""
    leave(state, board.creature & resolving[:, None], GRAVEYARD)


def _damage_each(
    state: WipeState, inputs: WipeInputs, e: int, board: Board, resolving: np.ndarray
) -> None:
    """Anger of the Gods: damage to each creature (120.3e), exiled instead if it would die
    this turn (614.1a, locked to the object)."""
    c = np.maximum(inputs.ev_card[:, e], 0)
    hit = board.creature & resolving[:, None]
    state.damage += (hit * tb.SPELL_AMOUNT[c][:, None]).astype(np.int16)
    state.exile_if_dies |= hit & tb.SPELL_EXILE_IF_DIES[c][:, None]


def _shrink_all(
    state: WipeState, inputs: WipeInputs, e: int, board: Board, resolving: np.ndarray
) -> None:
    """Toxic Deluge: creatures get -N/-N (or -X/-X) until end of turn (611.2c: locked in)."""
    c = np.maximum(inputs.ev_card[:, e], 0)
    scale = np.where(tb.SPELL_BY_X[c], inputs.ev_x[:, e], 1)
    delta = (board.creature & resolving[:, None]) * (tb.SPELL_AMOUNT[c] * scale)[:, None]
    state.eot_power += delta.astype(np.int16)
    state.eot_toughness += delta.astype(np.int16)


def _counters_each(
    state: WipeState, inputs: WipeInputs, e: int, board: Board, resolving: np.ndarray
) -> None:
    """Black Sun's Zenith: X counters of the spell's kind on each creature (122.1, R5)."""
    c = np.maximum(inputs.ev_card[:, e], 0)
    x = inputs.ev_x[:, e][:, None].astype(np.int32)
    for kind in (0, 1):
        m = resolving & (tb.SPELL_KIND[c] == kind)
        if m.any():
            put_counters(state, board, board.creature & m[:, None], kind, x)


def _exile_modal(
    state: WipeState, inputs: WipeInputs, e: int, board: Board, resolving: np.ndarray
) -> None:
    """Farewell: exile the chosen modes' permanents (406.2), and every graveyard's cards."""
    mode = inputs.ev_mode[:, e]
    alive, c = board.alive, board.c
    chosen = (
        (board.creature & ((mode & 2) > 0)[:, None])
        | (alive & tb.IS_ARTIFACT[c] & ((mode & 1) > 0)[:, None])
        | (alive & tb.IS_ENCHANTMENT[c] & ((mode & 4) > 0)[:, None])
    )
    leave(state, chosen & resolving[:, None], EXILE)
    _exile_graveyards(state, np.nonzero(resolving & ((mode & 16) > 0))[0])


def _bounce_all(
    state: WipeState, inputs: WipeInputs, e: int, board: Board, resolving: np.ndarray
) -> None:
    """Evacuation: every creature returns to its owner's hand (400.7)."""
    leave(state, board.creature & resolving[:, None], HAND)


def _sacrifice_colored(
    state: WipeState, inputs: WipeInputs, e: int, board: Board, resolving: np.ndarray
) -> None:
    """All Is Dust: each player sacrifices the colored permanents they control (701.21a)."""
    leave(state, board.alive & tb.IS_COLORED[board.c] & resolving[:, None], GRAVEYARD)


# what each tables.SPELL code does on resolution, in the order the kernels apply them
_SPELL_EFFECTS: dict[int, Callable[[WipeState, WipeInputs, int, Board, np.ndarray], None]] = {
    1: _destroy_all,
    2: _damage_each,
    3: _shrink_all,
    4: _counters_each,
    5: _exile_modal,
    6: _bounce_all,
    7: _sacrifice_colored,
}


def _spell_card_to_zone(state: WipeState, inputs: WipeInputs, e: int, resolved: np.ndarray) -> None:
    """CR 608.2n: the card goes to its owner's graveyard (or library), unless replaced
    (614.1a: Rest in Peace, an opponent's Leyline of the Void)."""
    c = np.maximum(inputs.ev_card[:, e], 0)
    by = inputs.ev_by[:, e].astype(np.intp)
    board = derive(state)
    rip = (board.alive & tb.EXILE_ALL_GY[board.c]).any(1)
    ley = per_player(state, board.alive & tb.EXILE_OPP_GY[board.c])
    opp_ley = ley.sum(1) - ley[np.arange(len(by)), by]
    to = np.where(rip | (opp_ley > 0), EXILE, GRAVEYARD)
    to = np.where(tb.SPELL_TO_LIBRARY[c], LIBRARY, to)
    state.spell_zone[resolved, e] = to[resolved]


def _targeted(state: WipeState, inputs: WipeInputs, e: int, kind: int, live: np.ndarray) -> None:
    acting = live & (inputs.ev_kind[:, e] == kind)
    if not acting.any():
        return
    rows = np.arange(len(acting))
    target = inputs.ev_target[:, e].astype(np.intp)
    here = acting & (state.zone[rows, np.maximum(target, 0)] == BATTLEFIELD) & (target >= 0)
    state.rejected[acting & ~here, e] = 1  # not_on_battlefield, CR 400.7: that object is gone
    mask = np.zeros(state.card.shape, dtype=bool)
    mask[rows[here], target[here]] = True
    if kind in (EV_DESTROY, EV_SACRIFICE):
        leave(state, mask, GRAVEYARD)
    elif kind == EV_EXILE:
        leave(state, mask, EXILE)
    elif kind == EV_BOUNCE:
        leave(state, mask, HAND)
    elif kind == EV_DAMAGE:
        board = derive(state)
        amount = inputs.ev_amount[:, e][:, None]
        state.damage += (mask & board.creature & (amount > 0)) * amount.astype(np.int16)
    elif kind == EV_COUNTERS:
        amount = inputs.ev_amount[:, e][:, None].astype(np.int32)
        for code in (0, 1):
            sel = mask & (inputs.ev_counter[:, e] == code)[:, None]
            if sel.any():
                put_counters(state, derive(state), sel, code, amount)


def _pass_turn(state: WipeState, passing: np.ndarray) -> None:
    """CR 514.2 cleanup, then the next player's untap step (502.3)."""
    sel = passing[:, None]
    for arr in (state.damage, state.eot_power, state.eot_toughness):
        arr[np.broadcast_to(sel, arr.shape)] = 0
    for flags in (state.exile_if_dies, state.deathtouch_damage):
        flags[np.broadcast_to(sel, flags.shape)] = False
    state.delayed_source[passing] = -1
    state.active[passing] = (state.active[passing] + 1) % state.n_players[passing]
    untap = sel & (state.zone == BATTLEFIELD) & (state.controller == state.active[:, None])
    state.tapped[untap] = False
    state.since_turn_start[untap] = True  # CR 302.6: their turn has begun


def apply_event(state: WipeState, inputs: WipeInputs, e: int) -> None:
    """Perform event ``e`` in every live trial, then settle."""
    live = state.status == OK
    kind = inputs.ev_kind[:, e]
    if (live & (kind == EV_CAST)).any():
        _cast(state, inputs, e, live & (kind == EV_CAST))
    for k in (EV_DESTROY, EV_SACRIFICE, EV_EXILE, EV_BOUNCE, EV_DAMAGE, EV_COUNTERS):
        _targeted(state, inputs, e, k, live)
    m = live & (kind == EV_DAMAGE_PLAYER)
    if m.any():
        rows = np.nonzero(m)[0]
        amount = np.maximum(inputs.ev_amount[rows, e], 0)
        state.life[rows, inputs.ev_target[rows, e]] -= amount  # CR 120.3a
    m = live & (kind == EV_DAMAGE_ALL)
    if m.any():
        board = derive(state)
        amount = np.maximum(inputs.ev_amount[:, e], 0)[:, None]
        state.damage += (board.creature & m[:, None]) * amount.astype(np.int16)
    m = live & (kind == EV_PASS_TURN)
    if m.any():
        _pass_turn(state, m)
    m = live & (kind == EV_ATTACK)
    if m.any():
        attack(state, inputs, e, m)
    settle(state)


def run_wipe(inputs: WipeInputs, token_slots: int = TOKEN_SLOTS) -> WipeState:
    """Run T trials of shape 1: settle the board as given, then every event in order.

    Batches inside ``wipe_fast`` take its stack-free path; the trials it hands back, and every
    other batch, go through the compiled kernel when they fit its whitelist, else through the
    general kernels.
    """
    state = new_state(inputs, token_slots, stack_depth=0)
    if batch_fits(state, inputs):
        rest = np.nonzero(run_fast(state, inputs))[0]
        if rest.size:
            part = _run_slow(inputs.take(rest), token_slots)
            state.widen_returns(part.returned_slot.shape[1])
            state.put(rest, part)
        return state
    return _run_slow(inputs, token_slots)


def _run_slow(inputs: WipeInputs, token_slots: int) -> WipeState:
    """The compiled per-trial kernel for batches inside its whitelist, else the general
    kernels (``engine.batch.kernel.fits``)."""
    if kernel_fits(inputs):
        return run_on_kernel(inputs, token_slots)
    return run_general(inputs, token_slots)


def run_general(inputs: WipeInputs, token_slots: int = TOKEN_SLOTS) -> WipeState:
    """The general kernels: every rule step by step, all trials in lockstep."""
    state = new_state(inputs, token_slots)
    settle(state)  # CR 117.5: the board as given may call for state-based actions
    for e in range(inputs.ev_kind.shape[1]):
        apply_event(state, inputs, e)
    return state
