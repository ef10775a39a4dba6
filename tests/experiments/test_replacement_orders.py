"""The order a tap's replacement effects apply in (CR 616.1), as the draws pick it: the listed
effects by key, lowest first, ties in board order. ``first_listed`` is compiled; it must give
what a stable sort gives, which is how the draws picked orders before (the same seeded
figures)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch.wipe_state import ORDER_LEN
from sim.shapes import mana_choices
from sim.shapes.mana_choices import _random_orders, first_listed
from tests.twin_generators import BEFORE, assert_left_alike, twins


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


def _drawn_as_uniforms(
    rng: np.random.Generator, replacer: np.ndarray, casts: np.ndarray | None, taps: int
) -> np.ndarray:
    """The definition of the random orders: a float32 uniform per trial, activation and id
    (the board's, then the spells cast by earlier actions), the listed ids by it."""
    t, s = replacer.shape
    codes = np.broadcast_to(replacer[:, None, :], (t, taps, s))
    if casts is not None:
        earlier = np.tri(taps, taps, -1, dtype=bool)[None, :, :] & casts[:, None, :]
        codes = np.concatenate([codes, earlier], 2)
    width = min(ORDER_LEN, codes.shape[2])
    return _by_stable_sort(rng.random(codes.shape, dtype=np.float32), codes, width)


@settings(max_examples=60, deadline=None)
@given(
    t=st.integers(1, 400),
    s=st.integers(1, 12),
    taps=st.integers(1, 12),
    cast=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    before=st.sampled_from(BEFORE),
)
def test_random_orders_are_the_uniforms_orders(
    t: int, s: int, taps: int, cast: bool, seed: int, before: str
) -> None:
    """With PCG64 the keys are the uniforms' 24 bits, taken a block of trials at a time, and
    only the listed ids are visited: the orders of the uniforms, and the generator left as
    their draw leaves it."""
    numpy_rng, raw_rng = twins(seed, before)
    board = np.random.default_rng(seed)
    replacer = board.random((t, s)) < 0.3
    casts = board.random((t, taps)) < 0.3 if cast else None
    drawn = _random_orders(raw_rng, replacer, casts, taps)
    assert np.array_equal(drawn, _drawn_as_uniforms(numpy_rng, replacer, casts, taps))
    assert_left_alike(raw_rng, numpy_rng)


def test_random_orders_in_blocks_of_one_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of a trial each (a round of a few words): each block's keys follow the last's."""
    monkeypatch.setattr(mana_choices, "ROUND_WORDS", 40)
    board = np.random.default_rng(5)
    replacer, casts = board.random((30, 9)) < 0.4, board.random((30, 7)) < 0.4
    for seed, before in enumerate(BEFORE):
        numpy_rng, raw_rng = twins(seed, before)
        drawn = _random_orders(raw_rng, replacer, casts, 7)
        assert np.array_equal(drawn, _drawn_as_uniforms(numpy_rng, replacer, casts, 7))
        assert_left_alike(raw_rng, numpy_rng)
