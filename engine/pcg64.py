"""PCG64's raw 64-bit words, compiled: the words ``PCG64.random_raw`` makes, faster.

numpy makes each word with a call through the bit generator, and each step of the generator
waits for the one before (a 128-bit multiply and add): 2.3 ns a word here, 110 ns of a
persist_wipes trial's 260 ns of drawing. This runs four copies of the generator, copy k
from word k on, each stepping four words at a time, and interleaves their words: the same
words, in the same order, at 1.45 ns (the copies' steps do not wait for each other).

The generator (numpy's ``pcg64.h``): a 128-bit LCG, ``s = s * MULTIPLIER + inc``, then the word
is the state's two halves xor-ed, rotated right by its top six bits (XSL-RR). ``k`` steps at
once are an affine map ``s -> a * s + c`` (``_jump``, the algorithm of numpy's
``pcg_advance_lcg_128``). A state is a pair of uint64 (high, low).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from engine.batch.kernel.jit import inline, njit

MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645  # numpy's PCG_DEFAULT_MULTIPLIER_128
# copies of the generator run side by side (``fill_words`` is written for four): in a bare
# loop, 4 took 1.25 ns a word, 2 took 1.40, 8 took 1.19
LANES = 4

_M_HIGH, _M_LOW = MULTIPLIER >> 64, MULTIPLIER & (2**64 - 1)


def _mul_high_ir(typingctx: object, a: types.Type, b: types.Type) -> tuple[object, object]:
    """The high 64 bits of the 128-bit product of two uint64 (one ``mul`` on x86-64)."""
    signature = types.uint64(types.uint64, types.uint64)

    def codegen(
        context: object, builder: ir.IRBuilder, sig: object, args: list[ir.Value]
    ) -> ir.Value:
        wide = ir.IntType(128)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        return builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), ir.IntType(64))

    return signature, codegen


# called, in compiled code only, with the two uint64
_mul_high = cast(Callable[[np.uint64, np.uint64], np.uint64], intrinsic(_mul_high_ir))


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
def fill_words(state: np.ndarray, inc: np.ndarray, out: np.ndarray) -> None:
    """``out[:] = PCG64.random_raw(len(out))`` for the generator whose 128-bit state and
    increment are ``state`` and ``inc`` ((2,) uint64: high, low), and ``state`` stepped past
    the words made."""
    n, ih, il = out.shape[0], inc[0], inc[1]
    sh, sl = state[0], state[1]
    ah, al, ch, cl = _jump(n, ih, il)
    state[0], state[1] = _step(sh, sl, ah, al, ch, cl)  # past the words made
    ah, al, ch, cl = _jump(1, ih, il)
    h0, l0 = _step(sh, sl, ah, al, ch, cl)  # lane k makes words k, k + LANES, ...
    h1, l1 = _step(h0, l0, ah, al, ch, cl)
    h2, l2 = _step(h1, l1, ah, al, ch, cl)
    h3, l3 = _step(h2, l2, ah, al, ch, cl)
    ah, al, ch, cl = _jump(LANES, ih, il)
    for k in range(0, n // LANES):  # (a stepped range, or a tuple stored, took 1.9 ns a word)
        out[LANES * k] = _word(h0, l0)
        out[LANES * k + 1] = _word(h1, l1)
        out[LANES * k + 2] = _word(h2, l2)
        out[LANES * k + 3] = _word(h3, l3)
        h0, l0 = _step(h0, l0, ah, al, ch, cl)
        h1, l1 = _step(h1, l1, ah, al, ch, cl)
        h2, l2 = _step(h2, l2, ah, al, ch, cl)
        h3, l3 = _step(h3, l3, ah, al, ch, cl)
    for k in range(n - n % LANES, n):  # past the lanes' last full round: from the start
        ah, al, ch, cl = _jump(k + 1, ih, il)  # (the lanes' states, live after the loop,
        wh, wl = _step(sh, sl, ah, al, ch, cl)  # took 10% more a word in it)
        out[k] = _word(wh, wl)
