"""Resolving triggered abilities (CR 603, 608.2): persist, undying, ETB, dies and delayed ones."""

from __future__ import annotations

from collections.abc import Callable

from engine.library import Ability, death_drain
from engine.reference import detect
from engine.reference.characteristics import is_creature, is_land, power_toughness
from engine.reference.damage import change_life, damage_permanent, damage_player
from engine.reference.destroy import destroy
from engine.reference.spells import exile_graveyards
from engine.reference.state import Game, Permanent, RuleEffect, Trigger
from engine.reference.targets import (
    any_target,
    can_target,
    chosen,
    graveyard_creature_card,
    permanents,
    target_opponent,
    target_permanent,
    target_player,
)
from engine.reference.zones import (
    create_tokens,
    draw_card,
    enter_battlefield,
    find_in_zone,
    leave_battlefield,
    remove_from_zone,
    return_to_hand,
)

_RETURNS = {"persist": ("-1/-1", "702.79a"), "undying": ("+1/+1", "702.93a")}


def _return_from_graveyard(game: Game, t: Trigger) -> None:
    """CR 702.79a / 702.93a: return it with a counter; 400.7: only the card that went there."""
    kind, rule = _RETURNS[t.kind]
    assert t.stamp is not None
    zc = find_in_zone(game, "graveyard", t.stamp)
    if zc is None:
        why = "the token ceased to exist (704.5d)" if t.source.token else "it left the graveyard"
        game.log.add(
            "603.10a" if not t.source.token else "111.7",
            f"{t.kind} of {t.source.id} does nothing: {why}",
        )
        return
    remove_from_zone(game, "graveyard", zc)
    p = enter_battlefield(
        game,
        zc.card,
        zc.id,
        zc.owner,
        zc.owner,
        counters={kind: 1},
        rule=rule,
        how=f"returns by {t.kind}",
    )
    game.returned.append(
        {"id": p.id, "card": p.card.name, "controller": p.controller, "by": t.kind}
    )
    game.bump("returns")
    detect.entered_from_graveyard(game, p, zc.owner)


def _etb(game: Game, t: Trigger) -> None:
    assert t.ability is not None
    effect = _ETB_EFFECTS.get(t.ability.template)
    if effect is None:
        raise ValueError(f"no resolution for ETB template {t.ability.template!r}")
    effect(game, t, t.ability)


def _gain_life(game: Game, t: Trigger, ability: Ability) -> None:
    source = t.source
    change_life(game, t.controller, ability.number("amount"), f"{source.card.name} ({source.id})")


def _damage_any_target(game: Game, t: Trigger, ability: Ability) -> None:
    """It deals damage equal to its power to the target chosen as it was put on the stack
    (603.3d)."""
    _power_damage(game, t.source, t.data["target"])


def _power_damage(game: Game, source: Permanent, target: tuple[str, int | None]) -> None:
    """``source`` deals damage equal to its power to ``target`` (a player, or a permanent by
    uid): 608.2h, the power it has now, or as it last existed on the battlefield."""
    current = next((p for p in game.battlefield if p.uid == source.uid), None)
    amount = (
        power_toughness(game, current)[0] if current is not None else game.last_known[source.uid][0]
    )
    name, uid = target
    if uid is None:
        damage_player(game, name, amount, current or source)
        return
    victim = next((p for p in game.battlefield if p.uid == uid), None)
    if victim is None:
        game.log.add("608.2b", f"{source.id}'s trigger: its target is gone, it does nothing")
    else:
        damage_permanent(game, victim, amount, current or source)


def _graveyard_enter(game: Game, t: Trigger) -> None:
    """Flayer of the Hatebound: the creature that entered deals damage equal to its power to
    the target chosen for the trigger (603.3d, 608.2h)."""
    _power_damage(game, t.data["creature"], t.data["target"])


def _opponent_loses_life(game: Game, t: Trigger, ability: Ability) -> None:
    """CR 119.3: the target opponent chosen as it was put on the stack loses the life."""
    change_life(game, t.data["target"], -ability.number("amount"), f"{t.source.card.name}")


def _noncreature_yours_not(t: Trigger) -> Callable[[Permanent], bool]:
    """A noncreature permanent the trigger's controller does not control (115.1)."""
    return lambda p: not is_creature(p) and p.controller != t.controller


def _destroy_noncreature(game: Game, t: Trigger, ability: Ability) -> None:
    """CR 608.2b: the target must still be there and still be legal; then it is destroyed."""
    uid = t.data["target"]
    target = next((p for p in game.battlefield if p.uid == uid), None)
    if target is None or not _noncreature_yours_not(t)(target):
        game.log.add("608.2b", f"{t.source.id}'s trigger: its target is illegal, it does nothing")
        return
    destroy(game, [target])


def _creatures_get(game: Game, t: Trigger, ability: Ability) -> None:
    """Massacre Girl-style: a locked-in change now (611.2c), and maybe a delayed trigger that
    repeats it whenever a creature dies this turn (603.7)."""
    source = t.source
    dp, dt = ability.number("power"), ability.number("toughness")
    scope = ability.text("scope")
    for p in game.battlefield:
        if not is_creature(p):
            continue
        if (scope == "other" and p.uid == source.uid) or (
            scope == "opponents" and p.controller == source.controller
        ):
            continue
        p.eot_power, p.eot_toughness = p.eot_power + dp, p.eot_toughness + dt
        game.log.add("611.2c", f"{p.id} gets {dp:+d}/{dt:+d} until end of turn")
    if ability.flag("repeat_on_death"):
        game.effects.append(
            RuleEffect(
                "delayed_weaken",
                source.id,
                t.controller,
                game.new_order(),
                {"source": source, "power": dp, "toughness": dt},
            )
        )
        game.log.add("603.7", f"{source.id} creates a delayed trigger for this turn")


def _exile_graveyards(game: Game, t: Trigger, ability: Ability) -> None:
    exile_graveyards(game)


def _return_land(game: Game, t: Trigger, ability: Ability) -> None:
    lands = permanents(
        game, t.source.id, lambda p: is_land(p) and p.controller == t.controller, many=False
    )
    leave_battlefield(game, lands, "hand", "returns to its owner's hand", "608.2")


def _return_this_turns_cards(game: Game, t: Trigger, ability: Ability) -> None:
    """Twilight Shepherd: every card in its controller's graveyard that was put there from the
    battlefield this turn goes to their hand (a persist return still waiting for one of them
    then finds it gone, 400.7)."""
    for zc in list(game.graveyard[t.controller]):
        if zc.stamp in game.died_this_turn:
            return_to_hand(game, zc, "608.2")


def _reanimate(game: Game, t: Trigger, ability: Ability) -> None:
    """Puppeteer Clique: the target card, if still in that graveyard (608.2b, 400.7), enters
    under the trigger's controller's control with haste; a delayed trigger exiles it at the
    beginning of their next end step (603.7c, ``actions._end_step``)."""
    zc = find_in_zone(game, "graveyard", t.data["target"])
    if zc is None:
        game.log.add("608.2b", f"{t.source.id}'s trigger: its target is gone, it does nothing")
        return
    remove_from_zone(game, "graveyard", zc)
    p = enter_battlefield(
        game,
        zc.card,
        zc.id,
        zc.owner,
        t.controller,
        rule="608.2",
        how="is put onto the battlefield from a graveyard",
    )
    p.granted.append("haste")
    p.exile_at_end_step_of = t.controller
    game.log.add("603.7", f"{p.id} gains haste; it is exiled at {t.controller}'s next end step")
    detect.entered_from_graveyard(game, p, zc.owner)


_ETB_EFFECTS: dict[str, Callable[[Game, Trigger, Ability], None]] = {
    "etb_gain_life": _gain_life,
    "etb_damage_any_target": _damage_any_target,
    "etb_creatures_get": _creatures_get,
    "etb_exile_graveyards": _exile_graveyards,
    "etb_return_land_you_control": _return_land,
    "etb_target_opponent_loses_life": _opponent_loses_life,
    "etb_destroy_noncreature_you_dont_control": _destroy_noncreature,
    "etb_return_graveyard_cards_from_battlefield_this_turn": _return_this_turns_cards,
    "etb_reanimate_opponent_creature_card": _reanimate,
}


def resolve_trigger(game: Game, t: Trigger) -> None:
    """CR 608.2: follow the ability's instructions."""
    game.log.add("608.2", f"{t.key} ({t.controller}) resolves")
    resolution = _TRIGGERS.get(t.kind)
    if resolution is None:
        raise ValueError(f"no resolution for trigger kind {t.kind!r}")
    resolution(game, t)


def _dies(game: Game, t: Trigger) -> None:
    """Tokens per counter the object had as it last existed (603.10a)."""
    assert t.ability is not None
    n = t.data["count"]
    game.log.add("603.10a", f"{t.source.id} had {n} {t.ability.text('kind')} counter(s)")
    create_tokens(game, t.ability.text("token"), n, t.controller, t.source.id)


def _leaves(game: Game, t: Trigger) -> None:
    """Thragtusk: its tokens, under the control of its controller as it left (603.3a)."""
    assert t.ability is not None
    n = t.ability.number("amount")
    create_tokens(game, t.ability.text("token"), n, t.controller, t.source.id)


def _life_loss(game: Game, t: Trigger) -> None:
    """A creature died (``DeathDrain``): who loses the life (each opponent in turn order, the
    target chosen as it was put on the stack, or the dying creature's controller), then its
    controller gains (119.3)."""
    assert t.ability is not None
    drain = death_drain(t.ability)
    assert drain is not None
    why = t.source.card.name
    if drain.loser == "each_opponent":
        losers = game.opponents(t.controller)
    else:
        losers = [t.data["target" if drain.loser == "target_player" else "player"]]
    for player in losers:
        change_life(game, player, -drain.amount, why)
    if drain.gain:
        change_life(game, t.controller, drain.gain, why)


def _delayed(game: Game, t: Trigger) -> None:
    """Massacre Girl's delayed trigger: every other creature gets the change again (611.2c)."""
    girl = t.data["source"]
    for p in game.battlefield:
        if is_creature(p) and p.uid != girl.uid:
            p.eot_power += t.data["power"]
            p.eot_toughness += t.data["toughness"]
            game.log.add(
                "611.2c",
                f"{p.id} gets {t.data['power']:+d}/{t.data['toughness']:+d} until end of turn",
            )


def _draw(game: Game, t: Trigger) -> None:
    """CR 121.1: its controller draws a card; a scenario models no library (unsupported)."""
    if game.libraries_whole:  # a deck game's
        draw_card(game, t.controller, "121.1")
        return
    game.stop("unsupported", f"{t.source.id} draws a card: libraries are not modeled", "121.1")


def _destroy_human(game: Game, t: Trigger) -> None:
    human = next((p for p in game.battlefield if p.uid == t.data["uid"]), None)
    if human is not None:
        destroy(game, [human])


def _upkeep(game: Game, t: Trigger) -> None:
    """CR 503.1: an "at the beginning of your upkeep" trigger resolves."""
    assert t.ability is not None
    if t.ability.template == "upkeep_remove_counter_each_creature_yours":
        _remove_counter_each(game, t, t.ability.text("kind"))
    else:
        _upkeep_sacrifice(game, t)


def _remove_counter_each(game: Game, t: Trigger, kind: str) -> None:
    """Heartmender: one ``kind`` counter is removed from each creature its controller controls
    that has one (122.1)."""
    for p in game.battlefield:
        if is_creature(p) and p.controller == t.controller and p.count(kind) > 0:
            p.counters[kind] -= 1
            game.log.add("122.1", f"a {kind} counter is removed from {p.id}")


def _upkeep_sacrifice(game: Game, t: Trigger) -> None:
    """Contamination: sacrifice it unless you sacrifice a creature (the creature named in
    ``[choices] targets`` for it; none named: Contamination goes)."""
    named = chosen(game, t.source.id)
    creature = [
        p
        for p in game.battlefield
        if p.id in named and is_creature(p) and p.controller == t.controller
    ][:1]
    source = next((p for p in game.battlefield if p.uid == t.source.uid), None)
    victims = creature or ([source] if source is not None else [])
    leave_battlefield(game, victims, "graveyard", "is sacrificed", "701.21a")


def _end_step_sacrifice(game: Game, t: Trigger) -> None:
    """Pestilence: sacrificed if still no creature is on the battlefield (603.4 asks again on
    resolution) and it is still the same object (400.7)."""
    if any(is_creature(p) for p in game.battlefield):
        game.log.add("603.4", f"a creature is on the battlefield: {t.key} does nothing")
        return
    source = next((p for p in game.battlefield if p.uid == t.source.uid), None)
    if source is not None:
        leave_battlefield(game, [source], "graveyard", "is sacrificed", "701.21a")


def _attacks(game: Game, t: Trigger) -> None:
    """Pyreheart Wolf: creatures you control gain the keyword until end of turn; the set of
    creatures is locked in as it resolves (611.2c)."""
    assert t.ability is not None
    keyword = t.ability.text("keyword")
    for p in game.battlefield:
        if is_creature(p) and p.controller == t.controller:
            p.granted_eot.append(keyword)
            game.log.add("611.2c", f"{p.id} gains {keyword} until end of turn")


def choose_targets(game: Game, t: Trigger) -> bool:
    """CR 603.3d: targets are chosen as the trigger is put on the stack; False when it has
    no legal target (it is then removed from the stack)."""
    template = t.ability.template if t.ability is not None else ""
    drain = death_drain(t.ability) if t.ability is not None else None
    if template in ("etb_damage_any_target", "creature_enters_from_your_graveyard_damage"):
        t.data["target"] = any_target(game, t.source.id, t.controller)
    elif drain is not None and drain.loser == "target_player":
        t.data["target"] = target_player(game, t.source.id, t.controller)
    elif template == "etb_target_opponent_loses_life":
        opponent = target_opponent(game, t.source.id, t.controller)
        if opponent is None:
            return False
        t.data["target"] = opponent
    elif template == "etb_destroy_noncreature_you_dont_control":
        fits = _noncreature_yours_not(t)
        found = target_permanent(
            game, t.source.id, lambda p: fits(p) and can_target(game, p, t.controller)
        )
        if found is None:
            return False
        t.data["target"] = found.uid
    elif template == "etb_reanimate_opponent_creature_card":
        card = graveyard_creature_card(game, t.source.id, t.controller)
        if card is None:
            return False
        t.data["target"] = card.stamp
    return True


_TRIGGERS: dict[str, Callable[[Game, Trigger], None]] = {
    "persist": _return_from_graveyard,
    "undying": _return_from_graveyard,
    "etb": _etb,
    "dies": _dies,
    "leaves": _leaves,
    "life_loss": _life_loss,
    "delayed": _delayed,
    "draw": _draw,
    "upkeep": _upkeep,
    "graveyard_enter": _graveyard_enter,
    "destroy_human": _destroy_human,
    "attacks": _attacks,
    "end_step": _end_step_sacrifice,
}
