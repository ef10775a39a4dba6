"""Dealing damage (CR 120) and gaining or losing life (CR 119)."""

from __future__ import annotations

from engine.reference.characteristics import has_keyword, is_creature
from engine.reference.state import Game, Permanent, Trigger


def damage_permanent(game: Game, target: Permanent, amount: int, source: Permanent | None) -> None:
    """CR 120.3e: damage to a creature is marked on it; deathtouch makes any of it lethal."""
    if amount <= 0 or not is_creature(target):
        return
    target.damage += amount
    if source is not None and has_keyword(game, source, "deathtouch"):
        target.deathtouch_damage = True
    by = f" by {source.id}" if source is not None else ""
    game.log.add("120.3e", f"{target.id} is dealt {amount} damage{by} (now {target.damage})")


def damage_player(game: Game, player: str, amount: int, source: Permanent | None) -> None:
    """CR 120.3a: damage to a player makes them lose that much life."""
    if amount <= 0:
        return
    game.life[player] -= amount
    by = f" by {source.id}" if source is not None else ""
    game.log.add("120.3a", f"{player} is dealt {amount} damage{by}: life {game.life[player]}")
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


def change_life(game: Game, player: str, amount: int, why: str) -> None:
    """CR 119.3: gaining or losing life adjusts the life total."""
    game.life[player] += amount
    verb = "gains" if amount >= 0 else "loses"
    game.log.add("119.3", f"{player} {verb} {abs(amount)} life ({why}): life {game.life[player]}")
