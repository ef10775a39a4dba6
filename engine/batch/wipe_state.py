"""The state of T wipe trials (shape 1) as a struct of arrays, trial axis first.

Slots: ``[0, S)`` hold the starting board, ``[S, S + E)`` one permanent each event may cast,
``[S + E, S + E + K)`` tokens created during the trial (a batch with no cast and no card that
makes tokens has the board's slots alone). A slot keeps one card for the whole
trial; every object that card becomes (CR 400.7) is counted by ``obj``. Empty slots have
``card == -1``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields
from functools import lru_cache

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from engine.batch.rows import row_chunks, take_rows
from engine.library import INT64

# zones
NONE, BATTLEFIELD, GRAVEYARD, EXILE, HAND, LIBRARY = 0, 1, 2, 3, 4, 5
# per-trial status
OK, DRAW, UNSUPPORTED = 0, 1, 2
# trigger kinds (the reference engine's names, in the order the outcome reports them)
PERSIST, UNDYING, ETB, DIES, LIFE_LOSS, DELAYED, DESTROY_HUMAN, UPKEEP = range(1, 9)
ABILITY = 9  # an activated ability on the stack (602.2), not a trigger
GRAVEYARD_ENTER = 10  # a creature entered from its owner's graveyard (Flayer of the Hatebound)
ATTACKS = 11  # "whenever it attacks" (508.1m)
END_STEP = 12  # "at the beginning of the end step" (513.1: Pestilence's sacrifice)
LEAVES = 13  # "when it leaves the battlefield" (603.6c: Thragtusk's token)
KIND_NAMES = {PERSIST: "persist", UNDYING: "undying", ETB: "etb", DIES: "dies",
              LIFE_LOSS: "life_loss", DELAYED: "delayed", DESTROY_HUMAN: "destroy_human",
              UPKEEP: "upkeep", GRAVEYARD_ENTER: "graveyard_enter",
              ATTACKS: "attacks", END_STEP: "end_step", LEAVES: "leaves"}  # fmt: skip
# events
(
    EV_NONE,
    EV_CAST,
    EV_DESTROY,
    EV_SACRIFICE,
    EV_EXILE,
    EV_BOUNCE,
    EV_DAMAGE,
    EV_DAMAGE_PLAYER,
    EV_DAMAGE_ALL,
    EV_COUNTERS,
    EV_PASS_TURN,
    EV_ATTACK,
    EV_TAP_MANA,
    EV_ACTIVATE,
    EV_TAP,
    EV_UNTAP,
) = range(16)

# why an event was rejected: (reason, rule) by code; 0 = not rejected
REJECTIONS = {
    1: ("not_on_battlefield", "400.7"),
    2: ("cannot_pay_life", "119.4"),
    3: ("not_an_attacker", "508.1a"),
    4: ("tapped", "508.1a"),
    5: ("summoning_sick", "302.6"),
    6: ("not_a_blocker", "509.1a"),
    7: ("cannot_block_flying", "702.9b"),
    8: ("cannot_block_intimidate", "702.13b"),
    9: ("menace_needs_two_blockers", "702.111b"),
    10: ("not_attacking", "509.1a"),
    11: ("no_mana_ability", "605.1a"),
    12: ("type_not_available", "106.7"),
    13: ("tapped", "107.5"),
    14: ("untapped", "107.6"),
    15: ("missing_counter", "118.3"),
    16: ("insufficient_mana", "118.3"),
    17: ("no_untapped_creature", "118.3"),
    18: ("no_such_ability", "602.1"),
    19: ("cost_cannot_be_paid", "118.3"),
    20: ("nothing_to_sacrifice", "118.3"),
    21: ("defender_cannot_attack", "702.3b"),
    22: ("cannot_block_fear", "702.36b"),
    23: ("illegal_target", "702.11b"),
    24: ("cannot_block_landwalk", "702.14c"),
}

# why a trial is unsupported: the cap it reached or what Cauldron does not play, by code
(
    R_STACK_DEPTH, R_RETURNS, R_LAST_KNOWN, R_EFFECTS, R_TOKEN_SLOTS, R_PLAYER_LOST, R_HISTORY,
    R_MANA_CAP, R_NUMBER_CAP, R_DRAWS_A_CARD, R_TOKENS_MADE, R_LIFE_CAP, R_PT_CAP,
    R_DAMAGE_CAP, R_ORDER_CAP,
) = range(1, 16)  # fmt: skip

RANK_FALLBACK = 1 << 20  # rank of a source the choices do not rank: after all ranked ones
# a rank from a scenario's trigger order carries its player: rank + (seat + 1) << RANK_BY_SHIFT;
# it places that player's triggers only (603.3b: each player orders their own; a permanent
# changing control takes none of its ranks along). A drawn rank carries none: it holds always.
RANK_BY_SHIFT = 24
STACK_DEPTH = 96  # documented cap on the stack and on waiting triggers: a trial that needs
#                   more is reported unsupported
HISTORY = 256  # resolutions per event kept for loop detection (104.4b)
EFFECTS = 4  # Massacre Girl delayed triggers alive at once
LKI_RING = 4  # last known power kept for the last four objects of each card
RETURNS = 128  # returns recorded per trial; a trial that needs more is reported unsupported
ORDER_LEN = 8  # distinct ids listed in one action's replacement_order (616.1)
KIND_RANKS = 16  # "id:ability" trigger orders (603.3b) one scenario may list, and "id" keys
#                  naming a token or a permanent another player controls at the start
ANY_KIND = -1  # a kind_rank entry's kind for an "id" key: every trigger of the object
# the names a scenario's ``targets`` choices keep in ``target_names``: the permanents "any
# target" lists in order (115.4), and the tokens named for the other readers (111.1)
TARGET_NAMES = 16
# tokens a scenario's ``targets`` choices are given for (their names are the token's once it
# is made, 111.1: ``token_choices``)
TOKEN_CHOICES = 8
# ids a scenario's ``counter_order`` lists, all players' together (616.1: ``counter_rank``)
COUNTER_RANKS = 16
# how a player orders counter replacements without a list (engine.scenario.COUNTER_POLICIES,
# by index: ``counter_policy``)
COUNTER_LISTED, COUNTER_MOST, COUNTER_FEWEST = range(3)
# slots a set of chosen targets can name: the bits of an int64 below its sign bit (``chosen``,
# ``ev_chosen``); a scenario naming a slot past them for a reader of a set is refused
CHOSEN_SLOTS = 63
# tokens one trial may make: a token slot is used again once its token has ceased to exist, and
# the state numbers tokens and objects in 16 bits (``token_serial``, ``obj``, ``tokens_made``)
TOKENS_MADE_CAP = 2**15 - 1
MAX_AMOUNT = INT64[-1]  # mana of one type, life, counters: 64-bit, never wrapped or saturated


@dataclass
class WipeInputs:
    """What ``sim`` draws for T trials of shape 1 (and what a scenario converts to).

    Board fields are (T, S); event fields are (T, E). ``rank`` (T, S + E) int32 ranks each
    slot's triggers among its controller's (lower goes on the stack first, 603.3b); -1 means
    "by board order" (cast slots are ranked when they enter).
    """

    n_players: np.ndarray  # (T,) int8
    active: np.ndarray  # (T,) int8 seat of the active player
    life: np.ndarray  # (T, P) int16
    card: np.ndarray  # (T, S) int16 card index, -1 empty
    controller: np.ndarray  # (T, S) int8 seat
    owner: np.ndarray  # (T, S) int8 seat
    token: np.ndarray  # (T, S) bool
    plus: np.ndarray  # (T, S) int16 +1/+1 counters
    minus: np.ndarray  # (T, S) int16 -1/-1 counters
    damage: np.ndarray  # (T, S) int16
    tapped: np.ndarray  # (T, S) bool
    granted_persist: np.ndarray  # (T, S) int8 granted persist instances
    granted_undying: np.ndarray  # (T, S) int8 granted undying instances
    not_creature: np.ndarray  # (T, S) bool
    rank: np.ndarray  # (T, S + E) int32
    ping_target: np.ndarray  # (T, S + E) int8 seat an ETB "any target" hits, -1 next seat
    ev_kind: np.ndarray  # (T, E) int8 EV_*
    ev_card: np.ndarray  # (T, E) int16 card cast, -1 none
    ev_by: np.ndarray  # (T, E) int8 seat of the caster
    ev_x: np.ndarray  # (T, E) int16
    ev_target: np.ndarray  # (T, E) int16 target slot (or seat for EV_DAMAGE_PLAYER)
    ev_amount: np.ndarray  # (T, E) int16 damage or counters
    ev_counter: np.ndarray  # (T, E) int8 counter kind code (0 +1/+1, 1 -1/-1)
    ev_mode: np.ndarray  # (T, E) int8 bit set of a modal spell's modes
    # combat (optional: None means no sick permanent, no granted keyword, no attack)
    since_turn_start: np.ndarray | None = None  # (T, S) bool: controlled since turn began
    granted: np.ndarray | None = None  # (T, S) uint32 granted tables.KEYWORD_BITS
    ev_attack: np.ndarray | None = None  # (T, E, S) int16 place in the attackers list, -1
    ev_block: np.ndarray | None = None  # (T, E, S) int16 board slot of the attacker blocked
    ev_block_order: np.ndarray | None = None  # (T, E, S) int16 place in the blockers table
    # mana (optional: None means none of it)
    # (T, S, K) counters of tables.COUNTER_KINDS[2:]: int64 from a scenario, int16 drawn (at
    # most MAX_COUNT); the state counts them in int64
    counters: np.ndarray | None = None
    attached_to: np.ndarray | None = None  # (T, S) int8 board slot an Aura enchants, -1
    ev_color: np.ndarray | None = None  # (T, E) int8 chosen mana type (WUBRGC), -1 none
    ev_tap_creature: np.ndarray | None = None  # (T, E) int16 slot tapped for a cost, -1 first
    ev_ability: np.ndarray | None = None  # (T, E) int8 which activated ability
    chosen: np.ndarray | None = None  # (T, S + E) int64 bits of the slots ``[choices] targets``
    #   names for a slot's triggered ability (an enters "any target", Contamination's upkeep)
    ev_chosen: np.ndarray | None = None  # (T, E) int64 bits of the slots an activated
    #   ability's controller chose as its targets ([choices] targets), 0: the listed policy
    ev_chosen_player: np.ndarray | None = None  # (T, E) int8 a player chosen as "any target"
    ev_token: np.ndarray | None = None  # (T, E) int16 an action on a token a scenario names
    #   by id (its source's, the token's name and number, 111.1): the number, ``ev_target``
    #   the source's slot; 0 for any other target
    ev_tap_token: np.ndarray | None = None  # (T, E) int16 the same for the creature a tap
    #   for mana taps for a cost: the token's number, ``ev_tap_creature`` the source's slot
    ev_combat_token: np.ndarray | None = None  # (T, E, D, 6) int16 an attack's declarations
    #   naming a token (kernel.state.TOKEN_ENTRY: the object by source slot and token number,
    #   0 for the slot itself; attack place, block place, the object blocked); number -1
    #   pads, source -1 names a token no trial makes (a number past TOKENS_MADE_CAP)
    ev_order: np.ndarray | None = None  # (T, E, ORDER_LEN) int8/16 replacement order (616.1):
    #   slots (a permanent's static or activated effect) or S + e (event e's spell), -1 pads
    kind_rank: np.ndarray | None = None  # (T, K, 4) int32, K <= KIND_RANKS: (slot, token
    #   number, trigger kind, rank) for a scenario's "id:ability" trigger orders (603.3b): the
    #   rank of the triggers of that kind of the object named (slot itself, number 0, or the
    #   token it made as its number-th, 111.1; ANY_KIND: an "id" key naming a token, or a
    #   permanent another player controls at the start), in place of ``rank``'s, for the
    #   rank's player; slot -1 pads
    target_names: np.ndarray | None = None  # (T, K, 3) int32, K <= TARGET_NAMES: (source slot,
    #   slot, token number) for a scenario's "any target" choices, in the order named (slot
    #   -1, number 0 in the first player's place): slot itself (number 0) or the token it
    #   made as its number-th (111.1); for a source whose names are read as a set, the
    #   tokens named (its slots are ``chosen`` bits); source -1 pads; a source -2 - j names
    #   the token of ``token_choices`` entry j (the kernel writes its slot once it is made)
    counter_policy: np.ndarray | None = None  # (T, P) int8 how each player orders the
    #   replacements that change how many counters are put on their permanents (616.1):
    #   COUNTER_LISTED (board order, after the ids of ``counter_rank``), _MOST or _FEWEST
    counter_rank: np.ndarray | None = None  # (T, K, 3) int32, K <= COUNTER_RANKS: (seat,
    #   slot, place) for a scenario's ``counter_order`` lists: that seat applies the slot's
    #   replacement at its place, before those it does not list; seat -1 pads
    token_choices: np.ndarray | None = None  # (T, K, 4) int64, K <= TOKEN_CHOICES: (source
    #   slot, token number, chosen bits, ping seat) for a scenario's ``targets`` entry keyed
    #   by a token (111.1): what ``chosen`` and ``ping_target`` give a slot, given to the
    #   token's slot as it is made; source -1 pads

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """(T trials, P players, S board slots, E events)."""
        return (
            self.card.shape[0],
            self.life.shape[1],
            self.card.shape[1],
            self.ev_kind.shape[1],
        )

    def take(self, rows: slice | np.ndarray) -> WipeInputs:
        """The same inputs for a subset of trials."""
        return take_rows(self, rows, self.card.shape[0])

    def chunks(self, size: int) -> Iterator[WipeInputs]:
        """The same inputs ``size`` trials at a time, in order."""
        return row_chunks(self, self.card.shape[0], size)


# an enters trigger's damage from a source with these gains life or puts counters (702.15b,
# 702.80b), which the fast path does not model
DAMAGE_KEYWORDS = tb.KEYWORD_BITS["lifelink"] | tb.KEYWORD_BITS["wither"]
# by card: the keywords it has printed or gives by a static, whatever the static's scope
_KEYWORDS_GIVEN = tb.KEYWORDS | tb.GRANTED_KEYWORDS

INDESTRUCTIBLE = tb.KEYWORD_BITS["indestructible"]
# ... and those it gives until end of turn too (an activated ability, an attack trigger, a spell)
_EVER_HELD = (
    _KEYWORDS_GIVEN
    | tb.ATTACK_KEYWORD
    | tb.SPELL_KEYWORDS
    | np.bitwise_or.reduce(tb.ACT_KEYWORD_BITS, axis=1)
)


def given_indestructible(inputs: WipeInputs) -> bool:
    """Whether a slot of the batch is given indestructible as it starts (a scenario's or an
    experiment's ``grant``): a feature its cards do not show."""
    return inputs.granted is not None and bool((inputs.granted & INDESTRUCTIBLE).any())


@dataclass(frozen=True)
class Features:
    """Which rules a batch's cards can call on: the kernels skip what no card needs."""

    anthem: bool  # creatures_get "yours"
    all_pt: bool  # creatures_get "all"
    lord: bool  # creatures_get for "other non-Human creatures you control"
    filtered: bool  # creatures_get naming a subtype or a color (tables.FILTER_*)
    return_grants: bool  # statics that give creatures persist or undying (any scope)
    counter_rules: bool  # prohibitions or number-changing replacements for counters
    gy_exile: bool  # "put into a graveyard" replaced by exile
    tokens: bool  # triggers that create tokens (as a creature dies, as a permanent leaves)
    doubler: bool
    death_life: bool  # a life trigger on a creature's death (library.death_drain)
    ping: bool  # enters: damage to any target
    shrink: bool  # enters: creatures get -N/-N (and maybe again on each death)
    etb: bool  # any enters trigger
    legendary: bool
    gy_enter: bool  # triggers of a card entering from a graveyard (River Kelpie, Flayer)
    grant_mana: bool  # statics that grant a mana ability (Cryptolith Rite, Chromatic Lantern)
    beyond_fast: bool  # enters triggers the fast path does not play, or entering tapped
    damage_keywords: bool  # lifelink or wither, printed or granted by a static (702.15b, 702.80b)
    indestructible: bool  # printed, or given by a static, an activation or an attack trigger
    tapped_mana: bool  # replacements, triggers or effects on the mana of a permanent tapped for it

    @staticmethod
    def of(present: np.ndarray) -> Features:
        """The features of a batch holding the cards ``present`` (a bool by card index:
        ``kernel.present.cards_present``). A run's batches hold the same few sets of cards,
        so each set's features are found once."""
        return _features_of(np.asarray(present, dtype=np.bool_).tobytes())


# by feature (``Features``' fields, in order), the cards that bring it
_BROUGHT_BY = np.stack(
    [
        (tb.ANTHEM_P != 0) | (tb.ANTHEM_T != 0),
        (tb.ALL_P != 0) | (tb.ALL_T != 0) | (tb.OTHER_P != 0) | (tb.OTHER_T != 0),
        (tb.LORD_P != 0) | (tb.LORD_T != 0),
        tb.FILTER_SCOPE >= 0,
        tb.GIVES_RETURNS,
        tb.COUNTER_RULE,
        tb.EXILE_ALL_GY | tb.EXILE_OPP_GY,
        tb.MAKES_TOKEN >= 0,
        tb.TOKENS_DOUBLED,
        tb.DEATH_WATCH,
        tb.ETB_PING,
        tb.ETB_SCOPE >= 0,
        tb.HAS_ETB,
        tb.IS_LEGENDARY,
        tb.GY_DRAW | tb.GY_PING,
        mt.GRANT_ANY | mt.GRANT_ANY_LANDS,
        tb.BEYOND_FAST_ETB | mt.ENTERS_TAPPED,
        _KEYWORDS_GIVEN & DAMAGE_KEYWORDS != 0,
        _EVER_HELD & INDESTRUCTIBLE != 0,
        mt.CHANGES_TAPPED_MANA,
    ]
).astype(np.bool_)


@lru_cache(maxsize=1024)
def _features_of(present_bytes: bytes) -> Features:
    present = np.frombuffer(present_bytes, dtype=np.bool_)
    hits = [bool(h) for h in np.any(_BROUGHT_BY & present, axis=1).ravel()]
    return Features(**dict(zip([f.name for f in fields(Features)], hits, strict=True)))


@dataclass
class WipeState:
    """Working arrays of T trials; slot arrays are (T, N) with N = S + E + K (or S)."""

    n_players: np.ndarray  # (T,) int8
    active: np.ndarray  # (T,) int8
    life: np.ndarray  # (T, P) int64 (life in 64 bits, never wrapped: MAX_AMOUNT)
    status: np.ndarray  # (T,) int8 OK / DRAW / UNSUPPORTED
    card: np.ndarray  # (T, N) int16
    is_creature_card: np.ndarray  # (T, N) bool, from the card (tables.IS_CREATURE)
    base_p: np.ndarray  # (T, N) int16 printed power
    base_t: np.ndarray  # (T, N) int16 printed toughness
    printed_persist: np.ndarray  # (T, N) int8
    printed_undying: np.ndarray  # (T, N) int8
    printed_keywords: np.ndarray  # (T, N) uint32 tables.KEYWORD_BITS of the card
    granted: np.ndarray  # (T, N) uint32 granted to the object (611.2c)
    since_turn_start: np.ndarray  # (T, N) bool: CR 302.6
    deathtouch_damage: np.ndarray  # (T, N) bool: dealt damage by a source with deathtouch
    zone: np.ndarray  # (T, N) int8
    controller: np.ndarray  # (T, N) int8
    owner: np.ndarray  # (T, N) int8
    token: np.ndarray  # (T, N) bool
    obj: np.ndarray  # (T, N) int16 battlefield objects this card has been
    stamp: np.ndarray  # (T, N) int16 arrivals in a graveyard (a return checks it, 400.7)
    plus: np.ndarray  # (T, N) int16
    minus: np.ndarray  # (T, N) int16
    damage: np.ndarray  # (T, N) int16
    tapped: np.ndarray  # (T, N) bool
    granted_persist: np.ndarray  # (T, N) int8
    granted_undying: np.ndarray  # (T, N) int8
    not_creature: np.ndarray  # (T, N) bool
    eot_power: np.ndarray  # (T, N) int64 locked-in "until end of turn" changes (611.2c)
    eot_toughness: np.ndarray  # (T, N) int64
    exile_if_dies: np.ndarray  # (T, N) bool
    chosen: np.ndarray  # (T, N) int64 bits of the slots named for its triggered ability
    order: np.ndarray  # (T, N) int32 board order (the listed policy and the legend rule)
    rank: np.ndarray  # (T, N) int32
    ping_target: np.ndarray  # (T, N) int8
    seq: np.ndarray  # (T,) int32 detection counter (orders simultaneous triggers)
    next_order: np.ndarray  # (T,) int32 next board-order rank for entering cast/token slots
    tokens_made: np.ndarray  # (T,) int16 tokens made (TOKENS_MADE_CAP)
    token_serial: np.ndarray  # (T, N) int16 a token's number in its source's series
    token_source: np.ndarray  # (T, N) int16 source slot of a token slot, -1 none
    # outcome records
    returned_slot: np.ndarray  # (T, R) int16 returns in order
    returned_by: np.ndarray  # (T, R) int8 PERSIST or UNDYING
    n_returned: np.ndarray  # (T,) int16
    spell_zone: np.ndarray  # (T, E) int8 where each event's spell card went
    spell_on: np.ndarray  # (T, E) bool the "until end of turn" effect of event e's spell lasts
    cast_x: np.ndarray  # (T, E) int64 the X each event's spell was cast with (as given, or
    #                    the X its caster's pool paid: ``kernel.events.cast``; -1 none)
    acted: np.ndarray  # (T, E) bool the event is an action (its kind is not EV_NONE)
    reason: np.ndarray  # (T,) int8 why a trial is unsupported (R_*), 0 otherwise
    # mana
    counters: np.ndarray  # (T, N, K) int64 counters of tables.COUNTER_KINDS[2:]
    attached_to: np.ndarray  # (T, N) int8
    # Zone order (404.2), for the outcome (``explain``, the differential tests); a batch run
    # without it (an experiment's: its statistics count cards, they do not list zones) has
    # none, width 0. Where each slot's card, and each event's spell card, arrived in its zone
    # off the battlefield: the zone-change event, then its place in the event (cards put into
    # one zone at once are in the listed order, 404.3).
    arrival: np.ndarray  # (T, N, 2) int64, or (T, 0, 2)
    spell_arrival: np.ndarray  # (T, E, 2) int64, or (T, 0, 2)
    could_produce: np.ndarray  # (T, N) uint8 type bits WUBRGC (106.7), as the trial ends
    has_mana: np.ndarray  # (T, N) bool has a mana ability, as the trial ends
    pools: np.ndarray  # (T, P, 6) int64 mana pools, WUBRGC
    undefined_mana: np.ndarray  # (T,) int64 activations that made no mana (106.5)
    mana_from_triggers: np.ndarray  # (T,) int64 mana added by "tapped for mana" triggers
    mana_replaced: np.ndarray  # (T,) int64 mana added (or removed) by replacement effects
    spell_card: np.ndarray  # (T, E) int16 the card each event cast, -1 none
    spell_by: np.ndarray  # (T, E) int8 its caster (and owner)
    rejected: np.ndarray  # (T, E) int8 why the event's action was rejected (REJECTIONS)
    n_board: int
    n_events: int
    features: Features

    def set_cards(self, rows: np.ndarray, slots: np.ndarray, cards: np.ndarray) -> None:
        """Give slots their card (cast permanents and tokens) with its printed columns."""
        self.card[rows, slots] = cards
        self.is_creature_card[rows, slots] = tb.IS_CREATURE[cards]
        self.base_p[rows, slots] = tb.BASE_P[cards]
        self.base_t[rows, slots] = tb.BASE_T[cards]
        self.printed_persist[rows, slots] = tb.PERSIST[cards]
        self.printed_undying[rows, slots] = tb.UNDYING[cards]
        self.printed_keywords[rows, slots] = tb.KEYWORDS[cards]

    def widen_returns(self, width: int) -> None:
        """Make room for ``width`` recorded returns per trial (the kernel's record)."""
        extra = width - self.returned_slot.shape[1]
        if extra > 0:
            t = len(self.status)
            self.returned_slot = np.hstack([self.returned_slot, np.full((t, extra), -1, np.int16)])
            self.returned_by = np.hstack([self.returned_by, np.zeros((t, extra), np.int8)])

    def take(self, rows: np.ndarray) -> WipeState:
        """The state of a subset of trials (a copy)."""
        return take_rows(self, rows, len(self.status))

    def put(self, rows: np.ndarray, part: WipeState) -> None:
        """Write back the state of a subset (taken with ``take``, or run on its own). The
        returns recorded are widened to the wider of the two first (the kernel records as many
        as its trials made); the stack buffers, empty once a batch has settled, are skipped
        where their sizes differ."""
        t = len(self.status)
        width = max(self.returned_slot.shape[1], part.returned_slot.shape[1])
        self.widen_returns(width)
        part.widen_returns(width)
        for f in fields(self):
            value, other = getattr(self, f.name), getattr(part, f.name)
            rowed = isinstance(value, np.ndarray) and value.shape[:1] == (t,)
            if rowed and value.shape[1:] == other.shape[1:]:
                value[rows] = other
