"""``engine.pcg64.fill_words`` makes the words ``PCG64.random_raw`` makes, in their order, from
LANES interleaved copies of the generator, and leaves its state where numpy's is after them:
every compiled draw of an experiment (``engine.raw_draws``) reads its 32-bit halves from these
words, so a seed's trials depend on it bit for bit."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pcg64 import LANES, fill_from, fill_words, lane_maps

# short runs end inside a round of the lanes; long ones cross many rounds
LENGTHS = st.sampled_from([0, 1, 2, LANES - 1, LANES, LANES + 1, 2 * LANES + 3, 1000, 4099])


def _halves(value: int) -> np.ndarray:
    return np.array([value >> 64, value & (2**64 - 1)], dtype=np.uint64)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    lengths=st.lists(LENGTHS, min_size=1, max_size=4),
    skipped=st.integers(0, 9),
)
def test_fill_words_makes_numpys_raw_words_and_leaves_its_state(
    seed: int, lengths: list[int], skipped: int
) -> None:
    bits = np.random.PCG64(seed)
    bits.random_raw(skipped)  # a generator partway through its stream
    lcg = bits.state["state"]
    state, inc = _halves(lcg["state"]), _halves(lcg["inc"])
    for n in lengths:
        words = np.empty(n, dtype=np.uint64)
        fill_words(state, inc, words)
        assert np.array_equal(words, bits.random_raw(n))
        assert (int(state[0]) << 64) | int(state[1]) == bits.state["state"]["state"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63), lengths=st.lists(LENGTHS, min_size=1, max_size=5))
def test_one_generators_lane_maps_serve_every_run_of_it(seed: int, lengths: list[int]) -> None:
    """The compiled draws find a generator's ``lane_maps`` once and fill run after run from
    them through one buffer of copies (``fill_from``): the same words and state as numpy's."""
    bits = np.random.PCG64(seed)
    lcg = bits.state["state"]
    state, inc = _halves(lcg["state"]), _halves(lcg["inc"])
    maps, lanes = lane_maps(inc), np.empty((2, LANES), dtype=np.uint64)
    for n in lengths:
        words = np.empty(n, dtype=np.uint64)
        fill_from(state, maps, lanes, words)
        assert np.array_equal(words, bits.random_raw(n))
        assert (int(state[0]) << 64) | int(state[1]) == bits.state["state"]["state"]
