"""Characteristics after continuous effects: types, keywords and P/T (CR 613).

Static abilities (611.3a) are read from the battlefield each time, so they apply to whatever
they currently describe, a returned creature included; effects from resolved spells live on
the object (611.2c) and do not follow it to a new one.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.library import INT64, Ability
from engine.reference.state import Game, Permanent

PT_PAST_CAP = (
    "a power or toughness past 64 bits (more than MAX_AMOUNT = 2^63 - 1, or less than -2^63): "
    "Cauldron counts in 64 bits and does not play on past that cap"
)


def is_creature(p: Permanent) -> bool:
    """CR 205.2a, 611.2c: a creature unless a resolved effect removed the type."""
    return p.card.has_type("Creature") and not p.not_creature


def is_land(p: Permanent) -> bool:
    return p.card.has_type("Land")


def is_basic(p: Permanent) -> bool:
    return "Basic" in p.card.supertypes


def statics(game: Game, template: str) -> Iterator[tuple[Permanent, Ability]]:
    """Every battlefield permanent's static ability of ``template``, in board order."""
    for source in game.battlefield:
        for ability in source.card.abilities:
            if ability.template == template:
                yield source, ability


def in_scope(scope: str, source: Permanent, p: Permanent, objects: str = "creatures") -> bool:
    """Whether ``p`` is among the ``objects`` (creatures; artifacts, Darksteel Forge's; every
    permanent, Avacyn's) that a static ability of ``source`` describes."""
    if not _is_object(objects, p):
        return False
    if scope == "all":
        return True
    if scope == "yours":
        return p.controller == source.controller
    if scope == "other":
        return p.uid != source.uid
    if scope == "other_yours":
        return p.uid != source.uid and p.controller == source.controller
    if scope == "opponents":
        return p.controller != source.controller
    if scope == "other_non_human_yours":
        return (
            p.uid != source.uid
            and p.controller == source.controller
            and "Human" not in p.card.subtypes
        )
    raise ValueError(f"unknown scope {scope!r}")


def _is_object(objects: str, p: Permanent) -> bool:
    if objects == "creatures":
        return is_creature(p)
    return objects == "permanents" or p.card.has_type("Artifact")


def of_kind(ability: Ability, p: Permanent) -> bool:
    """Whether ``p`` is of the subtype (205.3) and the color (105.2) a static names, if it
    names one: "Other Elf creatures you control", "White creatures you control"."""
    subtype, color = ability.text("subtype"), ability.text("color")
    return (not subtype or subtype in p.card.subtypes) and (not color or color in p.card.colors)


def keywords(game: Game, p: Permanent) -> list[str]:
    """Keyword instances, with repeats (CR 702.79b: several persist instances each trigger)."""
    found = list(p.card.keywords) + p.granted + p.granted_eot
    for source, ability in statics(game, "grant_keyword"):
        scope, objects = ability.text("scope"), ability.text("objects")
        if in_scope(scope, source, p, objects) and of_kind(ability, p):
            found.append(ability.text("keyword"))
    return found


def has_keyword(game: Game, p: Permanent, keyword: str) -> bool:
    return keyword in keywords(game, p)


def power_toughness(game: Game, p: Permanent) -> tuple[int, int]:
    """CR 613.4: printed P/T, then modifications (statics, locked-in effects, counters). A
    power or toughness past 64 bits stops the trial (``unsupported``): the engines count in
    64 bits (MAX_AMOUNT), and this one will not report a number the other cannot hold."""
    power, toughness = p.card.power or 0, p.card.toughness or 0
    if is_creature(p):
        for source, ability in statics(game, "creatures_get"):
            if in_scope(ability.text("scope"), source, p) and of_kind(ability, p):
                power += ability.number("power")
                toughness += ability.number("toughness")
    power, toughness = power + p.eot_power, toughness + p.eot_toughness
    net = p.count("+1/+1") - p.count("-1/-1")  # CR 122.1a
    power, toughness = power + net, toughness + net
    if power not in INT64 or toughness not in INT64:
        game.stop("unsupported", PT_PAST_CAP, "613.4")
    return power, toughness


def can_tap_or_untap_for_cost(game: Game, p: Permanent) -> bool:
    """CR 302.6: a creature's {T}/{Q} cost needs continuous control since its controller's
    most recent turn began, unless it has haste (702.10c) or may act as though it had haste."""
    if not is_creature(p) or p.since_turn_start or has_keyword(game, p, "haste"):
        return True
    return any(
        source.controller == p.controller for source, _ in statics(game, "activate_as_though_haste")
    )
