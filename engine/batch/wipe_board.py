"""Characteristics of every slot after static abilities, and putting counters (R3, R5).

CR 611.3a: statics are recomputed from the current battlefield each time, so they apply to
returned objects too; 613.4: printed P/T, then modifications, then counters.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.batch import tables as tb
from engine.batch.wipe_state import BATTLEFIELD, WipeState


@dataclass
class Board:
    """Derived (T, N) arrays, valid until the state changes."""

    c: np.ndarray  # card index clipped to >= 0
    alive: np.ndarray  # on the battlefield
    creature: np.ndarray
    power: np.ndarray
    toughness: np.ndarray
    persist_n: np.ndarray
    undying_n: np.ndarray


def per_player(st: WipeState, values: np.ndarray) -> np.ndarray:
    """Sum (T, N) ``values`` by controller into (T, P)."""
    players = st.life.shape[1]
    return np.stack([(values * (st.controller == p)).sum(1) for p in range(players)], axis=1)


def at_controller(st: WipeState, by_player: np.ndarray) -> np.ndarray:
    """Gather a (T, P) array at each slot's controller: (T, N)."""
    return np.take_along_axis(by_player, st.controller.astype(np.intp), axis=1)


def derive(st: WipeState) -> Board:
    c = np.maximum(st.card, 0)
    alive = st.zone == BATTLEFIELD
    creature = alive & tb.IS_CREATURE[c] & ~st.not_creature
    power = tb.BASE_P[c].astype(np.int32) + st.eot_p + st.plus - st.minus
    toughness = tb.BASE_T[c].astype(np.int32) + st.eot_t + st.plus - st.minus
    undying = (tb.UNDYING[c] + st.undying_extra).astype(np.int16)
    src = alive & (st.card >= 0)
    if (src & ((tb.ANTHEM_P[c] != 0) | (tb.ANTHEM_T[c] != 0))).any():
        power += np.where(creature, at_controller(st, per_player(st, src * tb.ANTHEM_P[c])), 0)
        toughness += np.where(creature, at_controller(st, per_player(st, src * tb.ANTHEM_T[c])), 0)
    all_p, all_t = (src * tb.ALL_P[c]).sum(1), (src * tb.ALL_T[c]).sum(1)
    if all_p.any() or all_t.any():
        power += np.where(creature, all_p[:, None], 0)
        toughness += np.where(creature, all_t[:, None], 0)
    lord = src & ((tb.LORD_P[c] != 0) | (tb.LORD_T[c] != 0) | (tb.LORD_UNDYING[c] != 0))
    if lord.any():
        # "Other non-Human creatures you control": the controller's total minus its own.
        gets = creature & ~tb.IS_HUMAN[c]
        for table, target in ((tb.LORD_P, power), (tb.LORD_T, toughness)):
            own = src * table[c]
            target += np.where(gets, at_controller(st, per_player(st, own)) - own, 0)
        own_u = src * tb.LORD_UNDYING[c]
        undying = undying + np.where(gets, at_controller(st, per_player(st, own_u)) - own_u, 0)
    persist = (tb.PERSIST[c] + st.persist_extra).astype(np.int16)
    return Board(c, alive, creature, power, toughness, persist, undying)


def put_counters(
    st: WipeState, board: Board, targets: np.ndarray, kind: int, amount: npt.ArrayLike
) -> np.ndarray:
    """Put ``amount`` counters of ``kind`` (0 +1/+1, 1 -1/-1) on each target (CR 122.1).

    Prohibitions first (614.1: Solemnity, Melira), then the number-changing replacements of
    the target's controller's permanents one at a time in board order (616.1), each once
    (614.5), none once the number is 0. Returns the counts put, (T, N).
    """
    c, alive = board.c, board.alive
    n = np.where(targets, amount, 0).astype(np.int32)
    no_all = (alive & tb.NO_COUNTERS_ALL[c]).any(1)
    n[no_all] = 0
    if kind == 1:
        melira = per_player(st, alive & tb.NO_MINUS_YOURS[c]) > 0
        n[at_controller(st, melira) & board.creature] = 0
    mod = alive & tb.HAS_MODIFIER[c] & ((tb.MOD_KIND[c] == kind) | (tb.MOD_KIND[c] == 2))
    if mod.any():
        by_order = np.argsort(np.where(mod, st.border, np.iinfo(np.int32).max), axis=1)
        for k in range(int(mod.sum(1).max())):
            s = by_order[:, k]
            rows = np.arange(len(s))
            on = mod[rows, s]
            sc = c[rows, s]
            applies = (
                on[:, None]
                & (st.controller == st.controller[rows, s][:, None])
                & (~tb.MOD_CREATURES_ONLY[sc][:, None] | board.creature)
                & (n > 0)
            )
            changed = n * tb.MOD_FACTOR[sc][:, None] + tb.MOD_ADD[sc][:, None]
            n = np.where(applies, np.maximum(changed, 0), n)
    if kind == 0:
        st.plus += n.astype(np.int16)
    else:
        st.minus += n.astype(np.int16)
    return n
