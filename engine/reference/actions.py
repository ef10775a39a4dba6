"""Scenario actions (SPEC section 3): each happens, then the game settles (SBAs, triggers)."""

from __future__ import annotations

import re

from engine.library import Card
from engine.reference import activated, combat, mana
from engine.reference.characteristics import is_creature, is_land
from engine.reference.counters import put_counters
from engine.reference.damage import change_life, damage_permanent, damage_player
from engine.reference.destroy import destroy
from engine.reference.stack import settle
from engine.reference.state import Game, Permanent, StackItem, Trigger, empty_pool
from engine.reference.zones import enter_battlefield, leave_battlefield
from engine.scenario import Action

Rejection = tuple[str, str]

_MOVES = {
    "sacrifice": ("graveyard", "is sacrificed", "701.21a"),
    "exile": ("exile", "is exiled", "406.2"),
    "bounce": ("hand", "returns to its owner's hand", "400.7"),
}


def slug(name: str) -> str:
    """A card name as a handle: lower case, runs of other characters as ``_``."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def spell_id(game: Game, card: Card, wanted: str | None) -> str:
    """The handle of a cast card: the action's ``id``, else a fresh slug of its name."""
    if wanted:
        return wanted
    base = slug(card.name)
    name, k = base, 1
    while name in game.objects or game.permanent(name) is not None:
        k += 1
        name = f"{base}{k}"
    return name


def cast(game: Game, action: Action) -> Rejection | None:
    """CR 601.2 (305.1 for a land): the card is cast, or played; its mana was paid outside."""
    card: Card = action.get("card")
    by: str = action.get("by")
    x: int = action.get("x", 0)
    pid = spell_id(game, card, action.get("id"))
    if card.has_type("Land"):
        enter_battlefield(game, card, pid, by, by, rule="305.1", how="is played")
        return None
    for ability in card.abilities:
        if ability.template == "creatures_get_until_eot" and ability.flag("pay_x_life"):
            if game.life[by] < x:
                return ("cannot_pay_life", "119.4")
            change_life(game, by, -x, f"{card.name}'s additional cost")
    modes = action.get("mode")
    data: dict[str, object] = {"modes": [modes] if isinstance(modes, str) else list(modes or [])}
    enchant: str | None = action.get("enchant")  # an Aura's target (303.4a, 601.2c)
    if enchant is not None:
        data["enchant"] = enchant
    item = StackItem("spell", by, card, pid, x=x, data=data)
    game.objects.setdefault(pid, 0)
    game.stack.append(item)
    game.log.add(
        "601.2",
        f"{by} casts {card.name}"
        + (f" with X = {x}" if card.mana_cost.x_count else "")
        + (f" targeting {enchant}" if enchant is not None else ""),
    )
    if card.has_type("Creature"):
        for p in game.battlefield:
            for ability in p.card.abilities:
                if ability.template == "cast_creature_draw" and p.controller == by:
                    game.pending.append(Trigger("draw", p.snapshot(), by, ability))
    return None


def _end_step(game: Game) -> None:
    """CR 513.1: "at the beginning of the end step" triggers. A Puppeteer Clique's delayed
    "exile it" (603.7c) of the active player resolves as it triggers: when it exiles a
    creature, a creature was on the battlefield and no Pestilence triggered, and it triggers
    nothing itself. Pestilence's "if no creatures are on the battlefield, sacrifice it"
    triggers only if none is (603.4), in board order, and goes on the stack; the end step then
    runs its state-based actions and stack (117.5) before cleanup."""
    creatures = any(is_creature(p) for p in game.battlefield)  # as the end step begins
    stolen = [p for p in game.battlefield if p.exile_at_end_step_of == game.active]
    leave_battlefield(game, stolen, "exile", "is exiled at the end step", "603.7c")
    if creatures:
        return
    for p in game.battlefield:
        for ability in p.card.abilities:
            if ability.template == "end_step_sacrifice_if_no_creatures":
                game.pending.append(Trigger("end_step", p.snapshot(), p.controller, ability))
                game.log.add("603.4", f"no creatures are on the battlefield: {p.id} triggers")


def _cleanup(game: Game) -> None:
    """CR 514.2: damage wears off and "until end of turn" effects end; 500.4: pools empty."""
    for p in game.battlefield:
        p.damage, p.deathtouch_damage, p.exile_if_dies = 0, False, False
        p.eot_power, p.eot_toughness = 0, 0
        p.granted_eot.clear()
    game.effects.clear()
    game.died_this_turn.clear()
    game.log.add("514.2", 'cleanup: damage wears off and "until end of turn" effects end')
    for player in game.players:
        game.pools[player] = empty_pool()
    game.log.add("500.4", "mana pools empty")


def pass_turn(game: Game) -> None:
    """CR 513.1 end step (its stack settled, 117.5), 514.2 cleanup, 500.4 empty pools, then
    the next turn's untap step (502.3) and upkeep triggers (503.1)."""
    _end_step(game)
    settle(game)
    if game.finished:
        return
    _cleanup(game)
    i = game.players.index(game.active)
    game.active = game.players[(i + 1) % len(game.players)]
    game.log.add("500.1", f"{game.active}'s turn begins")
    skip = game.active in game.lands_skip_untap  # this is "your next untap step"
    game.lands_skip_untap.discard(game.active)
    for p in game.battlefield:
        if p.controller == game.active:
            p.since_turn_start = True
            if p.tapped and skip and is_land(p):
                game.log.add("502.3", f"{p.id} doesn't untap (an effect says so)")
            elif p.tapped:
                p.tapped = False
                game.log.add("502.3", f"{p.id} untaps")
    for p in game.battlefield:
        for ability in p.card.abilities:
            if ability.template.startswith("upkeep_") and p.controller == game.active:
                game.pending.append(Trigger("upkeep", p.snapshot(), p.controller, ability))


def _do(game: Game, action: Action) -> Rejection | None:
    do = action.do
    if do == "cast":
        return cast(game, action)
    if do == "pass_turn":
        pass_turn(game)
        return None
    if do == "attack":
        return combat.attack(game, action.get("attackers", []), action.get("blockers", {}))
    target = action.get("target") or action.get("permanent")
    if do == "damage" and target == "all_creatures":
        for q in [q for q in game.battlefield if is_creature(q)]:
            damage_permanent(game, q, action.get("amount"), None)
        return None
    if do == "damage" and target in game.players:
        damage_player(game, target, action.get("amount"), None)
        return None
    p = game.permanent(target)
    if p is None:
        return ("not_on_battlefield", "400.7")
    return _on_permanent(game, p, action)


def _on_permanent(game: Game, p: Permanent, action: Action) -> Rejection | None:
    """An action on one permanent on the battlefield."""
    do = action.do
    if do == "tap_for_mana":
        return mana.tap_for_mana(
            game,
            p,
            action.get("color"),
            list(action.get("replacement_order", [])),
            action.get("tap_creature"),
        )
    if do == "activate":
        return activated.activate(game, p, action.get("ability", 0), action.get("x", 0))
    if do == "destroy":
        destroy(game, [p])
    elif do in _MOVES:
        zone, verb, rule = _MOVES[do]
        leave_battlefield(game, [p], zone, verb, rule)
    elif do == "damage":
        damage_permanent(game, p, action.get("amount"), None)
    elif do == "counters":
        put_counters(game, p, action.get("kind"), action.get("amount"))
    elif do in ("tap", "untap"):
        p.tapped = do == "tap"
        game.log.add(
            "701.26a" if do == "tap" else "701.26b", f"{p.id} becomes {do}ped by an effect"
        )
    else:
        raise ValueError(f"unknown action {do!r}")
    return None


def apply_action(game: Game, index: int, action: Action) -> None:
    """Perform one action fully, or record why it was rejected (it then changes nothing)."""
    game.log.add("scenario", f"action {index}: {action.do}")
    rejection = _do(game, action)
    if rejection is not None:
        reason, rule = rejection
        game.rejected.append({"action": index, "reason": reason, "rule": rule})
        game.log.add(rule, f"action {index} is rejected: {reason}")
        return
    settle(game)
