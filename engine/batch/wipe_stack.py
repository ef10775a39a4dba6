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


def state_based_actions(state: WipeState) -> np.ndarray:
    """One round of state-based actions, all at once (704.3); returns which trials changed."""
    board = derive(state)
    live = (state.status == OK)[:, None]
    toughness_death = live & board.creature & (board.toughness <= 0)  # 704.5f
    lethal = live & board.creature & ~toughness_death & (state.damage >= board.toughness)  # 704.5g
    deathtouch = live & board.creature & (state.damage > 0) & state.deathtouch_damage  # 704.5h
    dying = toughness_death | lethal | deathtouch
    legend = live & board.alive & tb.IS_LEGENDARY[board.c] & ~dying
    losers_legend = np.zeros_like(dying)
    if legend.any():
        # 704.5j: the first in board order stays (the listed policy).
        same = (
            legend[:, :, None]
            & legend[:, None, :]
            & (state.card[:, :, None] == state.card[:, None, :])
            & (state.controller[:, :, None] == state.controller[:, None, :])
            & (state.order[:, None, :] < state.order[:, :, None])
        )
        losers_legend = same.any(2)
    movers = dying | losers_legend
    both = live & board.alive & ~movers & (state.plus > 0) & (state.minus > 0)  # 704.5q
    losers = (state.life <= 0).any(1) & (state.status == OK)  # 704.5a
    changed = movers.any(1) | both.any(1) | losers
    if both.any():
        n = np.minimum(state.plus, state.minus) * both
        state.plus -= n.astype(np.int16)
        state.minus -= n.astype(np.int16)
    if movers.any():
        leave(state, movers, GRAVEYARD, group=losers_legend.astype(np.int64))
    state.status[losers] = UNSUPPORTED  # a player lost the game: past what Cauldron plays
    changed_any: np.ndarray = changed
    return changed_any


def place_triggers(state: WipeState) -> None:
    """CR 603.3b: APNAP, each player's triggers in their order; first placed, last resolved."""
    waiting = (state.n_pending > 0) & (state.status == OK)
    if not waiting.any():
        state.n_pending[:] = 0
        return
    k = int(state.n_pending.max())  # only the columns in use
    pending_controller, pending_source = (
        state.pending_controller[:, :k],
        state.pending_source[:, :k],
    )
    apnap = (pending_controller.astype(np.int64) - state.active[:, None]) % state.n_players[:, None]
    rank = np.take_along_axis(state.rank, pending_source.astype(np.intp), axis=1).astype(np.int64)
    key = ((apnap << 22) | rank) << 36 | state.pending_key[:, :k]
    key[np.arange(k)[None, :] >= state.n_pending[:, None]] = _KEY_MAX
    order = np.argsort(key, axis=1, kind="stable")
    depth = state.stack_kind.shape[1]
    n_new = np.where(waiting, state.n_pending, 0)
    over = state.stack_height + n_new > depth
    state.status[over] = UNSUPPORTED
    n_new[over] = 0
    j = np.arange(k)[None, :]
    put = j < n_new[:, None]
    rows = np.broadcast_to(np.arange(len(n_new))[:, None], put.shape)[put]
    cols = (state.stack_height[:, None] + j)[put]
    src_cols = order[put]
    for to, frm in (
        (state.stack_kind, state.pending_kind),
        (state.stack_source, state.pending_source),
        (state.stack_data, state.pending_data),
        (state.stack_controller, state.pending_controller),
        (state.stack_obj, state.pending_obj),
    ):
        to[rows, cols] = frm[rows, src_cols]
    base = state.stack_height.astype(np.int64)
    for step in range(int(n_new.max(initial=0))):
        r = np.nonzero(n_new > step)[0]
        pos = base[r] + step
        item = stack_item_hash(
            state.stack_kind[r, pos], state.stack_source[r, pos], state.stack_controller[r, pos]
        )
        state.stack_hash[r, pos + 1] = state.stack_hash[r, pos] * _BASE + item
    state.stack_height += n_new.astype(np.int16)
    state.n_pending[:] = 0


def resolve_top(state: WipeState, resolving: np.ndarray) -> None:
    """Pop and resolve the top of the stack of the ``resolving`` trials (CR 608.2)."""
    rows = np.nonzero(resolving)[0]
    top = state.stack_height[rows] - 1
    kind, src = state.stack_kind[rows, top], state.stack_source[rows, top].astype(np.intp)
    data, ctrl, obj = (
        state.stack_data[rows, top],
        state.stack_controller[rows, top],
        state.stack_obj[rows, top],
    )
    state.stack_height[rows] -= 1
    for k in (PERSIST, UNDYING):
        m = kind == k
        if m.any():
            r, s = rows[m], src[m]
            # CR 400.7 / 603.10a: only the card that went to the graveyard, if still there.
            back = (
                (state.zone[r, s] == GRAVEYARD)
                & (state.stamp[r, s] == data[m])
                & ~state.token[r, s]
            )
            mask = np.zeros(state.card.shape, dtype=bool)
            mask[r[back], s[back]] = True
            if back.any():
                return_cards(state, mask, k)
                full = state.n_returned[r[back]] >= state.returned_slot.shape[1]
                state.status[r[back][full]] = UNSUPPORTED
                rb, sb = r[back][~full], s[back][~full]
                state.returned_slot[rb, state.n_returned[rb]] = sb
                state.returned_by[rb, state.n_returned[rb]] = k
                state.n_returned[rb] += 1
    m = kind == ETB
    if m.any():
        _resolve_etb(state, rows[m], src[m], ctrl[m], obj[m])
    m = kind == DIES
    if m.any():
        create_tokens(state, rows[m], src[m], data[m])
    m = kind == LIFE_LOSS
    if m.any():
        r = rows[m]
        state.life[r, data[m]] -= tb.DEATH_LIFE[state.card[r, src[m]]]
    m = kind == DELAYED
    if m.any():
        r, g = rows[m], data[m]
        _weaken(
            state,
            r,
            state.delayed_source[r, g],
            state.delayed_obj[r, g],
            state.delayed_controller[r, g],
            0,
            state.delayed_amount[r, g],
        )


def _weaken(
    state: WipeState,
    rows: np.ndarray,
    src: np.ndarray,
    obj: np.ndarray,
    ctrl: np.ndarray,
    scope: np.ndarray | int,
    amount: np.ndarray,
) -> None:
    """Creatures get ``amount``/``amount`` until end of turn, locked in (611.2c): scope 0
    every other creature, 1 the opponents' creatures, 2 all creatures."""
    board = derive(state)
    creature = board.creature[rows]
    n = state.card.shape[1]
    scope = np.broadcast_to(np.asarray(scope), rows.shape)
    is_source = (np.arange(n)[None, :] == src[:, None]) & (state.obj[rows] == obj[:, None])
    hit = creature & np.where(
        (scope == 0)[:, None],
        ~is_source,
        np.where((scope == 1)[:, None], state.controller[rows] != ctrl[:, None], True),
    )
    state.eot_power[rows] += (hit * amount[:, None]).astype(np.int16)
    state.eot_toughness[rows] += (hit * amount[:, None]).astype(np.int16)


def _resolve_etb(
    state: WipeState, rows: np.ndarray, src: np.ndarray, ctrl: np.ndarray, obj: np.ndarray
) -> None:
    c = state.card[rows, src]
    life = tb.ETB_LIFE[c]
    if life.any():
        state.life[rows, ctrl] += life  # CR 119.3
    ping = tb.ETB_PING[c]
    if ping.any():
        r, s, o = rows[ping], src[ping], obj[ping]
        board = derive(state)
        here = (state.zone[r, s] == BATTLEFIELD) & (state.obj[r, s] == o)
        ring = o % LKI_RING
        known = here | (state.last_known_obj[r, s, ring] == o)
        state.status[r[~known]] = UNSUPPORTED
        # CR 608.2h: its power now, or as it last existed on the battlefield.
        amount = np.where(here, board.power[r, s], state.last_known_power[r, s, ring])
        target = state.ping_target[r, s].astype(np.int64)
        nxt = (ctrl[ping].astype(np.int64) + 1) % state.n_players[r]
        target = np.where(target < 0, nxt, target)
        state.life[r, target] -= np.maximum(amount, 0) * known  # CR 120.3a
        state.status[r[tb.IS_HUMAN[c[ping]]]] = UNSUPPORTED  # a Human's damage: Mikaeus not modeled
    scoped = tb.ETB_SCOPE[c] >= 0
    if scoped.any():
        r, s, o, k = rows[scoped], src[scoped], obj[scoped], ctrl[scoped]
        cs = c[scoped]
        _weaken(state, r, s, o, k, tb.ETB_SCOPE[cs], tb.ETB_PT[cs].astype(np.int32))
        rep = tb.ETB_REPEAT[cs]
        if rep.any():
            r, s, o, k, amt = r[rep], s[rep], o[rep], k[rep], tb.ETB_PT[cs[rep]]
            free = state.delayed_source[r] < 0
            has_free = free.any(1)
            state.status[r[~has_free]] = UNSUPPORTED
            g = np.argmax(free, axis=1)
            r, g = r[has_free], g[has_free]
            state.delayed_source[r, g] = s[has_free]
            state.delayed_obj[r, g] = o[has_free]
            state.delayed_controller[r, g] = k[has_free]
            state.delayed_amount[r, g] = amt[has_free]


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


def board_hash(state: WipeState) -> np.ndarray:
    """A 64-bit digest of the position without the stack, life totals or object numbers
    (``engine.reference.loops.board_position``)."""
    on = state.zone == BATTLEFIELD
    h = state.zone.astype(np.uint64)
    for field in (
        state.controller,
        state.plus,
        state.minus,
        state.damage,
        state.tapped,
        state.granted_persist,
        state.granted_undying,
        state.not_creature,
        state.eot_power,
        state.eot_toughness,
    ):
        h = h * _MIX + np.where(on, field.astype(np.int64), 0).astype(np.uint64)
    n = state.card.shape[1]
    weights = (np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0xBF58476D1CE4E5B9)) | np.uint64(1)
    digest = (h * weights).sum(axis=1, dtype=np.uint64)
    fx = (state.delayed_source.astype(np.int64) + 2).astype(np.uint64)
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

    def endless(self, state: WipeState, visiting: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Record the visiting trials' positions; return (draw, out of room) masks."""
        t = len(visiting)
        rows = np.arange(t)
        w = int(self.n.max()) + 1 if t else 1
        board = board_hash(state)
        h2 = state.stack_height.astype(np.int64)
        height, low = self.height[:, :w], self.low[:, :w]
        worked = height - low
        cum_now = state.stack_hash[rows, h2][:, None]
        below = np.take_along_axis(state.stack_hash, low, axis=1)
        earlier = np.take_along_axis(state.stack_hash, np.maximum(h2[:, None] - worked, 0), axis=1)
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
        draw = found & (state.life >= self.life[rows, last]).all(1)
        full = visiting & ~draw & (self.n >= HISTORY)
        keep = np.nonzero(visiting & ~draw & ~full)[0]
        slot = self.n[keep]
        self.board[keep, slot] = board[keep]
        self.height[keep, slot] = h2[keep]
        self.cum[keep, slot] = state.stack_hash[keep, h2[keep]]
        self.low[keep, slot] = h2[keep]
        self.life[keep, slot] = state.life[keep]
        self.n[keep] += 1
        return draw, full

    def popped(self, state: WipeState, rows: np.ndarray) -> None:
        w = int(self.n.max()) if len(self.n) else 0
        low = self.low[rows, :w]
        self.low[rows, :w] = np.minimum(low, state.stack_height[rows][:, None].astype(np.int64))


COMPACT_BELOW = 0.5  # settle only the trials still resolving once fewer than half are
MIN_COMPACT = 64


def settle(state: WipeState, watch: LoopWatch | None = None) -> None:
    """Run SBAs, triggers and the stack until every trial's stack is empty (CR 117.5).

    Trials finish at different times; once few are left, the rest go on as a smaller batch
    (``take``/``put``), so the work follows the trials that still have something to resolve.
    """
    t = len(state.status)
    if watch is None and state.features.loops:
        watch = LoopWatch(t, state.life.shape[1])
    while True:
        while state_based_actions(state).any():
            pass
        place_triggers(state)
        resolving = (state.stack_height > 0) & (state.status == OK)
        count = int(resolving.sum())
        if count == 0:
            return
        if t >= MIN_COMPACT and count < COMPACT_BELOW * t:
            rows = np.nonzero(resolving)[0]
            part = state.take(rows)
            part_watch = watch.take(rows) if watch is not None else None
            settle(part, part_watch)
            state.put(rows, part)
            if watch is not None and part_watch is not None:
                watch.put(rows, part_watch)
            return
        if watch is not None:
            draw, full = watch.endless(state, resolving)
            state.status[draw] = DRAW
            state.status[full] = UNSUPPORTED
            resolving &= ~draw & ~full
        if resolving.any():
            resolve_top(state, resolving)
            if watch is not None:
                watch.popped(state, np.nonzero(resolving)[0])
