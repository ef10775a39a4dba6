"""The deck game's frontier of pools (CR 106.7, 605.3b) on random boards of sources whose
choices all make as much mana (the hash-table path, ``frontier._add_new``): every sum of one
choice per source, each once, and past its buffer the cap (-1), never a truncated frontier."""

from __future__ import annotations

from itertools import product

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch.deck.tables import deck_tables
from engine.batch.kernel.deck.columns import B_CARD, N_BOARD_COLUMNS, N_SCALARS, ST_BOARD, ST_TURN
from engine.batch.kernel.deck.frontier import SEVERAL_WIDTH, frontier, spare_len
from engine.batch.kernel.deck.pools import amount
from tests.deck.decks import deck_of

W, U, B, R, G, C = range(6)
# each source's choices, as mana types made (WUBRGC indices); all make as much mana in all
CHOICES: dict[str, list[tuple[int, ...]]] = {
    "Birds of Paradise": [(W,), (U,), (B,), (R,), (G,)],
    "Forest": [(G,)],
    "Gilded Lotus": [(t, t, t) for t in (W, U, B, R, G)],
    "Adarkar Wastes": [(C,), (W,), (U,)],
    "Selesnya Guildgate": [(G,), (W,)],
}
NAMES = tuple(CHOICES)
SETUP = deck_of(dict.fromkeys(NAMES, 12), 3)  # deck index: 12 copies of each name in turn
TABLES = deck_tables(SETUP)


def _expected(board: list[str]) -> set[tuple[int, ...]]:
    pools = set()
    for picks in product(*(CHOICES[name] for name in board)):
        pool = [0] * 6
        for made in picks:
            for t in made:
                pool[t] += 1
        pools.add(tuple(pool))
    return pools


@settings(max_examples=60, deadline=None)
@given(
    board=st.lists(st.sampled_from(NAMES), min_size=1, max_size=9),
    buffer=st.sampled_from([8, 64, 512, 4096]),
)
def test_the_frontier_is_every_sum_each_once_or_the_cap(board: list[str], buffer: int) -> None:
    """CR 106.7: the pools untapped sources could make; ``buffer`` pools at most."""
    rows = np.zeros((40, N_BOARD_COLUMNS), dtype=np.int64)
    for b, name in enumerate(board):
        rows[b, B_CARD] = 12 * NAMES.index(name) + board[:b].count(name)
    state = np.zeros(N_SCALARS, dtype=np.int64)
    state[ST_BOARD], state[ST_TURN] = len(board), 2  # entered on turn 0: every one can tap
    several = np.zeros((40, SEVERAL_WIDTH), dtype=np.int64)
    out, spare = np.zeros(buffer, np.int64), np.zeros(spare_len(buffer), np.int64)
    n = frontier(rows, state, TABLES.cards, TABLES.choices, 0, -1, 0, out, spare, several)
    expected = _expected(board)
    if len(expected) > buffer:
        assert n == -1
        return
    found = [tuple(amount(int(pool), t) for t in range(6)) for pool in out[:n]]
    assert len(found) == len(set(found))  # each once
    assert set(found) == expected
