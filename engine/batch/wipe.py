"""Experiment shape 1 on the batch engine: a board, then wipes, damage, counters and
sacrifices, each followed by state-based actions and triggers until the stack is empty.

``run_wipe(inputs)`` is a pure function of its input arrays: board, events and choices.
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_board import derive, per_player, put_counters
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
    inp: WipeInputs, token_slots: int = TOKEN_SLOTS, stack_depth: int = STACK_DEPTH
) -> WipeState:
    """Lay the inputs out in working arrays with room for cast permanents and tokens (and a
    stack of ``stack_depth``: the fast path needs none, nor the general kernels' bookkeeping
    of objects, tokens and delayed triggers, which it gets with zero width)."""
    t, _, s, e = inp.shape
    cards = np.concatenate([inp.card.ravel(), inp.ev_card.ravel()])
    feat = Features.of(cards)
    n = s + e + (token_slots if feat.tokens else 0)

    def slots(board: np.ndarray | int | bool, fill: int | bool, dtype: type) -> np.ndarray:
        out: np.ndarray = np.full((t, n), fill, dtype=dtype)
        out[:, :s] = board
        return out

    card = slots(inp.card, -1, np.int16)
    c = np.maximum(card, 0).astype(np.intp)
    filled = card >= 0
    board_slot = np.arange(n)[None, :] < s
    border = np.where(board_slot, np.arange(n, dtype=np.int32)[None, :], -1)
    border = np.broadcast_to(border, (t, n)).astype(np.int32)
    rank = np.full((t, n), -1, dtype=np.int32)
    rank[:, : s + e] = inp.rank
    default = board_slot & (rank < 0)
    rank[default] = (RANK_FALLBACK + border)[default]
    ping = np.full((t, n), -1, dtype=np.int8)
    ping[:, : s + e] = inp.ping_target

    def zeros(width: int, dtype: type) -> np.ndarray:
        return np.zeros((t, width), dtype=dtype)

    general = stack_depth > 0
    book = n if general else 0  # per-slot bookkeeping only the general kernels use
    returns = RETURNS if general else 2 * n

    return WipeState(
        n_players=inp.n_players.astype(np.int8),
        active=inp.active.astype(np.int8),
        life=inp.life.astype(np.int32),
        status=np.zeros(t, dtype=np.int8),
        card=card,
        is_creature_card=tb.IS_CREATURE.take(c) & filled,
        base_p=tb.BASE_P.take(c) * filled,
        base_t=tb.BASE_T.take(c) * filled,
        printed_persist=tb.PERSIST.take(c) * filled,
        printed_undying=tb.UNDYING.take(c) * filled,
        printed_keywords=tb.KEYWORDS.take(c) * filled,
        keywords=slots(inp.keywords if inp.keywords is not None else 0, 0, np.uint8),
        since_turn_start=slots(
            inp.since_turn_start if inp.since_turn_start is not None else True, False, np.bool_
        ),
        deathtouch_hit=zeros(n, np.bool_),
        zone=filled.astype(np.int8) * np.int8(BATTLEFIELD),
        controller=slots(inp.controller, 0, np.int8),
        owner=slots(inp.owner, 0, np.int8),
        token=slots(inp.token, False, np.bool_),
        obj=filled.astype(np.int16),
        stamp=zeros(book, np.int16),
        plus=slots(inp.plus, 0, np.int16),
        minus=slots(inp.minus, 0, np.int16),
        damage=slots(inp.damage, 0, np.int16),
        tapped=slots(inp.tapped, False, np.bool_),
        persist_extra=slots(inp.persist_extra, 0, np.int8),
        undying_extra=slots(inp.undying_extra, 0, np.int8),
        not_creature=slots(inp.not_creature, False, np.bool_),
        eot_p=zeros(n, np.int16),
        eot_t=zeros(n, np.int16),
        exile_if_dies=zeros(n, np.bool_),
        lki_power=np.zeros((t, book, LKI_RING), dtype=np.int16),
        lki_obj=np.zeros((t, book, LKI_RING), dtype=np.int16),
        border=border,
        rank=rank,
        ping_target=ping,
        seq=np.zeros(t, dtype=np.int32),
        order_seq=np.full(t, s, dtype=np.int32),
        tokens_made=np.zeros(t, dtype=np.int16),
        token_serial=zeros(n, np.int16),
        token_source=np.full((t, n), -1, dtype=np.int16),
        st_kind=zeros(stack_depth, np.int8),
        st_src=zeros(stack_depth, np.int16),
        st_data=zeros(stack_depth, np.int32),
        st_ctrl=zeros(stack_depth, np.int8),
        st_obj=zeros(stack_depth, np.int16),
        st_n=np.zeros(t, dtype=np.int16),
        st_cum=np.zeros((t, stack_depth + 1), dtype=np.uint64),
        pd_kind=zeros(stack_depth, np.int8),
        pd_src=zeros(stack_depth, np.int16),
        pd_data=zeros(stack_depth, np.int32),
        pd_ctrl=zeros(stack_depth, np.int8),
        pd_obj=zeros(stack_depth, np.int16),
        pd_key=zeros(stack_depth, np.int64),
        pd_n=np.zeros(t, dtype=np.int16),
        fx_src=np.full((t, EFFECTS if general else 0), -1, dtype=np.int16),
        fx_obj=zeros(EFFECTS if general else 0, np.int16),
        fx_ctrl=zeros(EFFECTS if general else 0, np.int8),
        fx_amount=zeros(EFFECTS if general else 0, np.int16),
        ret_slot=np.full((t, returns), -1, dtype=np.int16),
        ret_by=zeros(returns, np.int8),
        ret_n=np.zeros(t, dtype=np.int16),
        spell_zone=zeros(e, np.int8),
        spell_card=inp.ev_card.astype(np.int16),
        spell_by=inp.ev_by.astype(np.int8),
        rejected=zeros(e, np.int8),
        n_board=s,
        n_events=e,
        feat=feat,
    )


def _exile_graveyards(st: WipeState, rows: np.ndarray) -> None:
    """Farewell's fourth mode (406.2): every card in every graveyard is exiled."""
    sel = np.zeros(st.card.shape[0], dtype=bool)
    sel[rows] = True
    st.zone[(st.zone == GRAVEYARD) & sel[:, None]] = EXILE
    st.spell_zone[(st.spell_zone == GRAVEYARD) & sel[:, None]] = EXILE


def _cast(st: WipeState, inp: WipeInputs, e: int, casting: np.ndarray) -> None:
    """CR 601.2 and 608.2: cast the event's card; it resolves at once (no responses)."""
    card, by, x = inp.ev_card[:, e], inp.ev_by[:, e].astype(np.intp), inp.ev_x[:, e]
    c = np.maximum(card, 0)
    rows = np.arange(len(card))
    pays = casting & tb.SPELL_PAY_X_LIFE[c]
    cannot = pays & (st.life[rows, by] < x)  # CR 119.4
    st.rejected[cannot, e] = 2  # cannot_pay_life
    casting = casting & ~cannot
    st.life[rows[pays & casting], by[pays & casting]] -= x[pays & casting]
    spell = np.where(casting, tb.SPELL[c], -1)
    permanent = casting & (spell == 0)
    if permanent.any():
        slot = st.n_board + e
        casters = np.nonzero(permanent)[0]
        st.set_cards(casters, np.full(len(casters), slot), card[permanent])
        st.controller[permanent, slot] = by[permanent]
        st.owner[permanent, slot] = by[permanent]
        cast_permanent(st, slot, permanent, x)
    b = derive(st)
    creatures = b.creature
    if (spell == 1).any():
        leave(st, creatures & (spell == 1)[:, None], GRAVEYARD)
    m = spell == 2
    if m.any():
        hit = creatures & m[:, None]
        amount = tb.SPELL_AMOUNT[c][:, None]
        st.damage += (hit * amount).astype(np.int16)
        st.exile_if_dies |= hit & tb.SPELL_EXILE_IF_DIES[c][:, None]
    m = spell == 3
    if m.any():
        scale = np.where(tb.SPELL_BY_X[c], x, 1)
        delta = (creatures & m[:, None]) * (tb.SPELL_AMOUNT[c] * scale)[:, None]
        st.eot_p += delta.astype(np.int16)
        st.eot_t += delta.astype(np.int16)
    for kind in (0, 1):
        m = (spell == 4) & (tb.SPELL_KIND[c] == kind)
        if m.any():
            put_counters(st, b, creatures & m[:, None], kind, x[:, None].astype(np.int32))
    m = spell == 5
    if m.any():
        mode = inp.ev_mode[:, e]
        alive, bc = b.alive, b.c
        chosen = (
            (creatures & ((mode & 2) > 0)[:, None])
            | (alive & tb.IS_ARTIFACT[bc] & ((mode & 1) > 0)[:, None])
            | (alive & tb.IS_ENCHANTMENT[bc] & ((mode & 4) > 0)[:, None])
        )
        leave(st, chosen & m[:, None], EXILE)
        _exile_graveyards(st, np.nonzero(m & ((mode & 16) > 0))[0])
    m = spell == 6
    if m.any():
        leave(st, creatures & m[:, None], HAND)
    m = spell == 7
    if m.any():
        leave(st, b.alive & tb.IS_COLORED[b.c] & m[:, None], GRAVEYARD)
    # CR 608.2n: the card goes to its owner's graveyard (or library), unless replaced.
    sorcery = casting & (spell > 0)
    if sorcery.any():
        b = derive(st)
        rip = (b.alive & tb.EXILE_ALL_GY[b.c]).any(1)
        ley = per_player(st, b.alive & tb.EXILE_OPP_GY[b.c])
        opp_ley = ley.sum(1) - ley[rows, by]
        to = np.where(rip | (opp_ley > 0), EXILE, GRAVEYARD)
        to = np.where(tb.SPELL_TO_LIBRARY[c], LIBRARY, to)
        st.spell_zone[sorcery, e] = to[sorcery]


def _targeted(st: WipeState, inp: WipeInputs, e: int, kind: int, live: np.ndarray) -> None:
    acting = live & (inp.ev_kind[:, e] == kind)
    if not acting.any():
        return
    rows = np.arange(len(acting))
    target = inp.ev_target[:, e].astype(np.intp)
    here = acting & (st.zone[rows, np.maximum(target, 0)] == BATTLEFIELD) & (target >= 0)
    st.rejected[acting & ~here, e] = 1  # not_on_battlefield, CR 400.7: that object is gone
    mask = np.zeros(st.card.shape, dtype=bool)
    mask[rows[here], target[here]] = True
    if kind in (EV_DESTROY, EV_SACRIFICE):
        leave(st, mask, GRAVEYARD)
    elif kind == EV_EXILE:
        leave(st, mask, EXILE)
    elif kind == EV_BOUNCE:
        leave(st, mask, HAND)
    elif kind == EV_DAMAGE:
        b = derive(st)
        amount = inp.ev_amount[:, e][:, None]
        st.damage += (mask & b.creature & (amount > 0)) * amount.astype(np.int16)
    elif kind == EV_COUNTERS:
        amount = inp.ev_amount[:, e][:, None].astype(np.int32)
        for code in (0, 1):
            sel = mask & (inp.ev_counter[:, e] == code)[:, None]
            if sel.any():
                put_counters(st, derive(st), sel, code, amount)


def _pass_turn(st: WipeState, passing: np.ndarray) -> None:
    """CR 514.2 cleanup, then the next player's untap step (502.3)."""
    sel = passing[:, None]
    for arr in (st.damage, st.eot_p, st.eot_t):
        arr[np.broadcast_to(sel, arr.shape)] = 0
    for flags in (st.exile_if_dies, st.deathtouch_hit):
        flags[np.broadcast_to(sel, flags.shape)] = False
    st.fx_src[passing] = -1
    st.active[passing] = (st.active[passing] + 1) % st.n_players[passing]
    untap = sel & (st.zone == BATTLEFIELD) & (st.controller == st.active[:, None])
    st.tapped[untap] = False
    st.since_turn_start[untap] = True  # CR 302.6: their turn has begun


def apply_event(st: WipeState, inp: WipeInputs, e: int) -> None:
    """Perform event ``e`` in every live trial, then settle."""
    live = st.status == OK
    kind = inp.ev_kind[:, e]
    if (live & (kind == EV_CAST)).any():
        _cast(st, inp, e, live & (kind == EV_CAST))
    for k in (EV_DESTROY, EV_SACRIFICE, EV_EXILE, EV_BOUNCE, EV_DAMAGE, EV_COUNTERS):
        _targeted(st, inp, e, k, live)
    m = live & (kind == EV_DAMAGE_PLAYER)
    if m.any():
        rows = np.nonzero(m)[0]
        amount = np.maximum(inp.ev_amount[rows, e], 0)
        st.life[rows, inp.ev_target[rows, e]] -= amount  # CR 120.3a
    m = live & (kind == EV_DAMAGE_ALL)
    if m.any():
        b = derive(st)
        amount = np.maximum(inp.ev_amount[:, e], 0)[:, None]
        st.damage += (b.creature & m[:, None]) * amount.astype(np.int16)
    m = live & (kind == EV_PASS_TURN)
    if m.any():
        _pass_turn(st, m)
    m = live & (kind == EV_ATTACK)
    if m.any():
        attack(st, inp, e, m)
    settle(st)


def run_wipe(inp: WipeInputs, token_slots: int = TOKEN_SLOTS) -> WipeState:
    """Run T trials of shape 1: settle the board as given, then every event in order.

    Batches inside ``wipe_fast`` take its stack-free path; the trials it hands back, and every
    other batch, go through the general kernels.
    """
    st = new_state(inp, token_slots, stack_depth=0)
    if batch_fits(st, inp):
        rest = np.nonzero(run_fast(st, inp))[0]
        if rest.size:
            part = run_general(inp.take(rest), token_slots)
            st.widen_returns(part.ret_slot.shape[1])
            st.put(rest, part)
        return st
    return run_general(inp, token_slots)


def run_general(inp: WipeInputs, token_slots: int = TOKEN_SLOTS) -> WipeState:
    """The general kernels: every rule step by step, all trials in lockstep."""
    st = new_state(inp, token_slots)
    settle(st)  # CR 117.5: the board as given may call for state-based actions
    for e in range(inp.ev_kind.shape[1]):
        apply_event(st, inp, e)
    return st
