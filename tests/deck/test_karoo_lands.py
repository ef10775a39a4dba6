"""Karoo lands in deck games (Boros Garrison: "When this land enters, return a land you
control to its owner's hand"): the trigger (603.2, 608.2) returns the first land in board
order, the listed policy of both engines; the card returned is a new object (400.7)."""

from __future__ import annotations

import numpy as np

from engine.batch.deck import batch_refusal, play_deck_games
from engine.deck import draw_deals
from engine.reference.deck import play_deck_games as reference_games
from tests.deck.decks import deck_of


def test_608_2_a_karoo_land_alone_returns_itself_every_turn() -> None:
    """CR 608.2, 400.7: with no other land, Boros Garrison is the land its trigger returns,
    so a deck of them never keeps a land or makes mana, on both engines alike."""
    setup = deck_of({"Boros Garrison": 40}, 5, costs=("{R}",))
    assert batch_refusal(setup) is None
    deals = draw_deals(np.random.default_rng(11), setup, 8)
    batch, reference = play_deck_games(setup, deals), reference_games(setup, deals)
    for out in (batch, reference):
        assert not out.lands.any() and not out.mana_total.any() and not out.status.any()
        assert not out.cost_payable.any()


def test_608_2_a_karoo_land_returns_the_first_land_and_it_is_played_again() -> None:
    """CR 608.2, 305.2: Boros Garrison returns the first land in board order; the pilot plays
    it again on a later turn, so the lands in play stay level on the Garrison's turn and grow
    by one on the others while the hand has a land (both engines, game by game)."""
    setup = deck_of({"Boros Garrison": 20, "Plains": 20}, 6, costs=("{R}{W}{1}",))
    deals = draw_deals(np.random.default_rng(5), setup, 40)
    batch, reference = play_deck_games(setup, deals), reference_games(setup, deals)
    assert np.array_equal(batch.lands, reference.lands)
    assert np.array_equal(batch.mana_by_type, reference.mana_by_type)
    level = np.diff(batch.lands, axis=1) == 0
    assert level.any() and (batch.lands[:, -1] >= 2).all()  # returned, and played again
    assert batch.cost_payable.any()  # {R} only from a Garrison that stayed
