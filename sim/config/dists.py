"""Small discrete distributions of experiment files, drawn a whole batch at a time.

Every draw takes the batch's generator and a shape, and consumes the generator only when the
distribution is random (a fixed value costs nothing). The draw sites of a batch run in one
fixed order (``experiment_draws``), so a seed always gives the same trials.

Uniforms are float32: 24 random bits put a bias below 1e-7 on each probability, far under any
Monte Carlo error, and halve the cost of the dominant draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def categorical(
    rng: np.random.Generator, probs: tuple[float, ...], shape: tuple[int, ...]
) -> np.ndarray:
    """Indices drawn with ``probs`` (normalized), by inverting the cumulative distribution
    (a few categories by comparisons, more by binary search)."""
    cdf = np.cumsum(np.asarray(probs, dtype=np.float64))
    thresholds = (cdf[:-1] / cdf[-1]).astype(np.float32)
    u = rng.random(shape, dtype=np.float32)
    if len(thresholds) > 8:
        found = np.searchsorted(thresholds, u, side="right")
        return np.minimum(found, len(probs) - 1).astype(np.intp)
    index = np.zeros(shape, dtype=np.intp)
    for edge in thresholds:
        index += u >= edge
    return index


def bernoulli(rng: np.random.Generator, p: float, shape: tuple[int, ...]) -> np.ndarray:
    """A boolean array, true with probability ``p`` (no draw when ``p`` is 0 or 1)."""
    if p <= 0.0 or p >= 1.0:
        return np.full(shape, p >= 1.0, dtype=np.bool_)
    drawn: np.ndarray = rng.random(shape, dtype=np.float32) < np.float32(p)
    return drawn


def permutations(rng: np.random.Generator, t: int, width: int) -> np.ndarray:
    """(T, width) int32: a uniform random permutation of ``range(width)`` per row.

    Fisher-Yates on all rows at once, one position per step, on a (width, T) layout so every
    step reads contiguous memory (``Generator.permuted`` shuffles row by row, slower on many
    short rows)."""
    perm = np.tile(np.arange(width, dtype=np.int32)[:, None], (1, t))
    flat = perm.ravel()
    cols = np.arange(t)
    for i in range(width - 1, 0, -1):
        at = rng.integers(0, i + 1, size=t) * t + cols
        held = perm[i].copy()
        perm[i] = flat[at]
        flat[at] = held
    return np.ascontiguousarray(perm.T)


@dataclass(frozen=True)
class Discrete:
    """A distribution over a few integers: ``values[k]`` with probability ``probs[k]``."""

    values: tuple[int, ...]
    probs: tuple[float, ...]

    @staticmethod
    def fixed(value: int) -> Discrete:
        return Discrete((value,), (1.0,))

    @staticmethod
    def bernoulli(p: float) -> Discrete:
        """One with probability ``p``, else zero (a count given as a probability)."""
        if 0.0 < p < 1.0:
            return Discrete((0, 1), (1.0 - p, p))
        return Discrete.fixed(int(p >= 1.0))

    @property
    def is_fixed(self) -> bool:
        return len(self.values) == 1

    @property
    def low(self) -> int:
        return min(self.values)

    @property
    def high(self) -> int:
        return max(self.values)

    def draw(self, rng: np.random.Generator, shape: tuple[int, ...], dtype: type) -> np.ndarray:
        """Draw an array of ``shape`` (no draw at all when the value is fixed)."""
        values: np.ndarray = np.array(self.values, dtype=dtype)
        if self.is_fixed:
            return np.full(shape, values[0], dtype=dtype)
        if self.values == (0, 1):
            return bernoulli(rng, self.probs[1], shape).astype(dtype)
        drawn: np.ndarray = values[categorical(rng, self.probs, shape)]
        return drawn


@dataclass(frozen=True)
class SeatDist:
    """A seat relative to the active player (0 active, 1 next in turn order, ...).

    ``weights`` is None for "uniform over the trial's seats"; otherwise weights by relative
    seat, renormalized in each trial over the seats that trial has.
    """

    weights: tuple[float, ...] | None = None

    def draw(self, rng: np.random.Generator, n_players: np.ndarray, cols: int) -> np.ndarray:
        """Relative seats, (T, cols) int8, each below its trial's player count."""
        t = len(n_players)
        if self.weights is None:
            u = rng.random((t, cols), dtype=np.float32)
            drawn: np.ndarray = np.minimum(
                (u * n_players[:, None]).astype(np.int8), n_players[:, None] - 1
            )
            return drawn.astype(np.int8)
        w = np.asarray(self.weights, dtype=np.float64)
        if np.count_nonzero(w) == 1:
            return np.full((t, cols), int(np.flatnonzero(w)[0]), dtype=np.int8)
        seats = np.arange(len(w))
        present = np.where(seats[None, :] < n_players[:, None], w[None, :], 0.0)
        cdf = np.cumsum(present, axis=1)
        u64 = rng.random((t, cols)) * cdf[:, -1:]
        index: np.ndarray = np.minimum((u64[:, :, None] >= cdf[:, None, :]).sum(2), len(w) - 1)
        return index.astype(np.int8)
