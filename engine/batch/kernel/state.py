"""The kernel's view of one trial: the WipeState's arrays copied, trial by trial, into a few
int64 buffers whose rows carry the WipeState field names (``slot_rows[MINUS, s]`` is
``state.minus[i, s]``), and the card tables as one (columns, cards) array
(``card_table[T_BASE_P, c]`` is ``tables.BASE_P[c]``).

Why buffers and not a namedtuple of the arrays: numba passes a namedtuple of fifty arrays
from one compiled function to the next as hundreds of scalars, and compiling the kernel took
minutes; five arrays compile in seconds. Only the loop over the trials sees the namedtuples
(``KState``, ``Events``) and copies a trial in and out (``run._load``, ``run._store_slots``).
Those copies go a group of fields of one dtype at a time, each group one (T, F, N) block (the
state's fields are its rows, ``layout.slot_arrays``): a trial's fields of a group are then one
run of memory, where 35 separate arrays left the copy reloading a pointer for every element.
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

import numpy as np
from numba import literal_unroll

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from engine.batch.kernel.jit import njit
from engine.batch.wipe_state import (
    COUNTER_RANKS,
    EFFECTS,
    KIND_RANKS,
    LKI_RING,
    ORDER_LEN,
    TARGET_NAMES,
    TOKEN_CHOICES,
    Features,
    WipeInputs,
    WipeState,
)

# -- slot_rows (F, N): one row per (T, N) field of WipeState, then the counters of other
# kinds, then the kernel's own rows (0 at the start of every trial; nothing outside reads
# them). The fields come in groups of one dtype (the dtype ``layout.new_state`` makes them):
# in each group, those the board and its layout give (read at load), then those every trial
# starts with the same value in (``FRESH``: set at load, not read). A group is a uniform
# tuple the kernel copies with one loop: copying a mixed tuple of 35 arrays field by field
# (``literal_unroll``) cost 300 ns a trial each way, a third of a trial that taps ten lands.
# In a state the kernel runs, a group's fields are the rows of one (T, F, N) block.
SLOT_GROUPS: tuple[tuple[type, tuple[str, ...], tuple[str, ...]], ...] = (
    (np.int16, ("card", "base_p", "base_t", "obj"), ("stamp", "token_serial", "token_source")),
    (
        np.bool_,
        ("is_creature_card", "token", "since_turn_start", "tapped", "not_creature"),
        ("deathtouch_damage", "exile_if_dies", "has_mana"),
    ),
    (
        np.int8,
        (
            "printed_persist",
            "printed_undying",
            "owner",
            "zone",
            "controller",
            "granted_persist",
            "granted_undying",
            "ping_target",
            "attached_to",
        ),
        (),
    ),
    (np.uint32, ("printed_keywords", "granted"), ()),
    (np.int32, ("order", "rank"), ()),
    (np.int64, ("plus", "minus", "damage", "chosen"), ("eot_power", "eot_toughness")),
    (np.uint8, (), ("could_produce",)),
)
FRESH = {  # field: the value ``layout.new_state`` starts it at in every trial
    "deathtouch_damage": 0, "stamp": 0, "eot_power": 0, "eot_toughness": 0, "exile_if_dies": 0,
    "token_serial": 0, "token_source": -1, "could_produce": 0, "has_mana": 0,
}  # fmt: skip
GROUP_FIELDS = tuple((*given, *fresh) for _, given, fresh in SLOT_GROUPS)  # each group's rows
SLOT_FIELDS = tuple(f for fields in GROUP_FIELDS for f in fields)
SLOT_DTYPES: dict[str, np.dtype[Any]] = {
    f: np.dtype(dtype) for (dtype, _, _), fields in zip(SLOT_GROUPS, GROUP_FIELDS, strict=True)
    for f in fields
}  # fmt: skip
(
    CARD, BASE_P, BASE_T, OBJ, STAMP, TOKEN_SERIAL, TOKEN_SOURCE,
    IS_CREATURE_CARD, TOKEN, SINCE_TURN_START, TAPPED, NOT_CREATURE,
    DEATHTOUCH_DAMAGE, EXILE_IF_DIES, HAS_MANA,
    PRINTED_PERSIST, PRINTED_UNDYING, OWNER, ZONE, CONTROLLER, GRANTED_PERSIST,
    GRANTED_UNDYING, PING_TARGET, ATTACHED_TO,
    PRINTED_KEYWORDS, GRANTED,
    ORDER, RANK,
    PLUS, MINUS, DAMAGE, CHOSEN, EOT_POWER, EOT_TOUGHNESS,
    COULD_PRODUCE,
) = range(len(SLOT_FIELDS))  # fmt: skip
# each group's first row and the number of its fields the load reads
GROUP_FIRST = tuple(SLOT_FIELDS.index(fields[0]) for fields in GROUP_FIELDS)
GROUP_GIVEN = tuple(len(given) for _, given, _ in SLOT_GROUPS)
GROUP_SIZE = tuple(len(fields) for fields in GROUP_FIELDS)  # the rows of each group's block
# The fields the kernel writes only as it gives a slot its card (``zones.set_card``, then a
# cast permanent's owner or a token's: ``events.cast``, ``zones.create_tokens``). A trial that
# gives no slot a card leaves them as loaded, and the copy-out skips them: in each group they
# come first among the given fields or last among the FRESH ones, so the rest are one range.
PRINTED = frozenset(
    ("card", "base_p", "base_t", "token_serial", "token_source", "is_creature_card", "token",
     "printed_persist", "printed_undying", "owner", "printed_keywords")
)  # fmt: skip


def _written(given: tuple[str, ...], fresh: tuple[str, ...]) -> tuple[int, int]:
    """The range of a group's rows (from its first) that a trial giving no card may change."""
    fields = (*given, *fresh)
    lo = sum(1 for _ in itertools.takewhile(PRINTED.__contains__, given))
    hi = len(given) + sum(1 for _ in itertools.takewhile(lambda f: f not in PRINTED, fresh))
    if any(f in PRINTED for f in fields[lo:hi]) or not PRINTED.issuperset(fields[hi:]):
        raise RuntimeError("a PRINTED field sits among the fields the kernel writes: reorder")
    return lo, hi


GROUP_WRITTEN = tuple(_written(given, fresh) for _, given, fresh in SLOT_GROUPS)
GROUP_ROWS = tuple((0, len(fields)) for fields in GROUP_FIELDS)  # every row of each group
FRESH_ROWS = np.array([SLOT_FIELDS.index(f) for f in FRESH], dtype=np.int64)
FRESH_VALUES = np.array(list(FRESH.values()), dtype=np.int64)
# the counters of kinds past +1/+1 and -1/-1 (tables.COUNTER_KINDS[2:]), a row each
EXTRA_COUNTERS = len(SLOT_FIELDS)
EXTRA_KINDS = len(tb.COUNTER_KINDS) - 2
KERNEL_ROWS = EXTRA_COUNTERS + EXTRA_KINDS  # the first of the kernel's own rows:
# an activated "lands produce" effect of this slot lasts; persist, undying and keywords gained
# until end of turn (611.2c)
EFFECT_ON, EOT_PERSIST, EOT_UNDYING, EOT_KEYWORDS = range(KERNEL_ROWS, KERNEL_ROWS + 4)
LAST_KNOWN_POWER = KERNEL_ROWS + 4  # LKI_RING rows: power as each object last existed
LAST_KNOWN_OBJ = LAST_KNOWN_POWER + LKI_RING  # LKI_RING rows: ... and which object each is
# 1: the card was put into its graveyard before this turn
PREVIOUS_TURNS = LAST_KNOWN_OBJ + LKI_RING
# 1 + the seat at whose next end step a delayed trigger exiles the object (603.7c), else 0
EXILE_AT_END = PREVIOUS_TURNS + 1
# where the card arrived in its zone off the battlefield (``zones.arrival``): the event, then
# its place in the event; stored only in a batch run with zone order (WipeState.arrival)
ARRIVAL, ARRIVAL_SUB = EXILE_AT_END + 1, EXILE_AT_END + 2
# what the statics naming a subtype or a color give the slot's creature, power then toughness,
# as the statics were last summed (``characteristics.refresh``; 0 in a batch without them)
FILTERED_P, FILTERED_T = ARRIVAL_SUB + 1, ARRIVAL_SUB + 2
# the tokens the slot's object has made (its series: ``source.thopter1``, ``thopter2``...); a
# token's own number is its TOKEN_SERIAL, so a token that makes tokens counts them here
MADE = FILTERED_T + 1
L_ROWS = MADE + 1

# -- trial_vars (per trial): scalars, life by seat, delayed triggers, returns in order
N_PLAYERS, ACTIVE, STATUS, SEQ, NEXT_ORDER, TOKENS_MADE, N_RETURNED, N_LIFE = range(8)
MAX_PLAYERS = 8
LIFE = 8
DELAYED_SOURCE = LIFE + MAX_PLAYERS
DELAYED_OBJ = DELAYED_SOURCE + EFFECTS
DELAYED_CONTROLLER = DELAYED_OBJ + EFFECTS
DELAYED_CARD = DELAYED_CONTROLLER + EFFECTS  # the card whose ETB_P/ETB_T it gives again
POOL = DELAYED_CARD + EFFECTS  # mana pools: POOL + 6 * seat + type (WUBRGC)
UNDEFINED_MANA, MANA_FROM_TRIGGERS, MANA_REPLACED, REASON = range(
    POOL + 6 * MAX_PLAYERS, POOL + 6 * MAX_PLAYERS + 4
)  # REASON: why a trial is unsupported (wipe_state.UNSUPPORTED_REASONS)
SKIP_UNTAP = REASON + 1  # by seat: the player's lands skip their next untap step (502.3)
# the zone-change events that put cards into a graveyard, exile or a hand so far: the next
# one's number (a zone lists its cards in the order they arrived, ``zones.arrival``)
ARRIVALS = SKIP_UNTAP + MAX_PLAYERS
# the trial's "id:ability" trigger orders (WipeInputs.kind_rank): how many, then that many
# (slot, token number, kind, rank) entries
N_KIND_RANKS = ARRIVALS + 1
KIND_RANK = N_KIND_RANKS + 1
# the trial's "any target" choices in order and tokens named (WipeInputs.target_names): how
# many, then that many (source slot, slot, token number) entries
N_TARGET_NAMES = KIND_RANK + 4 * KIND_RANKS
TARGET_NAME = N_TARGET_NAMES + 1
# the choices given for tokens (WipeInputs.token_choices): how many, then that many (source
# slot, token number, chosen bits, ping seat) entries
N_TOKEN_CHOICES = TARGET_NAME + 3 * TARGET_NAMES
TOKEN_CHOICE = N_TOKEN_CHOICES + 1
# by seat, how the player orders counter replacements (WipeInputs.counter_policy), then the
# scenario's counter orders (WipeInputs.counter_rank): how many, then that many (seat, slot,
# place) entries
COUNTER_POLICY = TOKEN_CHOICE + 4 * TOKEN_CHOICES
N_COUNTER_RANKS = COUNTER_POLICY + MAX_PLAYERS
COUNTER_RANK = N_COUNTER_RANKS + 1
RETURNED_SLOT = COUNTER_RANK + 3 * COUNTER_RANKS  # RETURNS entries, then RETURNED_BY


# -- event_rows (rows, E): the events of the trial, then where each spell went and rejections.
# The kernel reads the event fields in two groups of one dtype each: codes, cards, seats and
# slots in 16 bits; X, an amount and the bits of chosen slots in 64 (they may be any size).
EVENT_GROUPS: tuple[tuple[type, tuple[str, ...]], ...] = (
    (
        np.int16,
        (
            "ev_kind", "ev_card", "ev_by", "ev_target", "ev_counter", "ev_mode", "ev_color",
            "ev_tap_creature", "ev_ability", "ev_chosen_player", "ev_token", "ev_tap_token",
        ),
    ),
    (np.int64, ("ev_x", "ev_amount", "ev_chosen")),
)  # fmt: skip
EVENT_FIELDS = tuple(f for _, names in EVENT_GROUPS for f in names)
# each event group's first row and its number of rows (the events are copied a group at a time)
EVENT_GROUP_FIRST = (0, len(EVENT_GROUPS[0][1]))
EVENT_GROUP_SIZE = tuple(len(names) for _, names in EVENT_GROUPS)
(
    EV_KIND_, EV_CARD_, EV_BY_, EV_TARGET_, EV_COUNTER_, EV_MODE_, EV_COLOR_, EV_TAP_CREATURE_,
    EV_ABILITY_, EV_CHOSEN_PLAYER_, EV_TOKEN_, EV_TAP_TOKEN_, EV_X_, EV_AMOUNT_, EV_CHOSEN_,
) = range(len(EVENT_FIELDS))  # fmt: skip
EV_DEFAULTS = {  # when inputs have none
    "ev_color": -1, "ev_tap_creature": -1, "ev_ability": 0, "ev_chosen": 0,
    "ev_chosen_player": -1, "ev_token": 0, "ev_tap_token": 0,
}  # fmt: skip
SPELL_ZONE, REJECTED, SPELL_ON, SPELL_ARRIVAL, SPELL_ARRIVAL_SUB = range(
    len(EVENT_FIELDS), len(EVENT_FIELDS) + 5
)
# ORDER_LEN rows: the replacement order each action lists (616.1), event by event as the
# batch gives them, (E, ORDER_LEN) in the rows' memory: action e's ids from place e * ORDER_LEN
# of the rows taken as one run (``replace._rank``), copied in as one run (copied an id at a
# time into rows by id, a test each, mana-tap's kernel took 3.5% longer)
EV_ORDER_ = SPELL_ARRIVAL_SUB + 1
EV_ROWS = EV_ORDER_ + ORDER_LEN

# -- work (rows, width): one trial's working memory
ST = 0  # 8 rows: static sums by controller (characteristics.refresh)
MOVERS, GROUP, TO = 8, 9, 10  # one zone-change event: who moves, listing group, destination
PENDING_KIND, PENDING_SOURCE, PENDING_DATA, PENDING_CONTROLLER, PENDING_OBJ, PENDING_KEY = (
    11, 12, 13, 14, 15, 16,
)  # fmt: skip
SORT_KEY, SORT_INDEX = 17, 18
STACK_KIND, STACK_SOURCE, STACK_DATA, STACK_CONTROLLER, STACK_OBJ = 19, 20, 21, 22, 23
COUNT = 24  # [waiting triggers, stack height, loop-watch visits, stack hashed up to, LONG,
#              STALE: the battlefield changed since the statics were last summed,
#              RULES: the slots RULE_SLOTS lists, KNOWN: what each permanent could
#              produce is known for the board as it is, MARKED: the slots CHANGED lists,
#              LARGE: some count of counters reached characteristics.LARGE this trial,
#              LEAVING: the slots LEAVERS lists, CARDS_GIVEN: some slot was given a card
#              this trial (its PRINTED fields are copied out), MANA_LISTED: the slots
#              MANA_SLOTS lists]
STALE, RULES, KNOWN, MARKED, LARGE_SEEN, LEAVING, CARDS_GIVEN = 5, 6, 7, 8, 9, 10, 11
MANA_LISTED = 12
LAYOUT = 25  # [board slots S, events E, returns recorded, HAS_STATICS, HAS_LEGENDS,
#               slots N, COULD, GATES, X_COST...] (the flags from wipe_state.Features;
#               COULD: what each permanent could produce is wanted as the trial ends;
#               X_COST: see X_COST_LEN)
RETURNS_RECORDED, HAS_STATICS, HAS_LEGENDS, N_SLOTS, COULD, GATES, X_COST = 2, 3, 4, 5, 6, 7, 8
# X_COST, the X spell whose X a cast takes from its caster's pool (the mana shape's x = "max"):
# 1 if the batch has one, then its mana cost (symbols by type WUBRGC, generic, X symbols)
# and the cap on its X (``run_kernel``'s x_cost, ``events.x_from_pool``)
X_COST_LEN = 10
# GATES bits: the batch holds a card with such an ability (``gates``), so a rule step that
# looks for one on the battlefield may find it; without, the step skips its search
G_COUNTER_RULES, G_GY_EXILE, G_DEATH_LIFE, G_GY_ENTER, G_DOUBLER, G_GRANT_MANA = 1, 2, 4, 8, 16, 32
G_RETURN_GRANTS, G_TOKENS, G_FILTERED, G_INDESTRUCTIBLE, G_TAPPED_MANA = 64, 128, 256, 512, 1024


def gates(features: Features) -> int:
    """The GATES bits of a batch with ``features``."""
    return (
        G_COUNTER_RULES * features.counter_rules
        | G_GY_EXILE * features.gy_exile
        | G_DEATH_LIFE * features.death_life
        | G_GY_ENTER * features.gy_enter
        | G_DOUBLER * features.doubler
        | G_GRANT_MANA * features.grant_mana
        | G_RETURN_GRANTS * features.return_grants
        | G_TOKENS * features.tokens
        | G_FILTERED * features.filtered
        | G_INDESTRUCTIBLE * features.indestructible
        | G_TAPPED_MANA * features.tapped_mana
    )


COMBAT_DAMAGE, COMBAT_DEATHTOUCH = 26, 27  # combat damage assigned to each slot (510.1)
COMBAT_TO_PLAYER = 28  # ... and to the defending player, by place in the attackers list
MANA_MADE = 29  # the mana one activation makes, by type WUBRGC (605.3b)
LAND_UNIONS = 30  # by player: the types their lands could produce (106.7)
REP_KEY, REP_WHAT = 31, 32  # the replacement effects that apply to one event (616.1)
# per slot, while "could produce" is computed: the types of its abilities that reflect no
# lands, the types of the "instead" effects that apply to it; and listed, the slots that
# reflect lands and the lands (the fixpoint's rounds go over these, not over every slot)
FIXED_TYPES, INSTEAD_TYPES, REFLECTING = 33, 34, 35
# combat (510.1): the damage a wither source assigned to each blocker (dealt as counters,
# 702.80b), and the damage each blocker deals to the attacker it blocks
COMBAT_WITHER, COMBAT_DEALT = 36, 37
# ... and for each slot in combat, its object as blockers were declared (-1: not in combat;
# 506.4: one that left is removed from combat) and whether it struck first (702.7b, 510.4)
COMBAT_OBJ, COMBAT_FIRST = 38, 39
LIFE_BEFORE = 40  # by seat: life before an action (``run.play_trial``: did it change?)
INSTEAD_YOURS = 41  # by seat: the types "instead" effects give that player's lands (106.7)
# the slots that hold (or held) a card with a rule for counters (a prohibition or a modifier,
# 614.1): ``counters`` looks at these only (``listed.RULE_LIST``)
RULE_SLOTS = 42
# the slots what a state-based action reads of may have changed since the last round looked
# (``characteristics.mark_changed``), listed once each (IS_CHANGED: by slot, whether listed)
CHANGED, IS_CHANGED = 43, 44
# the cards of the counter replacements one put compares in every order (616.1: "most" or
# "fewest", ``counters._extreme``), permuted in place
MODIFIER_CARDS = 45
# the slots one zone-change event moves, in board order (``zones.leave``: its steps after the
# first go over these, not over every slot)
LEAVERS = 46
LANDS = 47  # the lands on the battlefield, listed while "could produce" is computed
# the slots that hold (or held) a card that may change what a permanent tapped for mana makes,
# in slot order (mana_tables.CHANGES_TAPPED_MANA): an activation looks at these only
# (``listed.MANA_LIST``)
MANA_SLOTS = 48
W_ROWS = 49

# -- combat_rows (rows, E, width): each attack event's declarations, by slot (-1: none); then
# the declarations naming a token, one entry d each (WipeInputs.ev_combat_token): the object
# declared, by its source slot and token number (0: the slot itself), its place in the
# attackers list and in the blockers table, and the object it blocks. A token's slot is known
# only in the trial, so ``combat.declare`` writes an entry into its slot's declarations
# as the attack begins; the width then covers every slot.
ATTACK_PLACE, BLOCKS, BLOCK_PLACE = range(3)
COMBAT_FIELDS = ("ev_attack", "ev_block", "ev_block_order")
TOKEN_ENTRY = ("source", "number", "attack_place", "block_place", "blocks", "blocks_number")
D_SOURCE, D_NUMBER, D_ATTACK_PLACE, D_BLOCK_PLACE, D_BLOCKS, D_BLOCKS_NUMBER = range(
    len(COMBAT_FIELDS), len(COMBAT_FIELDS) + len(TOKEN_ENTRY)
)

# -- card_table (columns, C): the card tables
TABLE_COLUMNS = (
    "IS_CREATURE", "IS_ARTIFACT", "IS_ENCHANTMENT", "IS_HUMAN", "IS_COLORED", "IS_LEGENDARY",
    "BASE_P", "BASE_T", "PERSIST", "UNDYING", "KEYWORDS", "ANTHEM_P", "ANTHEM_T", "ALL_P",
    "ALL_T", "LORD_P", "LORD_T", "NO_KIND", "NO_SCOPE",
    "HAS_MODIFIER", "MOD_KIND", "MOD_SCOPE", "MOD_ADD", "MOD_FACTOR", "TOKENS_DOUBLED",
    "EXILE_ALL_GY", "EXILE_OPP_GY", "ETB_PARTS", "ETB_LIFE", "ETB_PING", "ETB_P", "ETB_SCOPE",
    "ETB_REPEAT", "DEATH_LIFE", "DIES_TOKENS", "DIES_TOKEN_KIND", "ENTERS_X_KIND", "SPELL",
    "SPELL_AMOUNT", "SPELL_BY_X", "SPELL_PAY_X_LIFE", "SPELL_EXILE_IF_DIES", "SPELL_TO_LIBRARY",
    "SPELL_KIND", "GRANTS_KEYWORDS", "AS_THOUGH_HASTE", "COLOR_BITS", "HUMAN_DAMAGE_DESTROYS",
    "MOD_EFFECTS_ONLY", "ETB_DRAIN", "UPKEEP_REMOVE", "ATTACK_KEYWORD",
    "GRANTS_KEYWORDS_ALL", "GRANTS_KEYWORDS_OTHER", "GRANTS_KEYWORDS_OPPONENTS",
    "SPELL_NOT_YOURS", "SPELL_MAX_MV", "SPELL_LIFE_PER", "SPELL_WITHOUT_FLYING",
    "SPELL_EACH_PLAYER", "MANA_VALUE", "SUBTYPE_BITS", "SPELL_EXCEPT_BIT", "SPELL_PER_BIT",
    "SPELL_SKIP_UNTAP", "OTHER_P", "OTHER_T", "ETB_T", "SPELL_TOUGHNESS", "GRANTS_KEYWORDS_LORD",
    "GRANTS_ANY", "PERSIST_GRANTS", "UNDYING_GRANTS", "UPKEEP_PARTS", "GY_PARTS",
    "ATTACK_PERSIST", "ATTACK_UNDYING", "ATTACKS", "DEATH_WATCH", "DEATH_WHOSE", "DEATH_OTHER",
    "DEATH_LOSER", "DEATH_GAIN", "END_STEP_SACRIFICE", "LEAVES_TOKENS", "LEAVES_COUNT",
    "IS_PLANESWALKER", "DEATH_PW", "FILTER_P", "FILTER_T", "FILTER_SCOPE", "FILTER_BIT",
    "FILTER_COLOR", "GRANT_KIND_KEYWORDS", "GRANT_KIND_SCOPE", "GRANT_KIND_BIT",
    "GRANT_KIND_COLOR", "SPELL_ONLY_YOURS", "SPELL_KEYWORDS", "SPELL_PERSIST", "SPELL_UNDYING",
    "SPELL_PERMANENTS", "GRANT_KIND_OBJECTS", "LAND_TYPES", "COUNTER_RULE",
    "GRANT_KIND_PERSIST", "GRANT_KIND_UNDYING",
)  # fmt: skip
(
    T_IS_CREATURE, T_IS_ARTIFACT, T_IS_ENCHANTMENT, T_IS_HUMAN, T_IS_COLORED, T_IS_LEGENDARY,
    T_BASE_P, T_BASE_T, T_PERSIST, T_UNDYING, T_KEYWORDS, T_ANTHEM_P, T_ANTHEM_T, T_ALL_P,
    T_ALL_T, T_LORD_P, T_LORD_T, T_NO_KIND, T_NO_SCOPE,
    T_HAS_MODIFIER, T_MOD_KIND, T_MOD_SCOPE, T_MOD_ADD, T_MOD_FACTOR, T_TOKENS_DOUBLED,
    T_EXILE_ALL_GY, T_EXILE_OPP_GY, T_ETB_PARTS, T_ETB_LIFE, T_ETB_PING, T_ETB_P, T_ETB_SCOPE,
    T_ETB_REPEAT, T_DEATH_LIFE, T_DIES_TOKENS, T_DIES_TOKEN_KIND, T_ENTERS_X_KIND, T_SPELL,
    T_SPELL_AMOUNT, T_SPELL_BY_X, T_SPELL_PAY_X_LIFE, T_SPELL_EXILE_IF_DIES, T_SPELL_TO_LIBRARY,
    T_SPELL_KIND, T_GRANTS_KEYWORDS, T_AS_THOUGH_HASTE, T_COLOR_BITS, T_HUMAN_DAMAGE_DESTROYS,
    T_MOD_EFFECTS_ONLY, T_ETB_DRAIN, T_UPKEEP_REMOVE, T_ATTACK_KEYWORD,
    T_GRANTS_KEYWORDS_ALL, T_GRANTS_KEYWORDS_OTHER, T_GRANTS_KEYWORDS_OPPONENTS,
    T_SPELL_NOT_YOURS, T_SPELL_MAX_MV, T_SPELL_LIFE_PER, T_SPELL_WITHOUT_FLYING,
    T_SPELL_EACH_PLAYER, T_MANA_VALUE, T_SUBTYPE_BITS, T_SPELL_EXCEPT_BIT, T_SPELL_PER_BIT,
    T_SPELL_SKIP_UNTAP, T_OTHER_P, T_OTHER_T, T_ETB_T, T_SPELL_TOUGHNESS, T_GRANTS_KEYWORDS_LORD,
    T_GRANTS_ANY, T_PERSIST_GRANTS, T_UNDYING_GRANTS, T_UPKEEP_PARTS, T_GY_PARTS,
    T_ATTACK_PERSIST, T_ATTACK_UNDYING, T_ATTACKS, T_DEATH_WATCH, T_DEATH_WHOSE, T_DEATH_OTHER,
    T_DEATH_LOSER, T_DEATH_GAIN, T_END_STEP_SACRIFICE, T_LEAVES_TOKENS, T_LEAVES_COUNT,
    T_IS_PLANESWALKER, T_DEATH_PW, T_FILTER_P, T_FILTER_T, T_FILTER_SCOPE, T_FILTER_BIT,
    T_FILTER_COLOR, T_GRANT_KIND_KEYWORDS, T_GRANT_KIND_SCOPE, T_GRANT_KIND_BIT,
    T_GRANT_KIND_COLOR, T_SPELL_ONLY_YOURS, T_SPELL_KEYWORDS, T_SPELL_PERSIST, T_SPELL_UNDYING,
    T_SPELL_PERMANENTS, T_GRANT_KIND_OBJECTS, T_LAND_TYPES, T_COUNTER_RULE,
    T_GRANT_KIND_PERSIST, T_GRANT_KIND_UNDYING,
) = range(len(TABLE_COLUMNS))  # fmt: skip
# -- then the mana tables (mana_tables): per card ...
MANA_COLUMNS = (
    "IS_LAND", "IS_BASIC", "IS_AURA", "N_AB", "GRANT_ANY", "REP_KIND", "REP_FACTOR",
    "REP_PRODUCE", "REP_ONE", "REP_LANDS", "TFM_SOURCE", "TFM_YOURS", "TFM_PRODUCE",
    "CAST_DRAW", "N_ACTIVATED", "EFFECT_PRODUCE", "EFFECT_LANDS",
    "SPELL_PRODUCE", "SPELL_LANDS", "ENTERS_KIND", "ENTERS_AMOUNT", "ENTERS_TAPPED",
    "GRANT_ANY_LANDS", "TFM_AMOUNT", "ENTERS_PAY_LIFE", "IS_REFLECT", "STATIC_TAP",
    "STATIC_OTHER", "HAS_BOARD_TYPES", "CHANGES_TAPPED_MANA",
)  # fmt: skip
(
    T_IS_LAND, T_IS_BASIC, T_IS_AURA, T_N_AB, T_GRANT_ANY, T_REP_KIND, T_REP_FACTOR,
    T_REP_PRODUCE, T_REP_ONE, T_REP_LANDS, T_TFM_SOURCE, T_TFM_YOURS, T_TFM_PRODUCE,
    T_CAST_DRAW, T_N_ACTIVATED, T_EFFECT_PRODUCE, T_EFFECT_LANDS,
    T_SPELL_PRODUCE, T_SPELL_LANDS, T_ENTERS_KIND, T_ENTERS_AMOUNT, T_ENTERS_TAPPED,
    T_GRANT_ANY_LANDS, T_TFM_AMOUNT, T_ENTERS_PAY_LIFE, T_IS_REFLECT, T_STATIC_TAP,
    T_STATIC_OTHER, T_HAS_BOARD_TYPES, T_CHANGES_TAPPED_MANA,
) = range(len(TABLE_COLUMNS), len(TABLE_COLUMNS) + len(MANA_COLUMNS))  # fmt: skip
# ... and per mana ability: ABILITIES columns each (the printed ones, then the granted one),
# column ``T_AB_TPL + k`` for ability k; amounts by type at ``T_AB_AMOUNT + 6 * k + type``
ABILITIES = mt.AB + 1
ABILITY_COLUMNS = (
    "AB_TPL", "AB_TAP", "AB_UNTAP", "AB_COST", "AB_TAP_CREATURE", "AB_REMOVE", "AB_SACRIFICE",
    "AB_BITS", "AB_KIND", "AB_OPPONENTS", "AB_COLORS_ONLY", "AB_DAMAGE", "AB_LIFE", "AB_SAC_SELF",
    "AB_TIMES", "AB_SUBTYPE", "AB_ALL", "AB_SAC_CREATURE",
)  # fmt: skip
(
    T_AB_TPL, T_AB_TAP, T_AB_UNTAP, T_AB_COST, T_AB_TAP_CREATURE, T_AB_REMOVE, T_AB_SACRIFICE,
    T_AB_BITS, T_AB_KIND, T_AB_OPPONENTS, T_AB_COLORS_ONLY, T_AB_DAMAGE, T_AB_LIFE, T_AB_SAC_SELF,
    T_AB_TIMES, T_AB_SUBTYPE, T_AB_ALL, T_AB_SAC_CREATURE,
) = range(
    len(TABLE_COLUMNS) + len(MANA_COLUMNS),
    len(TABLE_COLUMNS) + len(MANA_COLUMNS) + ABILITIES * len(ABILITY_COLUMNS),
    ABILITIES,
)  # fmt: skip
T_AB_AMOUNT = T_AB_SAC_CREATURE + ABILITIES
# ... then per activated ability (tables.ACT_*): column ``T_ACT_TPL + k`` for ability k
ACTIVATED_COLUMNS = (
    "ACT_TPL", "ACT_TAP", "ACT_KIND", "ACT_AMOUNT", "ACT_PERSIST", "ACT_UNDYING",
    "ACT_KEYWORD_BITS", "ACT_POWER", "ACT_TOUGHNESS", "ACT_EACH_PLAYER", "ACT_WITHOUT_FLYING",
    "ACT_BY_X",
)  # fmt: skip
(
    T_ACT_TPL, T_ACT_TAP, T_ACT_KIND, T_ACT_AMOUNT, T_ACT_PERSIST, T_ACT_UNDYING,
    T_ACT_KEYWORD_BITS, T_ACT_POWER, T_ACT_TOUGHNESS, T_ACT_EACH_PLAYER, T_ACT_WITHOUT_FLYING,
    T_ACT_BY_X,
) = range(
    T_AB_AMOUNT + 6 * ABILITIES,
    T_AB_AMOUNT + 6 * ABILITIES + tb.ACTIVATED * len(ACTIVATED_COLUMNS),
    tb.ACTIVATED,
)  # fmt: skip


def _card_table() -> np.ndarray:
    """Every column above, int64, one column per card."""
    rows = [getattr(tb, name).astype(np.int64) for name in TABLE_COLUMNS]
    rows += [getattr(mt, name).astype(np.int64) for name in MANA_COLUMNS]
    for name in ABILITY_COLUMNS:
        rows += list(getattr(mt, name).astype(np.int64).T)
    rows += list(mt.AB_AMOUNT.reshape(mt.N, -1).astype(np.int64).T)
    for name in ACTIVATED_COLUMNS:
        rows += list(getattr(tb, name).astype(np.int64).T)
    return np.stack(rows)


card_table = np.asfortranarray(_card_table())  # a card's columns side by side (in cache together)


class KState(NamedTuple):
    """The ``WipeState`` arrays the kernel reads and writes (same names, same shapes)."""

    n_players: np.ndarray  # (T,) int8
    active: np.ndarray  # (T,) int8
    life: np.ndarray  # (T, P) int64
    status: np.ndarray  # (T,) int8
    seq: np.ndarray  # (T,) int32
    next_order: np.ndarray  # (T,) int32
    tokens_made: np.ndarray  # (T,) int16
    n_returned: np.ndarray  # (T,) int16
    slots: tuple[np.ndarray, ...]  # SLOT_GROUPS' (T, F, N) blocks (the fields their rows), flat
    returned_slot: np.ndarray  # (T, R) int16
    returned_by: np.ndarray  # (T, R) int8
    spell_zone: np.ndarray  # (T, E) int8
    rejected: np.ndarray  # (T, E) int8
    spell_on: np.ndarray  # (T, E) bool
    arrival: np.ndarray  # (T, N, 2) int64, or (T, 0, 2) without zone order
    spell_arrival: np.ndarray  # (T, E, 2) int64, or (T, 0, 2)
    cast_x: np.ndarray  # (T, E) int64
    reason: np.ndarray  # (T,) int8
    counters: np.ndarray  # (T, N, K) int64, K <= EXTRA_KINDS
    pools: np.ndarray  # (T, P, 6) int64
    undefined_mana: np.ndarray  # (T,) int64
    mana_from_triggers: np.ndarray  # (T,) int64
    mana_replaced: np.ndarray  # (T,) int64


def kstate(state: WipeState) -> KState:
    """The kernel's view of ``state``: the same arrays, not copies."""
    fields = {n: getattr(state, n) for n in KState._fields if n != "slots"}
    blocks = tuple(_block(state, names).reshape(-1) for names in GROUP_FIELDS)
    return KState(slots=blocks, **fields)


def _block(state: WipeState, names: tuple[str, ...]) -> np.ndarray:
    """The (T, F, N) block whose rows are the fields ``names`` of one of SLOT_GROUPS, as
    ``layout.slot_arrays`` lays out a state the kernel runs (the kernel writes into it)."""
    block: np.ndarray = getattr(state, names[0]).base
    if not isinstance(block, np.ndarray) or block.ndim != 3 or block.shape[1] != len(names):
        raise TypeError(f"WipeState.{names[0]} is not a row of its group's block (slot_arrays)")
    rows = tuple(getattr(state, name) for name in names)
    shape, strides = (block.shape[0], block.shape[2]), (block.strides[0], block.strides[2])
    for f, (name, arr) in enumerate(zip(names, rows, strict=True)):
        if arr.dtype != block.dtype or block.dtype != SLOT_DTYPES[name]:
            declared = SLOT_DTYPES[name]
            raise TypeError(f"WipeState.{name} is {arr.dtype}, SLOT_GROUPS says {declared}")
        if arr.base is not block or arr.shape != shape or arr.strides != strides:
            raise TypeError(f"WipeState.{name} is not row {f} of its group's block")
    f = _misplaced_row(block, rows)
    if f >= 0:
        raise TypeError(f"WipeState.{names[f]} is not row {f} of its group's block")
    return block


@njit
def _misplaced_row(block: np.ndarray, rows: tuple[np.ndarray, ...]) -> int:
    """The first of ``rows`` (views of ``block``, shaped as its rows) that does not start where
    its row does, or -1 (compiled: numpy's ``__array_interface__`` took a microsecond a field;
    mana-tap's batch of 4,096 trials cost 44 us more, about 11 ns a trial)."""
    for f, row in enumerate(rows):
        if row.ctypes.data != block.ctypes.data + f * block.strides[1]:
            return f
    return -1


def events(inputs: WipeInputs) -> tuple[np.ndarray, np.ndarray]:
    """The event arrays of ``inputs`` (EV_DEFAULTS for those it has not) as one (T, F, E)
    block per EVENT_GROUPS entry, in its dtype, flat (as ``run._load_events`` copies them)."""
    t, _, _, e = inputs.shape
    blocks: list[np.ndarray] = []
    for dtype, names in EVENT_GROUPS:
        fields: list[np.ndarray] = []
        defaults = np.zeros(len(names), dtype=np.int64)
        for f, name in enumerate(names):
            given = getattr(inputs, name)
            if given is None:  # no array: its default, written in every place
                given = np.zeros((t, 0), dtype=dtype)
                defaults[f] = EV_DEFAULTS[name]
            _check_width(given, dtype, name)
            fields.append(given)
        block: np.ndarray = np.empty((t, len(names), e), dtype=dtype)
        _interleave(tuple(fields), defaults, block)
        blocks.append(block.reshape(-1))
    small, wide = blocks
    return small, wide


@njit
def _interleave(fields: tuple[np.ndarray, ...], defaults: np.ndarray, block: np.ndarray) -> None:
    """``block[i, f] = fields[f][i]`` for every trial ``i``, each field as it is given (numpy's
    copies into rows of ten, strided, cost 90 ns a trial of mana-tap), or ``defaults[f]`` for
    a field of width 0 (an array of the default made and copied took 11 ns more of a mana-tap
    trial, with its four fields the inputs leave out)."""
    f = 0
    for field in literal_unroll(fields):
        if field.shape[1]:
            for i in range(block.shape[0]):
                for e in range(block.shape[2]):
                    block[i, f, e] = field[i, e]
        else:
            value = defaults[f]
            for i in range(block.shape[0]):
                for e in range(block.shape[2]):
                    block[i, f, e] = value
        f += 1  # noqa: SIM113 (literal_unroll takes no enumerate)


def _check_width(given: np.ndarray, dtype: type, name: str) -> None:
    """A wider integer type than the kernel reads is a bug in the caller (its values could
    wrap), not a value to convert."""
    if given.dtype.itemsize > np.dtype(dtype).itemsize:
        raise TypeError(f"WipeInputs.{name} is {given.dtype}, the kernel reads {np.dtype(dtype)}")


def orders(inputs: WipeInputs) -> np.ndarray:
    """The replacement order each event lists, (T, E, ORDER_LEN) int16, -1 past the ids it
    lists (every place, without ``ev_order``): the kernel copies it in as it is."""
    t, _, _, e = inputs.shape
    given = inputs.ev_order
    if given is None:
        return np.full((t, e, ORDER_LEN), -1, dtype=np.int16)
    width = given.shape[2]
    if width > ORDER_LEN:
        raise ValueError(f"WipeInputs.ev_order lists {width} ids, past ORDER_LEN = {ORDER_LEN}")
    _check_width(given, np.int16, "ev_order")
    out = np.empty((t, e, ORDER_LEN), dtype=np.int16)  # written once (a -1 fill first: 22 ns)
    out[:, :, width:] = -1
    out[:, :, :width] = given
    return out


def kind_ranks(inputs: WipeInputs) -> np.ndarray:
    """The trials' "id:ability" trigger orders, (T, K, 4) int64 (zero-width if none)."""
    if inputs.kind_rank is None:
        return np.zeros((inputs.shape[0], 0, 4), dtype=np.int64)
    return np.ascontiguousarray(inputs.kind_rank, dtype=np.int64)


def target_names(inputs: WipeInputs) -> np.ndarray:
    """The trials' "any target" choices in order, (T, K, 3) int64 (zero-width if none)."""
    if inputs.target_names is None:
        return np.zeros((inputs.shape[0], 0, 3), dtype=np.int64)
    return np.ascontiguousarray(inputs.target_names, dtype=np.int64)


def token_choices(inputs: WipeInputs) -> np.ndarray:
    """The trials' choices given for tokens, (T, K, 4) int64 (zero-width if none)."""
    if inputs.token_choices is None:
        return np.zeros((inputs.shape[0], 0, 4), dtype=np.int64)
    return np.ascontiguousarray(inputs.token_choices, dtype=np.int64)


def counter_choices(inputs: WipeInputs) -> tuple[np.ndarray, np.ndarray]:
    """The trials' counter policies by seat, (T, P) int64 (zero-width if none: every player's
    is the listed one), and a scenario's counter orders, (T, K, 3) int64 (zero-width if
    none)."""
    t = inputs.shape[0]
    policy = inputs.counter_policy
    if policy is None:
        policy = np.zeros((t, 0), dtype=np.int64)
    ranks = inputs.counter_rank
    if ranks is None:
        ranks = np.zeros((t, 0, 3), dtype=np.int64)
    return np.ascontiguousarray(policy, dtype=np.int64), np.ascontiguousarray(ranks, np.int64)


def choices(
    inputs: WipeInputs,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The batch's choices as ``run_trials`` reads them (``run.Choices``)."""
    return (
        orders(inputs), kind_ranks(inputs), target_names(inputs), token_choices(inputs),
        *counter_choices(inputs),
    )  # fmt: skip


def combat(inputs: WipeInputs) -> tuple[np.ndarray, ...]:
    """The attack declarations of ``inputs`` (COMBAT_FIELDS order), (T, E, S) int16 each,
    then the fields of the entries naming a token (TOKEN_ENTRY order), (T, E, D) int16 each;
    zero-width when the batch has no attack or no such entry."""
    t, _, _, e = inputs.shape
    found = [getattr(inputs, n) for n in COMBAT_FIELDS]
    if any(a is None for a in found):
        found = [np.full((t, e, 0), -1, dtype=np.int16) for _ in COMBAT_FIELDS]
    entries = inputs.ev_combat_token
    if entries is None:
        entries = np.full((t, e, 0, len(TOKEN_ENTRY)), -1, dtype=np.int16)
    found += [entries[:, :, :, f] for f in range(len(TOKEN_ENTRY))]
    return tuple(np.ascontiguousarray(a, dtype=np.int16) for a in found)
