"""Card tables for the batch engine's mana shape (shape 2), built once at import.

Every column is derived from ability templates and their parameters in the card library (never
from card names), so a new card of a known template works with no code change. Cards share the
index space of ``engine.batch.tables`` (``CARDS``, ``INDEX``).

Mana abilities (CR 605) are laid out per card as ``AB`` printed columns plus one virtual column
``GRANTED``: the ability Cryptolith Rite grants ("{T}: Add one mana of any color.", 611.3a),
which follows the printed ones in the reference engine's ability list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import numpy as np

from engine.batch import tables as tb
from engine.batch.tables import CARDS, INDEX, N
from engine.library import MANA, Ability, Card, parse_mana_cost
from engine.mana_types import COLORS, MANA_TYPES

__all__ = ["CARDS", "INDEX", "N"]

# -- mana types as bits, in WUBRGC order (CR 106.1b: colorless is a type, not a color)
TYPE_INDEX: Final = {t: i for i, t in enumerate(MANA_TYPES)}
TYPE_BIT: Final = {t: 1 << i for i, t in enumerate(MANA_TYPES)}
COLOR_BITS: Final = sum(TYPE_BIT[c] for c in COLORS)  # WUBRG
C_INDEX: Final = TYPE_INDEX["C"]

# -- mana ability templates
TPL_NONE, TPL_FIXED, TPL_ANY, TPL_PER_CREATURE, TPL_REFLECT, TPL_COUNTER_ANY = range(6)
TPL_ONE_OF, TPL_PER_SUBTYPE = 6, 7
_TPL_CODE = {
    "mana_fixed": TPL_FIXED,
    "mana_any_color": TPL_ANY,
    "mana_per_creature_yours": TPL_PER_CREATURE,
    "mana_reflect_lands": TPL_REFLECT,
    "mana_fixed_or_any_color_with_counter": TPL_COUNTER_ANY,
    "mana_one_of": TPL_ONE_OF,
    "mana_per_subtype": TPL_PER_SUBTYPE,
}
LANDS_ALL, LANDS_YOURS, LANDS_NONBASIC = range(3)
_LANDS_CODE = {"all": LANDS_ALL, "yours": LANDS_YOURS, "nonbasic": LANDS_NONBASIC}
# -- "tapped for mana" replacement effects (106.12b)
REP_NONE, REP_MULTIPLY, REP_TYPE = range(3)
# -- "tapped for mana" triggers (106.12a): which permanents they watch
TFM_LANDS, TFM_CREATURES, TFM_ENCHANTED = range(3)
_TFM_CODE = {"lands": TFM_LANDS, "creatures": TFM_CREATURES, "enchanted": TFM_ENCHANTED}
PRODUCE_SAME = -2  # "one mana of any type that land produced"
PRODUCE_ANY = -3  # "one mana of any color" (Fertile Ground)

# Templates the mana shape models on the battlefield.
_MODELED = {
    *_TPL_CODE,
    "grant_mana_any_color",
    "grant_keyword",  # haste (others below are inert here)
    "creatures_get",  # P/T (Elvish Archdruid's lord): a creature at toughness 0 dies (704.5f)
    "activate_as_though_haste",
    "mana_multiply",
    "mana_replace_type",
    "tapped_for_mana_add",
    "counters_cant_be_put",
    "counters_modified",
    "graveyard_replaced_by_exile",
    "upkeep_sacrifice_unless_sacrifice_creature",
    "cast_creature_draw",
    "activated_lands_produce_until_eot",
    "enters_with_x_counters",
    "enters_with_counters",
    "enters_tapped",
    "enters_tapped_unless_pay_life",
    "dies_create_token_per_counter",  # a trial where it would make a token is unsupported
}
# Templates that change nothing in a mana experiment while their card sits on the battlefield:
# enters triggers already happened, and these activated abilities are never activated here.
_INERT_ON_BOARD = {
    "tokens_doubled",  # the shape never creates tokens
    "activated_put_counter_on_self",
    "activated_remove_counter_ping",
    "activated_untap_self_put_counter",
    "activated_targets_gain_keyword",
    "activated_untap_target_creature",
    "activated_put_counter_on_each_creature_yours",
    "sacrifice_outlet",
    "activated_destroy_artifacts_creatures_enchantments",
    "activated_damage_each_creature",
    "human_damages_you_destroy",  # no damage is dealt in the mana shape
    "etb_gain_life",
    "etb_damage_any_target",
    "etb_creatures_get",
    "etb_exile_graveyards",
    "etb_return_land_you_control",
}
# Keywords that do nothing in the mana shape (no combat, no damage dealt, no target chosen but
# by the listed policy, which targets its own side or a player; 702.8a flash: no timing;
# 702.12b indestructible: nothing is destroyed); haste is modeled.
INERT_KEYWORDS: Final = frozenset(
    {"flying", "trample", "menace", "intimidate", "deathtouch"}
    | {"vigilance", "reach", "defender", "fear", "hexproof", "lifelink", "wither", "flash"}
    | {"first strike", "double strike", "indestructible"}
)
_MANA_KEYWORDS = INERT_KEYWORDS | {"haste"}


COUNTER_KINDS: Final = tb.COUNTER_KINDS  # one kind code for both tables
K = len(COUNTER_KINDS)
KIND_CODE: Final = {k: i for i, k in enumerate(COUNTER_KINDS)}
KIND_ANY: Final = tb.KIND_ANY
KIND_NEVER: Final = -2  # a kind no template names


def _kind(kind: str) -> int:
    return KIND_ANY if kind == "any" else KIND_CODE.get(kind, KIND_NEVER)


def _bits(types: str) -> int:
    return sum(TYPE_BIT[t] for t in set(types))


def _col(dtype: type, fill: int = 0) -> np.ndarray:
    return np.full(N, fill, dtype=dtype)


AB: Final = max(len(c.abilities_of(MANA)) for c in CARDS)  # printed mana abilities per card
GRANTED: Final = AB  # the column of Cryptolith Rite's granted ability
# -- characteristics
IS_CREATURE = _col(np.bool_)
IS_LAND = _col(np.bool_)
IS_BASIC = _col(np.bool_)
IS_LEGENDARY = _col(np.bool_)
IS_AURA = _col(np.bool_)
IS_PERMANENT = _col(np.bool_)
BOARD_OK = _col(np.bool_)  # the mana shape models this card on the battlefield
CAST_OK = _col(np.bool_)  # ... and casting it
# -- mana abilities: (N, AB + 1), the last column being the granted one
N_AB = _col(np.int8)
AB_TPL = np.zeros((N, AB + 1), dtype=np.int8)
AB_TAP = np.zeros((N, AB + 1), dtype=np.bool_)  # {T} in the cost: "tapped for mana" (106.12)
AB_UNTAP = np.zeros((N, AB + 1), dtype=np.bool_)  # {Q} in the cost (107.6)
AB_COST = np.zeros((N, AB + 1), dtype=np.int8)  # generic mana paid from the pool
AB_TAP_CREATURE = np.zeros((N, AB + 1), dtype=np.bool_)  # "Tap an untapped creature you control"
AB_REMOVE = np.full((N, AB + 1), -1, dtype=np.int8)  # counter kind removed as a cost, -1 none
AB_SACRIFICE = np.zeros((N, AB + 1), dtype=np.bool_)  # sacrifice when no such counter is left
AB_BITS = np.zeros((N, AB + 1), dtype=np.uint8)  # fixed types (any color: WUBRG)
AB_AMOUNT = np.zeros((N, AB + 1, 6), dtype=np.int8)  # fixed amounts; per creature: per one
AB_KIND = np.full((N, AB + 1), -1, dtype=np.int8)  # "if it has a luck counter": that kind
AB_OPPONENTS = np.zeros((N, AB + 1), dtype=np.bool_)  # reflect lands opponents control
AB_COLORS_ONLY = np.zeros((N, AB + 1), dtype=np.bool_)  # reflect colors only (no C)
AB_DAMAGE = np.zeros((N, AB + 1), dtype=np.int16)  # "deals N damage to you" (Ancient Tomb)
AB_LIFE = np.zeros((N, AB + 1), dtype=np.int16)  # "Pay N life" in the cost (Mana Confluence)
AB_SAC_SELF = np.zeros((N, AB + 1), dtype=np.bool_)  # "Sacrifice CARDNAME" in the cost
AB_SAC_CREATURE = np.zeros((N, AB + 1), dtype=np.bool_)  # "Sacrifice a creature" in the cost
AB_TIMES = np.ones((N, AB + 1), dtype=np.int16)  # mana of the chosen type (Gilded Lotus: 3)
AB_SUBTYPE = np.full((N, AB + 1), -1, dtype=np.int8)  # "for each": a tables.NAMED_SUBTYPES bit
AB_ALL = np.zeros((N, AB + 1), dtype=np.bool_)  # ... counted on the whole battlefield
# -- statics
GRANT_ANY = _col(np.bool_)  # grant_mana_any_color (scope yours) to creatures
GRANT_ANY_LANDS = _col(np.bool_)  # ... to lands (Chromatic Lantern)
REP_KIND = _col(np.int8)  # REP_*: a static "tapped for mana" replacement
REP_FACTOR = _col(np.int8, 1)
REP_PRODUCE = _col(np.int8, -1)  # type index
REP_ONE = _col(np.bool_)  # "instead of any other type and amount": one mana
REP_LANDS = _col(np.int8)  # LANDS_* for REP_TYPE
TFM_SOURCE = _col(np.int8, -1)  # tapped_for_mana_add: TFM_*, -1 none
TFM_YOURS = _col(np.bool_)
TFM_PRODUCE = _col(np.int8, -1)  # type index, PRODUCE_SAME or PRODUCE_ANY
TFM_AMOUNT = _col(np.int8)  # how many (Overgrowth: {G}{G})
CAST_DRAW = _col(np.bool_)  # Zendikar Resurgent: draw on casting a creature (unsupported)
# -- the activated ability "until end of turn, lands you control produce ..." (Deep Water), of
# which a card has at most one (tables.MANA_REPLACEMENTS_PER_CARD)
N_ACTIVATED = _col(np.int8)
EFFECT_ABILITY = _col(np.int8, -1)  # its index among the card's activated abilities, -1: none
EFFECT_PRODUCE = _col(np.int8, -1)  # the type it produces (type index), -1: none
EFFECT_LANDS = _col(np.int8)
# -- instants and sorceries "until end of turn, lands produce ..." (Pale Moon)
SPELL_PRODUCE = _col(np.int8, -1)
SPELL_LANDS = _col(np.int8)
# -- counters (R5) for X spells and "enters with" counters
ENTERS_KIND = _col(np.int8, -1)
ENTERS_AMOUNT = _col(np.int8)
ENTERS_TAPPED = _col(np.bool_)
ENTERS_PAY_LIFE = _col(np.int16)  # "you may pay N life. If you don't, it enters tapped" (N)
DIES_TOKENS_KIND = _col(np.int8, -1)  # dies: a token per counter of this kind


def _costs(i: int, k: int, a_params: dict[str, Any], tpl: str) -> bool:
    """The costs and damage columns any mana template may have; whether they are encoded."""
    cost = parse_mana_cost(str(a_params.get("cost", "")))
    its = f"its {tpl}"
    AB_COST[i, k] = tb.fit(AB_COST, cost.generic, f"{its} cost's generic mana")
    AB_DAMAGE[i, k] = tb.fit(AB_DAMAGE, int(a_params.get("damage", 0)), f"{its} damage")
    AB_LIFE[i, k] = tb.fit(AB_LIFE, int(a_params.get("life", 0)), f"{its} life")
    AB_SAC_SELF[i, k] = bool(a_params.get("sacrifice", False))
    AB_SAC_CREATURE[i, k] = bool(a_params.get("sacrifice_creature", False))
    # one permanent chosen for a cost per ability
    one_chosen = not (AB_SAC_CREATURE[i, k] and (AB_SAC_SELF[i, k] or a_params.get("tap_creature")))
    return not (cost.colored or cost.x_count) and one_chosen


def _any_color(i: int, k: int, a_params: dict[str, Any]) -> bool:
    AB_TAP[i, k] = bool(a_params["tap"])
    AB_UNTAP[i, k] = bool(a_params["untap"])
    AB_TAP_CREATURE[i, k] = bool(a_params["tap_creature"])
    kind = str(a_params["remove_counter"])
    AB_REMOVE[i, k] = KIND_CODE[kind] if kind else -1
    AB_SACRIFICE[i, k] = bool(a_params["sacrifice_when_none"]) and bool(kind)
    AB_BITS[i, k] = COLOR_BITS
    AB_TIMES[i, k] = tb.fit(AB_TIMES, int(a_params["amount"]), "its mana_any_color amount")
    both = AB_SACRIFICE[i, k] and AB_SAC_SELF[i, k]
    return not (AB_TAP[i, k] and AB_UNTAP[i, k]) and not both and AB_TIMES[i, k] >= 1


def _mana_ability(i: int, k: int, a_params: dict[str, Any], tpl: str) -> bool:
    """Fill column ``k`` of card ``i``; return whether the shape models the ability."""
    AB_TPL[i, k] = _TPL_CODE[tpl]
    if not _costs(i, k, a_params, tpl):
        return False
    if tpl == "mana_any_color":
        return _any_color(i, k, a_params)
    AB_TAP[i, k] = bool(a_params.get("tap", True))  # else a {T} ability (CR 106.12)
    produce = str(a_params["produce"]) if "produce" in a_params else ""  # of WUBRGC: library
    for t in set(produce):
        AB_AMOUNT[i, k, TYPE_INDEX[t]] = tb.fit(AB_AMOUNT, produce.count(t), f"its {tpl} {t}")
    AB_BITS[i, k] = _bits(produce)
    if tpl == "mana_one_of":
        return len(set(produce)) == len(produce) >= 2
    if tpl == "mana_per_subtype":
        AB_SUBTYPE[i, k] = tb.NAMED_SUBTYPES.index(str(a_params["subtype"]))
        AB_ALL[i, k] = a_params["whose"] == "all"
        return len(produce) == 1 and AB_SUBTYPE[i, k] < tb.SUBTYPE_BITS_CAP  # (a bit each)
    if tpl == "mana_per_creature_yours":
        return len(produce) == 1
    if tpl == "mana_fixed_or_any_color_with_counter":
        AB_KIND[i, k] = KIND_CODE[str(a_params["kind"])]
    if tpl == "mana_reflect_lands":
        AB_OPPONENTS[i, k] = a_params["whose"] == "opponents"
        AB_COLORS_ONLY[i, k] = bool(a_params["colors_only"])
    return True


def _grant_keyword(i: int, a: Ability) -> bool:
    """Haste matters to mana abilities (302.6: the kernel reads tables.GRANTS_*); the
    others do not."""
    return a.text("keyword") == "haste" or a.text("keyword") in INERT_KEYWORDS


def _mana_multiply(i: int, a: Ability) -> bool:
    REP_KIND[i], REP_FACTOR[i] = REP_MULTIPLY, tb.param(REP_FACTOR, a, "factor")
    return a.number("factor") >= 2


def _mana_replace_type(i: int, a: Ability) -> bool:
    REP_KIND[i], REP_PRODUCE[i] = REP_TYPE, TYPE_INDEX[a.text("produce")]
    REP_ONE[i], REP_LANDS[i] = a.flag("one_mana"), _LANDS_CODE[a.text("lands")]
    return True


def _tapped_for_mana_add(i: int, a: Ability) -> bool:
    TFM_SOURCE[i], TFM_YOURS[i] = _TFM_CODE[a.text("source")], a.text("whose") == "yours"
    produce = a.text("produce")
    TFM_AMOUNT[i] = 1
    if produce in ("same", "any"):
        TFM_PRODUCE[i] = PRODUCE_SAME if produce == "same" else PRODUCE_ANY
        return True
    # one type, maybe several of it (Overgrowth: {G}{G}; the library checks the symbols)
    if len(set(produce)) != 1:
        return False
    TFM_PRODUCE[i] = TYPE_INDEX[produce[0]]
    TFM_AMOUNT[i] = tb.fit(TFM_AMOUNT, len(produce), "its tapped_for_mana_add mana")
    return True


def _grant_mana_any_color(i: int, a: Ability) -> bool:
    (GRANT_ANY_LANDS if a.text("to") == "lands" else GRANT_ANY)[i] = True
    return True


def _enters_pay_life(i: int, a: Ability) -> bool:
    ENTERS_PAY_LIFE[i] = tb.param(ENTERS_PAY_LIFE, a, "amount")
    return a.number("amount") >= 1


def _enters_with_x_counters(i: int, a: Ability) -> bool:
    return _kind(a.text("kind")) >= 0  # (the kind's column is ``tables.ENTERS_X_KIND``)


def _enters_with_counters(i: int, a: Ability) -> bool:
    ENTERS_KIND[i] = _kind(a.text("kind"))
    ENTERS_AMOUNT[i] = tb.param(ENTERS_AMOUNT, a, "amount")
    return bool(ENTERS_KIND[i] >= 0)


def _flag(column: np.ndarray) -> Callable[[int, Ability], bool]:
    """A fill that sets one boolean column."""

    def fill(i: int, a: Ability) -> bool:
        column[i] = True
        return True

    return fill


def _dies_tokens(i: int, a: Ability) -> bool:
    DIES_TOKENS_KIND[i] = _kind(a.text("kind"))
    return True


# What each non-mana template puts in the columns of card ``i``, and whether the shape models
# the card with it (a modeled or inert template absent here fills nothing).
_FILLS: Final[dict[str, Callable[[int, Ability], bool]]] = {
    "grant_mana_any_color": _grant_mana_any_color,
    "grant_keyword": _grant_keyword,
    "mana_multiply": _mana_multiply,
    "mana_replace_type": _mana_replace_type,
    "tapped_for_mana_add": _tapped_for_mana_add,
    "cast_creature_draw": _flag(CAST_DRAW),
    "enters_with_x_counters": _enters_with_x_counters,
    "enters_with_counters": _enters_with_counters,
    "enters_tapped": _flag(ENTERS_TAPPED),
    "enters_tapped_unless_pay_life": _enters_pay_life,
    "dies_create_token_per_counter": _dies_tokens,
}


def _fill_characteristics(i: int, c: Card) -> None:
    IS_CREATURE[i] = c.has_type("Creature")
    IS_LAND[i] = c.has_type("Land")
    IS_BASIC[i] = "Basic" in c.supertypes
    IS_LEGENDARY[i] = "Legendary" in c.supertypes
    IS_AURA[i] = "Aura" in c.subtypes
    IS_PERMANENT[i] = c.is_permanent_card


def _fill_activated(i: int, c: Card) -> None:
    """Deep Water: the activated ability "until end of turn, lands produce ...", whichever of
    the card's activated abilities it is."""
    activated = c.abilities_of("activated")
    N_ACTIVATED[i] = len(activated)
    for k, a in enumerate(activated):
        if a.template == "activated_lands_produce_until_eot":
            EFFECT_ABILITY[i] = k
            EFFECT_PRODUCE[i] = TYPE_INDEX[a.text("produce")]
            EFFECT_LANDS[i] = _LANDS_CODE[a.text("lands")]


def _fill_card(i: int, c: Card) -> bool:
    """Fill the columns of card ``i``; return whether the mana shape models it on the board."""
    _fill_characteristics(i, c)
    ok = set(c.keywords) <= _MANA_KEYWORDS
    seen: set[str] = set()
    k = 0
    for a in c.abilities:
        t = a.template
        ok &= t in _MODELED | _INERT_ON_BOARD and (t not in seen or t in _TPL_CODE)
        seen.add(t)
        if t in _TPL_CODE:
            ok &= _mana_ability(i, k, dict(a.params), t)
            k += 1
        elif t in _FILLS:
            ok &= _FILLS[t](i, a)
    _fill_activated(i, c)
    N_AB[i] = k
    ok &= sum(a.template == "mana_fixed_or_any_color_with_counter" for a in c.abilities) <= 1
    return bool(ok) and c.is_permanent_card and not c.token_only


# every parameter and number of the card is one the tables (these and ``tables``') encode,
# and why not where one is not
ENCODED = tb.ENCODED.copy()
NOT_ENCODED = dict(tb.NOT_ENCODED)


def not_encoded(i: int) -> str:
    """Why card ``i`` is refused where ENCODED is False (scenarios and experiments)."""
    why = NOT_ENCODED.get(i, "a template the batch engine does not declare")
    return f"{CARDS[i].name} has what the batch engine's tables cannot encode: {why}"


def _fill() -> None:
    AB_TPL[:, GRANTED] = TPL_ANY
    AB_TAP[:, GRANTED] = True
    AB_BITS[:, GRANTED] = COLOR_BITS
    for i, c in enumerate(CARDS):
        try:
            BOARD_OK[i] = _fill_card(i, c) and bool(ENCODED[i])  # tables' caps too
        except tb.PastColumn as past:  # a user's number past its column
            ENCODED[i] = False
            NOT_ENCODED[i] = str(past)
            continue
        templates = {a.template for a in c.abilities}
        if not c.is_permanent_card:
            spell = c.ability("lands_produce_until_eot")
            if spell is not None:  # with other effects, a scenario casts it (608.2c)
                SPELL_PRODUCE[i] = TYPE_INDEX[spell.text("produce")]
                SPELL_LANDS[i] = _LANDS_CODE[spell.text("lands")]
                CAST_OK[i] = templates == {"lands_produce_until_eot"}  # the mana shape's
        else:
            # A cast permanent enters with its X and "enters with" counters; lands are played,
            # not cast, an Aura spell needs a target (303.4a) and enters triggers are outside
            # the shape.
            CAST_OK[i] = (
                BOARD_OK[i]
                and not c.has_type("Land")
                and "Aura" not in c.subtypes
                and not any(t.startswith("etb_") for t in templates)
            )


_fill()
IS_REFLECT: Final[np.ndarray] = np.asarray((AB_TPL == TPL_REFLECT).any(1))
HAS_TAP_CREATURE: Final[np.ndarray] = np.asarray(AB_TAP_CREATURE.any(1))
# What a card's printed mana abilities could produce (106.7) where it never depends on the
# board: every template but those whose types do (the kernel's ``could._raw_bits`` and
# ``_reflected``) makes its AB_BITS. ORed per card, the {T} abilities apart (an "instead"
# effect replaces what they make, 106.12).
_PRINTED = AB_TPL[:, :AB]
_ON_BOARD = np.isin(_PRINTED, (TPL_PER_CREATURE, TPL_PER_SUBTYPE, TPL_COUNTER_ANY))
_FIXED = ~_ON_BOARD & (_PRINTED != TPL_REFLECT) & (np.arange(AB)[None, :] < N_AB[:, None])
STATIC_TAP: Final[np.ndarray] = np.bitwise_or.reduce(
    np.where(_FIXED & AB_TAP[:, :AB], AB_BITS[:, :AB], 0), axis=1
).astype(np.uint8)
STATIC_OTHER: Final[np.ndarray] = np.bitwise_or.reduce(
    np.where(_FIXED & ~AB_TAP[:, :AB], AB_BITS[:, :AB], 0), axis=1
).astype(np.uint8)
HAS_BOARD_TYPES: Final[np.ndarray] = np.asarray(_ON_BOARD.any(1))  # ... and where it does
# The cards whose permanent may change what a permanent tapped for mana makes: a replacement
# (616.1), a "tapped for mana" trigger (605.1b), an activated "lands produce" effect that lasts
# (Deep Water, 611.2a). The kernel lists the slots that hold them (``kernel.listed``).
CHANGES_TAPPED_MANA: Final[np.ndarray] = np.asarray(
    (REP_KIND != REP_NONE)
    | (TFM_SOURCE >= 0)
    | (EFFECT_PRODUCE >= 0)
    | (tb.ACT_TPL == tb.ACT_LANDS_PRODUCE).any(1)
)
