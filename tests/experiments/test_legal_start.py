"""A drawn starting board is legal (CR 704.5f, 704.5g): ``drop_dead_start`` takes the -1/-1
counters and damage off every creature they would leave dead before the first event, and off
nothing else, whether it is given whole arrays (one compiled pass over the batch as one row)
or column slices of them (the exact enumeration's slot groups)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch import tables as tb
from sim.shapes.wipe import start
from sim.shapes.wipe.start import drop_dead_start

# two creatures of printed toughness 2 (2/2 and 3/2) and a card that is not a creature
BEARS, FINKS, WRATH = (
    tb.INDEX[name] for name in ("grizzly bears", "kitchen finks", "wrath of god")
)
CARDS = (BEARS, FINKS, WRATH)


def _expected(
    card: np.ndarray, plus: np.ndarray, minus: np.ndarray, damage: np.ndarray, other: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Slot by slot, as the rules read: -1/-1 counters and damage, less those of each creature
    they leave dead (``other``: the slot's permanent is not a creature)."""
    minus, damage = minus.copy(), damage.copy()
    for i, j in np.ndindex(card.shape):
        c = int(card[i, j])
        if c < 0 or not tb.IS_CREATURE[c] or other[i, j]:
            continue
        toughness = int(tb.BASE_T[c]) + int(plus[i, j]) - int(minus[i, j])
        if toughness <= 0 or damage[i, j] >= toughness:
            minus[i, j] = damage[i, j] = 0
    return minus, damage


def _board(seed: int, t: int, s: int) -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(seed)
    card = rng.choice(np.array((-1, *CARDS), dtype=np.int16), size=(t, s))
    plus = rng.integers(0, 3, (t, s)).astype(np.int16)
    minus = rng.integers(0, 5, (t, s)).astype(np.int16)
    damage = rng.integers(0, 4, (t, s)).astype(np.int16)
    not_creature = rng.random((t, s)) < 0.2
    return card, plus, minus, damage, not_creature


def test_704_5f_a_bear_with_two_minus_counters_starts_without_them() -> None:
    """704.5f: toughness 0 is dead; with a +1/+1 counter it lives and keeps them; a slot
    whose card is not a creature keeps its counters, as does an empty slot."""
    card = np.array([[BEARS, BEARS, WRATH, -1]], dtype=np.int16)
    plus = np.array([[0, 1, 0, 0]], dtype=np.int16)
    minus = np.array([[2, 2, 2, 2]], dtype=np.int16)
    damage = np.zeros((1, 4), dtype=np.int16)
    drop_dead_start(card, plus, minus, damage, np.zeros((1, 4), dtype=bool), CARDS)
    assert minus.tolist() == [[0, 2, 2, 2]]


def test_704_5g_lethal_damage_on_finks_is_taken_off_with_its_counters() -> None:
    """704.5g: damage at least the toughness is lethal (a 3/2 with a -1/-1 counter and 2
    damage); less is not (1 damage, no counter)."""
    card = np.array([[FINKS, FINKS]], dtype=np.int16)
    minus = np.array([[1, 0]], dtype=np.int16)
    damage = np.array([[2, 1]], dtype=np.int16)
    plus = np.zeros((1, 2), dtype=np.int16)
    drop_dead_start(card, plus, minus, damage, np.zeros((1, 2), dtype=bool), CARDS)
    assert minus.tolist() == [[0, 0]] and damage.tolist() == [[0, 1]]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), t=st.integers(1, 60), s=st.integers(1, 9),
       run=st.sampled_from([1, 3, 64, 2048]))  # fmt: skip
def test_704_5f_g_whole_arrays_and_slices_lose_what_the_rules_take(
    seed: int, t: int, s: int, run: int
) -> None:
    board = _board(seed, t, s)
    want_minus, want_damage = _expected(*board)
    whole = tuple(a.copy() for a in board)
    wide = tuple(np.concatenate([a, a], axis=1) for a in board)  # slots 0..s-1 sliced out
    old_run, start.RUN = start.RUN, run
    try:
        drop_dead_start(*whole, CARDS)
        drop_dead_start(*(a[:, :s] for a in wide), CARDS)
    finally:
        start.RUN = old_run
    for got in (whole, tuple(a[:, :s] for a in wide)):
        assert np.array_equal(got[2], want_minus) and np.array_equal(got[3], want_damage)
        assert all(
            np.array_equal(a, b)
            for a, b in zip(got[:2] + got[4:], board[:2] + board[4:], strict=True)
        )
    assert np.array_equal(wide[2][:, s:], board[2]) and np.array_equal(wide[3][:, s:], board[3])


def test_a_card_outside_the_slot_groups_cards_is_an_error() -> None:
    """The slot group's cards are all a slot may hold: any other is a caller's bug, raised,
    never a board left as it was drawn."""
    card = np.array([[BEARS, WRATH, FINKS]], dtype=np.int16)
    plus, damage = np.zeros((1, 3), dtype=np.int16), np.zeros((1, 3), dtype=np.int16)
    minus = np.array([[0, 1, 0]], dtype=np.int16)  # Finks, without any, changes nothing
    with pytest.raises(ValueError, match="1 slots with counters or damage hold a card not"):
        drop_dead_start(card, plus, minus, damage, np.zeros((1, 3), dtype=bool), (BEARS,))
