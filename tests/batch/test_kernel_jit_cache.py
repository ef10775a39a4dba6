"""The kernel's on-disk cache: an unwritable ``NUMBA_CACHE_DIR`` turns caching off and the
kernel still compiles and runs (in a fresh process: numba reads the variable at import)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

_PROBE = """
from engine.batch.kernel import jit

@jit.entry
def twice(x):
    return 2 * x

print(jit.CACHING, twice(21))
"""


def _probe(cache_dir: str, folder: Path) -> str:
    """Compile a function with the kernel's decorator in a fresh process (from a file:
    numba caches only what it can locate)."""
    script = folder / "probe.py"
    script.write_text(_PROBE)
    root = Path(__file__).resolve().parent.parent.parent
    env = {**os.environ, "NUMBA_CACHE_DIR": cache_dir, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, str(script)], env=env, cwd=root, capture_output=True, text=True,
        timeout=120, check=True,
    )  # fmt: skip
    return " ".join(done.stdout.split()[-2:])


def test_an_unwritable_cache_falls_back_to_compiling_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    assert _probe(str(blocker / "numba"), tmp_path) == "False 42"  # cannot be created, even by root


def test_a_writable_cache_is_used(tmp_path: Path) -> None:
    assert _probe(str(tmp_path / "cache"), tmp_path) == "True 42"
    assert any((tmp_path / "cache").rglob("*.nbi"))  # numba's cache index was written
