"""``Generator.permuted(rows, axis=-1)``, bit for bit, in one compiled pass: the shuffles of
a batch of deck games (``engine.deck.draw_deals``, which imports this module when it first
deals: the compiled code's settings build the batch engine's card tables, which wait for the
experiment's card files).

numpy shuffles each row with Fisher-Yates, a call through the bit generator for every card
and a copy of every swapped item through a byte buffer: 12 ns a card, so dealing a game
(three shuffles of sixty cards, 2.2 us) cost two thirds of playing it. This is the same
algorithm, compiled (1.1 us a game), on numpy's 32-bit draws (``engine.raw_draws``): each
row, positions n - 1 down to 1, position i swapped with a draw j in [0, i] made as numpy's
``random_interval`` makes it (a 32-bit draw under the smallest all-ones mask at least i,
drawn again while past i).
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import njit
from engine.raw_draws import Halves

# A 32-bit draw in [0, i] takes fewer than two tries (its mask is below 2i + 1), 1.35 on
# average over a 60-card shuffle: raw words are drawn for 0.75 an item (in rounds, each with
# the words left from the last: ``Halves.draws``).
WORDS_PER_ITEM = 0.75


def permuted_rows(rng: np.random.Generator, rows: np.ndarray) -> np.ndarray:
    """A copy of the C-contiguous ``rows`` with its last axis shuffled as
    ``rng.permuted(rows, axis=-1)`` shuffles it, leaving ``rng`` as that call would."""
    halves = Halves.of(rng)
    if halves is None or not rows.flags.c_contiguous or rows.size == 0:
        out: np.ndarray = rng.permuted(rows, axis=-1)
        return out
    source = rows.reshape(-1, rows.shape[-1])
    flat = source.copy()
    masks = _masks(flat.shape[1])
    row = 0  # the first row not shuffled
    while row < flat.shape[0]:
        wanted = int(WORDS_PER_ITEM * flat[row:].size) + 64
        row, taken = _shuffle_rows(flat, source, row, halves.draws(wanted), masks)
        halves.taken(taken)
    halves.close()
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
