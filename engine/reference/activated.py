"""Activated abilities that are not mana abilities (CR 602): costs now, effects on resolution.

Mana costs of these are paid from outside the scenario (SPEC section 3); every other cost is
paid here, and an action whose cost can't be paid is rejected and changes nothing (118.3).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.library import Ability
from engine.reference.characteristics import can_tap_or_untap_for_cost, has_keyword, is_creature
from engine.reference.counters import prohibited_by, put_counters
from engine.reference.damage import damage_each_player, damage_permanent, damage_player
from engine.reference.destroy import destroy
from engine.reference.state import Game, Permanent, RuleEffect, StackItem
from engine.reference.targets import any_target, can_target, chosen, illegal_choice, permanents
from engine.reference.zones import leave_battlefield

Rejection = tuple[str, str]  # (reason, rule)

# The templates whose abilities target (115.1): a named permanent they can't target is an
# illegal choice, and the activation is rejected (601.2c, 702.11b).
_TARGETING = frozenset(
    {
        "activated_remove_counter_ping",
        "activated_targets_gain_keyword",
        "activated_untap_target_creature",
    }
)


def _check_costs(game: Game, p: Permanent, ability: Ability) -> Rejection | None:
    tpl = ability.template
    if "tap" in ability.params and ability.flag("tap"):
        if p.tapped:
            return ("tapped", "107.5")
        if not can_tap_or_untap_for_cost(game, p):
            return ("summoning_sick", "302.6")
    if tpl == "activated_remove_counter_ping" and p.count(ability.text("kind")) < 1:
        return ("missing_counter", "118.3")
    if tpl == "activated_untap_self_put_counter" and prohibited_by(game, p, ability.text("kind")):
        return ("cost_cannot_be_paid", "118.3")  # no counter can be put: the cost can't be paid
    if tpl == "sacrifice_outlet" and not _sacrifice_choice(game, p):
        return ("nothing_to_sacrifice", "118.3")
    if tpl in _TARGETING and illegal_choice(game, p.id, p.controller):
        return ("illegal_target", "702.11b")
    return None


def _sacrifice_choice(game: Game, p: Permanent) -> list[Permanent]:
    return permanents(
        game, p.id, lambda q: is_creature(q) and q.controller == p.controller, many=False
    )


def activate(game: Game, p: Permanent, index: int, x: int = 0) -> Rejection | None:
    """CR 602.2: pay the costs and put the ability on the stack, or reject the action. ``x``:
    the value announced for an X in its cost (602.2b, 601.2b), which the ability remembers."""
    abilities = p.card.abilities_of("activated")
    if index >= len(abilities):
        return ("no_such_ability", "602.1")
    ability = abilities[index]
    rejection = _check_costs(game, p, ability)
    if rejection is not None:
        return rejection
    tpl = ability.template
    data: dict[str, object] = {"uid": p.uid}
    if "tap" in ability.params and ability.flag("tap"):
        p.tapped = True
        game.log.add("107.5", f"{p.id} is tapped to pay a cost")
    if tpl == "activated_remove_counter_ping":
        p.counters[ability.text("kind")] -= 1
        game.log.add("602.2b", f"a {ability.text('kind')} counter is removed from {p.id} as a cost")
        data["target"] = any_target(game, p.id, p.controller)
    elif tpl == "activated_untap_self_put_counter":  # the counter is a cost (602.2b)
        put_counters(game, p, ability.text("kind"), 1, cost=True)
    elif tpl == "sacrifice_outlet":
        victims = _sacrifice_choice(game, p)
        leave_battlefield(game, victims, "graveyard", "is sacrificed", "701.21a")
    game.stack.append(StackItem("ability", p.controller, p.card, p.id, ability, x=x, data=data))
    with_x = f" with X = {x}" if ability.params.get("by_x") else ""
    game.log.add("602.2", f"{p.controller} activates {p.card.name} ({p.id}): {tpl}{with_x}")
    return None


def resolve_ability(game: Game, item: StackItem) -> None:
    """CR 608.2: the effect of an activated ability."""
    ability = item.ability
    assert ability is not None
    tpl = ability.template
    game.log.add("608.2", f"{item.card.name} ({item.source_id}) ability resolves: {tpl}")
    source = next((p for p in game.battlefield if p.uid == item.data["uid"]), None)
    effect = _EFFECTS.get(tpl)
    if effect is None:
        raise ValueError(f"no resolution for activated template {tpl!r}")
    effect(game, item, ability, source)


def _put_counter_on_self(
    game: Game, item: StackItem, ability: Ability, source: Permanent | None
) -> None:
    if source is not None:
        put_counters(game, source, ability.text("kind"), 1)


def _ping(game: Game, item: StackItem, ability: Ability, source: Permanent | None) -> None:
    """Damage to the target chosen on activation (a player, or a permanent still there)."""
    target, uid = item.data["target"]
    if uid is None:
        damage_player(game, target, ability.number("amount"), source)
        return
    victim = next((p for p in game.battlefield if p.uid == uid), None)
    if victim is not None:
        damage_permanent(game, victim, ability.number("amount"), source)


def _untap_self(game: Game, item: StackItem, ability: Ability, source: Permanent | None) -> None:
    if source is not None:
        source.tapped = False
        game.log.add("701.26b", f"{source.id} untaps")


def _targets_gain_keyword(
    game: Game, item: StackItem, ability: Ability, source: Permanent | None
) -> None:
    """Targets as chosen; the listed policy targets every creature its controller controls."""
    named = bool(chosen(game, item.source_id))
    for p in permanents(
        game,
        item.source_id,
        lambda q: (
            is_creature(q)
            and (named or q.controller == item.controller)
            and can_target(game, q, item.controller)
        ),
        many=True,
    ):
        p.granted_eot.append(ability.text("keyword"))
        game.log.add("611.2c", f"{p.id} gains {ability.text('keyword')} until end of turn")


def _untap_target_creature(
    game: Game, item: StackItem, ability: Ability, source: Permanent | None
) -> None:
    for p in permanents(
        game,
        item.source_id,
        lambda q: is_creature(q) and q.tapped and q.controller == item.controller,
        many=False,
    ):
        p.tapped = False
        game.log.add("701.26b", f"{p.id} untaps")


def _lands_produce(game: Game, item: StackItem, ability: Ability, source: Permanent | None) -> None:
    """Deep Water (611.2a): until end of turn, an effect ordered with the source (616.1)."""
    game.effects.append(
        RuleEffect(
            "lands_produce",
            item.source_id,
            item.controller,
            source.order if source is not None else game.new_order(),
            {"lands": ability.text("lands"), "produce": ability.text("produce")},
        )
    )
    game.log.add(
        "611.2a",
        f"{item.source_id}: lands {item.controller} controls produce "
        f"{ability.text('produce')} this turn",
    )


def _counter_on_each_creature(
    game: Game, item: StackItem, ability: Ability, source: Permanent | None
) -> None:
    for p in game.battlefield:
        if is_creature(p) and p.controller == item.controller:
            put_counters(game, p, ability.text("kind"), 1)


def _pump_self(game: Game, item: StackItem, ability: Ability, source: Permanent | None) -> None:
    """Restless Apparition: it gets +N/+N until end of turn, locked to the object (611.2c);
    nothing if it left the battlefield (400.7)."""
    if source is None:
        return
    dp, dt = ability.number("power"), ability.number("toughness")
    source.eot_power, source.eot_toughness = source.eot_power + dp, source.eot_toughness + dt
    game.log.add("611.2c", f"{source.id} gets {dp:+d}/{dt:+d} until end of turn")


def _destroy_all(game: Game, item: StackItem, ability: Ability, source: Permanent | None) -> None:
    """Nevinyrral's Disk: every artifact, creature and enchantment, itself too (701.8a)."""
    doomed = [
        p
        for p in game.battlefield
        if is_creature(p) or p.card.has_type("Artifact") or p.card.has_type("Enchantment")
    ]
    destroy(game, doomed)


def _damage_each(game: Game, item: StackItem, ability: Ability, source: Permanent | None) -> None:
    """Pestilence: damage to each creature (without flying: Ashen Firebeast), and to each
    player with ``each_player``, all at once (120.3e, 120.3a), from its source as it still is,
    or from no permanent's keywords if it left (400.7). Crypt Rats: the amount times the X
    announced as it was activated (``by_x``)."""
    amount = ability.number("amount") * item.x_scale(ability)
    spared = ability.flag("without_flying")
    for p in [q for q in game.battlefield if is_creature(q)]:
        if not (spared and has_keyword(game, p, "flying")):
            damage_permanent(game, p, amount, source)
    if ability.flag("each_player"):
        damage_each_player(game, amount, source)


def _scry(game: Game, item: StackItem, ability: Ability, source: Permanent | None) -> None:
    game.log.add("701.22a", f"{item.controller} scries 1 (the library is not tracked)")


# The effect of each activated template on resolution (its costs were paid in ``activate``).
_EFFECTS: dict[str, Callable[[Game, StackItem, Ability, Permanent | None], None]] = {
    "activated_put_counter_on_self": _put_counter_on_self,
    "activated_remove_counter_ping": _ping,
    "activated_untap_self_put_counter": _untap_self,
    "activated_targets_gain_keyword": _targets_gain_keyword,
    "activated_untap_target_creature": _untap_target_creature,
    "activated_lands_produce_until_eot": _lands_produce,
    "activated_put_counter_on_each_creature_yours": _counter_on_each_creature,
    "sacrifice_outlet": _scry,
    "activated_pump_self": _pump_self,
    "activated_destroy_artifacts_creatures_enchantments": _destroy_all,
    "activated_damage_each_creature": _damage_each,
}
