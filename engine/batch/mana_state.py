"""The inputs of T mana trials (shape 2) as a struct of arrays, trial axis first: what
``sim`` draws for the mana shape and what its scenarios convert to. They run on the one
engine (``engine.batch.mana``): board slots ``[0, S)``, then one slot per action that may cast
a permanent (id code ``S + a``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

import numpy as np

from engine.batch.rows import row_chunks, take_rows
from engine.batch.wipe_state import DRAW, OK, ORDER_LEN, REJECTIONS, UNSUPPORTED

__all__ = ["DRAW", "OK", "ORDER_LEN", "UNSUPPORTED"]

# actions
ACT_NONE, ACT_TAP, ACT_ACTIVATE, ACT_CAST, ACT_PASS = range(5)
# The rejections a mana action can get: the one engine's codes (wipe_state.REJECTIONS), in
# the order the mana shape reports them.
MANA_REJECTIONS: Final[dict[int, tuple[str, str]]] = {
    code: REJECTIONS[code] for code in (1, 11, 12, 13, 14, 5, 15, 16, 17, 18, 2, 20)
}

# Documented caps of a batch's shape, checked at the boundary (ValueError; OutsideShapes for
# a scenario).
MAX_SLOTS: Final = 64  # board slots plus cast slots (int8 slot references)
MAX_ACTIONS: Final = 63  # so that a spell's id code S + a fits in int8


@dataclass
class ManaInputs:
    """What ``sim`` draws for T trials of shape 2 (and what a scenario converts to).

    Actions name permanents by id code, like a scenario's ids: ``s < S`` is board slot ``s``,
    ``S + a`` what action ``a`` casts. ``act_order`` lists, for each action, the replacement
    effects the tapping player applies first, in order (CR 616.1): a code names a permanent's
    static replacement or the effect its activated ability created (Deep Water), or the effect
    of the spell action ``a`` cast (Pale Moon); -1 pads. Unlisted ones follow in board order.
    """

    n_players: np.ndarray  # (T,) int8
    active: np.ndarray  # (T,) int8 seat of the active player
    life: np.ndarray  # (T, P) int16
    card: np.ndarray  # (T, S) int16 card index, -1 empty
    controller: np.ndarray  # (T, S) int8 seat
    owner: np.ndarray  # (T, S) int8 seat
    token: np.ndarray  # (T, S) bool
    tapped: np.ndarray  # (T, S) bool
    since_turn_start: np.ndarray  # (T, S) bool controlled since its controller's turn began
    granted_haste: np.ndarray  # (T, S) bool granted haste (a scenario's ``grant``)
    not_creature: np.ndarray  # (T, S) bool a resolved effect removed the creature type
    attached_to: np.ndarray  # (T, S) int8 slot it is attached to (Auras), -1 none
    damage: np.ndarray  # (T, S) int16
    counters: np.ndarray  # (T, S, K) int16 by kind (mana_tables.COUNTER_KINDS)
    act_kind: np.ndarray  # (T, A) int8 ACT_*
    act_slot: np.ndarray  # (T, A) int8 id code of the permanent tapped or activated
    act_card: np.ndarray  # (T, A) int16 card cast, -1 none
    act_by: np.ndarray  # (T, A) int8 seat of the caster
    act_x: np.ndarray  # (T, A) int16 X of the spell (-1: the most the pool pays, run_mana)
    act_color: np.ndarray  # (T, A) int8 chosen type (WUBRGC index), -1 none
    act_tap_creature: np.ndarray  # (T, A) int8 id code of the creature tapped for a cost,
    #                                 -1: the first that fits (board order)
    act_order: np.ndarray  # (T, A, ORDER_LEN) int8 id codes, see above

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """(T trials, P players, S board slots, A actions)."""
        return (
            self.card.shape[0],
            self.life.shape[1],
            self.card.shape[1],
            self.act_kind.shape[1],
        )

    def take(self, rows: slice | np.ndarray) -> ManaInputs:
        """The same inputs for a subset of trials."""
        return take_rows(self, rows, self.card.shape[0])

    def chunks(self, size: int) -> Iterator[ManaInputs]:
        """The same inputs ``size`` trials at a time, in order."""
        return row_chunks(self, self.card.shape[0], size)
