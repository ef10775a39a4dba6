"""Resolving spells: board wipes W1-W7 and the other one-shot effects (CR 608.2).

A spell's effects happen in the order written; the deaths it causes are one event, and the
triggers wait until it has finished resolving and state-based actions are checked (603.3).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.library import Ability
from engine.reference.characteristics import has_keyword, is_creature, is_land
from engine.reference.counters import put_counters
from engine.reference.damage import change_life, damage_each_player, damage_permanent
from engine.reference.destroy import destroy
from engine.reference.state import Game, Permanent, RuleEffect, StackItem
from engine.reference.targets import chosen
from engine.reference.zones import card_to_zone, enter_battlefield, leave_battlefield

_MODE_TYPES = {
    "artifacts": "Artifact",
    "creatures": "Creature",
    "enchantments": "Enchantment",
    "planeswalkers": "Planeswalker",
}


def exile_graveyards(game: Game) -> None:
    """Rest in Peace's enters trigger and Farewell's fourth mode (406.2)."""
    for owner, cards in game.graveyard.items():
        for zc in list(cards):
            cards.remove(zc)
            game.exile[owner].append(zc)
            game.log.add("406.2", f"{zc.card.name} is exiled from {owner}'s graveyard")


def _creatures(game: Game) -> list[Permanent]:
    return [p for p in game.battlefield if is_creature(p)]


def _destroy_all(game: Game, item: StackItem, ability: Ability) -> None:
    """CR 701.8a. "Creatures you don't control": those every other player controls (Plague
    Wind); "with mana value N or less": the card's (a token's: its card's) mana value, X
    counting 0 (202.3e; Consume the Meek). Fumigate gains life for each creature this
    destroys, one that a replacement effect exiles instead too: it was still destroyed; not
    one that is indestructible (702.12b)."""
    scope, most = ability.text("scope"), ability.number("max_mana_value")
    victims = [
        p
        for p in _creatures(game)
        if (scope == "all" or p.controller != item.controller)
        and (most < 0 or p.card.mana_cost.mana_value <= most)
    ]
    gain = ability.number("life_per_creature") * len(destroy(game, victims))
    if gain:
        change_life(game, item.controller, gain, f"{item.card.name}: creatures destroyed")


def _damage_each(game: Game, item: StackItem, ability: Ability) -> None:
    """CR 120.3e to each creature (without flying, if it says so: flying as it resolves,
    702.9), and 120.3a to each player (Inferno), all at once; X from the spell (107.3)."""
    amount = ability.number("amount") * item.x_scale(ability)
    spared = ability.text("except_subtype")
    for p in _creatures(game):
        if ability.flag("without_flying") and has_keyword(game, p, "flying"):
            continue
        if spared and spared in p.card.subtypes:  # 205.3m: creature types are subtypes
            continue
        damage_permanent(game, p, amount, None)
        if ability.flag("exile_if_dies"):
            p.exile_if_dies = True
    if ability.flag("each_player"):
        damage_each_player(game, amount, None)


def _damage_modal(game: Game, item: StackItem, ability: Ability) -> None:
    """Slagstorm (700.2): the chosen mode's damage, to each creature or to each player."""
    modes, amount = item.data["modes"], ability.number("amount")
    if "creatures" in modes:
        for p in _creatures(game):
            damage_permanent(game, p, amount, None)
    if "players" in modes:
        damage_each_player(game, amount, None)


def _creatures_get(game: Game, item: StackItem, ability: Ability) -> None:
    """A locked-in "until end of turn" change (611.2c), scaled by X if it says so, or by the
    permanents of a subtype its caster controls as it resolves (Mutilate's Swamps: counted
    once, 608.2h); scope "opponents": only the creatures the spell's opponents control (Cower
    in Fear); scope "yours": only the caster's (Solidarity). The keywords it gives are gained
    by the same set (Overrun's trample), by every permanent of it with "permanents" (Heroic
    Intervention: whose change is keywords alone)."""
    scale = item.x_scale(ability)
    per = ability.text("per_subtype_yours")
    if per:
        scale *= sum(
            p.controller == item.controller and per in p.card.subtypes for p in game.battlefield
        )
    dp, dt = ability.number("power") * scale, ability.number("toughness") * scale
    scope, gained = ability.text("scope"), ability.names("keywords")
    logged = (dp, dt) != (0, 0) or not gained  # Heroic Intervention's gets nothing
    for p in game.battlefield if ability.flag("permanents") else _creatures(game):
        if scope != "all" and (p.controller == item.controller) != (scope == "yours"):
            continue
        p.eot_power, p.eot_toughness = p.eot_power + dp, p.eot_toughness + dt
        if logged:
            game.log.add("611.2c", f"{p.id} gets {dp:+d}/{dt:+d} until end of turn")
        for keyword in gained:
            p.granted_eot.append(keyword)
            game.log.add("611.2c", f"{p.id} gains {keyword} until end of turn")


def _counters_each(game: Game, item: StackItem, ability: Ability) -> None:
    for p in _creatures(game):
        put_counters(game, p, ability.text("kind"), item.x)


def _exile_modal(game: Game, item: StackItem, ability: Ability) -> None:
    modes = item.data["modes"]
    types = {_MODE_TYPES[m] for m in modes if m in _MODE_TYPES}
    chosen = [
        p
        for p in game.battlefield
        if any(is_creature(p) if t == "Creature" else p.card.has_type(t) for t in types)
    ]
    leave_battlefield(game, chosen, "exile", "is exiled", "406.2")
    if "graveyards" in modes:
        exile_graveyards(game)


def _bounce_all(game: Game, item: StackItem, ability: Ability) -> None:
    leave_battlefield(game, _creatures(game), "hand", "returns to its owner's hand", "400.7")


def _bounce_permanents(game: Game, item: StackItem, ability: Ability) -> None:
    """Upheaval: every permanent, lands too, to its owner's hand (400.7)."""
    leave_battlefield(game, list(game.battlefield), "hand", "returns to its owner's hand", "400.7")


def _exile_creatures(game: Game, item: StackItem, ability: Ability) -> None:
    """Final Judgment: exiled, not destroyed; nothing dies (406.2, 700.4)."""
    leave_battlefield(game, _creatures(game), "exile", "is exiled", "406.2")


def _library_bottom(game: Game, item: StackItem, ability: Ability) -> None:
    """Hallowed Burial, Terminus: to the bottom of their owners' libraries, nothing dies
    (700.4); each owner orders their cards there (401.4), which no outcome shows."""
    leave_battlefield(
        game, _creatures(game), "library", "is put on the bottom of its owner's library", "401.4"
    )


def _destroy_nonland(game: Game, item: StackItem, ability: Ability) -> None:
    """Planar Cleansing: every nonland permanent is destroyed (701.8a)."""
    destroy(game, [p for p in game.battlefield if not is_land(p)])


def _each_player_sacrifices(game: Game, item: StackItem, ability: Ability) -> None:
    """Innocent Blood: each player (or each opponent of the caster), in APNAP order (101.4),
    chooses N creatures they control (those ``[choices] targets`` names for the spell first,
    then by the listed policy the first in board order), then all are sacrificed at once
    (701.21a)."""
    named = chosen(game, item.source_id)
    picked: list[Permanent] = []
    for player in game.apnap():
        if ability.text("who") == "opponents" and player == item.controller:
            continue
        mine = [p for p in _creatures(game) if p.controller == player]
        ranked = [p for p in mine if p.id in named] + [p for p in mine if p.id not in named]
        picked += ranked[: ability.number("amount")]
    victims = [p for p in game.battlefield if p in picked]
    leave_battlefield(game, victims, "graveyard", "is sacrificed", "701.21a")


def _lands_skip_untap(game: Game, item: StackItem, ability: Ability) -> None:
    """Bontu's Last Reckoning: the lands its caster controls then don't untap during the
    caster's next untap step (502.3; the lands are those of that step: no characteristic
    changes, so 611.2c locks nothing in)."""
    game.lands_skip_untap.add(item.controller)
    game.log.add("502.3", f"{item.controller}'s lands won't untap during their next untap step")


def _sacrifice_colored(game: Game, item: StackItem, ability: Ability) -> None:
    colored = [p for p in game.battlefield if p.card.colors]
    leave_battlefield(game, colored, "graveyard", "is sacrificed", "701.21a")


def _lands_produce(game: Game, item: StackItem, ability: Ability) -> None:
    """Pale Moon (611.2a): ordered after every permanent's effect (616.1)."""
    game.effects.append(
        RuleEffect(
            "lands_produce",
            item.source_id,
            item.controller,
            game.new_order() + 10_000,
            {"lands": ability.text("lands"), "produce": ability.text("produce")},
        )
    )
    game.log.add("611.2a", f"{item.card.name}: lands produce {ability.text('produce')} this turn")


def _nothing(game: Game, item: StackItem, ability: Ability) -> None:
    """Shuffled into its library as it finishes resolving (``resolve_spell``)."""


# The effect of each spell template, in the order written on the card (608.2c).
_EFFECTS: dict[str, Callable[[Game, StackItem, Ability], None]] = {
    "destroy_all_creatures": _destroy_all,
    "damage_each_creature": _damage_each,
    "creatures_get_until_eot": _creatures_get,
    "counters_on_each_creature_x": _counters_each,
    "exile_all_modal": _exile_modal,
    "bounce_all_creatures": _bounce_all,
    "bounce_all_permanents": _bounce_permanents,
    "damage_each_modal": _damage_modal,
    "exile_all_creatures": _exile_creatures,
    "creatures_to_library_bottom": _library_bottom,
    "destroy_all_nonland_permanents": _destroy_nonland,
    "each_player_sacrifices_creatures": _each_player_sacrifices,
    "lands_skip_next_untap": _lands_skip_untap,
    "sacrifice_all_colored": _sacrifice_colored,
    "lands_produce_until_eot": _lands_produce,
    "shuffle_into_library": _nothing,
}


def _resolve_effect(game: Game, item: StackItem, ability: Ability) -> None:
    effect = _EFFECTS.get(ability.template)
    if effect is None:
        raise ValueError(f"spell template {ability.template!r} has no resolution")
    effect(game, item, ability)


def resolve_spell(game: Game, item: StackItem) -> None:
    """CR 608.2 (instants, sorceries) and 608.3 (permanent spells)."""
    card = item.card
    game.log.add("608.1", f"{card.name} ({item.controller}) resolves")
    if card.is_permanent_card:
        host = item.data.get("enchant")
        if host is not None and game.permanent(host) is None:  # an Aura's target (303.4a)
            game.log.add("608.2b", f"{card.name}'s target {host} is gone: it does not resolve")
            card_to_zone(game, card, item.source_id, item.controller, "graveyard", "608.2b")
            return
        p = enter_battlefield(
            game,
            card,
            item.source_id,
            item.controller,
            item.controller,
            x=item.x,
            rule="608.3",
            how="enters the battlefield",
        )
        if host is not None:
            p.attached_to = host
            game.log.add("303.4a", f"{p.id} enters attached to {host}")
        return
    for ability in card.abilities_of("spell"):
        _resolve_effect(game, item, ability)
    if card.ability("shuffle_into_library") is not None:
        card_to_zone(game, card, item.source_id, item.controller, "library", "608.2n")
    else:
        card_to_zone(game, card, item.source_id, item.controller, "graveyard", "608.2n")
