"""Mandatory loops (CR 104.4b): a loop nobody can stop makes the game a draw.

Every choice is fixed by the scenario's policy, so what happens next depends only on the
position (the board and zones, without life totals or object numbers) and on the part of the
stack still to be worked through. Before each resolution we remember the position, the stack,
and afterwards the lowest the stack got. If the same position comes back with the part of the
stack that was worked through since (everything above that low point) on top again, the same
steps will repeat forever; the stack may only have grown beneath it. That is a loop, and a draw
unless some player's life went down along it (that player will reach 0 life: not endless).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from engine.reference.state import Game, Trigger


def board_position(game: Game) -> Hashable:
    """Everything that matters for what happens next but the stack, life and object numbers."""
    board = tuple(
        (
            p.id,
            p.card.name,
            p.controller,
            tuple(sorted((k, v) for k, v in p.counters.items() if v)),
            p.damage,
            p.tapped,
            tuple(p.granted + p.granted_eot),
            p.not_creature,
            (p.eot_power, p.eot_toughness),
        )
        for p in game.battlefield
    )
    zones = tuple(
        tuple(
            (owner, tuple(sorted(zc.id for zc in cards))) for owner, cards in game.zone(z).items()
        )
        for z in ("graveyard", "exile", "hand", "library")
    )
    effects = tuple((e.kind, e.id) for e in game.effects)
    return board, zones, effects


def stack_items(game: Game) -> tuple[Hashable, ...]:
    return tuple(
        (t.kind, t.source.id, t.controller) if isinstance(t, Trigger) else (t.kind, t.source_id)
        for t in game.stack
    )


@dataclass
class _Visit:
    stack: tuple[Hashable, ...]
    life: dict[str, int]
    low: int  # the lowest height the stack has had since


@dataclass
class LoopWatch:
    """The visits of one settling of the game (one action and what it sets off)."""

    visits: dict[Hashable, list[_Visit]] = field(default_factory=dict)
    every: list[_Visit] = field(default_factory=list)

    def is_endless(self, game: Game) -> bool:
        """Record this position; whether it closes an endless loop with life never lower."""
        board, stack = board_position(game), stack_items(game)
        earlier = self.visits.setdefault(board, [])
        for visit in reversed(earlier):  # the most recent matching visit decides
            worked = visit.stack[visit.low :]
            if len(stack) >= len(visit.stack) and stack[len(stack) - len(worked) :] == worked:
                if all(game.life[p] >= visit.life[p] for p in game.players):
                    return True
                break
        visit = _Visit(stack, dict(game.life), len(stack))
        earlier.append(visit)
        self.every.append(visit)
        return False

    def popped(self, height: int) -> None:
        """The stack is down to ``height`` after a resolution began."""
        for visit in self.every:
            visit.low = min(visit.low, height)
