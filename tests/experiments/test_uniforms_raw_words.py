"""``dists.uniforms`` makes float32 uniforms from PCG64's raw words: the very floats
``Generator.random(dtype=float32)`` returns, and the generator left as numpy leaves it (its
buffered 32-bit half too), whatever the sizes and whatever is drawn between (the seeded draws
of every experiment go through it; ``test_draw_pinned`` pins a few whole batches)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.config.dists import RAW_FROM, uniforms

SIZES = st.sampled_from([1, 2, 3, RAW_FROM - 1, RAW_FROM, RAW_FROM + 1, 2 * RAW_FROM + 3, 5000])
BETWEEN = st.sampled_from(["nothing", "int32", "float64", "float32"])


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    steps=st.lists(st.tuples(SIZES, st.booleans(), BETWEEN), min_size=1, max_size=6),
)
def test_uniforms_are_numpys_float32_draws_bit_for_bit(
    seed: int, steps: list[tuple[int, bool, str]]
) -> None:
    numpy_rng, raw_rng = np.random.default_rng(seed), np.random.default_rng(seed)
    for size, as_matrix, between in steps:
        shape: tuple[int, ...] = (size,) if not as_matrix else (size, 3)
        expected = numpy_rng.random(shape, dtype=np.float32)
        drawn = uniforms(raw_rng, shape)
        assert drawn.dtype == np.float32 and drawn.shape == expected.shape
        assert np.array_equal(drawn, expected)
        assert raw_rng.bit_generator.state == numpy_rng.bit_generator.state
        for rng_ in (numpy_rng, raw_rng):  # a draw between, from the same state
            if between == "int32":
                rng_.integers(0, 7, size=3, dtype=np.int32)
            elif between == "float64":
                rng_.random(2)
            elif between == "float32":
                rng_.random(1, dtype=np.float32)
        assert raw_rng.bit_generator.state == numpy_rng.bit_generator.state


def test_uniforms_of_another_bit_generator_are_numpys() -> None:
    """Only PCG64's words are split here; any other generator draws as numpy does."""
    a, b = np.random.Generator(np.random.Philox(7)), np.random.Generator(np.random.Philox(7))
    assert np.array_equal(uniforms(a, 3000), b.random(3000, dtype=np.float32))
    assert np.array_equal(a.integers(0, 2**62, 5), b.integers(0, 2**62, 5))  # left alike
