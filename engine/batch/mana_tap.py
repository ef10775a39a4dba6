"""Tapping for mana on the batch engine (CR 605.3b, 106.12): legality of {T} and {Q}
(107.5, 107.6, 302.6), costs, the mana made, its replacements in the chosen order (616.1)
and the "tapped for mana" triggers (106.12a)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_board import (
    ALL_TYPES,
    FIRST_TYPE,
    NO_KEY,
    PAY_ORDER,
    Replacements,
    Rows,
    Sources,
    any_row,
    column,
    count_row,
    first_true,
    leave,
    refresh,
    settle,
    sum_row,
)
from engine.batch.mana_state import (
    MANA_CAP,
    ORDER_LEN,
    R_INSUFFICIENT_MANA,
    R_MISSING_COUNTER,
    R_NO_MANA_ABILITY,
    R_NO_UNTAPPED_CREATURE,
    R_NOT_ON_BATTLEFIELD,
    R_SUMMONING_SICK,
    R_TAPPED,
    R_TYPE_NOT_AVAILABLE,
    R_UNTAPPED,
    ManaInputs,
    ManaState,
)
from engine.batch.wipe_state import BATTLEFIELD, UNSUPPORTED


def reject(rej: np.ndarray, cond: np.ndarray, code: int) -> None:
    """Record the first failing check only (the reference engine's order of checks)."""
    rej[(rej == 0) & cond] = code


def _ranks(order: np.ndarray, codes: int) -> np.ndarray:
    """(R, codes) each id code's position in the action's ``replacement_order`` (its first
    mention), ORDER_LEN where it is not listed."""
    out = np.full((len(order), codes), ORDER_LEN, dtype=np.int32)
    r = np.arange(len(order))
    for i in reversed(range(order.shape[1])):
        listed = order[:, i] >= 0
        out[r[listed], order[listed, i]] = i
    return out


@dataclass(frozen=True)
class Tapped:
    """The permanent each trial of a step taps, as (R,) arrays."""

    slot: np.ndarray  # intp its slot (0 where it names none)
    flat: np.ndarray  # intp its index in a raveled (T, N) array
    on: np.ndarray  # bool it is on the battlefield
    c: np.ndarray  # intp its card
    ctrl: np.ndarray  # intp its controller
    creature: np.ndarray
    land: np.ndarray
    basic: np.ndarray

    @staticmethod
    def of(state: ManaState, idx: np.ndarray, code: np.ndarray) -> Tapped:
        s = column(state, code)
        slot = np.maximum(s, 0)
        flat = idx * state.card.shape[1] + slot
        on = (s >= 0) & (state.zone.reshape(-1)[flat] == BATTLEFIELD)
        c = np.maximum(state.card.reshape(-1)[flat], 0).astype(np.intp)
        creature = on & mt.IS_CREATURE[c] & ~state.not_creature.reshape(-1)[flat]
        ctrl = state.controller.reshape(-1)[flat].astype(np.intp)
        return Tapped(slot, flat, on, c, ctrl, creature, mt.IS_LAND[c], mt.IS_BASIC[c])

    def counter(
        self, state: ManaState, kind: np.ndarray, rows: np.ndarray | None = None
    ) -> np.ndarray:
        """Its counters of each row's ``kind`` (a kind code >= 0), in the rows ``rows``
        (a mask) or all."""
        flat = self.flat if rows is None else self.flat[rows]
        out: np.ndarray = state.counters.reshape(-1)[flat * mt.K + kind]
        return out


def _some(mask: np.ndarray) -> np.ndarray:
    """The rows of a step worth working on: those of ``mask``, or every row when most are
    (gathering a subset then costs more than it saves; the kernels mask the rest out)."""
    if 2 * int(np.count_nonzero(mask)) > len(mask):
        return np.arange(len(mask))
    out: np.ndarray = np.nonzero(mask)[0]
    return out


def _replace(
    state: ManaState,
    inputs: ManaInputs,
    sources: Sources,
    idx: np.ndarray,
    a: int,
    permanent: Tapped,
    mana: np.ndarray,
    made: np.ndarray,
) -> np.ndarray:
    """CR 616.1, 614.5: apply each "tapped for mana" replacement once, the ones the action
    lists first in its order, then the others in board order (a spell's effect after every
    permanent's). A multiplier multiplies each type; an "instead" effect makes its type, as
    much as there was, or one mana (Contamination)."""
    simple = np.nonzero(made & sources.rep_rows[idx] & ~sources.instead_rows[idx])[0]
    if len(simple):  # multipliers only: the order does not matter
        refresh(state, sources, idx[simple])
        mana = mana.copy()
        mana[simple] *= state.mult[idx[simple], permanent.ctrl[simple]][:, None]
        over = mana[simple].max(1) >= MANA_CAP
        if over.any():
            state.status[idx[simple[over]]] = UNSUPPORTED
            mana = np.minimum(mana, MANA_CAP - 1)
    made = made & sources.instead_rows[idx]
    maybe = _some(made)
    if not len(maybe) or not made.any():
        return mana
    reps = Replacements.of(state, sources, Rows(state, idx[maybe]))
    made = made[maybe]
    hit = (
        reps.applies(permanent.ctrl[maybe], permanent.land[maybe], permanent.basic[maybe])
        & made[:, None]
    )
    some = any_row(hit)
    sub, hit = maybe[some], hit[some]
    if not len(sub):
        return mana
    ranks = _ranks(inputs.act_order[idx[sub], a], len(state.slot_of))[:, reps.code]
    keys = np.where(hit, ranks * 4096 + reps.order, NO_KEY)
    factors, produces, ones = reps.factor[some], reps.produce[some], reps.one[some]
    part = mana[sub]
    r = np.arange(len(sub))
    for _ in range(int(count_row(hit).max())):
        m = keys.argmin(1)
        live = keys[r, m] < NO_KEY
        f = factors[r, m].astype(np.int64)
        part = np.where((live & (f != 1))[:, None], part * f[:, None], part)
        total = sum_row(part)
        new = np.zeros_like(part)
        new[r, np.maximum(produces[r, m], 0)] = np.where(ones[r, m], np.minimum(total, 1), total)
        part = np.where((live & (f == 1))[:, None], new, part)
        keys[r, m] = NO_KEY
        over = part.max(1) >= MANA_CAP
        if over.any():
            state.status[idx[sub[over]]] = UNSUPPORTED
            part = np.minimum(part, MANA_CAP - 1)
    mana = mana.copy()
    mana[sub] = part
    return mana


_TYPE_BITS = (1 << np.arange(6)).astype(np.int64)


def _mana_triggers(
    state: ManaState,
    sources: Sources,
    idx: np.ndarray,
    permanent: Tapped,
    color: np.ndarray,
    mana: np.ndarray,
    fires: np.ndarray,
) -> np.ndarray:
    """CR 106.12a, 605.1b, 605.4a: each "tapped for mana" trigger adds one mana at once to
    the tapping player's pool: a fixed type, or a type the permanent produced (the chosen
    color if it made it). Their order does not matter. Returns the (R, 6) mana added."""
    add = np.zeros_like(mana)
    rows = np.nonzero(fires & sources.trig_rows[idx])[0]
    if not len(rows):
        return add
    trials, ctrl = idx[rows], permanent.ctrl[rows]
    refresh(state, sources, trials)
    players = state.pools.shape[1]
    at = trials * players + ctrl
    counts = np.where(permanent.land[rows, None], state.trig_lands.reshape(-1, 7)[at], 0)
    counts += np.where(permanent.creature[rows, None], state.trig_creatures.reshape(-1, 7)[at], 0)
    aura = np.nonzero(sources.aura_rows[trials])[0]
    if len(aura):  # Wild Growth: the Auras attached to the tapped permanent
        auras = Rows(state, trials[aura])
        for j in sources.aura:
            cj = auras.c[:, j]
            hit = auras.on[:, j] & (mt.TFM_SOURCE[cj] == mt.TFM_ENCHANTED)
            hit &= state.attached_to[auras.sel, j] == permanent.slot[rows[aura]]
            hit &= ~mt.TFM_YOURS[cj] | (auras.ctrl[:, j] == ctrl[aura])
            what = np.where(mt.TFM_PRODUCE[cj] == mt.PRODUCE_SAME, 6, mt.TFM_PRODUCE[cj])
            counts[aura[hit], what[hit]] += 1
    made = (mana[rows] > 0) @ _TYPE_BITS
    col = color[rows]
    has_color = (col >= 0) & (((made >> np.maximum(col, 0)) & 1) > 0)
    same = np.where(has_color, col, FIRST_TYPE[made])
    part = counts[:, :6].astype(np.int64)
    part[np.arange(len(rows)), same] += counts[:, 6]
    add[rows] = part
    return add


def _haste_from_statics(sources: Sources, view: Rows, permanent: Tapped) -> np.ndarray:
    """(R,) whether a static ability gives the tapped creature haste (Fervor, 702.10c)."""
    human = mt.IS_HUMAN[permanent.c]
    out = np.zeros(len(view.idx), dtype=np.bool_)
    for j in sources.haste:
        scope = mt.HASTE_SCOPE[view.c[:, j]]
        same, other = view.ctrl[:, j] == permanent.ctrl, permanent.slot != j
        out |= (view.on[:, j] & (scope >= 0)) & (
            (scope == mt.SCOPE_ALL)
            | ((scope == mt.SCOPE_YOURS) & same)
            | ((scope == mt.SCOPE_OPPONENTS) & ~same)
            | ((scope == mt.SCOPE_OTHER) & other)
            | ((scope == mt.SCOPE_OTHER_NON_HUMAN_YOURS) & same & other & ~human)
        )
    return out


def _dynamic(
    state: ManaState,
    sources: Sources,
    view: Rows,
    permanent: Tapped,
    d: np.ndarray,
    k: int,
    bits: np.ndarray,
) -> np.ndarray:
    """The types ability column ``k`` of the permanents tapped in rows ``d`` lets the player
    name, for abilities whose types depend on the board: Gemstone Caverns (any color with a
    luck counter), reflected lands (106.7). (Gaea's Cradle names G even with no creature.)"""
    rows, c, ctrl = view.idx[d], permanent.c[d], permanent.ctrl[d]
    tpl = mt.AB_TPL[c, k]
    kind = mt.AB_KIND[c, k]
    has = permanent.counter(state, np.maximum(kind, 0), d) > 0
    bits = np.where((tpl == mt.TPL_COUNTER_ANY) & has, mt.COLOR_BITS, bits)
    reflect = tpl == mt.TPL_REFLECT
    if reflect.any():
        mine = state.lands_could_produce[rows, ctrl]
        others = np.zeros_like(mine)
        for q in range(state.pools.shape[1]):
            others |= np.where(ctrl != q, state.lands_could_produce[rows, q], 0).astype(np.uint8)
        mask = np.where(mt.AB_COLORS_ONLY[c, k], mt.COLOR_BITS, ALL_TYPES)
        reflected = np.where(mt.AB_OPPONENTS[c, k], others, mine) & mask
        bits = np.where(reflect, reflected, bits)
    out: np.ndarray = bits.astype(np.uint8)
    return out


def _pay_generic(state: ManaState, rows: np.ndarray, ctrl: np.ndarray, cost: np.ndarray) -> None:
    """Pay generic mana from the pool: colorless first, then W, U, B, R, G."""
    left = cost.astype(np.int32)
    for t in PAY_ORDER:
        spend = np.minimum(state.pools[rows, ctrl, t], left)
        state.pools[rows, ctrl, t] -= spend
        left -= spend


def _pick(
    state: ManaState,
    inputs: ManaInputs,
    sources: Sources,
    view: Rows,
    a: int,
    permanent: Tapped,
    rej: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """CR 605.3b, 106.7: the ability activated is the first (printed, then granted) that can make
    the chosen type, or the first if no type is chosen; the types it lets the player choose
    from are those it would make now, before replacements and ignoring costs. Returns its
    column and those types."""
    r = np.arange(len(view.idx))
    color = inputs.act_color[view.idx, a]
    want = np.where(color >= 0, 1 << np.maximum(color, 0), 0).astype(np.uint8)
    granted = np.zeros(len(r), dtype=np.bool_)
    if state.features.grant_any:
        granted = (
            permanent.creature & view.by_player(mt.GRANT_ANY, sources.grant_any)[r, permanent.ctrl]
        )
    d = np.nonzero(mt.IS_DYNAMIC[permanent.c])[0]
    if len(d):
        refresh(state, sources, view.idx[d])
    n_ab = mt.N_AB[permanent.c]
    j = np.full(len(r), -1, dtype=np.intp)
    chosen = np.zeros(len(r), dtype=np.uint8)
    for k in reversed(range(mt.AB + 1)):
        if k == mt.GRANTED:
            exists = granted
            bits = np.full(len(r), mt.COLOR_BITS, dtype=np.uint8)
        else:
            exists = n_ab > k
            bits = mt.AB_BITS[:, k][permanent.c]
            if len(d):
                bits[d] = _dynamic(state, sources, view, permanent, d, k, bits[d])
        fits = exists & (((bits & want) > 0) | (color < 0))
        j[fits] = k
        chosen[fits] = bits[fits]
    reject(rej, (n_ab == 0) & ~granted, R_NO_MANA_ABILITY)
    reject(rej, j < 0, R_TYPE_NOT_AVAILABLE)
    return np.maximum(j, 0), chosen


@dataclass(frozen=True)
class Ability:
    """The parameters of the mana ability each trial of a step activates, (R,) arrays."""

    tpl: np.ndarray  # TPL_*
    tap: np.ndarray  # {T}: "tapped for mana" (106.12)
    untap: np.ndarray  # {Q}
    cost: np.ndarray  # generic mana from the pool
    remove: np.ndarray  # counter kind removed as a cost, -1 none
    tap_creature: np.ndarray
    sacrifice: np.ndarray

    @staticmethod
    def of(c: np.ndarray, j: np.ndarray) -> Ability:
        cj = c * (mt.AB + 1) + j
        tables = (
            mt.AB_TPL,
            mt.AB_TAP,
            mt.AB_UNTAP,
            mt.AB_COST,
            mt.AB_REMOVE,
            mt.AB_TAP_CREATURE,
            mt.AB_SACRIFICE,
        )
        return Ability(*(table.reshape(-1)[cj] for table in tables))


def _check_costs(
    state: ManaState,
    inputs: ManaInputs,
    sources: Sources,
    view: Rows,
    a: int,
    permanent: Tapped,
    ability: Ability,
    rej: np.ndarray,
) -> np.ndarray:
    """CR 602.2b, 118.3: whether each cost can be paid, in the reference engine's order; returns
    the creature each Springleaf Drum-style ability taps."""
    idx, r, c = view.idx, np.arange(len(view.idx)), permanent.c
    tapped = state.tapped.reshape(-1)[permanent.flat]
    reject(rej, ability.tap & tapped, R_TAPPED)  # CR 107.5
    reject(rej, ability.untap & ~tapped, R_UNTAPPED)  # CR 107.6
    sick = (
        permanent.creature
        & ~state.since_turn_start.reshape(-1)[permanent.flat]
        & ~state.granted_haste.reshape(-1)[permanent.flat]
    )
    sick &= ~mt.PRINTED_HASTE[c]
    if state.features.haste_grant and sick.any():
        sick &= ~_haste_from_statics(sources, view, permanent)
    if state.features.as_though_haste and sick.any():
        sick &= ~view.by_player(mt.AS_THOUGH_HASTE, sources.as_though_haste)[r, permanent.ctrl]
    reject(rej, sick, R_SUMMONING_SICK)  # CR 302.6
    removing = np.nonzero(ability.remove >= 0)[0]
    if len(removing):
        lacks = permanent.counter(state, ability.remove[removing], removing) < 1
        reject(rej, np.isin(r, removing[lacks]), R_MISSING_COUNTER)
    paying = np.nonzero(ability.cost > 0)[0]
    if len(paying):
        short = sum_row(state.pools[idx[paying], permanent.ctrl[paying]]) < ability.cost[paying]
        reject(rej, np.isin(r, paying[short]), R_INSUFFICIENT_MANA)
    first = np.zeros(len(r), dtype=np.intp)
    drum = np.nonzero(ability.tap_creature & (rej == 0))[0]
    if not len(drum):
        return first
    drums = Rows(state, idx[drum])
    named = inputs.act_tap_creature[idx[drum], a]
    tc = np.where(named < 0, -1, np.where(column(state, named) >= 0, column(state, named), -2))
    slots = np.arange(state.card.shape[1])
    fit = drums.creature & ~state.tapped[drums.sel] & (drums.ctrl == permanent.ctrl[drum, None])
    fit &= (slots != permanent.slot[drum, None]) & ((tc < 0)[:, None] | (slots == tc[:, None]))
    found = any_row(fit)
    rej[drum[~found]] = R_NO_UNTAPPED_CREATURE
    first[drum] = first_true(fit)
    return first


def _make(
    state: ManaState,
    inputs: ManaInputs,
    idx: np.ndarray,
    a: int,
    permanent: Tapped,
    ability: Ability,
    j: np.ndarray,
    chosen: np.ndarray,
    ok: np.ndarray,
) -> np.ndarray:
    """(R, 6) the mana each activated ability makes: fixed amounts, one per creature (the
    board summary is up to date for those rows), or one of the chosen (or first) type."""
    mana = np.zeros((len(idx), 6), dtype=np.int64)
    fixed = np.nonzero(ok & ((ability.tpl == mt.TPL_FIXED) | (ability.tpl == mt.TPL_PER_CREATURE)))[
        0
    ]
    amount = mt.AB_AMOUNT.reshape(-1, 6)[permanent.c[fixed] * (mt.AB + 1) + j[fixed]]
    per = ability.tpl[fixed] == mt.TPL_PER_CREATURE
    if per.any():
        amount[per] *= state.creatures[idx[fixed[per]], permanent.ctrl[fixed[per]]][:, None]
    mana[fixed] = amount
    color = inputs.act_color[idx, a]
    picks = np.nonzero(ok & (ability.tpl != mt.TPL_FIXED) & (ability.tpl != mt.TPL_PER_CREATURE))[0]
    picks = picks[chosen[picks] > 0]
    pick = np.where(color[picks] >= 0, color[picks], FIRST_TYPE[chosen[picks]])
    mana[picks, pick] = 1
    return mana


def tap_for_mana(
    state: ManaState, inputs: ManaInputs, sources: Sources, a: int, idx: np.ndarray
) -> None:
    """Activate the mana ability of action ``a``'s permanent in trials ``idx`` (CR 605.3b),
    or reject the action with its rule (it then changes nothing).

    Costs: {T} (107.5), {Q} (107.6), 302.6 for creatures, counters, generic mana from the
    pool, another untapped creature. Undefined mana is none (106.5); a {T} ability's mana is
    replaced (106.12b) then triggers (106.12a).
    """
    view = Rows(state, idx)
    permanent = Tapped.of(state, idx, inputs.act_slot[idx, a])
    rej = np.where(permanent.on, 0, R_NOT_ON_BATTLEFIELD).astype(np.int8)
    j, chosen = _pick(state, inputs, sources, view, a, permanent, rej)
    ability = Ability.of(permanent.c, j)
    first = _check_costs(state, inputs, sources, view, a, permanent, ability, rej)
    state.rejected[idx, a] = rej
    ok = rej == 0
    ctrl = permanent.ctrl
    # -- pay the costs
    tap, untap = ok & ability.tap, ok & ability.untap
    state.tapped[idx[tap], permanent.slot[tap]] = True
    state.tapped[idx[untap], permanent.slot[untap]] = False
    paying = ok & (ability.cost > 0)
    if paying.any():
        _pay_generic(state, idx[paying], ctrl[paying], ability.cost[paying])
    removing = np.nonzero(ok & (ability.remove >= 0))[0]
    if len(removing):
        kind = ability.remove[removing]
        state.counters[idx[removing], permanent.slot[removing], kind] -= 1
        state.summary_valid[idx[removing[mt.KIND_IN_COULD[kind]]]] = False
    drum = ok & ability.tap_creature
    state.tapped[idx[drum], first[drum]] = True
    # -- the effect: the mana made, replaced, added, then the triggers
    mana = _make(state, inputs, idx, a, permanent, ability, j, chosen, ok)
    before = sum_row(mana)
    none = ok & (before == 0)
    state.undefined_mana[idx] += none & (
        ability.tpl != mt.TPL_PER_CREATURE
    )  # CR 106.5: no type defined
    made = tap & ~none
    mana = _replace(state, inputs, sources, idx, a, permanent, mana, made)
    add = _mana_triggers(state, sources, idx, permanent, inputs.act_color[idx, a], mana, made)
    state.mana_replaced[idx] += sum_row(mana) - before
    state.mana_from_triggers[idx] += sum_row(add)
    pools = state.pools.reshape(-1, 6)  # a view: the state's arrays are C-contiguous
    at = idx * state.pools.shape[1] + ctrl
    pool = pools[at] + mana + add
    if pool.max(initial=0) >= MANA_CAP:
        state.status[idx[pool.max(1) >= MANA_CAP]] = UNSUPPORTED
        pool = np.minimum(pool, MANA_CAP - 1)
    pools[at] = pool
    # -- "If there are no mining counters on Gemstone Mine, sacrifice it." (701.21a)
    gone = np.nonzero(ok & ability.sacrifice)[0]
    gone = gone[permanent.counter(state, ability.remove[gone], gone) == 0]
    if len(gone):
        movers = np.zeros((len(gone), state.card.shape[1]), dtype=np.bool_)
        movers[np.arange(len(gone)), permanent.slot[gone]] = True
        leave(state, idx[gone], movers)
        settle(state, idx[gone])


# ------------------------------------------------------------------- the other actions
