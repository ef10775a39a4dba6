"""Subsets of trials: every batch structure is a dataclass of arrays with the trial axis first."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, TypeVar

import numpy as np

Batch = TypeVar("Batch")


def take_rows(batch: Batch, rows: slice | np.ndarray, trials: int) -> Batch:
    """A copy of ``batch`` (a dataclass) for the trials ``rows``: arrays with ``trials`` rows
    are indexed; everything else (None, sizes, shared flags) is kept as it is."""
    parts: dict[str, Any] = {}
    for f in fields(batch):  # type: ignore[arg-type]
        value = getattr(batch, f.name)
        if isinstance(value, np.ndarray) and value.shape[:1] == (trials,):
            parts[f.name] = value[rows]
    return replace(batch, **parts)  # type: ignore[type-var]


def as_one_row(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """(T, S) arrays as (1, T * S) views when all are contiguous, else as they are: a compiled
    pass row by row then runs once over the whole batch, a loop LLVM makes of vector
    instructions (a row of S slots is too short for it)."""
    if all(a.flags.c_contiguous for a in arrays):
        return tuple(a.reshape(1, -1) for a in arrays)
    return arrays
