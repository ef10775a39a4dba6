"""The driver: every trial of a batch, one after another inside one compiled function (no
Python loop over trials, one thread): copy the trial in, settle the board as given, then
each event, settling after each (CR 117.5: state-based actions, triggers onto the stack in
APNAP order, resolve the top, repeat until the stack is empty), copy it out.

In a batch where a mandatory loop is possible (104.4b, ``wipe_state.Features.loops``) the
kernel keeps the general kernels' loop watch (``kernel.loops``: the same hashes, the same
HISTORY cap, the same draw and unsupported verdicts), so it finishes every trial itself. The
watch costs a board digest per resolution, so a trial first plays unwatched: the watch can only stop
a trial that, unwatched, loops on past PATIENCE resolutions in one settle or reaches a cap
(ends unsupported), and only such a trial is played again from its start with the watch.
"""

from __future__ import annotations

import time

import numpy as np
from numba import literal_unroll

from engine.batch.kernel import state as ks
from engine.batch.kernel.events import apply_event
from engine.batch.kernel.jit import entry, njit
from engine.batch.kernel.loops import H_ROWS, H_WIDTH, LONG, endless, new_settle, popped
from engine.batch.kernel.sba import state_based_actions
from engine.batch.kernel.stack import HEIGHT, WAITING, place_triggers
from engine.batch.kernel.state import (
    ACTIVE,
    COUNT,
    DELAYED_AMOUNT,
    DELAYED_CONTROLLER,
    DELAYED_OBJ,
    DELAYED_SOURCE,
    EV_ROWS,
    HAS_LOOPS,
    L_ROWS,
    LAST_KNOWN_OBJ,
    LAST_KNOWN_POWER,
    LAYOUT,
    LIFE,
    MAX_PLAYERS,
    N_LIFE,
    N_PLAYERS,
    N_RETURNED,
    NEXT_ORDER,
    REJECTED,
    RETURNED_SLOT,
    SEQ,
    SPELL_ZONE,
    STATUS,
    TOKENS_MADE,
    W_ROWS,
    KState,
)
from engine.batch.kernel.triggers import resolve_top
from engine.batch.wipe_state import (
    EFFECTS,
    LKI_RING,
    OK,
    STACK_DEPTH,
    WipeInputs,
    WipeState,
)

PATIENCE = 64  # resolutions in one settle before a trial that may loop is played again watched


@njit
def settle(
    L: np.ndarray, X: np.ndarray, W: np.ndarray, TB: np.ndarray, H: np.ndarray, watch: bool
) -> None:
    """Run SBAs, triggers and the stack until the stack is empty. With ``watch``, look for a
    mandatory loop before each resolution (104.4b); without, stop a settle that runs past
    PATIENCE resolutions (``LONG``: the trial is played again with the watch)."""
    new_settle(W)
    resolved = 0
    while True:
        while state_based_actions(L, X, W, TB):
            pass
        place_triggers(L, X, W)
        if W[COUNT, HEIGHT] == 0 or X[STATUS] != OK:
            return
        if watch and endless(L, X, W, H, W[COUNT, HEIGHT]):
            return
        if not watch and resolved >= PATIENCE:
            W[COUNT, LONG] = 1
            return
        resolve_top(L, X, W, TB)
        resolved += 1
        if watch:
            popped(W, H, W[COUNT, HEIGHT])


@njit
def play_trial(
    L: np.ndarray,
    X: np.ndarray,
    W: np.ndarray,
    TB: np.ndarray,
    EV: np.ndarray,
    H: np.ndarray,
    watch: bool,
) -> None:
    """One trial: the board as given, then every event."""
    W[COUNT, WAITING], W[COUNT, HEIGHT], W[COUNT, LONG] = 0, 0, 0
    settle(L, X, W, TB, H, watch)
    for e in range(EV.shape[1]):
        if X[STATUS] != OK or W[COUNT, LONG]:
            return
        apply_event(L, X, W, TB, EV, e)
        settle(L, X, W, TB, H, watch)


@njit
def _load(
    S: KState, events: tuple[np.ndarray, ...], i: int, L: np.ndarray, X: np.ndarray, EV: np.ndarray
) -> None:
    """Copy trial ``i`` into the buffers."""
    row = 0
    for arr in literal_unroll(S.slots):
        for k in range(L.shape[1]):
            L[row, k] = arr[i, k]
        row += 1  # noqa: SIM113 (numba's literal_unroll takes no enumerate)
    for r in range(LKI_RING):
        for k in range(L.shape[1]):
            L[LAST_KNOWN_POWER + r, k] = S.last_known_power[i, k, r]
            L[LAST_KNOWN_OBJ + r, k] = S.last_known_obj[i, k, r]
    X[N_PLAYERS], X[ACTIVE], X[STATUS] = S.n_players[i], S.active[i], S.status[i]
    X[SEQ], X[NEXT_ORDER], X[TOKENS_MADE] = S.seq[i], S.next_order[i], S.tokens_made[i]
    X[N_RETURNED], X[N_LIFE] = S.n_returned[i], S.life.shape[1]
    for p in range(S.life.shape[1]):
        X[LIFE + p] = S.life[i, p]
    for g in range(EFFECTS):
        X[DELAYED_SOURCE + g], X[DELAYED_OBJ + g] = S.delayed_source[i, g], S.delayed_obj[i, g]
        X[DELAYED_CONTROLLER + g] = S.delayed_controller[i, g]
        X[DELAYED_AMOUNT + g] = S.delayed_amount[i, g]
    for e in range(EV.shape[1]):
        for f in range(len(events)):
            EV[f, e] = events[f][i, e]
        EV[SPELL_ZONE, e], EV[REJECTED, e] = S.spell_zone[i, e], S.rejected[i, e]


@njit
def _store(S: KState, i: int, L: np.ndarray, X: np.ndarray, EV: np.ndarray) -> None:
    """Copy the buffers back into trial ``i``."""
    row = 0
    for arr in literal_unroll(S.slots):
        for k in range(L.shape[1]):
            arr[i, k] = L[row, k]
        row += 1  # noqa: SIM113 (numba's literal_unroll takes no enumerate)
    for r in range(LKI_RING):
        for k in range(L.shape[1]):
            S.last_known_power[i, k, r] = L[LAST_KNOWN_POWER + r, k]
            S.last_known_obj[i, k, r] = L[LAST_KNOWN_OBJ + r, k]
    S.status[i], S.seq[i], S.next_order[i] = X[STATUS], X[SEQ], X[NEXT_ORDER]
    S.tokens_made[i], S.n_returned[i] = X[TOKENS_MADE], X[N_RETURNED]
    for p in range(S.life.shape[1]):
        S.life[i, p] = X[LIFE + p]
    for g in range(EFFECTS):
        S.delayed_source[i, g], S.delayed_obj[i, g] = X[DELAYED_SOURCE + g], X[DELAYED_OBJ + g]
        S.delayed_controller[i, g] = X[DELAYED_CONTROLLER + g]
        S.delayed_amount[i, g] = X[DELAYED_AMOUNT + g]
    returns = S.returned_slot.shape[1]
    for r in range(X[N_RETURNED]):
        S.returned_slot[i, r] = X[RETURNED_SLOT + r]
        S.returned_by[i, r] = X[RETURNED_SLOT + returns + r]
    for e in range(EV.shape[1]):
        S.spell_zone[i, e], S.rejected[i, e] = EV[SPELL_ZONE, e], EV[REJECTED, e]


@entry
def run_trials(
    S: KState,
    events: tuple[np.ndarray, ...],
    TB: np.ndarray,
    W: np.ndarray,
) -> None:
    """Every trial of the batch. The buffers are allocated once, here, and reused trial
    after trial."""
    n, e = S.slots[0].shape[1], S.spell_zone.shape[1]
    L = np.zeros((L_ROWS, n), dtype=np.int64)
    X = np.zeros(RETURNED_SLOT + 2 * S.returned_slot.shape[1], dtype=np.int64)
    EV = np.zeros((EV_ROWS, e), dtype=np.int64)
    H = np.zeros((H_ROWS, H_WIDTH), dtype=np.int64)
    loops = W[LAYOUT, HAS_LOOPS] != 0
    for i in range(S.status.shape[0]):
        _load(S, events, i, L, X, EV)
        play_trial(L, X, W, TB, EV, H, False)
        if loops and (W[COUNT, LONG] or X[STATUS] != OK):
            _load(S, events, i, L, X, EV)  # again, watching for a loop (104.4b)
            play_trial(L, X, W, TB, EV, H, True)
        _store(S, i, L, X, EV)


def run_kernel(state: WipeState, inputs: WipeInputs) -> None:
    """Run every trial of ``state`` (laid out by ``wipe.new_state`` with the general kernels'
    bookkeeping) in place."""
    n = state.card.shape[1]
    W = np.zeros((W_ROWS, max(STACK_DEPTH, n, MAX_PLAYERS, 4)), dtype=np.int64)
    f = state.features
    W[LAYOUT, :6] = (
        state.n_board, state.n_events, f.loops, state.returned_slot.shape[1],
        f.anthem or f.all_pt or f.lord, f.legendary,
    )  # fmt: skip
    run_trials(ks.kstate(state), ks.events(inputs), ks.TB, W)


def warm_up() -> float:
    """Compile the kernel (or load it from the on-disk cache) on a one-trial batch; return
    the seconds it took (``cauldron bench`` prints it)."""
    from engine.batch.kernel.fits import warm_up_batch

    start = time.perf_counter()
    run_kernel(*warm_up_batch())
    return time.perf_counter() - start


def run_on_kernel(inputs: WipeInputs, token_slots: int) -> WipeState:
    """Run a batch that fits the kernel: every trial finishes here (104.4b included)."""
    from engine.batch.wipe import new_state  # wipe dispatches to this package

    state = new_state(inputs, token_slots, stack_depth=1)  # the general kernels' bookkeeping
    run_kernel(state, inputs)
    return state
