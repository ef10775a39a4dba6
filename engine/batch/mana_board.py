"""The mana shape's board: state set-up, zone changes and state-based actions, and the
per-player summaries (what lands could produce, statics) recomputed when the board changes
(CR 106.7, 611.3a)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_state import (
    ACT_CAST,
    ACT_NONE,
    MANA_CAP,
    MAX_ACTIONS,
    MAX_SLOTS,
    SBA_ROUNDS,
    SPELL_ORDER,
    Features,
    ManaInputs,
    ManaState,
)
from engine.batch.wipe_state import BATTLEFIELD, EXILE, GRAVEYARD, NONE, OK, UNSUPPORTED

ALL_TYPES = 0x3F
# the lowest set bit of a type set, as a WUBRGC index (-1 for the empty set)
FIRST_TYPE = np.array([(b & -b).bit_length() - 1 for b in range(64)], dtype=np.int8)
PAY_ORDER = (mt.C_INDEX, *range(5))  # as the reference pays generic: colorless, then WUBRG
NO_KEY = np.iinfo(np.int32).max
SCOPE_MULTIPLY = 3  # a multiplier's scope: "if you tap a permanent for mana"


def any_row(mask: np.ndarray) -> np.ndarray:
    """(R,) whether each row of an (R, k) bool array, k <= 255, has a True: a small matrix
    product, several times faster than ``any(1)`` over a short last axis."""
    out: np.ndarray = (mask.view(np.uint8) @ np.ones(mask.shape[1], dtype=np.uint8)) > 0
    return out


def count_row(mask: np.ndarray) -> np.ndarray:
    """(R,) int16 Trues in each row of an (R, k) bool array."""
    out: np.ndarray = mask.view(np.uint8).astype(np.int16) @ np.ones(mask.shape[1], dtype=np.int16)
    return out


def sum_row(x: np.ndarray) -> np.ndarray:
    """(R,) the sum of each row of an (R, k) integer array."""
    out: np.ndarray = x @ np.ones(x.shape[1], dtype=x.dtype)
    return out


def first_true(mask: np.ndarray) -> np.ndarray:
    """(R,) the first column of each row of an (R, k) bool array that is True, else 0."""
    out = np.zeros(len(mask), dtype=np.intp)
    for i in reversed(range(mask.shape[1])):
        out[mask[:, i]] = i
    return out


def new_state(inputs: ManaInputs) -> ManaState:
    """Lay the inputs out in working arrays, with one slot per action that casts a permanent
    (holding that card from the start, off the battlefield until it is cast)."""
    t, p, s, a = inputs.shape
    if a > MAX_ACTIONS:
        raise ValueError(f"run_mana: at most {MAX_ACTIONS} actions, got {a}")
    casts, cast_cols = _casts(inputs)
    n = s + len(cast_cols)
    if n > MAX_SLOTS:
        raise ValueError(f"run_mana: at most {MAX_SLOTS} slots with casts, got {n}")

    def slots(board: np.ndarray, fill: int | bool, dtype: type) -> np.ndarray:
        out: np.ndarray = np.full((t, n), fill, dtype=dtype)
        out[:, :s] = board
        return out

    card = slots(inputs.card, -1, np.int16)
    card[:, s:] = np.where(casts[:, cast_cols], inputs.act_card[:, cast_cols], -1)
    zone = np.full((t, n), NONE, dtype=np.int8)
    zone[:, :s][inputs.card >= 0] = BATTLEFIELD
    counters = np.zeros((t, n, mt.K), dtype=np.int16)
    counters[:, :s] = inputs.counters
    slot_of = np.full(s + a, -1, dtype=np.int16)  # id code -> slot
    slot_of[:s] = np.arange(s)
    slot_of[s + cast_cols] = s + np.arange(len(cast_cols))
    return ManaState(
        status=_initial_status(inputs),
        n_players=inputs.n_players.astype(np.int8),
        active=inputs.active.astype(np.int8),
        life=inputs.life.astype(np.int16),
        card=card,
        zone=zone,
        controller=slots(inputs.controller, 0, np.int8),
        owner=slots(inputs.owner, 0, np.int8),
        token=slots(inputs.token, False, np.bool_),
        tapped=slots(inputs.tapped, False, np.bool_),
        since_turn_start=slots(inputs.since_turn_start, False, np.bool_),
        granted_haste=slots(inputs.granted_haste, False, np.bool_),
        not_creature=slots(inputs.not_creature, False, np.bool_),
        attached_to=slots(inputs.attached_to, -1, np.int8),
        damage=slots(inputs.damage, 0, np.int16),
        counters=counters,
        pools=np.zeros((t, p, 6), dtype=np.int32),
        effect_on=np.zeros((t, n), dtype=np.bool_),
        spell_on=np.zeros((t, a), dtype=np.bool_),
        acted=inputs.act_kind != ACT_NONE,
        spell_card=np.where(inputs.act_kind == ACT_CAST, inputs.act_card, -1).astype(np.int16),
        spell_by=inputs.act_by.astype(np.int8),
        spell_zone=np.zeros((t, a), dtype=np.int8),
        rejected=np.zeros((t, a), dtype=np.int8),
        **_summary(t, p, n),
        order=np.arange(n, dtype=np.int16),
        cast_action=np.concatenate([np.full(s, -1), cast_cols]).astype(np.int16),
        slot_of=slot_of,
        n_board=s,
        n_actions=a,
        features=Features.of(np.concatenate([card.ravel(), inputs.act_card.ravel()])),
    )


def _casts(inputs: ManaInputs) -> tuple[np.ndarray, np.ndarray]:
    """(T, A) which actions cast a permanent, and the action indices that do in some trial
    (each gets a slot)."""
    casts = (inputs.act_kind == ACT_CAST) & (inputs.act_card >= 0)
    casts &= mt.IS_PERMANENT[np.maximum(inputs.act_card, 0)]
    return casts, np.nonzero(casts.any(0))[0]


def _initial_status(inputs: ManaInputs) -> np.ndarray:
    """CR 704.5a: a player at 0 life loses (the reference engine stops there); a board card
    the shape does not model makes its trial unsupported, never approximated."""
    unmodeled = ((inputs.card >= 0) & ~mt.BOARD_OK[np.maximum(inputs.card, 0)]).any(1)
    out: np.ndarray = np.where((inputs.life <= 0).any(1) | unmodeled, UNSUPPORTED, OK)
    return out.astype(np.int8)


def _summary(t: int, p: int, n: int) -> dict[str, np.ndarray]:
    """The board summary, stale until first refreshed, and the mana counts the outcome and
    the metrics report (CR 106.5 undefined mana, 106.12a triggers, 616.1 replacements)."""
    return {
        "could_produce": np.zeros((t, n), dtype=np.uint8),
        "has_mana": np.zeros((t, n), dtype=np.bool_),
        "lands_could_produce": np.zeros((t, p), dtype=np.uint8),
        "creatures": np.zeros((t, p), dtype=np.int16),
        "mult": np.ones((t, p), dtype=np.int64),
        "trig_lands": np.zeros((t, p, 7), dtype=np.int16),
        "trig_creatures": np.zeros((t, p, 7), dtype=np.int16),
        "summary_valid": np.zeros(t, dtype=np.bool_),
        "undefined_mana": np.zeros(t, dtype=np.int16),
        "mana_from_triggers": np.zeros(t, dtype=np.int64),
        "mana_replaced": np.zeros(t, dtype=np.int64),
    }


@dataclass(frozen=True)
class Sources:
    """Where the batch's effect sources are, found once: slot columns (in board order) where
    some trial holds a card of each kind, and per-trial tables of what their cards do. A slot
    keeps its card for the whole run, so only "is it on the battlefield" changes."""

    grant_any: np.ndarray  # (J,) columns: Cryptolith Rite
    haste: np.ndarray  # Fervor
    as_though_haste: np.ndarray  # Thousand-Year Elixir
    counter_rules: np.ndarray  # Solemnity, Hardened Scales, Doubling Season
    cast_draw: np.ndarray  # Zendikar Resurgent
    rep: np.ndarray  # (J,) replacements: statics, and activated "lands produce" effects
    rep_static: np.ndarray  # (T, J) bool a static ability (else an activated effect)
    rep_factor: np.ndarray  # (T, J) int8 a multiplier's factor, 1 for an "instead" effect
    rep_produce: np.ndarray  # (T, J) int8 an "instead" effect's type
    rep_one: np.ndarray  # (T, J) bool "instead of any other type and amount": one mana
    rep_scope: np.ndarray  # (T, J) int8 SCOPE_MULTIPLY or the lands it covers (LANDS_*)
    rep_code: np.ndarray  # (J,) the id code a ``replacement_order`` entry names it by
    spells: np.ndarray  # (K,) action indices casting a "lands produce" spell in some trial
    spell_produce: np.ndarray  # (T, K) int8
    spell_scope: np.ndarray  # (T, K) int8 LANDS_*
    spell_by: np.ndarray  # (T, K) int8 its caster ("you")
    trig: np.ndarray  # (J,) "tapped for mana" triggers
    multiply: np.ndarray  # (J,) columns: Mana Reflection, Nyxbloom Ancient
    dynamic: np.ndarray  # (J,) columns: mana abilities whose types depend on the board
    aura: np.ndarray  # (J,) columns: "whenever enchanted land is tapped for mana"
    rep_rows: np.ndarray  # (T,) bool the trial holds some replacement source or spell
    instead_rows: np.ndarray  # (T,) bool ... some "instead" effect (then order matters)
    aura_rows: np.ndarray  # (T,) bool ... some Aura's "tapped for mana" trigger
    reflect_rows: np.ndarray  # (T,) bool the trial holds some "could produce" reflector
    trig_rows: np.ndarray  # (T,) bool the trial holds some "tapped for mana" trigger source

    @staticmethod
    def of(state: ManaState, inputs: ManaInputs) -> Sources:
        c = np.maximum(state.card, 0)
        held = state.card >= 0
        n = state.card.shape[1]
        # which cards each column holds in some trial: (N, cards)
        flat = (np.arange(n) * mt.N + c)[held]
        present = (np.bincount(flat, minlength=n * mt.N) > 0).reshape(n, mt.N)

        def where(table: np.ndarray) -> np.ndarray:
            return np.nonzero((present & table).any(1))[0]

        rep = where((mt.REP_KIND > 0) | (mt.EFFECT_PRODUCE >= 0))
        cr = c[:, rep]
        static = mt.REP_KIND[cr] > 0
        multiply = mt.REP_KIND[cr] == mt.REP_MULTIPLY
        lands = np.where(static, mt.REP_LANDS[cr], mt.EFFECT_LANDS[cr])
        spell = (inputs.act_kind == ACT_CAST) & (inputs.act_card >= 0)
        spell &= mt.SPELL_PRODUCE[np.maximum(inputs.act_card, 0)] >= 0
        spells = np.nonzero(spell.any(0))[0]
        ck = np.maximum(inputs.act_card[:, spells], 0)
        trig = where(mt.TFM_SOURCE >= 0)
        ct = c[:, trig]
        s = state.n_board
        return Sources(
            grant_any=where(mt.GRANT_ANY),
            haste=where(mt.HASTE_SCOPE >= 0),
            as_though_haste=where(mt.AS_THOUGH_HASTE),
            counter_rules=where(mt.HAS_COUNTER_RULES),
            cast_draw=where(mt.CAST_DRAW),
            rep=rep,
            rep_static=static,
            rep_factor=np.where(multiply, mt.REP_FACTOR[cr], 1).astype(np.int8),
            rep_produce=np.where(static, mt.REP_PRODUCE[cr], mt.EFFECT_PRODUCE[cr]),
            rep_one=static & mt.REP_ONE[cr],
            rep_scope=np.where(multiply, SCOPE_MULTIPLY, lands).astype(np.int8),
            rep_code=np.where(rep < s, rep, s + state.cast_action[rep]),
            spells=spells,
            spell_produce=mt.SPELL_PRODUCE[ck],
            spell_scope=mt.SPELL_LANDS[ck],
            spell_by=inputs.act_by[:, spells],
            trig=trig,
            multiply=where(mt.REP_KIND == mt.REP_MULTIPLY),
            dynamic=where(mt.IS_DYNAMIC),
            aura=where(mt.TFM_SOURCE == mt.TFM_ENCHANTED),
            rep_rows=any_row(held[:, rep] & (static | (mt.EFFECT_PRODUCE[cr] >= 0)))
            | any_row(spell),
            instead_rows=any_row(held[:, rep] & ~multiply & (static | (mt.EFFECT_PRODUCE[cr] >= 0)))
            | any_row(spell),
            aura_rows=any_row(held & (mt.TFM_SOURCE[c] == mt.TFM_ENCHANTED)),
            trig_rows=any_row(held[:, trig] & (mt.TFM_SOURCE[ct] >= 0)),
            reflect_rows=any_row(held & mt.IS_REFLECT[c]),
        )


# ----------------------------------------------------------------- zone changes and SBAs


def _to_zone(state: ManaState, rows: np.ndarray) -> np.ndarray:
    """(R, N) where each permanent of the trials ``rows`` would go if it left now: its owner's
    graveyard, or exile instead (614.1a: Rest in Peace, an opponent's Leyline of the Void); a
    token ceases to exist (704.5d, 111.7)."""
    token = state.token[rows]
    to = np.full(token.shape, GRAVEYARD, dtype=np.int8)
    if state.features.gy_exile:
        on = state.zone[rows] == BATTLEFIELD  # the battlefield as the event begins
        c = np.maximum(state.card[rows], 0)
        rip = any_row(on & mt.EXILE_ALL_GY[c])
        leyline = on & mt.EXILE_OPP_GY[c]
        owner, ctrl = state.owner[rows], state.controller[rows]
        opp = np.zeros(token.shape, dtype=np.bool_)
        for j in np.nonzero(leyline.any(0))[0]:
            opp |= leyline[:, j, None] & (ctrl[:, j, None] != owner)
        to[rip[:, None] | (opp & ~token)] = EXILE
    to[token] = NONE
    return to


def leave(state: ManaState, rows: np.ndarray, movers: np.ndarray) -> None:
    """Move ``movers`` (R, N) of the trials ``rows`` from the battlefield at once, as one
    event (CR 603.10a).

    A dies trigger that would make tokens (Hangarback Walker with counters) is outside the
    shape: that trial is unsupported.
    """
    zone = state.zone[rows]
    movers = movers & (zone == BATTLEFIELD)
    to = _to_zone(state, rows)
    if state.features.dies_tokens:
        c = np.maximum(state.card[rows], 0)
        kind = mt.DIES_TOKENS_KIND[c]
        counters = state.counters[rows]
        counted = np.take_along_axis(counters, np.maximum(kind, 0)[..., None], axis=2)[..., 0]
        makes = movers & (to != EXILE) & (kind >= 0) & (counted > 0) & mt.IS_CREATURE[c]
        state.status[rows[any_row(makes)]] = UNSUPPORTED
    zone[movers] = to[movers]
    state.zone[rows] = zone
    state.summary_valid[rows[any_row(movers)]] = False


def settle(state: ManaState, rows: np.ndarray) -> None:
    """State-based actions until none applies (704.3) in the trials ``rows``: toughness 0 or
    less (704.5f), lethal damage (704.5g), the legend rule (704.5j, the first in board order
    stays), an attached permanent whose object is gone (704.5m)."""
    for _ in range(SBA_ROUNDS):
        if not len(rows):
            return
        on = state.zone[rows] == BATTLEFIELD
        card = state.card[rows]
        c = np.maximum(card, 0)
        creature = on & mt.IS_CREATURE[c] & ~state.not_creature[rows]
        toughness = mt.BASE_T[c] + state.counters[rows, :, mt.PLUS]
        movers = creature & ((toughness <= 0) | (state.damage[rows] >= toughness))
        if state.features.legendary:
            legend = on & ~movers & mt.IS_LEGENDARY[c]
            two = np.nonzero(count_row(legend) > 1)[0]  # only these can break the legend rule
            legend, card, ctrl = legend[two], card[two], state.controller[rows[two]]
            cols = np.nonzero(legend.any(0))[0]
            for k, j in enumerate(cols):
                for i in cols[:k]:
                    movers[two, j] |= (
                        legend[:, i]
                        & legend[:, j]
                        & (card[:, i] == card[:, j])
                        & (ctrl[:, i] == ctrl[:, j])
                    )
        attached = state.attached_to[rows]
        held = attached >= 0
        if held.any():
            target_on = np.take_along_axis(on, np.maximum(attached, 0).astype(np.intp), axis=1)
            movers |= on & held & ~target_on
        moving = any_row(movers)
        rows, movers = rows[moving], movers[moving]
        if len(rows):
            leave(state, rows, movers)
    state.status[rows] = UNSUPPORTED  # more rounds than the cap: not modeled


# ------------------------------------------------------------------ who controls what


class Rows:
    """The trials taking part in a step: ``idx`` (R,) indices and ``sel`` to gather (R, N)
    views (a slice when every trial takes part, so nothing is copied); each view is made
    when first needed."""

    def __init__(self, state: ManaState, idx: np.ndarray) -> None:
        self.state = state
        self.idx = idx
        self.sel: slice | np.ndarray = slice(None) if len(idx) == len(state.status) else idx

    @cached_property
    def on(self) -> np.ndarray:
        out: np.ndarray = self.state.zone[self.sel] == BATTLEFIELD
        return out

    @cached_property
    def c(self) -> np.ndarray:
        out: np.ndarray = np.maximum(self.state.card[self.sel], 0)
        return out

    @cached_property
    def ctrl(self) -> np.ndarray:
        out: np.ndarray = self.state.controller[self.sel]
        return out

    @cached_property
    def creature(self) -> np.ndarray:
        out: np.ndarray = self.on & mt.IS_CREATURE[self.c] & ~self.state.not_creature[self.sel]
        return out

    def by_player(self, table: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """(R, P) bool: whether each player controls a permanent whose card has ``table``,
        among the slot columns ``cols``."""
        out = np.zeros((len(self.idx), self.state.pools.shape[1]), dtype=np.bool_)
        r = np.arange(len(self.idx))
        for j in cols:
            m = self.on[:, j] & table[self.c[:, j]]
            out[r[m], self.ctrl[m, j]] = True
        return out

    def creatures_of(self) -> np.ndarray:
        """(R, P) int: creatures each player controls (Gaea's Cradle)."""
        players = self.state.pools.shape[1]
        return np.stack([count_row(self.creature & (self.ctrl == q)) for q in range(players)], 1)


@dataclass(frozen=True)
class Replacements:
    """The "tapped for mana" replacement effects of the trials of a step, (R, M) each: the
    permanents' (static or activated) then the spells'."""

    on: np.ndarray  # bool the effect exists now
    factor: np.ndarray  # int8
    produce: np.ndarray  # int8
    one: np.ndarray  # bool
    scope: np.ndarray  # int8
    owner: np.ndarray  # int8 "you": whose permanents or lands it covers
    code: np.ndarray  # (M,) id code
    order: np.ndarray  # (M,) int32 board order (a spell's after every permanent's)

    @staticmethod
    def of(state: ManaState, sources: Sources, view: Rows) -> Replacements:
        j, k, sel = sources.rep, sources.spells, view.sel
        static = sources.rep_static[sel]
        on = np.where(static, view.on[:, j], state.effect_on[sel][:, j])
        order = np.concatenate([state.order[j], SPELL_ORDER + k]).astype(np.int32)
        code = np.concatenate([sources.rep_code, state.n_board + k])
        if not len(k):
            factor, produce, one = (
                sources.rep_factor[sel],
                sources.rep_produce[sel],
                sources.rep_one[sel],
            )
            scope, owner = sources.rep_scope[sel], view.ctrl[:, j]
            return Replacements(on, factor, produce, one, scope, owner, code, order)
        spell_on = state.spell_on[sel][:, k]
        return Replacements(
            on=np.concatenate([on, spell_on], axis=1),
            factor=np.concatenate([sources.rep_factor[sel], np.ones(spell_on.shape, np.int8)], 1),
            produce=np.concatenate([sources.rep_produce[sel], sources.spell_produce[sel]], axis=1),
            one=np.concatenate([sources.rep_one[sel], np.zeros(spell_on.shape, np.bool_)], axis=1),
            scope=np.concatenate([sources.rep_scope[sel], sources.spell_scope[sel]], axis=1),
            owner=np.concatenate([view.ctrl[:, j], sources.spell_by[sel]], axis=1),
            code=code,
            order=order,
        )

    def applies(self, ctrl: np.ndarray, land: np.ndarray, basic: np.ndarray) -> np.ndarray:
        """(R, M) which apply when the (R,) permanents described are tapped for mana."""
        yours = self.owner == ctrl[:, None]
        lands = land[:, None] & (
            (self.scope == mt.LANDS_ALL)
            | ((self.scope == mt.LANDS_YOURS) & yours)
            | ((self.scope == mt.LANDS_NONBASIC) & ~basic[:, None])
        )
        out: np.ndarray = self.on & np.where(self.scope == SCOPE_MULTIPLY, yours, lands)
        return out


# --------------------------------------------------------------------- could produce


def _type_replacements(state: ManaState, view: Rows, reps: Replacements) -> np.ndarray:
    """(R, N) uint8: the types "instead" replacements would make for each permanent tapped for
    mana now (Contamination, Deep Water, Pale Moon); 0 where none applies."""
    instead = reps.on & (reps.scope != SCOPE_MULTIPLY)
    if not instead.any():
        return np.zeros(view.c.shape, dtype=np.uint8)
    bit = (1 << np.maximum(reps.produce, 0).astype(np.int32)).astype(np.uint8)

    def union(mask: np.ndarray) -> np.ndarray:
        out: np.ndarray = np.bitwise_or.reduce(np.where(mask, bit, 0), axis=1).astype(np.uint8)
        return out

    every = union(instead & (reps.scope == mt.LANDS_ALL))
    nonbasic = union(instead & (reps.scope == mt.LANDS_NONBASIC))
    mine = instead & (reps.scope == mt.LANDS_YOURS)
    yours = np.stack([union(mine & (reps.owner == q)) for q in range(state.pools.shape[1])], 1)
    bits = every[:, None] | at_ctrl(yours, view.ctrl)
    bits |= np.where(mt.IS_BASIC[view.c], 0, nonbasic[:, None]).astype(np.uint8)
    out: np.ndarray = np.where(view.on & mt.IS_LAND[view.c], bits, 0).astype(np.uint8)
    return out


def _land_unions_of(land: np.ndarray, ctrl: np.ndarray, cp: np.ndarray, players: int) -> np.ndarray:
    """(R, P) the union of what each player's lands could produce."""
    by = [np.bitwise_or.reduce(np.where(land & (ctrl == q), cp, 0), axis=1) for q in range(players)]
    out: np.ndarray = np.stack(by, axis=1).astype(np.uint8)
    return out


def at_ctrl(by_player: np.ndarray, ctrl: np.ndarray) -> np.ndarray:
    """(R, N) the (R, P) values of each slot's controller (a flat take, several times faster
    than ``take_along_axis``)."""
    rows, players = by_player.shape
    at = (np.arange(rows) * players)[:, None] + ctrl
    out: np.ndarray = by_player.reshape(-1)[at]
    return out


def _spread(unions: np.ndarray, ctrl: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(R, N) each: for every slot, the union of its controller's lands and of the other
    players' lands (Reflecting Pool; Exotic Orchard, Fellwar Stone)."""
    return at_ctrl(unions, ctrl), at_ctrl(_others(unions), ctrl)


def _granted(state: ManaState, sources: Sources, view: Rows) -> np.ndarray:
    """(R, N) creatures with Cryptolith Rite's ability: a Rite their controller controls."""
    if not state.features.grant_any:
        return np.zeros(view.c.shape, dtype=np.bool_)
    rite = view.by_player(mt.GRANT_ANY, sources.grant_any)
    out: np.ndarray = view.creature & at_ctrl(rite, view.ctrl)
    return out


def _others(unions: np.ndarray) -> np.ndarray:
    """(R, P) for each player, the union over the other players of ``unions`` (R, P)."""
    players = unions.shape[1]
    out = np.zeros_like(unions)
    for q in range(players):
        for o in range(players):
            if o != q:
                out[:, q] |= unions[:, o]
    return out


def _could_produce(state: ManaState, sources: Sources, view: Rows) -> tuple[np.ndarray, ...]:
    """CR 106.7 as a least fixpoint: (R, N) type bits and whether each has a mana ability,
    with (R, P) what each player's lands could produce and each player's creatures.

    Replacement effects count in every order: a multiplier keeps the type, so the types are
    those of the "instead" effects that apply (any can be last), else the raw ones. Start from
    nothing and grow, so sources that only reflect each other could produce nothing.
    """
    players = state.pools.shape[1]
    on, c, ctrl = view.on, view.c, view.ctrl
    granted = _granted(state, sources, view)
    creatures = view.creatures_of()
    tap_raw = mt.TAP_STATIC[c] | np.where(granted, mt.COLOR_BITS, 0).astype(np.uint8)
    if state.features.per_creature:
        alive = at_ctrl(creatures > 0, ctrl)
        tap_raw |= np.where(alive, mt.PER_BITS[c], 0).astype(np.uint8)
    if state.features.counter_any:
        kind = mt.LUCK_KIND[c]
        kinds = np.maximum(kind, 0)[..., None].astype(np.intp)
        lucky = np.take_along_axis(state.counters[view.sel], kinds, axis=2)[..., 0] > 0
        luck = np.where(lucky, mt.COLOR_BITS, mt.LUCK_BASE[c])
        tap_raw |= np.where(kind >= 0, luck, 0).astype(np.uint8)
    tap_raw = np.where(on, tap_raw, 0).astype(np.uint8)
    untap_raw = np.where(on, mt.UNTAP_STATIC[c], 0).astype(np.uint8)
    types = np.zeros(c.shape, dtype=np.uint8)
    if sources.instead_rows[view.idx].any():
        types = _type_replacements(state, view, Replacements.of(state, sources, view))

    def finish(raw: np.ndarray, typed: np.ndarray, untap: np.ndarray) -> np.ndarray:
        out: np.ndarray = np.where(raw != 0, np.where(typed != 0, typed, raw), 0) | untap
        return out.astype(np.uint8)

    cp = finish(tap_raw, types, untap_raw)
    land = on & mt.IS_LAND[c]
    if state.features.reflect:
        mine_mask = np.where(on, mt.MINE_MASK[c], 0).astype(np.uint8)
        others_mask = np.where(on, mt.OTHERS_MASK[c], 0).astype(np.uint8)
        live = np.nonzero(any_row((mine_mask | others_mask) > 0))[0]
        for _ in range(6 * c.shape[1] + 1):  # each round adds a type somewhere, or stops
            if not len(live):
                break
            old, ctl = cp[live], ctrl[live]
            unions = _land_unions_of(land[live], ctl, old, players)
            mine, others = _spread(unions, ctl)
            raw = tap_raw[live] | (mine & mine_mask[live]) | (others & others_mask[live])
            new = finish(raw, types[live], untap_raw[live])
            cp[live] = new
            live = live[any_row(new != old)]
    has = on & ((mt.N_AB[c] > 0) | granted)
    cp = np.where(has, cp, 0).astype(np.uint8)
    return cp, has, _land_unions_of(land, ctrl, cp, players), creatures


def _statics(state: ManaState, sources: Sources, view: Rows) -> tuple[np.ndarray, ...]:
    """(R, P) products of the multipliers each player controls (616.1: they commute), and
    (R, P, 7) counts of the "tapped for mana" triggers that watch lands and creatures."""
    players, rows = state.pools.shape[1], len(view.idx)
    mult = np.ones((rows, players), dtype=np.int64)
    if len(sources.multiply):
        j = sources.multiply
        cj, ctl = view.c[:, j], view.ctrl[:, j]
        on = view.on[:, j] & (mt.REP_KIND[cj] == mt.REP_MULTIPLY)
        factor = mt.REP_FACTOR[cj].astype(np.float64)  # exact below 2**53, then capped
        for q in range(players):
            product = np.where(on & (ctl == q), factor, 1.0).prod(1)
            mult[:, q] = np.minimum(product, MANA_CAP).astype(np.int64)
    counts = np.zeros((rows, players, 2, 7), dtype=np.int16)
    if len(sources.trig):
        j = sources.trig
        cj, ctl = view.c[:, j], view.ctrl[:, j]
        source = mt.TFM_SOURCE[cj]
        watching = view.on[:, j] & ((source == mt.TFM_LANDS) | (source == mt.TFM_CREATURES))
        what = np.where(mt.TFM_PRODUCE[cj] == mt.PRODUCE_SAME, 6, mt.TFM_PRODUCE[cj])
        kind = (source == mt.TFM_CREATURES).astype(np.intp)
        at = (np.arange(rows)[:, None] * players * 2 + kind) * 7 + what
        found = [(at + q * 14)[watching & (~mt.TFM_YOURS[cj] | (ctl == q))] for q in range(players)]
        flat = np.bincount(np.concatenate(found), minlength=counts.size)
        counts = flat.reshape(counts.shape).astype(np.int16)
    return mult, counts[:, :, 0], counts[:, :, 1]


def refresh(state: ManaState, sources: Sources, idx: np.ndarray) -> None:
    """Bring the board summary (what each permanent and each player's lands could produce,
    creatures, multipliers and triggers by player) up to date in the trials ``idx``."""
    stale = idx[~state.summary_valid[idx]]
    if len(stale):
        view = Rows(state, stale)
        could, has, lands, creatures = _could_produce(state, sources, view)
        state.could_produce[stale], state.has_mana[stale] = could, has
        state.lands_could_produce[stale], state.creatures[stale] = lands, creatures
        state.mult[stale], state.trig_lands[stale], state.trig_creatures[stale] = _statics(
            state, sources, view
        )
        state.summary_valid[stale] = True


# ------------------------------------------------------------------- tapping for mana


def column(state: ManaState, code: np.ndarray) -> np.ndarray:
    """The slot of each id code (see ManaInputs), -1 where it names no slot."""
    known = (code >= 0) & (code < len(state.slot_of))
    out: np.ndarray = np.where(known, state.slot_of[np.clip(code, 0, len(state.slot_of) - 1)], -1)
    return out.astype(np.intp)
