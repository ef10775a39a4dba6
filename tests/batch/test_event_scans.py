"""Issue 11: the whitelist's and the layout's questions about a batch's events are compiled
passes (``fits._event_kinds``, ``layout._names_a_cast_slot``). They answer as numpy's
whole-array passes did, which these tests keep as the definition: kinds outside the
kernel's (negative, or past the last), a cast naming no card, a permanent cast, a slot
code past the board, a chosen-targets mask with a bit past it (its sign bit included)."""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.batch import tables as tb
from engine.batch.kernel.fits import EVENTS, KERNEL_OK, kernel_fits
from engine.batch.kernel.present import cards_present
from engine.batch.kernel.state import MAX_PLAYERS
from engine.batch.layout import PERMANENT_SPELL, _names_a_cast_slot
from engine.batch.wipe_state import EV_CAST, WipeInputs
from tests.batch.kernel_mixes import LAYOUT_MIXES, draw

WRATH, FINKS = tb.INDEX["wrath of god"], tb.INDEX["kitchen finks"]


def _fits_by_numpy(inputs: WipeInputs) -> bool:
    kind = inputs.ev_kind.ravel().astype(np.intp)
    if kind.size and kind.min() < 0:
        return False
    kinds = np.flatnonzero(np.bincount(kind, minlength=1))
    if not set(kinds.tolist()) <= EVENTS or inputs.life.shape[1] > MAX_PLAYERS:
        return False
    if ((inputs.ev_kind == EV_CAST) & (inputs.ev_card < 0)).any():
        return False
    return bool(KERNEL_OK[cards_present(inputs)].all())


def _names_by_numpy(inputs: WipeInputs) -> bool:
    s = inputs.shape[2]
    card = np.maximum(inputs.ev_card, 0)
    if ((inputs.ev_kind == EV_CAST) & (inputs.ev_card >= 0) & PERMANENT_SPELL[card]).any():
        return True
    codes = [c for c in (inputs.ev_target, inputs.ev_tap_creature) if c is not None]
    if any((c >= s).any() for c in codes):
        return True
    masks = [m for m in (inputs.chosen, inputs.ev_chosen) if m is not None]
    return s < 64 and any(((m >> s) != 0).any() for m in masks)


def _batch() -> WipeInputs:
    return draw(LAYOUT_MIXES["kernel_taps"], seed=11, trials=8)


@settings(max_examples=60, deadline=None)
@given(
    kind=st.integers(-3, 20),
    card=st.sampled_from([-1, WRATH, FINKS]),
    target=st.integers(-12, 30),
    past=st.integers(-3, 60),
)
@example(kind=0, card=-1, target=-12, past=0)  # the first bit past the board
@example(kind=0, card=-1, target=-12, past=-1)
@example(kind=0, card=-1, target=-12, past=60)  # the sign bit
@example(kind=0, card=-1, target=0, past=-3)  # the first slot code past the board
@example(kind=0, card=-1, target=-1, past=-3)
def test_event_scans_answer_as_numpy_did(kind: int, card: int, target: int, past: int) -> None:
    """Every event of the batch none (no card, no target), but one: its kind, its card, its
    target's slot code (``target`` past the board's slots), and one bit of its trial's chosen
    targets (``past`` the board's slots); the whitelist and the layout answer as before."""
    inputs = _batch()
    t, _, s, e = inputs.shape
    ev_kind = np.zeros_like(inputs.ev_kind)
    ev_card, ev_target = np.full_like(inputs.ev_card, -1), np.full_like(inputs.ev_target, -1)
    ev_kind[t - 1, e - 1], ev_card[t - 1, e - 1] = kind, card
    ev_target[t - 1, e - 1] = max(s + target, -1)
    chosen = np.zeros((t, s + e), dtype=np.int64)
    chosen[0, 0] = np.int64(1) << np.int64(min(s + past, 63))  # bit s: the first past the board
    changed = dataclasses.replace(
        inputs, ev_kind=ev_kind, ev_card=ev_card, ev_target=ev_target, chosen=chosen,
        ev_tap_creature=None, ev_chosen=None,
    )  # fmt: skip
    assert kernel_fits(changed) == _fits_by_numpy(changed)
    assert _names_a_cast_slot(changed) == _names_by_numpy(changed)


def test_every_layout_mix_scans_as_numpy_did() -> None:
    for mix in LAYOUT_MIXES.values():
        inputs = draw(mix, seed=3, trials=64)
        assert kernel_fits(inputs) == _fits_by_numpy(inputs)
        assert _names_a_cast_slot(inputs) == _names_by_numpy(inputs)
