"""Mandatory loops (CR 104.4b): a loop nobody can stop makes the game a draw.

Every choice is fixed by the scenario's policy, so what happens next depends only on the
position (the board and zones, without life totals or object numbers) and on the part of the
stack still to be worked through. Before each resolution we remember the position, the stack,
and afterwards the lowest the stack got. If the same position comes back with the part of the
stack that was worked through since (everything above that low point) on top again, the same
steps will repeat forever; the stack may only have grown beneath it. That is a loop, and a draw
unless some player's life went down along it (that player will reach 0 life: not endless).

Each resolution costs the watch about the same whatever the stack's height and the number of
earlier visits (a long Massacre Girl chain makes tens of thousands of resolutions): the stack
is remembered as a shared linked list (a visit keeps its top node), and "the lowest the stack
got since a visit" is read from a running list of suffix minima.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from engine.library import Ability
from engine.reference.state import Game, StackItem, Trigger


def board_position(game: Game, memo: ZoneMemo | None = None) -> Hashable:
    """Everything that matters for what happens next but the stack, life and object numbers."""
    memo = memo or ZoneMemo()
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
        tuple((owner, memo.of(cards, _card_ids)) for owner, cards in game.zone(z).items())
        for z in ("graveyard", "exile", "hand", "library")
    )
    return board, zones, memo.of(game.effects, _effect_ids)


def _card_ids(cards: list[Any]) -> Hashable:
    return tuple(sorted(zc.id for zc in cards))


def _effect_ids(effects: list[Any]) -> Hashable:
    return tuple((e.kind, e.id) for e in effects)


@dataclass
class ZoneMemo:
    """What a zone's cards (or the game's effects) come to, as a small number, worked out
    again only when the list changed: a long chain fills a graveyard with hundreds of cards,
    and neither sorting nor hashing them at every resolution is needed.

    A zone or effect list only grows at its end and loses items (every arrival is a new
    object; 400.7), so the same length and the same last object mean the same list."""

    seen: dict[int, tuple[list[Any], int, Any, int]] = field(default_factory=dict)
    numbers: dict[Hashable, int] = field(default_factory=dict)

    def of(self, items: list[Any], content: Callable[[list[Any]], Hashable]) -> int:
        last = items[-1] if items else None
        hit = self.seen.get(id(items))
        if hit is not None and hit[0] is items and hit[1] == len(items) and hit[2] is last:
            return hit[3]
        number = self.numbers.setdefault(content(items), len(self.numbers))
        self.seen[id(items)] = (items, len(items), last, number)
        return number


def item_key(t: Trigger | StackItem) -> Hashable:
    """What of a stack object matters for what happens next: its kind, source and controller,
    and which ability it is (one card's two enters triggers do different things: with only
    one of them left, the stack is not the same as with both)."""
    ability = None if t.ability is None else _ability_key(t.ability)
    if isinstance(t, Trigger):
        return (t.kind, t.source.id, t.controller, ability)
    return (t.kind, t.source_id, ability)


def _ability_key(ability: Ability) -> Hashable:
    frozen = (tuple(v) if isinstance(v, list) else v for v in ability.params.values())
    return (ability.template, tuple(zip(ability.params, frozen, strict=True)))


def stack_items(game: Game) -> tuple[Hashable, ...]:
    return tuple(item_key(t) for t in game.stack)


@dataclass(frozen=True)
class _Node:
    """One stack object's key in a linked list shared by every remembered stack."""

    key: Hashable
    below: _Node | None
    height: int  # the stack's height with this object on top


def _same_top(a: _Node | None, b: _Node | None, n: int) -> bool:
    """Whether the top ``n`` objects of two remembered stacks are the same."""
    for _ in range(n):
        if a is b:
            return True
        if a is None or b is None or a.key != b.key:
            return False
        a, b = a.below, b.below
    return True


@dataclass
class _Visit:
    top: _Node | None  # the stack at the visit
    life: dict[str, int]
    step: int  # when it was made: the lowest height since is read from ``LoopWatch.minima``


@dataclass
class LoopWatch:
    """The visits of one settling of the game (one action and what it sets off)."""

    visits: dict[Hashable, list[_Visit]] = field(default_factory=dict)
    memo: ZoneMemo = field(default_factory=ZoneMemo)
    nodes: list[_Node] = field(default_factory=list)  # the current stack, as shared nodes
    valid: int = 0  # ``nodes`` is right up to this height (the stack changes only on top)
    steps: list[int] = field(default_factory=list)  # suffix minima of the stack's height:
    minima: list[int] = field(default_factory=list)  # ... increasing, one per step kept
    step: int = 0

    def _top(self, game: Game) -> _Node | None:
        """The current stack as a shared linked list, rebuilt only above what changed."""
        del self.nodes[self.valid :]
        for t in game.stack[self.valid :]:
            below = self.nodes[-1] if self.nodes else None
            self.nodes.append(_Node(item_key(t), below, len(self.nodes) + 1))
        self.valid = len(self.nodes)
        return self.nodes[-1] if self.nodes else None

    def _low_since(self, visit: _Visit) -> int:
        """The lowest height the stack has had since the visit (its own height at most)."""
        height = visit.top.height if visit.top else 0
        i = bisect_left(self.steps, visit.step)  # the pops since the visit
        return min(height, self.minima[i]) if i < len(self.minima) else height

    def is_endless(self, game: Game) -> bool:
        """Record this position; whether it closes an endless loop with life never lower."""
        top = self._top(game)
        height = top.height if top else 0
        # A visit's stack was worked through down to below its top object (one is popped right
        # after each visit), so only visits with the same top object can match: the key.
        earlier = self.visits.setdefault(
            (board_position(game, self.memo), top.key if top else None), []
        )
        for visit in reversed(earlier):  # the most recent matching visit decides
            then = visit.top.height if visit.top else 0
            if height < then:
                continue
            if _same_top(top, visit.top, then - self._low_since(visit)):
                if all(game.life[p] >= visit.life[p] for p in game.players):
                    return True
                break
        self.step += 1
        earlier.append(_Visit(top, dict(game.life), self.step))
        return False

    def popped(self, height: int) -> None:
        """The stack is down to ``height`` after a resolution began."""
        self.valid = min(self.valid, height)
        while self.minima and self.minima[-1] >= height:
            self.minima.pop()
            self.steps.pop()
        self.steps.append(self.step)
        self.minima.append(height)
