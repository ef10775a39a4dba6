"""``--exact``: enumerate every trial a wipe experiment can draw, with its probability, and
run them all through the batch engine as one batch, for exact probabilities.

Every distribution of the wipe shape is discrete (weighted card pools, probabilities, small
count distributions, seats, trigger orders, targets), so a sweep point's trials form a finite
support: the product of every draw site of ``sim.shapes.wipe.draws``. Each support point gets
its probability as an exact fraction (the file's decimals read back as the rationals they
spell, e.g. 0.2 as 1/5), scaled to an integer weight over a common denominator D. The batch
statistics are sums over trials, so weighting a trial by w is counting it w times: the
weighted sums are exact (Python integers) and every estimate, a ratio of them, is the exact
probability or expectation, rounded once to a float. The support grows as a product, so it
is checked against a cap before anything runs.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe import run_wipe
from engine.batch.wipe_state import EV_CAST, WipeInputs
from sim.config.dists import Discrete, SeatDist
from sim.config.experiment import Experiment
from sim.errors import UserError
from sim.run.stats import Estimate
from sim.shapes.base import Row
from sim.shapes.orders import fixed_order_keys
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.metrics import wipe_rows
from sim.shapes.wipe.shape import CHUNK
from sim.shapes.wipe.start import drop_dead_start
from sim.shapes.wipe.stats import wipe_layout, wipe_stats

MAX_SUPPORT = 100_000  # default cap on support points per sweep point (--max-support)
DENOMINATOR = 10**6  # a file's decimals are read as the nearest fraction with at most this


def _fractions(probs: Sequence[float]) -> tuple[Fraction, ...]:
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


def _discrete(name: str, column: int, d: Discrete) -> Factor:
    return Factor(name, column, np.array(d.values), _fractions(d.probs))


def _bernoulli(name: str, column: int, p: float) -> Factor:
    return _discrete(name, column, Discrete.bernoulli(p))


def _seat(name: str, column: int, seat: SeatDist, n: int) -> Factor:
    """A relative seat: uniform, or weights renormalized over the trial's ``n`` seats."""
    if seat.weights is None:
        return Factor(name, column, np.arange(n), tuple([Fraction(1, n)] * n))
    w = [seat.weights[k] if k < len(seat.weights) else 0.0 for k in range(n)]
    keep = [k for k in range(n) if w[k] > 0]
    return Factor(name, column, np.array(keep), _fractions([w[k] for k in keep]))


def _other(name: str, column: int, n: int, p: float = 1.0) -> Factor:
    """A shift to another seat, uniform among the n - 1 others, taken with probability p."""
    q = Fraction(p).limit_denominator(DENOMINATOR)
    values = [0, *range(1, n)] if q < 1 else list(range(1, n))
    probs = ([1 - q] if q < 1 else []) + [q / (n - 1)] * (n - 1)
    keep = [k for k, pr in enumerate(probs) if pr > 0]
    return Factor(name, column, np.array([values[k] for k in keep]), tuple(probs[k] for k in keep))


def _factors(config: WipeConfig, n: int) -> list[Factor]:
    """Every draw site of a trial with ``n`` players (``sim.shapes.wipe.draws``' order)."""
    players = config.players
    out: list[Factor] = []
    if players.active is None:
        out.append(Factor("active", -1, np.arange(n), tuple([Fraction(1, n)] * n)))
    out.extend(_discrete("life", k, players.life) for k in range(config.max_players))
    column = 0
    for g in config.slots:
        cards = Factor("card", -1, np.array(g.cards), _fractions(g.weights))
        for _ in range(g.count):
            c = column
            out += [
                replace(cards, column=c),
                _bernoulli("empty", c, g.empty),
                _seat("controller", c, g.controller, n),
                _other("owner", c, n, g.foreign_owner),
                _discrete("plus", c, g.plus),
                _discrete("minus", c, g.minus),
                _discrete("damage", c, g.damage),
                _bernoulli("token", c, g.token),
                _bernoulli("tapped", c, g.tapped),
                _bernoulli("not_creature", c, g.not_creature),
                _discrete("granted_persist", c, g.persist),
                _discrete("granted_undying", c, g.undying),
            ]
            column += 1
    for e, ev in enumerate(config.events):
        out += [
            Factor("ev_card", e, np.array(ev.cards), _fractions(ev.weights)),
            _discrete("ev_x", e, ev.x),
            _seat("ev_by", e, ev.caster, n),
        ]
    width = config.n_slots + len(config.events)
    if config.targets == "random":
        out.extend(_other("ping", k, n) for k in range(width))
    if config.targets == "any":
        seats = tuple([Fraction(1, n)] * n)
        out.extend(Factor("ping", k, np.arange(n), seats) for k in range(width))
    return out


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
    """Support points of one sweep point: every combination of every draw site."""
    return _orders(config) * sum(
        math.prod(len(f.values) for f in _factors(config, n)) for n in config.players.count.values
    )


def _fill(config: WipeConfig, n: int, factors: list[Factor]) -> tuple[WipeInputs, list[int], int]:
    """Every support point for ``n`` players as one batch of inputs, their integer weights,
    and the denominator of the weights (the product of the factors' denominators)."""
    sizes = [len(f.values) for f in factors]
    t = math.prod(sizes)
    picks = np.unravel_index(np.arange(t), sizes) if factors else ()
    s, e, p = config.n_slots, len(config.events), config.max_players
    arrays: dict[str, np.ndarray] = {
        "active": np.full(t, config.players.active or 0, dtype=np.int8),
        "life": np.zeros((t, p), dtype=np.int16),
        "ev_card": np.zeros((t, e), dtype=np.int16),
        "ev_x": np.zeros((t, e), dtype=np.int16),
        "ev_by": np.zeros((t, e), dtype=np.int8),
        "rank": np.full((t, s + e), -1, dtype=np.int32),
        "ping": np.zeros((t, s + e), dtype=np.int8),
    }
    for key in ("card", "plus", "minus", "damage"):
        arrays[key] = np.zeros((t, s), dtype=np.int16)
    for key in ("controller", "owner", "granted_persist", "granted_undying"):
        arrays[key] = np.zeros((t, s), dtype=np.int8)
    for key in ("empty", "token", "tapped", "not_creature"):
        arrays[key] = np.zeros((t, s), dtype=np.bool_)
    common = 1
    weights = np.ones(t, dtype=object)
    for f, pick in zip(factors, picks, strict=True):
        target = arrays[f.name]
        value = f.values[pick]
        if f.column >= 0:
            target[:, f.column] = value
        else:
            target[...] = value
        denom = math.lcm(*(pr.denominator for pr in f.probs))
        numerators = np.array([int(pr * denom) for pr in f.probs], dtype=object)
        weights = weights * numerators[pick]
        common *= denom
    return _inputs(config, n, arrays), [int(w) for w in weights], common


def _board(config: WipeConfig, n: int, drawn: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The enumerated board as ``draw_wipe_batch`` finishes it: empty slots, absolute seats,
    legal starting boards."""
    card = np.where(drawn["empty"], np.int16(-1), drawn["card"]).astype(np.int16)
    controller = ((drawn["controller"] + drawn["active"][:, None]) % n).astype(np.int8)
    column = 0
    for g in config.slots:
        cols = slice(column, column + g.count)
        column += g.count
        if g.legal_start and (g.minus.high > 0 or g.damage.high > 0):
            drop_dead_start(  # slices of the arrays: changed in place
                card[:, cols],
                drawn["plus"][:, cols],
                drawn["minus"][:, cols],
                drawn["damage"][:, cols],
                drawn["not_creature"][:, cols],
            )
    board = {"card": card, "controller": controller}
    board["owner"] = ((controller + drawn["owner"]) % n).astype(np.int8)
    for key in ("plus", "minus", "damage", "granted_persist", "granted_undying"):
        board[key] = np.where(card < 0, 0, drawn[key]).astype(drawn[key].dtype)
    for key in ("token", "tapped", "not_creature"):
        board[key] = drawn[key] & (card >= 0)
    return board


def _inputs(config: WipeConfig, n: int, drawn: dict[str, np.ndarray]) -> WipeInputs:
    """The engine's inputs from the enumerated draws, finished as ``draw_wipe_batch`` does:
    the board, absolute casters, trigger ranks, targets."""
    t = len(drawn["card"])
    board = _board(config, n, drawn)
    ev_by = ((drawn["ev_by"] + drawn["active"][:, None]) % n).astype(np.int8)
    rank = drawn["rank"]
    if config.trigger_order == "fixed":
        cards = np.concatenate([board["card"], drawn["ev_card"]], axis=1)
        rank = fixed_order_keys(cards, config.fixed_order, tb.N)
    ping = np.full(rank.shape, -1, dtype=np.int8)
    if config.targets == "random":
        seat = np.concatenate([board["controller"], ev_by], axis=1)
        ping = ((seat + drawn["ping"]) % n).astype(np.int8)
    elif config.targets == "any":
        ping = drawn["ping"].astype(np.int8)
    e = len(config.events)
    zeros16 = np.zeros((t, e), dtype=np.int16)
    return WipeInputs(
        n_players=np.full(t, n, dtype=np.int8),
        active=drawn["active"],
        life=drawn["life"],
        **board,
        rank=rank.astype(np.int32),
        ping_target=ping,
        ev_kind=np.full((t, e), EV_CAST, dtype=np.int8),
        ev_card=drawn["ev_card"],
        ev_by=ev_by,
        ev_x=drawn["ev_x"],
        ev_target=zeros16,
        ev_amount=zeros16.copy(),
        ev_counter=np.zeros((t, e), dtype=np.int8),
        ev_mode=np.tile(np.array([ev.modes[0][0] for ev in config.events], dtype=np.int8), (t, 1)),
    )


def _weighted_stats(config: WipeConfig, inputs: WipeInputs, weights: list[int]) -> np.ndarray:
    """Sum over support points of weight x statistics, in exact Python integers: trials of
    one weight are reduced together (the statistics are sums over trials)."""
    layout = wipe_layout(config)
    total = np.zeros(layout.size, dtype=object)
    t = len(weights)
    for start in range(0, t, CHUNK):
        part = inputs.take(slice(start, start + CHUNK))
        state = run_wipe(part)
        by_weight: dict[int, list[int]] = {}
        for k, w in enumerate(weights[start : start + CHUNK]):
            by_weight.setdefault(w, []).append(k)
        for w, rows in by_weight.items():
            idx = np.array(rows)
            vector = layout.pack(wipe_stats(config, part.take(idx), state.take(idx)))
            total += vector.astype(object) * w
    return total


@dataclass(frozen=True)
class ExactPoint:
    """One sweep point's exact weighted totals (over ``denominator``) and support size."""

    totals: np.ndarray  # object array of Python ints
    support: int


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


def check_exact(exp: Experiment, max_support: int) -> list[int]:
    """The support size of every sweep point, or a one-line error saying why not exact."""
    if exp.shape != "wipe":
        raise UserError(f"--exact: enumerates wipe experiments only, not shape {exp.shape!r}")
    if max_support < 1:
        raise UserError(f"--max-support {max_support}: expected a positive number")
    for point in exp.points:
        why = not_enumerated(point.config)
        if why:
            raise UserError(f"--exact: {why} (hint: sample it: run without --exact)")
    sizes = [support_size(p.config) for p in exp.points]
    worst = max(sizes)
    if worst > max_support:
        raise UserError(
            f"--exact: the support has {worst:,} points (boards x choices), over the cap of"
            f" {max_support:,} (hint: fewer slots or choices, or --max-support N; else sample)"
        )
    return sizes


def exact_point(config: WipeConfig) -> ExactPoint:
    """Enumerate one sweep point: the weighted totals over a common denominator."""
    count = config.players.count
    count_probs = _fractions(count.probs)
    parts = []
    for n, pn in zip(count.values, count_probs, strict=True):
        inputs, weights, denom = _fill(config, n, _factors(config, n) + _rank_factor(config))
        parts.append((inputs, weights, pn / denom))
    common = math.lcm(*(scale.denominator for _, _, scale in parts))
    totals = np.zeros(wipe_layout(config).size, dtype=object)
    support = 0
    for inputs, weights, scale in parts:
        factor = int(scale * common)
        totals += _weighted_stats(config, inputs, [w * factor for w in weights])
        support += len(weights)
    return ExactPoint(totals, support)


def exact_rows(config: WipeConfig, point: ExactPoint, families: Sequence[str]) -> list[Row]:
    """The metric rows of an enumerated point, marked exact: the interval is the estimate,
    and ``trials`` and ``n`` count the support points enumerated."""
    rows = wipe_rows(config, wipe_layout(config), point.totals, families)
    out = []
    for r in rows:
        est = r.value.estimate
        value = Estimate(est, est, est, point.support if r.value.n > 0 else 0, "exact")
        out.append(Row(r.family, r.metric, r.level, value, point.support))
    return out
