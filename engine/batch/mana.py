"""Experiment shape 2 on the batch engine: a board, then mana abilities (M1-M7), effects that
change what lands produce (Deep Water, Pale Moon), turn passes and spells with X (M8).

``run_mana(inputs)`` is a pure function of its input arrays. Every rule is a masked array
operation over the trials that take part in a step; Python loops run over actions, over the
columns of effect sources (board order) and over replacement effects in the chosen order.
"""

from __future__ import annotations

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_board import (
    Rows,
    Sources,
    any_row,
    column,
    leave,
    new_state,
    refresh,
    settle,
)
from engine.batch.mana_state import (
    ACT_ACTIVATE,
    ACT_CAST,
    ACT_PASS,
    ACT_TAP,
    R_NO_SUCH_ABILITY,
    R_NOT_ON_BATTLEFIELD,
    ManaInputs,
    ManaState,
)
from engine.batch.mana_tap import (
    reject,
    tap_for_mana,
)
from engine.batch.wipe_state import BATTLEFIELD, EXILE, GRAVEYARD, OK, UNSUPPORTED


def activate(
    state: ManaState, inputs: ManaInputs, sources: Sources, a: int, idx: np.ndarray
) -> None:
    """CR 602.2, 611.2a: activate ability 0 (its mana cost paid from outside): until end of
    turn, lands its controller controls produce a type instead (Deep Water)."""
    s = column(state, inputs.act_slot[idx, a])
    sc = np.maximum(s, 0)
    on = (s >= 0) & (state.zone[idx, sc] == BATTLEFIELD)
    c = np.maximum(state.card[idx, sc], 0)
    rej = np.where(on, 0, R_NOT_ON_BATTLEFIELD).astype(np.int8)
    reject(rej, mt.N_ACTIVATED[c] == 0, R_NO_SUCH_ABILITY)
    state.rejected[idx, a] = rej
    ok = rej == 0
    state.status[idx[ok & (mt.EFFECT_PRODUCE[c] < 0)]] = UNSUPPORTED  # another ability: not here
    state.effect_on[idx[ok], sc[ok]] = True
    state.summary_valid[idx[ok]] = False


def put_counters(
    state: ManaState,
    sources: Sources,
    idx: np.ndarray,
    slot: int,
    kind: int,
    amount: np.ndarray,
    entering: bool = False,
) -> None:
    """Put ``amount`` counters of ``kind`` on ``slot`` (CR 122.1, 122.6): prohibitions first
    (614.1: Solemnity), then the number-changing replacements in board order, each once,
    none once the number is 0 (616.1: Hardened Scales, Doubling Season). ``entering``: the
    slot enters with them, so its own abilities do not apply (614.12)."""
    rules = [j for j in sources.counter_rules if not (entering and j == slot)]
    n = np.maximum(amount.astype(np.int64), 0)
    if state.features.counter_rules:
        view = Rows(state, idx)
        target_ctrl, target_creature = view.ctrl[:, slot], view.creature[:, slot]

        def covers(scope: np.ndarray, k: np.ndarray, ctl: np.ndarray) -> np.ndarray:
            yours = ctl == target_ctrl
            out: np.ndarray = ((k == kind) | (k == mt.KIND_ANY)) & (
                (scope == mt.CSCOPE_ALL)
                | ((scope == mt.CSCOPE_PERMANENTS_YOURS) & yours)
                | ((scope == mt.CSCOPE_CREATURES_YOURS) & yours & target_creature)
            )
            return out

        for j in rules:
            cj = view.c[:, j]
            blocks = view.on[:, j] & (mt.CANT_SCOPE[cj] >= 0)
            n[blocks & covers(mt.CANT_SCOPE[cj], mt.CANT_KIND[cj], view.ctrl[:, j])] = 0
        for j in rules:
            cj = view.c[:, j]
            mod = view.on[:, j] & (mt.MOD_SCOPE[cj] >= 0) & (n > 0)
            mod &= covers(mt.MOD_SCOPE[cj], mt.MOD_KIND[cj], view.ctrl[:, j])
            changed = np.maximum(n * mt.MOD_FACTOR[cj] + mt.MOD_ADD[cj], 0)
            n = np.where(mod, changed, n)
    total = state.counters[idx, slot, kind] + n
    over = total > np.iinfo(np.int16).max
    state.status[idx[over]] = UNSUPPORTED
    state.counters[idx, slot, kind] = np.minimum(total, np.iinfo(np.int16).max)


def cast(state: ManaState, inputs: ManaInputs, sources: Sources, a: int, idx: np.ndarray) -> None:
    """CR 601.2, 608.2-608.3: cast a spell (paid from outside); it resolves at once. A
    "lands produce" instant (Pale Moon) makes its effect until end of turn, then goes to its
    owner's graveyard; a permanent enters with its X counters (107.3m) and "enters" effects
    (614.1c). Casting a creature under Zendikar Resurgent draws a card: unsupported."""
    ca = np.maximum(inputs.act_card[idx, a], 0)
    by = inputs.act_by[idx, a].astype(np.intp)
    valid = (inputs.act_card[idx, a] >= 0) & mt.CAST_OK[ca]
    state.status[idx[~valid]] = UNSUPPORTED
    state.summary_valid[idx] = False
    spell = valid & (mt.SPELL_PRODUCE[ca] >= 0)
    if spell.any():
        rows = idx[spell]
        state.spell_on[rows, a] = True
        to = np.full(len(rows), GRAVEYARD, dtype=np.int8)
        if state.features.gy_exile:
            view = Rows(state, rows)
            rip = (view.on & mt.EXILE_ALL_GY[view.c]).any(1)
            opp = (view.on & mt.EXILE_OPP_GY[view.c] & (view.ctrl != by[spell][:, None])).any(1)
            to[rip | opp] = EXILE  # CR 614.1a
        state.spell_zone[rows, a] = to
    entering = valid & mt.IS_PERMANENT[ca]
    if state.features.cast_draw and entering.any():
        zendikar = Rows(state, idx).by_player(mt.CAST_DRAW, sources.cast_draw)
        draws = entering & mt.IS_CREATURE[ca] & zendikar[np.arange(len(idx)), by]
        state.status[idx[draws]] = UNSUPPORTED  # CR 121.1: libraries are not modeled
        entering &= ~draws
    if not entering.any():
        return
    slot = int(np.nonzero(state.cast_action == a)[0][0])
    rows, ce = idx[entering], ca[entering]
    state.zone[rows, slot] = BATTLEFIELD
    state.controller[rows, slot] = by[entering]
    state.owner[rows, slot] = by[entering]
    state.since_turn_start[rows, slot] = False  # CR 302.6: it just came under this control
    state.tapped[rows, slot] = mt.ENTERS_TAPPED[ce]
    for table, amount in (
        (mt.ENTERS_KIND, mt.ENTERS_AMOUNT[ce]),
        (mt.ENTERS_X_KIND, inputs.act_x[rows, a]),
    ):
        for kind in np.unique(table[ce][table[ce] >= 0]):
            gets = table[ce] == kind
            put_counters(state, sources, rows[gets], slot, int(kind), amount[gets], True)
    settle(state, rows)


def pass_turn(
    state: ManaState, inputs: ManaInputs, sources: Sources, a: int, idx: np.ndarray
) -> None:
    """CR 514.2 cleanup (damage, "until end of turn" effects), 500.4 empty pools, then the
    next player's turn: their permanents untap (502.3) and count as controlled since the turn
    began (302.6); Contamination's upkeep trigger sacrifices it (no creature is chosen)."""
    state.damage[idx] = 0
    state.effect_on[idx] = False
    state.spell_on[idx] = False
    state.summary_valid[idx] = False
    state.pools[idx] = 0
    state.active[idx] = (state.active[idx] + 1) % state.n_players[idx]
    passing = np.zeros(len(state.status), dtype=np.bool_)
    passing[idx] = True
    mine = (
        passing[:, None] & (state.zone == BATTLEFIELD) & (state.controller == state.active[:, None])
    )
    state.since_turn_start[mine] = True
    state.tapped[mine] = False
    if state.features.upkeep:
        upkeep = mine & mt.UPKEEP_SACRIFICE[np.maximum(state.card, 0)]
        rows = np.nonzero(any_row(upkeep))[0]
        if len(rows):
            leave(state, rows, upkeep[rows])
            settle(state, rows)


_STEPS = {ACT_TAP: tap_for_mana, ACT_ACTIVATE: activate, ACT_CAST: cast, ACT_PASS: pass_turn}


def run_mana(inputs: ManaInputs) -> ManaState:
    """Run T trials of shape 2: settle the board as given (CR 117.5), then every action in
    order, then what each permanent could produce (106.7)."""
    state = new_state(inputs)
    sources = Sources.of(state, inputs)
    settle(state, np.nonzero(state.status == OK)[0])
    refresh(state, sources, np.arange(len(state.status)))  # one pass now: cheaper than many
    for a in range(state.n_actions):
        live = state.status == OK
        kind = inputs.act_kind[:, a]
        state.status[live & ((kind < 0) | (kind > ACT_PASS))] = UNSUPPORTED
        for code, step in _STEPS.items():
            idx = np.nonzero(live & (kind == code))[0]
            if len(idx):
                step(state, inputs, sources, a, idx)
    refresh(state, sources, np.arange(len(state.status)))
    return state
