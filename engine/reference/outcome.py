"""The JSON outcome contract of SPEC section 3, built from a finished game."""

from __future__ import annotations

from typing import Any

from engine.mana_types import in_wubrgc_order
from engine.reference.characteristics import is_creature, power_toughness
from engine.reference.mana import could_produce, mana_abilities
from engine.reference.state import Game


def outcome(game: Game) -> dict[str, Any]:
    """Every key the contract names, plus ``reason`` (why a run was not ok) and ``hand``."""
    battlefield = []
    for p in game.battlefield:
        power, toughness = power_toughness(game, p)
        battlefield.append(
            {
                "id": p.id,
                "card": p.card.name,
                "controller": p.controller,
                "owner": p.owner,
                "object": p.obj,
                "power": power if is_creature(p) else None,
                "toughness": toughness if is_creature(p) else None,
                "counters": {k: v for k, v in sorted(p.counters.items()) if v},
                "damage": p.damage,
                "tapped": p.tapped,
                "token": p.token,
            }
        )
    cp = could_produce(game)

    def zone(name: str) -> dict[str, list[str]]:
        cards = game.zone(name)
        return {player: [zc.card.name for zc in cards[player]] for player in game.players}

    return {
        "result": game.result,
        "reason": game.reason,
        "returned": list(game.returned),
        "battlefield": battlefield,
        "graveyard": zone("graveyard"),
        "exile": zone("exile"),
        "hand": zone("hand"),
        "life": dict(game.life),
        "stack_order": list(game.stack_order),
        "mana_pool": {player: dict(pool) for player, pool in game.pools.items()},
        "could_produce": {
            p.id: in_wubrgc_order(cp[p.uid]) for p in game.battlefield if mana_abilities(game, p)
        },
        "rejected": list(game.rejected),
        "log": game.log.as_dicts(),
    }
