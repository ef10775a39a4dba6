"""The independent-returns fast path of the wipe shape: one wipe, no interactions.

When a batch's cards have no static abilities, counter rules, zone replacements, tokens, or
death and shrink triggers, and its one event is a sorcery-speed wipe, the creatures that die do
not affect each other after the wipe: a returned object's toughness is its printed toughness
plus its one counter (400.7: damage and "until end of turn" effects stayed with the old object),
so it either stays, or dies at once and (with printed undying after persist) returns once more
on top of the stack, before the next trigger. Enters triggers only gain or deal life. The
outcome then follows from the order the death triggers resolve in (603.3b: APNAP, each player's
order, the last put on the stack first), computed for all trials at once with no stack.

A trial whose board is not settled as given, whose wipe is rejected, or in which a player could
reach 0 life goes to the general kernels instead (``run_wipe``).
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_board import derive
from engine.batch.wipe_state import (
    BATTLEFIELD,
    EV_CAST,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    NONE,
    PERSIST,
    UNDYING,
    WipeInputs,
    WipeState,
)


def batch_fits(st: WipeState, inp: WipeInputs) -> bool:
    """Whether the batch's cards and events are all inside the fast path."""
    f = st.feat
    if f.anthem or f.all_pt or f.lord or f.counter_rules or f.gy_exile or f.tokens:
        return False
    if f.doubler or f.wurm or f.shrink or f.legendary or inp.ev_kind.shape[1] != 1:
        return False
    card = inp.ev_card[:, 0]
    return bool(
        ((inp.ev_kind[:, 0] == EV_CAST) & (card >= 0) & (tb.SPELL[np.maximum(card, 0)] > 0)).all()
    )


def run_fast(st: WipeState, inp: WipeInputs) -> np.ndarray:
    """Resolve the wipe in the trials that fit; return the mask of those that did not."""
    t, n = st.card.shape
    rows = np.arange(t)

    def spread(per_trial: np.ndarray) -> np.ndarray:
        """A per-trial value laid over every slot, so later operations need no broadcast."""
        return np.repeat(per_trial[:, None], n, axis=1)

    b = derive(st)
    # The board as given: state-based actions that set off no trigger are done here (117.5);
    # a death that would return something goes to the general path.
    dead = b.creature & ((b.toughness <= 0) | (st.damage >= b.toughness))
    returns = dead & (((b.persist_n > 0) & (st.minus == 0)) | ((b.undying_n > 0) & (st.plus == 0)))
    unsettled = returns.any(1)
    if dead.any():
        settle_now = dead & ~spread(unsettled)
        np.copyto(st.zone, np.where(st.token, NONE, GRAVEYARD).astype(np.int8), where=settle_now)
        for arr in (st.plus, st.minus, st.damage):
            arr *= ~settle_now
    both = b.alive & ~dead & (st.plus > 0) & (st.minus > 0)
    if both.any():
        gone = np.minimum(st.plus, st.minus) * (both & ~spread(unsettled))
        st.plus -= gone
        st.minus -= gone
    card, by, x = inp.ev_card[:, 0], inp.ev_by[:, 0].astype(np.intp), inp.ev_x[:, 0]
    c = np.maximum(card, 0)
    spell = tb.SPELL[c]
    life_cost = np.where(tb.SPELL_PAY_X_LIFE[c], x, 0)
    unpayable = st.life[rows, by] < life_cost  # CR 119.4: the general path rejects it
    fallback = unsettled | unpayable
    ok = ~fallback
    st.life[rows[ok], by[ok]] -= life_cost[ok]
    # -- the wipe itself (CR 608.2) and the state-based actions it causes (704.5f/g, 704.5q)
    b = derive(st)
    hit = b.creature & spread(ok)
    code = spread(spell)
    dest = np.full((t, n), GRAVEYARD, dtype=np.int8)
    movers = hit & ((code == 1) | (code == 6))
    dest[hit & (code == 6)] = HAND
    present = set(np.flatnonzero(np.bincount(spell[ok], minlength=8)).tolist())
    if 5 in present:
        mode = spread(inp.ev_mode[:, 0])
        on = b.alive & spread(ok) & (code == 5)
        chosen = on & (
            (b.creature & ((mode & 2) > 0))
            | (tb.IS_ARTIFACT[b.c] & ((mode & 1) > 0))
            | (tb.IS_ENCHANTMENT[b.c] & ((mode & 4) > 0))
        )
        movers |= chosen
        dest[chosen] = EXILE
        # Farewell's fourth mode (406.2): the cards already in graveyards are exiled too.
        gy_mode = spread(ok & (spell == 5) & ((inp.ev_mode[:, 0] & 16) > 0))
        st.zone[gy_mode & (st.zone == GRAVEYARD)] = EXILE
    if 7 in present:
        movers |= b.alive & spread(ok) & tb.IS_COLORED[b.c] & (code == 7)
    if 2 in present:
        dmg = hit & (code == 2)
        st.damage += dmg * spread(tb.SPELL_AMOUNT[c])
        st.exile_if_dies |= dmg & spread(tb.SPELL_EXILE_IF_DIES[c])
    if 3 in present:
        delta = (hit & (code == 3)) * spread(tb.SPELL_AMOUNT[c] * np.where(tb.SPELL_BY_X[c], x, 1))
        st.eot_p += delta
        st.eot_t += delta
    if 4 in present:
        gets = (hit & (code == 4)) * spread(x)
        plus_kind = spread(tb.SPELL_KIND[c] == 0)
        st.plus += gets * plus_kind
        st.minus += gets * ~plus_kind
    if present & {2, 3, 4}:
        b = derive(st)
        dies_sba = (
            spread(ok & (spell >= 2) & (spell <= 4))
            & b.creature
            & ((b.toughness <= 0) | ((st.damage >= b.toughness) & (b.toughness > 0)))
        )
        movers |= dies_sba
        dest[st.exile_if_dies & dies_sba] = EXILE
        both = b.alive & ~movers & (st.plus > 0) & (st.minus > 0)
        if both.any():
            gone = np.minimum(st.plus, st.minus) * both
            st.plus -= gone
            st.minus -= gone
    gained, pinged = _resolve_returns(st, movers, dest, ok)
    # 704.5a: if the damage alone could take a player to 0 at some point, the order of life
    # gains and losses matters; the general path plays it out.
    fallback |= ((st.life - pinged) <= 0).any(1) & ok
    st.life += gained - pinged
    # CR 608.2n: the spell card goes to its owner's graveyard (BSZ: library).
    st.spell_zone[ok, 0] = np.where(tb.SPELL_TO_LIBRARY[c], LIBRARY, GRAVEYARD)[ok]
    handed_back: np.ndarray = fallback
    return handed_back


def _resolve_returns(
    st: WipeState, movers: np.ndarray, dest: np.ndarray, ok: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Persist and undying (702.79a, 702.93a) in stack order; return the life the returned
    objects' enters triggers gain and the damage they deal, (T, P) each."""
    n = st.card.shape[1]
    board = derive(st)
    dies = movers & (dest == GRAVEYARD) & ~st.exile_if_dies
    # Last known information: the keyword instances and counters as the object left.
    has_u = dies & (board.undying_n > 0) & (st.plus == 0)
    has_p = dies & (board.persist_n > 0) & (st.minus == 0)
    back = (has_u | has_p) & ~st.token
    persist_first = back & ~has_u  # undying's trigger is put on the stack later, resolves first
    # The zone change itself (400.7): the old object is gone with its damage and effects.
    staying = ~movers
    st.zone *= staying
    st.zone += movers * ~st.token * dest
    for arr in (st.damage, st.eot_p, st.eot_t, st.persist_extra, st.undying_extra):
        arr *= staying
    for flags in (st.tapped, st.not_creature, st.exile_if_dies, st.deathtouch_hit):
        flags &= staying
    st.keywords *= staying
    # Resolution order: the trigger put on the stack last resolves first (APNAP, rank). The
    # sort key carries the slot and which keyword returns it in its low bits, so one sort of
    # the keys gives both (ranks are below 2**22, slots below 64).
    players = np.repeat(st.n_players[:, None], n, axis=1)
    apnap = st.controller - np.repeat(st.active[:, None], n, axis=1)
    apnap += players * (apnap < 0)
    slot_ids = np.arange(n, dtype=np.int32)
    key = ((((apnap.astype(np.int32) << 22) | st.rank) << 6 | slot_ids) << 1) | has_u
    ranked = np.sort(np.where(back, -key, np.iinfo(np.int32).max), axis=1)
    ranked = -ranked
    # The first return of each card: under its owner's control, with its counter.
    st.zone += back * np.int8(BATTLEFIELD - GRAVEYARD)
    st.obj += back
    st.since_turn_start &= ~back
    st.controller += (st.owner - st.controller) * back
    st.plus = st.plus * ~back + (back & ~persist_first)
    st.minus = st.minus * ~back + persist_first
    power1 = st.base_p + st.plus - st.minus
    # A persist return at 0 toughness dies at once (704.5f); printed undying brings it back.
    dies_again = back & st.is_creature_card & (st.base_t + st.plus - st.minus <= 0)
    chain = dies_again & (st.printed_undying > 0)
    st.zone += (dies_again & ~chain) * np.int8(GRAVEYARD - BATTLEFIELD)
    st.obj += chain
    st.plus = st.plus * ~dies_again + chain
    st.minus = st.minus * ~dies_again
    power2 = st.base_p + 1
    # Enters triggers of every object that entered: life gained, damage dealt (119.3, 120.3a).
    c = np.maximum(st.card, 0).astype(np.intp)
    entries = back.astype(np.int16) + chain
    gained = np.zeros_like(st.life)
    if st.feat.etb:
        gained = _by_player(st, entries * tb.ETB_LIFE.take(c), st.owner)
    pinged = np.zeros_like(gained)
    if st.feat.ping:
        pings = back * np.maximum(power1, 0) + chain * np.maximum(power2, 0)
        pings *= tb.ETB_PING.take(c)
        default = st.owner + np.int8(1)
        default -= players * (default >= players)
        target = np.where(st.ping_target >= 0, st.ping_target, default)
        pinged = _by_player(st, pings, target)
    # The returns, in order, for the outcome: the returning slots come first in ``ranked``.
    n_back = back.sum(1)
    first = slot_ids < n_back[:, None]
    order = ((ranked >> 1) & 63) * first
    st.ret_slot[:, :n] = (order + 1) * first - 1
    kinds = (PERSIST + (ranked & 1) * (UNDYING - PERSIST)) * first
    st.ret_by[:, :n] = kinds
    st.ret_n[ok] = n_back[ok]
    rows = np.nonzero(chain.any(1))[0]  # rare: a card that returned twice in a row
    if rows.size:
        slots, kinds = order[rows], kinds[rows]
        count = np.take_along_axis(entries[rows], slots, axis=1) * first[rows]
        ends = np.cumsum(count, axis=1)
        starts = ends - count
        st.ret_slot[rows] = -1
        once = np.nonzero(count >= 1)
        st.ret_slot[rows[once[0]], starts[once]] = slots[once]
        st.ret_by[rows[once[0]], starts[once]] = kinds[once]
        twice = np.nonzero(count == 2)
        st.ret_slot[rows[twice[0]], starts[twice] + 1] = slots[twice]
        st.ret_by[rows[twice[0]], starts[twice] + 1] = UNDYING
        st.ret_n[rows] = ends[:, -1]
    return gained, pinged


def _by_player(st: WipeState, values: np.ndarray, seat: np.ndarray) -> np.ndarray:
    """Sum (T, N) ``values`` by the seat each slot names: (T, P)."""
    players = st.life.shape[1]
    return np.stack([(values * (seat == p)).sum(1, dtype=np.int32) for p in range(players)], axis=1)
