"""TEMPORARY on branch decksim only (the lead replaces this module on merge with the
compiled batch deck kernel): the same interface, backed by the reference engine."""

from __future__ import annotations

from engine.deck import Deals, DeckResults, DeckSetup
from engine.library import Card
from engine.reference.deck import play_deck_games as _reference


def play_deck_games(setup: DeckSetup, deals: Deals) -> DeckResults:
    """The batch engine's games of ``deals`` (same arrays as the reference engine's)."""
    return _reference(setup, deals)


def kernel_refusal(card: Card) -> str | None:
    """Why the batch engine cannot play ``card`` in a deck game (None: it can)."""
    return None
