"""Whole deck games with every kind of mana source: invariants of the measurements, and a
game is a pure function of its deal.

A 60-card deck with dorks, rocks, enters-tapped lands, Reflecting Pool, Gemstone Mine, a
karoo, Springleaf Drum and Cryptolith Rite, on the play or on the draw at random, with the
London mulligan. (Pili-Pala with Springleaf Drum makes every measurement a search of every
order of every source: right, and tested on small boards, but seconds a game.)
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from engine.deck import Deal, DeckSetup, draw_deal, draw_deals
from engine.reference.deck import handles, play_deck_game
from tests.deck.decks import card, deck_of

MIXED = {
    "Forest": 14,
    "Island": 2,
    "Reflecting Pool": 2,
    "Gemstone Mine": 2,
    "Vivid Crag": 2,
    "Boros Garrison": 1,
    "Dryad Arbor": 1,
    "Llanowar Elves": 4,
    "Sol Ring": 2,
    "Springleaf Drum": 1,
    "Cryptolith Rite": 1,
    "Grizzly Bears": 11,
    "Safehold Elite": 4,
    "Glorious Anthem": 3,
    "Wrath of God": 10,
}
TURNS = 5


def _setup() -> DeckSetup:
    return deck_of(
        MIXED,
        TURNS,
        play="random",
        mulligan="london",
        costs=("{1}", "{G}{G}", "{W/U}"),
        track=("Sol Ring", "Llanowar Elves"),
        x_spell=card("Hangarback Walker"),
    )


def test_the_measurements_agree_with_each_other() -> None:
    """The most mana bounds each type's most; {1} is payable iff some mana can be made; the
    largest X of {X}{X} is half the most mana; lands in play never outnumber the turns; a
    tracked card once cast stays cast."""
    setup = _setup()
    assert len(setup.cards) == 60
    rng = np.random.default_rng(7)
    sides = set()
    for _ in range(16):
        game = play_deck_game(setup, draw_deal(rng, setup))
        assert game.game.result == "ok" and len(game.turns) == TURNS
        sides.add(game.on_play)
        before = (False, False)
        for t, r in enumerate(game.turns, 1):
            assert max(r.mana_by_type) <= r.mana_total
            assert r.cost_payable[0] == (r.mana_total >= 1)
            assert r.x_max == r.mana_total // 2
            assert r.lands_in_play <= t
            assert all(b <= a for a, b in zip(r.cast_by_turn, before, strict=True))
            before = r.cast_by_turn
    assert sides == {True, False}


def test_a_game_is_a_pure_function_of_its_deal() -> None:
    """The same deal plays the same game: the same measurements and the same log."""
    setup = _setup()
    deal = draw_deal(np.random.default_rng(3), setup)
    first, again = play_deck_game(setup, deal), play_deck_game(setup, deal)
    assert first.turns == again.turns and first.mulligans == again.mulligans
    assert first.game.log.as_dicts() == again.game.log.as_dicts()


def test_draw_deals_draws_every_shuffle_up_front() -> None:
    """The caller draws all randomness: per game the play/draw choice (random: both occur)
    and one order per shuffle the settings allow (the first and one per mulligan), each a
    permutation of the deck, drawn even if unused; ``draw_deal`` is one of them."""
    setup = _setup()
    deals = draw_deals(np.random.default_rng(1), setup, 64)
    assert deals.orders.shape == (64, 1 + setup.max_mulligans, 60)
    assert (np.sort(deals.orders, axis=2) == np.arange(60)).all()
    assert 0 < deals.on_play.sum() < 64
    one = draw_deal(np.random.default_rng(1), setup)
    assert one == draw_deals(np.random.default_rng(1), setup, 1).deal(0)
    assert len(one.orders) == 3


def test_a_deal_short_of_a_shuffle_or_of_a_card_is_refused() -> None:
    """A deal is the caller's: one without a shuffle for each allowed mulligan, or with an
    order that is not of the whole deck, is a bug, refused before anything is played."""
    setup = _setup()
    deal = draw_deal(np.random.default_rng(1), setup)
    with pytest.raises(ValueError, match="needs 3 shuffles"):
        play_deck_game(setup, Deal(True, deal.orders[:2]))
    with pytest.raises(ValueError, match="not an order"):
        play_deck_game(setup, Deal(True, (deal.orders[0][1:], *deal.orders[1:])))


def test_every_copy_has_its_own_handle_when_a_name_ends_in_a_number() -> None:
    """The third "Forest 1" and the first "Forest 13" would both be ``forest_13``: the later
    takes the next free number, so a game of them lays out every land it plays as its own
    permanent (two once shared a handle, and the reference engine tapped one for the other:
    found by ``scripts/fuzz_mana_cards.py`` on a user's cards)."""
    one, thirteen = (
        replace(card("Forest"), name="Forest 1"),
        replace(card("Forest"), name="Forest 13"),
    )
    cards = (one, one, one, thirteen, one)
    assert handles(cards) == ["forest_1", "forest_12", "forest_13", "forest_132", "forest_14"]
    assert handles([card("Forest")] * 3) == ["forest", "forest2", "forest3"]
    setup = DeckSetup(cards * 8, 6)
    game = play_deck_game(setup, draw_deal(np.random.default_rng(2), setup))
    ids = [p.id for p in game.game.battlefield]
    assert len(ids) == len(set(ids)) == game.turns[-1].lands_in_play == 6
