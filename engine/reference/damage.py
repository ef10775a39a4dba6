"""Dealing damage (CR 120) and gaining or losing life (CR 119)."""

from __future__ import annotations

from engine.library import INT64
from engine.reference.characteristics import has_keyword, is_creature
from engine.reference.counters import put_counters
from engine.reference.state import Game, Permanent, Trigger

DAMAGE_PAST_CAP = (
    "damage past 64 bits marked on a permanent (more than MAX_AMOUNT = 2^63 - 1): Cauldron "
    "counts damage in 64 bits and does not play on past that cap"
)
LIFE_PAST_CAP = (
    "a life total past 64 bits (more than MAX_AMOUNT = 2^63 - 1, or less than -2^63): "
    "Cauldron counts life in 64 bits and does not play on past that cap"
)


def damage_permanent(game: Game, target: Permanent, amount: int, source: Permanent | None) -> None:
    """CR 120.3e: damage to a creature is marked on it; deathtouch makes any of it lethal.
    CR 120.3d / 702.80b: from a source with wither it is dealt as that many -1/-1 counters
    instead, put by an effect (614.1: Melira, Vizier, Doubling Season apply to them)."""
    if amount <= 0 or not is_creature(target):
        return
    if source is not None and has_keyword(game, source, "deathtouch"):
        target.deathtouch_damage = True
    by = f" by {source.id}" if source is not None else ""
    if source is not None and has_keyword(game, source, "wither"):
        game.log.add("702.80b", f"{target.id} is dealt {amount} damage{by} with wither")
        put_counters(game, target, "-1/-1", amount)
    elif target.damage + amount not in INT64:
        game.stop("unsupported", DAMAGE_PAST_CAP, "120.3e")
        return
    else:
        target.damage += amount
        game.log.add("120.3e", f"{target.id} is dealt {amount} damage{by} (now {target.damage})")
    _lifelink(game, amount, source)


def _lifelink(game: Game, amount: int, source: Permanent | None) -> None:
    """CR 702.15b: damage dealt by a source with lifelink also makes its controller gain that
    much life."""
    if source is not None and has_keyword(game, source, "lifelink"):
        change_life(game, source.controller, amount, f"lifelink of {source.id}, 702.15b")


def damage_player(game: Game, player: str, amount: int, source: Permanent | None) -> None:
    """CR 120.3a: damage to a player makes them lose that much life."""
    if amount <= 0:
        return
    if _past_cap(game, player, -amount):
        return
    game.life[player] -= amount
    by = f" by {source.id}" if source is not None else ""
    game.log.add("120.3a", f"{player} is dealt {amount} damage{by}: life {game.life[player]}")
    _lifelink(game, amount, source)
    if source is None or "Human" not in source.card.subtypes:
        return
    for mikaeus in game.battlefield:
        for ability in mikaeus.card.abilities:
            if ability.template == "human_damages_you_destroy" and mikaeus.controller == player:
                game.pending.append(
                    Trigger(
                        "destroy_human",
                        mikaeus.snapshot(),
                        player,
                        ability,
                        data={"uid": source.uid, "id": source.id},
                    )
                )


def damage_each_player(game: Game, amount: int, source: Permanent | None) -> None:
    """CR 120.3a: ``amount`` damage to each player in turn order, all at once (Inferno,
    Pestilence)."""
    for player in game.players:
        damage_player(game, player, amount, source)


def change_life(game: Game, player: str, amount: int, why: str) -> None:
    """CR 119.3: gaining or losing life adjusts the life total."""
    if _past_cap(game, player, amount):
        return
    game.life[player] += amount
    verb = "gains" if amount >= 0 else "loses"
    game.log.add("119.3", f"{player} {verb} {abs(amount)} life ({why}): life {game.life[player]}")


def _past_cap(game: Game, player: str, amount: int) -> bool:
    """Whether ``amount`` more life would take ``player``'s total past 64 bits; if so, the
    trial stops as ``unsupported`` and the total stays."""
    if game.life[player] + amount in INT64:
        return False
    game.stop("unsupported", LIFE_PAST_CAP, "119.3")
    return True
