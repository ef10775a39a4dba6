"""The batch engine's deck games (issue #13): a batch of deals played by the compiled game
(``engine.batch.kernel.deck``) into the same arrays the reference engine fills
(``engine.deck.DeckResults``), trial by trial the same games.

Which cards it plays is ``kernel_refusal``; a deck it cannot play (a card, or a cap) is
``batch_refusal``: the experiment's parser reports it as the file's error.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from engine.batch.deck.tables import DeckTables, batch_refusal, deck_tables, kernel_refusal
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


# The tables of the setups played last, by identity: a run plays one setup chunk after chunk.
_RECENT: dict[int, tuple[DeckSetup, DeckTables]] = {}
_RECENT_SIZE: Final = 8


def _tables(setup: DeckSetup) -> DeckTables:
    """``setup``'s tables (``batch_refusal(setup)`` must be None), built once per setup."""
    held = _RECENT.get(id(setup))
    if held is not None and held[0] is setup:
        return held[1]
    why = batch_refusal(setup)
    if why is not None:
        raise ValueError(f"the batch engine cannot play this deck: {why}")
    if len(_RECENT) >= _RECENT_SIZE:
        _RECENT.clear()
    tables = deck_tables(setup)
    _RECENT[id(setup)] = (setup, tables)
    return tables


def play_deck_games(setup: DeckSetup, deals: Deals) -> DeckResults:
    """Play every game of ``deals`` (``batch_refusal(setup)`` must be None)."""
    tables = _tables(setup)
    out = empty_results(setup, len(deals.on_play))
    out.on_play[:] = deals.on_play
    game.play_games(
        np.ascontiguousarray(deals.on_play),
        np.ascontiguousarray(deals.orders),
        tables.cards,
        tables.choices,
        tables.per_cards,
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
