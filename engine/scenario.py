"""A scenario: one exact situation (a board, actions in order, and the players' choices).

This is the engines' input, already validated; ``sim.config.scenario`` reads it from TOML.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.library import Card


@dataclass(frozen=True)
class BoardEntry:
    """One permanent on the battlefield when the scenario starts."""

    id: str
    card: Card
    controller: str
    owner: str
    counters: Mapping[str, int] = field(default_factory=dict)
    token: bool = False
    tapped: bool = False
    damage: int = 0
    since_turn_start: bool = True
    grant: tuple[str, ...] = ()
    not_creature: bool = False
    attached_to: str | None = None
    x: int = 0


@dataclass(frozen=True)
class Action:
    """One action; ``params`` holds its validated keys (see SPEC section 3's table)."""

    do: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(frozen=True)
class Choices:
    """The players' choices. Without an entry the policy is ``listed`` (board order).

    ``trigger_order[player]`` lists keys ``id`` or ``id:ability``; the first listed goes on the
    stack first (CR 603.3b). ``targets[id]`` is a player name, a permanent id or a list of ids.
    ``trigger_rank`` (used by experiments) ranks each permanent id for the ``random`` policy:
    a player's triggers go on the stack in increasing rank. ``counter_order[player]`` is the
    order in which that player applies the replacement effects that change how many counters
    are put on their permanents (616.1): a list of the effects' sources by id (first listed
    applies first, the others after them in board order), or a policy of COUNTER_POLICIES.
    """

    trigger_order: Mapping[str, Sequence[str]] = field(default_factory=dict)
    targets: Mapping[str, str | Sequence[str]] = field(default_factory=dict)
    trigger_rank: Mapping[str, int] = field(default_factory=dict)
    counter_order: Mapping[str, str | Sequence[str]] = field(default_factory=dict)


# how a player orders counter replacements without a list (616.1): board order, or the order
# that puts the most counters, or the fewest
COUNTER_POLICIES = ("listed", "most", "fewest")
# replacement effects "most" or "fewest" compares in every order, in either engine: up to 8!
# orders of one put, each a few products; past it the trial is not played on
ORDERED_MODIFIERS = 8


@dataclass(frozen=True)
class Scenario:
    """Players in turn order, the active player, life totals, the board, actions, choices."""

    players: tuple[str, ...]
    active: str
    life: Mapping[str, int]
    battlefield: tuple[BoardEntry, ...]
    actions: tuple[Action, ...]
    choices: Choices = field(default_factory=Choices)
