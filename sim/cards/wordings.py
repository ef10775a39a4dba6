"""The Oracle wordings Cauldron recognizes, one rule per wording, grouped by template kind as
``engine.library.TEMPLATES`` is. Patterns read normalized text (``sim.cards.oracle``).

A wording maps to a template only when every word of it is what the template does; a close
wording that does something else (``Other creatures you control`` is not the ``other`` scope,
which counts every other creature) is left unmatched, so the card is not recognized.
"""

from __future__ import annotations

import re
from typing import Any, Final

from engine.library import EXILE_MODES, TEMPLATES
from sim.cards.oracle import SELF
from sim.cards.rules import (
    KIND,
    KW,
    PT,
    SCOPE,
    SCOPES,
    TYPE,
    Build,
    Found,
    N,
    Params,
    Rule,
    fixed,
    inert,
    mana,
    number,
    one,
)

_MODES: Final = "(?:" + "|".join(EXILE_MODES) + ")"


# ------------------------------------------------------------------ spells (CR 608.2)


def _destroy_all(m: re.Match[str]) -> Found:
    params: Params = {"scope": "not_yours"} if m[1] else {}
    if m[2]:
        params["life_per_creature"] = number(m[2])
    return one("destroy_all_creatures", **params)


def _damage_each(m: re.Match[str]) -> Found:
    """Anger of the Gods, Inferno, Earthquake (X: amount 1 times X), Fiery Cannonade."""
    params: Params = {"amount": 1 if m["n"] == "X" else number(m["n"])}
    if m["spared"]:
        params["except_subtype"] = m["spared"]
    flags = {
        "by_x": m["n"] == "X",
        "without_flying": m["flying"],
        "each_player": m["players"],
        "exile_if_dies": m["exile"],
    }
    return one("damage_each_creature", **params, **{k: True for k, v in flags.items() if v})


def _all_get_eot(m: re.Match[str]) -> Found:
    """Infest, Cower in Fear, Solidarity, Mutilate ("for each Swamp you control")."""
    scope = {"Creatures your opponents control": "opponents", "Creatures you control": "yours"}
    extra: Params = {"scope": scope[m[1]]} if m[1] in scope else {}
    if m[4]:
        extra["per_subtype_yours"] = m[4]
    return one(
        "creatures_get_until_eot",
        power=int(m[2]),
        toughness=int(m[3]),
        by_x=False,
        pay_x_life=False,
        **extra,
    )


def _yours_gain_eot(m: re.Match[str]) -> Found | None:
    """Overrun, Make a Stand ("get +N/+M and gain ..."), Heroic Intervention ("Permanents you
    control gain ..."): one, two or three keywords. Permanents that "get" +N/+M are not a
    wording (a noncreature has no P/T to change)."""
    permanents = m["who"] == "Permanents"
    if permanents and m["p"]:
        return None
    params: Params = {"permanents": True} if permanents else {}
    return one(
        "creatures_get_until_eot",
        power=int(m["p"] or 0),
        toughness=int(m["t"] or 0),
        scope="yours",
        keywords=[k for k in (m["k1"], m["k2"], m["k3"]) if k],
        **params,
    )


def _all_get_x(m: re.Match[str]) -> Found:
    return one("creatures_get_until_eot", power=-1, toughness=-1, by_x=True, pay_x_life=bool(m[1]))


def _exile_modal(m: re.Match[str]) -> Found | None:
    modes = re.findall(r"• Exile all (\w+)\.", m[2])
    if len(set(modes)) != len(modes):
        return None
    return one("exile_all_modal", modes=modes, choose="one" if m[1] == "one" else "one_or_more")


def _lands_produce(m: re.Match[str]) -> Found:
    produce = "C" if m[2] == "colorless mana" else m[2][1]
    return one("lands_produce_until_eot", lands="nonbasic" if m[1] else "all", produce=produce)


SPELLS: Final = [
    Rule(
        "destroy all creatures",
        re.compile(
            r"Destroy all creatures( you don't control)?\.(?: They can't be regenerated\.)?"
            rf"(?: You gain {N} life for each creature destroyed this way\.)?"
        ),
        _destroy_all,
    ),
    Rule(
        "destroy each creature with mana value N or less",
        re.compile(
            r"Destroy each creature with (?:mana value|converted mana cost) (\d+) or less\."
        ),
        lambda m: one("destroy_all_creatures", max_mana_value=int(m[1])),
    ),
    fixed(
        "destroy all nonland", r"Destroy all nonland permanents\.", "destroy_all_nonland_permanents"
    ),
    Rule(
        "damage to each creature",
        re.compile(
            rf"{SELF} deals (?P<n>X|{N[1:-1]}) damage to each creature"
            r"(?P<flying> without flying)?(?: that isn't an? (?P<spared>[A-Z][a-z]+))?"
            r"(?P<players> and each player)?\.(?P<exile> If a creature dealt damage this way "
            r"would die this turn, exile it instead\.)?"
        ),
        _damage_each,
    ),
    Rule(
        "damage to each creature or each player, modal",
        re.compile(
            rf"Choose one —\n• {SELF} deals {N} damage to each creature\.\n"
            rf"• {SELF} deals \1 damage to each player\."
        ),
        lambda m: one(
            "damage_each_modal", amount=number(m[1]), modes=["creatures", "players"], choose="one"
        ),
    ),
    Rule(
        "creatures get -N/-N until end of turn",
        re.compile(
            rf"(All creatures|Creatures your opponents control|Creatures you control) get {PT}"
            r" until end of turn"
            r"(?: for each ([A-Z][a-z]+) you control)?\."
        ),
        _all_get_eot,
    ),
    Rule(
        "creatures you control gain keywords until end of turn",
        re.compile(
            r"(?P<who>Creatures|Permanents) you control"
            rf"(?: get (?P<p>[+-]\d+)/(?P<t>[+-]\d+) and)? gain (?P<k1>{KW[1:-1]})"
            rf"(?:(?:,| and) (?P<k2>{KW[1:-1]}))?(?:,? and (?P<k3>{KW[1:-1]}))?"
            r" until end of turn\."
        ),
        _yours_gain_eot,
    ),
    Rule(
        "all creatures get -X/-X",
        re.compile(
            rf"(As an additional cost to cast {SELF}, pay X life\.\n)?"
            r"All creatures get -X/-X until end of turn\."
        ),
        _all_get_x,
    ),
    Rule(
        "X counters on each creature",
        re.compile(rf"Put X {KIND} counters on each creature\."),
        lambda m: one("counters_on_each_creature_x", kind=m[1]),
    ),
    fixed(
        "shuffle into library",
        rf"Shuffle {SELF} into its owner's library\.",
        "shuffle_into_library",
    ),
    Rule(
        "exile all, modal",
        re.compile(rf"Choose (one|one or more) —((?:\n• Exile all {_MODES}\.)+)"),
        _exile_modal,
    ),
    fixed(
        "bounce all creatures",
        r"Return all creatures to their owners' hands\.",
        "bounce_all_creatures",
    ),
    fixed(
        "bounce all permanents",
        r"Return all permanents to their owners' hands\.",
        "bounce_all_permanents",
    ),
    fixed("exile all creatures", r"Exile all creatures\.", "exile_all_creatures"),
    fixed(
        "creatures to the bottom of libraries",
        r"Put all creatures on the bottom of their owners' libraries\.",
        "creatures_to_library_bottom",
    ),
    fixed(
        "each player sacrifices colored",
        r"Each player sacrifices all (?:permanents they "
        r"control that are one or more colors|colored permanents they control)\.",
        "sacrifice_all_colored",
    ),
    fixed(
        "lands skip the next untap step",
        r"Lands you control don't untap during your next untap step\.",
        "lands_skip_next_untap",
    ),
    Rule(
        "each player sacrifices N creatures",
        re.compile(rf"Each (player|opponent) sacrifices {N} creatures?\."),
        lambda m: one(
            "each_player_sacrifices_creatures",
            amount=number(m[2]),
            **({"who": "opponents"} if m[1] == "opponent" else {}),
        ),
    ),
    Rule(
        "lands produce until end of turn",
        re.compile(
            r"Until end of turn, if a player taps a (nonbasic )?land for mana, it produces "
            r"(colorless mana|\{[WUBRG]\}) instead of any other type\."
        ),
        _lands_produce,
    ),
]


# ------------------------------------------------------------ static (CR 604, 611.3a)


# the scopes a keyword grant takes
GRANT_SCOPES: Final = TEMPLATES["grant_keyword"][1]["scope"].choices or ()


def _keyword_grant(scope: str, keyword: str, **kind: Any) -> Params | None:
    """A grant_keyword ability (to creatures of ``kind``: subtype, color), or None for a
    scope it does not take."""
    if scope not in GRANT_SCOPES:
        return None
    return {"template": "grant_keyword", "scope": scope, "keyword": keyword, **kind}


def _grant(m: re.Match[str]) -> Found | None:
    grant = _keyword_grant(SCOPES[m[1]], m[2])
    return None if grant is None else ([grant], [])


def _objects_grant(m: re.Match[str]) -> Found | None:
    """Darksteel Forge ("Artifacts you control have indestructible."), Avacyn, Angel of Hope
    ("~ and other permanents you control": itself too, so every permanent its controller
    controls), Privileged Position ("Other permanents you control have hexproof.")."""
    what = m["what"] or "Permanents"
    scope = "other_yours" if what == "Other permanents" else "yours"
    objects = "artifacts" if what == "Artifacts" else "permanents"
    grant = _keyword_grant(scope, m["keyword"], objects=objects)
    return None if grant is None else ([grant], [])


def _creatures_get(m: re.Match[str]) -> Found | None:
    scope = SCOPES[m[1]]
    found = one("creatures_get", scope=scope, power=int(m[2]), toughness=int(m[3]))
    if m[4]:
        grant = _keyword_grant(scope, m[4])
        if grant is None:
            return None  # "... get +N/+N and have KEYWORD" of a scope no grant takes
        found[0].append(grant)
    return found


# Words before "creatures" that are not a creature type (205.3m): "Nontoken creatures",
# "Legendary creatures", "Attacking creatures"... are other groups, which no static names.
# (each also plural: "Tokens you control get +1/+1" names no creature type either)
_NOT_SUBTYPES: Final = (
    "(?:All|Other|Each|Non[\\w-]*|Legendary|Artifact|Enchantment|Land|Token|Tapped|Untapped|"
    "Attacking|Blocking|Blocked|Unblocked|Equipped|Enchanted|Multicolored|Monocolored|Colorless|"
    "Snow|Basic|Creature|Permanent|Spell|Card|Player|Opponent|Target|Your|Their|Those|These|"
    "Planeswalker|Battle|Instant|Sorcer(?:y|ie))s?"
)
_COLOR_WORDS: Final = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def singular(plural: str) -> str:
    """A creature type as Oracle text writes it plural ("Other Elves you control", "Other
    Merfolk"), as the type line writes it (205.3m): Elves, Wolves and Dwarves end in "f",
    Merfolk is both, and the others take an "s"."""
    if plural.endswith("ves"):
        return plural[:-3] + "f"
    return plural[:-1] if plural.endswith("s") else plural


def _kind(m: re.Match[str]) -> tuple[str, Params] | None:
    """The scope and the kind (subtype, color) a ``_KIND`` match names; None for "All other"."""
    if m["all"] and m["other"]:
        return None
    scope = {(True, True): "other_yours", (True, False): "other", (False, True): "yours"}.get(
        (bool(m["other"]), bool(m["yours"])), "all"
    )
    kind: Params = {"color": _COLOR_WORDS[m["color"].lower()]} if m["color"] else {}
    if m["subtype"] or m["plural"]:
        kind["subtype"] = m["subtype"] or singular(m["plural"])
    return scope, kind


def _kind_get(m: re.Match[str]) -> Found | None:
    """Elvish Archdruid, Imperious Perfect, Honor of the Pure, Crusade, Muscle Sliver, Knight
    Exemplar: creatures of a subtype or a color get +N/+N (and the same creatures have a
    keyword)."""
    named = _kind(m)
    if named is None:
        return None
    scope, kind = named
    power, toughness = int(m["power"]), int(m["toughness"])
    found = one("creatures_get", scope=scope, power=power, toughness=toughness, **kind)
    if m["keyword"]:
        grant = _keyword_grant(scope, m["keyword"], **kind)
        if grant is None:
            return None
        found[0].append(grant)
    return found


def _kind_grant(m: re.Match[str]) -> Found | None:
    """Winged Sliver, Blur Sliver: creatures of a subtype or a color have a keyword."""
    named = _kind(m)
    grant = None if named is None else _keyword_grant(named[0], m["keyword"], **named[1])
    return None if grant is None else ([grant], [])


# creatures named by a subtype or a color ("Other Elf creatures you control", "Elves you
# control", "White creatures", "All Sliver creatures"): ``_kind`` reads the groups
_KIND: Final = (
    r"(?P<all>All )?(?P<other>Other )?(?:(?:(?P<color>[Ww]hite|[Bb]lue|[Bb]lack|[Rr]ed"
    rf"|[Gg]reen)|(?!(?:{_NOT_SUBTYPES})\b)(?P<subtype>[A-Z][\w'-]*)) creatures"
    rf"|(?!(?:{_NOT_SUBTYPES})\b)(?P<plural>[A-Z][\w'-]*))(?P<yours> you control)?"
)


STATICS: Final = [
    Rule(
        "creatures get +N/+N", re.compile(rf"{SCOPE} get {PT}(?: and have {KW})?\."), _creatures_get
    ),
    Rule(
        "creatures of a subtype or color get +N/+N",
        re.compile(
            rf"{_KIND} get (?P<power>[+-]\d+)/(?P<toughness>[+-]\d+)"
            rf"(?: and have (?P<keyword>{KW}))?\."
        ),
        _kind_get,
    ),
    Rule(
        "creatures of a subtype or color have KEYWORD",
        re.compile(rf"{_KIND} have (?P<keyword>{KW})\."),
        _kind_grant,
    ),
    Rule(
        "creatures have KEYWORD",
        re.compile(rf"{SCOPE} have {KW}\."),
        _grant,
    ),
    Rule(
        "artifacts or permanents have KEYWORD",
        re.compile(
            rf"(?:(?P<what>Artifacts|Permanents|Other permanents)|{SELF} and other permanents)"
            rf" you control have (?P<keyword>{KW[1:-1]})\."
        ),
        _objects_grant,
    ),
    fixed(
        "activate as though haste",
        r"You may activate abilities of creatures you control as "
        r"though those creatures had haste\.",
        "activate_as_though_haste",
    ),
    fixed(
        "creatures tap for any color",
        r'Creatures you control have "\{T\}: Add one mana of '
        r'any color\."',
        "grant_mana_any_color",
        scope="yours",
        to="creatures",
    ),
    fixed(
        "lands tap for any color",
        r'Lands you control have "\{T\}: Add one mana of any color\."',
        "grant_mana_any_color",
        scope="yours",
        to="lands",
    ),
]


# ------------------------------------------------------------ replacement (CR 614)

_WOULD_PUT: Final = rf"If one or more {KIND} counters would be put on a creature you control, "


def _modified(add: int, factor: int) -> Build:
    """Hardened Scales, Vizier of Remedies, Corpsejack Menace: one kind of counter on your
    creatures, plus one, minus one or doubled."""

    def build(m: re.Match[str]) -> Found | None:
        if m[1] != m[2]:
            return None  # "-1/-1 counters ..., that many +1/+1 counters": another effect
        return one(
            "counters_modified",
            scope="creatures_yours",
            kind=m[1],
            add=add,
            factor=factor,
            effects_only=False,
        )

    return build


def _enters_with(m: re.Match[str]) -> Found:
    abilities: list[Params] = [{"template": "enters_tapped"}] if m[1] else []
    abilities.append({"template": "enters_with_counters", "kind": m[3], "amount": number(m[2])})
    return abilities, []


REPLACEMENTS: Final = [
    Rule(
        "can't have counters",
        re.compile(rf"Creatures you control can't have {KIND} counters put on them\."),
        lambda m: one("counters_cant_be_put", scope="creatures_yours", kind=m[1]),
    ),
    fixed(
        "no counters on permanents",
        r"Counters can't be put on artifacts, creatures, "
        r"enchantments, or lands\.",
        "counters_cant_be_put",
        scope="all_permanents",
        kind="any",
    ),
    Rule(
        "counters minus one",
        re.compile(_WOULD_PUT + rf"that many {KIND} counters minus one are put on it instead\."),
        _modified(-1, 1),
    ),
    Rule(
        "counters plus one",
        re.compile(_WOULD_PUT + rf"that many plus one {KIND} counters are put on it instead\."),
        _modified(1, 1),
    ),
    Rule(
        "counters doubled",
        re.compile(_WOULD_PUT + rf"twice that many {KIND} counters are put on it instead\."),
        _modified(0, 2),
    ),
    fixed(
        "counters doubled (effects)",
        r"If an effect would put one or more counters on a "
        r"permanent you control, it puts twice that many of those counters on that permanent"
        r" instead\.",
        "counters_modified",
        scope="permanents_yours",
        kind="any",
        add=0,
        factor=2,
        effects_only=True,
    ),
    fixed(
        "counters plus one, any kind, on artifacts and creatures",
        r"If one or more counters would be put on an artifact or creature you control, that "
        r"many plus one of each of those kinds of counters are put on that permanent instead\.",
        "counters_modified",
        scope="artifacts_creatures_yours",
        kind="any",
        add=1,
        factor=1,
        effects_only=False,
    ),
    fixed(
        "tokens doubled",
        r"If an effect would create one or more tokens under your control, "
        r"it creates twice that many of those tokens instead\.",
        "tokens_doubled",
    ),
    fixed(
        "graveyard to exile",
        r"If a card or token would be put into a graveyard from "
        r"anywhere, exile it instead\.",
        "graveyard_replaced_by_exile",
        scope="all",
    ),
    fixed(
        "opponents' graveyard to exile",
        r"If a card would be put into an opponent's "
        r"graveyard from anywhere, exile it instead\.",
        "graveyard_replaced_by_exile",
        scope="opponents_cards",
    ),
    Rule(
        "enters with X counters",
        re.compile(rf"{SELF} enters with X {KIND} counters on it\."),
        lambda m: one("enters_with_x_counters", kind=m[1]),
    ),
    Rule(
        "enters (tapped) with counters",
        re.compile(rf"{SELF} enters (tapped )?with {N} {KIND} counters? on it\."),
        _enters_with,
    ),
    fixed("enters tapped", rf"{SELF} enters tapped\.", "enters_tapped"),
    Rule(
        "pay life or enters tapped",
        re.compile(rf"As {SELF} enters, you may pay {N} life\. If you don't, it enters tapped\."),
        lambda m: one("enters_tapped_unless_pay_life", amount=number(m[1])),
    ),
    Rule(
        "mana multiplied",
        re.compile(
            r"If you tap a permanent for mana, it produces "
            r"(twice|three times) as much of that mana instead\."
        ),
        lambda m: one("mana_multiply", factor=2 if m[1] == "twice" else 3),
    ),
    Rule(
        "lands produce one type",
        re.compile(
            rf"If a land is tapped for mana, it produces "
            rf"{TYPE} instead of any other type( and amount)?\."
        ),
        lambda m: one("mana_replace_type", lands="all", produce=m[1], one_mana=bool(m[2])),
    ),
]


# ------------------------------------------------------------ triggered (CR 603)


def _symbols_or_any(text: str) -> str:
    """``{G}{G}`` as ``GG``; "one mana of any color" as ``any``."""
    return "any" if text.startswith("one") else text.replace("{", "").replace("}", "")


def _death_drain(m: re.Match[str]) -> Found:
    """Zulaport Cutthroat, Blood Artist, Cruel Celebrant: ``library.DeathDrain``'s words."""
    watched = {None: "any", " you control": "yours", " an opponent controls": "opponents"}
    return one(
        "creature_dies_drain",
        whose=watched[m["whose"]],
        other=m["other"] is not None,
        loser="each_opponent" if m["loser"] == "each opponent" else "target_player",
        amount=number(m["amount"]),
        gain=number(m["gain"]) if m["gain"] else 0,
        planeswalkers=m["walkers"] is not None,
    )


_ETB: Final = rf"When {SELF} enters, "
_ETB_SCOPES: Final = {
    "all other creatures": "other",
    "creatures your opponents control": "opponents",
    "all creatures": "all",
}


def _etb_creatures_get(m: re.Match[str]) -> Found:
    return one(
        "etb_creatures_get",
        scope=_ETB_SCOPES[m[1]],
        power=int(m[2]),
        toughness=int(m[3]),
        repeat_on_death=bool(m[4]),
    )


TRIGGERS: Final = [
    Rule(
        "ETB gain life",
        re.compile(rf"{_ETB}you gain {N} life\."),
        lambda m: one("etb_gain_life", amount=number(m[1])),
    ),
    fixed(
        "ETB damage equal to power",
        rf"{_ETB}it deals damage equal to its power to any "
        r"target\.",
        "etb_damage_any_target",
    ),
    Rule(
        "ETB creatures get -N/-N",
        re.compile(
            _ETB + r"(all other creatures|creatures your opponents control|all creatures) get "
            rf"{PT} until end of turn\.( Whenever a creature dies this turn, each creature other "
            rf"than {SELF} gets \2/\3 until end of turn\.)?"
        ),
        _etb_creatures_get,
    ),
    Rule(
        "ETB target opponent loses life",
        re.compile(rf"{_ETB}target opponent loses {N} life\."),
        lambda m: one("etb_target_opponent_loses_life", amount=number(m[1])),
    ),
    fixed(
        "ETB destroy a noncreature permanent",
        rf"{_ETB}destroy target noncreature permanent you don't control\.",
        "etb_destroy_noncreature_you_dont_control",
    ),
    fixed(
        "creature enters from your graveyard: damage",
        rf"Whenever {SELF} or another creature enters from your graveyard, that creature "
        r"deals damage equal to its power to any target\.",
        "creature_enters_from_your_graveyard_damage",
    ),
    fixed(
        "a permanent enters from a graveyard: draw",
        rf"Whenever {SELF} or another permanent (?:is put onto the battlefield|enters) from a "
        r"graveyard, draw a card\.",
        "permanent_enters_from_graveyard_draw",
    ),
    fixed(
        "a spell cast from a graveyard: draw",
        r"Whenever a player casts a spell from a graveyard, draw a card\.",
        "spell_cast_from_graveyard_draw",
    ),
    fixed(
        "ETB return this turn's dead to hand",
        rf"{_ETB}return to your hand all cards in your graveyard put there from the battlefield "
        r"this turn\.",
        "etb_return_graveyard_cards_from_battlefield_this_turn",
    ),
    fixed(
        "ETB reanimate an opponent's creature card",
        rf"{_ETB}put target creature card from an opponent's graveyard onto the battlefield "
        r"under your control\. It gains haste\. At the beginning of your next end step, exile "
        r"it\.",
        "etb_reanimate_opponent_creature_card",
    ),
    fixed("ETB exile graveyards", rf"{_ETB}exile all graveyards\.", "etb_exile_graveyards"),
    fixed(
        "ETB return a land",
        rf"{_ETB}return a land you control to its owner's hand\.",
        "etb_return_land_you_control",
    ),
    fixed(
        "dies: Thopters per counter",
        rf"When {SELF} dies, create a 1/1 colorless Thopter "
        rf"artifact creature token with flying for each \+1/\+1 counter on {SELF}\.",
        "dies_create_token_per_counter",
        token="Thopter",
        kind="+1/+1",
    ),
    fixed(
        "leaves: a Beast",
        rf"When {SELF} leaves the battlefield, create a 3/3 green Beast creature token\.",
        "leaves_create_token",
        token="Beast",
    ),
    Rule(
        "opponent's creature dies: lose life",
        re.compile(rf"Whenever a creature an opponent controls dies, that player loses {N} life\."),
        lambda m: one("opponent_creature_dies_lose_life", amount=number(m[1])),
    ),
    Rule(
        "a creature dies: each opponent or target player loses life",
        re.compile(
            rf"Whenever (?:{SELF} or another|a|(?P<other>another)) creature"
            r"(?P<walkers> or planeswalker)?(?P<whose> you control| an opponent controls)? dies, "
            rf"(?P<loser>each opponent|target player) loses (?P<amount>{N[1:-1]}) life"
            rf"(?: and you gain (?P<gain>{N[1:-1]}) life)?\."
        ),
        _death_drain,
    ),
    fixed(
        "Human damages you",
        r"Whenever a Human deals damage to you, destroy it\.",
        "human_damages_you_destroy",
    ),
    fixed(
        "end step: sacrifice if no creatures",
        r"At the beginning of the end step, if no creatures are on the battlefield, "
        rf"sacrifice {SELF}\.",
        "end_step_sacrifice_if_no_creatures",
    ),
    fixed(
        "upkeep: sacrifice unless",
        rf"At the beginning of your upkeep, sacrifice {SELF} "
        r"unless you sacrifice a creature\.",
        "upkeep_sacrifice_unless_sacrifice_creature",
    ),
    Rule(
        "upkeep: remove a counter from each creature",
        re.compile(
            rf"At the beginning of your upkeep, remove an? {KIND} counter from each creature "
            r"you control\."
        ),
        lambda m: one("upkeep_remove_counter_each_creature_yours", kind=m[1]),
    ),
    fixed(
        "cast a creature: draw",
        r"Whenever you cast a creature spell, draw a card\.",
        "cast_creature_draw",
    ),
    fixed(
        "lands add the same (all)",
        r"Whenever a player taps a land for mana, that player "
        r"adds one mana of any type that land produced\.",
        "tapped_for_mana_add",
        source="lands",
        whose="all",
        produce="same",
    ),
    fixed(
        "lands add the same (yours)",
        r"Whenever you tap a land for mana, add one mana of any"
        r" type that land produced\.",
        "tapped_for_mana_add",
        source="lands",
        whose="yours",
        produce="same",
    ),
    Rule(
        "enchanted land adds",
        re.compile(
            r"Whenever enchanted land is tapped for mana, its "
            r"controller adds an additional ((?:\{[WUBRGC]\})+|one mana of any color)\."
        ),
        lambda m: one(
            "tapped_for_mana_add", source="enchanted", whose="all", produce=_symbols_or_any(m[1])
        ),
    ),
    Rule(
        "attacks: creatures you control gain a keyword",
        re.compile(
            rf"Whenever {SELF} attacks, creatures you control gain {KW} until end of turn\."
        ),
        lambda m: one("attacks_creatures_yours_gain_keyword", keyword=m[1]),
    ),
    fixed(  # the printed wording of menace before the keyword (702.111b is the same rule)
        "attacks: creatures you control need two blockers",
        rf"Whenever {SELF} attacks, creatures you control can't be blocked this turn "
        r"except by two or more creatures\.",
        "attacks_creatures_yours_gain_keyword",
        keyword="menace",
    ),
    Rule(
        "creatures add",
        re.compile(
            rf"Whenever you tap a creature for mana, add an additional"
            rf" {TYPE}\."
        ),
        lambda m: one("tapped_for_mana_add", source="creatures", whose="yours", produce=m[1]),
    ),
]


# ------------------------------------------------ activated and mana abilities (CR 602, 605)

Costs = dict[str, str | bool | int]
_COST_PARTS: Final = (
    (re.compile(r"\{T\}"), "tap"),
    (re.compile(r"\{Q\}"), "untap"),
    (re.compile(r"Tap an untapped creature you control"), "tap_creature"),
    (re.compile(rf"Sacrifice {SELF}"), "sacrifice"),
    (re.compile(r"Sacrifice a creature"), "sacrifice_creature"),
)
_REMOVE: Final = re.compile(rf"Remove an? {KIND} counter from {SELF}")
_LIFE: Final = re.compile(rf"Pay {N} life")


def costs(text: str, with_x: bool = False) -> Costs | None:
    """The cost of an activated ability (``{1}, {T}``) as template parameters, or None when a
    part of it is none the templates pay (life, discarding, sacrificing, ...; an X, unless
    ``with_x``)."""
    found: Costs = {
        "cost": "",
        "tap": False,
        "untap": False,
        "tap_creature": False,
        "remove_counter": "",
        "sacrifice": False,
        "sacrifice_creature": False,
        "life": 0,
    }
    for part in text.split(", "):
        flag = next((key for pattern, key in _COST_PARTS if pattern.fullmatch(part)), None)
        removed, life = _REMOVE.fullmatch(part), _LIFE.fullmatch(part)
        if flag is not None:
            found[flag] = True
        elif removed is not None:
            found["remove_counter"] = removed[1]
        elif life is not None:
            found["life"] = number(life[1])
        elif not found["cost"] and mana(part, with_x=with_x) is not None:
            found["cost"] = part
        else:
            return None
    return found


def _only(paid: Costs | None, *allowed: str) -> bool:
    """Whether a cost uses no more than ``allowed`` parts (a template with no parameter for
    a part cannot pay it)."""
    return paid is not None and all(not paid[k] for k in paid if k not in allowed)


def _counter_on_self(m: re.Match[str]) -> Found | None:
    paid = costs(m[1])
    if paid is None or not _only(paid, "cost", "tap"):
        return None
    return one("activated_put_counter_on_self", kind=m[2], cost=paid["cost"], tap=paid["tap"])


def _untap_target(m: re.Match[str]) -> Found | None:
    paid = costs(m[1])
    if paid is None or not _only(paid, "cost", "tap"):
        return None
    return one("activated_untap_target_creature", cost=paid["cost"], tap=paid["tap"])


def _counter_on_each(m: re.Match[str]) -> Found | None:
    paid = costs(m[1])
    if paid is None or not _only(paid, "cost") or not paid["cost"]:
        return None
    return one("activated_put_counter_on_each_creature_yours", kind=m[2], cost=paid["cost"])


def _targets_gain(m: re.Match[str]) -> Found | None:
    paid = costs(m[1])
    if paid is None or not _only(paid, "tap"):
        return None
    return one("activated_targets_gain_keyword", keyword=m[2], tap=paid["tap"])


def _generic(paid: Costs | None) -> bool:
    """Whether a cost's mana part, if any, is generic mana only (what the templates pay)."""
    return paid is not None and (not paid["cost"] or mana(str(paid["cost"]), True) is not None)


def _pump_self(m: re.Match[str]) -> Found | None:
    paid = costs(m[1])
    if paid is None or not _only(paid, "cost") or not paid["cost"]:
        return None
    return one("activated_pump_self", power=int(m[2]), toughness=int(m[3]), cost=paid["cost"])


def _any_color(m: re.Match[str]) -> Found | None:
    """Birds of Paradise, Pili-Pala, Springleaf Drum, Gemstone Mine, Vivid Crag, Mana
    Confluence, Lotus Petal, Gilded Lotus: N mana of any one color for a cost the template can
    pay (generic mana, life, sacrificing itself, CR 605)."""
    paid = costs(m[1])
    if paid is None or not _generic(paid):
        return None
    if m[3] and m[3] != paid["remove_counter"]:
        return None
    amount = number(m[2]) if m[2] else 1
    return one("mana_any_color", **paid, sacrifice_when_none=bool(m[3]), amount=amount)


def _add_fixed(m: re.Match[str]) -> Found | None:
    """Sol Ring, Azorius Signet, Crystal Vein, Ancient Tomb, Ashnod's Altar: fixed mana for
    {T} or a creature sacrificed, maybe generic mana or itself sacrificed too, maybe dealing
    damage to you."""
    paid = costs(m[1])
    allowed = ("cost", "tap", "sacrifice", "sacrifice_creature")
    if paid is None or not _generic(paid) or not _only(paid, *allowed):
        return None
    if not paid["tap"] and not paid["sacrifice_creature"]:
        return None
    given: Costs = {k: paid[k] for k in ("cost", "tap", "sacrifice", "sacrifice_creature")}
    given["damage"] = number(m[3]) if m[3] else 0
    spec = TEMPLATES["mana_fixed"][1]  # parameters left at their defaults are not written
    produce = m[2].replace("{", "").replace("}", "")
    return one(
        "mana_fixed", produce=produce, **{k: v for k, v in given.items() if v != spec[k].default}
    )


def _one_of(m: re.Match[str]) -> Found | None:
    """Guildgates, painlands, Talismans, Noble Hierarch: one mana of one of the types listed."""
    produce = "".join(re.findall(r"\{([WUBRGC])\}", m[1]))
    if len(set(produce)) != len(produce):
        return None
    return one("mana_one_of", produce=produce, damage=number(m[2]) if m[2] else 0)


def _per_subtype(m: re.Match[str]) -> Found | None:
    """Cabal Coffers, Priest of Titania: one type of mana for each permanent of a subtype."""
    paid = costs(m[1])
    if paid is None or not _generic(paid) or not _only(paid, "cost", "tap") or not paid["tap"]:
        return None
    return one(
        "mana_per_subtype",
        produce=m[2],
        subtype=m[3],
        whose="yours" if m[4] == "you control" else "all",
        cost=paid["cost"],
    )


_DAMAGE_TO_YOU: Final = rf"(?: {SELF} deals {N} damage to you\.)?"


def _destroy_all_activated(m: re.Match[str]) -> Found | None:
    paid = costs(m[1])
    if paid is None or not _only(paid, "cost", "tap"):
        return None
    return one(
        "activated_destroy_artifacts_creatures_enchantments", cost=paid["cost"], tap=paid["tap"]
    )


def _damage_each_activated(m: re.Match[str]) -> Found | None:
    """Pestilence, Thrashing Wumpus: "{B}: ~ deals 1 damage to each creature and each
    player."; Crypt Rats: "{X}: ~ deals X damage ...", X announced as it is activated (its
    cost is paid from outside a scenario, so "Spend only black mana on X" changes nothing)."""
    by_x = m["n"] == "X"
    paid = costs(m[1], with_x=by_x)
    if paid is None or not _only(paid, "cost", "tap") or (by_x and "{X}" not in str(paid["cost"])):
        return None
    flags = {"without_flying": m["flying"], "each_player": m["players"], "by_x": by_x}
    return one(
        "activated_damage_each_creature",
        amount=1 if by_x else number(m["n"]),
        cost=paid["cost"],
        tap=paid["tap"],
        **{k: True for k, v in flags.items() if v},
    )


ACTIVATED: Final = [
    Rule(
        "put a counter on self",
        re.compile(rf"([^:\n]+): Put an? {KIND} counter on {SELF}\."),
        _counter_on_self,
    ),
    Rule(
        "remove a counter: ping",
        re.compile(rf"Remove an? {KIND} counter from {SELF}: It deals {N} damage to any target\."),
        lambda m: one("activated_remove_counter_ping", kind=m[1], amount=number(m[2])),
    ),
    Rule(
        "counter on self: untap",
        re.compile(rf"Put an? {KIND} counter on {SELF}: Untap {SELF}\."),
        lambda m: one("activated_untap_self_put_counter", kind=m[1]),
    ),
    Rule(
        "targets gain a keyword",
        re.compile(
            r"([^:\n]+): Choose any number of target creatures"
            rf"\. Each of those creatures gains {KW} until end of turn\."
        ),
        _targets_gain,
    ),
    Rule("untap target creature", re.compile(r"([^:\n]+): Untap target creature\."), _untap_target),
    Rule(
        "your lands produce until end of turn",
        re.compile(
            rf"{TYPE}: Until end of turn, if you tap a land you control for mana, it produces "
            r"\{\1\} instead of any other type\."
        ),
        lambda m: one("activated_lands_produce_until_eot", lands="yours", produce=m[1]),
    ),
    Rule(
        "counter on each creature you control",
        re.compile(rf"([^:\n]+): Put an? {KIND} counter on each creature you control\."),
        _counter_on_each,
    ),
    fixed("sacrifice outlet (scry)", rf"Sacrifice a creature: Scry {N}\.", "sacrifice_outlet"),
    Rule(
        "pump self",
        re.compile(rf"([^:\n]+): {SELF} gets {PT} until end of turn\."),
        _pump_self,
    ),
    Rule(
        "destroy all artifacts, creatures and enchantments",
        re.compile(r"([^:\n]+): Destroy all artifacts, creatures, and enchantments\."),
        _destroy_all_activated,
    ),
    Rule(
        "damage to each creature (and each player)",
        re.compile(
            rf"([^:\n]+): {SELF} deals (?P<n>X|{N[1:-1]}) damage to each creature"
            r"(?P<flying> without flying)?(?P<players> and each player)?\."
            r"(?: Spend only (?:white|blue|black|red|green) mana on X\.)?"
        ),
        _damage_each_activated,
    ),
]

MANA: Final = [
    Rule(
        "add fixed",
        re.compile(r"([^:\n]+): Add ((?:\{[WUBRGC]\})+)\." + _DAMAGE_TO_YOU),
        _add_fixed,
    ),
    Rule(
        "add one of several types",
        re.compile(
            r"\{T\}: Add ((?:\{[WUBRGC]\}, )+or \{[WUBRGC]\}|\{[WUBRGC]\} or \{[WUBRGC]\})\."
            + _DAMAGE_TO_YOU
        ),
        _one_of,
    ),
    Rule(
        "add N mana of any color",
        re.compile(
            rf"([^:\n]+): Add (?:one mana of any color|{N} mana of any one color)\.(?: If there "
            rf"are no {KIND} counters on {SELF}, sacrifice it\.)?"
        ),
        _any_color,
    ),
    Rule(
        "add per permanent of a subtype",
        re.compile(
            rf"([^:\n]+): Add {TYPE} for each ([A-Z][\w'-]*) (you control|on the battlefield)\."
        ),
        _per_subtype,
    ),
    Rule(
        "add per creature you control",
        re.compile(rf"\{{T\}}: Add {TYPE} for each creature you control\."),
        lambda m: one("mana_per_creature_yours", produce=m[1]),
    ),
    Rule(
        "reflect lands",
        re.compile(
            r"\{T\}: Add one mana of any (type|color) that a land "
            r"(you control|an opponent controls) could produce\."
        ),
        lambda m: one(
            "mana_reflect_lands",
            whose="yours" if m[2] == "you control" else "opponents",
            colors_only=m[1] == "color",
        ),
    ),
    Rule(
        "fixed, or any color with a counter",
        re.compile(
            rf"\{{T\}}: Add {TYPE}\. If {SELF} has an? {KIND} counter on it, instead add one mana "
            r"of any color\."
        ),
        lambda m: one("mana_fixed_or_any_color_with_counter", produce=m[1], kind=m[2]),
    ),
]


# ------------------------------------------- sentences the simulation ignores on purpose

INERT: Final = [
    # pregame actions (CR 103.6): a scenario places the card on the battlefield itself
    inert(
        "opening-hand leyline",
        rf"If {SELF} is in your opening hand, you may begin the game "
        r"with it on the battlefield\.",
    ),
    inert(
        "opening-hand Caverns",
        rf"If {SELF} is in your opening hand and you're not the "
        rf"starting player, you may begin the game with {SELF} on the battlefield with an? "
        r"[a-z]+ counter on it\. If you do, exile a card from your hand\.",
    ),
    # players' counters, poison and infect: no player counters in the simulation (Melira)
    inert("no poison counters", r"You can't get poison counters\."),
    inert("players get no counters", r"Players can't get counters\."),
    inert("opponents lose infect", r"Creatures your opponents control lose infect\."),
    # no spell is ever countered in the simulation (Supreme Verdict)
    inert("can't be countered", rf"{SELF} can't be countered\."),
    # the Aura's attachment is a scenario's `attached` (Wild Growth)
    inert("enchant land", r"Enchant land"),
    # a cast pays no mana and may come at any time (SPEC section 3: "cast" assumes its mana
    # cost was paid; no timing is checked), so what changes a cost or the timing changes
    # nothing (CR 601.2f; 702.8a: Vanquish the Horde, Blasphemous Act, Rout)
    inert(
        "cost reduction per creature",
        rf"{SELF} costs \{{\d+\}} less to cast for each creature on the battlefield\.",
    ),
    inert(
        "flash for an extra cost",
        rf"You may cast {SELF} as though it had flash if you pay \{{\d+\}} more to cast it\.",
    ),
    inert(
        "free with a commander",
        rf"If you control a commander, you may cast {SELF} without paying its mana cost\.",
    ),
    # abilities of a card in a hand or library: there are none (cards are cast from outside
    # the scenario, none is drawn; CR 702.29a cycling, 702.94a miracle)
    inert("cycling", r"Cycling (?:\{[^{}]+\})+"),
    inert("miracle", r"Miracle (?:\{[^{}]+\})+"),
    # libraries' order is not modeled: scry changes nothing the simulation holds (701.22a,
    # as Viscera Seer's "Scry 1" is read)
    inert("scry", rf"Scry {N}\."),
]

RULES: Final[list[Rule]] = [*SPELLS, *STATICS, *REPLACEMENTS, *TRIGGERS, *ACTIVATED, *MANA, *INERT]
