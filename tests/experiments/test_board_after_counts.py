"""The board-afterwards counts of a wipe batch (SPEC section 4: survivors and board after,
creatures and total power by player; life by seat), as ``WipeTotals`` counts each trial,
against the same counts taken straight from the finished state in numpy: on a persist board,
on a four-player mix with token slots past the board and statics that change power
(``kernel_mixes.KERNEL_COUNTERS``), and on every template at once (``mixes.EVERYTHING``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.batch.wipe import run_wipe
from engine.batch.wipe_board import statics_power
from engine.batch.wipe_state import BATTLEFIELD, OK
from sim.config.experiment import load_experiment
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.draws import draw_wipe_batch
from sim.shapes.wipe.stats import WipeTotals
from tests.batch.kernel_mixes import KERNEL_COUNTERS
from tests.batch.mixes import EVERYTHING

PERSIST: WipeConfig = (
    load_experiment(Path(__file__).resolve().parents[2] / "experiments" / "persist_wipes.toml")
    .points[0]
    .config
)


def _expected(config: WipeConfig, trials: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(the counts ``WipeTotals`` kept of each trial's board afterwards, the same in numpy)."""
    inputs = draw_wipe_batch(np.random.default_rng(seed), trials, config)
    state = run_wipe(inputs, zone_order=False)
    totals = WipeTotals(config)
    kept = [np.zeros((trials, width), dtype=np.int64) for width in totals.widths]
    totals.add_keeping(inputs, state, kept)
    p, q = config.max_players, config.max_players + 2
    here = state.zone == BATTLEFIELD
    creature = here & state.is_creature_card & ~state.not_creature
    power = state.eot_power + state.base_p + state.plus - state.minus
    added = statics_power(state)
    power = power + (0 if added is None else added)
    board = inputs.card.shape[1]
    stayed = np.zeros_like(here)
    stayed[:, :board] = (inputs.card >= 0) & (state.obj[:, :board] == 1) & here[:, :board]
    n = state.n_players.astype(np.int64)[:, None]
    seat = (state.controller - state.active[:, None]) % n  # relative to the active player
    want = np.zeros_like(kept[2])
    for k in range(p):
        mine = seat == k
        want[:, k] = (creature & mine).sum(axis=1)
        want[:, q + k] = (power * (creature & mine)).sum(axis=1)
        want[:, 2 * q + k] = (stayed & mine).sum(axis=1)
        has = k < n[:, 0]
        absolute = (state.active.astype(np.int64) + k) % n[:, 0]
        want[:, 3 * q + k] = np.where(has, state.life[np.arange(trials), absolute * has], 0)
        want[:, 3 * q + p + k] = has
    for base in (0, q, 2 * q):  # "all seats"
        want[:, base + p] = want[:, base : base + p].sum(axis=1)
    want[state.status != OK] = 0
    return kept[2], want


@pytest.mark.parametrize(
    "config",
    [PERSIST, KERNEL_COUNTERS, EVERYTHING],
    ids=["persist_wipes", "kernel_counters", "everything"],
)
def test_board_after_counts_are_the_states(config: WipeConfig) -> None:
    """SPEC 4 (wipe metrics: board after by player, life by seat): each trial's counts."""
    kept, want = _expected(config, 700, 11)
    assert np.array_equal(kept, want)
