"""A slot group of either shape drawn in one compiled pass (``slot_sites.fused_columns``) is
the group drawn site by site (the shape's ``draws._slot_group`` with ``fused=False``), bit
for bit, finished alike (a legal start, empty slots), and leaves the generator as the sites
leave it: any mix of fixed, two-valued and many-valued sites, any batch size and group width
(blocks of trials that end mid-word, runs that start at a word's high half), after any draw
before them; ``test_draw_pinned`` pins whole batches drawn through it."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from sim.config import draw_steps
from sim.config.dists import Discrete, SeatDist
from sim.shapes.mana import draws as mana_draws
from sim.shapes.mana.config import ManaSlotGroup
from sim.shapes.wipe.config import SlotGroup
from sim.shapes.wipe.draws import _sites, _slot_group
from tests.twin_generators import BEFORE, assert_left_alike, twins

CHANCES = st.sampled_from((0.0, 1.0, 0.2, 0.5, 0.999))
# uniform seats (drawn), and one seat (the active player's, the next one's: no draw)
SEATS = st.sampled_from((SeatDist(), SeatDist((1.0,)), SeatDist((0.0, 1.0))))


@st.composite
def discretes(draw: st.DrawFn) -> Discrete:
    kind = draw(st.sampled_from(("fixed", "bernoulli", "many")))
    if kind == "fixed":
        return Discrete.fixed(draw(st.integers(0, 3)))
    if kind == "bernoulli":
        return Discrete.bernoulli(draw(CHANCES))
    values = tuple(sorted(draw(st.sets(st.integers(0, 5), min_size=2, max_size=4))))
    weights = tuple(draw(st.floats(0.01, 1.0)) for _ in values)
    return Discrete(values, weights)


@st.composite
def groups(draw: st.DrawFn) -> SlotGroup:
    cards = tuple(draw(st.lists(st.sampled_from(range(tb.N)), min_size=1, max_size=6, unique=True)))
    return SlotGroup(
        count=draw(st.integers(1, 13)),
        cards=cards,
        weights=tuple(draw(st.floats(0.01, 1.0)) for _ in cards),
        empty=draw(CHANCES),
        controller=draw(SEATS),
        foreign_owner=0.0,
        plus=draw(discretes()),
        minus=draw(discretes()),
        damage=draw(discretes()),
        token=draw(CHANCES),
        tapped=draw(CHANCES),
        not_creature=draw(CHANCES),
        persist=draw(discretes()),
        undying=draw(discretes()),
        legal_start=draw(st.booleans()),
        since_turn_start=draw(CHANCES),
        keywords=(),
    )


def _same(draw_group: Any, group: Any, t: int, seed: int, before: str) -> None:
    """``draw_group`` (a shape's ``_slot_group``) in one pass and site by site, alike."""
    site_rng, fused_rng = twins(seed, before)
    seats = np.random.default_rng(seed)
    n_players = seats.integers(2, 5, t).astype(np.int8)
    active = (seats.random(t) * n_players).astype(np.int8)
    expected = draw_group(site_rng, group, n_players, active, fused=False)
    drawn = draw_group(fused_rng, group, n_players, active)
    assert drawn.keys() == expected.keys()
    for name, values in expected.items():
        assert drawn[name].dtype == values.dtype and drawn[name].shape == values.shape, name
        assert np.array_equal(drawn[name], values), name
    assert_left_alike(fused_rng, site_rng)


@settings(max_examples=60, deadline=None)
@given(
    group=groups(),
    t=st.integers(1, 700),
    seed=st.integers(0, 2**32 - 1),
    before=st.sampled_from(BEFORE),
)
def test_fused_sites_are_the_site_by_site_draws_bit_for_bit(
    group: SlotGroup, t: int, seed: int, before: str
) -> None:
    assert _sites(group) is not None
    _same(_slot_group, group, t, seed, before)


@pytest.mark.parametrize("site_draws", [1, 5, 24])
def test_fused_sites_in_small_blocks(monkeypatch: pytest.MonkeyPatch, site_draws: int) -> None:
    """Blocks of one trial, of an odd number of draws, many blocks: each run goes on from
    where its block stopped, with the half it left over."""
    monkeypatch.setattr(draw_steps, "SITE_DRAWS", site_draws)
    group = SlotGroup(
        count=5, cards=(0, 1, 2), weights=(1.0, 2.0, 3.0), empty=0.3, controller=SeatDist(),
        foreign_owner=0.0, plus=Discrete((0, 1, 2), (0.8, 0.1, 0.1)),
        minus=Discrete.bernoulli(0.2), damage=Discrete.fixed(0), token=0.15, tapped=0.2,
        not_creature=0.0, persist=Discrete.bernoulli(0.2), undying=Discrete.fixed(0),
        legal_start=True, since_turn_start=0.5, keywords=(),
    )  # fmt: skip
    for seed, before in enumerate(BEFORE):
        _same(_slot_group, group, 37, seed, before)


def test_fused_sites_leave_other_groups_to_the_sites() -> None:
    """Keywords, a foreign owner and seats by weight are drawn site by site."""
    base = SlotGroup(
        count=2, cards=(0,), weights=(1.0,), empty=0.0, controller=SeatDist(),
        foreign_owner=0.0, plus=Discrete.fixed(0), minus=Discrete.fixed(0),
        damage=Discrete.fixed(0), token=0.0, tapped=0.0, not_creature=0.0,
        persist=Discrete.fixed(0), undying=Discrete.fixed(0), legal_start=True,
        since_turn_start=1.0, keywords=(),
    )  # fmt: skip
    for other in ({"keywords": ((1, 0.5),)}, {"foreign_owner": 0.1},
                  {"controller": SeatDist((1.0, 2.0))}):  # fmt: skip
        assert _sites(dataclasses.replace(base, **other)) is None


@st.composite
def mana_groups(draw: st.DrawFn) -> ManaSlotGroup:
    cards = tuple(draw(st.lists(st.sampled_from(range(mt.N)), min_size=1, max_size=6, unique=True)))
    kinds = draw(st.lists(st.sampled_from(range(mt.K)), max_size=3))
    return ManaSlotGroup(
        count=draw(st.integers(1, 13)),
        cards=cards,
        weights=tuple(draw(st.floats(0.01, 1.0)) for _ in cards),
        empty=draw(CHANCES),
        controller=draw(SEATS),
        foreign_owner=0.0,
        token=draw(CHANCES),
        tapped=draw(CHANCES),
        since_turn_start=draw(CHANCES),
        haste=draw(CHANCES),
        not_creature=draw(CHANCES),
        damage=draw(discretes()),
        counters=tuple((kind, draw(discretes())) for kind in kinds),
    )


@settings(max_examples=40, deadline=None)
@given(
    group=mana_groups(),
    t=st.integers(1, 700),
    seed=st.integers(0, 2**32 - 1),
    before=st.sampled_from(BEFORE),
)
def test_fused_mana_sites_are_the_site_by_site_draws_bit_for_bit(
    group: ManaSlotGroup, t: int, seed: int, before: str
) -> None:
    assert mana_draws._sites(group) is not None
    _same(mana_draws._slot_group, group, t, seed, before)
