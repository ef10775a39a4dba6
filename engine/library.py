"""The card library: cards as typed data read from ``cards.toml`` and validated at import.

A card is a name, a mana cost, a type line, P/T, keywords, Oracle text and abilities drawn from
the closed vocabulary ``TEMPLATES``. The engines switch on template names, never on card names.
"""

from __future__ import annotations

import hashlib
import os
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Final

from engine.mana_types import COLORS, MANA_TYPES


class LibraryError(ValueError):
    """The card data file breaks the schema (a bug in the data, caught at import)."""


# The 64-bit signed integers: TOML's ("an error must be thrown" past them; Python's reader
# takes larger ones, so the files' readers refuse them here), and the numbers both engines
# count in (their MAX_AMOUNT is the last).
INT64: Final = range(-(2**63), 2**63)
TOML_INTEGERS_HINT: Final = "TOML integers are 64-bit"


def past_64_bits(value: int) -> str:
    """Why a file's integer is refused ("" when it fits)."""
    return "" if value in INT64 else f"{value} is past 64 bits"


def _within_64_bits(value: Any, where: str) -> None:
    """Refuse a card file's integer past 64 bits, at ``where``."""
    if type(value) is int and past_64_bits(value):
        raise LibraryError(f"{where}: {past_64_bits(value)} (hint: {TOML_INTEGERS_HINT})")


# Kinds of ability (CR 113.3): how the engines find a template.
SPELL, STATIC, TRIGGERED, ACTIVATED, MANA, REPLACEMENT = (
    "spell",
    "static",
    "triggered",
    "activated",
    "mana",
    "replacement",
)

_SCOPES = ("yours", "all", "other", "opponents", "other_non_human_yours")
# the creatures a P/T static may change: also "Other creatures you control" (Elesh Norn)
_PT_SCOPES = (*_SCOPES, "other_yours")
# 702.14: each landwalk and the basic land type (205.3i) it names
LANDWALK: Final = {
    "plainswalk": "Plains",
    "islandwalk": "Island",
    "swampwalk": "Swamp",
    "mountainwalk": "Mountain",
    "forestwalk": "Forest",
}
KEYWORDS: Final = frozenset(
    {"persist", "undying", "haste", "deathtouch", "flying", "trample", "menace", "intimidate"}
    | {"vigilance", "reach", "defender", "fear", "hexproof", "lifelink", "wither", "flash"}
    | {"first strike", "double strike", "indestructible", *LANDWALK}
)
_KEYWORD = tuple(sorted(KEYWORDS))  # a keyword parameter's choices
GRANT_OBJECTS: Final = ("creatures", "artifacts", "permanents")  # what grant_keyword covers
# what exile_all_modal's modes exile (Merciless Eviction, Farewell)
EXILE_MODES: Final = ("artifacts", "creatures", "enchantments", "planeswalkers", "graveyards")
# whose creatures' deaths a "whenever a creature dies" life trigger watches, and who loses
DEATH_WATCHED: Final = ("any", "yours", "opponents")
DEATH_LOSERS: Final = ("each_opponent", "target_player", "its_controller")
# whose permanents a rule for counters covers ("an artifact or creature you control": Winding
# Constrictor)
_COUNTER_SCOPES = (
    "creatures_yours", "permanents_yours", "all_permanents", "artifacts_creatures_yours",
)  # fmt: skip


@dataclass(frozen=True)
class Param:
    """One template parameter: its Python type, default (None = required) and allowed values
    (of a list: of each of its items), or the form its text takes (``_FORMS``)."""

    type: type
    default: Any = None
    choices: tuple[Any, ...] | None = None
    form: str = ""


def _is_cost(text: str) -> bool:
    try:
        parse_mana_cost(text)
    except LibraryError:
        return False
    return True


def _is_mana(text: str) -> bool:
    return text != "" and set(text) <= set(MANA_TYPES)


# the forms of a text parameter: its test, and what the message says it must be
_FORMS: Final[dict[str, tuple[Callable[[str], bool], str]]] = {
    "mana": (_is_mana, 'mana symbols of WUBRGC, such as "G" or "CC"'),
    "one type": (lambda text: text in MANA_TYPES, "one mana type of WUBRGC"),
    "mana, same or any": (
        lambda text: text in ("same", "any") or _is_mana(text),
        'mana symbols of WUBRGC, "same" or "any"',
    ),
    "cost": (_is_cost, 'a mana cost such as "{1}{G}", or "" for none'),
}
_MANA, _ONE_TYPE, _COST = (
    Param(str, form="mana"),
    Param(str, form="one type"),
    Param(str, "", form="cost"),
)


# The closed vocabulary of ability templates: name -> (kind, parameters).
TEMPLATES: Final[dict[str, tuple[str, dict[str, Param]]]] = {
    # --- spells (CR 608.2)
    "destroy_all_creatures": (
        SPELL,
        {
            # "you don't control" (Plague Wind)
            "scope": Param(str, "all", ("all", "not_yours")),
            # "each creature with mana value N or less" (Consume the Meek); -1: no limit
            "max_mana_value": Param(int, -1),
            # "You gain N life for each creature destroyed this way." (Fumigate)
            "life_per_creature": Param(int, 0),
        },
    ),
    "damage_each_creature": (
        SPELL,
        {
            "amount": Param(int),
            "exile_if_dies": Param(bool, False),
            "by_x": Param(bool, False),  # amount times X (Earthquake)
            "without_flying": Param(bool, False),  # "each creature without flying"
            "each_player": Param(bool, False),  # "... and each player" (Inferno)
            "except_subtype": Param(str, ""),  # "each creature that isn't a Pirate"
        },
    ),
    "creatures_get_until_eot": (
        SPELL,
        {
            "power": Param(int),
            "toughness": Param(int),
            "by_x": Param(bool, False),
            "pay_x_life": Param(bool, False),
            # Cower in Fear: the opponents' creatures; Solidarity: the caster's
            "scope": Param(str, "all", ("all", "opponents", "yours")),
            # "... for each Swamp you control" (Mutilate): times that many permanents
            "per_subtype_yours": Param(str, ""),
            # "... and gain trample until end of turn" (Overrun, Make a Stand)
            "keywords": Param(list, [], _KEYWORD),
            # "Permanents you control gain ..." (Heroic Intervention): lands and others too
            "permanents": Param(bool, False),
        },
    ),
    "counters_on_each_creature_x": (SPELL, {"kind": Param(str)}),
    "shuffle_into_library": (SPELL, {}),
    "exile_all_modal": (
        SPELL,
        {
            "modes": Param(list, choices=EXILE_MODES),
            "choose": Param(str, "one", ("one", "one_or_more")),
        },
    ),
    # Slagstorm: "Choose one — • N damage to each creature. • N damage to each player."
    "damage_each_modal": (
        SPELL,
        {
            "amount": Param(int),
            "modes": Param(list, choices=("creatures", "players")),
            "choose": Param(str, "one", ("one",)),
        },
    ),
    "bounce_all_creatures": (SPELL, {}),
    "bounce_all_permanents": (SPELL, {}),
    "exile_all_creatures": (SPELL, {}),
    "creatures_to_library_bottom": (SPELL, {}),
    "destroy_all_nonland_permanents": (SPELL, {}),
    "each_player_sacrifices_creatures": (
        SPELL,
        {"amount": Param(int), "who": Param(str, "each", ("each", "opponents"))},
    ),
    # "Lands you control don't untap during your next untap step." (after another effect)
    "lands_skip_next_untap": (SPELL, {}),
    "sacrifice_all_colored": (SPELL, {}),
    "lands_produce_until_eot": (
        SPELL,
        {"lands": Param(str, choices=("nonbasic", "yours", "all")), "produce": _ONE_TYPE},
    ),
    # --- static abilities (CR 604, 611.3a)
    "creatures_get": (
        STATIC,
        {
            "scope": Param(str, choices=_PT_SCOPES),
            "power": Param(int),
            "toughness": Param(int),
            # only the creatures of this subtype (205.3: "Other Elf creatures you control")
            "subtype": Param(str, ""),
            # ... and of this color (105.2: "White creatures you control")
            "color": Param(str, "", ("", *COLORS)),
        },
    ),
    "grant_keyword": (
        STATIC,
        {
            "scope": Param(str, choices=_PT_SCOPES),
            "keyword": Param(str, choices=_KEYWORD),
            # only the creatures of this subtype, and of this color, as creatures_get's
            # ("Other Knight creatures you control have indestructible": Knight Exemplar)
            "subtype": Param(str, ""),
            "color": Param(str, "", ("", *COLORS)),
            # the objects of the scope it gives the keyword: "Artifacts you control have
            # indestructible" (Darksteel Forge), "... and other permanents you control"
            # (Avacyn, Angel of Hope), lands and others too
            "objects": Param(str, "creatures", GRANT_OBJECTS),
        },
    ),
    "activate_as_though_haste": (STATIC, {}),
    "grant_mana_any_color": (
        STATIC,
        {
            "scope": Param(str, choices=("yours",)),
            "to": Param(str, "creatures", ("creatures", "lands")),
        },
    ),
    # --- replacement effects (CR 614)
    "counters_cant_be_put": (
        REPLACEMENT,
        {"scope": Param(str, choices=_COUNTER_SCOPES), "kind": Param(str)},
    ),
    "counters_modified": (
        REPLACEMENT,
        {
            "scope": Param(str, choices=_COUNTER_SCOPES),
            "kind": Param(str),
            "add": Param(int, 0),
            "factor": Param(int, 1),
            # "If an effect would put ...": not counters put on as a cost (602.2b)
            "effects_only": Param(bool, False),
        },
    ),
    "tokens_doubled": (REPLACEMENT, {}),
    "graveyard_replaced_by_exile": (
        REPLACEMENT,
        {"scope": Param(str, choices=("all", "opponents_cards"))},
    ),
    "enters_with_x_counters": (REPLACEMENT, {"kind": Param(str)}),
    "enters_with_counters": (REPLACEMENT, {"kind": Param(str), "amount": Param(int)}),
    "enters_tapped": (REPLACEMENT, {}),
    "enters_tapped_unless_pay_life": (REPLACEMENT, {"amount": Param(int)}),
    "mana_multiply": (REPLACEMENT, {"factor": Param(int)}),
    "mana_replace_type": (
        REPLACEMENT,
        {
            "lands": Param(str, choices=("all", "yours", "nonbasic")),
            "produce": _ONE_TYPE,
            "one_mana": Param(bool, False),
        },
    ),
    # --- triggered abilities (CR 603)
    "etb_gain_life": (TRIGGERED, {"amount": Param(int)}),
    "etb_damage_any_target": (TRIGGERED, {}),
    "etb_creatures_get": (
        TRIGGERED,
        {
            "scope": Param(str, choices=("other", "opponents", "all")),
            "power": Param(int),
            "toughness": Param(int),
            "repeat_on_death": Param(bool, False),
        },
    ),
    "etb_exile_graveyards": (TRIGGERED, {}),
    "etb_return_land_you_control": (TRIGGERED, {}),
    "attacks_creatures_yours_gain_keyword": (
        TRIGGERED,
        {"keyword": Param(str, choices=_KEYWORD)},
    ),
    "dies_create_token_per_counter": (TRIGGERED, {"token": Param(str), "kind": Param(str)}),
    # "When ~ leaves the battlefield, create a 3/3 green Beast creature token." (Thragtusk)
    "leaves_create_token": (TRIGGERED, {"token": Param(str), "amount": Param(int, 1)}),
    "opponent_creature_dies_lose_life": (TRIGGERED, {"amount": Param(int)}),
    # "Whenever [this or] another creature [you control] dies, each opponent (target player)
    # loses N life and you gain M life." (Zulaport Cutthroat, Blood Artist): ``DeathDrain``
    "creature_dies_drain": (
        TRIGGERED,
        {
            "whose": Param(str, "any", DEATH_WATCHED),
            "other": Param(bool, False),  # "another creature": not its own death
            "loser": Param(str, "each_opponent", DEATH_LOSERS),
            "amount": Param(int),
            "gain": Param(int, 0),
            # "... or another creature or planeswalker you control dies" (Cruel Celebrant)
            "planeswalkers": Param(bool, False),
        },
    ),
    "human_damages_you_destroy": (TRIGGERED, {}),
    # Pestilence: "At the beginning of the end step, if no creatures are on the battlefield,
    # sacrifice Pestilence." (an intervening "if", 603.4)
    "end_step_sacrifice_if_no_creatures": (TRIGGERED, {}),
    "upkeep_sacrifice_unless_sacrifice_creature": (TRIGGERED, {}),
    "cast_creature_draw": (TRIGGERED, {}),
    "etb_target_opponent_loses_life": (TRIGGERED, {"amount": Param(int)}),
    "etb_destroy_noncreature_you_dont_control": (TRIGGERED, {}),
    "creature_enters_from_your_graveyard_damage": (TRIGGERED, {}),
    "upkeep_remove_counter_each_creature_yours": (TRIGGERED, {"kind": Param(str)}),
    "permanent_enters_from_graveyard_draw": (TRIGGERED, {}),
    # "put target creature card from an opponent's graveyard onto the battlefield under your
    # control. It gains haste. At the beginning of your next end step, exile it."
    "etb_reanimate_opponent_creature_card": (TRIGGERED, {}),
    "etb_return_graveyard_cards_from_battlefield_this_turn": (TRIGGERED, {}),
    "spell_cast_from_graveyard_draw": (TRIGGERED, {}),
    "tapped_for_mana_add": (
        TRIGGERED,
        {
            "source": Param(str, choices=("lands", "creatures", "enchanted")),
            "whose": Param(str, choices=("all", "yours")),
            "produce": Param(str, form="mana, same or any"),
        },
    ),
    # --- activated abilities that are not mana abilities (CR 602)
    "activated_put_counter_on_self": (
        ACTIVATED,
        {"kind": Param(str), "cost": _COST, "tap": Param(bool, False)},
    ),
    "activated_remove_counter_ping": (ACTIVATED, {"kind": Param(str), "amount": Param(int)}),
    "activated_untap_self_put_counter": (ACTIVATED, {"kind": Param(str)}),
    "activated_targets_gain_keyword": (
        ACTIVATED,
        {"keyword": Param(str, choices=_KEYWORD), "tap": Param(bool, False)},
    ),
    "activated_untap_target_creature": (
        ACTIVATED,
        {"cost": _COST, "tap": Param(bool, False)},
    ),
    "activated_lands_produce_until_eot": (
        ACTIVATED,
        {"lands": Param(str, choices=("yours",)), "produce": _ONE_TYPE},
    ),
    "activated_put_counter_on_each_creature_yours": (
        ACTIVATED,
        {"kind": Param(str), "cost": _COST},
    ),
    "sacrifice_outlet": (ACTIVATED, {}),
    "activated_pump_self": (
        ACTIVATED,
        {"power": Param(int), "toughness": Param(int), "cost": _COST},
    ),
    # Nevinyrral's Disk: "{1}, {T}: Destroy all artifacts, creatures, and enchantments."
    "activated_destroy_artifacts_creatures_enchantments": (
        ACTIVATED,
        {"cost": _COST, "tap": Param(bool, False)},
    ),
    # Pestilence: "{B}: Pestilence deals 1 damage to each creature and each player."
    "activated_damage_each_creature": (
        ACTIVATED,
        {
            "amount": Param(int),
            "by_x": Param(bool, False),  # amount times the X of its activation (Crypt Rats)
            "each_player": Param(bool, False),  # "... and each player"
            "without_flying": Param(bool, False),  # "each creature without flying"
            "cost": _COST,
            "tap": Param(bool, False),
        },
    ),
    # --- mana abilities (CR 605)
    "mana_fixed": (
        MANA,
        {
            "produce": _MANA,
            "cost": _COST,
            "tap": Param(bool, True),
            "damage": Param(int, 0),  # "CARDNAME deals N damage to you."
            "sacrifice": Param(bool, False),  # "Sacrifice CARDNAME" in the cost
            "sacrifice_creature": Param(bool, False),  # "Sacrifice a creature" (Ashnod's Altar)
        },
    ),
    "mana_one_of": (MANA, {"produce": _MANA, "damage": Param(int, 0)}),
    "mana_any_color": (
        MANA,
        {
            "cost": _COST,
            "tap": Param(bool, True),
            "untap": Param(bool, False),
            "tap_creature": Param(bool, False),
            "remove_counter": Param(str, ""),
            "sacrifice_when_none": Param(bool, False),
            "amount": Param(int, 1),  # "Add three mana of any one color."
            "life": Param(int, 0),  # "Pay N life" in the cost
            "sacrifice": Param(bool, False),
            "sacrifice_creature": Param(bool, False),  # Phyrexian Altar
        },
    ),
    "mana_per_creature_yours": (MANA, {"produce": _MANA}),
    "mana_per_subtype": (
        MANA,
        {
            "produce": _MANA,
            "subtype": Param(str),
            "whose": Param(str, choices=("yours", "all")),
            "cost": _COST,
        },
    ),
    "mana_reflect_lands": (
        MANA,
        {"whose": Param(str, choices=("yours", "opponents")), "colors_only": Param(bool)},
    ),
    "mana_fixed_or_any_color_with_counter": (MANA, {"produce": _MANA, "kind": Param(str)}),
}

CARD_TYPES: Final = frozenset(
    {"Artifact", "Creature", "Enchantment", "Land", "Instant", "Sorcery", "Kindred", "Planeswalker"}
)
_SYMBOL = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class Ability:
    """One ability of a card: a template name and its validated parameters."""

    template: str
    kind: str
    params: Mapping[str, Any]

    def number(self, name: str) -> int:
        value = self.params[name]
        assert isinstance(value, int)
        return value

    def text(self, name: str) -> str:
        value = self.params[name]
        assert isinstance(value, str)
        return value

    def flag(self, name: str) -> bool:
        value = self.params[name]
        assert isinstance(value, bool)
        return value

    def names(self, name: str) -> list[str]:
        value = self.params[name]
        assert isinstance(value, list)
        return [str(v) for v in value]


@dataclass(frozen=True)
class DeathDrain:
    """A life trigger on a creature's death (603.10a: it looks back, so the source sees
    creatures that die with it, itself too): whose creatures it watches (``DEATH_WATCHED``,
    relative to the source's controller), whether its own death counts, who loses
    ``amount`` life (each opponent of its controller, the target player, or the dying
    creature's controller) and the life its controller gains. The two templates that say
    this (Massacre Wurm's older one and ``creature_dies_drain``) mean it here, once."""

    whose: str
    other: bool
    loser: str
    amount: int
    gain: int
    planeswalkers: bool = False  # a planeswalker's death counts too

    def watches(self, same_object: bool, same_controller: bool, creature: bool = True) -> bool:
        """Whether the death of a permanent triggers it: ``same_object`` if it is the source
        itself, ``same_controller`` if its controller is the source's, ``creature`` if it
        is a creature (else a planeswalker)."""
        if (same_object and self.other) or not (creature or self.planeswalkers):
            return False
        if self.whose == "yours":
            return same_controller
        return not same_controller if self.whose == "opponents" else True


def death_drain(ability: Ability) -> DeathDrain | None:
    """The life trigger on a creature's death that ``ability`` is, if it is one."""
    if ability.template == "opponent_creature_dies_lose_life":  # Massacre Wurm
        return DeathDrain("opponents", False, "its_controller", ability.number("amount"), 0)
    if ability.template == "creature_dies_drain":
        whose, loser = ability.text("whose"), ability.text("loser")
        amount, gain = ability.number("amount"), ability.number("gain")
        walkers = ability.flag("planeswalkers")
        return DeathDrain(whose, ability.flag("other"), loser, amount, gain, walkers)
    return None


@dataclass(frozen=True)
class ManaCost:
    """A parsed mana cost: generic amount, colored symbols, hybrids and X count (CR 107.4, 202)."""

    text: str
    generic: int = 0
    colored: tuple[str, ...] = ()
    x_count: int = 0

    @property
    def mana_value(self) -> int:
        """CR 202.3e: X is 0 everywhere but on the stack, so it adds nothing here."""
        return self.generic + len(self.colored)

    @property
    def colors(self) -> frozenset[str]:
        return frozenset(c for sym in self.colored for c in sym.split("/") if c in COLORS)


def parse_mana_cost(text: str) -> ManaCost:
    """Parse ``{2}{G/W}{X}`` notation; raise LibraryError on unknown symbols."""
    symbols = _SYMBOL.findall(text)
    if "".join("{" + s + "}" for s in symbols) != text:
        raise LibraryError(f"mana cost {text!r} is not a sequence of {{...}} symbols")
    generic, x_count, colored = 0, 0, []
    for sym in symbols:
        if sym.isdigit():
            generic += int(sym)
        elif sym == "X":
            x_count += 1
        elif all(part in MANA_TYPES for part in sym.split("/")):
            colored.append(sym)
        else:
            raise LibraryError(f"mana cost {text!r}: unknown symbol {{{sym}}}")
    return ManaCost(text, generic, tuple(colored), x_count)


@dataclass(frozen=True)
class Card:
    """A card's characteristics as printed (CR 109.3), plus its abilities as templates."""

    name: str
    mana_cost: ManaCost
    types: frozenset[str]
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    oracle: str = ""
    abilities: tuple[Ability, ...] = ()
    color_indicator: frozenset[str] = frozenset()
    token_only: bool = False
    colors: frozenset[str] = field(default=frozenset())

    def has_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_permanent_card(self) -> bool:
        """CR 110.4: instants and sorceries never become permanents."""
        return not ({"Instant", "Sorcery"} & self.types)

    def abilities_of(self, kind: str) -> list[Ability]:
        return [a for a in self.abilities if a.kind == kind]

    def ability(self, template: str) -> Ability | None:
        return next((a for a in self.abilities if a.template == template), None)

    @property
    def modal(self) -> Ability | None:
        """The ability whose modes a cast chooses (700.2: ``modes`` and ``choose``), if any."""
        return next((a for a in self.abilities if "modes" in a.params), None)


def _ability(card_name: str, raw: Mapping[str, Any], where: str = "") -> Ability:
    where = where or f"card {card_name!r}"
    name = raw.get("template")
    if name not in TEMPLATES:
        raise LibraryError(f"{where}: unknown ability template {name!r}")
    kind, spec = TEMPLATES[name]
    unknown = set(raw) - set(spec) - {"template"}
    if unknown:
        raise LibraryError(f"{where}: template {name} has no parameter {sorted(unknown)[0]!r}")
    params: dict[str, Any] = {}
    for pname, pspec in spec.items():
        value = raw.get(pname, pspec.default)
        if value is None:
            raise LibraryError(f"{where}: template {name} needs {pname!r}")
        if type(value) is not pspec.type:
            raise LibraryError(f"{where}: {name}.{pname} must be {pspec.type.__name__}")
        _within_64_bits(value, f"{where}: {name}.{pname}")
        items = value if isinstance(value, list) else [value]
        if pspec.choices is not None and any(v not in pspec.choices for v in items):
            raise LibraryError(f"{where}: {name}.{pname} must be one of {pspec.choices}")
        if pspec.form and not _FORMS[pspec.form][0](str(value)):
            raise LibraryError(f"{where}: {name}.{pname} must be {_FORMS[pspec.form][1]}")
        params[pname] = value
    _check_together(where, name, params)
    return Ability(name, kind, params)


def _check_together(where: str, name: str, params: Mapping[str, Any]) -> None:
    """The parameters of template ``name`` that only mean something together (``_NEEDS``) or
    apart (``_EXCLUDES``)."""
    for flag, needed in _NEEDS.get(name, ()):
        if params[flag] and not params[needed]:
            raise LibraryError(f"{where}: {name}.{flag} needs {name}.{needed}")
    for flag, barred in _EXCLUDES.get(name, ()):
        if params[flag] and params[barred]:
            raise LibraryError(f"{where}: {name}.{flag} excludes {name}.{barred}")


# (template: (a flag, the parameter it reads)): Gemstone Mine's "if there are no mining
# counters on it, sacrifice it" counts the kind its cost removes; without one it means nothing
_NEEDS: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "mana_any_color": (("sacrifice_when_none", "remove_counter"),),
}
# (template: (a flag, a parameter that must then be 0 or false)): a noncreature permanent has
# no power or toughness to change (Heroic Intervention's "permanents" gain keywords only)
_EXCLUDES: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "creatures_get_until_eot": (
        ("permanents", "power"),
        ("permanents", "toughness"),
        ("permanents", "per_subtype_yours"),
    ),
}


_CARD_KEYS = frozenset(
    {
        "name",
        "mana_cost",
        "types",
        "subtypes",
        "supertypes",
        "power",
        "toughness",
        "keywords",
        "oracle",
        "abilities",
        "color_indicator",
        "token_only",
    }
)


def _card(raw: Mapping[str, Any], where: str = "") -> Card:
    """``where`` names the card in errors (default ``card 'Name'``; a user's file gives a key
    path such as ``card[3]``)."""
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise LibraryError(
            f"{where}: the card has no name" if where else f"a card has no name: {raw!r}"
        )
    path, where = where, where or f"card {name!r}"
    unknown = set(raw) - _CARD_KEYS
    if unknown:
        raise LibraryError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    types = frozenset(raw.get("types", ()))
    if not types or not types <= CARD_TYPES:
        raise LibraryError(f"{where}: types must be a non-empty subset of {CARD_TYPES}")
    keywords = tuple(raw.get("keywords", ()))
    if not set(keywords) <= KEYWORDS:
        raise LibraryError(f"{where}: unknown keyword in {keywords}")
    power, toughness = raw.get("power"), raw.get("toughness")
    if ("Creature" in types) != (power is not None and toughness is not None):
        raise LibraryError(f"{where}: creatures, and only creatures, have power/toughness")
    try:
        cost = parse_mana_cost(raw.get("mana_cost", ""))
    except LibraryError as err:
        raise LibraryError(f"{path}.mana_cost: {err}" if path else str(err)) from None
    indicator = frozenset(raw.get("color_indicator", ()))
    if not indicator <= set(COLORS):
        raise LibraryError(f"{where}: bad color indicator")
    return Card(
        name=name,
        mana_cost=cost,
        types=types,
        subtypes=frozenset(raw.get("subtypes", ())),
        supertypes=frozenset(raw.get("supertypes", ())),
        power=power,
        toughness=toughness,
        keywords=keywords,
        oracle=str(raw.get("oracle", "")),
        abilities=tuple(
            _ability(name, a, f"{path}.abilities[{j}]" if path else "")
            for j, a in enumerate(raw.get("abilities", ()))
        ),
        color_indicator=indicator,
        token_only=bool(raw.get("token_only", False)),
        colors=cost.colors | indicator,  # CR 105.2, 204
    )


def load_library(text: str) -> dict[str, Card]:
    """Parse and validate a card data file; return cards keyed by lower-cased name."""
    data = tomllib.loads(text)
    cards: dict[str, Card] = {}
    for raw in data.get("card", []):
        card = _card(raw)
        key = card.name.lower()
        if key in cards:
            raise LibraryError(f"card {card.name!r} is listed twice")
        cards[key] = card
    for card in cards.values():
        _check_tokens(card, cards, "the card library")
    return cards


@cache
def builtin_library() -> dict[str, Card]:
    """The shipped card library, validated once."""
    return load_library(resources.files("engine").joinpath("cards.toml").read_text("utf-8"))


def library() -> dict[str, Card]:
    """The process's card library: the shipped cards and those of ``use_card_files``."""
    return _ACTIVE.cards if _ACTIVE.cards is not None else builtin_library()


def find_card(name: str) -> Card | None:
    """Look a card up by exact name, case-insensitively (SPEC section 3)."""
    return library().get(name.lower())


def search_cards(text: str = "", cards: Mapping[str, Card] | None = None) -> list[Card]:
    """Cards whose name, type line or Oracle text contains ``text`` (case-insensitive), from
    ``cards`` (default: the shipped library; ``load_card_files`` gives it plus a user's)."""
    needle = text.lower()
    found = [
        c
        for c in (library() if cards is None else cards).values()
        if not needle
        or needle in c.name.lower()
        or needle in c.oracle.lower()
        or any(needle in t.lower() for t in c.types | c.subtypes | c.supertypes)
        or any(needle == k for k in c.keywords)
    ]
    return sorted(found, key=lambda c: c.name)


# ------------------------------------------------ a user's card files (SPEC section 7)

# The type each key of a user's [[card]] must have: the shipped file is checked by review, a
# user's is not, and a power of "3" would otherwise reach the engines.
_USER_KEY_TYPES: Final[dict[str, type]] = {
    "name": str,
    "mana_cost": str,
    "oracle": str,
    "replaces": str,
    "types": list,
    "subtypes": list,
    "supertypes": list,
    "keywords": list,
    "color_indicator": list,
    "abilities": list,
    "power": int,
    "toughness": int,
    "token_only": bool,
}
_HINT_REPLACES = 'add replaces = "{name}" to the entry to replace the built-in card, or rename it'


def card_from_dict(raw: Mapping[str, Any], where: str = "") -> Card:
    """Validate one ``[[card]]`` table exactly as the shipped library is validated.

    The importer builds its cards through this, so what it writes loads back unchanged."""
    return _card(raw, where)


_TOML_TYPE_NAMES: Final = {str: "string", list: "list", int: "integer", bool: "boolean"}


def _check_user_shapes(raw: Mapping[str, Any], where: str) -> None:
    """Reject a value of the wrong TOML type before ``_card`` reads it (one key path)."""
    for key, value in raw.items():
        want = _USER_KEY_TYPES.get(key)
        if want is None:
            continue  # _card names the unknown key
        if type(value) is not want:
            name = _TOML_TYPE_NAMES[want]
            raise LibraryError(f"{where}.{key}: must be a {name}, not {value!r}"[:200])
        _within_64_bits(value, f"{where}.{key}")
        if isinstance(value, list):
            _check_user_list(f"{where}.{key}", value, dict if key == "abilities" else str)


def _check_user_list(where: str, values: list[Any], item: type) -> None:
    for j, value in enumerate(values):
        if not isinstance(value, item):
            shape = "a table {template = ...}" if item is dict else "a string"
            raise LibraryError(f"{where}[{j}]: must be {shape}, not {value!r}"[:200])


def _user_card(raw: Any, where: str, builtin: Mapping[str, Card]) -> Card:
    """One entry of a user's file: shapes, the library's own checks, then the collision rule
    (a built-in name is taken only with ``replaces`` naming it)."""
    if not isinstance(raw, dict):
        raise LibraryError(f"{where}: must be a table ([[card]])")
    _check_user_shapes(raw, where)
    fields = {k: v for k, v in raw.items() if k != "replaces"}
    card = _card(fields, where)
    replaces = raw.get("replaces")
    known = builtin.get(card.name.lower())
    if replaces is not None and replaces.lower() != card.name.lower():
        raise LibraryError(f"{where}.replaces: {replaces!r} is not this card's name {card.name!r}")
    if replaces is not None and known is None:
        raise LibraryError(f"{where}.replaces: no built-in card is named {replaces!r}")
    if replaces is None and known is not None:
        hint = _HINT_REPLACES.format(name=known.name)
        raise LibraryError(f"{where}.name: {card.name!r} is a built-in card (hint: {hint})")
    return card


def load_card_text(text: str, source: str, builtin: Mapping[str, Card] | None = None) -> list[Card]:
    """Parse and validate a user's card file (the schema of ``cards.toml``); errors are one
    line, ``SOURCE: card[3].abilities[0]: ...``, and raise ``LibraryError``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LibraryError(f"{source}: not valid TOML: {err}") from None
    extra = sorted(set(data) - {"card"})
    if extra:
        raise LibraryError(f"{source}: {extra[0]}: unknown key (hint: a card file has [[card]])")
    entries = data.get("card", [])
    if not isinstance(entries, list):
        raise LibraryError(f"{source}: card: must be an array of tables ([[card]])")
    builtin = builtin_library() if builtin is None else builtin
    cards: dict[str, Card] = {}
    try:
        for i, raw in enumerate(entries):
            card = _user_card(raw, f"card[{i}]", builtin)
            if card.name.lower() in cards:
                raise LibraryError(f"card[{i}].name: {card.name!r} is listed twice")
            cards[card.name.lower()] = card
    except LibraryError as err:
        raise LibraryError(f"{source}: {err}") from None
    return list(cards.values())


def load_card_file(path: str | os.PathLike[str]) -> list[Card]:
    """Read and validate a user's card file; ``LibraryError`` names the file and key path.

    A name the shipped library has is an error unless the entry says ``replaces = "Name"``."""
    return _load_card_file(path)[0]


def _read_card_file(source: str) -> bytes:
    try:
        with open(source, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise LibraryError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise LibraryError(f"{source}: is a folder, not a card file") from None
    except OSError as err:
        raise LibraryError(f"{source}: cannot read: {err}") from None


def _load_card_file(path: str | os.PathLike[str]) -> tuple[list[Card], str]:
    """The cards of a user's file and the SHA-256 of the very bytes they were read from."""
    source = os.fspath(path)
    data = _read_card_file(source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise LibraryError(f"{source}: cannot read: {err}") from None
    return load_card_text(text, source), hashlib.sha256(data).hexdigest()


def load_card_files(paths: Iterable[str | os.PathLike[str]]) -> dict[str, Card]:
    """The shipped library with the cards of ``paths`` added (a ``replaces`` entry wins); a
    card named in two of the files is an error. Keyed by lower-cased name, like ``library()``."""
    return _load_card_files(paths)[0]


def _load_card_files(
    paths: Iterable[str | os.PathLike[str]],
) -> tuple[dict[str, Card], tuple[CardFile, ...]]:
    """``load_card_files`` and each file's absolute path and hash."""
    cards = dict(builtin_library())
    seen: dict[str, str] = {}
    files = []
    for path in paths:
        found, sha256 = _load_card_file(path)
        files.append(CardFile(os.path.abspath(path), sha256))
        for card in found:
            key = card.name.lower()
            if key in seen:
                raise LibraryError(
                    f"{os.fspath(path)}: {card.name!r} is also in {seen[key]} (hint: keep one)"
                )
            seen[key] = os.fspath(path)
            cards[key] = card
    for key, path in seen.items():
        _check_tokens(cards[key], cards, path)
    return cards, tuple(files)


# the templates that make tokens, each naming its token's card (``token``: a card of the
# library or of the same run's card files, ``token_only`` or not)
TOKEN_MAKERS: Final = ("dies_create_token_per_counter", "leaves_create_token")


def _check_tokens(card: Card, cards: Mapping[str, Card], where: str) -> None:
    """Every token ``card`` makes is a card of ``cards`` (checked once every file is read: a
    file may name a token another defines)."""
    for a in card.abilities:
        if a.template in TOKEN_MAKERS and a.text("token").lower() not in cards:
            raise LibraryError(
                f"{where}: {card.name!r}: {a.template} makes {a.text('token')!r}, which is no "
                "card of the library or these files (hint: add it, token_only = true)"
            )


# ------------------------------------------------ the process's card files (issue #14)


@dataclass(frozen=True)
class CardFile:
    """A user's card file in use: its absolute path and the SHA-256 of its bytes."""

    path: str
    sha256: str


@dataclass
class _Active:
    """The card files of this process; ``frozen`` once the batch engine built its tables."""

    cards: dict[str, Card] | None = None
    files: tuple[CardFile, ...] = ()
    frozen: bool = False


_ACTIVE: Final = _Active()


def _names(files: tuple[CardFile, ...]) -> str:
    return ", ".join(os.path.basename(f.path) for f in files) or "none"


def use_card_files(
    paths: Iterable[str | os.PathLike[str]], sha256: Iterable[str] | None = None
) -> tuple[CardFile, ...]:
    """Make the cards of ``paths`` part of this process's library (``library()``, the
    readers, both engines); return the files with their hashes.

    The batch engine builds its tables (and compiles their sizes into its kernel) from the
    library once a process, so call this before it is first used: once it has been, another
    set of cards is refused, never half applied. ``sha256``: the hashes the files must still
    have (a worker checks it holds the cards its run started with)."""
    sources = [os.fspath(p) for p in paths]
    hashes = [hashlib.sha256(_read_card_file(p)).hexdigest() for p in sources]
    for path, have, want in zip(sources, hashes, sha256 or hashes, strict=True):
        if have != want:
            raise LibraryError(
                f"{path}: the card file changed since the run began"
                " (hint: restore it, or start the run again)"
            )
    if sorted(hashes) == sorted(f.sha256 for f in _ACTIVE.files):
        return _ACTIVE.files  # a worker's every task after its first: nothing to parse
    cards, files = _load_card_files(sources)
    if _ACTIVE.frozen:
        raise LibraryError(
            f"card files {_names(files)}: the batch engine of this process already holds"
            f" other cards (card files: {_names(_ACTIVE.files)}) (hint: choose card files"
            " before the engine is first used, one set per process)"
        )
    _ACTIVE.cards, _ACTIVE.files = (cards if files else None), files
    return files


def card_files() -> tuple[CardFile, ...]:
    """The user's card files of this process's library (``use_card_files``), in order."""
    return _ACTIVE.files


def freeze_library() -> dict[str, Card]:
    """The library the batch engine builds its tables from: fixed for the process from now
    on (its kernel compiles card-derived sizes as constants)."""
    _ACTIVE.frozen = True
    return library()
