"""Experiment shape 2 on the batch engine: a board, then mana abilities (M1-M7), effects
that change what lands produce (Deep Water, Pale Moon), turn passes and spells with X (M8).

The mana shape's inputs (``ManaInputs``: what ``sim`` draws for it and what its scenarios
convert to) are laid out as the one engine's inputs and run on the compiled kernel, which
also says what each permanent could produce as the trial ends (106.7).
"""

from __future__ import annotations

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_state import ACT_ACTIVATE, ACT_CAST, ACT_NONE, ACT_PASS, ACT_TAP, ManaInputs
from engine.batch.tables import KEYWORD_BITS
from engine.batch.wipe import run_on_kernel
from engine.batch.wipe_state import (
    EV_ACTIVATE,
    EV_CAST,
    EV_NONE,
    EV_PASS_TURN,
    EV_TAP_MANA,
    WipeInputs,
    WipeState,
)

_EVENT_OF = np.full(256, -1, dtype=np.int8)  # ACT_* -> EV_*, -1 for a kind that is none
for _act, _ev in (
    (ACT_NONE, EV_NONE),
    (ACT_TAP, EV_TAP_MANA),
    (ACT_ACTIVATE, EV_ACTIVATE),
    (ACT_CAST, EV_CAST),
    (ACT_PASS, EV_PASS_TURN),
):
    _EVENT_OF[_act] = _ev
# whether a card of this process's library has its "lands produce" ability past its first
# activated ability (a user's card; the tables are built once a process)
_ABILITY_PAST_FIRST = bool((mt.EFFECT_ABILITY > 0).any())


def as_trial_inputs(inputs: ManaInputs) -> WipeInputs:
    """The same trials in the one engine's terms: id codes are slots already (a cast
    permanent's slot is S + its action, as in every batch), counters split by kind."""
    t, _, s, a = inputs.shape
    # a take of the codes as bytes (int8: a view), as astype(np.uint8) wraps them; numpy's
    # fancy index of a uint8 copy took 20 ns of a mana-tap trial, this 7
    codes = inputs.act_kind
    kind = np.take(_EVENT_OF, codes.view(np.uint8) if codes.itemsize == 1 else codes & 0xFF)
    if (kind < 0).any():
        raise ValueError("run_mana: an action kind outside ACT_*")
    no_slots = np.full((t, s + a), -1, dtype=np.int32)
    zeros, codes = np.zeros((t, a), dtype=np.int64), np.zeros((t, a), dtype=np.int8)
    return WipeInputs(
        n_players=inputs.n_players, active=inputs.active, life=inputs.life,
        card=inputs.card, controller=inputs.controller, owner=inputs.owner,
        token=inputs.token, plus=inputs.counters[:, :, 0], minus=inputs.counters[:, :, 1],
        damage=inputs.damage, tapped=inputs.tapped,
        granted_persist=np.zeros((t, s), np.int8), granted_undying=np.zeros((t, s), np.int8),
        not_creature=inputs.not_creature, rank=no_slots, ping_target=no_slots.astype(np.int8),
        ev_kind=kind, ev_card=inputs.act_card, ev_by=inputs.act_by, ev_x=inputs.act_x,
        ev_target=inputs.act_slot, ev_amount=zeros, ev_counter=codes, ev_mode=codes,
        since_turn_start=inputs.since_turn_start,
        granted=inputs.granted_haste.astype(np.uint32) * np.uint32(KEYWORD_BITS["haste"]),
        counters=inputs.counters[:, :, 2:], attached_to=inputs.attached_to,
        ev_color=inputs.act_color, ev_tap_creature=inputs.act_tap_creature,
        ev_ability=_abilities(inputs, kind, codes), ev_order=inputs.act_order,
    )  # fmt: skip


def _abilities(inputs: ManaInputs, kind: np.ndarray, zeros: np.ndarray) -> np.ndarray:
    """The ability each action activates (T, A): the shape activates a board permanent's
    "lands produce" ability (Deep Water's, ``mana_tables.EFFECT_ABILITY``), 0 where that is
    the first or the card has none (``zeros``: every library card's)."""
    if not _ABILITY_PAST_FIRST:
        return zeros
    on_board = (kind == EV_ACTIVATE) & (inputs.act_slot >= 0)
    on_board &= inputs.act_slot < inputs.card.shape[1]
    slot = np.where(on_board, inputs.act_slot, 0).astype(np.intp)
    card = np.take_along_axis(inputs.card, slot, axis=1)
    ability = np.where(on_board & (card >= 0), mt.EFFECT_ABILITY[np.maximum(card, 0)], 0)
    return np.maximum(ability, 0).astype(np.int8)


def run_mana(
    inputs: ManaInputs, x_cost: tuple[int, ...] | None = None, zone_order: bool = True
) -> WipeState:
    """Run T trials of shape 2: settle the board as given (CR 117.5), then every action in
    order, then what each permanent could produce (106.7). With ``x_cost`` (the X spell's
    symbols by type WUBRGC, generic, X symbols, and the cap on X), a cast with ``act_x`` -1
    takes the most X its caster's pool pays then; the state's ``cast_x`` says which (-1:
    none, and nothing was cast). ``zone_order``: as ``run_wipe``."""
    return run_on_kernel(as_trial_inputs(inputs), could=True, x_cost=x_cost, zone_order=zone_order)
