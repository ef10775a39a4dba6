"""Invariants of deck games on random decks (hypothesis), on the reference engine.

Decks mix lands (basics, enters-tapped, a karoo, Gemstone Mine, a gainland's trigger on Kitchen
Finks), dorks, rocks (Lotus Petal is sacrificed), Zendikar Resurgent's draws, creatures and land
Auras (Wild Growth, Overgrowth: their land may be returned or sacrificed). A game never makes or
loses a card: at its end every card of the deck is in exactly one of the library, the hand, the
battlefield or the graveyard, each copy with its own handle; every Aura on the battlefield
enchants a land there; and a game is a pure function of its deal.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.deck import draw_deal
from engine.reference.deck import play_deck_game
from tests.deck.decks import deck_of

LANDS = ("Forest", "Plains", "Selesnya Guildgate", "Boros Garrison", "Gemstone Mine")
OTHERS = (
    "Llanowar Elves",
    "Sol Ring",
    "Lotus Petal",
    "Kitchen Finks",
    "Zendikar Resurgent",
    "Grizzly Bears",
    "Wrath of God",
    "Wild Growth",
    "Overgrowth",
)

_DECKS = st.tuples(
    st.lists(st.integers(0, 12), min_size=len(LANDS), max_size=len(LANDS)),
    st.lists(st.integers(0, 8), min_size=len(OTHERS), max_size=len(OTHERS)),
    st.integers(1, 8),
    st.integers(0, 2**32 - 1),
)


@given(_DECKS)
@settings(max_examples=25, deadline=None)
def test_a_deck_game_conserves_its_cards(deck: tuple[list[int], list[int], int, int]) -> None:
    """CR 400.1: every card of the deck is in one zone at the end, each copy once (the
    library, the hand, the battlefield, or the graveyard a sacrifice or 704.5m put it in); an
    Aura on the battlefield enchants a land there (303.4a); the same deal plays the same
    game."""
    lands, others, turns, seed = deck
    counts = {n: k for n, k in zip(LANDS + OTHERS, lands + others, strict=True) if k}
    counts["Forest"] = counts.get("Forest", 0) + max(0, 40 - sum(counts.values()))
    setup = deck_of(counts, turns, mulligan="london")
    deal = draw_deal(np.random.default_rng(seed), setup)
    game = play_deck_game(setup, deal).game
    zones = [*game.library["A"], *game.hand["A"], *game.graveyard["A"], *game.exile["A"]]
    ids = [zc.id for zc in zones] + [p.id for p in game.battlefield]
    names = [zc.card.name for zc in zones] + [p.card.name for p in game.battlefield]
    assert len(ids) == len(set(ids))  # each copy once, by its own handle
    assert Counter(names) == Counter(c.name for c in setup.cards)
    lands = {p.id for p in game.battlefield if p.card.has_type("Land")}
    auras = [p for p in game.battlefield if "Aura" in p.card.subtypes]
    assert all(p.attached_to in lands for p in auras)  # 303.4a, 704.5m
    again = play_deck_game(setup, deal).game
    assert again.log.events == game.log.events
