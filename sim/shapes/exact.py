"""What every shape's ``--exact`` enumeration shares (issue 15): draw sites as factors with
exact probabilities, the weighted batch that turns an enumerated support into exact totals,
the rows marked exact, and the cap on the support.

Every distribution of an experiment file is discrete (weighted pools, probabilities, small
count distributions, seats, orders), so each draw site is a ``Factor``: its values, each with
an exact probability (the file's decimals read back as the rationals they spell, e.g. 0.2 as
1/5). A support point's probability is an exact fraction, scaled to an integer weight over a
common denominator D. The batch statistics are sums over trials, so weighting a trial by w is
counting it w times: the weighted sums are exact (Python integers) and every estimate, a ratio
of them, is the exact probability or expectation, rounded once to a float.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from sim.config.dists import Discrete, SeatDist
from sim.errors import UserError
from sim.run.stats import Estimate
from sim.shapes.base import Row

MAX_SUPPORT = 100_000  # default cap on support points per sweep point (--max-support)
DENOMINATOR = 10**6  # a file's decimals are read as the nearest fraction with at most this


def fractions_of(probs: Sequence[float]) -> tuple[Fraction, ...]:
    """Exact probabilities from normalized floats: 0.2 is 1/5, 3/14 is 3/14 (not the binary
    fractions the floats hold), renormalized to sum to exactly 1."""
    fr = [Fraction(p).limit_denominator(DENOMINATOR) for p in probs]
    total = sum(fr, Fraction(0))
    return tuple(f / total for f in fr)


@dataclass(frozen=True)
class Factor:
    """One draw site: ``values[k]`` (a scalar, or a row) with probability ``probs[k]``."""

    name: str  # the input array it fills
    column: int  # its column there (-1: the whole row)
    values: np.ndarray
    probs: tuple[Fraction, ...]


def discrete(name: str, column: int, d: Discrete) -> Factor:
    return Factor(name, column, np.array(d.values), fractions_of(d.probs))


def bernoulli(name: str, column: int, p: float) -> Factor:
    return discrete(name, column, Discrete.bernoulli(p))


def uniform_seat(name: str, column: int, n: int) -> Factor:
    """Any of ``n`` seats, each as likely."""
    return Factor(name, column, np.arange(n), tuple([Fraction(1, n)] * n))


def seat(name: str, column: int, dist: SeatDist, n: int) -> Factor:
    """A relative seat: uniform, or weights renormalized over the trial's ``n`` seats."""
    if dist.weights is None:
        return uniform_seat(name, column, n)
    w = [dist.weights[k] if k < len(dist.weights) else 0.0 for k in range(n)]
    keep = [k for k in range(n) if w[k] > 0]
    return Factor(name, column, np.array(keep), fractions_of([w[k] for k in keep]))


def other(name: str, column: int, n: int, p: float = 1.0) -> Factor:
    """A shift to another seat, uniform among the n - 1 others, taken with probability p."""
    q = Fraction(p).limit_denominator(DENOMINATOR)
    values = [0, *range(1, n)] if q < 1 else list(range(1, n))
    probs = ([1 - q] if q < 1 else []) + [q / (n - 1)] * (n - 1)
    keep = [k for k, pr in enumerate(probs) if pr > 0]
    return Factor(name, column, np.array([values[k] for k in keep]), tuple(probs[k] for k in keep))


def weighted_sums(
    size: int,
    weights: Sequence[int],
    chunk: int,
    stats: Callable[[np.ndarray, list[np.ndarray]], Iterator[np.ndarray]],
) -> np.ndarray:
    """Σ over support points of weight x statistics, in exact Python integers (an object
    array of ``size``). ``stats(rows, groups)`` runs the support points ``rows`` as one
    engine chunk and yields the packed statistics of each group (positions within ``rows``).
    The points are sorted by weight first, so that each run of one weight is one group,
    reduced at once (the statistics are sums over trials): a reduced support has a few
    hundred distinct weights."""
    total = np.zeros(size, dtype=object)
    order = sorted(range(len(weights)), key=weights.__getitem__)
    for start in range(0, len(order), chunk):
        rows = np.array(order[start : start + chunk], dtype=np.intp)
        groups, values, at = [], [], 0
        for w, run in itertools.groupby(weights[k] for k in rows):
            size_of = sum(1 for _ in run)
            groups.append(np.arange(at, at + size_of))
            values.append(w)
            at += size_of
        for w, vector in zip(values, stats(rows, groups), strict=True):
            total += vector.astype(object) * w
    return total


@dataclass(frozen=True)
class ExactPoint:
    """One sweep point's exact weighted totals, their total weight (the totals over it are
    the exact sums per trial) and the support size enumerated."""

    totals: np.ndarray  # object array of Python ints
    support: int
    weight: int


def marked_exact(rows: Sequence[Row], support: int) -> list[Row]:
    """The metric rows of an enumerated point, marked exact: the interval is the estimate,
    and ``trials`` and ``n`` count the support points enumerated."""
    out = []
    for r in rows:
        est = r.value.estimate
        value = Estimate(est, est, est, support if r.value.n > 0 else 0, "exact")
        out.append(Row(r.family, r.metric, r.level, value, support, r.turn))
    return out


def check_cap(sizes: Sequence[int | None], naive: Sequence[int], max_support: int) -> list[int]:
    """Every point's reduced support size (None: more than the cap), or a one-line error
    naming the first over the cap (its sweep group when there are several), its size after
    and before reduction, and a hint."""
    for group, (size, before) in enumerate(zip(sizes, naive, strict=True)):
        if size is None or size > max_support:
            counted = f"{size:,}" if size is not None else f"more than {max_support:,}"
            which = f" of sweep group {group}" if len(sizes) > 1 else ""
            raise UserError(
                f"--exact: the support{which} has {counted} points after reduction"
                f" ({before:,} before; boards x choices), over the cap of"
                f" {max_support:,} (hint: fewer slots or choices, or --max-support N; else sample)"
            )
    return [size for size in sizes if size is not None]
