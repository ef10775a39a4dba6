"""CR 103.1: each game's library is shuffled (and again for each mulligan, 103.5). The deals
of a batch (``draw_deals``) shuffle with ``engine.shuffle.permuted_rows``, which makes the
very orders ``Generator.permuted(rows, axis=-1)`` makes from PCG64's raw words and leaves the
generator as numpy leaves it (its buffered 32-bit half too): a seed deals the same games as
it did with numpy's shuffle, whatever the sizes and whatever is drawn around it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import raw_draws
from engine.deck import deal_chunks, draw_deals
from engine.shuffle import permuted_rows
from tests.deck.decks import deck_of
from tests.twin_generators import BEFORE, assert_left_alike, twins

DRAWN_BEFORE = st.sampled_from(BEFORE)


def _same_draws(seed: int, rows: np.ndarray, before: str) -> None:
    """numpy's shuffle and ``permuted_rows`` from one state: the same orders, then the same
    generator."""
    numpy_rng, raw_rng = twins(seed, before)
    expected = numpy_rng.permuted(rows, axis=-1)
    shuffled = permuted_rows(raw_rng, rows)
    assert shuffled.dtype == rows.dtype and np.array_equal(shuffled, expected)
    assert_left_alike(raw_rng, numpy_rng)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    games=st.integers(1, 40),
    shuffles=st.integers(1, 4),
    cards=st.integers(1, 70),
    before=DRAWN_BEFORE,
)
def test_103_1_deal_shuffles_are_numpys_bit_for_bit(
    seed: int, games: int, shuffles: int, cards: int, before: str
) -> None:
    """CR 103.1: a batch of decks, each shuffled as numpy shuffles it."""
    decks = np.ascontiguousarray(
        np.broadcast_to(np.arange(cards, dtype=np.int16), (games, shuffles, cards))
    )
    _same_draws(seed, decks, before)


@pytest.mark.parametrize("round_words", [1, 7, 60, 200])
def test_103_1_a_shuffle_past_its_words_draws_more_and_redoes_the_row(
    monkeypatch: pytest.MonkeyPatch, round_words: int
) -> None:
    """CR 103.1: words are drawn in rounds; a row the round's words run out in is put back
    and shuffled again with more (few words a round force it on almost every row)."""
    monkeypatch.setattr(raw_draws, "ROUND_WORDS", round_words)
    rows = np.random.default_rng(5).integers(0, 1000, size=(9, 2, 61)).astype(np.int32)
    for seed, before in enumerate(BEFORE):
        _same_draws(seed, rows, before)


def test_103_1_another_bit_generator_shuffles_as_numpy() -> None:
    """Only PCG64's words are read here; any other generator shuffles as numpy does."""
    a, b = np.random.Generator(np.random.Philox(7)), np.random.Generator(np.random.Philox(7))
    rows = np.arange(60, dtype=np.int16).reshape(3, 20)
    assert np.array_equal(permuted_rows(a, rows), b.permuted(rows, axis=-1))
    assert np.array_equal(a.integers(0, 2**62, 5), b.integers(0, 2**62, 5))  # left alike


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    games=st.integers(1, 300),
    size=st.integers(1, 120),
    play=st.sampled_from(("random", "play")),
    before=DRAWN_BEFORE,
)
def test_103_1_deals_chunk_by_chunk_are_the_batchs_deals(
    seed: int, games: int, size: int, play: str, before: str
) -> None:
    """CR 103.1, 103.5: a batch dealt ``size`` games at a time (``deal_chunks``, as a worker
    plays it, holding one chunk's shuffles) deals the very games ``draw_deals`` deals at
    once, and leaves the generator as it does."""
    setup = deck_of({"Forest": 24, "Grizzly Bears": 36}, 3, play=play, max_mulligans=2)
    at_once, by_chunks = twins(seed, before)
    expected = draw_deals(at_once, setup, games)
    chunks = list(deal_chunks(by_chunks, setup, games, size))
    assert [len(c.on_play) for c in chunks[:-1]] == [size] * (len(chunks) - 1)
    assert np.array_equal(np.concatenate([c.on_play for c in chunks]), expected.on_play)
    assert np.array_equal(np.concatenate([c.orders for c in chunks]), expected.orders)
    assert_left_alike(by_chunks, at_once)
