"""The compiled steps of the draws (``sim.config.dists``, ``sim.shapes.wipe.start``; numba,
set up as the batch engine's kernel): what numpy would do in several passes over a batch,
done in one."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import njit


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
    scale = np.float32(1.0 / 16777216.0)
    for m in range(out.shape[0]):
        out[m] = np.float32(draws[m] >> np.uint32(8)) * scale


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
        n = np.float32(n_players[i])
        last, first = n - np.float32(1.0), np.float32(active[i])
        for j in range(u.shape[1]):
            seat = min(np.trunc(u[i, j] * n), last) + first
            out[i, j] = np.int8(seat - n if seat >= n else seat)


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
        threshold = np.uint64((4294967295 - i) % (i + 1))
        while r < perm.shape[0]:
            p0 = p
            if p == len(halves):
                return i, r, p0
            m = np.uint64(halves[p]) * bound
            p += 1
            if m & np.uint64(0xFFFFFFFF) < bound:  # rarely: then the exact test
                while m & np.uint64(0xFFFFFFFF) < threshold:
                    if p == len(halves):
                        return i, r, p0
                    m = np.uint64(halves[p]) * bound
                    p += 1
            j = np.intp(m >> np.uint64(32))
            perm[r, i], perm[r, j] = perm[r, j], perm[r, i]
            r += 1
        i, r = i - 1, 0
    return 0, 0, p
