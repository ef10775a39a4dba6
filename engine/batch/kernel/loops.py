"""Mandatory loops (CR 104.4b) for one trial: the reference engine's ``LoopWatch``
verdicts, in HISTORY visits per settle.

A visit remembers the board digest, the stack (its height and rolling hash) and the height
after the resolution that followed it (the lowest the stack has been since is read from those
only when the board repeats). A position closes a loop when the same board comes back with the
part of the stack worked through since that visit on top again, and it is a draw unless some
player's life is lower than at that visit. A settle that needs more than HISTORY visits
without a draw is unsupported (a cap, named in the outcome).

``history`` (rows, width) holds the visits of the settle under way and the stack's rolling hash; the
hashes are 64-bit words kept bit for bit in the int64 buffer.
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.caps import unsupported
from engine.batch.kernel.jit import njit
from engine.batch.kernel.stack import PART_SHIFT
from engine.batch.kernel.state import (
    CONTROLLER,
    COUNT,
    DAMAGE,
    DELAYED_SOURCE,
    EFFECT_ON,
    EOT_KEYWORDS,
    EOT_PERSIST,
    EOT_POWER,
    EOT_TOUGHNESS,
    EOT_UNDYING,
    EXTRA_COUNTERS,
    EXTRA_KINDS,
    GRANTED,
    GRANTED_PERSIST,
    GRANTED_UNDYING,
    LIFE,
    MAX_PLAYERS,
    MINUS,
    N_LIFE,
    NOT_CREATURE,
    OBJ,
    PLUS,
    STACK_CONTROLLER,
    STACK_DATA,
    STACK_KIND,
    STACK_OBJ,
    STACK_SOURCE,
    STATUS,
    TAPPED,
    TOKEN,
    ZONE,
)
from engine.batch.wipe_state import (
    BATTLEFIELD,
    DRAW,
    EFFECTS,
    ETB,
    HISTORY,
    R_HISTORY,
    STACK_DEPTH,
    UPKEEP,
)

VISITS, HASHED = 2, 3  # work[COUNT] entries: visits this settle, stack hashed up to this height
LONG = 4  # work[COUNT]: an unwatched settle ran past the driver's patience

# -- history (rows, width): one settle's visits, then the stack's rolling hash
H_BOARD, H_HEIGHT, H_CUM = 0, 1, 2  # per visit: the board digest, the stack's height and hash
H_AFTER = 3  # per visit: the stack's height after the resolution that followed it
H_LIFE = 4  # MAX_PLAYERS rows: life by seat at each visit
H_STACK = H_LIFE + MAX_PLAYERS  # the rolling hash of the stack's bottom j items, j = 0..D
H_ROWS = H_STACK + 1
H_WIDTH = max(HISTORY, STACK_DEPTH + 1)

# the hash constants (board digest, stack items, the rolling base)
_MIX = np.uint64(0x9E3779B97F4A7C15)
_BASE = np.uint64(0xD6E8FEB86659FD93)
_ITEM = np.uint64(0x94D049BB133111EB)
_WEIGHT = np.uint64(0xBF58476D1CE4E5B9)
_FIN_A = np.uint64(0xBF58476D1CE4E5B9)  # splitmix64's finalizer constants
_FIN_B = np.uint64(0x94D049BB133111EB)
_POW = np.array([pow(int(_BASE), k, 1 << 64) for k in range(STACK_DEPTH + 1)], dtype=np.uint64)
# What a permanent's part of the position is, as the reference's ``board_position`` sees it:
# controller, counters of every kind, damage, tapped, keywords granted (by the scenario, and
# until end of turn: both are lost with the object, as Cauldron of Souls' persist), not a
# creature, the changes until end of turn; and whether an effect of its activation lasts.
_HASHED_ROWS = np.array(
    [CONTROLLER, PLUS, MINUS, *range(EXTRA_COUNTERS, EXTRA_COUNTERS + EXTRA_KINDS), DAMAGE,
     TAPPED, GRANTED, GRANTED_PERSIST, GRANTED_UNDYING, EOT_PERSIST, EOT_UNDYING, EOT_KEYWORDS,
     NOT_CREATURE, EOT_POWER, EOT_TOUGHNESS, EFFECT_ON], dtype=np.int64,
)  # fmt: skip
# an off-battlefield slot: as many zero fields
_MIX_ALL = np.uint64(pow(int(_MIX), len(_HASHED_ROWS), 1 << 64))


@njit
def new_settle(work: np.ndarray) -> None:
    """A settle starts a new watch (a watch lives for one settle)."""
    work[COUNT, VISITS] = 0
    work[COUNT, HASHED] = 0


@njit
def _hash_stack(slot_rows: np.ndarray, work: np.ndarray, history: np.ndarray, height: int) -> None:
    """Bring the rolling hash up to ``height``: each item is kind, source and controller, and
    for an enters or upkeep trigger which ability it is, as the reference engine's loop
    watch sees it (the stack changes only on top). A token's
    slot may hold another token later (``zones._token_slot``), and the reference names
    each token apart: a token source is its slot and its object."""
    for pos in range(work[COUNT, HASHED], height):
        src = work[STACK_SOURCE, pos]
        raw = (
            np.uint64(work[STACK_KIND, pos]) * np.uint64(1 << 40)
            + np.uint64(src) * np.uint64(1 << 8)
            + np.uint64(work[STACK_CONTROLLER, pos])
            + np.uint64(1)
        )
        if src >= 0 and slot_rows[TOKEN, src]:
            raw += np.uint64(work[STACK_OBJ, pos]) * np.uint64(1 << 48)
        kind = work[STACK_KIND, pos]
        if kind in (ETB, UPKEEP):  # which of its source's triggers of that kind it is
            raw += np.uint64(work[STACK_DATA, pos] >> PART_SHIFT) * np.uint64(1 << 32)
        history[H_STACK, pos + 1] = np.int64(np.uint64(history[H_STACK, pos]) * _BASE + raw * _ITEM)
    work[COUNT, HASHED] = height


@njit
def _finalize(x: np.uint64) -> np.uint64:
    """splitmix64's finalizer: each slot's hash scrambled before the slots are summed, so no
    set of changes on several slots can cancel out (a linear sum once did: two boards whose
    "until end of turn" changes differed on four slots had one digest)."""
    x = (x ^ (x >> np.uint64(30))) * _FIN_A
    x = (x ^ (x >> np.uint64(27))) * _FIN_B
    return x ^ (x >> np.uint64(31))


@njit
def board_hash(slot_rows: np.ndarray, trial_vars: np.ndarray) -> np.uint64:
    """The position without the stack, life totals or object numbers (as
    ``engine.reference.loops`` compares positions), but for a token's: it names which token."""
    digest = np.uint64(0)
    for s in range(slot_rows.shape[1]):
        h = np.uint64(slot_rows[ZONE, s])
        if slot_rows[ZONE, s] != BATTLEFIELD:
            h *= _MIX_ALL
        else:
            for row in _HASHED_ROWS:
                h = h * _MIX + np.uint64(slot_rows[row, s])
            if slot_rows[TOKEN, s]:  # each token is another permanent (see ``_hash_stack``)
                h = h * _MIX + np.uint64(slot_rows[OBJ, s])
        digest += _finalize(h ^ (np.uint64(s + 1) * _WEIGHT))
    for g in range(EFFECTS):
        digest += _finalize(np.uint64(trial_vars[DELAYED_SOURCE + g] + 2) * _ITEM + np.uint64(g))
    return digest


@njit
def _repeats(history: np.ndarray, j: int, n: int, board: np.uint64, height: int) -> bool:
    """Whether visit ``j`` had this board and the part of the stack worked through since it
    (above the lowest the stack got) is on top of the stack again."""
    then = history[H_HEIGHT, j]
    if np.uint64(history[H_BOARD, j]) != board or height < then:
        return False
    low = then
    for k in range(j, n):  # the lowest the stack got since
        low = min(low, history[H_AFTER, k])
    p = _POW[then - low]
    then_top = np.uint64(history[H_CUM, j]) - np.uint64(history[H_STACK, low]) * p
    now_top = (
        np.uint64(history[H_STACK, height]) - np.uint64(history[H_STACK, height - (then - low)]) * p
    )
    return bool(then_top == now_top)


@njit
def _life_not_lower(trial_vars: np.ndarray, history: np.ndarray, j: int) -> bool:
    """Whether no player's life is lower than at visit ``j`` (else the loop is not endless)."""
    for p in range(trial_vars[N_LIFE]):  # noqa: SIM110 (a plain loop: no generator inside numba)
        if trial_vars[LIFE + p] < history[H_LIFE + p, j]:
            return False
    return True


@njit
def endless(
    slot_rows: np.ndarray,
    trial_vars: np.ndarray,
    work: np.ndarray,
    history: np.ndarray,
    height: int,
) -> bool:
    """CR 104.4b: record this position before a resolution; whether the trial stops here (a
    draw, or unsupported once HISTORY visits are kept without one)."""
    _hash_stack(slot_rows, work, history, height)
    board = board_hash(slot_rows, trial_vars)
    n = work[COUNT, VISITS]
    for j in range(n - 1, -1, -1):  # the most recent matching visit decides
        if _repeats(history, j, n, board, height):
            if _life_not_lower(trial_vars, history, j):
                trial_vars[STATUS] = DRAW
                return True
            break
    if n >= HISTORY:
        unsupported(trial_vars, R_HISTORY)
        return True
    history[H_BOARD, n] = np.int64(board)
    history[H_HEIGHT, n] = height
    history[H_CUM, n] = history[H_STACK, height]
    for p in range(trial_vars[N_LIFE]):
        history[H_LIFE + p, n] = trial_vars[LIFE + p]
    work[COUNT, VISITS] = n + 1
    return False


@njit
def popped(work: np.ndarray, history: np.ndarray, height: int) -> None:
    """The stack is down to ``height`` after the resolution that followed the last visit."""
    history[H_AFTER, work[COUNT, VISITS] - 1] = height
    work[COUNT, HASHED] = min(work[COUNT, HASHED], height)
