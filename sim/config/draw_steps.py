"""The compiled steps of the draws (``sim.config.dists``, ``sim.shapes.wipe.start``; numba,
set up as the batch engine's kernel): what numpy would do in several passes over a batch,
done in one."""

from __future__ import annotations

import numpy as np
from numba import literal_unroll

from engine.batch.kernel.jit import entry, inline, njit
from engine.pcg64 import LANES, fill_from, lane_maps


@njit
def swap_step(perm: np.ndarray, i: int, drawn: np.ndarray) -> None:
    """Fisher-Yates step ``i`` on every row: swap column ``i`` with the row's ``drawn`` one."""
    for r in range(perm.shape[0]):
        j = drawn[r]
        perm[r, i], perm[r, j] = perm[r, j], perm[r, i]


@njit
def first_largest(u: np.ndarray, allowed: np.ndarray, out: np.ndarray) -> None:
    """Each row's column with the largest ``u`` among its ``allowed`` ones (the first of
    equals, as numpy's argmax), -1 if none is allowed."""
    for r in range(u.shape[0]):
        best, at = np.float32(-1.0), -1
        for k in range(u.shape[1]):  # selects, not branches: which is larger is a coin flip
            v = u[r, k] if allowed[r, k] else np.float32(-1.0)
            larger = v > best
            best = v if larger else best
            at = k if larger else at
        out[r] = at


@njit
def float32_of(draws: np.ndarray, out: np.ndarray) -> None:
    """``out`` as ``Generator.random(dtype=float32)`` makes it from the 32-bit ``draws``:
    each float is the draw's top 24 bits over 2**24, numpy's ``next_float``."""
    for m in range(out.shape[0]):
        out[m] = _float32(draws[m])


@inline
def _float32(draw: np.uint32) -> np.float32:
    """numpy's float32 of a 32-bit draw: its top 24 bits over 2**24."""
    return np.float32(draw >> np.uint32(8)) * np.float32(1.0 / 16777216.0)


@njit
def categories_of(draws: np.ndarray, out: np.ndarray, reached: np.ndarray,
                  values: np.ndarray) -> None:  # fmt: skip
    """``out`` as ``dists.choose`` makes it from the 32-bit ``draws``: ``values[k]``, ``k``
    the thresholds a draw's top 24 bits reach (``reached``, nondecreasing: the least such
    bits reaching each), compared as integers, without the draw's float: ``values[0]`` plus
    the step to the next value at each threshold reached, a pass per threshold (passes
    without a branch vectorize; a loop over the thresholds per draw took ten times as long)."""
    for m in range(out.shape[0]):
        out[m] = values[0]
    for e in range(reached.shape[0]):
        edge, step = reached[e], values[e + 1] - values[e]
        for m in range(out.shape[0]):
            out[m] += step if draws[m] >> np.uint32(8) >= edge else 0


@njit
def below_of(draws: np.ndarray, out: np.ndarray, reached: np.ndarray) -> None:
    """``out`` as ``dists.bernoulli`` makes it from the 32-bit ``draws``: whether a draw's
    top 24 bits are below ``reached[0]`` (the least that reach the threshold)."""
    edge = reached[0]
    for m in range(out.shape[0]):
        out[m] = draws[m] >> np.uint32(8) < edge


@njit
def seats_of(u: np.ndarray, n_players: np.ndarray, active: np.ndarray, out: np.ndarray) -> None:
    """``out`` (T, K) as ``dists.absolute_seat`` makes it of uniform relative seats: each
    uniform ``u`` (float32) times its trial's player count, in float32 as numpy multiplies
    them, truncated, below the count, counted on from the active seat (numpy took eight
    passes over the batch, 56 ns of a persist_wipes trial's draw). The seats stay float32
    until they are stored (small whole numbers, exact): a row is then one vector loop (with
    a conversion to int64 and back, 17 ns a trial of twelve seats, 6 without)."""
    for i in range(u.shape[0]):
        n, first = np.float32(n_players[i]), np.float32(active[i])
        for j in range(u.shape[1]):
            out[i, j] = _seat(u[i, j], n, first)


@inline
def _seat(u: np.float32, n: np.float32, first: np.float32) -> np.int8:
    """The absolute seat of uniform ``u`` (float32) among ``n`` seats counted on from
    ``first``: ``seats_of`` of one."""
    seat = min(np.trunc(u * n), n - np.float32(1.0)) + first
    return np.int8(seat - n if seat >= n else seat)


ALIVE = np.int32(1 << 30)  # ``drop_dead``'s toughness of what no counter or damage can kill
_UNLISTED = np.int32(-(1 << 30))  # of a card not among ``drop_dead``'s cards (then an error)


@njit
def drop_dead(
    card: np.ndarray,
    plus: np.ndarray,
    minus: np.ndarray,
    damage: np.ndarray,
    not_creature: np.ndarray,
    cards: np.ndarray,
    toughness: np.ndarray,
    base: np.ndarray,
    keep: np.ndarray,
) -> int:
    """``start.drop_dead_start``, row by row: a creature whose toughness is 0 or less, or
    whose damage is lethal, loses its -1/-1 counters and damage. ``cards`` are the cards the
    rows hold (-1: an empty slot, never dead), ``toughness`` theirs (int32, ALIVE for a card
    that is not a creature); ``base`` (int32) and ``keep`` (int16), of one length, hold a run
    of a row at a time. Returns how many slots with counters or damage hold a card not among
    ``cards`` (left as they are: the caller's error; without either, nothing would change).

    Each step is a loop over a run of a row, without a table lookup or a branch, that LLVM
    makes of vector instructions: a run's printed toughness by a pass per card of ``cards``.
    A slot at a time, with the lookup and a select, took 25 ns of a persist_wipes trial, this
    8."""
    unlisted = 0
    for r in range(card.shape[0]):
        row_card, row_plus, row_minus = card[r], plus[r], minus[r]
        row_damage, row_other = damage[r], not_creature[r]
        for start in range(0, row_card.shape[0], base.shape[0]):
            end = min(start + base.shape[0], row_card.shape[0])
            c, p, m = row_card[start:end], row_plus[start:end], row_minus[start:end]
            d, o = row_damage[start:end], row_other[start:end]
            t, k = base[: end - start], keep[: end - start]
            for x in range(t.shape[0]):
                t[x] = ALIVE if c[x] < 0 else _UNLISTED
            for q in range(cards.shape[0]):
                value, printed = cards[q], toughness[q]
                for x in range(t.shape[0]):
                    t[x] = printed if c[x] == value else t[x]
            for x in range(t.shape[0]):
                unlisted += (t[x] == _UNLISTED) & ((m[x] != 0) | (d[x] != 0))
                now = t[x] + np.int32(p[x]) - np.int32(m[x])
                dead = (now <= 0) | (np.int32(d[x]) >= now)
                k[x] = np.int16(1) - np.int16(dead & ~o[x] & (t[x] != _UNLISTED))
            for x in range(t.shape[0]):
                m[x] *= k[x]
            for x in range(t.shape[0]):
                d[x] *= k[x]
    return unlisted


@njit
def lemire_swaps(perm: np.ndarray, i: int, r: int, halves: np.ndarray) -> tuple[int, int, int]:
    """Fisher-Yates steps ``i`` down to 1 on every row of ``perm`` (step ``i`` from row ``r``
    on), each row's column ``i`` swapped with its draw in [0, i] made from the 32-bit draws
    ``halves`` as ``Generator.integers(0, i + 1, dtype=np.int32)`` makes it (Lemire's
    multiply and shift, a low part below ``(2**32 - 1 - i) % (i + 1)`` drawn again). Returns
    where the draws ran out (step, row: 0, 0 when done) and the draws the done swaps took."""
    p = 0
    while i > 0:
        bound = np.uint64(i + 1)
        while r < perm.shape[0]:
            p0 = p
            if p == len(halves):
                return i, r, p0
            m = np.uint64(halves[p]) * bound
            p += 1
            while _drawn_again(m, i):
                if p == len(halves):
                    return i, r, p0
                m = np.uint64(halves[p]) * bound
                p += 1
            j = np.intp(m >> np.uint64(32))
            perm[r, i], perm[r, j] = perm[r, j], perm[r, i]
            r += 1
        i, r = i - 1, 0
    return 0, 0, p


@inline
def _drawn_again(m: np.uint64, i: int) -> bool:
    """Whether Lemire's method draws again for the draw whose product with ``i + 1`` is
    ``m``: its low 32 bits below ``(2**32 - 1 - i) % (i + 1)``, which is below ``i + 1``
    (so that cheap test first: the exact one is rarely asked)."""
    low = m & np.uint64(0xFFFFFFFF)
    return bool(low < np.uint64(i + 1) and low < np.uint64((4294967295 - i) % (i + 1)))


# the kinds of a slot site (``slot_sites``): a value without a draw, a flag true below a
# threshold (``below_of``), a category (``categories_of``), a seat (``seats_of``)
FIXED, BELOW, CATEGORIES, SEAT = 0, 1, 2, 3
SITE_DRAWS = 4096  # a site's draws made at once (a block of trials: they stay in cache)


@entry
def slot_sites(spec: np.ndarray, edges: np.ndarray, values: np.ndarray, states: np.ndarray,
               inc: np.ndarray, carry: np.ndarray, n_players: np.ndarray, active: np.ndarray,
               outs: tuple[np.ndarray, ...], block_draws: int) -> None:  # fmt: skip
    """Every draw site of a slot group, a block of trials at a time (``sim.config.slot_sites``):
    the values the sites' own draws (``dists``) would make, bit for bit, in one
    pass that keeps each block's draws in cache, where the sites' passes over the whole batch
    each went through memory. Site k (``spec[k]``: kind, first edge, edges, first value, run)
    fills the (T, S) array ``outs[k]``; a site that draws makes its draws from run ``run`` of
    the generator (``raw_draws.Halves.runs``: ``states``, ``carry``); a block makes about
    ``block_draws`` draws a site (SITE_DRAWS). (Finishing a block here too, the legal start
    and the empty slots, measured no faster than ``draws._slot_group``'s passes after it.)"""
    t, s = outs[0].shape
    block = max(block_draws // max(s, 1), 1)
    words = np.empty(block * s // 2 + 3, dtype=np.uint64)
    maps, lanes = lane_maps(inc), np.empty((2, LANES), dtype=np.uint64)
    for a in range(0, t, block):
        b = min(a + block, t)
        k = 0
        for out in literal_unroll(outs):  # a loop over a tuple of types: no enumerate
            _site(spec[k], edges, values, states, (maps, lanes), carry, n_players, active,
                  words, out.reshape(-1)[a * s : b * s], a, s)  # fmt: skip
            k += 1  # noqa: SIM113


@inline
def _site(row: np.ndarray, edges: np.ndarray, values: np.ndarray, states: np.ndarray,
          copies: tuple[np.ndarray, np.ndarray], carry: np.ndarray, n_players: np.ndarray,
          active: np.ndarray, words: np.ndarray, out: np.ndarray, a: int,
          s: int) -> None:  # fmt: skip
    """One site's values for the trials from ``a`` on (``out``: theirs, flat)."""
    kind, e0, ne, v0 = row[0], row[1], row[2], row[3]
    if kind == FIXED:
        out[:] = values[v0]
        return
    draws = _run_draws(row[4], out.shape[0], states, copies, carry, words)
    if kind == BELOW:
        below_of(draws, out, edges[e0 : e0 + 1])
    elif kind == CATEGORIES:
        categories_of(draws, out, edges[e0 : e0 + ne], values[v0 : v0 + ne + 1])
    else:
        for i in range(out.shape[0] // s):
            n, first = np.float32(n_players[a + i]), np.float32(active[a + i])
            for j in range(s):
                out[i * s + j] = _seat(_float32(draws[i * s + j]), n, first)


@inline
def _run_draws(run: int, n: int, states: np.ndarray, copies: tuple[np.ndarray, np.ndarray],
               carry: np.ndarray, words: np.ndarray) -> np.ndarray:  # fmt: skip
    """The next ``n`` draws of ``run`` (its carry first, if any), a view of ``words``; the
    run's state goes past the words made, and a half left over is its next carry. ``copies``:
    the generator's ``lane_maps`` and room for its copies (``pcg64.fill_from``)."""
    has = carry[run] >= 0
    made = (n - has + 1) // 2
    fill_from(states[run], copies[0], copies[1], words[1 : 1 + made])
    halves = words.view(np.uint32)
    start = 2
    if has:
        words[0] = np.uint64(carry[run]) << np.uint64(32)  # the carry as word 0's high half
        start = 1
    left = has + 2 * made - n
    carry[run] = np.int64(halves[start + n]) if left else -1
    return halves[start : start + n]


@entry
def block_permutations(perm: np.ndarray, states: np.ndarray, inc: np.ndarray,
                       carry: np.ndarray, block: int) -> bool:  # fmt: skip
    """``lemire_swaps`` of every step on ``perm`` (T, W), a block of rows at a time, each row
    swapped through all its steps while it is in cache (step by step, every step went over
    the whole batch). Step ``i``'s draws are run ``W - 1 - i`` (``raw_draws.Halves.runs``),
    T draws each: where no draw is drawn again. Returns False, ``perm`` half done, at the
    first draw Lemire's method would draw again (a chance below 2.4e-8 a draw for rows of up
    to a hundred, 3e-9 for 13): the runs after it start a draw later, and the caller swaps
    step by step."""
    t, width = perm.shape
    steps = max(width - 1, 0)
    words = np.empty((max(steps, 1), block // 2 + 3), dtype=np.uint64)
    draws = np.empty((max(steps, 1), block), dtype=np.uint32)
    copies = lane_maps(inc), np.empty((2, LANES), dtype=np.uint64)
    for a in range(0, t, block):
        n = min(block, t - a)
        for q in range(steps):
            draws[q, :n] = _run_draws(q, n, states, copies, carry, words[q])
        for r in range(n):
            row = perm[a + r]
            for x in range(width):
                row[x] = x
            for q in range(steps):
                i = width - 1 - q
                m = np.uint64(draws[q, r]) * np.uint64(i + 1)
                if _drawn_again(m, i):
                    return False
                j = np.intp(m >> np.uint64(32))
                row[i], row[j] = row[j], row[i]
    return True


@njit
def orders_of_taps(out: np.ndarray, drawn: np.ndarray, kind: np.ndarray, tap: int) -> None:
    """``out`` (T, A, L): each action's drawn order (``drawn`` (T, A', L), A' <= A) where the
    action is a tap (``kind`` is ``tap``), -1 elsewhere and past A' (numpy's ``where`` with
    the mask broadcast over the orders took 280 ns of a mana_tap_orders trial)."""
    for i in range(out.shape[0]):
        for a in range(out.shape[1]):
            keep = a < drawn.shape[1] and kind[i, a] == tap
            for k in range(out.shape[2]):
                out[i, a, k] = drawn[i, a, k] if keep else -1
