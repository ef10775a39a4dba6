"""Resolving triggered abilities (CR 603, 608.2): persist, undying, ETB, dies and delayed ones."""

from __future__ import annotations

from engine.reference.characteristics import is_creature, is_land, power_toughness
from engine.reference.damage import change_life, damage_permanent, damage_player
from engine.reference.spells import exile_graveyards
from engine.reference.state import Game, RuleEffect, Trigger
from engine.reference.targets import any_target, chosen, permanents
from engine.reference.zones import (
    create_tokens,
    enter_battlefield,
    find_in_zone,
    leave_battlefield,
    remove_from_zone,
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


def _etb(game: Game, t: Trigger) -> None:
    ability, source = t.ability, t.source
    assert ability is not None
    tpl = ability.template
    if tpl == "etb_gain_life":
        change_life(
            game, t.controller, ability.number("amount"), f"{source.card.name} ({source.id})"
        )
    elif tpl == "etb_damage_any_target":
        current = next((p for p in game.battlefield if p.uid == source.uid), None)
        # CR 608.2h: the power it has now, or as it last existed on the battlefield
        amount = (
            power_toughness(game, current)[0]
            if current is not None
            else game.last_known[source.uid][0]
        )
        target, uid = t.data["target"]
        if uid is None:
            damage_player(game, target, amount, current or source)
        else:
            victim = next((p for p in game.battlefield if p.uid == uid), None)
            if victim is None:
                game.log.add(
                    "608.2b", f"{source.id}'s trigger: its target is gone, it does nothing"
                )
            else:
                damage_permanent(game, victim, amount, current or source)
    elif tpl == "etb_creatures_get":
        dp, dt = ability.number("power"), ability.number("toughness")
        scope = ability.text("scope")
        for p in game.battlefield:
            if not is_creature(p):
                continue
            if (scope == "other" and p.uid == source.uid) or (
                scope == "opponents" and p.controller == source.controller
            ):
                continue
            p.pt_eot.append((dp, dt))
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
    elif tpl == "etb_exile_graveyards":
        exile_graveyards(game)
    elif tpl == "etb_return_land_you_control":
        lands = permanents(
            game, source.id, lambda p: is_land(p) and p.controller == t.controller, many=False
        )
        leave_battlefield(game, lands, "hand", "returns to its owner's hand", "608.2")
    else:
        raise ValueError(f"no resolution for ETB template {tpl!r}")


def resolve_trigger(game: Game, t: Trigger) -> None:
    """CR 608.2: follow the ability's instructions."""
    game.log.add("608.2", f"{t.key} ({t.controller}) resolves")
    if t.kind in _RETURNS:
        _return_from_graveyard(game, t)
    elif t.kind == "etb":
        _etb(game, t)
    elif t.kind == "dies":
        assert t.ability is not None
        n = t.data["count"]
        game.log.add("603.10a", f"{t.source.id} had {n} {t.ability.text('kind')} counter(s)")
        create_tokens(game, t.ability.text("token"), n, t.controller, t.source.id)
    elif t.kind == "life_loss":
        assert t.ability is not None
        change_life(game, t.data["player"], -t.ability.number("amount"), f"{t.source.card.name}")
    elif t.kind == "delayed":
        girl = t.data["source"]
        for p in game.battlefield:
            if is_creature(p) and p.uid != girl.uid:
                p.pt_eot.append((t.data["power"], t.data["toughness"]))
                game.log.add(
                    "611.2c",
                    f"{p.id} gets {t.data['power']:+d}/{t.data['toughness']:+d} until end of turn",
                )
    elif t.kind == "draw":
        game.stop("unsupported", f"{t.source.id} draws a card: libraries are not modeled", "121.1")
    elif t.kind == "upkeep":
        _upkeep_sacrifice(game, t)
    elif t.kind == "destroy_human":
        human = next((p for p in game.battlefield if p.uid == t.data["uid"]), None)
        if human is not None:
            leave_battlefield(game, [human], "graveyard", "is destroyed", "701.8a")
    else:
        raise ValueError(f"no resolution for trigger kind {t.kind!r}")


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


def choose_targets(game: Game, t: Trigger) -> None:
    """CR 603.3d: targets are chosen as the trigger is put on the stack."""
    if t.ability is not None and t.ability.template == "etb_damage_any_target":
        t.data["target"] = any_target(game, t.source.id, t.controller)
