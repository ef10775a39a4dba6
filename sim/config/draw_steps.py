"""The compiled steps of ``sim.config.dists``' draws (numba, set up as the batch engine's
kernel): what numpy would do in several passes over a batch, done in one."""

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
def float32_halves(raw: np.ndarray, lead: bool, buffered: int, out: np.ndarray) -> None:
    """``out`` as ``Generator.random(dtype=float32)`` fills it from the 32-bit halves of
    ``raw`` (low half first), after the half ``buffered`` when ``lead``: each float is the
    half's top 24 bits over 2**24, numpy's ``next_float``."""
    scale = np.float32(1.0 / 16777216.0)
    i = 0
    if lead:
        out[0] = np.float32(np.uint64(buffered) >> np.uint64(8)) * scale
        i = 1
    j = 0
    while i + 1 < out.shape[0]:
        r = raw[j]
        out[i] = np.float32((r & np.uint64(0xFFFFFFFF)) >> np.uint64(8)) * scale
        out[i + 1] = np.float32(r >> np.uint64(40)) * scale
        i += 2
        j += 1
    if i < out.shape[0]:
        out[i] = np.float32((raw[j] & np.uint64(0xFFFFFFFF)) >> np.uint64(8)) * scale
