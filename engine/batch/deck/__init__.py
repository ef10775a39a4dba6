"""The batch engine's deck games (issue #13): a batch of deals played by the compiled game
(``engine.batch.kernel.deck``) into the same arrays the reference engine fills
(``engine.deck.DeckResults``), trial by trial the same games.

Which cards it plays is ``kernel_refusal``; a deck it cannot play (a card, or a cap) is
``batch_refusal``: the experiment's parser reports it as the file's error.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from engine.batch.deck.tables import batch_refusal, deck_tables, kernel_refusal
from engine.batch.kernel.deck import game
from engine.batch.kernel.deck.frontier import MAX_FRONTIER_POOLS
from engine.deck import EMPTY_LIBRARY, Deals, DeckResults, DeckSetup, empty_results

__all__ = ["REASONS", "batch_refusal", "kernel_refusal", "play_deck_games"]

# Why a game stopped, by the kernel's status code (game.OK, FRONTIER_CAP, EMPTY_LIBRARY).
REASONS: Final = (
    "",
    f"more than MAX_FRONTIER_POOLS = {MAX_FRONTIER_POOLS} different pools the mana sources"
    " could make: the batch engine does not play on past that cap",
    EMPTY_LIBRARY,
)


def play_deck_games(setup: DeckSetup, deals: Deals) -> DeckResults:
    """Play every game of ``deals`` (``batch_refusal(setup)`` must be None)."""
    why = batch_refusal(setup)
    if why is not None:
        raise ValueError(f"the batch engine cannot play this deck: {why}")
    tables = deck_tables(setup)
    out = empty_results(setup, len(deals.on_play))
    out.on_play[:] = deals.on_play
    game.play_games(
        np.ascontiguousarray(deals.on_play),
        np.ascontiguousarray(deals.orders),
        tables.cards,
        tables.choices,
        tables.costs,
        tables.hybrids,
        tables.measured,
        tables.x_cost,
        tables.track,
        tables.settings,
        out.mulligans,
        out.played,
        out.status,
        out.lands,
        out.mana_total,
        out.mana_by_type,
        out.cost_payable,
        out.x_max,
        out.cast_by_turn,
    )
    if (out.status == game.NO_PROGRESS).any():
        raise RuntimeError("deck game: a payment pass made no progress on a payable cost")
    return out
