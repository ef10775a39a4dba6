"""Zone changes of whole batches: leaving the battlefield (with the triggers it causes),
returning, casting and creating tokens (CR 400.7, 603.6, 603.10a, 614.1a).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.batch import tables as tb
from engine.batch.wipe_board import Board, derive, per_player, put_counters
from engine.batch.wipe_state import (
    BATTLEFIELD,
    DELAYED,
    DIES,
    ETB,
    EXILE,
    GRAVEYARD,
    LIFE_LOSS,
    LKI_RING,
    NONE,
    PERSIST,
    RANK_FALLBACK,
    UNDYING,
    UNSUPPORTED,
    WipeState,
)


def queue(
    state: WipeState,
    valid: np.ndarray,
    kind: int,
    src: npt.ArrayLike,
    data: npt.ArrayLike,
    ctrl: npt.ArrayLike,
    obj: npt.ArrayLike,
    key: np.ndarray,
) -> None:
    """Append the valid (T, C) candidate triggers to each trial's waiting list, in C order."""
    if not valid.any():
        return
    t, cap = state.pending_kind.shape
    pos = state.n_pending[:, None] + np.cumsum(valid, axis=1) - 1
    over = (valid & (pos >= cap)).any(1)
    state.status[over] = UNSUPPORTED
    ok = valid & (pos < cap)
    rows = np.broadcast_to(np.arange(t)[:, None], valid.shape)[ok]
    cols = pos[ok]
    state.pending_kind[rows, cols] = kind
    state.pending_source[rows, cols] = np.broadcast_to(src, valid.shape)[ok]
    state.pending_data[rows, cols] = np.broadcast_to(data, valid.shape)[ok]
    state.pending_controller[rows, cols] = np.broadcast_to(ctrl, valid.shape)[ok]
    state.pending_obj[rows, cols] = np.broadcast_to(obj, valid.shape)[ok]
    state.pending_key[rows, cols] = np.broadcast_to(key, valid.shape)[ok]
    state.n_pending += ok.sum(1).astype(np.int16)


def _detection_key(state: WipeState, mover_pos: np.ndarray, sub: int) -> np.ndarray:
    """Order of detection: by event, by mover, by kind within a mover (603.3b ties)."""
    return state.seq[:, None].astype(np.int64) * 4096 + mover_pos.astype(np.int64) * 16 + sub


def leave(
    state: WipeState,
    movers: np.ndarray,
    dest: int,
    group: np.ndarray | int = 0,
    board: Board | None = None,
) -> None:
    """Move the ``movers`` (T, N) from the battlefield to ``dest`` as one event per trial.

    ``group`` orders movers of one event as the reference engine lists them (state-based
    actions: deaths by toughness or damage, then the legend rule), then board order.
    ``board`` may pass the derived state of the battlefield as it is now.
    """
    movers = movers & (state.zone == BATTLEFIELD)
    if not movers.any():
        return
    board = board or derive(state)  # the battlefield just before the event: last known information
    r, s = np.nonzero(movers)
    ring = state.obj[r, s] % LKI_RING
    state.last_known_power[r, s, ring] = board.power[r, s]
    state.last_known_obj[r, s, ring] = state.obj[r, s]
    to = np.full(movers.shape, dest, dtype=np.int8)
    if dest == GRAVEYARD:
        to[state.exile_if_dies] = EXILE
    if dest == GRAVEYARD and state.features.gy_exile:
        c = board.c
        rip = (board.alive & tb.EXILE_ALL_GY[c]).any(1)
        leyline = per_player(state, board.alive & tb.EXILE_OPP_GY[c])
        opp_leyline = leyline.sum(1)[:, None] - np.take_along_axis(
            leyline, state.owner.astype(np.intp), axis=1
        )
        to[rip[:, None] | ((opp_leyline > 0) & ~state.token)] = EXILE
    dies = movers & (to == GRAVEYARD)
    mover_pos = np.asarray(group, dtype=np.int64) * 128 + state.order
    if dies.any():
        _died(state, board, dies, mover_pos)
    # CR 400.7: the object is gone; counters, damage and effects go with it.
    state.zone[movers] = to[movers]
    state.zone[movers & state.token] = NONE  # CR 704.5d / 111.7: a token ceases to exist
    state.stamp[dies] += 1
    for arr in (state.plus, state.minus, state.damage, state.eot_power, state.eot_toughness):
        arr[movers] = 0
    for flags in (state.exile_if_dies, state.tapped, state.not_creature, state.deathtouch_damage):
        flags[movers] = False
    state.granted[movers] = 0
    state.granted_persist[movers] = 0
    state.granted_undying[movers] = 0
    state.seq[movers.any(1)] += 1


def _died(state: WipeState, board: Board, dies: np.ndarray, mover_pos: np.ndarray) -> None:
    """Queue the triggers of ``dies`` (T, N) being put into a graveyard (CR 700.4)."""
    n = dies.shape[1]
    slots = np.broadcast_to(np.arange(n, dtype=np.int16), dies.shape)
    stamp = state.stamp + 1  # the arrival this death makes
    for kind, count, blocked_by in (
        (PERSIST, board.persist_n, state.minus),
        (UNDYING, board.undying_n, state.plus),
    ):
        can = dies & (blocked_by == 0)  # CR 702.79a / 702.93a, last known information
        for j in range(int(np.where(can, count, 0).max(initial=0))):
            key = _detection_key(state, mover_pos, kind * 4 + j)
            queue(state, can & (count > j), kind, slots, stamp, state.controller, state.obj, key)
    makes = dies & (tb.DIES_TOKENS[board.c] >= 0) if state.features.tokens else dies[:, :0]
    if makes.any():
        counted = np.where(tb.DIES_TOKEN_KIND[board.c] == 0, state.plus, state.minus)
        key = _detection_key(state, mover_pos, 12)
        queue(state, makes, DIES, slots, counted, state.controller, state.obj, key)
    creature_dies = dies & board.creature
    wurms: list[int] = []
    if state.features.wurm:
        wurms = list(np.nonzero((board.alive & (tb.DEATH_LIFE[board.c] > 0)).any(0))[0])
    for w in wurms:
        is_wurm = board.alive[:, w] & (tb.DEATH_LIFE[board.c[:, w]] > 0)
        valid = (
            creature_dies & is_wurm[:, None] & (state.controller != state.controller[:, w][:, None])
        )
        key = _detection_key(state, mover_pos, 13)
        queue(state, valid, LIFE_LOSS, w, state.controller, state.controller[:, w][:, None],
              state.obj[:, w][:, None], key)  # fmt: skip
    for g in range(state.delayed_source.shape[1] if state.features.shrink else 0):
        live = state.delayed_source[:, g] >= 0
        if not live.any():
            continue
        valid = creature_dies & live[:, None]
        key = _detection_key(state, mover_pos, 14)
        source = state.delayed_source[:, g][:, None]
        controller = state.delayed_controller[:, g][:, None]
        obj = state.delayed_obj[:, g][:, None]
        queue(state, valid, DELAYED, source, np.int32(g), controller, obj, key)


def _enter(state: WipeState, entering: np.ndarray) -> None:
    """Common to every arrival: a new object (400.7), then its enters triggers (603.6a)."""
    state.zone[entering] = BATTLEFIELD
    state.obj[entering] += 1
    state.since_turn_start[entering] = False  # CR 302.6: it just came under this control
    unranked = entering & (state.order < 0)
    if unranked.any():
        # Cast permanents and tokens join the board order as they enter.
        order = state.next_order[:, None] + np.cumsum(unranked, axis=1) - 1
        state.order[unranked] = order[unranked]
        state.next_order += unranked.sum(1).astype(np.int32)
        default_rank = unranked & (state.rank < 0)
        state.rank[default_rank] = RANK_FALLBACK + state.order[default_rank]
    etb = (
        entering & tb.HAS_ETB[np.maximum(state.card, 0)] if state.features.etb else entering[:, :0]
    )
    if etb.any():
        slots = np.broadcast_to(np.arange(state.card.shape[1], dtype=np.int16), etb.shape)
        key = _detection_key(state, state.order, 0)
        queue(state, etb, ETB, slots, np.int32(0), state.controller, state.obj, key)
    state.seq[entering.any(1)] += 1


def return_cards(state: WipeState, back: np.ndarray, kind: int) -> None:
    """Persist (702.79a) or undying (702.93a): return under the owner's control with a
    -1/-1 or +1/+1 counter (put as it enters, 122.6)."""
    state.controller[back] = state.owner[back]
    _enter(state, back)
    put_counters(state, derive(state), back, 1 if kind == PERSIST else 0, np.int32(1), back)


def cast_permanent(state: WipeState, slot: int, casting: np.ndarray, x: np.ndarray) -> None:
    """A permanent spell resolves and enters under its caster's control (608.3), with X
    counters if it says so (107.3m: the X paid for the spell)."""
    entering = np.zeros(state.card.shape, dtype=bool)
    entering[:, slot] = casting
    kind = tb.ENTERS_X_KIND[np.maximum(state.card[:, slot], 0)]
    state.zone[entering] = BATTLEFIELD  # on the battlefield as the counters are put (122.6)
    for code in (0, 1):
        gets = entering & ((kind == code) & casting)[:, None]
        if gets.any():
            put_counters(state, derive(state), gets, code, x[:, None].astype(np.int32), entering)
    _enter(state, entering)


def create_tokens(state: WipeState, rows: np.ndarray, src: np.ndarray, count: np.ndarray) -> None:
    """CR 111.1: the dies trigger of ``src`` slots makes ``count`` tokens (Doubling Season
    doubles the number for its controller, 614.1)."""
    board = derive(state)
    ctrl = state.controller[rows, src]
    doublers = per_player(state, board.alive & tb.TOKENS_DOUBLED[board.c])[rows, ctrl]
    count = count.astype(np.int32) << doublers
    token_card = tb.DIES_TOKENS[board.c[rows, src]]
    first = state.n_board + state.n_events
    capacity = state.card.shape[1] - first
    for k in range(int(count.max(initial=0))):
        making = count > k
        r = rows[making]
        slot = first + state.tokens_made[r]
        full = slot >= first + capacity
        state.status[r[full]] = UNSUPPORTED
        r, slot = r[~full], slot[~full]
        s = src[making][~full]
        state.set_cards(r, slot, token_card[making][~full])
        state.controller[r, slot] = ctrl[making][~full]
        state.owner[r, slot] = ctrl[making][~full]
        state.token[r, slot] = True
        state.token_source[r, slot] = s
        state.token_serial[r, s] += 1
        state.token_serial[r, slot] = state.token_serial[r, s]
        state.tokens_made[r] += 1
        entering = np.zeros(state.card.shape, dtype=bool)
        entering[r, slot] = True
        _enter(state, entering)
