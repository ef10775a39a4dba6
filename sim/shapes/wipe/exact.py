"""``--exact``: enumerate every trial a wipe experiment can draw, with its probability, and
run them all through the batch engine as one batch, for exact probabilities.

Every distribution of the wipe shape is discrete (weighted card pools, probabilities, small
count distributions, seats, trigger orders, targets), so a sweep point's trials form a finite
support: the product of every draw site of ``sim.shapes.wipe.draws`` (``exact_draws``). That
product is reduced first (``exact_reduce``: finished slot states, the active seat turned to
seat 0, exchangeable slots as multisets, trigger orders by linked seats and identical slots),
and the reduced support, counted after reduction, is checked against a cap before anything
runs. Each support point gets its probability as an exact fraction, scaled to an integer
weight over a common denominator D. The batch statistics are sums over trials, so weighting a
trial by w is counting it w times: the weighted sums are exact (Python integers) and every
estimate, a ratio of them, is the exact probability or expectation, rounded once to a float.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from fractions import Fraction

import numpy as np

from engine.batch.wipe import run_wipe
from engine.batch.wipe_state import EV_CAST, WipeInputs
from sim.shapes.base import CHUNK, Row
from sim.shapes.exact import ExactPoint, Factor, fractions_of, marked_exact, weighted_sums
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.exact_draws import draw_factors, fill
from sim.shapes.wipe.exact_reduce import build, reduced_support, support_count
from sim.shapes.wipe.metrics import wipe_rows
from sim.shapes.wipe.stats import wipe_layout, wipe_stats


def _orders(config: WipeConfig) -> int:
    """Trigger orders per board: every permutation of the slots and events when random."""
    width = config.n_slots + len(config.events)
    return math.factorial(width) if config.trigger_order == "random" else 1


def _rank_factor(config: WipeConfig) -> list[Factor]:
    """The random trigger order as one factor: every permutation, each as likely."""
    if config.trigger_order != "random":
        return []
    width = config.n_slots + len(config.events)
    rows = np.array(list(itertools.permutations(range(width))), dtype=np.int32)
    return [Factor("rank", -1, rows, tuple([Fraction(1, len(rows))] * len(rows)))]


def support_size(config: WipeConfig) -> int:
    """Support points of one sweep point before reduction: every combination of every draw
    site (what enumerating naively would run)."""
    return _orders(config) * sum(
        math.prod(len(f.values) for f in draw_factors(config, n))
        for n in config.players.count.values
    )


def reduced_size(config: WipeConfig, cap: int) -> int | None:
    """Support points of one sweep point after reduction (what ``--exact`` runs), or None
    when its boards alone are more than ``cap``."""
    total = 0
    for n in config.players.count.values:
        sup = reduced_support(config, n, cap)
        if sup is None:
            return None
        total += support_count(config, sup)
    return total


def _naive(config: WipeConfig, n: int) -> tuple[WipeInputs, list[int], int]:
    return fill(config, n, draw_factors(config, n) + _rank_factor(config))


def _reduced(config: WipeConfig, n: int) -> tuple[WipeInputs, list[int], int]:
    sup = reduced_support(config, n, math.inf)  # type: ignore[arg-type]
    assert sup is not None
    return build(config, sup)


def _weighted_stats(config: WipeConfig, inputs: WipeInputs, weights: list[int]) -> np.ndarray:
    """Σ over support points of weight x statistics (``sim.shapes.exact.weighted_sums``)."""
    layout = wipe_layout(config)

    def stats(rows: np.ndarray, groups: list[np.ndarray]) -> Iterator[np.ndarray]:
        part = inputs.take(rows)
        state = run_wipe(part, zone_order=False)  # the statistics count cards
        for g in groups:
            yield layout.pack(wipe_stats(config, part.take(g), state.take(g)))

    return weighted_sums(layout.size, weights, CHUNK, stats)


def not_enumerated(config: WipeConfig) -> str:
    """Why a configuration uses draws this module does not enumerate ("" when it does not):
    events other than casts, several mode sets, summoning sickness, granted combat keywords,
    counters of other kinds."""
    if any(ev.kinds != (EV_CAST,) for ev in config.events):
        return "events other than casts (do = ...) are not enumerated"
    if any(len(set(ev.modes)) > 1 or len(ev.modes[0]) > 1 for ev in config.events):
        return "several mode sets per event are not enumerated"
    if any(g.since_turn_start < 1 or g.keywords for g in config.slots):
        return "since_turn_start and granted combat keywords are not enumerated"
    if any(g.counters for g in config.slots):
        return "counters other than +1/+1 and -1/-1 are not enumerated"
    return ""


def exact_point(config: WipeConfig, reduce: bool = True) -> ExactPoint:
    """Enumerate one sweep point: the weighted totals over a common denominator; ``reduce``
    False enumerates every draw site one by one (the reference the reduction is tested on)."""
    count = config.players.count
    parts = []
    for n, pn in zip(count.values, fractions_of(count.probs), strict=True):
        inputs, weights, denom = _reduced(config, n) if reduce else _naive(config, n)
        parts.append((inputs, weights, pn / denom))
    common = math.lcm(*(scale.denominator for _, _, scale in parts))
    totals = np.zeros(wipe_layout(config).size, dtype=object)
    support = 0
    for inputs, weights, scale in parts:
        factor = int(scale * common)
        totals += _weighted_stats(config, inputs, [w * factor for w in weights])
        support += len(weights)
    return ExactPoint(totals, support, common)


def exact_rows(config: WipeConfig, point: ExactPoint, families: Sequence[str]) -> list[Row]:
    """The metric rows of an enumerated point, marked exact (``sim.shapes.exact``)."""
    return marked_exact(
        wipe_rows(config, wipe_layout(config), point.totals, families), point.support
    )
