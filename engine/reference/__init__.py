"""The reference engine: object-level, written to read like the rules; the oracle.

``run(scenario)`` is a pure function of the scenario (board, actions and choices).
"""

from __future__ import annotations

from typing import Any

from engine.reference.actions import apply_action
from engine.reference.outcome import outcome
from engine.reference.stack import settle
from engine.reference.state import Game, Permanent
from engine.scenario import Scenario


def new_game(scenario: Scenario) -> Game:
    """Set up the board as the scenario describes it (no "enters" events: it is already so)."""
    game = Game(
        players=list(scenario.players),
        active=scenario.active,
        life={p: scenario.life.get(p, 20) for p in scenario.players},
        choices=scenario.choices,
    )
    for entry in scenario.battlefield:
        order = game.new_order()
        game.board_order[entry.id] = order
        game.objects[entry.id] = 1
        game.battlefield.append(
            Permanent(
                id=entry.id,
                card=entry.card,
                owner=entry.owner,
                controller=entry.controller,
                uid=game.new_uid(),
                obj=1,
                order=order,
                token=entry.token,
                tapped=entry.tapped,
                damage=entry.damage,
                counters={k: v for k, v in entry.counters.items() if v},
                since_turn_start=entry.since_turn_start,
                granted=list(entry.grant),
                not_creature=entry.not_creature,
                attached_to=entry.attached_to,
                x=entry.x,
            )
        )
    return game


def play(scenario: Scenario) -> Game:
    """Run every action of the scenario in order and return the final game."""
    game = new_game(scenario)
    settle(game)  # CR 117.5: the board as given may already call for state-based actions
    for index, action in enumerate(scenario.actions):
        if game.finished:
            break
        apply_action(game, index, action)
    return game


def run(scenario: Scenario) -> dict[str, Any]:
    """The JSON outcome of a scenario (SPEC section 3)."""
    return outcome(play(scenario))
