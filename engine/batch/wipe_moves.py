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
    st: WipeState,
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
    t, cap = st.pd_kind.shape
    pos = st.pd_n[:, None] + np.cumsum(valid, axis=1) - 1
    over = (valid & (pos >= cap)).any(1)
    st.status[over] = UNSUPPORTED
    ok = valid & (pos < cap)
    rows = np.broadcast_to(np.arange(t)[:, None], valid.shape)[ok]
    cols = pos[ok]
    st.pd_kind[rows, cols] = kind
    st.pd_src[rows, cols] = np.broadcast_to(src, valid.shape)[ok]
    st.pd_data[rows, cols] = np.broadcast_to(data, valid.shape)[ok]
    st.pd_ctrl[rows, cols] = np.broadcast_to(ctrl, valid.shape)[ok]
    st.pd_obj[rows, cols] = np.broadcast_to(obj, valid.shape)[ok]
    st.pd_key[rows, cols] = np.broadcast_to(key, valid.shape)[ok]
    st.pd_n += ok.sum(1).astype(np.int16)


def _detection_key(st: WipeState, mover_pos: np.ndarray, sub: int) -> np.ndarray:
    """Order of detection: by event, by mover, by kind within a mover (603.3b ties)."""
    return st.seq[:, None].astype(np.int64) * 4096 + mover_pos.astype(np.int64) * 16 + sub


def leave(
    st: WipeState,
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
    movers = movers & (st.zone == BATTLEFIELD)
    if not movers.any():
        return
    b = board or derive(st)  # the battlefield just before the event: last known information
    r, s = np.nonzero(movers)
    ring = st.obj[r, s] % LKI_RING
    st.lki_power[r, s, ring] = b.power[r, s]
    st.lki_obj[r, s, ring] = st.obj[r, s]
    to = np.full(movers.shape, dest, dtype=np.int8)
    if dest == GRAVEYARD:
        to[st.exile_if_dies] = EXILE
    if dest == GRAVEYARD and st.feat.gy_exile:
        c = b.c
        rip = (b.alive & tb.EXILE_ALL_GY[c]).any(1)
        leyline = per_player(st, b.alive & tb.EXILE_OPP_GY[c])
        opp_leyline = leyline.sum(1)[:, None] - np.take_along_axis(
            leyline, st.owner.astype(np.intp), axis=1
        )
        to[rip[:, None] | ((opp_leyline > 0) & ~st.token)] = EXILE
    dies = movers & (to == GRAVEYARD)
    mover_pos = np.asarray(group, dtype=np.int64) * 128 + st.border
    if dies.any():
        _died(st, b, dies, mover_pos)
    # CR 400.7: the object is gone; counters, damage and effects go with it.
    st.zone[movers] = to[movers]
    st.zone[movers & st.token] = NONE  # CR 704.5d / 111.7: a token ceases to exist
    st.stamp[dies] += 1
    for arr in (st.plus, st.minus, st.damage, st.eot_p, st.eot_t):
        arr[movers] = 0
    for flags in (st.exile_if_dies, st.tapped, st.not_creature, st.deathtouch_hit):
        flags[movers] = False
    st.keywords[movers] = 0
    st.persist_extra[movers] = 0
    st.undying_extra[movers] = 0
    st.seq[movers.any(1)] += 1


def _died(st: WipeState, b: Board, dies: np.ndarray, mover_pos: np.ndarray) -> None:
    """Queue the triggers of ``dies`` (T, N) being put into a graveyard (CR 700.4)."""
    n = dies.shape[1]
    slots = np.broadcast_to(np.arange(n, dtype=np.int16), dies.shape)
    stamp = st.stamp + 1  # the arrival this death makes
    for kind, count, blocked_by in (
        (PERSIST, b.persist_n, st.minus),
        (UNDYING, b.undying_n, st.plus),
    ):
        can = dies & (blocked_by == 0)  # CR 702.79a / 702.93a, last known information
        for j in range(int(np.where(can, count, 0).max(initial=0))):
            key = _detection_key(st, mover_pos, kind * 4 + j)
            queue(st, can & (count > j), kind, slots, stamp, st.controller, st.obj, key)
    makes = dies & (tb.DIES_TOKENS[b.c] >= 0) if st.feat.tokens else dies[:, :0]
    if makes.any():
        counted = np.where(tb.DIES_TOKEN_KIND[b.c] == 0, st.plus, st.minus)
        key = _detection_key(st, mover_pos, 12)
        queue(st, makes, DIES, slots, counted, st.controller, st.obj, key)
    creature_dies = dies & b.creature
    wurms: list[int] = []
    if st.feat.wurm:
        wurms = list(np.nonzero((b.alive & (tb.DEATH_LIFE[b.c] > 0)).any(0))[0])
    for w in wurms:
        is_wurm = b.alive[:, w] & (tb.DEATH_LIFE[b.c[:, w]] > 0)
        valid = creature_dies & is_wurm[:, None] & (st.controller != st.controller[:, w][:, None])
        key = _detection_key(st, mover_pos, 13)
        queue(st, valid, LIFE_LOSS, w, st.controller, st.controller[:, w][:, None],
              st.obj[:, w][:, None], key)  # fmt: skip
    for g in range(st.fx_src.shape[1] if st.feat.shrink else 0):
        live = st.fx_src[:, g] >= 0
        if not live.any():
            continue
        valid = creature_dies & live[:, None]
        key = _detection_key(st, mover_pos, 14)
        queue(st, valid, DELAYED, st.fx_src[:, g][:, None], np.int32(g),
              st.fx_ctrl[:, g][:, None], st.fx_obj[:, g][:, None], key)  # fmt: skip


def _enter(st: WipeState, entering: np.ndarray) -> None:
    """Common to every arrival: a new object (400.7), then its enters triggers (603.6a)."""
    st.zone[entering] = BATTLEFIELD
    st.obj[entering] += 1
    st.since_turn_start[entering] = False  # CR 302.6: it just came under this control
    unranked = entering & (st.border < 0)
    if unranked.any():
        # Cast permanents and tokens join the board order as they enter.
        order = st.order_seq[:, None] + np.cumsum(unranked, axis=1) - 1
        st.border[unranked] = order[unranked]
        st.order_seq += unranked.sum(1).astype(np.int32)
        default_rank = unranked & (st.rank < 0)
        st.rank[default_rank] = RANK_FALLBACK + st.border[default_rank]
    etb = entering & tb.HAS_ETB[np.maximum(st.card, 0)] if st.feat.etb else entering[:, :0]
    if etb.any():
        slots = np.broadcast_to(np.arange(st.card.shape[1], dtype=np.int16), etb.shape)
        key = _detection_key(st, st.border, 0)
        queue(st, etb, ETB, slots, np.int32(0), st.controller, st.obj, key)
    st.seq[entering.any(1)] += 1


def return_cards(st: WipeState, back: np.ndarray, kind: int) -> None:
    """Persist (702.79a) or undying (702.93a): return under the owner's control with a
    -1/-1 or +1/+1 counter (put as it enters, 122.6)."""
    st.controller[back] = st.owner[back]
    _enter(st, back)
    put_counters(st, derive(st), back, 1 if kind == PERSIST else 0, np.int32(1))


def cast_permanent(st: WipeState, slot: int, casting: np.ndarray, x: np.ndarray) -> None:
    """A permanent spell resolves and enters under its caster's control (608.3), with X
    counters if it says so (107.3m: the X paid for the spell)."""
    entering = np.zeros(st.card.shape, dtype=bool)
    entering[:, slot] = casting
    kind = tb.ENTERS_X_KIND[np.maximum(st.card[:, slot], 0)]
    st.zone[entering] = BATTLEFIELD  # on the battlefield as the counters are put (122.6)
    for code in (0, 1):
        gets = entering & ((kind == code) & casting)[:, None]
        if gets.any():
            put_counters(st, derive(st), gets, code, x[:, None].astype(np.int32))
    _enter(st, entering)


def create_tokens(st: WipeState, rows: np.ndarray, src: np.ndarray, count: np.ndarray) -> None:
    """CR 111.1: the dies trigger of ``src`` slots makes ``count`` tokens (Doubling Season
    doubles the number for its controller, 614.1)."""
    b = derive(st)
    ctrl = st.controller[rows, src]
    doublers = per_player(st, b.alive & tb.TOKENS_DOUBLED[b.c])[rows, ctrl]
    count = count.astype(np.int32) << doublers
    token_card = tb.DIES_TOKENS[b.c[rows, src]]
    first = st.n_board + st.n_events
    capacity = st.card.shape[1] - first
    for k in range(int(count.max(initial=0))):
        making = count > k
        r = rows[making]
        slot = first + st.tokens_made[r]
        full = slot >= first + capacity
        st.status[r[full]] = UNSUPPORTED
        r, slot = r[~full], slot[~full]
        s = src[making][~full]
        st.set_cards(r, slot, token_card[making][~full])
        st.controller[r, slot] = ctrl[making][~full]
        st.owner[r, slot] = ctrl[making][~full]
        st.token[r, slot] = True
        st.token_source[r, slot] = s
        st.token_serial[r, s] += 1
        st.token_serial[r, slot] = st.token_serial[r, s]
        st.tokens_made[r] += 1
        entering = np.zeros(st.card.shape, dtype=bool)
        entering[r, slot] = True
        _enter(st, entering)
