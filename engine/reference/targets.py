"""Targets and other choices a player makes for an ability (CR 115, 601.2c).

The scenario's ``[choices] targets`` names them; otherwise the listed policy picks: the first
opponent in turn order for "any target", the first fitting permanent in board order otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.reference.state import Game, Permanent


def chosen(game: Game, source_id: str) -> list[str]:
    value = game.choices.targets.get(source_id)
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def any_target(game: Game, source_id: str, controller: str) -> tuple[str, int | None]:
    """A player or a creature for "any target" (115.4): (name or id, object uid or None)."""
    for name in chosen(game, source_id):
        if name in game.players:
            return name, None
        p = game.permanent(name)
        if p is not None:
            return p.id, p.uid
    i = game.players.index(controller)
    return game.players[(i + 1) % len(game.players)], None


def permanents(
    game: Game, source_id: str, fits: Callable[[Permanent], bool], many: bool
) -> list[Permanent]:
    """The chosen permanents that fit, or by the listed policy all (``many``) or the first."""
    names = chosen(game, source_id)
    if names:
        return [p for p in game.battlefield if p.id in names and fits(p)]
    fitting = [p for p in game.battlefield if fits(p)]
    return fitting if many else fitting[:1]
