"""Characteristics of every slot after static abilities (R3, R5), for the outcome and the
statistics of a finished batch.

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
    """Derived (T, N) arrays of the current state, each computed when first read; stale as
    soon as the state changes."""

    def __init__(self, state: WipeState) -> None:
        self.state = state
        self.alive = state.zone == BATTLEFIELD
        self.creature = self.alive & state.is_creature_card & ~state.not_creature

    @cached_property
    def c(self) -> np.ndarray:
        """Card indices clipped to >= 0, for table lookups."""
        clipped: np.ndarray = np.maximum(self.state.card, 0)
        return clipped

    @cached_property
    def power(self) -> np.ndarray:
        """613.4: printed, then locked-in changes, then counters, then statics."""
        state = self.state
        statics = (tb.ANTHEM_P, tb.ALL_P, tb.LORD_P, tb.OTHER_P)
        return self._value(state.base_p, state.eot_power, statics)

    @cached_property
    def toughness(self) -> np.ndarray:
        """As ``power``."""
        state = self.state
        statics = (tb.ANTHEM_T, tb.ALL_T, tb.LORD_T, tb.OTHER_T)
        return self._value(state.base_t, state.eot_toughness, statics)

    def _value(
        self, printed: np.ndarray, locked: np.ndarray, statics: tuple[np.ndarray, ...]
    ) -> np.ndarray:
        """Printed, locked-in "until end of turn" changes, counters, then ``statics``' columns
        (anthem, all creatures, lord, other) as ``_statics`` adds them."""
        state = self.state
        total: np.ndarray = printed + locked + (state.plus - state.minus) + self._statics(*statics)
        return total

    def _statics(
        self, anthem: np.ndarray, all_pt: np.ndarray, lord: np.ndarray, other: np.ndarray
    ) -> np.ndarray | int:
        """What the battlefield's statics add to each creature (the columns of power or of
        toughness): its controller's anthems, every "all creatures" static (with the "all
        other creatures" ones, not its own), and its controller's lords unless it is Human
        (not its own); 0 in a batch without them."""
        state, creature = self.state, self.creature
        f = state.features
        if not (f.anthem or f.all_pt or f.lord):
            return 0
        c = self.c
        total = np.zeros(creature.shape, dtype=np.int64)
        src = self.alive & (state.card >= 0)
        if f.anthem:
            total += np.where(creature, at_controller(state, per_player(state, src * anthem[c])), 0)
        if f.all_pt:
            total += np.where(creature, (src * all_pt[c]).sum(1)[:, None] - other[c], 0)
        if f.lord:
            # "Other non-Human creatures you control": the controller's total minus its own.
            own = src * lord[c]
            gets = creature & ~tb.IS_HUMAN[c]
            total += np.where(gets, at_controller(state, per_player(state, own)) - own, 0)
        return total


def derive(state: WipeState) -> Board:
    return Board(state)
