"""The mana shape for the runner: parse, draw, run on the batch engine, reduce, replay.

With ``x = "max"`` the X spell is cast for the largest X its caster's pool pays once the taps
are done: the engine reads the pool as the spell is cast (``run_mana``'s x_cost) and keeps the X,
so a batch runs once, and the inputs it hands on name that X (a pure function of the drawn
inputs, so a replay rebuilds it exactly). Casting itself pays nothing (SPEC section 3): the
pool says which X could have been paid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np

from engine.batch.mana import run_mana
from engine.batch.mana_convert import (
    Naming,
    mana_batch_outcome,
    mana_comparable,
    mana_trial_scenario,
)
from engine.batch.mana_state import ACT_CAST, ACT_NONE, ManaInputs
from engine.batch.outcome import stopped_trials
from engine.batch.wipe_state import WipeState
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
from sim.shapes.mana.catalog import MANA_CATALOG, MANA_FAMILIES
from sim.shapes.mana.config import MANA_KEYS, ManaConfig, parse_mana
from sim.shapes.mana.draws import draw_mana_batch
from sim.shapes.mana.metrics import mana_rows
from sim.shapes.mana.stats import (
    MAX_X_VALUE,
    mana_cell_keys,
    mana_layout,
    mana_stats,
    mana_trial_stats,
)
from sim.shapes.scenario_replay import ScenarioReplay


def run_chunk(
    config: ManaConfig, part: ManaInputs, zone_order: bool = False
) -> tuple[ManaInputs, WipeState, np.ndarray | None]:
    """Run one chunk; with ``x = "max"`` the X spell is cast for the largest X its caster's
    pool pays once the taps are done (the engine finds it, ``run_mana``'s x_cost), or not at
    all. Returns the inputs as finally run (that X, or no cast: what a replay runs), the
    state, and the X each trial paid (-1: none; not capped). ``zone_order``: ``run_mana``'s
    (a replay's outcome lists the zones; the statistics do not)."""
    xs = config.x_spell
    if xs is None or xs.x is not None:
        return part, run_mana(part, zone_order=zone_order), None
    a = part.act_kind.shape[1] - 1
    kind, x = part.act_kind.copy(), part.act_x.copy()
    kind[:, a], x[:, a] = ACT_CAST, -1  # X: the most the pool pays
    cost = xs.cost
    x_cost = (*cost.by_type, cost.generic, cost.x_count, MAX_X_VALUE)
    casts = ManaInputs(**{**vars(part), "act_kind": kind, "act_x": x})
    state = run_mana(casts, x_cost, zone_order=zone_order)
    best = state.cast_x[:, a].copy()
    kind[:, a] = np.where(best >= 0, ACT_CAST, ACT_NONE)
    state.acted[:, a] = best >= 0  # a pool that pays no X casts nothing
    x[:, a] = np.clip(best, 0, MAX_X_VALUE)  # counted by ``x_capped`` when held
    return ManaInputs(**{**vars(part), "act_kind": kind, "act_x": x}), state, best


def _reduced(
    config: ManaConfig,
    rng: np.random.Generator,
    trials: int,
    reduce: Callable[[ManaInputs, WipeState, np.ndarray | None], R],
) -> Iterator[R]:
    """Draw a batch, then run (``run_chunk``) and reduce it chunk by chunk
    (``reduced_chunks``)."""
    inputs = draw_mana_batch(rng, trials, config)
    return reduced_chunks(inputs, partial(run_chunk, config), reduce)


class ManaShape:
    """Shape 2: a board, then mana abilities, and an optional spell with X (SPEC 2 and 4)."""

    name: str = "mana"
    keys: frozenset[str] = frozenset(MANA_KEYS)
    families: tuple[str, ...] = MANA_FAMILIES
    catalog: tuple[Entry, ...] = MANA_CATALOG

    def parse(self, r: Reader, data: Mapping[str, Any]) -> ManaConfig:
        return parse_mana(r, data)

    def layout(self, config: ManaConfig) -> Layout:
        return mana_layout(config)

    def run_batch(self, config: ManaConfig, rng: np.random.Generator, trials: int) -> np.ndarray:
        layout = mana_layout(config)
        total = np.zeros(layout.size, dtype=np.int64)
        for sums in _reduced(config, rng, trials, partial(mana_stats, config)):
            total += layout.pack(sums)
        return total

    def cell_keys(self, config: ManaConfig) -> tuple[Key, ...]:
        return mana_cell_keys(config)

    def run_chunks(
        self, config: ManaConfig, rng: np.random.Generator, trials: int
    ) -> Iterator[tuple[np.ndarray, TrialCells]]:
        """Each engine chunk's statistics and per-trial cells (``sim.shapes.base.PairsTrials``)."""
        layout = mana_layout(config)
        for sums, cells in _reduced(config, rng, trials, partial(mana_trial_stats, config)):
            yield layout.pack(sums), cells

    def rows(self, config: ManaConfig, totals: np.ndarray, families: Sequence[str]) -> list[Row]:
        return mana_rows(config, mana_layout(config), totals, families)

    def stops(self, config: ManaConfig, rng: np.random.Generator, trials: int) -> list[Stop]:
        return chunk_stops(
            _reduced(config, rng, trials, lambda _, state, __: stopped_trials(state))
        )

    def replay(
        self, config: ManaConfig, rng: np.random.Generator, trials: int, index: int
    ) -> ScenarioReplay:
        inputs = draw_mana_batch(rng, trials, config)
        start = index - index % CHUNK  # the engine ran this trial in this chunk
        part, state, _ = run_chunk(config, inputs.take(slice(start, start + CHUNK)), True)
        i = index - start
        scenario = mana_trial_scenario(part, i)
        _, _, s, a = part.shape
        outcome = mana_batch_outcome(state, i, Naming.default(int(part.n_players[i]), s, a))
        return ScenarioReplay(
            scenario, mana_comparable(outcome), mana_comparable, outcome["reason"]
        )
