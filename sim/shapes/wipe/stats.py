"""Sufficient statistics of a finished wipe batch: integer sums, never per-trial rows.

Seats are relative to the player active when the trial starts (0 active, 1 next in turn
order, ...). Per-permanent rates keep, besides their totals, the per-trial sums of squares and
cross products their clustered intervals need (``sim.run.stats.wilson_cluster``). Only trials
whose status is OK feed the board and return metrics; draws (104.4b) and trials outside the
engine's caps are counted apart.

Compiled passes over the trials (numba, set up as the wipe kernel's in
``engine.batch.kernel.jit``; the passes allocate their small buffers, the helpers they call
per trial do not and skip reference counting): each pass counts one trial at a time, without
a branch per slot, straight into the trial's column of a table of BLOCK trials, and adds the
pairs of counts the metrics need (``_plan``) and their squares and products to the sums once
a block is full. In numpy each count was a full-width pass over the batch, and the
statistics cost as much as the engine; counting into a vector per trial, then copying it into
the table, took 199-210 ns of a persist_wipes trial's statistics, 168-172 with the table.
``_after`` first works out each slot's values for a block of trials in one run over their
slots (vector instructions), then sums them seat by seat: adding each slot's values to its
seat's counts made a chain of loads and stores through the same few counts (71 ns of a
persist_wipes trial, 48 now, its state in cache).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.jit import entry, inline, njit
from engine.batch.wipe_board import printed_and_counters, statics_power
from engine.batch.wipe_state import BATTLEFIELD, DRAW, OK, PERSIST, UNDYING, WipeInputs, WipeState
from sim.config.reader import SEAT_NAMES
from sim.shapes.base import Key, Layout, Levels, TrialCells
from sim.shapes.catalog import UNSUPPORTED_RATE, layout_of
from sim.shapes.wipe import catalog
from sim.shapes.wipe.catalog import HISTOGRAM, SEAT_TRIALS, STATUS, WIPE_CATALOG
from sim.shapes.wipe.config import WipeConfig

# The rule codes the passes compare with, as a tuple: numba freezes a global when it compiles
# (and caches it), so tables that can change (the cards) are passed as arguments instead.
_CODES = (BATTLEFIELD, PERSIST, UNDYING)


def wipe_layout(config: WipeConfig) -> Layout:
    """The statistics of one batch (``WIPE_CATALOG``); seats run to the file's largest player
    count, plus one "all seats" row where a metric has it."""
    p, c = config.max_players, len(config.board_cards)
    return layout_of(WIPE_CATALOG, {"seats": p, "seats+all": p + 1, "cards": c})


@njit
def _group(seat: int, active: int, n_players: int, p: int) -> int:
    """The count of a seat relative to the active player (0 active, 1 next, ...) among ``p``
    seats, or ``p + 1`` for a seat outside ``[0, p)`` (``p`` is "all seats")."""
    rel = seat - active
    rel += n_players * (rel < 0)
    return rel if 0 <= rel < p else p + 1


@inline
def _seat_of(active: int, k: int, n_players: int) -> int:
    """The seat ``k`` seats after the active player's."""
    seat = active + k
    return seat - n_players * (seat >= n_players)


@inline
def _seat_sum(row: np.ndarray, seat: int, values: np.ndarray, o: int) -> np.int64:
    """The sum of ``values`` (one per slot of ``row``, from ``o`` on) of the slots ``seat``
    controls: a loop without a branch, where adding each slot's values to its seat's counts
    made a chain of loads and stores through the same few counts."""
    total = np.int64(0)
    for j in range(row.shape[0]):
        total += np.int64(row[j] == seat) * values[o + j]
    return total


_NO_STATICS = np.zeros((0, 0), dtype=np.int64)  # ``_after``'s statics of a batch without them
BLOCK = 128  # trials whose counts are kept at once (in cache) before their sums are taken
# a row of a pass's table: a block's trials and 8 more, so that rows a few apart are not a
# multiple of 4 KB apart (rows of 128 counts were: the processor then takes a load from one
# row for a store to another, and waits; the permanents' pass took 58 ns a trial, 54 padded)
ROW = BLOCK + 8


@inline
def _u(index: int) -> np.uint64:
    """A count's index (never negative) as unsigned: numba then leaves out the wrap-around of
    a negative index, three instructions at each of the passes' scattered adds (the
    permanents' pass took 72 ns a trial, 62 without them)."""
    return np.uint64(index)


@njit
def _flush(table: np.ndarray, width: int, start: int, pairs: np.ndarray, out: np.ndarray,
           kept: np.ndarray) -> None:  # fmt: skip
    """Add the pairs of a block's ``width`` trials (the (K, ROW) table's first columns,
    trials ``start`` on) to ``out``, copy their counts into ``kept`` (T, K) unless it has no
    rows (trial-paired comparisons), and zero the table for the next block."""
    _add_pairs(table, width, pairs, out)
    if kept.shape[0] > 0:
        for k in range(table.shape[0]):
            for b in range(width):
                kept[start + b, k] = table[k, b]
    table[:, :] = 0


@njit
def _add_pairs(table: np.ndarray, width: int, pairs: np.ndarray, out: np.ndarray) -> None:
    """Add to ``out[m]`` = [Σn, Σy, Σn², Σny, Σy²] the first ``width`` trials (columns) of
    the table's rows ``pairs[m]`` = (n, y); a pair (x, x) gives [Σx, Σx²] in columns 0, 2."""
    for m in range(pairs.shape[0]):
        a, b = table[pairs[m, 0]], table[pairs[m, 1]]
        s0 = s1 = s2 = s3 = s4 = np.int64(0)
        for i in range(width):
            s0 += a[i]
            s1 += b[i]
            s2 += a[i] * a[i]
            s3 += a[i] * b[i]
            s4 += b[i] * b[i]
        out[m, 0] += s0
        out[m, 1] += s1
        out[m, 2] += s2
        out[m, 3] += s3
        out[m, 4] += s4


@entry
def _permanents(
    ok: np.ndarray,
    active: np.ndarray,
    n_players: np.ndarray,
    card: np.ndarray,
    controller: np.ndarray,
    granted_persist: np.ndarray,
    granted_undying: np.ndarray,
    obj: np.ndarray,
    zone: np.ndarray,
    by_card: np.ndarray,
    p: int,
    pairs: np.ndarray,
    out: np.ndarray,
    kept: np.ndarray,
) -> None:
    """Count each trial's starting permanents (laid out as ``_plan`` says) and add the
    counts' pairs to ``out``. ``by_card`` (N + 1,), by card + 1: the card's count (``c``
    for no card, or one no metric has) plus KW if it has a printed persist or undying."""
    c = by_card[0]
    kw_at, seat_at = 2 * c + 2, 2 * c + 5
    table = np.zeros((kept.shape[1], ROW), dtype=np.int64)  # _widths
    for start in range(0, card.shape[0], BLOCK):
        width = min(BLOCK, card.shape[0] - start)
        for b in range(width):
            i = start + b
            active_i, n_i = active[i], n_players[i]
            kw_n = kw_returned = kw_left = 0
            for j in range(card.shape[1] if ok[i] else 0):
                k = card[i, j]
                filled = k >= 0
                returned = filled & (obj[i, j] > 1)
                entry = by_card[_u(k + 1)]
                place = entry & PLACE
                table[_u(place), b] += filled
                table[_u(c + 1 + place), b] += returned
                kw = filled & ((entry >= KW) | (granted_persist[i, j] + granted_undying[i, j] > 0))
                kw_n += kw
                kw_returned += kw & returned
                kw_left += kw & (returned | (zone[i, j] != _CODES[0]))
                g = _group(controller[i, j], active_i, n_i, p)
                table[_u(seat_at + g), b] += kw
                table[_u(seat_at + p + 2 + g), b] += kw & returned
            table[kw_at, b], table[kw_at + 1, b], table[kw_at + 2, b] = (
                kw_n, kw_returned, kw_left,
            )  # fmt: skip
        _flush(table, width, start, pairs, out, kept)


@entry
def _returns(
    ok: np.ndarray,
    active: np.ndarray,
    n_players: np.ndarray,
    recorded: np.ndarray,
    slot: np.ndarray,
    by: np.ndarray,
    owner: np.ndarray,
    p: int,
    pairs: np.ndarray,
    out: np.ndarray,
    hist: np.ndarray,
    kept: np.ndarray,
) -> None:
    """Count each trial's returns (laid out as ``_plan`` says), add the counts' pairs to
    ``out`` and the trial to the histogram of returns per trial. A permanent returns under its
    owner's control (702.79a, 702.93a)."""
    q = p + 2
    table = np.zeros((kept.shape[1], ROW), dtype=np.int64)  # _widths
    for start in range(0, recorded.shape[0], BLOCK):
        width = min(BLOCK, recorded.shape[0] - start)
        for b in range(width):
            i = start + b
            total = np.int64(recorded[i]) * ok[i]
            hist[min(total, hist.shape[0] - 1)] += ok[i]
            table[0, b] = total
            n = min(total, slot.shape[1])
            if n == 0:
                continue
            active_i, n_i = active[i], n_players[i]
            persist = undying = np.int64(0)  # kept in registers, not added in the table
            for r in range(n):
                g = _group(owner[i, max(slot[i, r], 0)], active_i, n_i, p)
                persist += by[i, r] == _CODES[1]
                undying += by[i, r] == _CODES[2]
                table[_u(3 + q + g), b] += 1
                table[_u(3 + 2 * q + g), b] += r + 1
            table[1, b], table[2, b] = persist, undying
            table[_u(3 + _group(owner[i, max(slot[i, 0], 0)], active_i, n_i, p)), b] += 1
        _flush(table, width, start, pairs, out, kept)


@entry
def _after(
    ok: np.ndarray,
    active: np.ndarray,
    n_players: np.ndarray,
    card: np.ndarray,
    controller: np.ndarray,
    obj: np.ndarray,
    zone: np.ndarray,
    creature_card: np.ndarray,
    not_creature: np.ndarray,
    pt: tuple[np.ndarray, ...],
    life: np.ndarray,
    p: int,
    pairs: np.ndarray,
    out: np.ndarray,
    kept: np.ndarray,
) -> None:
    """Count each trial's board afterwards and its life by seat (laid out as ``_plan``
    says) and add the counts' pairs to ``out``; every array is (T, S), the state's slots
    (C-contiguous), ``card`` the starting board (-1 past it); ``pt`` as ``_slot_values``
    reads it."""
    q = p + 2
    t, s = controller.shape
    table = np.zeros((kept.shape[1], ROW), dtype=np.int64)  # _widths
    values = np.zeros((3, BLOCK * s), dtype=np.int64)  # ``_slot_values``' of a block
    creature, power, stayed = values
    slots = (card, obj, zone, creature_card, not_creature)
    for start in range(0, t, BLOCK):
        width = min(BLOCK, t - start)
        _slot_values(start * s, width * s, slots, pt, values)
        for b in range(width):
            i = start + b
            if not ok[i]:
                continue
            row, active_i, n_i, o = controller[i], active[i], n_players[i], b * s
            for k in range(min(p, n_i)):
                seat = _seat_of(active_i, k, n_i)
                table[k, b] = _seat_sum(row, seat, creature, o)
                table[q + k, b] = _seat_sum(row, seat, power, o)
                table[2 * q + k, b] = _seat_sum(row, seat, stayed, o)
                table[p, b] += table[k, b]  # "all seats": the seats a metric has
                table[q + p, b] += table[q + k, b]
                table[2 * q + p, b] += table[2 * q + k, b]
                table[3 * q + k, b] = life[i, seat]
                table[3 * q + p + k, b] = 1
        _flush(table, width, start, pairs, out, kept)


@njit
def _slot_values(a: int, n: int, slots: tuple[np.ndarray, ...], pt: tuple[np.ndarray, ...],
                 values: np.ndarray) -> None:  # fmt: skip
    """``values`` (3, n or more) of slots ``a`` to ``a + n`` of ``_after``'s (T, S) arrays,
    read as one run (vector instructions): a creature, its power if it is one, a starting
    permanent that stayed. A creature's power is ``wipe_board.printed_and_counters`` of
    ``pt`` (locked-in, printed, +1/+1, -1/-1), plus what statics add (``pt``'s last, (0, 0)
    without), found here where ``wipe_board.Board``'s arrays cost 17 ns."""
    card, obj, zone = _run(slots[0], a, n), _run(slots[1], a, n), _run(slots[2], a, n)
    creature_card, not_creature = _run(slots[3], a, n), _run(slots[4], a, n)
    locks, prints = _run(pt[0], a, n), _run(pt[1], a, n)
    pluses, minuses = _run(pt[2], a, n), _run(pt[3], a, n)
    creature, power, stayed = values[0], values[1], values[2]
    for f in range(n):
        here = np.int64(zone[f] == _CODES[0])
        one = here * np.int64(creature_card[f]) * (1 - np.int64(not_creature[f]))
        creature[f] = one
        power[f] = one * printed_and_counters(locks[f], prints[f], pluses[f], minuses[f])
        stayed[f] = here * np.int64((card[f] >= 0) & (obj[f] == 1))
    if pt[4].shape[0] > 0:
        adds = _run(pt[4], a, n)
        for f in range(n):
            power[f] += adds[f] * creature[f]


@inline
def _run(x: np.ndarray, a: int, n: int) -> np.ndarray:
    """Elements ``a`` to ``a + n`` of C-contiguous ``x``, read flat."""
    return x.reshape(-1)[a : a + n]


def _pairs(*groups: list[tuple[int, int]]) -> np.ndarray:
    return np.array([pair for group in groups for pair in group], dtype=np.int64).reshape(-1, 2)


@cache
def _plan(c: int, p: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The count pairs of the three passes for ``c`` cards and ``p`` seats, in the order
    ``wipe_stats`` reads them back.

    Counts of ``_permanents``: ``[0, c]`` by card, ``[c + 1, 2c + 1]`` returned by card, 3
    with a return keyword (all, returned, left), then ``p + 2`` by seat and ``p + 2``
    returned by seat. Of ``_returns``: returns, by persist, by undying, then ``p + 2`` each:
    first return, returns, sum of their 1-based positions. Of ``_after``: ``p + 2`` each:
    creatures, their power, starting permanents left; then ``p`` each: life, has the seat."""
    q, kw, seat = p + 2, 2 * c + 2, 2 * c + 5
    seats, cards = range(p), range(c)
    permanents = _pairs(
        [(kw, kw + 1), (kw + 2, kw + 1)],
        [(k, c + 1 + k) for k in cards],
        [(seat + j, seat + q + j) for j in seats],
    )
    returns = _pairs(
        [(0, 0), (1, 1), (2, 2)],
        [(3 + j, 3 + j) for j in seats],
        [(0, 3 + q + j) for j in seats],
        [(3 + q + j, 3 + 2 * q + j) for j in seats],
    )
    every = range(p + 1)  # the seats and "all seats"
    after = _pairs(
        *([(base + j, base + j) for j in every] for base in (0, q, 2 * q)),
        [(3 * q + k, 3 * q + k) for k in seats],
        [(3 * q + p + k, 3 * q + p + k) for k in seats],
    )
    return permanents, returns, after


KW = 1 << 32  # ``_by_card``: the card has a printed persist or undying
PLACE = KW - 1  # ... and the card's by-card count, below it


@cache
def _by_card(cards: tuple[int, ...]) -> np.ndarray:
    """(N + 1,) by card index + 1 (0: no card): the card's by-card count (``len(cards)``
    for none), plus KW if it has a printed persist or undying."""
    table = np.full(tb.N + 1, len(cards), dtype=np.int64)
    table[np.array(cards, dtype=np.intp) + 1] = np.arange(len(cards))
    table[1:] += KW * ((tb.PERSIST.astype(np.int64) + tb.UNDYING.astype(np.int64)) > 0)
    return table


def _widths(c: int, p: int) -> tuple[int, int, int]:
    """Each pass's counts per trial (``_plan`` says what they are)."""
    q = p + 2
    return 2 * c + 5 + 2 * q, 3 + 3 * q, 3 * q + 2 * p


class WipeTotals:
    """The statistics of finished chunks, summed (the passes add into the same sums), and
    read back into the layout's sums once: read back and packed chunk by chunk, they cost
    30 us a chunk (7 ns of a persist_wipes trial)."""

    def __init__(self, config: WipeConfig) -> None:
        self.config = config
        self.p, c = config.max_players, len(config.board_cards)
        self.plans = _plan(c, self.p)
        self.by_card = _by_card(config.board_cards)
        self.widths = _widths(c, self.p)
        self.sums = [np.zeros((len(plan), 5), dtype=np.int64) for plan in self.plans]
        self.hist = np.zeros(HISTOGRAM, dtype=np.int64)
        self.status = np.zeros(3, dtype=np.int64)  # trials, OK, draws (104.4b)
        self._none_kept = [np.zeros((0, w), dtype=np.int64) for w in self.widths]

    def add(self, inp: WipeInputs, st: WipeState) -> None:
        """Count a finished chunk."""
        self.add_keeping(inp, st, self._none_kept)

    def add_keeping(self, inp: WipeInputs, st: WipeState, kept: list[np.ndarray]) -> None:
        """Count a finished chunk, each trial's counts per pass into ``kept`` (T, K), or
        nowhere where it has no rows."""
        p, plans, sums = self.p, self.plans, self.sums
        ok = st.status == OK
        active, n_players = inp.active, inp.n_players
        board = inp.card.shape[1]
        _permanents(
            ok, active, n_players, inp.card, inp.controller, inp.granted_persist,
            inp.granted_undying, st.obj, st.zone, self.by_card, p, plans[0], sums[0], kept[0],
        )  # fmt: skip
        records = (st.n_returned, st.returned_slot, st.returned_by, st.owner)
        _returns(ok, active, n_players, *records, p, plans[1], sums[1], self.hist, kept[1])
        added = statics_power(st)
        card = inp.card
        if board < st.zone.shape[1]:  # the state has room for tokens: no starting card there
            card = np.full(st.zone.shape, -1, dtype=inp.card.dtype)
            card[:, :board] = inp.card
        slots = (card, st.controller, st.obj, st.zone, st.is_creature_card, st.not_creature)
        card, controller, obj, zone, creature_card, not_creature = _contiguous(*slots)
        pt = (st.eot_power, st.base_p, st.plus, st.minus, _NO_STATICS if added is None else added)
        _after(
            ok, active, n_players, card, controller, obj, zone, creature_card, not_creature,
            _contiguous(*pt), st.life, p, plans[2], sums[2], kept[2],
        )  # fmt: skip
        self.status[0] += len(ok)
        self.status[1] += np.count_nonzero(ok)
        self.status[2] += np.count_nonzero(st.status == DRAW)

    def read(self) -> dict[str, np.ndarray]:
        """The layout's sums so far (copies: these totals may go on counting)."""
        sums = [s.copy() for s in self.sums]
        return _read_back(self.config, self.status.copy(), sums, self.hist.copy())


def _contiguous(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """The arrays as ``_after`` reads them, a block of trials' slots as one run (a copy only
    of one that is not)."""
    return tuple(np.ascontiguousarray(x) for x in arrays)


def wipe_stats(config: WipeConfig, inp: WipeInputs, st: WipeState) -> dict[str, np.ndarray]:
    """Reduce a finished batch to the layout's sums."""
    totals = WipeTotals(config)
    totals.add(inp, st)
    return totals.read()


def wipe_trial_stats(
    config: WipeConfig, inp: WipeInputs, st: WipeState
) -> tuple[dict[str, np.ndarray], TrialCells]:
    """``wipe_stats``, and each trial's (n, y) of every row (trial-paired comparisons)."""
    totals = WipeTotals(config)
    kept = [np.zeros((len(st.status), w), dtype=np.int64) for w in totals.widths]
    totals.add_keeping(inp, st, kept)
    keys, n_at, y_at = _cell_plan(config.board_cards, config.max_players)
    ok = st.status == OK
    draw = st.status == DRAW
    one = np.ones(len(ok), dtype=np.int64)
    returns = kept[1][:, 0]
    extra = np.stack([ok, one, draw, ~(ok | draw), returns > 0], axis=1).astype(np.int64)
    counts = np.concatenate([*kept, extra], axis=1)
    histogram = catalog.RETURNS_COUNT
    hist_cells = Levels(
        histogram.family, histogram.name, _LABELS, extra[:, 0], np.minimum(returns, HISTOGRAM - 1)
    )
    cells = TrialCells(keys, counts[:, n_at], counts[:, y_at], (hist_cells,))
    return totals.read(), cells


_LABELS = tuple(f"{k}+" if k == HISTOGRAM - 1 else str(k) for k in range(HISTOGRAM))


def wipe_cell_keys(config: WipeConfig) -> tuple[Key, ...]:
    """The rows ``wipe_trial_stats``' cells hold, levels of the histogram last."""
    keys = _cell_plan(config.board_cards, config.max_players)[0]
    histogram = catalog.RETURNS_COUNT
    return (*keys, *((histogram.family, histogram.name, label) for label in _LABELS))


@cache
def _cell_plan(cards: tuple[int, ...], p: int) -> tuple[tuple[Key, ...], np.ndarray, np.ndarray]:
    """Each row's key and the columns of its n and y among a trial's counts: the three
    passes' counts, then ok, one, draw, unsupported, has a return. A pair (x, x) of ``_plan``
    is a mean: y is x, n the trials it is over (the OK trials, those with a return, or those
    that have the seat)."""
    c = len(cards)
    widths = _widths(c, p)
    at = np.cumsum((0, *widths))
    ok, one, draw, unsupported, has_return = range(at[3], at[3] + 5)
    seats = SEAT_NAMES[:p]
    names = [tb.CARDS[k].name for k in cards]
    has_seat = [at[2] + 3 * (p + 2) + p + j for j in range(p)]
    m = catalog
    rows: list[tuple[Key, int, int]] = [
        ((m.DRAW_RATE.family, m.DRAW_RATE.name, "all"), one, draw),
        ((UNSUPPORTED_RATE.family, UNSUPPORTED_RATE.name, "all"), one, unsupported),
    ]
    levels = (
        [(m.RETURN_RATE, "all"), (m.RETURN_RATE_IF_LEFT, "all")],
        [(m.RETURN_RATE_BY_CARD, name) for name in names],
        [(m.RETURN_RATE_BY_SEAT, seat) for seat in seats],
        [(m.RETURNS_PER_TRIAL, level) for level in ("all", "persist", "undying")],
        *([(metric, seat) for seat in seats] for metric in
          (m.FIRST_RETURN_SHARE, m.RETURN_SHARE, m.MEAN_RETURN_POSITION)),
        *([(metric, level) for level in (*seats, "all")] for metric in
          (m.CREATURES_AFTER, m.POWER_AFTER, m.SURVIVORS)),
        [(m.LIFE_AFTER, seat) for seat in seats],
    )  # fmt: skip
    named = [one for group in levels for one in group]
    means = {m.RETURNS_PER_TRIAL.name: ok, m.FIRST_RETURN_SHARE.name: has_return}
    pairs = _offset_pairs(_plan(c, p), at)[: len(named)]  # then the seats' trial counts
    for (metric, level), (x, y) in zip(named, pairs, strict=True):
        n = x
        if x == y:  # a mean over trials
            seat = seats.index(level) if level in seats else -1
            n = means.get(metric.name, ok if seat < 0 else has_seat[seat])
        rows.append(((metric.family, metric.name, level), n, y))
    keys = tuple(key for key, _, _ in rows)
    return keys, np.array([n for _, n, _ in rows]), np.array([y for _, _, y in rows])


def _offset_pairs(plans: tuple[np.ndarray, ...], at: np.ndarray) -> list[tuple[int, int]]:
    """The passes' pairs as columns of the concatenated counts."""
    return [(int(x + at[k]), int(y + at[k])) for k, plan in enumerate(plans) for x, y in plan]


def _read_back(
    config: WipeConfig, status: np.ndarray, passes: list[np.ndarray], hist: np.ndarray
) -> dict[str, np.ndarray]:
    """The layout's sums (views) from the trials by status and the passes' pair sums (in
    ``_plan``'s order)."""
    p, c = config.max_players, len(config.board_cards)
    out = {STATUS.key: status}
    sums = passes[0]
    out[catalog.RETURN_RATE.key], out[catalog.RETURN_RATE_IF_LEFT.key] = sums[0], sums[1]
    out[catalog.RETURN_RATE_BY_CARD.key] = sums[2 : 2 + c]
    out[catalog.RETURN_RATE_BY_SEAT.key] = sums[2 + c :]
    sums = passes[1]
    out[catalog.RETURNS_COUNT.key] = hist
    out[catalog.RETURNS_PER_TRIAL.key] = sums[:3, ::2][:, :2]
    out[catalog.FIRST_RETURN_SHARE.key] = sums[3 : 3 + p, 0]
    out[catalog.RETURN_SHARE.key] = sums[3 + p : 3 + 2 * p]
    out[catalog.MEAN_RETURN_POSITION.key] = sums[3 + 2 * p :]
    sums = passes[2]
    moments = sums[:, ::2][:, :2]  # [Σx, Σx²]
    for k, metric in enumerate((catalog.CREATURES_AFTER, catalog.POWER_AFTER, catalog.SURVIVORS)):
        out[metric.key] = moments[k * (p + 1) : (k + 1) * (p + 1)]
    out[catalog.LIFE_AFTER.key] = moments[3 * (p + 1) : 3 * (p + 1) + p]
    out[SEAT_TRIALS.key] = sums[3 * (p + 1) + p :, 0]
    return out
