"""The 14 sums of trial-paired rows (``sim.run.paired.SUMS``' order), in one compiled pass over
a chunk's cells (``trial_pairs.chunk_sums``): numpy gathered every row's columns from both
sides, then made 4 sums and 10 dot products of (T, K) arrays, a pass each, and pairing a
deck's 105 rows cost a third as much as playing its games."""

from __future__ import annotations

import numpy as np

from engine.batch.kernel.jit import njit


@njit
def pair_sums(
    na: np.ndarray,
    ya: np.ndarray,
    at_a: np.ndarray,
    nb: np.ndarray,
    yb: np.ndarray,
    at_b: np.ndarray,
    out: np.ndarray,
) -> None:
    """Add to ``out[k]`` the sums of row k over the trials: its (n, y) is column ``at_a[k]``
    of ``na``, ``ya`` (the point's cells) and ``at_b[k]`` of ``nb``, ``yb`` (the baseline's),
    (0, 0) where a side lacks it (-1): [Σn_A, Σy_A, Σn_A², Σn_A y_A, Σy_A², the same of B,
    Σn_A n_B, Σn_A y_B, Σy_A n_B, Σy_A y_B]."""
    for t in range(na.shape[0]):
        for k in range(out.shape[0]):
            i, j = at_a[k], at_b[k]
            n1 = na[t, i] if i >= 0 else np.int64(0)
            y1 = ya[t, i] if i >= 0 else np.int64(0)
            n2 = nb[t, j] if j >= 0 else np.int64(0)
            y2 = yb[t, j] if j >= 0 else np.int64(0)
            out[k, 0] += n1
            out[k, 1] += y1
            out[k, 2] += n1 * n1
            out[k, 3] += n1 * y1
            out[k, 4] += y1 * y1
            out[k, 5] += n2
            out[k, 6] += y2
            out[k, 7] += n2 * n2
            out[k, 8] += n2 * y2
            out[k, 9] += y2 * y2
            out[k, 10] += n1 * n2
            out[k, 11] += n1 * y2
            out[k, 12] += y1 * n2
            out[k, 13] += y1 * y2
