"""Every card a deck may hold is played: a deck game with it runs to its last turn, and a
permanent spell is cast on the first turn its cost can be paid.

``deck_refusal`` decides which cards a deck game can hold; each of the others (lands,
permanents, instants and sorceries, which are held) is put in a five-color deck of basic
lands, two copies in the opening hand, and played for five turns on the reference engine.
Nothing else in the deck competes for the mana, so the first turn whose measurement can pay
the card's cost is the turn it is cast (601.2; a land is played, not cast).
"""

from __future__ import annotations

import pytest

from engine.deck import deck_refusal
from engine.library import library
from tests.deck.decks import play

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
PLAYABLE = sorted(
    c.name for c in library().values() if not c.token_only and deck_refusal(c) is None
)


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_deck_game_plays_every_card_it_may_hold(name: str) -> None:
    card = library()[name.lower()]
    counts = {b: 7 for b in BASICS if b != name}
    counts[name] = counts.get(name, 0) + 4
    cast = card.is_permanent_card and not card.has_type("Land")
    game = play(
        counts,
        [*BASICS[:4], name, name, "Forest"],
        turns=5,
        costs=[card.mana_cost.text] if cast else [],
    )
    assert game.game.result == "ok" and len(game.turns) == 5
    if cast:
        payable = [t.turn for t in game.turns if t.cost_payable[0]]
        cast_on = [t.turn for t in game.turns if name in t.cast]
        assert payable[:1] == cast_on[:1], (payable, cast_on)
