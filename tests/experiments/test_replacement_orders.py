"""The order a tap's replacement effects apply in (CR 616.1), as the draws pick it: the listed
effects by key, lowest first, ties in board order. ``first_listed`` is compiled; it must give
what a stable sort gives, which is how the draws picked orders before (the same seeded
figures)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.shapes.mana_choices import first_listed


def _by_stable_sort(keys: np.ndarray, listed: np.ndarray, width: int) -> np.ndarray:
    """The definition: unlisted keys sort last, a stable argsort, the first ``width``
    columns, -1 where a column picked is not listed."""
    last = keys.max(initial=0) + 1
    keyed = np.where(listed, keys, last)
    perm = np.argsort(keyed, axis=-1, kind="stable")[..., :width]
    picked = np.take_along_axis(listed, perm, axis=-1)
    return np.where(picked, perm, -1).astype(np.int8)


@settings(max_examples=200, deadline=None)
@given(
    t=st.integers(1, 5),
    a=st.integers(1, 4),
    w=st.integers(1, 23),
    width=st.integers(1, 8),
    distinct=st.integers(1, 6),  # few distinct keys: many ties
    seed=st.integers(0, 2**32 - 1),
)
def test_first_listed_is_the_stable_sorts_prefix(
    t: int, a: int, w: int, width: int, distinct: int, seed: int
) -> None:
    """616.1: the listed effects in key order, ties in column (board) order; -1 after them."""
    rng = np.random.default_rng(seed)
    keys = rng.integers(0, distinct, size=(t, a, w)).astype(np.int32)
    listed = rng.random((t, a, w)) < 0.6
    width = min(width, w)
    expected = _by_stable_sort(keys, listed, width)
    assert np.array_equal(first_listed(keys, listed, width), expected)
    floats = keys.astype(np.float32) / distinct
    assert np.array_equal(first_listed(floats, listed, width), expected)


def test_a_broadcast_listing_counts_for_every_activation() -> None:
    """One board's listing, shared by every activation of a trial (a broadcast view)."""
    keys = np.array([[[0.5, 0.1, 0.9], [0.4, 0.8, 0.3]]], dtype=np.float32)
    listed = np.broadcast_to(np.array([[True, False, True]])[:, None, :], keys.shape)
    assert first_listed(keys, listed, 3).tolist() == [[[0, 2, -1], [2, 0, -1]]]
