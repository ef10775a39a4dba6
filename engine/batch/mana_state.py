"""The state of T mana trials (shape 2) as a struct of arrays, trial axis first.

Slots: ``[0, S)`` hold the starting board; ``[S, N)`` one slot for each action index that casts a
permanent in some trial (its board order follows the board's, in cast order). Empty slots have
``card == -1``. Nothing in this shape re-enters the battlefield, so every permanent is its
card's first object (CR 400.7).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.rows import take_rows
from engine.batch.wipe_state import BATTLEFIELD, DRAW, OK, UNSUPPORTED

__all__ = ["BATTLEFIELD", "DRAW", "OK", "UNSUPPORTED"]

# actions
ACT_NONE, ACT_TAP, ACT_ACTIVATE, ACT_CAST, ACT_PASS = range(5)
# rejections: code -> (reason, rule), as the reference engine reports them
REJECTIONS: Final[dict[int, tuple[str, str]]] = {
    1: ("not_on_battlefield", "400.7"),
    2: ("no_mana_ability", "605.1a"),
    3: ("type_not_available", "106.7"),
    4: ("tapped", "107.5"),
    5: ("untapped", "107.6"),
    6: ("summoning_sick", "302.6"),
    7: ("missing_counter", "118.3"),
    8: ("insufficient_mana", "118.3"),
    9: ("no_untapped_creature", "118.3"),
    10: ("no_such_ability", "602.1"),
}
(
    R_NONE,
    R_NOT_ON_BATTLEFIELD,
    R_NO_MANA_ABILITY,
    R_TYPE_NOT_AVAILABLE,
    R_TAPPED,
    R_UNTAPPED,
    R_SUMMONING_SICK,
    R_MISSING_COUNTER,
    R_INSUFFICIENT_MANA,
    R_NO_UNTAPPED_CREATURE,
    R_NO_SUCH_ABILITY,
) = range(11)

# Documented caps. The first three bound a batch's shape and are checked at the boundary
# (ValueError; OutsideShapes for a scenario); a trial that needs more than the last ones is
# reported unsupported, never wrong.
MAX_SLOTS: Final = 64  # board slots plus cast slots (int8 slot references)
MAX_ACTIONS: Final = 63  # so that a spell's id code S + a fits in int8
ORDER_LEN: Final = 8  # distinct ids listed in one action's replacement_order
MANA_CAP: Final = 1 << 30  # mana of one type in a pool, or made by one activation
SBA_ROUNDS: Final = 8  # rounds of state-based actions after one action (704.3)
SPELL_ORDER: Final = 1 << 10  # board order of a spell's effect: after every permanent


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
    act_x: np.ndarray  # (T, A) int16 X of the spell
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


@dataclass(frozen=True)
class Features:
    """Which rules a batch's cards call on: the kernels skip what no card needs."""

    reflect: bool  # "could produce" of other lands (a fixpoint, 106.7)
    per_creature: bool  # Gaea's Cradle
    counter_any: bool  # Gemstone Caverns
    grant_any: bool  # Cryptolith Rite
    haste_grant: bool  # Fervor
    as_though_haste: bool  # Thousand-Year Elixir
    tap_creature: bool  # Springleaf Drum
    sacrifice: bool  # Gemstone Mine
    legendary: bool
    counter_rules: bool
    gy_exile: bool
    upkeep: bool  # Contamination's upkeep sacrifice
    cast_draw: bool  # Zendikar Resurgent's draw
    dies_tokens: bool  # Hangarback Walker's dies trigger

    @staticmethod
    def of(cards: np.ndarray) -> Features:
        present = np.bincount(cards[cards >= 0].astype(np.intp), minlength=mt.N) > 0

        def any_of(column: np.ndarray) -> bool:
            return bool(column[present].any())

        return Features(
            reflect=any_of(mt.IS_REFLECT),
            per_creature=any_of(mt.IS_PER_CREATURE),
            counter_any=any_of(mt.IS_COUNTER_ANY),
            grant_any=any_of(mt.GRANT_ANY),
            haste_grant=any_of(mt.HASTE_SCOPE >= 0),
            as_though_haste=any_of(mt.AS_THOUGH_HASTE),
            tap_creature=any_of(mt.HAS_TAP_CREATURE),
            sacrifice=any_of(mt.HAS_SACRIFICE),
            legendary=any_of(mt.IS_LEGENDARY),
            counter_rules=any_of(mt.HAS_COUNTER_RULES),
            gy_exile=any_of(mt.EXILE_ALL_GY | mt.EXILE_OPP_GY),
            upkeep=any_of(mt.UPKEEP_SACRIFICE),
            cast_draw=any_of(mt.CAST_DRAW),
            dies_tokens=any_of(mt.DIES_TOKENS_KIND >= 0),
        )


@dataclass
class ManaState:
    """Working arrays of T trials; slot arrays are (T, N), N = S + cast slots. Every array is
    C-contiguous (the kernels write through flat views)."""

    status: np.ndarray  # (T,) int8 OK / UNSUPPORTED
    n_players: np.ndarray  # (T,) int8
    active: np.ndarray  # (T,) int8
    life: np.ndarray  # (T, P) int16 (nothing in the shape changes it)
    card: np.ndarray  # (T, N) int16
    zone: np.ndarray  # (T, N) int8 wipe_state zone codes; a token that left is NONE (704.5d)
    controller: np.ndarray  # (T, N) int8
    owner: np.ndarray  # (T, N) int8
    token: np.ndarray  # (T, N) bool
    tapped: np.ndarray  # (T, N) bool
    since_turn_start: np.ndarray  # (T, N) bool controlled since its controller's turn began (302.6)
    granted_haste: np.ndarray  # (T, N) bool granted haste
    not_creature: np.ndarray  # (T, N) bool
    attached_to: np.ndarray  # (T, N) int8 slot, -1 none
    damage: np.ndarray  # (T, N) int16
    counters: np.ndarray  # (T, N, K) int16
    pools: np.ndarray  # (T, P, 6) int32 mana pools, WUBRGC, each below MANA_CAP
    effect_on: np.ndarray  # (T, N) bool an activated "lands produce" effect of this slot lasts
    spell_on: np.ndarray  # (T, A) bool the effect of the spell cast by action a lasts
    acted: np.ndarray  # (T, A) bool the action exists (kind is not ACT_NONE)
    spell_card: np.ndarray  # (T, A) int16 the card each action cast, -1 none
    spell_by: np.ndarray  # (T, A) int8 its caster (and owner)
    spell_zone: np.ndarray  # (T, A) int8 where each cast instant went, NONE otherwise
    rejected: np.ndarray  # (T, A) int8 rejection code, R_NONE if the action happened
    could_produce: np.ndarray  # (T, N) uint8 could-produce type bits (106.7); final at the end
    has_mana: np.ndarray  # (T, N) bool has a mana ability
    # -- the board summary: a cache, valid where ``summary_valid`` (only zone changes, luck
    #    counters and "lands produce" effects change it)
    lands_could_produce: np.ndarray  # (T, P) uint8 what each player's lands could produce
    creatures: np.ndarray  # (T, P) int16 creatures each player controls
    mult: np.ndarray  # (T, P) int64 product of the multipliers each player controls
    trig_lands: np.ndarray  # (T, P, 7) int16 "tapped for mana" triggers a land tapped by each
    #                         player sets off, by what they add: WUBRGC, then "a type it made"
    trig_creatures: np.ndarray  # (T, P, 7) int16 ... a creature
    summary_valid: np.ndarray  # (T,) bool ``could``, ``has_mana`` and the above are current
    undefined_mana: np.ndarray  # (T,) int16 activations that made no mana (106.5)
    mana_from_triggers: np.ndarray  # (T,) int64 mana added by "tapped for mana" triggers
    mana_replaced: np.ndarray  # (T,) int64 mana added (or removed) by replacement effects
    order: np.ndarray  # (N,) int16 board order of each slot
    cast_action: np.ndarray  # (N,) int16 action index that casts into a slot, -1 board
    slot_of: np.ndarray  # (S + A,) int16 the slot of each id code, -1 none (nothing cast)
    n_board: int
    n_actions: int
    features: Features

    def take(self, rows: np.ndarray) -> ManaState:
        """The state of a subset of trials (a copy)."""
        t = len(self.status)
        parts: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            is_rows = isinstance(value, np.ndarray) and value.shape[:1] == (t,)
            parts[f.name] = value[rows] if is_rows else value
        return ManaState(**parts)

    def put(self, rows: np.ndarray, part: ManaState) -> None:
        """Write back the state of a subset taken with ``take``."""
        t = len(self.status)
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, np.ndarray) and value.shape[:1] == (t,):
                value[rows] = getattr(part, f.name)
