"""PCG64's raw 64-bit words, compiled: the words ``PCG64.random_raw`` makes, faster.

numpy makes each word with a call through the bit generator, and each step of the generator
waits for the one before (a 128-bit multiply and add): 2.3 ns a word here, 110 ns of a
persist_wipes trial's 260 ns of drawing. This runs LANES copies of the generator side by side,
copy k from word k on, each stepping LANES words at a time, and interleaves their words: the
same words, in the same order. The copies are arrays that LLVM steps with vector instructions,
so the 128-bit products are made of 32-bit halves (a 128-bit multiply it would do lane by
lane).

The generator (numpy's ``pcg64.h``): a 128-bit LCG, ``s = s * MULTIPLIER + inc``, then the word
is the state's two halves xor-ed, rotated right by its top six bits (XSL-RR). ``k`` steps at
once are an affine map ``s -> a * s + c`` (``_jump``, the algorithm of numpy's
``pcg_advance_lcg_128``). A state is a pair of uint64 (high, low).
"""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import entry, inline, njit

MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645  # numpy's PCG_DEFAULT_MULTIPLIER_128
# copies of the generator run side by side. A word took, in a bare loop: 4 copies as scalars
# (registers) 1.43 ns, 8 copies in arrays 1.20, 16: 0.78, 32: 0.69, 64: 0.66
LANES = 64

_M_HIGH, _M_LOW = MULTIPLIER >> 64, MULTIPLIER & (2**64 - 1)
_HALF = np.uint64(0xFFFFFFFF)
_32 = np.uint64(32)


@inline
def _mul_high(a: np.uint64, b: np.uint64) -> np.uint64:
    """The high 64 bits of the 128-bit product of two uint64, from their 32-bit halves."""
    a0, a1, b0, b1 = a & _HALF, a >> _32, b & _HALF, b >> _32
    low, cross, other = a0 * b0, a0 * b1, a1 * b0
    carry = ((low >> _32) + (cross & _HALF) + (other & _HALF)) >> _32
    return a1 * b1 + (cross >> _32) + (other >> _32) + carry


@inline
def _mul(ah: np.uint64, al: np.uint64, bh: np.uint64, bl: np.uint64) -> tuple[np.uint64, np.uint64]:
    """``a * b`` modulo 2**128."""
    return _mul_high(al, bl) + ah * bl + al * bh, al * bl


@inline
def _add(ah: np.uint64, al: np.uint64, bh: np.uint64, bl: np.uint64) -> tuple[np.uint64, np.uint64]:
    """``a + b`` modulo 2**128."""
    low = al + bl
    return ah + bh + np.uint64(low < al), low


@inline
def _step(sh: np.uint64, sl: np.uint64, ah: np.uint64, al: np.uint64, ch: np.uint64,
          cl: np.uint64) -> tuple[np.uint64, np.uint64]:  # fmt: skip
    """The affine map ``s -> a * s + c`` of a state."""
    ph, pl = _mul(sh, sl, ah, al)
    return _add(ph, pl, ch, cl)


@inline
def _word(sh: np.uint64, sl: np.uint64) -> np.uint64:
    """The word a state gives (XSL-RR: the halves xor-ed, rotated right by the top 6 bits)."""
    x = sh ^ sl
    r = sh >> np.uint64(58)
    return (x >> r) | (x << ((np.uint64(64) - r) & np.uint64(63)))


@njit
def _jump(steps: int, ih: np.uint64, il: np.uint64) -> tuple[np.uint64, np.uint64, np.uint64,
                                                             np.uint64]:  # fmt: skip
    """The affine map (a high, a low, c high, c low) of ``steps`` steps of the generator with
    increment ``i``: by squaring, one bit of ``steps`` at a time."""
    ah, al, ch, cl = np.uint64(0), np.uint64(1), np.uint64(0), np.uint64(0)
    mh, ml, ph, pl = np.uint64(_M_HIGH), np.uint64(_M_LOW), ih, il
    while steps > 0:
        if steps & 1:
            ah, al = _mul(ah, al, mh, ml)
            ch, cl = _step(ch, cl, mh, ml, ph, pl)
        nh, nl = _add(mh, ml, np.uint64(0), np.uint64(1))
        ph, pl = _mul(nh, nl, ph, pl)
        mh, ml = _mul(mh, ml, mh, ml)
        steps >>= 1
    return ah, al, ch, cl


@entry
def lane_maps(inc: np.ndarray) -> np.ndarray:
    """(4, LANES): the affine maps of 1 to LANES steps of the generator with increment ``inc``
    (rows a high, a low, c high, c low). They depend on the increment only: a caller making
    many runs of one generator finds them once (``fill_from``), where each run found them
    step by step, a chain of 64 128-bit products (0.3 us a run, a few thousand runs a batch)."""
    maps = np.empty((4, LANES), dtype=np.uint64)
    ah, al, ch, cl = _jump(1, inc[0], inc[1])
    mh, ml, ih, il = ah, al, ch, cl  # one step: s * MULTIPLIER + inc
    for m in range(LANES):
        maps[0, m], maps[1, m], maps[2, m], maps[3, m] = ah, al, ch, cl
        ah, al = _mul(mh, ml, ah, al)  # one step more: M * (a s + c) + inc
        ch, cl = _step(ch, cl, mh, ml, ih, il)
    return maps


@njit
def fill_from(state: np.ndarray, maps: np.ndarray, lanes: np.ndarray, out: np.ndarray) -> None:
    """``fill_words`` with the generator's ``lane_maps`` found already and room for the
    copies' states (``lanes``, (2, LANES) uint64): copy m starts m + 1 steps on, each copy
    from the state given by its own map (no chain of steps), and the state past the words is
    the copy that made the last word's (no jump by ``n``)."""
    n = out.shape[0]
    if n == 0:
        return
    width = min(LANES, n)
    high, low = lanes[0], lanes[1]
    sh, sl = state[0], state[1]
    for m in range(width):
        high[m], low[m] = _step(sh, sl, maps[0, m], maps[1, m], maps[2, m], maps[3, m])
    ah, al, ch, cl = maps[0, LANES - 1], maps[1, LANES - 1], maps[2, LANES - 1], maps[3, LANES - 1]
    rounds, left = n // width, n % width
    for k in range(rounds):
        at = k * width
        for m in range(width):  # two loops over the copies, each made of vector instructions
            out[at + m] = _word(high[m], low[m])
        if k < rounds - 1 or left:  # (a round of fewer than LANES copies is the only one)
            for m in range(width):
                high[m], low[m] = _step(high[m], low[m], ah, al, ch, cl)
    done = n - left
    for m in range(left):  # past the last whole round: the copies' next words
        out[done + m] = _word(high[m], low[m])
    last = left - 1 if left else width - 1  # the copy that made the last word
    state[0], state[1] = high[last], low[last]


@entry
def fill_words(state: np.ndarray, inc: np.ndarray, out: np.ndarray) -> None:
    """``out[:] = PCG64.random_raw(len(out))`` for the generator whose 128-bit state and
    increment are ``state`` and ``inc`` ((2,) uint64: high, low), and ``state`` stepped past
    the words made."""
    fill_from(state, lane_maps(inc), np.empty((2, LANES), dtype=np.uint64), out)


@njit
def advance(state: np.ndarray, inc: np.ndarray, steps: int) -> None:
    """Step ``state`` ((2,) uint64: high, low) past ``steps`` words in place, as
    ``PCG64.advance`` does, without making them."""
    ah, al, ch, cl = _jump(steps, inc[0], inc[1])
    state[0], state[1] = _step(state[0], state[1], ah, al, ch, cl)
