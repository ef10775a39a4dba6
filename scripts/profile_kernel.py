"""Run a ``cauldron bench`` workload's batch engine under ``perf``, with the compiled kernel's
functions named in the profile.

    perf record -F 4000 -o /tmp/perf.data python scripts/profile_kernel.py WORKLOAD [--repeat R]
    perf report -i /tmp/perf.data --no-children --sort sym

numba's machine code lives in anonymous memory, so perf shows bare addresses for it. This
script keeps the object code numba loads from its on-disk cache, and once the workload has run
once it writes ``/tmp/perf-PID.map`` (perf's format for code it cannot see: address, size,
name) with every function of that code, so ``perf report`` names them. Run it once without
perf first if the kernel is not compiled yet: the map covers functions loaded from the cache.

Then it runs the workload's batches ``--repeat`` times (eight batches of 4,096 trials, drawn
as the bench draws them) and prints the batch engine's trials per second. It relies on
numba's ``CodeLibrary._set_compiled_object``, an internal; a newer numba may move it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from numba.core import codegen

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

_OBJECTS: dict[int, tuple[Any, bytes]] = {}  # id(library): (library, its object code)
_set_compiled_object: Any = codegen.CodeLibrary._set_compiled_object


def _keep(library: Any, value: bytes) -> None:
    """numba hands a library the object code it read from the cache: keep a copy."""
    _OBJECTS[id(library)] = (library, bytes(value))
    _set_compiled_object(library, value)


setattr(codegen.CodeLibrary, "_set_compiled_object", _keep)  # noqa: B010 (before any load)

import numpy as np  # noqa: E402

from sim.bench_workloads import TABLES, workload  # noqa: E402
from sim.shapes.base import CHUNK  # noqa: E402

CHUNKS = 8  # batches of CHUNK trials, as ``cauldron bench`` runs them


def _symbols(code: bytes) -> list[tuple[int, int, str]]:
    """(offset, size, name) of the functions of one object file (``nm``: numba's linked-in
    callees are weak symbols, W, beside the library's own, T)."""
    with tempfile.NamedTemporaryFile(suffix=".o") as file:
        file.write(code)
        file.flush()
        listing = subprocess.run(
            ["nm", "-S", "--defined-only", file.name], capture_output=True, text=True, check=True
        ).stdout
    found = []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "TtWw":
            found.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    return found


def write_map() -> Path:
    """``/tmp/perf-PID.map`` for every library loaded so far. A library's functions sit at
    its load address plus their offset: the load address is the one most of its symbols
    agree on (a weak symbol may resolve to another library's copy)."""
    rows = []
    for library, code in _OBJECTS.values():
        symbols = _symbols(code)
        bases: Counter[int] = Counter()
        for offset, _, name in symbols:
            address = library.get_pointer_to_function(name)
            if address:
                bases[address - offset] += 1
        if bases:
            base = bases.most_common(1)[0][0]
            rows += [(base + offset, size, name) for offset, size, name in symbols]
    path = Path(f"/tmp/perf-{os.getpid()}.map")
    path.write_text("".join(f"{a:x} {s:x} {n}\n" for a, s, n in sorted(rows)))
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("workload", choices=tuple(TABLES))
    parser.add_argument("--repeat", type=int, default=40)
    args = parser.parse_args(argv)
    work = workload(args.workload)
    rng = np.random.default_rng(20261129)
    batches = [work.draw(rng, CHUNK) for _ in range(CHUNKS)]
    work.timed(batches[0])  # compiled, or loaded from the cache
    print(f"perf map: {write_map()} ({len(_OBJECTS)} libraries)")
    start = time.perf_counter()
    for _ in range(args.repeat):
        for batch in batches:
            work.timed(batch)
    rate = args.repeat * CHUNK * CHUNKS / (time.perf_counter() - start)
    print(f"{args.workload}: {rate:,.0f} trials/s (batch engine, one process)")


if __name__ == "__main__":
    main()
