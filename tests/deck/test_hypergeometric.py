"""Lands and castable costs by turn, against the exact hypergeometric answer.

A 40-card deck of 17 Forests and 23 Grizzly Bears, no mulligans: the lands in play on turn
``t`` and whether ``{G}``, ``{1}{G}``, ``{2}{G}`` and ``{2}{G}{G}`` can be paid at the
measurement point follow from the order of the library alone. The exact law
(``tests.deck.decks.lands_law``) follows the draws (CR 103.4: seven cards; 504.1: one a turn,
none on turn 1 on the play, 103.8a; 305.2: one land a turn), and seeded games must agree with
it within their binomial intervals (4 standard errors: the games are seeded, so the test is fixed).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from engine.deck import draw_deal
from engine.reference.deck import play_deck_game
from tests.deck.decks import deck_of, lands_law

LANDS, SPELLS, TURNS, GAMES = 17, 23, 4, 1000
COSTS = ("{G}", "{1}{G}", "{2}{G}", "{2}{G}{G}")


def _close(hits: int, p: Fraction) -> bool:
    """``hits`` in GAMES within 4 binomial standard errors of ``p`` (plus one game)."""
    sd = math.sqrt(float(p * (1 - p)) / GAMES)
    return abs(hits / GAMES - float(p)) <= 4 * sd + 1 / GAMES


@pytest.mark.parametrize("on_play", [True, False], ids=["play", "draw"])
def test_lands_and_costs_by_turn_match_the_hypergeometric_law(on_play: bool) -> None:
    """CR 103.8a, 305.2, 504.1: on the play and on the draw, the share of games with each
    number of lands in play, and the share that can pay each cost, on every turn."""
    setup = deck_of(
        {"Forest": LANDS, "Grizzly Bears": SPELLS},
        TURNS,
        play="play" if on_play else "draw",
        costs=COSTS,
    )
    rng = np.random.default_rng(13)
    lands: list[Counter[int]] = [Counter() for _ in range(TURNS)]
    payable = np.zeros((TURNS, len(COSTS)), dtype=np.int64)
    for _ in range(GAMES):
        game = play_deck_game(setup, draw_deal(rng, setup))
        assert game.on_play == on_play and len(game.turns) == TURNS
        for t, record in enumerate(game.turns):
            lands[t][record.lands_in_play] += 1
            payable[t] += record.cost_payable
    for t, law in enumerate(lands_law(LANDS, SPELLS, TURNS, on_play)):
        for k, p in law.items():
            assert _close(lands[t][k], p), (t + 1, k, lands[t][k], float(p))
        for j, cost in enumerate(setup.costs):
            p = sum((q for k, q in law.items() if k >= cost.mana_value), Fraction(0))
            assert _close(int(payable[t, j]), p), (t + 1, cost.text, int(payable[t, j]), p)
