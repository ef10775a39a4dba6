"""The reference engine's batch of deck games (issue #13): the arrays the batch engine also
returns, each cell the one game's own record."""

from __future__ import annotations

import numpy as np

from engine.deck import draw_deals
from engine.reference.deck import play_deck_game, play_deck_games
from tests.deck.decks import deck_of


def test_each_games_cells_are_its_own_records() -> None:
    """CR 103.5, 305.2, 106.7: a batch's arrays hold each game's turn records, in order."""
    setup = deck_of(
        {
            "Forest": 22,
            "Reflecting Pool": 2,
            "Llanowar Elves": 4,
            "Sol Ring": 2,
            "Grizzly Bears": 30,
        },
        5,
        costs=["{2}{G}{G}", "{W}"],
        track=("Sol Ring", "Grizzly Bears"),
        mulligan="london",
        play="random",
    )
    deals = draw_deals(np.random.default_rng(7), setup, 12)
    out = play_deck_games(setup, deals)
    assert out.reasons == ("",) and not out.status.any()
    for t in range(12):
        game = play_deck_game(setup, deals.deal(t))
        assert out.on_play[t] == game.on_play and out.mulligans[t] == game.mulligans
        assert out.played[t] == len(game.turns) == 5
        for u, record in enumerate(game.turns):
            assert out.lands[t, u] == record.lands_in_play
            assert out.mana_total[t, u] == record.mana_total
            assert tuple(out.mana_by_type[t, u]) == record.mana_by_type
            assert tuple(out.cost_payable[t, u]) == record.cost_payable
            assert out.x_max[t, u] == record.x_max == -1
            assert tuple(out.cast_by_turn[t, u]) == record.cast_by_turn
