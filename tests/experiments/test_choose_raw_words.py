"""``dists.choose``, ``categorical`` and ``bernoulli`` compare PCG64's raw 32-bit draws with
integer thresholds (``draw_steps.categories_of``, ``below_of``) instead of making the float32
uniforms first: the very values the uniforms give (a category by how many thresholds the
uniform reaches, true below ``float32(p)``), and the generator left as numpy's float32 draws
leave it (every experiment's seeded draws go through these)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.config.dists import RAW_FROM, bernoulli, categorical, choose

SIZES = st.sampled_from([1, RAW_FROM - 1, RAW_FROM, RAW_FROM + 1, 5000])
WEIGHTS = st.lists(st.floats(0.0, 10.0), min_size=1, max_size=12).filter(lambda w: sum(w) > 0)


def _from_uniforms(u: np.ndarray, values: np.ndarray, probs: list[float]) -> np.ndarray:
    """What the float32 uniforms give: the value of the category whose thresholds they reach."""
    cdf = np.cumsum(np.asarray(probs, dtype=np.float64))
    thresholds = (cdf[:-1] / cdf[-1]).astype(np.float32)
    index = np.minimum(np.searchsorted(thresholds, u, side="right"), len(probs) - 1)
    taken: np.ndarray = values[index]
    return taken


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=SIZES, probs=WEIGHTS, lead=st.booleans())
def test_choose_gives_the_values_of_numpys_float32_uniforms(
    seed: int, size: int, probs: list[float], lead: bool
) -> None:
    numpy_rng, raw_rng = np.random.default_rng(seed), np.random.default_rng(seed)
    if lead:  # a 32-bit half kept from an earlier draw
        numpy_rng.random(1, dtype=np.float32)
        raw_rng.random(1, dtype=np.float32)
    values = np.array([(-7) ** k % 301 - 150 for k in range(len(probs))], dtype=np.int16)
    expected = _from_uniforms(numpy_rng.random(size, dtype=np.float32), values, probs)
    drawn = choose(raw_rng, values, tuple(probs), (size,))
    assert drawn.dtype == np.int16 and np.array_equal(drawn, expected)
    assert raw_rng.bit_generator.state == numpy_rng.bit_generator.state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=SIZES, probs=WEIGHTS)
def test_categorical_indices_are_the_float32_uniforms_categories(
    seed: int, size: int, probs: list[float]
) -> None:
    numpy_rng, raw_rng = np.random.default_rng(seed), np.random.default_rng(seed)
    index = np.arange(len(probs), dtype=np.intp)
    expected = _from_uniforms(numpy_rng.random((size, 2), dtype=np.float32), index, probs)
    drawn = categorical(raw_rng, tuple(probs), (size, 2))
    assert drawn.dtype == np.intp and np.array_equal(drawn, expected)
    assert raw_rng.bit_generator.state == numpy_rng.bit_generator.state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=SIZES,
    p=st.one_of(st.floats(1e-9, 1 - 1e-9), st.sampled_from([0.5, 0.25, 0.2, 2.0**-24])),
)
def test_bernoulli_is_true_below_float32_p(seed: int, size: int, p: float) -> None:
    numpy_rng, raw_rng = np.random.default_rng(seed), np.random.default_rng(seed)
    expected = numpy_rng.random(size, dtype=np.float32) < np.float32(p)
    drawn = bernoulli(raw_rng, p, (size,))
    assert drawn.dtype == np.bool_ and np.array_equal(drawn, expected)
    assert raw_rng.bit_generator.state == numpy_rng.bit_generator.state


def test_a_threshold_on_a_draw_is_reached_exactly() -> None:
    """A uniform equal to ``p`` is not below it, one 2**-24 below is: ``p`` is the first
    draw's own uniform (its top 24 bits over 2**24), then one step above it."""
    rng = np.random.default_rng(5)
    words = rng.bit_generator.random_raw(1)  # the first word's low half is the first draw
    edge = float(int(words[0] & 0xFFFFFFFF) >> 8) / 2**24
    for p, first in ((edge, False), (edge + 2.0**-24, True)):
        again = np.random.default_rng(5)
        assert bernoulli(again, p, (RAW_FROM,))[0] == first


def test_choose_of_unsigned_values_draws_the_same_values() -> None:
    """Values of another kind (unsigned here) take numpy's uniforms: the same draws."""
    values, probs = np.array([3, 0, 250], dtype=np.uint8), (0.2, 0.5, 0.3)
    numpy_rng, raw_rng = np.random.default_rng(9), np.random.default_rng(9)
    expected = _from_uniforms(numpy_rng.random(RAW_FROM * 2, dtype=np.float32), values, [*probs])
    assert np.array_equal(choose(raw_rng, values, probs, (RAW_FROM * 2,)), expected)
    assert raw_rng.bit_generator.state == numpy_rng.bit_generator.state
