"""State-based actions, triggers onto the stack in APNAP order, resolution one at a time, and
mandatory-loop detection, for a whole batch in lockstep (CR 704.3, 603.3b, 608.2, 104.4b).

Each pass of ``settle`` does, for every trial still settling, what the reference engine does
in one iteration of its loop; a trial whose stack is empty simply stops changing.
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_board import derive
from engine.batch.wipe_moves import create_tokens, leave, return_cards
from engine.batch.wipe_state import (
    BATTLEFIELD,
    DELAYED,
    DIES,
    DRAW,
    ETB,
    GRAVEYARD,
    HISTORY,
    LIFE_LOSS,
    LKI_RING,
    OK,
    PERSIST,
    STACK_DEPTH,
    UNDYING,
    UNSUPPORTED,
    WipeState,
)

_KEY_MAX = np.iinfo(np.int64).max


def state_based_actions(st: WipeState) -> np.ndarray:
    """One round of state-based actions, all at once (704.3); returns which trials changed."""
    b = derive(st)
    live = (st.status == OK)[:, None]
    toughness_death = live & b.creature & (b.toughness <= 0)  # 704.5f
    lethal = live & b.creature & ~toughness_death & (st.damage >= b.toughness)  # 704.5g
    deathtouch = live & b.creature & (st.damage > 0) & st.deathtouch_hit  # 704.5h
    dying = toughness_death | lethal | deathtouch
    legend = live & b.alive & tb.IS_LEGENDARY[b.c] & ~dying
    losers_legend = np.zeros_like(dying)
    if legend.any():
        # 704.5j: the first in board order stays (the listed policy).
        same = (
            legend[:, :, None]
            & legend[:, None, :]
            & (st.card[:, :, None] == st.card[:, None, :])
            & (st.controller[:, :, None] == st.controller[:, None, :])
            & (st.border[:, None, :] < st.border[:, :, None])
        )
        losers_legend = same.any(2)
    movers = dying | losers_legend
    both = live & b.alive & ~movers & (st.plus > 0) & (st.minus > 0)  # 704.5q
    losers = (st.life <= 0).any(1) & (st.status == OK)  # 704.5a
    changed = movers.any(1) | both.any(1) | losers
    if both.any():
        n = np.minimum(st.plus, st.minus) * both
        st.plus -= n.astype(np.int16)
        st.minus -= n.astype(np.int16)
    if movers.any():
        leave(st, movers, GRAVEYARD, group=losers_legend.astype(np.int64))
    st.status[losers] = UNSUPPORTED  # a player lost the game: past what Cauldron plays
    changed_any: np.ndarray = changed
    return changed_any


def place_triggers(st: WipeState) -> None:
    """CR 603.3b: APNAP, each player's triggers in their order; first placed, last resolved."""
    waiting = (st.pd_n > 0) & (st.status == OK)
    if not waiting.any():
        st.pd_n[:] = 0
        return
    k = int(st.pd_n.max())  # only the columns in use
    pd_ctrl, pd_src = st.pd_ctrl[:, :k], st.pd_src[:, :k]
    apnap = (pd_ctrl.astype(np.int64) - st.active[:, None]) % st.n_players[:, None]
    rank = np.take_along_axis(st.rank, pd_src.astype(np.intp), axis=1).astype(np.int64)
    key = ((apnap << 22) | rank) << 36 | st.pd_key[:, :k]
    key[np.arange(k)[None, :] >= st.pd_n[:, None]] = _KEY_MAX
    order = np.argsort(key, axis=1, kind="stable")
    depth = st.st_kind.shape[1]
    n_new = np.where(waiting, st.pd_n, 0)
    over = st.st_n + n_new > depth
    st.status[over] = UNSUPPORTED
    n_new[over] = 0
    j = np.arange(k)[None, :]
    put = j < n_new[:, None]
    rows = np.broadcast_to(np.arange(len(n_new))[:, None], put.shape)[put]
    cols = (st.st_n[:, None] + j)[put]
    src_cols = order[put]
    for to, frm in (
        (st.st_kind, st.pd_kind),
        (st.st_src, st.pd_src),
        (st.st_data, st.pd_data),
        (st.st_ctrl, st.pd_ctrl),
        (st.st_obj, st.pd_obj),
    ):
        to[rows, cols] = frm[rows, src_cols]
    base = st.st_n.astype(np.int64)
    for step in range(int(n_new.max(initial=0))):
        r = np.nonzero(n_new > step)[0]
        pos = base[r] + step
        item = stack_item_hash(st.st_kind[r, pos], st.st_src[r, pos], st.st_ctrl[r, pos])
        st.st_cum[r, pos + 1] = st.st_cum[r, pos] * _BASE + item
    st.st_n += n_new.astype(np.int16)
    st.pd_n[:] = 0


def resolve_top(st: WipeState, resolving: np.ndarray) -> None:
    """Pop and resolve the top of the stack of the ``resolving`` trials (CR 608.2)."""
    rows = np.nonzero(resolving)[0]
    top = st.st_n[rows] - 1
    kind, src = st.st_kind[rows, top], st.st_src[rows, top].astype(np.intp)
    data, ctrl, obj = st.st_data[rows, top], st.st_ctrl[rows, top], st.st_obj[rows, top]
    st.st_n[rows] -= 1
    for k in (PERSIST, UNDYING):
        m = kind == k
        if m.any():
            r, s = rows[m], src[m]
            # CR 400.7 / 603.10a: only the card that went to the graveyard, if still there.
            back = (st.zone[r, s] == GRAVEYARD) & (st.stamp[r, s] == data[m]) & ~st.token[r, s]
            mask = np.zeros(st.card.shape, dtype=bool)
            mask[r[back], s[back]] = True
            if back.any():
                return_cards(st, mask, k)
                full = st.ret_n[r[back]] >= st.ret_slot.shape[1]
                st.status[r[back][full]] = UNSUPPORTED
                rb, sb = r[back][~full], s[back][~full]
                st.ret_slot[rb, st.ret_n[rb]] = sb
                st.ret_by[rb, st.ret_n[rb]] = k
                st.ret_n[rb] += 1
    m = kind == ETB
    if m.any():
        _resolve_etb(st, rows[m], src[m], ctrl[m], obj[m])
    m = kind == DIES
    if m.any():
        create_tokens(st, rows[m], src[m], data[m])
    m = kind == LIFE_LOSS
    if m.any():
        r = rows[m]
        st.life[r, data[m]] -= tb.DEATH_LIFE[st.card[r, src[m]]]
    m = kind == DELAYED
    if m.any():
        r, g = rows[m], data[m]
        _weaken(st, r, st.fx_src[r, g], st.fx_obj[r, g], st.fx_ctrl[r, g], 0, st.fx_amount[r, g])


def _weaken(
    st: WipeState,
    rows: np.ndarray,
    src: np.ndarray,
    obj: np.ndarray,
    ctrl: np.ndarray,
    scope: np.ndarray | int,
    amount: np.ndarray,
) -> None:
    """Creatures get ``amount``/``amount`` until end of turn, locked in (611.2c): scope 0
    every other creature, 1 the opponents' creatures, 2 all creatures."""
    b = derive(st)
    creature = b.creature[rows]
    n = st.card.shape[1]
    scope = np.broadcast_to(np.asarray(scope), rows.shape)
    is_source = (np.arange(n)[None, :] == src[:, None]) & (st.obj[rows] == obj[:, None])
    hit = creature & np.where(
        (scope == 0)[:, None],
        ~is_source,
        np.where((scope == 1)[:, None], st.controller[rows] != ctrl[:, None], True),
    )
    st.eot_p[rows] += (hit * amount[:, None]).astype(np.int16)
    st.eot_t[rows] += (hit * amount[:, None]).astype(np.int16)


def _resolve_etb(
    st: WipeState, rows: np.ndarray, src: np.ndarray, ctrl: np.ndarray, obj: np.ndarray
) -> None:
    c = st.card[rows, src]
    life = tb.ETB_LIFE[c]
    if life.any():
        st.life[rows, ctrl] += life  # CR 119.3
    ping = tb.ETB_PING[c]
    if ping.any():
        r, s, o = rows[ping], src[ping], obj[ping]
        b = derive(st)
        here = (st.zone[r, s] == BATTLEFIELD) & (st.obj[r, s] == o)
        ring = o % LKI_RING
        known = here | (st.lki_obj[r, s, ring] == o)
        st.status[r[~known]] = UNSUPPORTED
        # CR 608.2h: its power now, or as it last existed on the battlefield.
        amount = np.where(here, b.power[r, s], st.lki_power[r, s, ring])
        target = st.ping_target[r, s].astype(np.int64)
        nxt = (ctrl[ping].astype(np.int64) + 1) % st.n_players[r]
        target = np.where(target < 0, nxt, target)
        st.life[r, target] -= np.maximum(amount, 0) * known  # CR 120.3a
        st.status[r[tb.IS_HUMAN[c[ping]]]] = UNSUPPORTED  # a Human's damage: Mikaeus not modeled
    scoped = tb.ETB_SCOPE[c] >= 0
    if scoped.any():
        r, s, o, k = rows[scoped], src[scoped], obj[scoped], ctrl[scoped]
        cs = c[scoped]
        _weaken(st, r, s, o, k, tb.ETB_SCOPE[cs], tb.ETB_PT[cs].astype(np.int32))
        rep = tb.ETB_REPEAT[cs]
        if rep.any():
            r, s, o, k, amt = r[rep], s[rep], o[rep], k[rep], tb.ETB_PT[cs[rep]]
            free = st.fx_src[r] < 0
            has_free = free.any(1)
            st.status[r[~has_free]] = UNSUPPORTED
            g = np.argmax(free, axis=1)
            r, g = r[has_free], g[has_free]
            st.fx_src[r, g] = s[has_free]
            st.fx_obj[r, g] = o[has_free]
            st.fx_ctrl[r, g] = k[has_free]
            st.fx_amount[r, g] = amt[has_free]


_MIX = np.uint64(0x9E3779B97F4A7C15)
_BASE = np.uint64(0xD6E8FEB86659FD93)
_POW = np.array(  # _BASE ** k modulo 2**64
    [pow(int(_BASE), k, 1 << 64) for k in range(STACK_DEPTH + 1)], dtype=np.uint64
)


def stack_item_hash(kind: np.ndarray, src: np.ndarray, ctrl: np.ndarray) -> np.ndarray:
    """One stack object as the reference engine's loop watch sees it: kind, source, controller."""
    raw = (
        kind.astype(np.uint64) * np.uint64(1 << 40)
        + src.astype(np.uint64) * np.uint64(1 << 8)
        + ctrl.astype(np.uint64)
        + np.uint64(1)
    )
    return raw * np.uint64(0x94D049BB133111EB)


def board_hash(st: WipeState) -> np.ndarray:
    """A 64-bit digest of the position without the stack, life totals or object numbers
    (``engine.reference.loops.board_position``)."""
    on = st.zone == BATTLEFIELD
    h = st.zone.astype(np.uint64)
    for field in (
        st.controller,
        st.plus,
        st.minus,
        st.damage,
        st.tapped,
        st.persist_extra,
        st.undying_extra,
        st.not_creature,
        st.eot_p,
        st.eot_t,
    ):
        h = h * _MIX + np.where(on, field.astype(np.int64), 0).astype(np.uint64)
    n = st.card.shape[1]
    weights = (np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0xBF58476D1CE4E5B9)) | np.uint64(1)
    digest = (h * weights).sum(axis=1, dtype=np.uint64)
    fx = (st.fx_src.astype(np.int64) + 2).astype(np.uint64)
    digest += (fx * np.arange(3, 3 + fx.shape[1], dtype=np.uint64)).sum(axis=1, dtype=np.uint64)
    out: np.ndarray = digest
    return out


class LoopWatch:
    """CR 104.4b for a batch: ``engine.reference.loops.LoopWatch`` with hashes. A visit
    remembers the board digest, the stack (its height and rolling hash) and the lowest the
    stack has been since; a position closes a loop when the same board comes back with the
    part of the stack worked through since that visit on top again."""

    def __init__(self, t: int, players: int) -> None:
        self.board = np.zeros((t, HISTORY), dtype=np.uint64)
        self.height = np.zeros((t, HISTORY), dtype=np.int64)
        self.cum = np.zeros((t, HISTORY), dtype=np.uint64)
        self.low = np.zeros((t, HISTORY), dtype=np.int64)
        self.life = np.zeros((t, HISTORY, players), dtype=np.int32)
        self.n = np.zeros(t, dtype=np.int64)

    def take(self, rows: np.ndarray) -> LoopWatch:
        part = LoopWatch(0, self.life.shape[2])
        for name, value in vars(self).items():
            setattr(part, name, value[rows])
        return part

    def put(self, rows: np.ndarray, part: LoopWatch) -> None:
        for name, value in vars(self).items():
            value[rows] = getattr(part, name)

    def endless(self, st: WipeState, visiting: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Record the visiting trials' positions; return (draw, out of room) masks."""
        t = len(visiting)
        rows = np.arange(t)
        w = int(self.n.max()) + 1 if t else 1
        board = board_hash(st)
        h2 = st.st_n.astype(np.int64)
        height, low = self.height[:, :w], self.low[:, :w]
        worked = height - low
        cum_now = st.st_cum[rows, h2][:, None]
        below = np.take_along_axis(st.st_cum, low, axis=1)
        earlier = np.take_along_axis(st.st_cum, np.maximum(h2[:, None] - worked, 0), axis=1)
        powers = _POW[worked]
        same = (
            (np.arange(w)[None, :] < self.n[:, None])
            & (self.board[:, :w] == board[:, None])
            & (h2[:, None] >= height)
            & (self.cum[:, :w] - below * powers == cum_now - earlier * powers)
            & visiting[:, None]
        )
        found = same.any(1)
        last = w - 1 - np.argmax(same[:, ::-1], axis=1)
        draw = found & (st.life >= self.life[rows, last]).all(1)
        full = visiting & ~draw & (self.n >= HISTORY)
        keep = np.nonzero(visiting & ~draw & ~full)[0]
        slot = self.n[keep]
        self.board[keep, slot] = board[keep]
        self.height[keep, slot] = h2[keep]
        self.cum[keep, slot] = st.st_cum[keep, h2[keep]]
        self.low[keep, slot] = h2[keep]
        self.life[keep, slot] = st.life[keep]
        self.n[keep] += 1
        return draw, full

    def popped(self, st: WipeState, rows: np.ndarray) -> None:
        w = int(self.n.max()) if len(self.n) else 0
        low = self.low[rows, :w]
        self.low[rows, :w] = np.minimum(low, st.st_n[rows][:, None].astype(np.int64))


COMPACT_BELOW = 0.5  # settle only the trials still resolving once fewer than half are
MIN_COMPACT = 64


def settle(st: WipeState, watch: LoopWatch | None = None) -> None:
    """Run SBAs, triggers and the stack until every trial's stack is empty (CR 117.5).

    Trials finish at different times; once few are left, the rest go on as a smaller batch
    (``take``/``put``), so the work follows the trials that still have something to resolve.
    """
    t = len(st.status)
    if watch is None and st.feat.loops:
        watch = LoopWatch(t, st.life.shape[1])
    while True:
        while state_based_actions(st).any():
            pass
        place_triggers(st)
        resolving = (st.st_n > 0) & (st.status == OK)
        count = int(resolving.sum())
        if count == 0:
            return
        if t >= MIN_COMPACT and count < COMPACT_BELOW * t:
            rows = np.nonzero(resolving)[0]
            part = st.take(rows)
            part_watch = watch.take(rows) if watch is not None else None
            settle(part, part_watch)
            st.put(rows, part)
            if watch is not None and part_watch is not None:
                watch.put(rows, part_watch)
            return
        if watch is not None:
            draw, full = watch.endless(st, resolving)
            st.status[draw] = DRAW
            st.status[full] = UNSUPPORTED
            resolving &= ~draw & ~full
        if resolving.any():
            resolve_top(st, resolving)
            if watch is not None:
                watch.popped(st, np.nonzero(resolving)[0])
