"""Issue 11: the batch engine runs as plain Python with ``NUMBA_DISABLE_JIT=1`` (numba's way to
step through compiled code in a debugger), trial for trial as compiled: numpy's fixed-width
integers then do the arithmetic numba did in 64 bits, and a step that leaned on numba's
widening (``fits._event_kinds`` shifted an int8 kind by itself: an OverflowError) fails there
first. Bench workloads that run on the kernel and on the fast path, a few trials each, against
the reference engine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

_PLAY = """
import sys
import numpy as np
from sim.bench import verdict
from sim.bench_workloads import workload
work = workload(sys.argv[1])
inputs = work.draw(np.random.default_rng(3), 6)
state = work.run(inputs)
print([verdict(work.outcome(state, i, inputs), work.replay(inputs, i)) for i in range(6)])
"""


@pytest.mark.parametrize(
    "name", ["persist-wipe-2p-12", "counters-4p", "mixed-timeline", "mana-tap-2p-10"]
)
def test_the_batch_engine_runs_without_the_jit(name: str) -> None:
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, name], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == str(["agree"] * 6)
