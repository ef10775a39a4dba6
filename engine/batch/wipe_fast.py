"""The independent-returns fast path of the wipe shape: one wipe, no interactions.

When a batch's cards have no static abilities, counter rules, zone replacements, tokens, or
death and shrink triggers, and its one event is a sorcery-speed wipe, the creatures that die do
not affect each other after the wipe: a returned object's toughness is its printed toughness
plus its one counter (400.7: damage and "until end of turn" effects stayed with the old object),
so it either stays, or dies at once and (with printed undying after persist) returns once more
on top of the stack, before the next trigger. Enters triggers only gain or deal life. The
outcome then follows from the order the death triggers resolve in (603.3b: APNAP, each player's
order, the last put on the stack first), with no stack.

Compiled (numba, as the kernel: ``engine.batch.kernel.jit``), one trial after another over
the batch's own (T, N) arrays: no copy in or out, a few passes over a trial's slots. A trial
whose board is not settled as given, whose wipe is rejected, or in which a player could reach
0 life goes to the compiled kernel instead (``run_wipe``).
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.jit import entry, inline, njit
from engine.batch.kernel.present import cards_present
from engine.batch.kernel.state import (
    T_ETB_LIFE,
    T_ETB_PING,
    T_IS_ARTIFACT,
    T_IS_COLORED,
    T_IS_ENCHANTMENT,
    T_SPELL,
    T_SPELL_AMOUNT,
    T_SPELL_BY_X,
    T_SPELL_EXILE_IF_DIES,
    T_SPELL_KIND,
    T_SPELL_PAY_X_LIFE,
    T_SPELL_TO_LIBRARY,
    T_SPELL_TOUGHNESS,
    card_table,
)
from engine.batch.wipe_state import (
    BATTLEFIELD,
    DAMAGE_KEYWORDS,
    EV_CAST,
    EXILE,
    GRAVEYARD,
    HAND,
    INDESTRUCTIBLE,
    LIBRARY,
    NONE,
    PERSIST,
    RANK_BY_SHIFT,
    UNDYING,
    Features,
    WipeInputs,
    WipeState,
)
from engine.library import ACTIVATED, MANA, SPELL, TEMPLATES, Card

# The wipe cards ``_wipe`` resolves exactly: the SPELL codes 1-7 with none of the parameters
# it does not read (a one-sided, mana-value or life-gaining destroy, damage by X, to creatures
# without flying, not to a subtype or to players, a one-sided -N/-N or one per permanent of a
# subtype); the compiled kernel does the others.
FAST_SPELL = (
    (tb.SPELL >= 1)
    & (tb.SPELL <= 7)
    & ~tb.SPELL_NOT_YOURS
    & ~tb.SPELL_ONLY_YOURS
    & (tb.SPELL_KEYWORDS == 0)
    & (tb.SPELL_PERSIST == 0)
    & (tb.SPELL_UNDYING == 0)
    & ~tb.SPELL_PERMANENTS
    & (tb.SPELL_MAX_MV < 0)
    & (tb.SPELL_LIFE_PER == 0)
    & ~tb.SPELL_WITHOUT_FLYING
    & ~tb.SPELL_EACH_PLAYER
    & ~((tb.SPELL == 2) & tb.SPELL_BY_X)
    & (tb.SPELL_EXCEPT_BIT == 0)
    & (tb.SPELL_PER_BIT == 0)
    & ~tb.SPELL_SKIP_UNTAP
)

# The abilities of the cards the fast path takes (a whitelist): the enters triggers it plays
# (life gained, damage to a player), the keyword grants (``Features.damage_keywords`` sends
# the lifelink and wither ones to the kernel), and what cannot act in its trials (one wipe
# cast, and nothing else: no tap, activation, attack, turn or other cast; a returned card's X
# is 0, 107.3m, so it enters with no X counters). A wipe itself is
# FAST_SPELL's to judge. The replacements of how a permanent enters are a noncreature's only
# (it never enters here: only persist and undying return cards, 702.79a, 702.93a). A card with
# any other ability (an enters trigger exiling the graveyards, a Human's damage destroyed...),
# or with two enters triggers (each its own trigger, 603.3b: the fast path does a card's
# enters effects as one), is the kernel's.
_FAST_TEMPLATES: Final = frozenset(
    {"etb_gain_life", "etb_damage_any_target", "grant_keyword", "activate_as_though_haste"}
    | {"grant_mana_any_color", "mana_multiply", "mana_replace_type", "tapped_for_mana_add"}
    | {"attacks_creatures_yours_gain_keyword", "cast_creature_draw"}
    | {"spell_cast_from_graveyard_draw", "upkeep_sacrifice_unless_sacrifice_creature"}
    | {"upkeep_remove_counter_each_creature_yours", "enters_with_x_counters"}
    | {t for t, (kind, _) in TEMPLATES.items() if kind in (SPELL, ACTIVATED, MANA)}
)
_ENTERING: Final = frozenset({"enters_with_counters", "enters_tapped_unless_pay_life"})


def _fast(card: Card) -> bool:
    allowed = _FAST_TEMPLATES if "Creature" in card.types else _FAST_TEMPLATES | _ENTERING
    enters = [a for a in card.abilities if a.template in tb.ETB_TEMPLATES]
    return len(enters) <= 1 and all(a.template in allowed for a in card.abilities)


FAST_CARD: Final = np.array([_fast(c) for c in tb.CARDS], dtype=np.bool_)


def batch_fits(f: Features, inputs: WipeInputs, present: np.ndarray | None = None) -> bool:
    """Whether the batch's cards (their ``Features``, each card in FAST_CARD) and events are
    all inside the fast path (a whitelist: one sorcery-speed wipe of ``FAST_SPELL``, no
    statics (persist and undying given by one included), counter rules or triggers that
    interact, no lifelink or wither printed, granted by a card or given to a slot: an enters
    trigger's damage would then gain life or put counters; no indestructible: its wipes
    destroy every creature they name). ``present``: the batch's
    ``cards_present``, when the caller has it already."""
    statics = f.anthem or f.all_pt or f.lord or f.filtered or f.return_grants
    if statics or f.counter_rules or f.gy_exile or f.tokens or f.doubler or f.death_life:
        return False
    if f.shrink or f.legendary or f.beyond_fast or f.damage_keywords or f.indestructible:
        return False
    if inputs.ev_kind.shape[1] != 1 or inputs.kind_rank is not None:
        return False  # one event; triggers ordered by source (no "id:ability" orders)
    if (inputs.rank >= 1 << RANK_BY_SHIFT).any():
        return False  # a scenario's trigger orders: a player's ranks are theirs only
    if inputs.target_names is not None or inputs.token_choices is not None:
        return False  # "any target" chosen by slot (the CHOSEN bits), not in a listed order
    if inputs.granted is not None and (inputs.granted & (DAMAGE_KEYWORDS | INDESTRUCTIBLE)).any():
        return False  # given to a slot: as the same keywords of a card (a destroy spares it)
    if not FAST_CARD[cards_present(inputs) if present is None else present].all():
        return False
    card = inputs.ev_card[:, 0]
    return bool(
        ((inputs.ev_kind[:, 0] == EV_CAST) & (card >= 0) & FAST_SPELL[np.maximum(card, 0)]).all()
    )


class FastView(NamedTuple):
    """The ``WipeState`` arrays the fast path reads and writes (same names, same arrays)."""

    n_players: np.ndarray
    active: np.ndarray
    life: np.ndarray
    card: np.ndarray
    is_creature_card: np.ndarray
    base_p: np.ndarray
    base_t: np.ndarray
    printed_persist: np.ndarray
    printed_undying: np.ndarray
    token: np.ndarray
    owner: np.ndarray
    rank: np.ndarray
    ping_target: np.ndarray
    zone: np.ndarray
    controller: np.ndarray
    obj: np.ndarray
    plus: np.ndarray
    minus: np.ndarray
    damage: np.ndarray
    eot_power: np.ndarray
    eot_toughness: np.ndarray
    granted_persist: np.ndarray
    granted_undying: np.ndarray
    tapped: np.ndarray
    not_creature: np.ndarray
    exile_if_dies: np.ndarray
    deathtouch_damage: np.ndarray
    granted: np.ndarray
    since_turn_start: np.ndarray
    returned_slot: np.ndarray
    returned_by: np.ndarray
    n_returned: np.ndarray
    spell_zone: np.ndarray
    arrival: np.ndarray
    spell_arrival: np.ndarray


EV_C, EV_X, EV_BY, EV_MODE = range(4)  # rows of the one event's (4, T) array
# The zone-change events of a trial, in order (``WipeState.arrival``, kept in a batch run with
# zone order: a zone lists its cards as they arrived, 404.2; in one event, by slot, which is
# board order here): deaths as given (704.5f/g), the wipe's movers as it resolves (destroy,
# exile, return to hand), the graveyards exiled (Farewell's modes in order), the spell card
# (608.2n), the deaths a marking wipe causes (state-based actions after it, 704.3), then a
# return's death at 0 toughness, each its own event (RETURN_DEATHS + its record).
AS_GIVEN, AS_IT_RESOLVES, GRAVEYARDS_EXILED, SPELL_CARD, AFTER_IT, RETURN_DEATHS = range(6)


def run_fast(state: WipeState, inputs: WipeInputs) -> np.ndarray:
    """Resolve the wipe in the trials that fit; return the mask of those that did not."""
    view = FastView(*(getattr(state, name) for name in FastView._fields))
    event = np.stack(
        [np.maximum(inputs.ev_card[:, 0], 0), inputs.ev_x[:, 0], inputs.ev_by[:, 0],
         inputs.ev_mode[:, 0]]
    ).astype(np.int64)  # fmt: skip
    handed_back = np.zeros(len(state.status), dtype=np.bool_)
    f = state.features
    _run_trials(view, event, card_table, f.etb, f.ping, handed_back)
    return handed_back


@entry
def _run_trials(
    v: FastView,
    event: np.ndarray,
    table: np.ndarray,
    etb: bool,
    ping: bool,
    handed_back: np.ndarray,
) -> None:
    """Every trial of the batch (the per-slot buffers allocated once, here)."""
    n, p = v.card.shape[1], v.life.shape[1]
    movers = np.zeros(n, dtype=np.bool_)
    dest = np.zeros(n, dtype=np.int8)
    undying = np.zeros(n, dtype=np.bool_)
    order = np.zeros(n, dtype=np.int64)
    life = np.zeros((2, p), dtype=np.int64)  # gained, pinged
    flags = np.array([etb, ping], dtype=np.bool_)
    _trials(v, event, table, flags, handed_back, (movers, dest, undying, order, life))


@njit
def _trials(
    v: FastView,
    event: np.ndarray,
    table: np.ndarray,
    flags: np.ndarray,
    handed_back: np.ndarray,
    buffers: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> None:
    """The loop over trials, without reference counting (a call from the entry would count
    every array of the view, trial after trial)."""
    for i in range(v.card.shape[0]):
        handed_back[i] = _trial(v, event, table, flags, i, buffers)


@inline
def _trial(
    v: FastView,
    event: np.ndarray,
    table: np.ndarray,
    flags: np.ndarray,
    i: int,
    buffers: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> bool:
    """One trial; whether it goes to the kernel instead. ``flags``: the batch has enters
    triggers that gain life, that deal damage."""
    movers, dest, undying, order, life = buffers
    if _unsettled(v, i):
        return True
    c, by = event[EV_C, i], event[EV_BY, i]
    cost = event[EV_X, i] if table[T_SPELL_PAY_X_LIFE, c] else 0
    if v.life[i, by] < cost:  # CR 119.4: the kernel rejects it
        return True
    v.life[i, by] -= cost
    _wipe(v, event, table, i, movers, dest)
    marks = 2 <= table[T_SPELL, c] <= 4  # damage, -N/-N, counters: deaths after it (704.3)
    count = _leave(v, i, movers, dest, undying, order, AFTER_IT if marks else AS_IT_RESOLVES)
    life[:] = 0
    r = 0
    for k in range(count):  # first to resolve first
        r = _return(v, table, i, order[k], undying[order[k]], r, flags, life)
    v.n_returned[i] = r
    v.spell_zone[i, 0] = LIBRARY if table[T_SPELL_TO_LIBRARY, c] else GRAVEYARD  # 608.2n
    if v.spell_arrival.shape[1]:
        v.spell_arrival[i, 0, 0] = SPELL_CARD
    lost = False
    for q in range(v.life.shape[1]):
        # 704.5a: if the damage alone could take a player to 0 at some point, the order of
        # life gains and losses matters; the kernel plays it out.
        lost |= v.life[i, q] - life[1, q] <= 0
        v.life[i, q] += life[0, q] - life[1, q]
    return lost


@inline
def _arrive(v: FastView, i: int, j: int, event: int, place: int) -> None:
    """Where slot ``j``'s card arrived in its zone: the event, its place in it (a batch run
    without zone order keeps none)."""
    if v.arrival.shape[1]:
        v.arrival[i, j, 0], v.arrival[i, j, 1] = event, place


@inline
def _creature(v: FastView, i: int, j: int) -> bool:
    return bool(
        v.zone[i, j] == BATTLEFIELD and v.is_creature_card[i, j] and not v.not_creature[i, j]
    )


@inline
def _toughness(v: FastView, i: int, j: int) -> int:
    """613.4: printed, then "until end of turn" changes, then counters (no statics here)."""
    return int(v.base_t[i, j] + v.eot_toughness[i, j] + v.plus[i, j] - v.minus[i, j])


@inline
def _annihilate(v: FastView, i: int, j: int) -> None:
    """704.5q: +1/+1 and -1/-1 counters on a permanent annihilate."""
    if v.zone[i, j] == BATTLEFIELD and v.plus[i, j] > 0 and v.minus[i, j] > 0:
        gone = min(v.plus[i, j], v.minus[i, j])
        v.plus[i, j] -= gone
        v.minus[i, j] -= gone


@inline
def _lethal(v: FastView, i: int, j: int) -> bool:
    """704.5f/g: a creature with toughness 0 or less, or damage at least its toughness."""
    t = _toughness(v, i, j)
    return _creature(v, i, j) and (t <= 0 or v.damage[i, j] >= t)


@inline
def _returns(v: FastView, i: int, j: int) -> tuple[bool, bool]:
    """Whether slot ``j``'s persist, and its undying, trigger if it dies as it is (702.79a:
    no -1/-1 counter on it; 702.93a: no +1/+1 counter)."""
    persists = v.printed_persist[i, j] + v.granted_persist[i, j] > 0 and v.minus[i, j] == 0
    undies = v.printed_undying[i, j] + v.granted_undying[i, j] > 0 and v.plus[i, j] == 0
    return persists, undies


@inline
def _unsettled(v: FastView, i: int) -> bool:
    """CR 117.5: do the state-based actions of the board as given (704.5f/g/q), unless a death
    would return something (then the trial is the kernel's, and is left as it is)."""
    dying = 0  # bits of the slots
    for j in range(v.card.shape[1]):
        if not _lethal(v, i, j):
            continue
        persists, undies = _returns(v, i, j)
        if persists or undies:
            return True
        dying |= 1 << j
    for j in range(v.card.shape[1]):
        if dying >> j & 1:
            v.zone[i, j] = NONE if v.token[i, j] else GRAVEYARD
            _arrive(v, i, j, AS_GIVEN, j)
            v.plus[i, j], v.minus[i, j], v.damage[i, j] = 0, 0, 0
        else:
            _annihilate(v, i, j)
    return False


@inline
def _wipe(
    v: FastView, event: np.ndarray, table: np.ndarray, i: int, movers: np.ndarray, dest: np.ndarray
) -> None:
    """CR 608.2: the wipe itself and the state-based actions it causes (704.5f/g, 704.5q):
    ``movers``, the permanents that leave, and ``dest``, where each goes. The wipes that mark
    creatures (damage, -N/-N, counters) are followed by their deaths slot by slot: with no
    statics, one creature's marks do not change another's toughness."""
    c, code = event[EV_C, i], table[T_SPELL, event[EV_C, i]]
    for j in range(v.card.shape[1]):
        hit = _creature(v, i, j)
        movers[j] = hit and (code == 1 or code == 6)  # destroy, return to hand
        dest[j] = HAND if code == 6 else GRAVEYARD
        if code == 7:  # each colored permanent
            movers[j] = v.zone[i, j] == BATTLEFIELD and table[T_IS_COLORED, max(v.card[i, j], 0)]
        elif code == 5:
            movers[j] = _exile_modal(v, table, i, j, event[EV_MODE, i], dest)
        elif 2 <= code <= 4:
            if hit:
                _mark(v, table, i, j, c, event[EV_X, i], code)
            movers[j] = _dies_after_marks(v, i, j, dest)


@inline
def _exile_modal(
    v: FastView, table: np.ndarray, i: int, j: int, mode: int, dest: np.ndarray
) -> bool:
    """Farewell (406.2): whether slot ``j`` is one of the chosen modes' permanents (exiled);
    with the fourth mode a card already in a graveyard is exiled too."""
    cj = max(v.card[i, j], 0)
    if v.zone[i, j] == GRAVEYARD and mode & 16:
        v.zone[i, j] = EXILE
        if v.arrival.shape[1]:
            v.arrival[i, j, 0] = GRAVEYARDS_EXILED  # in graveyard order: the place is kept
    chosen = v.zone[i, j] == BATTLEFIELD and (
        (_creature(v, i, j) and mode & 2 != 0)
        or (table[T_IS_ARTIFACT, cj] != 0 and mode & 1 != 0)
        or (table[T_IS_ENCHANTMENT, cj] != 0 and mode & 4 != 0)
    )
    if chosen:
        dest[j] = EXILE
    return chosen


@inline
def _mark(v: FastView, table: np.ndarray, i: int, j: int, c: int, x: int, code: int) -> None:
    """The wipes that mark a creature rather than move it: damage (120.3e), -N/-N until end of
    turn (611.2c), X counters (122.1)."""
    amount = table[T_SPELL_AMOUNT, c]
    if code == 2:
        v.damage[i, j] += amount
        v.exile_if_dies[i, j] |= table[T_SPELL_EXILE_IF_DIES, c] != 0
    elif code == 3:
        times = x if table[T_SPELL_BY_X, c] else 1
        v.eot_power[i, j] += amount * times
        v.eot_toughness[i, j] += table[T_SPELL_TOUGHNESS, c] * times
    elif table[T_SPELL_KIND, c] == 0:
        v.plus[i, j] += x
    else:
        v.minus[i, j] += x


@inline
def _dies_after_marks(v: FastView, i: int, j: int, dest: np.ndarray) -> bool:
    """CR 704.5f/g/q after a marking wipe: whether the creature dies (Anger of the Gods exiles
    it, 614.1a); if it does not, its +1/+1 and -1/-1 counters annihilate."""
    dies = _lethal(v, i, j)
    if dies and v.exile_if_dies[i, j]:
        dest[j] = EXILE
    elif not dies:
        _annihilate(v, i, j)
    return dies


@inline
def _leave(
    v: FastView,
    i: int,
    movers: np.ndarray,
    dest: np.ndarray,
    undying: np.ndarray,
    order: np.ndarray,
    arrival: int,
) -> int:
    """The zone change (400.7, event ``arrival``): the old objects are gone with their damage
    and effects. Their
    persist and undying triggers (702.79a, 702.93a) by last known information: the instances
    and counters as each left (``undying``: its trigger goes on the stack after persist's,
    so it resolves first). ``order`` gets the slots that return, in resolution order; return
    how many."""
    count = 0
    for j in range(v.card.shape[1]):
        if not movers[j]:
            continue
        dies = dest[j] == GRAVEYARD and not v.exile_if_dies[i, j]
        persists, undies = _returns(v, i, j)
        undying[j] = dies and undies
        if dies and (persists or undies) and not v.token[i, j]:
            count = _stack(v, i, j, undying[j], order, count)
        v.zone[i, j] = NONE if v.token[i, j] else dest[j]
        _arrive(v, i, j, arrival, j)
        v.damage[i, j], v.eot_power[i, j], v.eot_toughness[i, j] = 0, 0, 0
        v.granted_persist[i, j], v.granted_undying[i, j], v.granted[i, j] = 0, 0, 0
        v.tapped[i, j], v.not_creature[i, j] = False, False
        v.exile_if_dies[i, j], v.deathtouch_damage[i, j] = False, False
    for k in range(count):
        order[k] = (order[k] >> 1) & 63
    return count


@inline
def _stack(v: FastView, i: int, j: int, undying: bool, order: np.ndarray, count: int) -> int:
    """CR 603.3b: slot ``j``'s trigger into ``order`` (sort keys, the slot in bits 1-6), the
    one put on the stack last first (APNAP, then rank); return the new count."""
    apnap = v.controller[i, j] - v.active[i]
    apnap += v.n_players[i] * (apnap < 0)
    key = ((((np.int64(apnap) << 22) | v.rank[i, j]) << 6 | j) << 1) | undying
    k = count
    while k > 0 and order[k - 1] < key:
        order[k] = order[k - 1]
        k -= 1
    order[k] = key
    return count + 1


@inline
def _return(
    v: FastView,
    table: np.ndarray,
    i: int,
    j: int,
    undying: bool,
    r: int,
    flags: np.ndarray,
    life: np.ndarray,
) -> int:
    """Slot ``j``'s return under its owner's control with its counter (122.6), recorded at
    ``r``; return the next record. A persist return at 0 toughness dies at once (704.5f) and
    printed undying brings it back, recorded twice in a row."""
    v.zone[i, j] = BATTLEFIELD
    v.obj[i, j] += 1
    v.since_turn_start[i, j] = False
    v.controller[i, j] = v.owner[i, j]
    v.plus[i, j], v.minus[i, j] = (1, 0) if undying else (0, 1)
    power = v.base_p[i, j] + v.plus[i, j] - v.minus[i, j]
    v.returned_slot[i, r], v.returned_by[i, r] = j, UNDYING if undying else PERSIST
    chain = False
    if v.is_creature_card[i, j] and v.base_t[i, j] + v.plus[i, j] - v.minus[i, j] <= 0:
        chain = v.printed_undying[i, j] > 0
        v.zone[i, j] = BATTLEFIELD if chain else GRAVEYARD
        _arrive(v, i, j, RETURN_DEATHS + r, 0)
        v.obj[i, j] += chain
        v.plus[i, j], v.minus[i, j] = int(chain), 0
        v.returned_slot[i, r + 1], v.returned_by[i, r + 1] = j if chain else -1, UNDYING * chain
    _enters_triggers(v, table, i, j, power, chain, flags, life)
    return r + 1 + chain


@inline
def _enters_triggers(
    v: FastView,
    table: np.ndarray,
    i: int,
    j: int,
    power: int,
    chain: bool,
    flags: np.ndarray,
    life: np.ndarray,
) -> None:
    """Slot ``j``'s enters triggers, once or (chained) twice: life gained (119.3) and damage
    dealt (120.3a), by seat into ``life``'s rows; a chained return has power printed + 1."""
    c = max(v.card[i, j], 0)
    if flags[0]:
        life[0, v.owner[i, j]] += (1 + chain) * table[T_ETB_LIFE, c]
    if not flags[1] or not table[T_ETB_PING, c]:
        return
    pings = max(power, 0) + chain * max(v.base_p[i, j] + 1, 0)
    target = v.ping_target[i, j]
    if target < 0:
        target = (v.owner[i, j] + 1) % v.n_players[i]
    life[1, target] += pings * table[T_ETB_PING, c]


def warm_up() -> None:
    """Compile the fast path (or load it from the on-disk cache): it has one signature, so
    the kernel's one-trial warm-up batch, laid out as the fast path lays out every batch,
    compiles it (what that trial comes to is not looked at)."""
    from engine.batch.kernel.fits import warm_up_batch
    from engine.batch.layout import new_state  # layout imports this module's callers

    _, inputs = warm_up_batch()
    run_fast(new_state(inputs, bookkeeping=False), inputs)
