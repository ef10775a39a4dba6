"""Deck-game test helpers: a deck from counts, and a deal with a chosen library order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.deck import Deal, DeckSetup
from engine.library import Card, find_card, parse_mana_cost
from engine.reference.deck import DeckGame, TurnRecord, play_deck_game


def card(name: str) -> Card:
    found = find_card(name)
    assert found is not None, name
    return found


def deck_of(counts: dict[str, int], turns: int, **settings: Any) -> DeckSetup:
    """A setup from ``{name: count}``; ``costs`` given as texts."""
    cards = tuple(card(name) for name, n in counts.items() for _ in range(n))
    costs = tuple(parse_mana_cost(c) for c in settings.pop("costs", ()))
    return DeckSetup(cards, turns, costs=costs, **settings)


def stacked(setup: DeckSetup, top: Sequence[str], on_play: bool = True) -> Deal:
    """A deal whose library has ``top`` (card names) on top, in order, then the rest."""
    left = list(range(len(setup.cards)))
    order = []
    for name in top:
        i = next(i for i in left if setup.cards[i].name == name)
        left.remove(i)
        order.append(i)
    return Deal(on_play, (tuple(order + left),))


def play(counts: dict[str, int], top: Sequence[str], turns: int, **settings: Any) -> DeckGame:
    """A game of a deck of ``counts`` whose first cards are ``top`` (on the play)."""
    on_play = settings.pop("on_play", True)
    setup = deck_of(counts, turns, **settings)
    return play_deck_game(setup, stacked(setup, top, on_play))


def turn(game: DeckGame, n: int) -> TurnRecord:
    record = game.turns[n - 1]
    assert record.turn == n
    return record


def rules_cited(game: DeckGame) -> list[str]:
    return [e.rule for e in game.game.log.events]
