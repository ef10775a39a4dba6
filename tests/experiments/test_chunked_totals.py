"""A batch is run and counted chunk by chunk (``reduced_chunks``): the chunks are the batch's
trials, each once and in order, and the statistics summed over them (``WipeTotals``, read
back once a batch) are those of the whole batch counted at once."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch.rows import take_rows
from engine.batch.wipe import run_wipe
from sim.config.experiment import load_experiment
from sim.shapes.mana.config import ManaConfig
from sim.shapes.mana.draws import draw_mana_batch
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.draws import draw_wipe_batch
from sim.shapes.wipe.stats import WipeTotals, wipe_layout, wipe_stats

EXPERIMENTS = Path(__file__).resolve().parents[2] / "experiments"


def _config(name: str) -> Any:
    return load_experiment(EXPERIMENTS / name).points[0].config


WIPE: WipeConfig = _config("persist_wipes.toml")
MANA: ManaConfig = _config("mana_tap_orders.toml")


def _same(a: Any, b: Any) -> bool:
    """Field by field: equal arrays, or the very same other value."""
    for f in fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, np.ndarray):
            if not (isinstance(y, np.ndarray) and x.dtype == y.dtype and np.array_equal(x, y)):
                return False
        elif x is not y:
            return False
    return True


@settings(max_examples=25, deadline=None)
@given(trials=st.integers(1, 300), size=st.integers(1, 120), seed=st.integers(0, 2**16))
def test_chunks_are_the_batch_in_order(trials: int, size: int, seed: int) -> None:
    """``chunks(size)`` gives trials [0, size), [size, 2 size), ...: each chunk is what
    ``take`` gives for its rows, and together they hold every trial once."""
    for batch in (
        draw_wipe_batch(np.random.default_rng(seed), trials, WIPE),
        draw_mana_batch(np.random.default_rng(seed), trials, MANA),
    ):
        parts = list(batch.chunks(size))
        assert len(parts) == -(-trials // size)
        for k, part in enumerate(parts):
            assert _same(part, batch.take(slice(k * size, (k + 1) * size)))
        assert sum(len(part.card) for part in parts) == trials
        assert np.array_equal(np.concatenate([part.card for part in parts]), batch.card)


def test_take_rows_keeps_what_has_no_rows() -> None:
    """A field without a row per trial (None, a size, a flag) is kept as it is."""
    batch = draw_wipe_batch(np.random.default_rng(5), 40, WIPE)
    part = take_rows(batch, np.array([3, 1, 4]), 40)
    for f in fields(batch):
        value = getattr(batch, f.name)
        if not (isinstance(value, np.ndarray) and value.shape[:1] == (40,)):
            assert getattr(part, f.name) is value
    assert part.card.tolist() == batch.card[[3, 1, 4]].tolist()


@settings(max_examples=6, deadline=None)
@given(size=st.sampled_from((1, 127, 128, 129, 500)), seed=st.integers(0, 2**16))
def test_totals_over_chunks_are_the_batch_counted_at_once(size: int, seed: int) -> None:
    """The passes add each chunk into the same sums; read back once, they are the layout's
    sums of the whole batch (integer sums: exact in any order)."""
    batch = draw_wipe_batch(np.random.default_rng(seed), 500, WIPE)
    layout = wipe_layout(WIPE)
    whole = layout.pack(wipe_stats(WIPE, batch, run_wipe(batch, zone_order=False)))
    totals = WipeTotals(WIPE)
    for part in batch.chunks(size):
        totals.add(part, run_wipe(part, zone_order=False))
    assert np.array_equal(layout.pack(totals.read()), whole)


def test_totals_read_are_copies() -> None:
    """What ``read`` gave does not change as the totals go on counting."""
    batch = draw_wipe_batch(np.random.default_rng(9), 200, WIPE)
    totals = WipeTotals(WIPE)
    totals.add(batch, run_wipe(batch, zone_order=False))
    layout = wipe_layout(WIPE)
    first = layout.pack(totals.read())
    before = {key: value.copy() for key, value in totals.read().items()}
    read = totals.read()
    totals.add(batch, run_wipe(batch, zone_order=False))
    assert all(np.array_equal(read[key], before[key]) for key in before)
    assert np.array_equal(layout.pack(totals.read()), 2 * first)
