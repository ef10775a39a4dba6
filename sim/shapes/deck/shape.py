"""The deck shape for the runner: parse, draw the deals, play them on the batch engine
(``engine.batch.deck.play_deck_games``), reduce, replay."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engine.batch.deck import play_deck_games
from engine.deck import Deals, DeckResults, DeckSetup, deal_chunks
from sim.config.reader import Reader
from sim.shapes.base import CHUNK, Layout, Row, RowKey, Stop, TrialCells, chunk_stops
from sim.shapes.catalog import Entry
from sim.shapes.deck.catalog import DECK_CATALOG, DECK_FAMILIES
from sim.shapes.deck.config import DECK_KEYS, inline, parse
from sim.shapes.deck.metrics import deck_rows
from sim.shapes.deck.replay import DeckReplay
from sim.shapes.deck.stats import deck_cell_keys, deck_layout, deck_stats, deck_trial_cells

# Games per chunk of a comparison paired game by game: a game's cells are a row each of its
# metric, level and turn (turns x costs and more), so a chunk of CHUNK games could hold
# hundreds of MB of them; every point of a comparison plays chunks of this size, in step.
PAIRED_CHUNK = 1_024


def _chunks(
    setup: DeckSetup, rng: np.random.Generator, trials: int, size: int = CHUNK
) -> Iterator[DeckResults]:
    """Deal a batch's games and play them ``size`` at a time (a game is a function of its
    deal alone, and ``deal_chunks`` deals the same games whatever the size): a worker holds
    one chunk's deals, not the batch's (65,536 games of three 60-card shuffles: 24 MB)."""
    for deals in deal_chunks(rng, setup, trials, size):
        yield play_deck_games(setup, deals)


class DeckShape:
    """Shape 3: a deck's first turns, mana measured each turn (issue #13)."""

    name: str = "deck"
    keys: frozenset[str] = DECK_KEYS
    families: tuple[str, ...] = DECK_FAMILIES
    catalog: tuple[Entry, ...] = DECK_CATALOG

    def inline(self, r: Reader, data: Mapping[str, Any], folder: Path) -> dict[str, Any]:
        return inline(r, data, folder)

    def parse(self, r: Reader, data: Mapping[str, Any]) -> DeckSetup:
        return parse(r, data)

    def layout(self, config: DeckSetup) -> Layout:
        return deck_layout(config)

    def run_batch(self, config: DeckSetup, rng: np.random.Generator, trials: int) -> np.ndarray:
        layout = deck_layout(config)
        total = np.zeros(layout.size, dtype=np.int64)
        for results in _chunks(config, rng, trials):
            total += layout.pack(deck_stats(config, results))
        return total

    def cell_keys(self, config: DeckSetup) -> tuple[RowKey, ...]:
        return deck_cell_keys(config)

    def run_chunks(
        self, config: DeckSetup, rng: np.random.Generator, trials: int
    ) -> Iterator[tuple[np.ndarray, TrialCells]]:
        """Each chunk's statistics and per-game cells (``sim.shapes.base.PairsTrials``): points
        that deal the same games (play or draw, the pilot, the costs) pair game by game."""
        layout = deck_layout(config)
        for results in _chunks(config, rng, trials, PAIRED_CHUNK):
            yield layout.pack(deck_stats(config, results)), deck_trial_cells(config, results)

    def rows(self, config: DeckSetup, totals: np.ndarray, families: Sequence[str]) -> list[Row]:
        return deck_rows(config, deck_layout(config), totals, families)

    def stops(self, config: DeckSetup, rng: np.random.Generator, trials: int) -> list[Stop]:
        """A game a cap or a loss stopped before its last turn is ``unsupported`` (the
        metrics leave it out, ``deck_stats``)."""
        return chunk_stops(
            [(int(i), "unsupported", results.reasons[results.status[i]])
             for i in np.flatnonzero(results.status != 0)]
            for results in _chunks(config, rng, trials)
        )  # fmt: skip

    def replay(
        self, config: DeckSetup, rng: np.random.Generator, trials: int, index: int
    ) -> DeckReplay:
        """Redeal the batch's games up to trial ``index``'s chunk; the batch engine plays its
        deal alone (a game is a function of its deal only, whatever else its chunk holds)."""
        for k, deals in enumerate(deal_chunks(rng, config, trials, CHUNK)):
            if index < (k + 1) * CHUNK:
                deal = deals.deal(index - k * CHUNK)
                return DeckReplay(config, deal, play_deck_games(config, Deals.of(deal)))
        raise IndexError(f"trial {index} is past the batch's {trials} games")
