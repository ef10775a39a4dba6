"""Summing a shape's per-trial cells over a batch, as the batch's rows sum them (shared by the
wipe, the mana and the deck shape's tests)."""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.shapes.base import RowKey as Key


def summed_cells(
    shape: Any, config: Any, seed: int, trials: int
) -> tuple[dict[Key, list[int]], np.ndarray]:
    """``run_chunks`` of one batch: Σn and Σy of every row's cells (histogram levels too, in
    the order the cells give them) and the chunks' statistics summed."""
    sums: dict[Key, list[int]] = {}
    total = np.zeros(shape.layout(config).size, dtype=np.int64)
    for vector, cells in shape.run_chunks(config, np.random.default_rng(seed), trials):
        total += vector
        for k, key in enumerate(cells.keys):
            cell = sums.setdefault(key, [0, 0])
            cell[0] += int(cells.n[:, k].sum())
            cell[1] += int(cells.y[:, k].sum())
        for lv in cells.levels:
            for i, label in enumerate(lv.labels):
                cell = sums.setdefault((lv.family, lv.metric, label), [0, 0])
                cell[0] += int(lv.n.sum())
                cell[1] += int((lv.n * (lv.value == i)).sum())
    return sums, total
