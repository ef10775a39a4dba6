"""How a batch of trials is laid out in working arrays (``WipeState``): the board's slots,
one slot per event that may cast a permanent, then token slots, with the object bookkeeping
and the records the outcome reports."""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.board_layout import Placed, board_arrays, fill_rows
from engine.batch.kernel.jit import njit
from engine.batch.kernel.present import cards_present
from engine.batch.kernel.state import (
    FRESH,
    GROUP_FIELDS,
    GROUP_WRITTEN,
    SLOT_DTYPES,
    SLOT_FIELDS,
    SLOT_GROUPS,
)
from engine.batch.wipe_state import (
    EV_CAST,
    EV_NONE,
    Features,
    WipeInputs,
    WipeState,
)

TOKEN_SLOTS = 16  # tokens a trial may have at once (a slot is used again once its token has
#                   ceased to exist); one that needs more is reported unsupported
# The kernel's loops over a trial's slots are compiled for groups of SLOT_GROUP slots and one
# at a time for the rest: a batch without tokens gets up to ROUND_UP empty slots to make a
# whole group (A/B in one process: counters-4p on 16 slots rather than 14, 4% faster; mana-tap
# on 10 rather than 16 and mixed-timeline on 12 rather than 16, 4% to 8% faster). Never with
# tokens: the slots past the cast slots are token slots, and more would raise the token cap.
SLOT_GROUP, ROUND_UP = 8, 2
# the cards whose casting puts a permanent in the event's cast slot (``kernel.events.cast``:
# every instant and sorcery has a spell code, tables.SPELL)
PERMANENT_SPELL = tb.SPELL <= 0


def slot_count(inputs: WipeInputs, token_slots: int, features: Features) -> int:
    """The slots a trial needs: the board's; then one per event, when an event casts a
    permanent or names a slot past the board (it finds an empty slot there, as the reference
    finds no such permanent); then the token slots, with a card that makes tokens (they follow
    the cast slots)."""
    s, e = inputs.shape[2], inputs.shape[3]
    casts = features.tokens or _names_a_cast_slot(inputs)
    return s + (e if casts else 0) + (token_slots if features.tokens else 0)


def _names_a_cast_slot(inputs: WipeInputs) -> bool:
    """Whether an event casts a permanent, or names a slot past the board (by its code, or
    as a bit of a set of chosen targets). Compiled passes over the events: numpy's took
    37 ns of a mana-tap trial."""
    s = inputs.shape[2]
    if _casts_a_permanent(inputs.ev_kind, inputs.ev_card, PERMANENT_SPELL):
        return True
    codes = [c for c in (inputs.ev_target, inputs.ev_tap_creature) if c is not None]
    if any(_any_at_least(c, s) for c in codes):
        return True
    masks = [m for m in (inputs.chosen, inputs.ev_chosen) if m is not None]
    if s >= 64:
        return False
    first = np.uint64(1) << np.uint64(s)  # slot s's bit; the sign bit too, as unsigned
    return any(_any_at_least(m.view(np.uint64), first) for m in masks)


@njit
def _casts_a_permanent(ev_kind: np.ndarray, ev_card: np.ndarray, permanent: np.ndarray) -> bool:
    for i in range(ev_kind.shape[0]):
        for e in range(ev_kind.shape[1]):
            if ev_kind[i, e] == EV_CAST and ev_card[i, e] >= 0 and permanent[ev_card[i, e]]:
                return True
    return False


def _any_at_least(values: np.ndarray, least: int | np.uint64) -> bool:
    """Whether any of ``values`` is at least ``least``."""
    return _any_flat_at_least(values.reshape(-1), least)


@njit
def _any_flat_at_least(flat: np.ndarray, least: int | np.uint64) -> bool:
    """A compare and an or per value, with no early exit and an unsigned index: a loop LLVM
    makes of vector instructions (a test of mana-tap's targets took 6 ns a trial with the exit
    and a row at a time, 1.4 this way)."""
    hit = 0
    for m in range(flat.shape[0]):
        hit |= flat[np.uint64(m)] >= least
    return hit != 0


def new_state(
    inputs: WipeInputs,
    token_slots: int = TOKEN_SLOTS,
    bookkeeping: bool = True,
    features: Features | None = None,
    slots: int | None = None,
    zone_order: bool = True,
    kernel_stores: bool = False,
) -> WipeState:
    """Lay the inputs out in working arrays with room for cast permanents and tokens. Without
    ``bookkeeping`` (the fast path), objects and tokens get zero width and no empty slots
    (SLOT_GROUP) are added. ``features``: the batch's, when the caller has them already;
    ``slots``: the slots of a batch these trials are part of (a part is written back into the
    whole, slot for slot); without ``zone_order`` the arrivals in zones get width 0.

    ``kernel_stores``: the kernel runs every trial of this state and copies out every row a
    trial may change (``run._store_slots``), so of the FRESH rows only those it copies out
    only after giving a slot a card (``state.PRINTED``) are set here; all of them in a batch
    with token slots, which a trial that never reaches them does not copy out at all."""
    t, _, s, e = inputs.shape
    if features is None:
        features = Features.of(cards_present(inputs))
    n = slots
    if n is None:
        n = slot_count(inputs, token_slots, features)
        whole = -(-n // SLOT_GROUP) * SLOT_GROUP
        if bookkeeping and not features.tokens and whole - n <= ROUND_UP:
            n = whole
    general = bookkeeping
    return WipeState(
        n_players=inputs.n_players.astype(np.int8),
        active=inputs.active.astype(np.int8),
        life=inputs.life.astype(np.int64),
        status=np.zeros(t, dtype=np.int8),
        reason=np.zeros(t, dtype=np.int8),
        **_slots(inputs, n, general, not kernel_stores or features.tokens),
        **_mana(inputs, n),
        **_object_bookkeeping(t, s),
        **_records(t, n, e, general),
        arrival=np.zeros((t, n if zone_order else 0, 2), dtype=np.int64),
        spell_arrival=np.zeros((t, e if zone_order else 0, 2), dtype=np.int64),
        spell_card=inputs.ev_card.astype(np.int16),
        cast_x=inputs.ev_x.astype(np.int64),  # the kernel writes the X a pool paid
        acted=inputs.ev_kind != EV_NONE,
        spell_by=inputs.ev_by.astype(np.int8),
        n_board=s,
        n_events=e,
        features=features,
    )


def slot_arrays(t: int, n: int, general: bool, every_fresh: bool = True) -> dict[str, Placed]:
    """Every SLOT_GROUPS field as (a (T, F, N) array, its row there): the FRESH ones at the
    value every trial starts them at (what happens to objects during a trial: effects locked
    to them, 611.2c, graveyard arrivals, tokens, what each permanent could produce), the
    others unwritten. Without ``every_fresh`` (``new_state``'s ``kernel_stores``), only the
    FRESH rows the kernel's copy-out may skip: those past each group's GROUP_WRITTEN.

    In a state the kernel runs (``general``) a field is a row of its group's block: the kernel
    copies a trial's fields of a group in and out as one run of memory (``state.kstate``). The
    fast path's are arrays of their own, (T, 1, N), and its ``stamp`` (bookkeeping only the
    kernel keeps) zero-width: it reads the (T, N) fields as they are, and read from a block it
    ran 22% slower."""
    if not general:
        own = {
            f: np.full((t, 1, 0 if f == "stamp" else n), FRESH[f], SLOT_DTYPES[f])
            if f in FRESH
            else np.empty((t, 1, n), SLOT_DTYPES[f])
            for f in SLOT_FIELDS
        }
        return {f: (a, 0) for f, a in own.items()}
    out: dict[str, Placed] = {}
    groups = zip(SLOT_GROUPS, GROUP_FIELDS, GROUP_WRITTEN, strict=True)
    for (dtype, given, _), names, (_, written) in groups:
        block: np.ndarray = np.empty((t, len(names), n), dtype=dtype)
        first = len(given) if every_fresh else written
        if first < len(names):
            starting = [FRESH[f] for f in names[first:]]
            fill_rows(block, first, np.array(starting, dtype=dtype))
        out.update((name, (block, f)) for f, name in enumerate(names))
    return out


def _slots(inputs: WipeInputs, n: int, general: bool, every_fresh: bool) -> dict[str, np.ndarray]:
    """Every slot field, (T, N): the FRESH ones as ``slot_arrays`` starts them, the others
    from the board as given (``board_arrays``)."""
    placed = slot_arrays(inputs.shape[0], n, general, every_fresh)
    board_arrays(inputs, placed)
    return {f: a[:, row, :] for f, (a, row) in placed.items()}


def _object_bookkeeping(t: int, s: int) -> dict[str, np.ndarray]:
    """The detection order and the next board-order rank, and the tokens made."""
    return {
        "seq": np.zeros(t, dtype=np.int32),
        "next_order": np.full(t, s, dtype=np.int32),
        "tokens_made": np.zeros(t, dtype=np.int16),
    }


def _records(t: int, n: int, e: int, general: bool) -> dict[str, np.ndarray]:
    """What the outcome reports: returns in order, where each event's spell went,
    rejections. A state the kernel runs has no returns recorded yet: ``run.run_kernel``
    records them (up to RETURNS a trial) and keeps as many columns as a trial used."""
    returns = 0 if general else 2 * n
    return {
        "returned_slot": np.full((t, returns), -1, dtype=np.int16),
        "returned_by": np.zeros((t, returns), dtype=np.int8),
        "n_returned": np.zeros(t, dtype=np.int16),
        "spell_zone": np.zeros((t, e), dtype=np.int8),
        "spell_on": np.zeros((t, e), dtype=np.bool_),
        "rejected": np.zeros((t, e), dtype=np.int8),
    }


@njit
def _counters_in(given: np.ndarray, out: np.ndarray, s: int) -> None:
    """``out`` (T, N, K) as the ``given`` (T, S, K) counters, 0 past them: one compiled pass
    (numpy's copy of a strided int16 view, runs of K into int64, and its fill past the board
    took 42 ns of a mana-tap trial, this 24; in process, mana-tap's trials 1,824 -> 1,801 ns)."""
    for i in range(out.shape[0]):
        for j in range(s):
            for k in range(out.shape[2]):
                out[i, j, k] = given[i, j, k]
        for j in range(s, out.shape[1]):
            for k in range(out.shape[2]):
                out[i, j, k] = 0


def _mana(inputs: WipeInputs, n: int) -> dict[str, np.ndarray]:
    """Counters of the other kinds and pools (zero-width counters in a batch that has
    none)."""
    t, p, s, _ = inputs.shape
    kinds = 0 if inputs.counters is None else inputs.counters.shape[2]
    counters = np.empty((t, n, kinds), dtype=np.int64)  # (T, N, 0) without any to fill
    if inputs.counters is not None:
        _counters_in(inputs.counters, counters, s)
    return {
        "counters": counters,
        "pools": np.zeros((t, p, 6), dtype=np.int64),
        "undefined_mana": np.zeros(t, dtype=np.int64),
        "mana_from_triggers": np.zeros(t, dtype=np.int64),
        "mana_replaced": np.zeros(t, dtype=np.int64),
    }
