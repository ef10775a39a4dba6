"""The compiled step of ``dists.permutations`` (numba, set up as the batch engine's kernel)."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import njit


@njit
def swap_step(perm: np.ndarray, i: int, drawn: np.ndarray) -> None:
    """Fisher-Yates step ``i`` on every row: swap column ``i`` with the row's ``drawn`` one."""
    for r in range(perm.shape[0]):
        j = drawn[r]
        perm[r, i], perm[r, j] = perm[r, j], perm[r, i]
