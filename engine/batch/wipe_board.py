"""Characteristics of every slot after static abilities, and putting counters (R3, R5).

CR 611.3a: statics are recomputed from the current battlefield each time, so they apply to
returned objects too; 613.4: printed P/T, then modifications, then counters.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np
import numpy.typing as npt

from engine.batch import tables as tb
from engine.batch.wipe_state import BATTLEFIELD, WipeState


def per_player(state: WipeState, values: np.ndarray) -> np.ndarray:
    """Sum (T, N) ``values`` by controller into (T, P)."""
    players = state.life.shape[1]
    return np.stack([(values * (state.controller == p)).sum(1) for p in range(players)], axis=1)


def at_controller(state: WipeState, by_player: np.ndarray) -> np.ndarray:
    """Gather a (T, P) array at each slot's controller: (T, N)."""
    return np.take_along_axis(by_player, state.controller.astype(np.intp), axis=1)


class Board:
    """Derived (T, N) arrays of the current state; stale as soon as the state changes."""

    def __init__(self, state: WipeState) -> None:
        self.state = state
        self.alive = state.zone == BATTLEFIELD
        self.creature = self.alive & state.is_creature_card & ~state.not_creature
        net = state.plus - state.minus
        self.power = state.base_p + state.eot_power + net
        self.toughness = state.base_t + state.eot_toughness + net
        self.persist_n = state.printed_persist + state.granted_persist
        self.undying_n = state.printed_undying + state.granted_undying
        f = state.features
        if f.anthem or f.all_pt or f.lord:
            self._statics()

    @cached_property
    def c(self) -> np.ndarray:
        """Card indices clipped to >= 0, for table lookups."""
        clipped: np.ndarray = np.maximum(self.state.card, 0)
        return clipped

    def _statics(self) -> None:
        state, c, creature = self.state, self.c, self.creature
        src = self.alive & (state.card >= 0)
        if state.features.anthem:
            for table, target in ((tb.ANTHEM_P, self.power), (tb.ANTHEM_T, self.toughness)):
                target += np.where(
                    creature, at_controller(state, per_player(state, src * table[c])), 0
                )
        if state.features.all_pt:
            for table, target in ((tb.ALL_P, self.power), (tb.ALL_T, self.toughness)):
                target += np.where(creature, (src * table[c]).sum(1)[:, None], 0)
        if state.features.lord:
            # "Other non-Human creatures you control": the controller's total minus its own.
            gets = creature & ~tb.IS_HUMAN[c]
            for table, target in (
                (tb.LORD_P, self.power),
                (tb.LORD_T, self.toughness),
                (tb.LORD_UNDYING, self.undying_n),
            ):
                own = src * table[c]
                target += np.where(gets, at_controller(state, per_player(state, own)) - own, 0)


def derive(state: WipeState) -> Board:
    return Board(state)


def put_counters(
    state: WipeState,
    board: Board,
    targets: np.ndarray,
    kind: int,
    amount: npt.ArrayLike,
    entering: np.ndarray | None = None,
) -> np.ndarray:
    """Put ``amount`` counters of ``kind`` (0 +1/+1, 1 -1/-1) on each target (CR 122.1).

    Prohibitions first (614.1: Solemnity, Melira), then the number-changing replacements of
    the target's controller's permanents one at a time in board order (616.1), each once
    (614.5), none once the number is 0. Returns the counts put, (T, N).
    ``entering`` (T, N): the permanents entering with these counters (122.6); their own
    abilities do not apply (614.12: a source must be on the battlefield before).
    """
    n = np.where(targets, amount, 0).astype(np.int16)
    if not state.features.counter_rules:
        (state.plus if kind == 0 else state.minus)[...] += n
        return n
    c, alive = board.c, board.alive
    if entering is not None:
        alive = alive & ~entering
    no_all = (alive & tb.NO_COUNTERS_ALL[c]).any(1)
    n[no_all] = 0
    if kind == 1:
        melira = per_player(state, alive & tb.NO_MINUS_YOURS[c]) > 0
        n[at_controller(state, melira) & board.creature] = 0
    mod = alive & tb.HAS_MODIFIER[c] & ((tb.MOD_KIND[c] == kind) | (tb.MOD_KIND[c] == 2))
    if mod.any():
        by_order = np.argsort(np.where(mod, state.order, np.iinfo(np.int32).max), axis=1)
        for k in range(int(mod.sum(1).max())):
            s = by_order[:, k]
            rows = np.arange(len(s))
            on = mod[rows, s]
            sc = c[rows, s]
            applies = (
                on[:, None]
                & (state.controller == state.controller[rows, s][:, None])
                & (~tb.MOD_CREATURES_ONLY[sc][:, None] | board.creature)
                & (n > 0)
            )
            changed = n * tb.MOD_FACTOR[sc][:, None] + tb.MOD_ADD[sc][:, None]
            n = np.where(applies, np.maximum(changed, 0), n)
    (state.plus if kind == 0 else state.minus)[...] += n
    return n
