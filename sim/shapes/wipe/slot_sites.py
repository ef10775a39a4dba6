"""A slot group's draw sites in one compiled pass (``draw_steps.slot_sites``), bit for bit the
values ``draws._slot_group``'s site-by-site draws make.

Site by site, each draw went over the whole batch: a pass making the draws, a pass making
the values, an array of T x S values written through memory, read back by the next step
(persist_wipes: 124 ns of a trial's 190 ns of drawing). The draws of a site are a run of the
batch's generator that starts where the sites before it end (``Halves.runs``), so a block of
trials can make every site's values from its own copy of the generator, in cache.

A group with a site this pass does not make (granted keywords, a foreign owner, seats drawn
by weight) and a generator other than PCG64 are drawn site by site (``fused_columns``
returns None)."""

from __future__ import annotations

import numpy as np

from engine.raw_draws import Halves
from sim.config.dists import Discrete, below_edge, category_edges
from sim.shapes.wipe.config import SlotGroup

# (name, dtype) of the sites, in the order ``draws._slot_group`` draws them
SITES: tuple[tuple[str, type], ...] = (
    ("card", np.int16),
    ("empty", np.bool_),
    ("controller", np.int8),
    ("plus", np.int16),
    ("minus", np.int16),
    ("damage", np.int16),
    ("token", np.bool_),
    ("tapped", np.bool_),
    ("not_creature", np.bool_),
    ("granted_persist", np.int8),
    ("granted_undying", np.int8),
    ("since_turn_start", np.bool_),
)

Site = tuple[int, np.ndarray, tuple[int, ...]]  # kind, edges (uint32), values


def _fixed(value: int) -> Site:
    from sim.config.draw_steps import FIXED

    return FIXED, np.zeros(0, dtype=np.uint32), (value,)


def _bernoulli(p: float) -> Site:
    """``dists.bernoulli``: no draw at 0 or 1."""
    from sim.config.draw_steps import BELOW

    if p <= 0.0 or p >= 1.0:
        return _fixed(int(p >= 1.0))
    return BELOW, below_edge(p), (0, 1)


def _choose(values: tuple[int, ...], probs: tuple[float, ...]) -> Site:
    """``dists.choose`` of integer values."""
    from sim.config.draw_steps import CATEGORIES

    return CATEGORIES, category_edges(probs), values


def _discrete(dist: Discrete) -> Site:
    """``Discrete.draw``."""
    if dist.is_fixed:
        return _fixed(dist.values[0])
    if dist.values == (0, 1):
        return _bernoulli(dist.probs[1])
    return _choose(dist.values, dist.probs)


def _sites(group: SlotGroup) -> list[Site]:
    from sim.config.draw_steps import SEAT

    card = _fixed(group.cards[0]) if len(group.cards) == 1 else _choose(group.cards, group.weights)
    return [
        card,
        _bernoulli(group.empty),
        (SEAT, np.zeros(0, dtype=np.uint32), (0,)),
        _discrete(group.plus),
        _discrete(group.minus),
        _discrete(group.damage),
        _bernoulli(group.token),
        _bernoulli(group.tapped),
        _bernoulli(group.not_creature),
        _discrete(group.persist),
        _discrete(group.undying),
        _bernoulli(group.since_turn_start),
    ]


def fused_columns(
    rng: np.random.Generator, group: SlotGroup, n_players: np.ndarray, active: np.ndarray
) -> dict[str, np.ndarray] | None:
    """The group's columns (T, S) by ``SITES`` name, drawn as ``draws._slot_group`` draws
    them site by site, or None (nothing drawn) where it must draw them so."""
    from sim.config import draw_steps

    if group.keywords or group.foreign_owner > 0 or group.controller.weights is not None:
        return None
    halves = Halves.of(rng)
    if halves is None:
        return None
    t, s = len(n_players), group.count
    sites = _sites(group)
    spec = np.zeros((len(sites), 5), dtype=np.int64)  # kind, first edge, edges, first value, run
    e0 = v0 = runs = 0
    for k, (kind, reached, vals) in enumerate(sites):
        draws = kind != draw_steps.FIXED
        spec[k] = kind, e0, len(reached), v0, runs if draws else -1
        e0, v0, runs = e0 + len(reached), v0 + len(vals), runs + draws
    states, carry = halves.runs([t * s] * runs if t * s else [])
    halves.skip(t * s * runs)
    halves.close()
    outs: tuple[np.ndarray, ...] = tuple(np.empty((t, s), dtype=dtype) for _, dtype in SITES)
    draw_steps.slot_sites(
        spec,
        np.concatenate([reached for _, reached, _ in sites]).astype(np.uint32),
        np.array([v for _, _, vals in sites for v in vals], dtype=np.int64),
        states,
        halves.inc,
        carry,
        n_players,
        active,
        outs,
        draw_steps.SITE_DRAWS,
    )
    return {name: out for (name, _), out in zip(SITES, outs, strict=True)}
