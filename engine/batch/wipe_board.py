"""Characteristics of every slot after static abilities (R3, R5), for the outcome and the
statistics of a finished batch.

CR 611.3a: statics are recomputed from the current battlefield each time, so they apply to
returned objects too; 613.4: printed P/T, then modifications, then counters.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.jit import inline, njit
from engine.batch.rows import as_one_row
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
        return self._value(state.base_p, state.eot_power, POWER_STATICS)

    @cached_property
    def toughness(self) -> np.ndarray:
        """As ``power``."""
        state = self.state
        return self._value(state.base_t, state.eot_toughness, TOUGHNESS_STATICS)

    def _value(
        self, printed: np.ndarray, locked: np.ndarray, statics: tuple[np.ndarray, ...]
    ) -> np.ndarray:
        """Printed, locked-in "until end of turn" changes, counters, then ``statics``' columns
        (anthem, all creatures, lord, other, filtered) as ``_statics`` adds them."""
        state = self.state
        total = np.empty(printed.shape, dtype=np.int64)
        _printed_and_counters(*as_one_row(locked, printed, state.plus, state.minus, total))
        added = self._statics(*statics)
        if isinstance(added, np.ndarray):
            total += added
        return total

    def _statics(
        self,
        anthem: np.ndarray,
        all_pt: np.ndarray,
        lord: np.ndarray,
        other: np.ndarray,
        filtered: np.ndarray,
    ) -> np.ndarray | int:
        """What the battlefield's statics add to each creature (the columns of power or of
        toughness): its controller's anthems, every "all creatures" static (with the "all
        other creatures" ones, not its own), its controller's lords unless it is Human
        (not its own), and those naming a subtype or a color; 0 in a batch without them."""
        state, creature = self.state, self.creature
        f = state.features
        if not (f.anthem or f.all_pt or f.lord or f.filtered):
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
        if f.filtered:
            total += self._filtered(filtered)
        return total

    def _filtered(self, amount: np.ndarray) -> np.ndarray:
        """The statics naming a subtype (205.3) or a color (105.2), each on the creatures of
        its scope that have them (``amount``: FILTER_P or FILTER_T)."""
        total = np.zeros(self.c.shape, dtype=np.int64)
        for source, covered in self._filtered_reach:
            total += np.where(covered, amount[source][:, None], 0)
        return total

    @cached_property
    def _filtered_reach(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """For each slot that holds such a static in some trial: its cards (T,) and the
        creatures (T, N) its static changes; found once for power and toughness both."""
        state, c = self.state, self.c
        n = c.shape[1]
        kinds, colors, human = tb.SUBTYPE_BITS[c], tb.COLOR_BITS[c], tb.IS_HUMAN[c]
        reach = []
        for q in range(n):
            source = c[:, q]
            scope = np.where(
                self.alive[:, q] & (state.card[:, q] >= 0), tb.FILTER_SCOPE[source], -1
            )
            if not (scope >= 0).any():
                continue
            bit, color = tb.FILTER_BIT[source][:, None], tb.FILTER_COLOR[source][:, None]
            fits = ((bit == 0) | (kinds & bit != 0)) & ((color == 0) | (colors & color != 0))
            mine = state.controller == state.controller[:, q : q + 1]
            other = np.arange(n) != q
            sc = scope[:, None]
            covered = (
                ((sc == 0) & mine)  # yours
                | (sc == 1)  # all
                | ((sc == 2) & other)  # other
                | ((sc == 3) & ~mine)  # opponents
                | ((sc == 4) & other & mine & ~human)  # other non-Human yours
                | ((sc == 5) & other & mine)  # other yours
            )
            reach.append((source, self.creature & fits & covered))
        return reach


# the statics' columns of power and of toughness (``Board._statics``)
POWER_STATICS = (tb.ANTHEM_P, tb.ALL_P, tb.LORD_P, tb.OTHER_P, tb.FILTER_P)
TOUGHNESS_STATICS = (tb.ANTHEM_T, tb.ALL_T, tb.LORD_T, tb.OTHER_T, tb.FILTER_T)


def statics_power(state: WipeState) -> np.ndarray | None:
    """What the battlefield's statics add to each slot's power (T, N), or None in a batch
    without them (then a slot's power is ``printed_and_counters``)."""
    f = state.features
    if not (f.anthem or f.all_pt or f.lord or f.filtered):
        return None
    added = Board(state)._statics(*POWER_STATICS)
    assert isinstance(added, np.ndarray)
    return added


@inline
def printed_and_counters(locked: int, printed: int, plus: int, minus: int) -> int:
    """Locked-in changes + printed + counters (613.4), in 64 bits."""
    return int(np.int64(locked) + printed + plus - minus)


@njit
def _printed_and_counters(
    locked: np.ndarray, printed: np.ndarray, plus: np.ndarray, minus: np.ndarray, out: np.ndarray
) -> None:
    """``out`` = ``printed_and_counters`` of each slot, row by row (one row: a batch whose
    arrays are contiguous). numpy's three passes took 12.5 ns of a persist_wipes trial's
    statistics, this 4.7."""
    for r in range(out.shape[0]):
        changes, base, added, removed, total = locked[r], printed[r], plus[r], minus[r], out[r]
        for k in range(total.shape[0]):
            total[k] = printed_and_counters(changes[k], base[k], added[k], removed[k])


def derive(state: WipeState) -> Board:
    return Board(state)
