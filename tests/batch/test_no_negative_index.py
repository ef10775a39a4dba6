"""Issue 11: the kernel's functions index arrays as C does, without Python's negative-index
wrap-around (``engine.batch.kernel.jit``); every other compiled function keeps it. The kernel
never indexes from the end: played with bounds checks on, where an index below 0 raises as
one past the end does, the differential mixes run through."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pytest

from engine.batch.kernel import jit

ROOT = Path(__file__).resolve().parents[2]


def _compiled_in(module: str, **options: Any) -> Callable[[np.ndarray, int], int]:
    """``a[i]``, compiled as a function of ``module`` (numba names it after its module)."""
    namespace: dict[str, Any] = {"__name__": module}
    exec("def read(a, i):\n    return a[i]\n", namespace)
    return numba.njit(**options)(namespace["read"])  # type: ignore[no-any-return]


def test_a_kernel_function_does_not_wrap_a_negative_index() -> None:
    read = _compiled_in("engine.batch.kernel.probe", boundscheck=True)
    values = np.arange(5, dtype=np.int64)
    assert read(values, 4) == 4
    with pytest.raises(IndexError):  # wrapped, -1 would have read the last element
        read(values, -1)


def test_other_compiled_functions_keep_the_wraparound() -> None:
    read = _compiled_in("sim.shapes.probe", boundscheck=True)
    assert read(np.arange(5, dtype=np.int64), -1) == 4
    assert jit.KERNEL_PREFIX.startswith("_ZN6engine5batch6kernel")


def test_the_kernel_never_indexes_from_the_end(tmp_path: Path) -> None:
    """The differential mixes, the bench's workloads and a deck game, with every index of
    the kernel bounds-checked (compiled apart, into a cache of its own)."""
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(tmp_path)}
    command = [sys.executable, "scripts/fuzz_differential.py", "--first", "31", "--seeds", "1"]
    command += ["--trials", "300"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "IndexError" not in done.stdout + done.stderr
