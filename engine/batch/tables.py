"""Card tables for the batch engine, built once at import from the process's card library.

Every column is derived from ability templates and their parameters (never from card names),
so a new card of a known template works in the batch engine with no code change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

import numpy as np

from engine.library import ACTIVATED as ACTIVATED_KIND
from engine.library import (
    DEATH_LOSERS,
    DEATH_WATCHED,
    GRANT_OBJECTS,
    LANDWALK,
    TEMPLATES,
    TOKEN_MAKERS,
    Ability,
    Card,
    death_drain,
    freeze_library,
)
from engine.library import MANA as MANA_KIND

# The process's library (the shipped cards and a user's, ``engine.library.use_card_files``),
# fixed from here on: the kernel compiles sizes derived from it.
CARDS: Final[tuple[Card, ...]] = tuple(sorted(freeze_library().values(), key=lambda c: c.name))
INDEX: Final[dict[str, int]] = {c.name.lower(): i for i, c in enumerate(CARDS)}
N = len(CARDS)

# Templates that change nothing in a wipe experiment while their card sits on the battlefield.
_INERT_ON_BOARD = {
    "mana_fixed",
    "mana_any_color",
    "mana_per_creature_yours",
    "mana_reflect_lands",
    "mana_fixed_or_any_color_with_counter",
    "mana_one_of",
    "mana_per_subtype",
    "mana_multiply",
    "mana_replace_type",
    "tapped_for_mana_add",
    "grant_mana_any_color",
    "activate_as_though_haste",
    "activated_put_counter_on_self",
    "activated_remove_counter_ping",
    "activated_untap_self_put_counter",
    "activated_targets_gain_keyword",
    "activated_untap_target_creature",
    "activated_lands_produce_until_eot",
    "activated_put_counter_on_each_creature_yours",
    "sacrifice_outlet",
    "activated_destroy_artifacts_creatures_enchantments",
    "activated_damage_each_creature",
    "enters_with_x_counters",  # X is 0 for anything but a cast spell (107.3m)
    "etb_exile_graveyards",  # only on entering (a cast: triggers._etb); board cards are there
    "spell_cast_from_graveyard_draw",  # no action casts a spell from a graveyard
    "attacks_creatures_yours_gain_keyword",  # no creature attacks in a wipe experiment
    "activated_pump_self",
    "enters_tapped",  # as it enters: cast or returned (zones.cast_permanent, return_card)
}
# Templates the wipe rules model.
_MODELED = {
    "etb_gain_life",
    "etb_damage_any_target",
    "etb_creatures_get",
    "opponent_creature_dies_lose_life",
    "creature_dies_drain",
    "dies_create_token_per_counter",
    "leaves_create_token",
    "creatures_get",
    "grant_keyword",
    "counters_cant_be_put",
    "counters_modified",
    "tokens_doubled",
    "graveyard_replaced_by_exile",
    "enters_tapped",
    "etb_target_opponent_loses_life",
    "etb_destroy_noncreature_you_dont_control",
    "creature_enters_from_your_graveyard_damage",
    "upkeep_remove_counter_each_creature_yours",
    "permanent_enters_from_graveyard_draw",
    "etb_return_graveyard_cards_from_battlefield_this_turn",
    "etb_reanimate_opponent_creature_card",
    "human_damages_you_destroy",  # a Human's damage by an attack or activation (Wumpus-like)
    "end_step_sacrifice_if_no_creatures",  # as the turn passes
}
_SPELLS = {
    "destroy_all_creatures",
    "damage_each_creature",
    "creatures_get_until_eot",
    "counters_on_each_creature_x",
    "shuffle_into_library",
    "exile_all_modal",
    "bounce_all_creatures",
    "sacrifice_all_colored",
    "bounce_all_permanents",
    "exile_all_creatures",
    "creatures_to_library_bottom",
    "destroy_all_nonland_permanents",
    "each_player_sacrifices_creatures",
    "lands_skip_next_untap",
    "damage_each_modal",
}


def on_board_ok(card: Card) -> bool:
    """Whether the wipe shape models this card on the battlefield (and returning to it)."""
    return all(a.template in _INERT_ON_BOARD | _MODELED for a in card.abilities)


def castable_ok(card: Card) -> bool:
    """Whether the wipe shape models casting this card."""
    templates = {a.template for a in card.abilities}
    if not card.is_permanent_card:  # a spell code to resolve, maybe with more (608.2c)
        return bool(templates & _SPELL_CODE.keys()) and templates <= _SPELLS
    # an Aura spell needs a target (303.4a), which a cast event does not draw
    return not card.has_type("Land") and "Aura" not in card.subtypes and on_board_ok(card)


def _col(dtype: type, fill: int = 0) -> np.ndarray:
    return np.full(N, fill, dtype=dtype)


class PastColumn(OverflowError):
    """A card's number that its column cannot hold: the card is not ENCODED, the line says
    which number and the column's range (a cap of the batch tables, never a wrapped value)."""


def fit(column: np.ndarray, value: int, what: str) -> int:
    """``value``, which goes into ``column``, if the column holds it (``what`` names it in the
    refusal: "its etb_gain_life amount")."""
    info = np.iinfo(column.dtype)
    if info.min <= value <= info.max:
        return value
    raise PastColumn(
        f"{what} {value} is past its column's cap ({column.dtype}: {info.min} to {info.max})"
    )


def param(column: np.ndarray, a: Ability, key: str) -> int:
    """Ability ``a``'s number ``key`` (``fit`` into ``column``)."""
    return fit(column, a.number(key), f"its {a.template} {key}")


# -- characteristics
IS_CREATURE = _col(np.bool_)
IS_LAND = _col(np.bool_)
IS_ARTIFACT = _col(np.bool_)
IS_ENCHANTMENT = _col(np.bool_)
IS_PLANESWALKER = _col(np.bool_)
IS_HUMAN = _col(np.bool_)
IS_COLORED = _col(np.bool_)
IS_LEGENDARY = _col(np.bool_)
BASE_P = _col(np.int16)
BASE_T = _col(np.int16)
PERSIST = _col(np.int8)  # printed persist instances
UNDYING = _col(np.int8)
BOARD_OK = _col(np.bool_)
CAST_OK = _col(np.bool_)
# -- statics: creatures_get by scope, persist and undying granted by scope
ANTHEM_P = _col(np.int16)  # scope "yours"
ANTHEM_T = _col(np.int16)
ALL_P = _col(np.int16)  # scope "all"
ALL_T = _col(np.int16)
LORD_P = _col(np.int16)  # scope "other_non_human_yours"
LORD_T = _col(np.int16)
# The persist (undying) instances a card's grant_keyword statics give (702.79b: each
# triggers), by scope: GRANT_COUNT_BITS bits a scope, in GRANT_SCOPES order (the first in the
# low bits). A count past its bits is a number the column cannot hold (the card is refused).
GRANT_SCOPES: Final = ("yours", "all", "other", "opponents", "other_non_human_yours")
GRANT_COUNT_BITS: Final = 8
PERSIST_GRANTS = _col(np.int64)
UNDYING_GRANTS = _col(np.int64)
# scope "other" (all other creatures) is summed with "all", "other_yours" with "yours"; the
# source takes its own back
OTHER_P = _col(np.int16)
OTHER_T = _col(np.int16)
# creatures_get naming a subtype or a color ("Other Elf creatures you control", "White
# creatures you control"): summed by slot, source by source (``kernel.characteristics``),
# FILTERED_PER_CARD of a card. FILTER_SCOPE: its scope's place in FILTER_SCOPES, -1 none;
# FILTER_BIT: its subtype's NAMED_SUBTYPES bit (0: any); FILTER_COLOR: its COLOR_BITS (0: any)
FILTER_SCOPES: Final = TEMPLATES["creatures_get"][1]["scope"].choices or ()
FILTERED_PER_CARD: Final = 1
FILTER_P = _col(np.int16)
FILTER_T = _col(np.int16)
FILTER_SCOPE = _col(np.int8, -1)
FILTER_BIT = _col(np.int64)
FILTER_COLOR = _col(np.uint8)
# -- counter prohibitions and modifiers (R5)
NO_KIND = _col(np.int8, -1)  # counters_cant_be_put: a KIND_CODE, or KIND_ANY; -1 none
NO_SCOPE = _col(np.int8)  # ... its COUNTER_SCOPE
MOD_KIND = _col(np.int8, -1)  # counters_modified: a KIND_CODE, or KIND_ANY
MOD_SCOPE = _col(np.int8)  # ... its COUNTER_SCOPE
MOD_ADD = _col(np.int64)  # 64 bits: the kernel's ``counters._modified`` checks its products
MOD_FACTOR = _col(np.int64, 1)
MOD_EFFECTS_ONLY = _col(np.bool_)  # "if an effect would put": not counters put as a cost (602.2b)
TOKENS_DOUBLED = _col(np.bool_)
# -- zone replacement
EXILE_ALL_GY = _col(np.bool_)  # graveyard_replaced_by_exile, all
EXILE_OPP_GY = _col(np.bool_)  # ... opponents_cards
# -- triggers
ETB_LIFE = _col(np.int16)
ETB_PING = _col(np.bool_)  # deals damage equal to its power to any target
ETB_EXILE_GY = _col(np.bool_)  # exiles every card in every graveyard (Rest in Peace)
ETB_P = _col(np.int16)  # etb_creatures_get power
ETB_T = _col(np.int16)  # ... and toughness
ETB_SCOPE = _col(np.int8, -1)  # 0 other, 1 opponents, 2 all
ETB_REPEAT = _col(np.bool_)  # ... and again whenever a creature dies this turn
# a life trigger on a creature's death (``library.death_drain``: Massacre Wurm, Zulaport
# Cutthroat, Blood Artist): the card has one, the creatures it watches (an index of
# ``library.DEATH_WATCHED``), whether its own death does not count, who loses (an index of
# ``library.DEATH_LOSERS``), the life lost and the life its controller gains; whether a
# planeswalker's death counts too (Cruel Celebrant)
DEATH_WATCH = _col(np.bool_)
DEATH_WHOSE = _col(np.int8)
DEATH_OTHER = _col(np.bool_)
DEATH_PW = _col(np.bool_)
DEATH_LOSER = _col(np.int8)
DEATH_LIFE = _col(np.int16)
DEATH_GAIN = _col(np.int16)
ETB_DRAIN = _col(np.int16)  # etb_target_opponent_loses_life amount
ETB_DESTROY = _col(np.bool_)  # etb_destroy_noncreature_you_dont_control
GY_PING = _col(np.bool_)  # creature_enters_from_your_graveyard_damage
GY_DRAW = _col(np.bool_)  # permanent_enters_from_graveyard_draw
ETB_RETURN_DEAD = _col(np.bool_)  # etb_return_graveyard_cards_from_battlefield_this_turn
ETB_REANIMATE = _col(np.bool_)  # etb_reanimate_opponent_creature_card
# Each triggered ability of a card is its own trigger (603.2, 603.3b: each put on the stack
# and resolved apart, state-based actions between). For the kinds where one card may hold
# several templates (its enters, upkeep and "enters from a graveyard" triggers), a template's
# code is 1 + its place in its group, and the group's column lists a card's codes in printed
# order, PART_BITS each, the first in the low bits (the kernel queues one trigger per code:
# ``zones.enter``, ``mana.effects.upkeep``, ``zones._graveyard_entry_triggers``).
ETB_TEMPLATES: Final = (
    "etb_gain_life", "etb_damage_any_target", "etb_exile_graveyards",
    "etb_target_opponent_loses_life", "etb_destroy_noncreature_you_dont_control",
    "etb_return_graveyard_cards_from_battlefield_this_turn",
    "etb_reanimate_opponent_creature_card", "etb_creatures_get",
)  # fmt: skip
(
    PART_LIFE, PART_PING, PART_EXILE_GY, PART_DRAIN, PART_DESTROY, PART_RETURN_DEAD,
    PART_REANIMATE, PART_CREATURES_GET,
) = range(1, len(ETB_TEMPLATES) + 1)  # fmt: skip
UPKEEP_TEMPLATES: Final = (
    "upkeep_sacrifice_unless_sacrifice_creature", "upkeep_remove_counter_each_creature_yours",
)  # fmt: skip
PART_SACRIFICE_UNLESS, PART_REMOVE_COUNTER = range(1, len(UPKEEP_TEMPLATES) + 1)
GY_TEMPLATES: Final = (
    "creature_enters_from_your_graveyard_damage", "permanent_enters_from_graveyard_draw",
)  # fmt: skip
PART_GY_PING, PART_GY_DRAW = range(1, len(GY_TEMPLATES) + 1)
PART_BITS: Final = 4
ETB_PARTS = _col(np.int64)
UPKEEP_PARTS = _col(np.int64)
GY_PARTS = _col(np.int64)
_PARTS: Final = (
    (ETB_TEMPLATES, ETB_PARTS),
    (UPKEEP_TEMPLATES, UPKEEP_PARTS),
    (GY_TEMPLATES, GY_PARTS),
)
UPKEEP_REMOVE = _col(np.int8, -1)  # upkeep_remove_counter_each_creature_yours: KIND_CODE
DIES_TOKENS = _col(np.int16, -1)  # token card index made per counter on death
DIES_TOKEN_KIND = _col(np.int8)  # KIND_CODE of the counters counted
LEAVES_TOKENS = _col(np.int16, -1)  # token card index made as it leaves the battlefield
LEAVES_COUNT = _col(np.int16)  # ... and how many
# the token card a card makes, either way (one: TOKEN_NAMES_PER_CARD), for what a batch may
# hold (``present.cards_present``) and a token's id (its source's id, the token's name)
MAKES_TOKEN = _col(np.int16, -1)
ENTERS_X_KIND = _col(np.int8, -1)  # enters_with_x_counters: kind code of its X counters
# -- spells
SPELL = _col(np.int8)  # 0 none, 1 destroy all, 2 damage each, 3 -N/-N, 4 counters X, 5 exile
#                         modal, 6 bounce all, 7 sacrifice colored, 8 bounce all permanents,
#                         9 exile all creatures, 10 creatures to library, 11 destroy nonland,
#                         12 each player sacrifices, 13 damage to each creature or player,
#                         14 none of these (NO_MASS_EFFECT); every instant and sorcery has one
SPELL_AMOUNT = _col(np.int16)
SPELL_TOUGHNESS = _col(np.int16)  # creatures_get_until_eot's (SPELL_AMOUNT: its power)
SPELL_BY_X = _col(np.bool_)
SPELL_PAY_X_LIFE = _col(np.bool_)
SPELL_EXILE_IF_DIES = _col(np.bool_)
SPELL_TO_LIBRARY = _col(np.bool_)
SPELL_KIND = _col(np.int8)  # counters kind code for SPELL 4
SPELL_NOT_YOURS = _col(np.bool_)  # only what the caster doesn't control (Plague Wind, Cower)
SPELL_ONLY_YOURS = _col(np.bool_)  # only the caster's creatures (Solidarity)
# creatures_get_until_eot's keywords gained (``gained_until_eot``: KEYWORD_BITS, persist and
# undying instances), by every permanent of its scope with SPELL_PERMANENTS (Heroic Intervention)
SPELL_KEYWORDS = _col(np.uint32)
SPELL_PERSIST = _col(np.int8)
SPELL_UNDYING = _col(np.int8)
SPELL_PERMANENTS = _col(np.bool_)
SPELL_MAX_MV = _col(np.int16, -1)  # destroy only mana value <= this (-1: any)
SPELL_LIFE_PER = _col(np.int16)  # the caster gains this per creature destroyed (Fumigate)
SPELL_WITHOUT_FLYING = _col(np.bool_)  # damage only to creatures without flying
SPELL_EACH_PLAYER = _col(np.bool_)  # ... and to each player (Inferno)
MANA_VALUE = _col(np.int16)  # CR 202.3 (X is 0)
SUBTYPE_BITS = _col(np.int64)  # the card's subtypes among NAMED_SUBTYPES, a bit each
SPELL_EXCEPT_BIT = _col(np.int64)  # damage spares creatures of this NAMED_SUBTYPES bit
SPELL_PER_BIT = _col(np.int64)  # -N/-N times the caster's permanents of this subtype bit
SPELL_SKIP_UNTAP = _col(np.bool_)  # the caster's lands skip their next untap step

# -- combat keywords as bits (printed here; granted ones live on the object)
LANDWALK_SHIFT: Final = 16  # the first landwalk's bit in KEYWORD_BITS
LANDWALK_MASK: Final = (1 << len(LANDWALK)) - 1  # the landwalk bits shifted down: LAND_TYPES'
KEYWORD_BITS: Final = {
    "flying": 1,
    "trample": 2,
    "deathtouch": 4,
    "menace": 8,
    "intimidate": 16,
    "haste": 32,
    "vigilance": 64,
    "reach": 128,
    "defender": 256,
    "fear": 512,
    "hexproof": 1024,
    "lifelink": 2048,
    "wither": 4096,
    "first strike": 8192,
    "double strike": 16384,
    "indestructible": 32768,
    # 702.14: the landwalks, from LANDWALK_SHIFT on, in LAND_TYPES' order
    **{walk: 1 << (LANDWALK_SHIFT + k) for k, walk in enumerate(LANDWALK)},
}
KEYWORDS = _col(np.uint32)
# grant_keyword to creatures you control: its KEYWORD_BITS (Fervor: haste)
# grant_keyword: the KEYWORD_BITS a static gives creatures, by scope (611.3a)
GRANTS_KEYWORDS = _col(np.uint32)  # ... its controller's creatures ("yours")
GRANTS_KEYWORDS_ALL = _col(np.uint32)  # ... every creature
GRANTS_KEYWORDS_OTHER = _col(np.uint32)  # ... every creature but itself
GRANTS_KEYWORDS_OPPONENTS = _col(np.uint32)  # ... the creatures its controller's opponents control
GRANTS_KEYWORDS_LORD = _col(np.uint32)  # ... the other non-Human creatures its controller controls
# grant_keyword naming a subtype or a color, or to "other creatures you control" (Knight
# Exemplar's "Other Knight creatures you control have indestructible"): the keywords, and the
# creatures they go to as FILTER_* say them (``kernel.characteristics.kind_covers``); one
# scope and kind a card (GRANT_KINDS_PER_CARD): its combat keywords, and the persist and
# undying instances it gives (702.79b: each triggers), to creatures, artifacts or every
# permanent (702.79a: a noncreature artifact with persist returns too)
GRANT_KINDS_PER_CARD: Final = 1
GRANT_KIND_KEYWORDS = _col(np.uint32)
GRANT_KIND_PERSIST = _col(np.int16)
GRANT_KIND_UNDYING = _col(np.int16)
GRANT_KIND_SCOPE = _col(np.int8, -1)  # its scope's place in FILTER_SCOPES, -1 none
GRANT_KIND_BIT = _col(np.int64)
GRANT_KIND_COLOR = _col(np.uint8)
# ... and the objects it covers: a place in library.GRANT_OBJECTS (0 creatures, 1 artifacts,
# 2 every permanent: Darksteel Forge, Avacyn, Angel of Hope)
GRANT_KIND_OBJECTS = _col(np.int8)
AS_THOUGH_HASTE = _col(np.bool_)  # activate_as_though_haste (Thousand-Year Elixir)
HUMAN_DAMAGE_DESTROYS = _col(np.bool_)  # human_damages_you_destroy (Mikaeus)
END_STEP_SACRIFICE = _col(np.bool_)  # end_step_sacrifice_if_no_creatures (Pestilence)
COLOR_BITS = _col(np.uint8)  # W U B R G as bits 1..16
LAND_TYPES = _col(np.uint8)  # a land's basic land types (205.3i), a bit each in LANDWALK's order
ATTACKS = _col(np.bool_)  # attacks_creatures_yours_gain_keyword: the card has an attack trigger
ATTACK_KEYWORD = _col(np.uint32)  # ... the KEYWORD_BITS it gives
ATTACK_PERSIST = _col(np.int8)  # ... instances of persist it gives (702.79b)
ATTACK_UNDYING = _col(np.int8)  # ... of undying


def _counter_kinds() -> tuple[str, ...]:
    """Every counter kind a template names: +1/+1 and -1/-1 first (codes 0 and 1), then the
    others (charge, luck, mining...) in name order."""
    kinds = {
        str(a.params[key])
        for c in CARDS
        for a in c.abilities
        for key in ("kind", "remove_counter")
        if a.params.get(key) and a.params[key] != "any"
    }
    return ("+1/+1", "-1/-1", *sorted(kinds - {"+1/+1", "-1/-1"}))


COUNTER_KINDS: Final = _counter_kinds()
KIND_ANY: Final = 100  # "counters" of any kind (Solemnity, Doubling Season)
KIND_CODE: Final = {**{k: i for i, k in enumerate(COUNTER_KINDS)}, "any": KIND_ANY}
_SCOPE_CODE = {"other": 0, "opponents": 1, "all": 2}
# what a rule for counters covers (614.1): every permanent, its controller's permanents, its
# controller's creatures, or its controller's artifacts and creatures (Winding Constrictor;
# ``engine.reference.counters._covers``)
COUNTER_SCOPE: Final = {
    "all_permanents": 0, "permanents_yours": 1, "creatures_yours": 2,
    "artifacts_creatures_yours": 3,
}  # fmt: skip
_SUBTYPE_PARAMS: Final = ("except_subtype", "per_subtype_yours", "subtype")
# The subtypes a template names (Fiery Cannonade's Pirate, Mutilate's Swamp, Cabal Coffers'
# Swamp, Priest of Titania's Elf), a bit each (the first SUBTYPE_BITS_CAP: a card naming
# another is not ENCODED, the cap named); ``SUBTYPE_BITS`` says which of them a card has, for
# the wipes and the mana alike.
NAMED_SUBTYPES: Final = tuple(
    sorted(
        {
            str(a.params[k])
            for c in CARDS
            for a in c.abilities
            for k in _SUBTYPE_PARAMS
            if a.params.get(k)
        }
    )
)
SUBTYPE_BITS_CAP: Final = 62  # named subtypes with a bit (int64 columns, below the sign bit)
_SUBTYPE_BIT: Final = {name: 1 << j for j, name in enumerate(NAMED_SUBTYPES[:SUBTYPE_BITS_CAP])}
_SPELL_CODE = {
    "destroy_all_creatures": 1,
    "damage_each_creature": 2,
    "creatures_get_until_eot": 3,
    "counters_on_each_creature_x": 4,
    "exile_all_modal": 5,
    "bounce_all_creatures": 6,
    "sacrifice_all_colored": 7,
    "bounce_all_permanents": 8,
    "exile_all_creatures": 9,
    "creatures_to_library_bottom": 10,
    "destroy_all_nonland_permanents": 11,
    "each_player_sacrifices_creatures": 12,
    "damage_each_modal": 13,
}
# The code of an instant or sorcery with none of those: its effects are only what its other
# templates say (its caster's lands skip their next untap, lands produce another type until
# end of turn, it is shuffled into its library), or nothing.
NO_MASS_EFFECT: Final = 14
MODE_BITS: Final = {
    "artifacts": 1,
    "creatures": 2,
    "enchantments": 4,
    "planeswalkers": 8,
    "graveyards": 16,
    "players": 32,  # Slagstorm's second mode
}


def color_bits(colors: Iterable[str]) -> int:
    """COLOR_BITS' encoding of colors (W U B R G as bits 1..16)."""
    return sum(1 << "WUBRG".index(col) for col in set(colors))


def filtered(a: Ability) -> bool:
    """A creatures_get or grant_keyword naming a subtype or a color (its own columns,
    FILTER_*, GRANT_KIND_*)."""
    return bool(a.text("subtype") or a.text("color"))


def kind_grant(a: Ability) -> bool:
    """A grant_keyword no GRANTS_KEYWORDS column holds: to creatures of a kind, to the other
    creatures its controller controls, or to artifacts or permanents (GRANT_KIND_*)."""
    return filtered(a) or a.text("scope") == "other_yours" or a.text("objects") != "creatures"


def _creatures_get(i: int, a: Ability) -> None:
    """611.3a by scope: "opponents" is every creature's change less its controller's own
    ("all" plus "yours" negated), "other" every creature's less the source's own, and
    "other_yours" its controller's creatures' less the source's own ("yours" plus OTHER)."""
    power, toughness = a.number("power"), a.number("toughness")
    if filtered(a):
        FILTER_SCOPE[i] = FILTER_SCOPES.index(a.text("scope"))
        FILTER_P[i] = fit(FILTER_P, power, "its creatures_get power")
        FILTER_T[i] = fit(FILTER_T, toughness, "its creatures_get toughness")
        FILTER_BIT[i] = _SUBTYPE_BIT.get(a.text("subtype"), 0)
        FILTER_COLOR[i] = color_bits(a.text("color"))
        return
    cols = {
        "yours": [(ANTHEM_P, ANTHEM_T, 1)],
        "all": [(ALL_P, ALL_T, 1)],
        "other_non_human_yours": [(LORD_P, LORD_T, 1)],
        "opponents": [(ALL_P, ALL_T, 1), (ANTHEM_P, ANTHEM_T, -1)],
        "other": [(ALL_P, ALL_T, 1), (OTHER_P, OTHER_T, 1)],
        "other_yours": [(ANTHEM_P, ANTHEM_T, 1), (OTHER_P, OTHER_T, 1)],
    }[a.text("scope")]
    for p_col, t_col, sign in cols:  # the sums fit too (a card may have several)
        p_col[i] = fit(p_col, int(p_col[i]) + sign * power, "its creatures_get power")
        t_col[i] = fit(t_col, int(t_col[i]) + sign * toughness, "its creatures_get toughness")


_GRANTS_BY_SCOPE: Final = dict(
    zip(
        GRANT_SCOPES,
        (
            GRANTS_KEYWORDS,
            GRANTS_KEYWORDS_ALL,
            GRANTS_KEYWORDS_OTHER,
            GRANTS_KEYWORDS_OPPONENTS,
            GRANTS_KEYWORDS_LORD,
        ),
        strict=True,
    )
)
_RETURN_GRANTS: Final = {"persist": PERSIST_GRANTS, "undying": UNDYING_GRANTS}
_KIND_RETURN_GRANTS: Final = {"persist": GRANT_KIND_PERSIST, "undying": GRANT_KIND_UNDYING}
# keywords no column holds, as they change nothing the engines play: granting one is exact as
# a grant of nothing (``kernel.fits.KEYWORDS`` declares them inert). 702.8a: flash changes only
# when a card may be cast, and casts here do not model timing.
INERT_KEYWORDS: Final = frozenset({"flash"})


def _grant_keyword(i: int, a: Ability) -> None:
    keyword, scope = a.text("keyword"), a.text("scope")
    if keyword in INERT_KEYWORDS:
        return
    if kind_grant(a):  # one scope and kind (_not_encoded), its objects (GRANT_KIND_OBJECTS)
        GRANT_KIND_SCOPE[i] = FILTER_SCOPES.index(scope)
        GRANT_KIND_BIT[i] = _SUBTYPE_BIT.get(a.text("subtype"), 0)
        GRANT_KIND_COLOR[i] = color_bits(a.text("color"))
        GRANT_KIND_OBJECTS[i] = GRANT_OBJECTS.index(a.text("objects"))
        if keyword in _KIND_RETURN_GRANTS:
            given = _KIND_RETURN_GRANTS[keyword]
            given[i] = fit(given, int(given[i]) + 1, f"its {keyword} grants ({scope})")
        else:
            GRANT_KIND_KEYWORDS[i] |= KEYWORD_BITS[keyword]
        return
    if keyword in KEYWORD_BITS:
        _GRANTS_BY_SCOPE[scope][i] |= KEYWORD_BITS[keyword]
        return
    column, shift = _RETURN_GRANTS[keyword], GRANT_COUNT_BITS * GRANT_SCOPES.index(scope)
    full = (1 << GRANT_COUNT_BITS) - 1
    if int(column[i]) >> shift & full == full:
        raise PastColumn(
            f"its {keyword} grants ({scope}) past GRANT_COUNT_BITS = {GRANT_COUNT_BITS}, a cap"
            " of the batch tables"
        )
    column[i] += 1 << shift


def _counters_cant_be_put(i: int, a: Ability) -> None:
    NO_KIND[i], NO_SCOPE[i] = KIND_CODE[a.text("kind")], COUNTER_SCOPE[a.text("scope")]


def _counters_modified(i: int, a: Ability) -> None:
    MOD_KIND[i] = KIND_CODE[a.text("kind")]
    MOD_SCOPE[i] = COUNTER_SCOPE[a.text("scope")]
    MOD_ADD[i], MOD_FACTOR[i] = param(MOD_ADD, a, "add"), param(MOD_FACTOR, a, "factor")
    MOD_EFFECTS_ONLY[i] = a.flag("effects_only")


def _etb_creatures_get(i: int, a: Ability) -> None:
    ETB_P[i], ETB_T[i] = param(ETB_P, a, "power"), param(ETB_T, a, "toughness")
    ETB_SCOPE[i] = _SCOPE_CODE[a.text("scope")]
    ETB_REPEAT[i] = a.flag("repeat_on_death")


def _death_drain(i: int, a: Ability) -> None:
    drain = death_drain(a)
    assert drain is not None
    DEATH_WATCH[i], DEATH_OTHER[i], DEATH_PW[i] = True, drain.other, drain.planeswalkers
    DEATH_WHOSE[i] = DEATH_WATCHED.index(drain.whose)
    DEATH_LOSER[i] = DEATH_LOSERS.index(drain.loser)
    DEATH_LIFE[i] = fit(DEATH_LIFE, drain.amount, f"its {a.template} amount")
    DEATH_GAIN[i] = fit(DEATH_GAIN, drain.gain, f"its {a.template} gain")


def _dies_create_token(i: int, a: Ability) -> None:
    DIES_TOKENS[i] = INDEX[a.text("token").lower()]
    DIES_TOKEN_KIND[i] = KIND_CODE[a.text("kind")]


def _leaves_create_token(i: int, a: Ability) -> None:
    LEAVES_TOKENS[i] = INDEX[a.text("token").lower()]
    LEAVES_COUNT[i] = param(LEAVES_COUNT, a, "amount")


def _spell(i: int, a: Ability) -> None:
    t = a.template
    SPELL[i] = _SPELL_CODE[t]
    if t == "destroy_all_creatures":
        SPELL_NOT_YOURS[i] = a.text("scope") == "not_yours"
        SPELL_MAX_MV[i] = param(SPELL_MAX_MV, a, "max_mana_value")
        SPELL_LIFE_PER[i] = param(SPELL_LIFE_PER, a, "life_per_creature")
    elif t == "damage_each_modal":
        SPELL_AMOUNT[i] = param(SPELL_AMOUNT, a, "amount")
    elif t == "damage_each_creature":
        SPELL_AMOUNT[i] = param(SPELL_AMOUNT, a, "amount")
        SPELL_EXILE_IF_DIES[i] = a.flag("exile_if_dies")
        SPELL_BY_X[i] = a.flag("by_x")
        SPELL_WITHOUT_FLYING[i] = a.flag("without_flying")
        SPELL_EACH_PLAYER[i] = a.flag("each_player")
        SPELL_EXCEPT_BIT[i] = _SUBTYPE_BIT.get(a.text("except_subtype"), 0)
    elif t == "creatures_get_until_eot":
        SPELL_AMOUNT[i] = param(SPELL_AMOUNT, a, "power")
        SPELL_TOUGHNESS[i] = param(SPELL_TOUGHNESS, a, "toughness")
        SPELL_BY_X[i] = a.flag("by_x")
        SPELL_PAY_X_LIFE[i] = a.flag("pay_x_life")
        SPELL_NOT_YOURS[i] = a.text("scope") == "opponents"
        SPELL_ONLY_YOURS[i] = a.text("scope") == "yours"
        SPELL_PER_BIT[i] = _SUBTYPE_BIT.get(a.text("per_subtype_yours"), 0)
        gained_until_eot(i, a.names("keywords"), (SPELL_KEYWORDS, SPELL_PERSIST, SPELL_UNDYING))
        SPELL_PERMANENTS[i] = a.flag("permanents")
    elif t == "each_player_sacrifices_creatures":
        SPELL_AMOUNT[i] = param(SPELL_AMOUNT, a, "amount")
        SPELL_NOT_YOURS[i] = a.text("who") == "opponents"
    elif t == "counters_on_each_creature_x":
        SPELL_KIND[i] = KIND_CODE[a.text("kind")]


def _graveyard_replaced(i: int, a: Ability) -> None:
    (EXILE_ALL_GY if a.text("scope") == "all" else EXILE_OPP_GY)[i] = True


def _attack_keyword(i: int, a: Ability) -> None:
    """Pyreheart Wolf: the keyword its attack trigger gives, a bit or an instance of persist
    or undying; a card's second such trigger adds its own (their effects commute, and
    nothing can happen between them: the two resolve as one). A trigger that gives an inert
    keyword still triggers, and resolves changing nothing."""
    ATTACKS[i] = True
    gained_until_eot(i, [a.text("keyword")], (ATTACK_KEYWORD, ATTACK_PERSIST, ATTACK_UNDYING))


def gained_until_eot(
    i: int, keywords: list[str], columns: tuple[np.ndarray, np.ndarray, np.ndarray]
) -> None:
    """Add to card ``i``'s ``columns`` the keywords an effect of it gives until end of turn,
    as the kernel adds them to an object (``triggers.weaken``): their KEYWORD_BITS, and the
    instances of persist and of undying (702.79b; flash, on a permanent, is none of these)."""
    bits, persist, undying = columns
    for keyword in keywords:
        bits[i] |= KEYWORD_BITS.get(keyword, 0)
        persist[i] += keyword == "persist"
        undying[i] += keyword == "undying"


def _set(column: np.ndarray, value: Callable[[Ability], int | bool] = lambda a: True) -> Fill:
    """A fill that sets one column to a value read from the ability (True by default)."""

    def fill(i: int, a: Ability) -> None:
        column[i] = value(a)

    return fill


Fill = Callable[[int, Ability], None]
# What each template puts in the columns of card ``i`` (a template absent here fills nothing).
_FILLS: Final[dict[str, Fill]] = {
    "creatures_get": _creatures_get,
    "grant_keyword": _grant_keyword,
    "activate_as_though_haste": _set(AS_THOUGH_HASTE),
    "human_damages_you_destroy": _set(HUMAN_DAMAGE_DESTROYS),
    "end_step_sacrifice_if_no_creatures": _set(END_STEP_SACRIFICE),
    "counters_cant_be_put": _counters_cant_be_put,
    "counters_modified": _counters_modified,
    "tokens_doubled": _set(TOKENS_DOUBLED),
    "graveyard_replaced_by_exile": _graveyard_replaced,
    "etb_gain_life": _set(ETB_LIFE, lambda a: param(ETB_LIFE, a, "amount")),
    "etb_damage_any_target": _set(ETB_PING),
    "etb_exile_graveyards": _set(ETB_EXILE_GY),
    "etb_creatures_get": _etb_creatures_get,
    "opponent_creature_dies_lose_life": _death_drain,
    "creature_dies_drain": _death_drain,
    "etb_target_opponent_loses_life": _set(ETB_DRAIN, lambda a: param(ETB_DRAIN, a, "amount")),
    "etb_destroy_noncreature_you_dont_control": _set(ETB_DESTROY),
    "creature_enters_from_your_graveyard_damage": _set(GY_PING),
    "permanent_enters_from_graveyard_draw": _set(GY_DRAW),
    "etb_return_graveyard_cards_from_battlefield_this_turn": _set(ETB_RETURN_DEAD),
    "etb_reanimate_opponent_creature_card": _set(ETB_REANIMATE),
    "upkeep_remove_counter_each_creature_yours": _set(
        UPKEEP_REMOVE, lambda a: KIND_CODE[a.text("kind")]
    ),
    "dies_create_token_per_counter": _dies_create_token,
    "leaves_create_token": _leaves_create_token,
    **dict.fromkeys(_SPELL_CODE, _spell),
    "enters_with_x_counters": _set(ENTERS_X_KIND, lambda a: KIND_CODE[a.text("kind")]),
    "shuffle_into_library": _set(SPELL_TO_LIBRARY),
    "attacks_creatures_yours_gain_keyword": _attack_keyword,
    "lands_skip_next_untap": _set(SPELL_SKIP_UNTAP),
}


def _fill_characteristics(i: int, c: Card) -> None:
    IS_CREATURE[i] = c.has_type("Creature")
    IS_LAND[i] = c.has_type("Land")
    IS_ARTIFACT[i] = c.has_type("Artifact")
    IS_ENCHANTMENT[i] = c.has_type("Enchantment")
    IS_PLANESWALKER[i] = c.has_type("Planeswalker")
    IS_HUMAN[i] = "Human" in c.subtypes
    IS_COLORED[i] = bool(c.colors)
    IS_LEGENDARY[i] = "Legendary" in c.supertypes
    BASE_P[i] = fit(BASE_P, c.power or 0, "its power")
    BASE_T[i] = fit(BASE_T, c.toughness or 0, "its toughness")
    MANA_VALUE[i] = fit(MANA_VALUE, c.mana_cost.mana_value, "its mana value")
    SUBTYPE_BITS[i] = sum(_SUBTYPE_BIT.get(t, 0) for t in c.subtypes)
    PERSIST[i] = fit(PERSIST, c.keywords.count("persist"), "its persist instances")
    UNDYING[i] = fit(UNDYING, c.keywords.count("undying"), "its undying instances")
    KEYWORDS[i] = sum(KEYWORD_BITS.get(k, 0) for k in set(c.keywords))
    COLOR_BITS[i] = color_bits(c.colors)
    if c.has_type("Land"):
        LAND_TYPES[i] = sum(1 << k for k, t in enumerate(LANDWALK.values()) if t in c.subtypes)


# -- activated abilities (602), per card and ability index: what each does, and its costs
ACTIVATED_TEMPLATES: Final = (
    "activated_put_counter_on_self", "activated_remove_counter_ping",
    "activated_untap_self_put_counter", "activated_targets_gain_keyword",
    "activated_untap_target_creature", "activated_lands_produce_until_eot",
    "activated_put_counter_on_each_creature_yours", "sacrifice_outlet", "activated_pump_self",
    "activated_destroy_artifacts_creatures_enchantments", "activated_damage_each_creature",
)  # fmt: skip
(
    ACT_COUNTER_ON_SELF, ACT_REMOVE_COUNTER_PING, ACT_UNTAP_SELF_PUT_COUNTER,
    ACT_TARGETS_GAIN_KEYWORD, ACT_UNTAP_TARGET_CREATURE, ACT_LANDS_PRODUCE,
    ACT_COUNTER_ON_EACH_YOURS, ACT_SACRIFICE_OUTLET, ACT_PUMP_SELF, ACT_DESTROY_ALL,
    ACT_DAMAGE_EACH,
) = range(1, len(ACTIVATED_TEMPLATES) + 1)  # fmt: skip
ACTIVATED: Final = max(len(c.abilities_of("activated")) for c in CARDS)
ACT_TPL = np.zeros((N, ACTIVATED), dtype=np.int8)  # 1 + index in ACTIVATED_TEMPLATES, 0 none
ACT_TAP = np.zeros((N, ACTIVATED), dtype=np.bool_)  # {T} in the cost
ACT_KIND = np.full((N, ACTIVATED), -1, dtype=np.int8)  # the counters' KIND_CODE
ACT_AMOUNT = np.zeros((N, ACTIVATED), dtype=np.int16)  # damage dealt (to a target, to each)
ACT_EACH_PLAYER = np.zeros((N, ACTIVATED), dtype=np.bool_)  # ... and to each player
ACT_WITHOUT_FLYING = np.zeros((N, ACTIVATED), dtype=np.bool_)  # ... to creatures without flying
ACT_BY_X = np.zeros((N, ACTIVATED), dtype=np.bool_)  # ... the amount times the activation's X
ACT_PERSIST = np.zeros((N, ACTIVATED), dtype=np.bool_)  # the keyword targets gain: persist
ACT_UNDYING = np.zeros((N, ACTIVATED), dtype=np.bool_)  # ... undying
ACT_KEYWORD_BITS = np.zeros((N, ACTIVATED), dtype=np.uint32)  # ... or a KEYWORD_BITS one
ACT_POWER = np.zeros((N, ACTIVATED), dtype=np.int16)  # activated_pump_self: +power/+toughness
ACT_TOUGHNESS = np.zeros((N, ACTIVATED), dtype=np.int16)


def _fill_activated(i: int, c: Card) -> None:
    for k, a in enumerate(c.abilities_of("activated")):
        ACT_TPL[i, k] = ACTIVATED_TEMPLATES.index(a.template) + 1
        ACT_TAP[i, k] = "tap" in a.params and a.flag("tap")
        ACT_KIND[i, k] = KIND_CODE[a.text("kind")] if "kind" in a.params else -1
        ACT_AMOUNT[i, k] = param(ACT_AMOUNT, a, "amount") if "amount" in a.params else 0
        keyword = a.text("keyword") if "keyword" in a.params else ""
        ACT_PERSIST[i, k], ACT_UNDYING[i, k] = keyword == "persist", keyword == "undying"
        ACT_KEYWORD_BITS[i, k] = KEYWORD_BITS.get(keyword, 0)
        if a.template == "activated_damage_each_creature":
            ACT_EACH_PLAYER[i, k] = a.flag("each_player")
            ACT_WITHOUT_FLYING[i, k] = a.flag("without_flying")
            ACT_BY_X[i, k] = a.flag("by_x")
        if a.template == "activated_pump_self":
            ACT_POWER[i, k] = param(ACT_POWER, a, "power")
            ACT_TOUGHNESS[i, k] = param(ACT_TOUGHNESS, a, "toughness")


def _keyword_encoded(keyword: str) -> bool:
    """A keyword the kernel's columns hold (a combat bit, or a count of persist or undying),
    or one that needs none (inert)."""
    return keyword in KEYWORD_BITS or keyword in _RETURN_GRANTS or keyword in INERT_KEYWORDS


def _keyword(a: Ability) -> str:
    keyword = a.text("keyword")
    return "" if _keyword_encoded(keyword) else f"no column holds the keyword {keyword!r}"


def _kind(a: Ability) -> str:
    kind = a.text("kind")
    return "" if kind in KIND_CODE else f"no column holds {kind} counters"


def _subtype(value: str) -> str:
    if value in ("", *_SUBTYPE_BIT):
        return ""
    return f"its subtype {value!r} is past the SUBTYPE_BITS_CAP = {SUBTYPE_BITS_CAP} named"


# The parameter values the columns above encode, by template (a template not listed: all of
# them): why an ability's are not ("" when they are). A card of a user's file may hold
# others; it is then outside the batch engine (ENCODED False, NOT_ENCODED says why: the wipe
# shape refuses it, the kernel's whitelist too), never approximated.
_ENCODES: Final[dict[str, Callable[[Ability], str]]] = {
    "grant_keyword": lambda a: _keyword(a) or _subtype(a.text("subtype")),
    "counters_cant_be_put": _kind,
    "counters_modified": _kind,
    "creatures_get": lambda a: _subtype(a.text("subtype")),
    "creatures_get_until_eot": lambda a: _subtype(a.text("per_subtype_yours")),
    "damage_each_creature": lambda a: _subtype(a.text("except_subtype")),
    "attacks_creatures_yours_gain_keyword": _keyword,
}
ENCODED = _col(np.bool_)  # every parameter of the card's abilities is one the columns encode
NOT_ENCODED: Final[dict[int, str]] = {}  # why a card is not ENCODED (by card index)


# the templates a card may have twice: their columns add up (or the grants are redundant,
# 702.9c...; two attack triggers' keywords resolve as one, ``_attack_keyword``); a mana or
# activated ability's columns are its own (by ability). Any other template's columns hold
# ABILITIES_PER_TEMPLATE of a card (one trigger, one rule, with its numbers and kinds): a
# second is past that cap, and the card is not encoded (lifting it means a column per
# instance for every such template, in both the tables and the kernel).
ABILITIES_PER_TEMPLATE: Final = 1
_SUMMED: Final = frozenset(
    {"creatures_get", "grant_keyword", "attacks_creatures_yours_gain_keyword"}
)
_OWN: Final = (MANA_KIND, ACTIVATED_KIND)


# The names of the tokens one card makes (``library.TOKEN_MAKERS``): a slot numbers the tokens
# it makes in one series (``token_serial``: ``source.beast1``), the reference engine a series
# per name, so a card making two names is past this cap.
TOKEN_NAMES_PER_CARD: Final = 1


# The "tapped for mana" replacement effects of one permanent (a static one, or the lasting
# effect of an activated ability, 106.12b): the mana tables hold MANA_REPLACEMENTS_PER_CARD
# of a card (one kind, factor, type and scope; one lasting effect), whichever templates.
MANA_REPLACEMENTS_PER_CARD: Final = 1
_MANA_REPLACEMENTS: Final = (
    "mana_multiply", "mana_replace_type", "activated_lands_produce_until_eot",
)  # fmt: skip


def _not_encoded(c: Card) -> str:
    """Why the columns cannot hold card ``c`` ("" when they can)."""
    once = [a.template for a in c.abilities if a.template not in _SUMMED and a.kind not in _OWN]
    for template in once:
        if once.count(template) > ABILITIES_PER_TEMPLATE:
            return (
                f"it has {template} twice, past ABILITIES_PER_TEMPLATE ="
                f" {ABILITIES_PER_TEMPLATE}, a cap of the batch tables"
            )
    if sum(a.template == "creatures_get" and filtered(a) for a in c.abilities) > FILTERED_PER_CARD:
        return (
            f"it has {FILTERED_PER_CARD + 1} or more creatures_get naming a subtype or a color,"
            f" past FILTERED_PER_CARD = {FILTERED_PER_CARD}, a cap of the batch tables"
        )
    kinds = {
        (a.text("scope"), a.text("subtype"), a.text("color"), a.text("objects"))
        for a in c.abilities
        if a.template == "grant_keyword" and kind_grant(a)
    }
    if len(kinds) > GRANT_KINDS_PER_CARD:
        return (
            f"it grants keywords to {len(kinds)} scopes or kinds of creatures named by a subtype,"
            f" a color or as other creatures you control, or to artifacts or permanents, past"
            f" GRANT_KINDS_PER_CARD = {GRANT_KINDS_PER_CARD}, a cap of the batch tables"
        )
    drains = [a.template for a in c.abilities if death_drain(a) is not None]
    if len(drains) > ABILITIES_PER_TEMPLATE:  # the two templates fill the same columns
        return (
            f"it has {len(drains)} life triggers on a creature's death ({', '.join(drains)}),"
            f" past ABILITIES_PER_TEMPLATE = {ABILITIES_PER_TEMPLATE}, a cap of the batch tables"
        )
    tokens = sorted({a.text("token") for a in c.abilities if a.template in TOKEN_MAKERS})
    if len(tokens) > TOKEN_NAMES_PER_CARD:
        return (
            f"it makes tokens of {len(tokens)} names ({', '.join(tokens)}), past"
            f" TOKEN_NAMES_PER_CARD = {TOKEN_NAMES_PER_CARD}, a cap of the batch tables"
        )
    replacements = [a.template for a in c.abilities if a.template in _MANA_REPLACEMENTS]
    if len(replacements) > MANA_REPLACEMENTS_PER_CARD:
        return (
            f'it has {len(replacements)} "tapped for mana" replacement effects'
            f" ({', '.join(replacements)}), past MANA_REPLACEMENTS_PER_CARD ="
            f" {MANA_REPLACEMENTS_PER_CARD}, a cap of the batch tables"
        )
    whys = (_ENCODES[a.template](a) for a in c.abilities if a.template in _ENCODES)
    return next((why for why in whys if why), "")


def _fill_card(i: int, c: Card) -> None:
    _fill_characteristics(i, c)
    why = _not_encoded(c)
    ENCODED[i] = not why
    if why:
        NOT_ENCODED[i] = why
    BOARD_OK[i] = ENCODED[i] and on_board_ok(c)
    CAST_OK[i] = ENCODED[i] and castable_ok(c)
    if not ENCODED[i]:
        return
    _fill_activated(i, c)
    for a in c.abilities:
        fill = _FILLS.get(a.template)
        if fill is not None:
            fill(i, a)
    for templates, column in _PARTS:
        codes = [templates.index(a.template) + 1 for a in c.abilities if a.template in templates]
        column[i] = sum(code << PART_BITS * j for j, code in enumerate(codes))
    if not c.is_permanent_card and SPELL[i] == 0:
        SPELL[i] = NO_MASS_EFFECT


def _fill() -> None:
    for i, c in enumerate(CARDS):
        try:
            _fill_card(i, c)
        except PastColumn as past:  # a user's number past its column
            ENCODED[i] = BOARD_OK[i] = CAST_OK[i] = False
            NOT_ENCODED[i] = str(past)
    MAKES_TOKEN[:] = np.maximum(DIES_TOKENS, LEAVES_TOKENS)
    _tokens_encoded()


def _tokens_encoded() -> None:
    """A card is held only with the token it makes as it dies or leaves, and that token's own
    (the batch plays them all: ``present.cards_present``): one whose token the columns cannot
    hold is refused with the token's reason, never handed to the kernel."""
    changed = True
    while changed:
        changed = False
        for i in np.flatnonzero(ENCODED & (MAKES_TOKEN >= 0)).tolist():
            token = int(MAKES_TOKEN[i])
            if not ENCODED[token]:
                ENCODED[i] = BOARD_OK[i] = CAST_OK[i] = False
                NOT_ENCODED[i] = f"the {CARDS[token].name} tokens it makes: {NOT_ENCODED[token]}"
                changed = True


_fill()
HAS_MODIFIER: Final = MOD_KIND >= 0
# a static that gives persist or undying (702.79b, 702.93b): to creatures by scope, or to a
# kind (its objects: GRANT_KIND_OBJECTS, creatures, artifacts or every permanent); either
SCOPE_GIVES_RETURNS: Final = (PERSIST_GRANTS != 0) | (UNDYING_GRANTS != 0)
KIND_GIVES_RETURNS: Final = (GRANT_KIND_PERSIST != 0) | (GRANT_KIND_UNDYING != 0)
GIVES_RETURNS: Final = SCOPE_GIVES_RETURNS | KIND_GIVES_RETURNS
# a rule for counters (614.1): a prohibition or a number-changing replacement
COUNTER_RULE: Final = (NO_KIND >= 0) | HAS_MODIFIER
# the keywords a card's statics grant, whatever their scope
GRANTED_KEYWORDS: Final = (
    GRANTS_KEYWORDS
    | GRANTS_KEYWORDS_ALL
    | GRANTS_KEYWORDS_OTHER
    | GRANTS_KEYWORDS_OPPONENTS
    | GRANTS_KEYWORDS_LORD
    | GRANT_KIND_KEYWORDS
)
# a static that grants keywords, of any scope (``keywords.granted_by_statics`` skips the rest)
GRANTS_ANY: Final = GRANTED_KEYWORDS != 0
HAS_ETB: Final = ETB_PARTS != 0
# a trigger aimed at "any target" (a permanent or a player): the order of the names counts
ANY_TARGET: Final = ETB_PING | GY_PING
# ... an activated one (Walking Ballista): its names count in order too
ACT_ANY_TARGET: Final = (ACT_TPL == ACT_REMOVE_COUNTER_PING).any(axis=1)
# DEATH_WHOSE and DEATH_LOSER codes the kernel compares with
WATCH_ANY, WATCH_YOURS, WATCH_OPPONENTS = map(DEATH_WATCHED.index, ("any", "yours", "opponents"))
EACH_OPPONENT_LOSES, TARGET_LOSER = map(DEATH_LOSERS.index, ("each_opponent", "target_player"))
# triggers that name a player (``ping_target``): "any target", "target opponent" and "target
# player"
PLAYER_TARGET: Final = ANY_TARGET | (ETB_DRAIN != 0) | DEATH_WATCH & (DEATH_LOSER == TARGET_LOSER)
# enters triggers the wipe fast path does not play: a target opponent loses life, destroy a
# target, a creature entering from your graveyard deals damage, a permanent from a graveyard
# draws, this turn's dead return to the hand, an opponent's creature card is reanimated
BEYOND_FAST_ETB: Final = (
    (ETB_DRAIN != 0) | ETB_DESTROY | GY_PING | GY_DRAW | ETB_RETURN_DEAD | ETB_REANIMATE
)
