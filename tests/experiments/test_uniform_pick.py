"""``dists.uniform_pick``: the permanent an activation uses, the creature an ability targets,
the land an Aura enchants, each drawn uniform among the allowed columns. It must pick what
the numpy idiom it replaced picked from the same draws (the largest of a uniform per column,
-1 where no column is allowed), so a seed draws the same trials as before."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.config.dists import uniform_pick


def _numpy_idiom(rng: np.random.Generator, allowed: np.ndarray) -> np.ndarray:
    key = np.where(allowed, rng.random(allowed.shape, dtype=np.float32), -1.0)
    out: np.ndarray = np.where(key.max(-1) >= 0, key.argmax(-1), -1)
    return out


@settings(max_examples=100, deadline=None)
@given(
    shape=st.lists(st.integers(1, 7), min_size=2, max_size=3),
    share=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_pick_is_the_largest_uniform_among_the_allowed(
    shape: list[int], share: float, seed: int
) -> None:
    allowed = np.random.default_rng(seed).random(shape) < share
    picked = uniform_pick(np.random.default_rng(seed + 1), allowed)
    assert np.array_equal(picked, _numpy_idiom(np.random.default_rng(seed + 1), allowed))


def test_each_allowed_column_is_as_likely() -> None:
    allowed = np.tile(np.array([True, False, True, True, False]), (60_000, 1))
    counts = np.bincount(uniform_pick(np.random.default_rng(7), allowed), minlength=5)
    assert counts[1] == counts[4] == 0
    assert np.all(np.abs(counts[[0, 2, 3]] - 20_000) < 600)  # 4.6 sigma
