"""A slot group's draw sites in one compiled pass (``draw_steps.slot_sites``), bit for bit the
values the shapes' site-by-site draws make (``sim.shapes.wipe.draws``, ``sim.shapes.mana.
draws``).

Site by site, each draw went over the whole batch: a pass making the draws, a pass making
the values, an array of T x S values written through memory, read back by the next step
(persist_wipes: 124 ns of a trial's 190 ns of drawing). The draws of a site are a run of the
batch's generator that starts where the sites before it end (``Halves.runs``), so a block of
trials can make every site's values from its own copy of the generator, in cache.

A site is a value without a draw, a flag (``dists.bernoulli``), a value of a few
(``dists.choose``, ``Discrete.draw``) or a seat (``SeatDist`` without weights, or one seat);
a shape draws a group with any other site (granted keywords, a foreign owner, seats by
weight) site by site, as it does with a generator other than PCG64 (``fused_columns``
returns None)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from engine.raw_draws import Halves
from sim.config import dists
from sim.config.dists import Discrete, SeatDist, below_edge, category_edges
from sim.config.players import other_seat

Site = tuple[int, np.ndarray, tuple[int, ...]]  # kind, edges (uint32), values
Named = tuple[str, type, Site]  # a column's name and dtype, and its site


def fixed(value: int) -> Site:
    from sim.config.draw_steps import FIXED  # see ``sim.config.dists.permutations``

    return FIXED, np.zeros(0, dtype=np.uint32), (value,)


def bernoulli(p: float) -> Site:
    """``dists.bernoulli``: no draw at 0 or 1."""
    from sim.config.draw_steps import BELOW

    if p <= 0.0 or p >= 1.0:
        return fixed(int(p >= 1.0))
    return BELOW, below_edge(p), (0, 1)


def choose(values: tuple[int, ...], probs: tuple[float, ...]) -> Site:
    """``dists.choose`` of integer values (no draw for one)."""
    from sim.config.draw_steps import CATEGORIES

    if len(values) == 1:
        return fixed(values[0])
    return CATEGORIES, category_edges(probs), values


def discrete(dist: Discrete) -> Site:
    """``Discrete.draw``."""
    if dist.is_fixed:
        return fixed(dist.values[0])
    if dist.values == (0, 1):
        return bernoulli(dist.probs[1])
    return choose(dist.values, dist.probs)


def seat(dist: SeatDist) -> Site | None:
    """``SeatDist.draw`` without weights: uniform among the trial's seats; one seat (no draw):
    a placeholder, the seats ``group_columns`` puts in; None for seats drawn by weight."""
    from sim.config.draw_steps import SEAT

    if dist.is_fixed:
        return fixed(0)
    return None if dist.weights is not None else (SEAT, np.zeros(0, dtype=np.uint32), (0,))


class Placed(Protocol):
    """What every slot group of a shape draws first: its cards, its empty slots, its seats."""

    @property
    def count(self) -> int: ...
    @property
    def cards(self) -> tuple[int, ...]: ...
    @property
    def weights(self) -> tuple[float, ...]: ...
    @property
    def empty(self) -> float: ...
    @property
    def controller(self) -> SeatDist: ...
    @property
    def foreign_owner(self) -> float: ...  # the owner another player (uniform among them)


def placed_sites(group: Placed) -> list[Named] | None:
    """A group's first sites (``placed_by_site``' order), or None where a site is not made in
    one pass (a foreign owner, seats drawn by weight)."""
    seats = seat(group.controller)
    if group.foreign_owner > 0 or seats is None:
        return None
    return [
        ("card", np.int16, choose(group.cards, group.weights)),
        ("empty", np.bool_, bernoulli(group.empty)),
        ("controller", np.int8, seats),
    ]


def pick(rng: np.random.Generator, cards: tuple[int, ...], weights: tuple[float, ...],
         shape: tuple[int, ...]) -> np.ndarray:  # fmt: skip
    """Cards (int16) drawn from a weighted pool (no draw for a pool of one)."""
    pool = np.array(cards, dtype=np.int16)
    if len(pool) == 1:
        return np.full(shape, pool[0], dtype=np.int16)
    return dists.choose(rng, pool, weights, shape)


def placed_by_site(
    rng: np.random.Generator, group: Placed, n_players: np.ndarray, active: np.ndarray
) -> dict[str, np.ndarray]:
    """A group's first columns drawn site by site: cards, empty slots, seats, then the owners
    (another player, uniform among the others, on the group's foreign-owner chance)."""
    shape = (len(n_players), group.count)
    card = pick(rng, group.cards, group.weights, shape)
    empty = dists.bernoulli(rng, group.empty, shape)
    controller = group.controller.draw(rng, n_players, active, shape[1])
    foreign = dists.bernoulli(rng, group.foreign_owner, shape)
    owner = controller.copy()
    if foreign.any():
        n = n_players[:, None]
        owner = np.where(foreign, other_seat(rng, controller, n), controller).astype(np.int8)
    return {"card": card, "empty": empty, "controller": controller, "owner": owner}


def _fixed_seats(
    drawn: dict[str, np.ndarray], dist: SeatDist, rng: np.random.Generator,
    n_players: np.ndarray, active: np.ndarray,
) -> None:  # fmt: skip
    """``drawn``'s seats (column ``controller``) where ``dist`` is one seat: ``SeatDist.draw``
    draws nothing for them, so they are found after the draws."""
    if dist.is_fixed:
        drawn["controller"] = dist.draw(rng, n_players, active, drawn["controller"].shape[1])


def group_columns(
    rng: np.random.Generator, group: Placed, sites: Sequence[Named] | None,
    by_site: Callable[[], dict[str, np.ndarray]], n_players: np.ndarray, active: np.ndarray,
) -> dict[str, np.ndarray]:  # fmt: skip
    """A slot group's columns by name, its owners too: drawn in one pass (``fused_columns``)
    where ``sites`` lists them (None: the group has a site this pass does not make), the
    owners its controllers; else ``by_site()``, the shape's site-by-site draws."""
    count = group.count
    drawn = None if sites is None else fused_columns(rng, sites, n_players, active, count)
    if drawn is None:
        return by_site()
    _fixed_seats(drawn, group.controller, rng, n_players, active)
    drawn["owner"] = drawn["controller"].copy()  # no foreign owner
    return drawn


def fused_columns(
    rng: np.random.Generator, sites: Sequence[Named], n_players: np.ndarray, active: np.ndarray,
    count: int,
) -> dict[str, np.ndarray] | None:  # fmt: skip
    """The (T, ``count``) column of each site by name, drawn as its site-by-site draw makes
    it, in the sites' order, or None (nothing drawn) with a generator other than PCG64."""
    from sim.config import draw_steps

    halves = Halves.of(rng)
    if halves is None:
        return None
    t, s = len(n_players), count
    spec = np.zeros((len(sites), 5), dtype=np.int64)  # kind, first edge, edges, first value, run
    e0 = v0 = runs = 0
    for k, (_, _, (kind, reached, vals)) in enumerate(sites):
        draws = kind != draw_steps.FIXED
        spec[k] = kind, e0, len(reached), v0, runs if draws else -1
        e0, v0, runs = e0 + len(reached), v0 + len(vals), runs + draws
    states, carry = halves.runs([t * s] * runs if t * s else [])
    halves.skip(t * s * runs)
    halves.close()
    outs: tuple[np.ndarray, ...] = tuple(np.empty((t, s), dtype=dtype) for _, dtype, _ in sites)
    draw_steps.slot_sites(
        spec,
        np.concatenate([reached for _, _, (_, reached, _) in sites]).astype(np.uint32),
        np.array([v for _, _, (_, _, vals) in sites for v in vals], dtype=np.int64),
        states,
        halves.inc,
        carry,
        n_players,
        active,
        outs,
        draw_steps.SITE_DRAWS,
    )
    return {name: out for (name, _, _), out in zip(sites, outs, strict=True)}
