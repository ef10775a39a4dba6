"""Characteristics of every slot after static abilities, and putting counters (R3, R5).

CR 611.3a: statics are recomputed from the current battlefield each time, so they apply to
returned objects too; 613.4: printed P/T, then modifications, then counters.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

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
