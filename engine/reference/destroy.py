"""Destruction (701.8a), where indestructible is decided: a permanent with indestructible can't
be destroyed (702.12b). Every destroy, of a spell, an ability, a trigger or a scenario action,
comes here; state-based actions ask ``indestructible`` (704.5g and 704.5h destroy)."""

from __future__ import annotations

from engine.reference.characteristics import has_keyword
from engine.reference.state import Game, Permanent
from engine.reference.zones import leave_battlefield


def indestructible(game: Game, p: Permanent) -> bool:
    """CR 702.12b: printed, granted to the object, or given by a static ability."""
    return has_keyword(game, p, "indestructible")


def destroy(game: Game, perms: list[Permanent]) -> list[Permanent]:
    """Destroy ``perms`` at once (701.8a) and return those destroyed: whether each is
    indestructible is decided before any of them leaves (one event: an enchantment giving
    creatures indestructible, destroyed beside them, still made them indestructible, 702.12b)."""
    doomed = []
    for p in perms:
        if indestructible(game, p):
            game.log.add("702.12b", f"{p.id} has indestructible: it is not destroyed")
        else:
            doomed.append(p)
    leave_battlefield(game, doomed, "graveyard", "is destroyed", "701.8a")
    return doomed
