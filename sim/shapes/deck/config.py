"""The deck shape's part of an experiment file: the deck game's keys (``sim.config.deck``),
validated into an ``engine.deck.DeckSetup``, plus what the batch engine can play.

A ``deck.file`` decklist is read into the file's data before anything else (``inline``): the
manifest then holds the deck itself, so a replay or a ``--resume`` does not depend on the list
still being where, and as, it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.batch.deck import batch_refusal
from engine.deck import DeckSetup
from sim.config.compare import SWEEP_KEYS
from sim.config.deck import parse_deck, read_deck
from sim.config.reader import Reader, join

DECK_KEYS = frozenset({"deck", "game", "pilot", "costs", "track", "x_spell"})


def inline(r: Reader, data: Mapping[str, Any], folder: Path) -> dict[str, Any]:
    """``data`` with a ``deck.file`` decklist (relative to ``folder``) read into ``deck.cards``
    (its errors name the list and the line); a deck file cannot be swept, since the file's
    deck is read once."""
    sweep = data.get("sweep", {})
    if isinstance(sweep, dict):
        for path in sweep:
            if path not in SWEEP_KEYS and str(path).startswith("deck.file"):
                raise r.fail(
                    join("sweep", f'"{path}"'),
                    "a decklist file cannot be swept",
                    'sweep counts instead, e.g. "deck.cards.Forest" = [16, 17]',
                )
    deck = data.get("deck")
    if not isinstance(deck, dict) or "file" not in deck or "cards" in deck:
        return dict(data)  # nothing to read (or an error parse_deck reports)
    counts: dict[str, int] = {}
    for card in read_deck(r, data, folder):
        counts[card.name] = counts.get(card.name, 0) + 1
    return {**data, "deck": {k: v for k, v in deck.items() if k != "file"} | {"cards": counts}}


def parse(r: Reader, data: Mapping[str, Any]) -> DeckSetup:
    """One sweep point's deck game, refused with one line where the batch engine cannot play
    the deck (a card, or a cap: ``batch_refusal``)."""
    setup = parse_deck(r, data, Path("."))  # a file deck is inlined first (``inline``)
    why = batch_refusal(setup)
    if why is not None:
        raise r.fail("deck", f"the batch engine cannot play this deck yet: {why}", "leave it out")
    return setup
