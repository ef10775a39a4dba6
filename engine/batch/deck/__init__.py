"""The batch engine's deck games (issue #13): a batch of deals played by the compiled game
(``engine.batch.kernel.deck``) into the same arrays the reference engine fills
(``engine.deck.DeckResults``), trial by trial the same games.

Which cards it plays is ``kernel_refusal``; a deck it cannot play (a card, or a cap) is
``batch_refusal``: the experiment's parser reports it as the file's error.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import numpy as np

from engine.batch.deck.tables import DeckTables, batch_refusal, deck_tables, kernel_refusal
from engine.batch.kernel.deck import game
from engine.batch.kernel.deck.frontier import MAX_FRONTIER_POOLS
from engine.batch.kernel.deck.pools import FIELD_BITS, MAX_PER_TYPE
from engine.deck import (
    EMPTY_LIBRARY,
    PLAYER,
    Deals,
    DeckResults,
    DeckSetup,
    draw_deals,
    empty_results,
)
from engine.library import find_card, parse_mana_cost
from engine.reference.sba import loss_reason

__all__ = ["CAPS", "REASONS", "batch_refusal", "kernel_refusal", "play_deck_games"]

# Why a game stopped, by the kernel's status code (game.OK, FRONTIER_CAP, EMPTY_LIBRARY,
# POOL_CAP; a loss, game.LOSS and after, is told by ``engine.reference.sba.loss_reason``).
REASONS: Final = (
    "",
    f"more than MAX_FRONTIER_POOLS = {MAX_FRONTIER_POOLS} different pools the mana sources"
    " could make: the batch engine does not play on past that cap",
    EMPTY_LIBRARY,
    f"the pool and the mana sources on the battlefield could make more than MAX_PER_TYPE ="
    f" {MAX_PER_TYPE} mana in all: the batch engine packs a deck game's pools in FIELD_BITS ="
    f" {FIELD_BITS} bits a type and does not play on past that cap",
)
# the reasons that are the batch engine's own caps (the reference engine plays on)
CAPS: Final = frozenset({REASONS[game.FRONTIER_CAP], REASONS[game.POOL_CAP]})


# The tables of the setups played last: a run plays one setup chunk after chunk, and a
# worker gets a copy of it with every batch (pickled), equal but not the same object: found
# by equality (76 us for a 60-card deck; building its tables takes 12 ms, a twentieth of a
# batch's games).
_RECENT: list[tuple[DeckSetup, DeckTables]] = []
_RECENT_SIZE: Final = 8


def _tables(setup: DeckSetup) -> DeckTables:
    """``setup``'s tables (``batch_refusal(setup)`` must be None), built once per setup."""
    for held, tables in _RECENT:
        if held is setup or held == setup:
            return tables
    why = batch_refusal(setup)
    if why is not None:
        raise ValueError(f"the batch engine cannot play this deck: {why}")
    if len(_RECENT) >= _RECENT_SIZE:
        _RECENT.clear()
    tables = deck_tables(setup)
    _RECENT.append((setup, tables))
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
        tables.granted,
        tables.granted_choices,
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
    return _with_reasons(out)


def _reason(code: int) -> str:
    if code >= game.LOSS:  # 704.5a: at 0 life or below
        return loss_reason(PLAYER, game.LOSS - code)
    return REASONS[code]


def _with_reasons(out: DeckResults) -> DeckResults:
    """The kernel's status codes as indices into the batch's own reasons (as the reference
    engine makes them: the empty reason first, then each in order of code)."""
    codes = np.unique(out.status)
    if codes.size == 1 and codes[0] == game.OK:
        return out
    codes = np.union1d(codes, [game.OK])
    return replace(
        out,
        status=np.searchsorted(codes, out.status).astype(np.int64),
        reasons=tuple(_reason(int(c)) for c in codes),
    )


def warm_up() -> None:
    """Compile the deck kernel (or load it from the on-disk cache) on one game of Forests and
    Grizzly Bears: it has one signature, whatever the deck."""
    forest, bears = find_card("Forest"), find_card("Grizzly Bears")
    assert forest is not None and bears is not None  # cards of the built-in library
    setup = DeckSetup((forest,) * 24 + (bears,) * 36, 2, costs=(parse_mana_cost("{G}"),))
    play_deck_games(setup, draw_deals(np.random.default_rng(0), setup, 1))
