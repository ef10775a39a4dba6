"""The independent-returns fast path of the wipe shape: one wipe, no interactions.

When a batch's cards have no static abilities, counter rules, zone replacements, tokens, or
death and shrink triggers, and its one event is a sorcery-speed wipe, the creatures that die do
not affect each other after the wipe: a returned object's toughness is its printed toughness
plus its one counter (400.7: damage and "until end of turn" effects stayed with the old object),
so it either stays, or dies at once and (with printed undying after persist) returns once more
on top of the stack, before the next trigger. Enters triggers only gain or deal life. The
outcome then follows from the order the death triggers resolve in (603.3b: APNAP, each player's
order, the last put on the stack first), computed for all trials at once with no stack.

A trial whose board is not settled as given, whose wipe is rejected, or in which a player could
reach 0 life goes to the compiled kernel instead (``run_wipe``).
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_board import Board, derive
from engine.batch.wipe_state import (
    BATTLEFIELD,
    EV_CAST,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    NONE,
    PERSIST,
    UNDYING,
    Features,
    WipeInputs,
    WipeState,
)

# The wipe cards ``_wipe`` resolves exactly: the SPELL codes 1-7 with none of the parameters
# it does not read (a one-sided, mana-value or life-gaining destroy, damage by X, to creatures
# without flying, not to a subtype or to players, a one-sided -N/-N or one per permanent of a
# subtype); the compiled kernel does the others.
FAST_SPELL = (
    (tb.SPELL >= 1)
    & (tb.SPELL <= 7)
    & ~tb.SPELL_NOT_YOURS
    & (tb.SPELL_MAX_MV < 0)
    & (tb.SPELL_LIFE_PER == 0)
    & ~tb.SPELL_WITHOUT_FLYING
    & ~tb.SPELL_EACH_PLAYER
    & ~((tb.SPELL == 2) & tb.SPELL_BY_X)
    & (tb.SPELL_EXCEPT_BIT == 0)
    & (tb.SPELL_PER_BIT == 0)
    & ~tb.SPELL_SKIP_UNTAP
)


def batch_fits(f: Features, inputs: WipeInputs) -> bool:
    """Whether the batch's cards (their ``Features``) and events are all inside the fast
    path (a whitelist: one sorcery-speed wipe of ``FAST_SPELL``, no statics, counter rules
    or triggers that interact)."""
    if f.anthem or f.all_pt or f.lord or f.counter_rules or f.gy_exile or f.tokens:
        return False
    if f.doubler or f.wurm or f.shrink or f.legendary or f.beyond_fast:
        return False
    if inputs.ev_kind.shape[1] != 1:
        return False
    if _damage_keywords(inputs):
        return False
    card = inputs.ev_card[:, 0]
    return bool(
        ((inputs.ev_kind[:, 0] == EV_CAST) & (card >= 0) & FAST_SPELL[np.maximum(card, 0)]).all()
    )


def _damage_keywords(inputs: WipeInputs) -> bool:
    """Whether a card of the batch has, grants or is granted lifelink or wither: an enters
    trigger's damage would then gain life or put counters (702.15b, 702.80b), which this
    path does not model."""
    bits = tb.KEYWORD_BITS["lifelink"] | tb.KEYWORD_BITS["wither"]
    cards = np.concatenate([inputs.card.ravel(), inputs.ev_card.ravel()])
    present = cards[cards >= 0]
    printed = (tb.KEYWORDS[present] | tb.GRANTS_KEYWORDS[present]) & bits
    granted = 0 if inputs.granted is None else inputs.granted & bits
    return bool(np.any(printed) or np.any(granted))


def _spread(per_trial: np.ndarray, n: int) -> np.ndarray:
    """A per-trial value laid over every slot, so later operations need no broadcast."""
    return np.repeat(per_trial[:, None], n, axis=1)


def run_fast(state: WipeState, inputs: WipeInputs) -> np.ndarray:
    """Resolve the wipe in the trials that fit; return the mask of those that did not."""
    rows = np.arange(state.card.shape[0])
    unsettled = _settle_board_as_given(state)
    by, x = inputs.ev_by[:, 0].astype(np.intp), inputs.ev_x[:, 0]
    c = np.maximum(inputs.ev_card[:, 0], 0)
    life_cost = np.where(tb.SPELL_PAY_X_LIFE[c], x, 0)
    unpayable = state.life[rows, by] < life_cost  # CR 119.4: the general path rejects it
    fallback = unsettled | unpayable
    ok = ~fallback
    state.life[rows[ok], by[ok]] -= life_cost[ok]
    movers, dest = _wipe(state, inputs, ok)
    gained, pinged = _resolve_returns(state, movers, dest, ok)
    # 704.5a: if the damage alone could take a player to 0 at some point, the order of life
    # gains and losses matters; the general path plays it out.
    fallback |= ((state.life - pinged) <= 0).any(1) & ok
    state.life += gained - pinged
    # CR 608.2n: the spell card goes to its owner's graveyard (BSZ: library).
    state.spell_zone[ok, 0] = np.where(tb.SPELL_TO_LIBRARY[c], LIBRARY, GRAVEYARD)[ok]
    handed_back: np.ndarray = fallback
    return handed_back


def _settle_board_as_given(state: WipeState) -> np.ndarray:
    """CR 117.5: do the state-based actions of the board as given that set off no trigger;
    return the trials where a death would return something (the general path's)."""
    n = state.card.shape[1]
    board = derive(state)
    dead = board.creature & ((board.toughness <= 0) | (state.damage >= board.toughness))
    returns = dead & (
        ((board.persist_n > 0) & (state.minus == 0)) | ((board.undying_n > 0) & (state.plus == 0))
    )
    unsettled: np.ndarray = returns.any(1)
    if dead.any():
        settle_now = dead & ~_spread(unsettled, n)
        np.copyto(
            state.zone, np.where(state.token, NONE, GRAVEYARD).astype(np.int8), where=settle_now
        )
        for arr in (state.plus, state.minus, state.damage):
            arr *= ~settle_now
    both = board.alive & ~dead & (state.plus > 0) & (state.minus > 0)
    if both.any():
        gone = np.minimum(state.plus, state.minus) * (both & ~_spread(unsettled, n))
        state.plus -= gone
        state.minus -= gone
    return unsettled


def _wipe(state: WipeState, inputs: WipeInputs, ok: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CR 608.2: the wipe itself in the ``ok`` trials, and the state-based actions it causes
    (704.5f/g, 704.5q); return the (T, N) permanents that leave and where each goes."""
    t, n = state.card.shape
    c = np.maximum(inputs.ev_card[:, 0], 0)
    spell = tb.SPELL[c]
    board = derive(state)
    hit = board.creature & _spread(ok, n)
    code = _spread(spell, n)
    dest = np.full((t, n), GRAVEYARD, dtype=np.int8)
    movers = hit & ((code == 1) | (code == 6))
    dest[hit & (code == 6)] = HAND
    present = set(np.flatnonzero(np.bincount(spell[ok], minlength=8)).tolist())
    if 5 in present:
        movers |= _exile_modal(state, inputs, ok, board, dest)
    if 7 in present:
        movers |= board.alive & _spread(ok, n) & tb.IS_COLORED[board.c] & (code == 7)
    if present & {2, 3, 4}:
        _mark(state, inputs, hit & (code == 2), hit & (code == 3), hit & (code == 4))
        movers |= _deaths_after_marks(state, ok & (spell >= 2) & (spell <= 4), movers, dest)
    return movers, dest


def _exile_modal(
    state: WipeState, inputs: WipeInputs, ok: np.ndarray, board: Board, dest: np.ndarray
) -> np.ndarray:
    """Farewell (406.2): the chosen modes' permanents are exiled (returned as movers), and with
    the fourth mode the cards already in graveyards too."""
    n = state.card.shape[1]
    mode = _spread(inputs.ev_mode[:, 0], n)
    farewell = ok & (tb.SPELL[np.maximum(inputs.ev_card[:, 0], 0)] == 5)
    chosen = (board.alive & _spread(farewell, n)) & (
        (board.creature & ((mode & 2) > 0))
        | (tb.IS_ARTIFACT[board.c] & ((mode & 1) > 0))
        | (tb.IS_ENCHANTMENT[board.c] & ((mode & 4) > 0))
    )
    dest[chosen] = EXILE
    graveyards = _spread(farewell & ((inputs.ev_mode[:, 0] & 16) > 0), n)
    state.zone[graveyards & (state.zone == GRAVEYARD)] = EXILE
    out: np.ndarray = chosen
    return out


def _mark(
    state: WipeState,
    inputs: WipeInputs,
    damaged: np.ndarray,
    shrunk: np.ndarray,
    countered: np.ndarray,
) -> None:
    """The wipes that mark creatures rather than move them: damage to each (120.3e), -N/-N
    until end of turn (611.2c), X counters on each (122.1)."""
    n = state.card.shape[1]
    c = np.maximum(inputs.ev_card[:, 0], 0)
    x = inputs.ev_x[:, 0]
    state.damage += damaged * _spread(tb.SPELL_AMOUNT[c], n)
    state.exile_if_dies |= damaged & _spread(tb.SPELL_EXILE_IF_DIES[c], n)
    delta = shrunk * _spread(tb.SPELL_AMOUNT[c] * np.where(tb.SPELL_BY_X[c], x, 1), n)
    state.eot_power += delta
    state.eot_toughness += delta
    gets = countered * _spread(x, n)
    plus_kind = _spread(tb.SPELL_KIND[c] == 0, n)
    state.plus += gets * plus_kind
    state.minus += gets * ~plus_kind


def _deaths_after_marks(
    state: WipeState, marking: np.ndarray, movers: np.ndarray, dest: np.ndarray
) -> np.ndarray:
    """CR 704.5f/g/q after a marking wipe in the ``marking`` trials: the creatures that die
    (returned; Anger of the Gods exiles them, 614.1a), and +1/+1 and -1/-1 counters annihilate
    on the others."""
    board = derive(state)
    dies = (
        _spread(marking, state.card.shape[1])
        & board.creature
        & ((board.toughness <= 0) | ((state.damage >= board.toughness) & (board.toughness > 0)))
    )
    dest[state.exile_if_dies & dies] = EXILE
    both = board.alive & ~(movers | dies) & (state.plus > 0) & (state.minus > 0)
    if both.any():
        gone = np.minimum(state.plus, state.minus) * both
        state.plus -= gone
        state.minus -= gone
    out: np.ndarray = dies
    return out


def _resolve_returns(
    state: WipeState, movers: np.ndarray, dest: np.ndarray, ok: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Persist and undying (702.79a, 702.93a) in stack order; return the life the returned
    objects' enters triggers gain and the damage they deal, (T, P) each."""
    board = derive(state)
    dies = movers & (dest == GRAVEYARD) & ~state.exile_if_dies
    # Last known information: the keyword instances and counters as the object left.
    has_undying = dies & (board.undying_n > 0) & (state.plus == 0)
    has_persist = dies & (board.persist_n > 0) & (state.minus == 0)
    back = (has_undying | has_persist) & ~state.token
    _leave(state, movers, dest)
    ranked = _resolution_order(state, back, has_undying)
    # undying's trigger is put on the stack later, so it resolves first
    chain, power = _return(state, back, persist_first=back & ~has_undying)
    gained, pinged = _enters_triggers(state, back, chain, power)
    _record_returns(state, ranked, back, chain, ok)
    return gained, pinged


def _leave(state: WipeState, movers: np.ndarray, dest: np.ndarray) -> None:
    """The zone change itself (400.7): the old object is gone with its damage and effects."""
    staying = ~movers
    state.zone *= staying
    state.zone += movers * ~state.token * dest
    for arr in (
        state.damage,
        state.eot_power,
        state.eot_toughness,
        state.granted_persist,
        state.granted_undying,
    ):
        arr *= staying
    for flags in (state.tapped, state.not_creature, state.exile_if_dies, state.deathtouch_damage):
        flags &= staying
    state.granted *= staying


def _resolution_order(state: WipeState, back: np.ndarray, has_undying: np.ndarray) -> np.ndarray:
    """CR 603.3b: the trigger put on the stack last resolves first (APNAP, then rank). The sort
    key carries the slot and which keyword returns it in its low bits, so one sort of the keys
    gives both (ranks are below 2**22, slots below 64); the returning slots come first."""
    n = state.card.shape[1]
    players = np.repeat(state.n_players[:, None], n, axis=1)
    apnap = state.controller - np.repeat(state.active[:, None], n, axis=1)
    apnap += players * (apnap < 0)
    slot_ids = np.arange(n, dtype=np.int32)
    key = ((((apnap.astype(np.int32) << 22) | state.rank) << 6 | slot_ids) << 1) | has_undying
    ranked: np.ndarray = -np.sort(np.where(back, -key, np.iinfo(np.int32).max), axis=1)
    return ranked


def _return(
    state: WipeState, back: np.ndarray, persist_first: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The first return of each card: under its owner's control, with its counter (122.6). A
    persist return at 0 toughness dies at once (704.5f) and printed undying brings it back;
    return those chained returns (T, N) and the power each first return had."""
    state.zone += back * np.int8(BATTLEFIELD - GRAVEYARD)
    state.obj += back
    state.since_turn_start &= ~back
    state.controller += (state.owner - state.controller) * back
    state.plus = state.plus * ~back + (back & ~persist_first)
    state.minus = state.minus * ~back + persist_first
    power = state.base_p + state.plus - state.minus
    dies_again = back & state.is_creature_card & (state.base_t + state.plus - state.minus <= 0)
    chain: np.ndarray = dies_again & (state.printed_undying > 0)
    state.zone += (dies_again & ~chain) * np.int8(GRAVEYARD - BATTLEFIELD)
    state.obj += chain
    state.plus = state.plus * ~dies_again + chain
    state.minus = state.minus * ~dies_again
    return chain, power


def _enters_triggers(
    state: WipeState, back: np.ndarray, chain: np.ndarray, power: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Enters triggers of every object that entered: life gained (119.3) and damage dealt
    (120.3a) by seat, (T, P) each; a chained return has power printed + 1."""
    c = np.maximum(state.card, 0).astype(np.intp)
    gained = np.zeros_like(state.life)
    if state.features.etb:
        entries = back.astype(np.int16) + chain
        gained = _by_player(state, entries * tb.ETB_LIFE.take(c), state.owner)
    pinged = np.zeros_like(gained)
    if state.features.ping:
        pings = back * np.maximum(power, 0) + chain * np.maximum(state.base_p + 1, 0)
        pings *= tb.ETB_PING.take(c)
        players = np.repeat(state.n_players[:, None], state.card.shape[1], axis=1)
        default = state.owner + np.int8(1)
        default -= players * (default >= players)
        target = np.where(state.ping_target >= 0, state.ping_target, default)
        pinged = _by_player(state, pings, target)
    return gained, pinged


def _record_returns(
    state: WipeState, ranked: np.ndarray, back: np.ndarray, chain: np.ndarray, ok: np.ndarray
) -> None:
    """The returns, in order, for the outcome (a chained card twice in a row)."""
    n = state.card.shape[1]
    n_back = back.sum(1)
    first = np.arange(n, dtype=np.int32) < n_back[:, None]
    order = ((ranked >> 1) & 63) * first
    state.returned_slot[:, :n] = (order + 1) * first - 1
    kinds = (PERSIST + (ranked & 1) * (UNDYING - PERSIST)) * first
    state.returned_by[:, :n] = kinds
    state.n_returned[ok] = n_back[ok]
    rows = np.nonzero(chain.any(1))[0]  # rare: a card that returned twice in a row
    if not rows.size:
        return
    slots, kinds = order[rows], kinds[rows]
    entries = back[rows].astype(np.int16) + chain[rows]
    count = np.take_along_axis(entries, slots, axis=1) * first[rows]
    ends = np.cumsum(count, axis=1)
    starts = ends - count
    state.returned_slot[rows] = -1
    once = np.nonzero(count >= 1)
    state.returned_slot[rows[once[0]], starts[once]] = slots[once]
    state.returned_by[rows[once[0]], starts[once]] = kinds[once]
    twice = np.nonzero(count == 2)
    state.returned_slot[rows[twice[0]], starts[twice] + 1] = slots[twice]
    state.returned_by[rows[twice[0]], starts[twice] + 1] = UNDYING
    state.n_returned[rows] = ends[:, -1]


def _by_player(state: WipeState, values: np.ndarray, seat: np.ndarray) -> np.ndarray:
    """Sum (T, N) ``values`` by the seat each slot names: (T, P)."""
    players = state.life.shape[1]
    return np.stack([(values * (seat == p)).sum(1, dtype=np.int32) for p in range(players)], axis=1)
