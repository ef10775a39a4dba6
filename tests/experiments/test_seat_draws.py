"""``SeatDist.draw`` with no weights (a seat uniform among the trial's players, the default
``controller`` and ``caster``): the relative seat is the float32 uniform times the trial's
player count, truncated and kept below it, counted on from the active seat, exactly as
numpy's array arithmetic makes it (``draw_steps.seats_of`` does it in one compiled pass)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.config.dists import SeatDist, absolute_seat


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), t=st.sampled_from([1, 7, 2000]), cols=st.integers(1, 5))
def test_uniform_seats_are_numpys_float32_products_from_the_active_seat(
    seed: int, t: int, cols: int
) -> None:
    setup = np.random.default_rng(seed)
    n_players = setup.integers(2, 9, size=t).astype(np.int8)
    active = (setup.random(t) * n_players).astype(np.int8)
    drawn_rng, numpy_rng = np.random.default_rng(seed + 1), np.random.default_rng(seed + 1)
    drawn = SeatDist(None).draw(drawn_rng, n_players, active, cols)
    u = numpy_rng.random((t, cols), dtype=np.float32)
    n = n_players[:, None]
    relative = np.minimum((u * n).astype(np.int8), n - 1)
    assert drawn.dtype == np.int8
    assert np.array_equal(drawn, absolute_seat(relative, active[:, None], n))
    assert drawn_rng.bit_generator.state == numpy_rng.bit_generator.state


def test_uniform_seats_at_the_edges_of_the_uniforms() -> None:
    """The uniforms nearest 0 and 1 and some whose products are whole or halves, for every
    player count and active seat: truncated, not rounded, never the count itself."""
    from sim.config.draw_steps import seats_of

    below_one = np.nextafter(np.float32(1), np.float32(0))
    edges = np.array([0, 2**-24, 0.5, 1 / 3, 2 / 3, 0.75, below_one], dtype=np.float32)
    pairs = [(n, a) for n in range(1, 9) for a in range(n)]
    n_players = np.array([n for n, _ in pairs], dtype=np.int8)
    active = np.array([a for _, a in pairs], dtype=np.int8)
    u = np.tile(edges, (len(pairs), 1))
    seats = np.empty(u.shape, dtype=np.int8)
    seats_of(u, n_players, active, seats)
    n = n_players[:, None]
    relative = np.minimum((u * n).astype(np.int8), n - 1)
    assert np.array_equal(seats, absolute_seat(relative, active[:, None], n))
