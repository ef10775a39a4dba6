"""The wipe shape for the runner: parse, draw, run on the batch engine, reduce, replay."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np

from engine.batch.naming import Naming
from engine.batch.outcome import batch_outcome, comparable, stopped_trials
from engine.batch.trial_scenario import trial_scenario
from engine.batch.wipe import run_wipe
from engine.batch.wipe_state import WipeInputs, WipeState
from sim.config.reader import Reader
from sim.shapes.base import (
    CHUNK,
    Key,
    Layout,
    R,
    Row,
    Stop,
    TrialCells,
    chunk_stops,
    reduced_chunks,
)
from sim.shapes.catalog import Entry
from sim.shapes.scenario_replay import ScenarioReplay
from sim.shapes.wipe.catalog import WIPE_CATALOG, WIPE_FAMILIES
from sim.shapes.wipe.config import WIPE_KEYS, WipeConfig, parse_wipe
from sim.shapes.wipe.draws import draw_wipe_batch
from sim.shapes.wipe.metrics import wipe_rows
from sim.shapes.wipe.stats import WipeTotals, wipe_cell_keys, wipe_layout, wipe_trial_stats


def _reduced(
    config: WipeConfig,
    rng: np.random.Generator,
    trials: int,
    reduce: Callable[[WipeInputs, WipeState], R],
) -> Iterator[R]:
    """Draw a batch, then run and reduce it chunk by chunk (``reduced_chunks``)."""

    def run(part: WipeInputs) -> tuple[WipeInputs, WipeState]:
        return part, run_wipe(part, zone_order=False)  # the statistics count cards

    return reduced_chunks(draw_wipe_batch(rng, trials, config), run, reduce)


class WipeShape:
    """Shape 1: a board, then wipes (SPEC sections 2 and 4)."""

    name: str = "wipe"
    keys: frozenset[str] = frozenset(WIPE_KEYS)
    families: tuple[str, ...] = WIPE_FAMILIES
    catalog: tuple[Entry, ...] = WIPE_CATALOG

    def parse(self, r: Reader, data: Mapping[str, Any]) -> WipeConfig:
        return parse_wipe(r, data)

    def layout(self, config: WipeConfig) -> Layout:
        return wipe_layout(config)

    def run_batch(self, config: WipeConfig, rng: np.random.Generator, trials: int) -> np.ndarray:
        totals = WipeTotals(config)
        for _ in _reduced(config, rng, trials, totals.add):
            pass
        return wipe_layout(config).pack(totals.read())

    def cell_keys(self, config: WipeConfig) -> tuple[Key, ...]:
        return wipe_cell_keys(config)

    def run_chunks(
        self, config: WipeConfig, rng: np.random.Generator, trials: int
    ) -> Iterator[tuple[np.ndarray, TrialCells]]:
        """Each engine chunk's statistics and per-trial cells (``sim.shapes.base.PairsTrials``)."""
        layout = wipe_layout(config)
        for sums, cells in _reduced(config, rng, trials, partial(wipe_trial_stats, config)):
            yield layout.pack(sums), cells

    def rows(self, config: WipeConfig, totals: np.ndarray, families: Sequence[str]) -> list[Row]:
        return wipe_rows(config, wipe_layout(config), totals, families)

    def stops(self, config: WipeConfig, rng: np.random.Generator, trials: int) -> list[Stop]:
        return chunk_stops(_reduced(config, rng, trials, lambda _, state: stopped_trials(state)))

    def replay(
        self, config: WipeConfig, rng: np.random.Generator, trials: int, index: int
    ) -> ScenarioReplay:
        inputs = draw_wipe_batch(rng, trials, config)
        scenario = trial_scenario(inputs, index)
        start = index - index % CHUNK  # the engine ran this trial in this chunk
        part = inputs.take(slice(start, start + CHUNK))
        state = run_wipe(part)
        _, _, s, e = inputs.shape
        naming = Naming.default(int(inputs.n_players[index]), s, e)
        outcome = batch_outcome(state, index - start, naming)
        return ScenarioReplay(scenario, comparable(outcome), comparable, outcome["reason"])
