"""The board's (T, N) arrays of a batch, written in one compiled pass (``layout.new_state``).

numpy took a pass per array, two per padded one and a gather per printed column: 300 ns a trial
of counters-4p, a tenth of the batch engine's time. Here each trial is written once, a row (a
field's slots) at a time, the printed columns read from the card tables by each slot's card.
"""

from __future__ import annotations

import numpy as np
from numba import literal_unroll

from engine.batch import tables as tb
from engine.batch.kernel.jit import njit
from engine.batch.kernel.state import SLOT_DTYPES
from engine.batch.wipe_state import BATTLEFIELD, RANK_FALLBACK, WipeInputs

# the arrays ``lay_out_board`` writes, in the order of its ``out`` tuple
BOARD_FIELDS = (
    "card", "is_creature_card", "base_p", "base_t", "printed_persist", "printed_undying",
    "printed_keywords", "granted", "since_turn_start", "zone", "controller", "owner", "token",
    "obj", "plus", "minus", "damage", "tapped", "granted_persist", "granted_undying",
    "not_creature", "order", "rank", "ping_target", "chosen", "attached_to",
)  # fmt: skip


# a slot field as ``layout.slot_arrays`` places it: the (T, F, N) array it is a row of, the row
Placed = tuple[np.ndarray, int]


def board_arrays(inputs: WipeInputs, out: dict[str, Placed]) -> None:
    """Fill ``out``'s fields of BOARD_FIELDS (``layout.slot_arrays``) from the board as given
    (slots past it start empty): the card and its printed columns, the permanent's state,
    board order and trigger rank (603.3b)."""
    t, _, s, _ = inputs.shape
    for f in BOARD_FIELDS:
        if out[f][0].dtype != SLOT_DTYPES[f]:
            raise TypeError(f"board_arrays: {f} is {out[f][0].dtype}, not {SLOT_DTYPES[f]}")
    none = np.zeros((t, 0), dtype=np.int64)  # a key the inputs leave out (its default)
    state = (
        inputs.card, inputs.controller, inputs.owner, inputs.token, inputs.plus, inputs.minus,
        inputs.damage, inputs.tapped, inputs.granted_persist, inputs.granted_undying,
        inputs.not_creature,
    )  # fmt: skip
    granted, since, chosen = inputs.granted, inputs.since_turn_start, inputs.chosen
    attached = inputs.attached_to
    optional = (
        none if granted is None else granted,
        none if since is None else since,
        none if chosen is None else chosen,
        none if attached is None else attached,
    )
    printed = (tb.IS_CREATURE, tb.BASE_P, tb.BASE_T, tb.PERSIST, tb.UNDYING, tb.KEYWORDS)
    arrays = tuple(out[f][0] for f in BOARD_FIELDS)
    rows = tuple(out[f][1] for f in BOARD_FIELDS)
    cards = np.empty(out["card"][0].shape[2], dtype=np.int64)  # a trial's, as it is laid out
    choices = (inputs.rank, inputs.ping_target)
    lay_out_board(state, optional, choices, printed, (arrays, rows, cards), s)


@njit
def fill_rows(block: np.ndarray, first: int, values: np.ndarray) -> None:
    """Rows ``first`` on of every trial of a (T, F, N) block at ``values``, a value a row (in
    numpy, a broadcast store into rows of ten cost 36 ns a trial)."""
    for i in range(block.shape[0]):
        for r in range(values.shape[0]):
            for k in range(block.shape[2]):
                block[i, first + r, k] = values[r]


@njit
def lay_out_board(
    state: tuple[np.ndarray, ...],
    optional: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    choices: tuple[np.ndarray, np.ndarray],
    printed: tuple[np.ndarray, ...],
    written: tuple[tuple[np.ndarray, ...], tuple[int, ...], np.ndarray],
    s: int,
) -> None:
    """Trial by trial: the board's ``s`` slots as given (``state``, and ``optional``: width 0
    when not given), the slots past them empty; the cast slots' trigger rank, "any target"
    seat and chosen slots as given too (``choices``, T x (S + E)). ``written``: the (T, F, N)
    array of each of BOARD_FIELDS, its row there, and room for a trial's cards."""
    card, controller, owner, token, plus, minus, damage, tapped, g_persist, g_undying, nc = state
    granted, since, chosen, attached = optional
    rank, ping = choices
    creature, base_p, base_t, persist, undying, keywords = printed
    out, rows, cards = written
    (
        o_card, o_creature, o_base_p, o_base_t, o_persist, o_undying, o_keywords, o_granted,
        o_since, o_zone, o_controller, o_owner, o_token, o_obj, o_plus, o_minus, o_damage,
        o_tapped, o_g_persist, o_g_undying, o_nc, o_order, o_rank, o_ping, o_chosen, o_attached,
    ) = out  # fmt: skip
    t, n = o_card.shape[0], o_card.shape[2]
    given = min(n, rank.shape[1])  # the board's and the cast slots' columns the inputs give
    copied = (  # the rows the board's slots give as they are, 0 past them
        (o_controller, rows[10], controller), (o_owner, rows[11], owner),
        (o_token, rows[12], token), (o_plus, rows[14], plus), (o_minus, rows[15], minus),
        (o_damage, rows[16], damage), (o_tapped, rows[17], tapped),
        (o_g_persist, rows[18], g_persist), (o_g_undying, rows[19], g_undying),
        (o_nc, rows[20], nc),
    )  # fmt: skip
    looked_up = (  # the rows read from the card tables by each slot's card, 0 without one
        (o_creature, rows[1], creature), (o_base_p, rows[2], base_p),
        (o_base_t, rows[3], base_t), (o_persist, rows[4], persist),
        (o_undying, rows[5], undying), (o_keywords, rows[6], keywords),
    )  # fmt: skip
    for i in range(t):  # row by row: each a run of stores (slot by slot was twice as slow)
        for k in range(n):
            cards[k] = c = card[i, k] if k < s else -1
            o_card[i, rows[0], k] = c
            o_zone[i, rows[9], k] = BATTLEFIELD if c >= 0 else 0
            o_obj[i, rows[13], k] = 1 if c >= 0 else 0
        for out_row in literal_unroll(looked_up):
            o, row, column = out_row
            for k in range(n):
                o[i, row, k] = column[cards[k]] if cards[k] >= 0 else 0
        for out_row in literal_unroll(copied):
            o, row, given_row = out_row
            for k in range(n):
                o[i, row, k] = given_row[i, k] if k < s else 0
        for k in range(n):
            o_since[i, rows[8], k] = (since[i, k] if since.shape[1] else True) if k < s else False
            o_granted[i, rows[7], k] = granted[i, k] if k < s and granted.shape[1] else 0
        for k in range(n):
            o_order[i, rows[21], k] = k if k < s else -1  # the board's slots in board order
            r = rank[i, k] if k < given else -1
            o_rank[i, rows[22], k] = RANK_FALLBACK + k if k < s and r < 0 else r  # after any
            o_ping[i, rows[23], k] = ping[i, k] if k < given else -1
            o_chosen[i, rows[24], k] = chosen[i, k] if k < given and chosen.shape[1] else 0
            o_attached[i, rows[25], k] = attached[i, k] if k < s and attached.shape[1] else -1
