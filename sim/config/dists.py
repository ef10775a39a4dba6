"""Small discrete distributions of experiment files, drawn a whole batch at a time.

Every draw takes the batch's generator and a shape, and consumes the generator only when the
distribution is random (a fixed value costs nothing). The draw sites of a batch run in one
fixed order (``experiment_draws``), so a seed always gives the same trials.

Uniforms are float32: 24 random bits put a bias below 1e-7 on each probability, far under any
Monte Carlo error, and halve the cost of the dominant draws. ``uniforms`` makes them from the
generator's raw 64-bit words, the very floats ``Generator.random`` would return, at half its
cost (numpy makes each float with a call through the bit generator).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from engine.raw_draws import Halves

# Below this many floats a draw is numpy's own (reading and setting the generator's state
# costs more than the raw words save).
RAW_FROM = 1024
# From this many rows on, permutations are swapped a block of PERMUTATION_BLOCK rows at a
# time (``draw_steps.block_permutations``), each step's draws a run of the generator.
BLOCK_FROM = 64
PERMUTATION_BLOCK = 512


def _through_halves(rng: np.random.Generator, out: np.ndarray, step: Callable[..., None],
                    *args: np.ndarray) -> bool:  # fmt: skip
    """Fill ``out`` (flat) with ``step(draws, out_part, *args)`` over numpy's 32-bit draws of
    ``rng`` (``engine.raw_draws``), one draw per item, leaving ``rng`` as numpy's draws of
    them would; False (nothing drawn) where numpy's own draws must be used instead: another
    bit generator, or fewer than RAW_FROM items."""
    n = len(out)
    halves = Halves.of(rng) if n >= RAW_FROM else None
    if halves is None:
        return False
    done = 0
    while done < n:
        draws = halves.draws((n - done - halves.lead + 1) // 2)  # just enough words
        k = min(len(draws), n - done)
        step(draws[:k], out[done : done + k], *args)
        halves.taken(k)
        done += k
    halves.close()
    return True


def uniforms(rng: np.random.Generator, shape: tuple[int, ...] | int) -> np.ndarray:
    """``rng.random(shape, dtype=np.float32)``, bit for bit and leaving ``rng`` as it would:
    numpy makes each float32 from a 32-bit draw (its top 24 bits over 2**24), and this
    converts numpy's 32-bit draws (``engine.raw_draws``) in one compiled pass. Other bit
    generators, and small draws, are numpy's own."""
    from sim.config.draw_steps import float32_of  # see ``permutations``

    out = np.empty(int(np.prod(shape)), dtype=np.float32)
    if not _through_halves(rng, out, float32_of):
        drawn: np.ndarray = rng.random(shape, dtype=np.float32)
        return drawn
    return out.reshape(shape)


def _index(u: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """The category (uint8 for a few, else intp) of each uniform ``u``: how many of the
    ``thresholds`` it reaches. A few categories by comparisons counted in bytes (each pass
    reads and writes a byte per draw, not eight), more by binary search."""
    if len(thresholds) > 8:
        return np.searchsorted(thresholds, u, side="right")
    index = np.zeros(u.shape, dtype=np.uint8)
    for edge in thresholds:
        np.add(index, (u >= edge).view(np.uint8), out=index)
    return index


def _thresholds(probs: tuple[float, ...]) -> np.ndarray:
    cdf = np.cumsum(np.asarray(probs, dtype=np.float64))
    thresholds: np.ndarray = (cdf[:-1] / cdf[-1]).astype(np.float32)
    return thresholds


def categorical(
    rng: np.random.Generator, probs: tuple[float, ...], shape: tuple[int, ...]
) -> np.ndarray:
    """Indices (intp) drawn with ``probs`` (normalized), by inverting the cumulative
    distribution (``choose`` of the indices)."""
    return choose(rng, np.arange(len(probs), dtype=np.intp), probs, shape)


def _reached(edges: np.ndarray) -> np.ndarray:
    """The float32 ``edges`` (in [0, 1]) as the least 24-bit draw that reaches each: a
    uniform ``m / 2**24`` is at least ``edge`` when ``m >= ceil(edge * 2**24)`` (exact in
    float64)."""
    reached: np.ndarray = np.ceil(edges.astype(np.float64) * 2.0**24).astype(np.uint32)
    return reached


def category_edges(probs: tuple[float, ...]) -> np.ndarray:
    """The least 24-bit draws reaching each threshold of ``probs``' categories (uint32): a
    draw's category is how many it reaches."""
    return _reached(_thresholds(probs))


def below_edge(p: float) -> np.ndarray:
    """(1,) uint32: a draw is below ``float32(p)`` when its top 24 bits are below this."""
    return _reached(np.array([p], dtype=np.float32))


def choose(
    rng: np.random.Generator, values: np.ndarray, probs: tuple[float, ...], shape: tuple[int, ...]
) -> np.ndarray:
    """``values[categorical(rng, probs, shape)]``: the same draws and values, without a
    (T, ...) intp index (in these short arrays a gather costs more than the draw).

    With PCG64 and signed integer values, one compiled pass from numpy's 32-bit draws to the
    values (``categories_of``: each draw's top 24 bits against the thresholds as integers),
    the very values its uniform gives. Otherwise from numpy's uniforms: the thresholds only
    grow, so the ones a uniform reaches are a prefix, and ``values[0]`` plus the steps
    ``values[k + 1] - values[k]`` of the thresholds reached is the value of its category;
    each partial sum is one of the values, so nothing overflows."""
    from sim.config.draw_steps import categories_of  # see ``permutations``

    out = np.empty(int(np.prod(shape)), dtype=values.dtype)
    signed = values.dtype.kind == "i"  # the steps between values are signed integers
    if signed and _through_halves(rng, out, categories_of, category_edges(probs), values):
        return out.reshape(shape)
    u = uniforms(rng, shape)
    thresholds = _thresholds(probs)
    steps = np.diff(values.astype(np.int64))
    if len(thresholds) > 8 or np.abs(steps).max(initial=0) > 127 or values.dtype.kind != "i":
        index = np.minimum(_index(u, thresholds), len(probs) - 1)
        taken: np.ndarray = np.take(values, index)
        return taken
    drawn = np.full(shape, values[0], dtype=values.dtype)
    for edge, step in zip(thresholds, steps, strict=True):
        if step:
            drawn += (u >= edge).view(np.int8) * np.int8(step)
    return drawn


def bernoulli(rng: np.random.Generator, p: float, shape: tuple[int, ...]) -> np.ndarray:
    """A boolean array, true with probability ``p`` (no draw when ``p`` is 0 or 1): true
    where the uniform is below ``float32(p)``, drawn as ``choose`` draws."""
    if p <= 0.0 or p >= 1.0:
        return np.full(shape, p >= 1.0, dtype=np.bool_)
    from sim.config.draw_steps import below_of  # see ``permutations``

    out = np.empty(int(np.prod(shape)), dtype=np.bool_)
    if _through_halves(rng, out, below_of, below_edge(p)):
        return out.reshape(shape)
    drawn: np.ndarray = uniforms(rng, shape) < np.float32(p)
    return drawn


def permutations(rng: np.random.Generator, t: int, width: int) -> np.ndarray:
    """(T, width) int32: a uniform random permutation of ``range(width)`` per row.

    Fisher-Yates on all rows at once, one position per step: the step's draws for every row
    (``Generator.permuted`` shuffles row by row, slower on many short rows), as
    ``rng.integers(0, i + 1, size=t, dtype=np.int32)`` draws them, then the swaps. With PCG64
    the draws and swaps are one compiled pass over numpy's 32-bit draws (``lemire_swaps``,
    ``engine.raw_draws``), the very integers numpy draws; from BLOCK_FROM rows on, a block of
    rows at a time, each row through all its steps while it is in cache, each step's draws a
    run of the generator (``block_permutations``; step by step, every step went over the
    whole batch: persist_wipes' trigger orders took 53 ns a trial, 35 in blocks)."""
    # imported here, not with this module: the compiled code's settings build the batch
    # engine's card tables, which wait for the experiment's card files (``freeze_library``)
    from sim.config.draw_steps import block_permutations, lemire_swaps, swap_step

    perm = np.empty((t, width), dtype=np.int32)
    halves = Halves.of(rng)
    if halves is not None and width > 1 and t >= BLOCK_FROM:
        states, carry = halves.runs([t] * (width - 1))
        if block_permutations(perm, states, halves.inc, carry, PERMUTATION_BLOCK):
            halves.skip(t * (width - 1))
            halves.close()
            return perm
    perm[:] = np.arange(width, dtype=np.int32)  # (a draw drawn again: step by step)
    if halves is None:
        for i in range(width - 1, 0, -1):
            # int32: below 2**32 numpy draws the same integers as for its default int64
            swap_step(perm, i, rng.integers(0, i + 1, size=t, dtype=np.int32))
        return perm
    i, r = width - 1, 0  # where the swaps stand (i = 0: done)
    while i > 0:
        left = t * (i - 1) + t - r  # draws still to make, about: few are drawn again
        i, r, taken = lemire_swaps(perm, i, r, halves.draws(left // 2 + 16))
        halves.taken(taken)
    halves.close()
    return perm


def uniform_pick(rng: np.random.Generator, allowed: np.ndarray) -> np.ndarray:
    """The index along the last axis of one allowed column of each row of ``allowed``, uniform
    among the allowed ones, -1 where none is: the largest of a uniform drawn for every column
    (``allowed.shape`` float32 draws, allowed or not), found in one compiled pass."""
    from sim.config.draw_steps import first_largest  # see ``permutations``

    u = uniforms(rng, allowed.shape)
    *lead, width = allowed.shape
    out = np.full(int(np.prod(lead)), -1, dtype=np.int64)
    if width:
        rows = np.ascontiguousarray(allowed).reshape(-1, width)
        first_largest(u.reshape(-1, width), rows, out)
    return out.reshape(lead)


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
        return choose(rng, values, self.probs, shape)


@dataclass(frozen=True)
class SeatDist:
    """A seat relative to the active player (0 active, 1 next in turn order, ...).

    ``weights`` is None for "uniform over the trial's seats"; otherwise weights by relative
    seat, renormalized in each trial over the seats that trial has.
    """

    weights: tuple[float, ...] | None = None

    @property
    def is_fixed(self) -> bool:
        """One seat has all the weight: drawing it draws nothing."""
        return self.weights is not None and np.count_nonzero(self.weights) == 1

    def draw(
        self, rng: np.random.Generator, n_players: np.ndarray, active: np.ndarray, cols: int
    ) -> np.ndarray:
        """Absolute seats, (T, cols) int8, each below its trial's player count: relative
        seats drawn, counted on from the trial's ``active`` seat."""
        t = len(n_players)
        if self.weights is None:
            from sim.config.draw_steps import seats_of  # see ``permutations``

            u = uniforms(rng, (t, cols))
            seats = np.empty((t, cols), dtype=np.int8)
            seats_of(u, n_players, active, seats)
            return seats
        w = np.asarray(self.weights, dtype=np.float64)
        if self.is_fixed:
            relative = np.full((t, cols), int(np.flatnonzero(w)[0]), dtype=np.int8)
            return absolute_seat(relative, active[:, None], n_players[:, None])
        seat = np.arange(len(w))
        present = np.where(seat[None, :] < n_players[:, None], w[None, :], 0.0)
        cdf = np.cumsum(present, axis=1)
        u64 = rng.random((t, cols)) * cdf[:, -1:]
        index = np.minimum((u64[:, :, None] >= cdf[:, None, :]).sum(2), len(w) - 1)
        return absolute_seat(index.astype(np.int8), active[:, None], n_players[:, None])


def absolute_seat(relative: np.ndarray, active: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Absolute seats of seats relative to the active player (``n`` players, broadcast)."""
    seat: np.ndarray = relative + active
    seat -= (seat >= n) * n
    return seat.astype(np.int8)
