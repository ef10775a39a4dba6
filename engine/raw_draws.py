"""numpy's 32-bit draws from PCG64's raw words, for compiled draws that must make what numpy
makes, bit for bit (``engine.shuffle``, ``sim.config.dists.permutations``).

A 32-bit draw (``next_uint32``) is the low half of a new 64-bit word, and its high half is
kept for the next one (PCG64's ``has_uint32`` and ``uinteger``), so the draws are the kept
half, if any, then each word's low and high halves: a little-endian ``uint32`` view of the
words. A compiled draw takes as many as it needs, which only it knows, so words are drawn in
rounds (by ``engine.pcg64``, from a copy of the generator's state); at the end the generator
is advanced by the words the draws took, with the half they left kept, as numpy would have
left it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

import numpy as np

ROUND_WORDS = 1 << 15  # the most words a round draws (a round's draws stay in cache)


class Halves:
    """The 32-bit draws of one PCG64 generator, round by round: ``draws(words)`` holds the
    ones not taken yet and ``words`` more, ``taken(k)`` says the first ``k`` of them were
    used, ``close()`` leaves the generator as numpy's draws of them would have."""

    def __init__(self, bits: np.random.PCG64) -> None:
        self.bits = bits
        start = bits.state  # a new dict each time it is read
        self.lead, self.kept = int(start["has_uint32"]), int(start["uinteger"])
        lcg = start["state"]
        # the generator past the words drawn so far, and its increment ((2,) uint64: high,
        # low): ``engine.pcg64`` makes the words, ``bits`` stays where it is until ``close``
        self.state, self.inc = _halves_of(lcg["state"]), _halves_of(lcg["inc"])
        self.words = np.empty(0, dtype=np.uint64)  # drawn, not yet used
        self.used = 0  # words the taken draws used, from ``start`` on

    @staticmethod
    def of(rng: np.random.Generator) -> Halves | None:
        """The generator's draws, or None where numpy's own must be used: another bit
        generator, or a big-endian machine (whose words split the other way)."""
        bits = rng.bit_generator
        if type(bits) is not np.random.PCG64 or sys.byteorder != "little":
            return None
        return Halves(bits)

    def draws(self, words: int) -> np.ndarray:
        """The draws not taken yet, after ``words`` more words, ROUND_WORDS at most (uint32,
        in numpy's order). A caller that takes none of them asks again: they add up."""
        from engine.pcg64 import fill_words  # see ``sim.config.dists.permutations``

        more = np.empty(max(min(words, ROUND_WORDS), 1), dtype=np.uint64)
        fill_words(self.state, self.inc, more)
        self.words = np.concatenate([self.words, more]) if len(self.words) else more
        halves = self.words.view(np.uint32)
        if self.lead:
            halves = np.concatenate([np.array([self.kept], dtype=np.uint32), halves])
        return halves

    def taken(self, k: int) -> None:
        """The first ``k`` draws of the last ``draws`` were used."""
        words = self._take(k, lambda w: int(self.words[w] >> np.uint64(32)))
        self.words = self.words[words:]

    def _take(self, k: int, high_half: Callable[[int], int]) -> int:
        """Count the next ``k`` draws taken (``high_half(w)``: new word ``w``'s high half);
        returns the new words they used."""
        if k == 0:
            return 0  # the kept half, if any, is still the next draw
        new = k - self.lead  # halves of new words (the kept one, if any, is used)
        words = (new + 1) // 2
        if new:  # numpy keeps the last word's high half, used or not
            self.kept = high_half(words - 1)
        self.lead = new % 2  # a word's high half left for the next draw
        self.used += words
        return words

    def runs(self, sizes: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """Where each of consecutive runs of ``sizes`` draws (each at least one) starts, from
        the next draw on, for a compiled draw that makes each run from its own copy of the
        generator (``sim.config.draw_steps.slot_sites``); nothing is taken (``skip``).
        Returns the copies' states ((R, 2) uint64: the word each run makes first) and
        carries ((R,) int64): a run that starts at a word's high half starts with that half,
        its carry (-1 for none). Only before any ``draws``."""
        if len(self.words):
            raise ValueError("Halves.runs: some draws are made and not taken")
        states = np.empty((len(sizes), 2), dtype=np.uint64)
        carry = np.full(len(sizes), -1, dtype=np.int64)
        at = 0
        for r, size in enumerate(sizes):
            states[r], carry[r] = self._at(at)
            at += size
        return states, carry

    def skip(self, k: int) -> None:
        """The next ``k`` draws are taken, without making them (as ``taken`` leaves it)."""
        from engine.pcg64 import advance  # see ``sim.config.dists.permutations``

        if len(self.words):
            raise ValueError("Halves.skip: some draws are made and not taken")
        advance(self.state, self.inc, self._take(k, lambda w: self._past(w)[1]))

    def _past(self, k: int) -> tuple[np.ndarray, int]:
        """The state past word ``k`` from ``state`` on (0: the next word), and the word's high
        half."""
        from engine.pcg64 import advance, fill_words  # see ``sim.config.dists.permutations``

        state, one = self.state.copy(), np.empty(1, dtype=np.uint64)
        advance(state, self.inc, k)
        fill_words(state, self.inc, one)
        return state, int(one[0] >> np.uint64(32))

    def _at(self, at: int) -> tuple[np.ndarray, int]:
        """The state and carry of a run starting ``at`` draws from the next one."""
        from engine.pcg64 import advance  # see ``sim.config.dists.permutations``

        if self.lead and at == 0:
            return self.state.copy(), self.kept
        new = at - self.lead  # halves of new words before the run
        if new % 2:
            return self._past(new // 2)  # its low half is drawn before the run
        state = self.state.copy()
        advance(state, self.inc, new // 2)
        return state, -1

    def close(self) -> None:
        """Leave the generator as numpy leaves it after the draws taken."""
        self.bits.advance(self.used)  # as if numpy had drawn those words (forgets the half)
        state = self.bits.state
        state["has_uint32"], state["uinteger"] = self.lead, self.kept
        self.bits.state = state


def _halves_of(value: int) -> np.ndarray:
    """A 128-bit integer as (2,) uint64: high, low."""
    return np.array([value >> 64, value & (2**64 - 1)], dtype=np.uint64)
