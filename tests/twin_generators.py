"""Two generators in one state, for the tests that check a compiled draw against numpy's own
(``engine.raw_draws``): seeded alike, then the same draw before the one compared."""

from __future__ import annotations

import numpy as np

BEFORE = ("nothing", "int32", "float32")  # the draws ``twins`` may make first


def twins(seed: int, before: str) -> tuple[np.random.Generator, np.random.Generator]:
    """Two generators seeded with ``seed``, each after the draw ``before``: none, an int32
    (it leaves a 32-bit half buffered) or three float32s."""
    pair = np.random.default_rng(seed), np.random.default_rng(seed)
    for rng in pair:
        if before == "int32":
            rng.integers(0, 7, dtype=np.int32)
        elif before == "float32":
            rng.random(3, dtype=np.float32)
    return pair


def assert_left_alike(a: np.random.Generator, b: np.random.Generator) -> None:
    """The two generators are in one state: the same state, the same next draws."""
    assert a.bit_generator.state == b.bit_generator.state
    assert np.array_equal(
        a.integers(0, 99, 5, dtype=np.int32), b.integers(0, 99, 5, dtype=np.int32)
    )
