"""Deck-game test helpers: a deck from counts, a deal with a chosen library order, and the
exact law of the lands in play of a deck of lands and spells."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from engine.batch.deck import play_deck_games as play_batch_games
from engine.deck import ROW_FIELDS, Deal, Deals, DeckResults, DeckSetup, draw_deals
from engine.library import Card, find_card, parse_mana_cost
from engine.reference.deck import DeckGame, TurnRecord, play_deck_game, play_deck_games
from tests.helpers import cauldron


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


FILL = "Wrath of God"  # a sorcery: held in the hand, never cast


def on_both_engines(
    counts: dict[str, int], top: list[str], turns: int, **settings: Any
) -> DeckResults:
    """The stacked game of a 40-card deck (``counts`` and FILL; on the play, no mulligan) on
    both engines: the batch engine's results, once they are found equal to the reference
    engine's, field by field."""
    setup = deck_of({**counts, FILL: 40 - sum(counts.values())}, turns, **settings)
    deals = Deals.of(stacked(setup, top))
    batch = play_batch_games(setup, deals)
    reference = play_deck_games(setup, deals)
    for name in ROW_FIELDS:
        assert np.array_equal(getattr(batch, name), getattr(reference, name)), name
    assert [batch.reasons[s] for s in batch.status] == [
        reference.reasons[s] for s in reference.status
    ]
    return batch


def agree_game_by_game(setup: DeckSetup, seed: int, games: int) -> DeckResults:
    """``games`` random deals of ``setup`` (from ``seed``) on both engines: the batch
    engine's results, once each game is found equal to the reference engine's."""
    deals = draw_deals(np.random.default_rng(seed), setup, games)
    batch, reference = play_batch_games(setup, deals), play_deck_games(setup, deals)
    for k in range(games):
        assert batch.row(k) == reference.row(k), k
    return batch


def validate_deck(tmp_path: Path, card_text: str, cards: dict[str, int]) -> tuple[int, str]:
    """``cauldron validate`` of a three-turn deck experiment of ``cards`` (name: copies) with
    the user cards ``card_text``: its exit code and output."""
    (tmp_path / "cards.toml").write_text(card_text, "utf-8")
    listed = ", ".join(f'"{name}" = {n}' for name, n in cards.items())
    (tmp_path / "exp.toml").write_text(
        f'name = "d"\nshape = "deck"\ncards = ["cards.toml"]\n[game]\nturns = 3\n'
        f"[deck]\ncards = {{ {listed} }}\n",
        "utf-8",
    )
    done = cauldron("validate", str(tmp_path / "exp.toml"))
    return done.returncode, done.stdout + done.stderr


def turn(game: DeckGame, n: int) -> TurnRecord:
    record = game.turns[n - 1]
    assert record.turn == n
    return record


def rules_cited(game: DeckGame) -> list[str]:
    return [e.rule for e in game.game.log.events]


def lands_law(lands: int, spells: int, turns: int, on_play: bool) -> list[dict[int, Fraction]]:
    """The exact law of the lands in play on each turn (no mulligans): a walk over (cards
    drawn, lands drawn, lands played), each draw a land with the hypergeometric chance of the
    cards left (CR 103.4: seven cards; 504.1: one a turn, none on turn 1 on the play, 103.8a;
    305.2: one land a turn, if the hand holds one)."""
    n = lands + spells
    seen = 7 if on_play else 8
    state = {
        (seen, k, 0): Fraction(
            math.comb(lands, k) * math.comb(spells, seen - k), math.comb(n, seen)
        )
        for k in range(seen + 1)
    }
    laws = []
    for t in range(1, turns + 1):
        if t > 1:
            drawn: Counter[tuple[int, int, int]] = Counter()
            for (c, k, played), p in state.items():
                land = Fraction(lands - k, n - c)
                drawn[(c + 1, k + 1, played)] += p * land
                drawn[(c + 1, k, played)] += p * (1 - land)
            state = dict(drawn)
        dropped: Counter[tuple[int, int, int]] = Counter()
        for (c, k, played), p in state.items():
            dropped[(c, k, min(played + 1, k))] += p  # a land drop if the hand holds a land
        state = dict(dropped)
        law: Counter[int] = Counter()
        for (_, _, played), p in state.items():
            law[played] += p
        laws.append(dict(law))
    return laws
