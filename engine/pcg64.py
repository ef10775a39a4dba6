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


@njit
def _rounds(high: np.ndarray, low: np.ndarray, ah: np.uint64, al: np.uint64, ch: np.uint64,
            cl: np.uint64, out: np.ndarray) -> None:  # fmt: skip
    """Fill ``out`` with whole rounds of the copies' words (copy m's word at m of a round),
    each round stepping every copy by ``s -> a * s + c``: after it, copy m holds the state of
    the word after the last round, at m."""
    lanes = high.shape[0]
    for k in range(out.shape[0] // lanes):
        at = k * lanes
        for m in range(lanes):  # two loops over the copies, each made of vector instructions
            out[at + m] = _word(high[m], low[m])
        for m in range(lanes):
            high[m], low[m] = _step(high[m], low[m], ah, al, ch, cl)


@entry
def fill_words(state: np.ndarray, inc: np.ndarray, out: np.ndarray) -> None:
    """``out[:] = PCG64.random_raw(len(out))`` for the generator whose 128-bit state and
    increment are ``state`` and ``inc`` ((2,) uint64: high, low), and ``state`` stepped past
    the words made."""
    n, ih, il = out.shape[0], inc[0], inc[1]
    sh, sl = state[0], state[1]
    lanes = max(min(LANES, n), 1)
    high, low = np.empty(lanes, dtype=np.uint64), np.empty(lanes, dtype=np.uint64)
    ah, al, ch, cl = _jump(1, ih, il)
    h, lo = sh, sl
    for m in range(lanes):  # copy m from word m on
        h, lo = _step(h, lo, ah, al, ch, cl)
        high[m], low[m] = h, lo
    ah, al, ch, cl = _jump(lanes, ih, il)
    _rounds(high, low, ah, al, ch, cl, out)
    done = n - n % lanes
    for m in range(n - done):  # past the last whole round: the copies' next words
        out[done + m] = _word(high[m], low[m])
    ah, al, ch, cl = _jump(n, ih, il)
    state[0], state[1] = _step(sh, sl, ah, al, ch, cl)  # past the words made


@njit
def advance(state: np.ndarray, inc: np.ndarray, steps: int) -> None:
    """Step ``state`` ((2,) uint64: high, low) past ``steps`` words in place, as
    ``PCG64.advance`` does, without making them."""
    ah, al, ch, cl = _jump(steps, inc[0], inc[1])
    state[0], state[1] = _step(state[0], state[1], ah, al, ch, cl)
