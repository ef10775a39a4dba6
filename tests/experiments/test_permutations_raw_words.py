"""``dists.permutations`` (random trigger orders and tap orders) swaps with the very integers
``rng.integers(0, i + 1, size=t, dtype=np.int32)`` draws for each Fisher-Yates step, made in
one compiled pass from PCG64's 32-bit draws (``engine.raw_draws``), and leaves the generator
as those calls leave it (its buffered 32-bit half too); ``test_draw_pinned`` pins whole
batches that draw through it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import raw_draws
from sim.config import dists
from sim.config.dists import permutations
from tests.twin_generators import BEFORE, assert_left_alike, twins

DRAWN_BEFORE = st.sampled_from(BEFORE)


def _numpys(rng: np.random.Generator, t: int, width: int) -> np.ndarray:
    """The permutations as numpy's calls make them, step by step."""
    perm = np.empty((t, width), dtype=np.int32)
    perm[:] = np.arange(width, dtype=np.int32)
    rows = np.arange(t)
    for i in range(width - 1, 0, -1):
        j = rng.integers(0, i + 1, size=t, dtype=np.int32)
        perm[rows, i], perm[rows, j] = perm[rows, j], perm[rows, i].copy()
    return perm


def _same(seed: int, t: int, width: int, before: str) -> None:
    numpy_rng, raw_rng = twins(seed, before)
    assert np.array_equal(permutations(raw_rng, t, width), _numpys(numpy_rng, t, width))
    assert_left_alike(raw_rng, numpy_rng)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    t=st.integers(1, 300),
    width=st.integers(1, 40),
    before=DRAWN_BEFORE,
)
def test_permutations_are_numpys_draws_bit_for_bit(
    seed: int, t: int, width: int, before: str
) -> None:
    _same(seed, t, width, before)


@pytest.mark.parametrize("round_words", [1, 3, 50])
def test_permutations_past_a_rounds_draws_go_on_with_more(
    monkeypatch: pytest.MonkeyPatch, round_words: int
) -> None:
    """Draws come in rounds (few words a round: many rounds, and a step that runs out of
    draws mid-way goes on where it stopped)."""
    monkeypatch.setattr(raw_draws, "ROUND_WORDS", round_words)
    for seed, before in enumerate(BEFORE):
        _same(seed, 37, 13, before)


def test_permutations_of_another_bit_generator_are_numpys() -> None:
    """Only PCG64's words are read here; any other generator draws as numpy does."""
    a, b = np.random.Generator(np.random.Philox(7)), np.random.Generator(np.random.Philox(7))
    assert np.array_equal(permutations(a, 50, 9), _numpys(b, 50, 9))
    assert np.array_equal(a.integers(0, 2**62, 5), b.integers(0, 2**62, 5))  # left alike


def test_a_draw_in_lemires_rejection_zone_is_drawn_again() -> None:
    """Lemire's method (numpy's bounded integers): for [0, 2], a 32-bit draw whose product
    with 3 leaves a low part below (2**32 - 3) % 3 = 1 (the draw 0) is drawn again; the next
    one, 5, gives 5 * 3 >> 32 = 0. The swaps stop where the draws run out."""
    from sim.config.draw_steps import lemire_swaps

    perm = np.arange(3, dtype=np.int32)[None, :].copy()
    halves = np.array([0, 5], dtype=np.uint32)
    assert lemire_swaps(perm, 2, 0, halves) == (1, 0, 2)  # step 1 not drawn: no draws left
    assert perm.tolist() == [[2, 1, 0]]


# A draw of PCG64(0) that Lemire's method draws again for a bound of 13: word 71,676,296's
# high half (330,382,100 * 13 leaves 8 below 2**32, under the threshold 9), found by search.
REDRAWN_WORD = 71_676_296


def _before_a_redraw() -> tuple[np.random.Generator, np.random.Generator]:
    """Twin generators whose 101st 32-bit draw is drawn again by a Fisher-Yates step of 13:
    50 words before it, and one int32 taken (a half kept, as ``twins``' int32)."""
    pair = np.random.default_rng(0), np.random.default_rng(0)
    for rng in pair:
        rng.bit_generator.advance(REDRAWN_WORD - 50)
        rng.integers(0, 7, dtype=np.int32)
    return pair


def test_permutations_a_draw_drawn_again_in_a_block_goes_step_by_step() -> None:
    """A block of rows swapped through all their steps (``block_permutations``) stops at a
    draw Lemire's method draws again (row 100 of the first step here): every later draw of
    the steps moves on by one, so the rows are swapped again step by step, as numpy draws."""
    from sim.config.draw_steps import block_permutations

    numpy_rng, raw_rng = _before_a_redraw()
    probe = raw_draws.Halves.of(_before_a_redraw()[0])
    assert probe is not None
    states, carry = probe.runs([150] * 12)
    perm = np.empty((150, 13), dtype=np.int32)
    assert not block_permutations(perm, states, probe.inc, carry, 512)
    assert np.array_equal(permutations(raw_rng, 150, 13), _numpys(numpy_rng, 150, 13))
    assert_left_alike(raw_rng, numpy_rng)


@pytest.mark.parametrize("block", [1, 7, 64])
def test_permutations_in_blocks_of_any_size(monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    """Blocks of one row, of an odd number of rows, many blocks: each step's run goes on
    from where its block stopped."""
    monkeypatch.setattr(dists, "PERMUTATION_BLOCK", block)
    for seed, before in enumerate(BEFORE):
        _same(seed, 301, 13, before)
