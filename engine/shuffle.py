"""``Generator.permuted(rows, axis=-1)``, bit for bit, in one compiled pass: the shuffles of
a batch of deck games (``engine.deck.draw_deals``, which imports this module when it first
deals: the compiled code's settings build the batch engine's card tables, which wait for the
experiment's card files).

numpy shuffles each row with Fisher-Yates, a call through the bit generator for every card
and a copy of every swapped item through a byte buffer: 12 ns a card, so dealing a game
(three shuffles of sixty cards, 2.2 us) cost two thirds of playing it. This is the same
algorithm, compiled (1.1 us a game), on the generator's raw 64-bit words: each row, positions
n - 1 down to 1, position i swapped with a draw j in [0, i] made as numpy's
``random_interval`` makes it (a 32-bit draw under the smallest all-ones mask at least i,
drawn again while past i). A 32-bit draw is the low half of a new word, its high half kept
for the next one (PCG64's ``has_uint32``), so the generator is left as numpy would leave it.
Other bit generators (and a big-endian machine, whose words split the other way) are numpy's
own.
"""

from __future__ import annotations

import sys

import numpy as np

from engine.batch.kernel.jit import njit

# A 32-bit draw in [0, i] takes fewer than two tries (its mask is below 2i + 1), 1.35 on
# average over a 60-card shuffle: raw words are drawn for 0.75 an item, at most ROUND_WORDS at
# a time (a batch's rows are shuffled in rounds, each with the words left from the last).
WORDS_PER_ITEM, ROUND_WORDS = 0.75, 1 << 15


def permuted_rows(rng: np.random.Generator, rows: np.ndarray) -> np.ndarray:
    """A copy of the C-contiguous ``rows`` with its last axis shuffled as
    ``rng.permuted(rows, axis=-1)`` shuffles it, leaving ``rng`` as that call would."""
    bits = rng.bit_generator
    if (
        type(bits) is not np.random.PCG64
        or sys.byteorder != "little"
        or not rows.flags.c_contiguous
        or rows.size == 0
    ):
        out: np.ndarray = rng.permuted(rows, axis=-1)
        return out
    source = rows.reshape(-1, rows.shape[-1])
    flat = source.copy()
    masks = _masks(flat.shape[1])
    start = bits.state  # a new dict each time it is read
    lead, kept = int(start["has_uint32"]), int(start["uinteger"])
    words = np.empty(0, dtype=np.uint64)
    row, fetched = 0, 0  # the first row not shuffled; the words its rows took, from ``start``
    while row < flat.shape[0]:
        wanted = min(int(WORDS_PER_ITEM * flat[row:].size) + 64, ROUND_WORDS)
        words = np.concatenate([words, bits.random_raw(max(wanted, flat.shape[1]))])
        # the 32-bit draws in numpy's order: the kept half (``lead``), then each word's low
        # and high halves
        halves = words.view(np.uint32)
        if lead:
            halves = np.concatenate([np.array([kept], dtype=np.uint32), halves])
        row, taken = _shuffle_rows(flat, source, row, halves, masks)
        new = max(taken - lead, 0)  # halves of new words
        used = (new + 1) // 2
        if new:
            kept = int(words[used - 1] >> np.uint64(32))
        lead = int(lead and taken == 0) or new % 2
        fetched += used
        words = words[used:]
    bits.state = start
    bits.advance(fetched)  # as if numpy had drawn those words (it forgets the kept half)
    state = bits.state
    state["has_uint32"], state["uinteger"] = lead, kept
    bits.state = state
    return flat.reshape(rows.shape)


def _masks(n: int) -> np.ndarray:
    """By ``i`` < ``n``: the smallest all-ones mask at least ``i`` (``random_interval``'s)."""
    masks = np.zeros(max(n, 1), dtype=np.uint32)
    for i in range(1, n):
        masks[i] = (1 << i.bit_length()) - 1
    return masks


@njit
def _shuffle_rows(
    flat: np.ndarray, source: np.ndarray, row: int, halves: np.ndarray, masks: np.ndarray
) -> tuple[int, int]:
    """Shuffle the rows of ``flat`` from ``row`` on with the 32-bit draws ``halves``. A row
    the draws run out in is put back as ``source`` has it: returns the first row not
    shuffled and the draws the shuffled rows took."""
    p = 0
    for r in range(row, flat.shape[0]):
        p0 = p
        line = flat[r]
        for i in range(flat.shape[1] - 1, 0, -1):
            value = np.uint32(i) + np.uint32(1)  # past i: draw
            while value > np.uint32(i):
                if p == len(halves):  # out of draws: this row again, from its start
                    for k in range(flat.shape[1]):
                        line[k] = source[r, k]
                    return r, p0
                value = halves[p] & masks[i]
                p += 1
            j = np.intp(value)
            line[i], line[j] = line[j], line[i]
    return flat.shape[0], p
