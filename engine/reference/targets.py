"""Targets and other choices a player makes for an ability (CR 115, 601.2c).

The scenario's ``[choices] targets`` names them; otherwise the listed policy picks: the first
opponent in turn order for "any target", the first fitting permanent in board order otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.reference.characteristics import has_keyword
from engine.reference.state import Game, Permanent, ZoneCard


def chosen(game: Game, source_id: str) -> list[str]:
    value = game.choices.targets.get(source_id)
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def can_target(game: Game, p: Permanent, controller: str) -> bool:
    """CR 702.11b: hexproof: it can't be the target of spells or abilities its controller's
    opponents control."""
    return p.controller == controller or not has_keyword(game, p, "hexproof")


def illegal_choice(game: Game, source_id: str, controller: str) -> bool:
    """Whether a permanent named as a target of ``source_id``'s ability can't be targeted by
    it (702.11b): the choice is illegal (601.2c)."""
    named = (game.permanent(name) for name in chosen(game, source_id))
    return any(p is not None and not can_target(game, p, controller) for p in named)


def any_target(game: Game, source_id: str, controller: str) -> tuple[str, int | None]:
    """A player or a creature for "any target" (115.4): (name or id, object uid or None); a
    named permanent it can't target (702.11b) is passed over."""
    for name in chosen(game, source_id):
        if name in game.players:
            return name, None
        p = game.permanent(name)
        if p is not None and can_target(game, p, controller):
            return p.id, p.uid
        if p is not None:
            game.log.add("702.11b", f"{p.id} has hexproof: {source_id} can't target it")
    i = game.players.index(controller)
    return game.players[(i + 1) % len(game.players)], None


def target_player(game: Game, source_id: str, controller: str) -> str:
    """A "target player" (115.1): the first player named (its controller too), else the next
    player in turn order."""
    named = [name for name in chosen(game, source_id) if name in game.players]
    if named:
        return named[0]
    i = game.players.index(controller)
    return game.players[(i + 1) % len(game.players)]


def target_opponent(game: Game, source_id: str, controller: str) -> str | None:
    """A "target opponent" (115.1): the first player named, if an opponent; else the next
    player in turn order; None in a game with no opponent (a deck game: 603.3d)."""
    named = [name for name in chosen(game, source_id) if name in game.players]
    if named and named[0] != controller:
        return named[0]
    i = game.players.index(controller)
    following = game.players[(i + 1) % len(game.players)]
    return following if following != controller else None


def target_permanent(
    game: Game, source_id: str, fits: Callable[[Permanent], bool]
) -> Permanent | None:
    """One target permanent (115.1): the first in board order of the permanents named (player
    names do not count) that fits, none if none does; nothing named, the first that fits."""
    names = [n for n in chosen(game, source_id) if n not in game.players]
    fitting = [p for p in game.battlefield if fits(p) and (not names or p.id in names)]
    return fitting[0] if fitting else None


def graveyard_creature_card(game: Game, source_id: str, controller: str) -> ZoneCard | None:
    """A target creature card in an opponent's graveyard (115.1): the first in board order of
    the cards named (player names do not count) that fits, none if none does; nothing named,
    the first that fits."""
    names = [n for n in chosen(game, source_id) if n not in game.players]
    fitting = [
        zc
        for owner in game.opponents(controller)
        for zc in game.graveyard[owner]
        if zc.card.has_type("Creature") and not zc.token and (not names or zc.id in names)
    ]
    fitting.sort(key=lambda zc: game.board_order.get(zc.id, 0))
    return fitting[0] if fitting else None


def permanents(
    game: Game, source_id: str, fits: Callable[[Permanent], bool], many: bool
) -> list[Permanent]:
    """The chosen permanents that fit, or by the listed policy all (``many``) or the first."""
    names = chosen(game, source_id)
    if names:
        return [p for p in game.battlefield if p.id in names and fits(p)]
    fitting = [p for p in game.battlefield if fits(p)]
    return fitting if many else fitting[:1]
