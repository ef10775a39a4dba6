"""How long each compiled kernel function takes to compile, from a cold cache.

    python scripts/compile_times.py [--kernel trials|deck] [--top N]

Compiles the trial engine (``--kernel trials``, the default: ``run_kernel`` on the warm-up
batch) or the deck game (``--kernel deck``) into a new, empty numba cache folder, so nothing
loads from the user's cache, and lists the functions by their own compile time: the seconds
numba spent on each compile less those of the compiles nested inside it (a caller types its
callees, compiling them, before it is compiled itself), summed over each function's compiles.
A function compiled more than once (a literal argument, ``scripts/literal_overloads.py``; an
inlined step is compiled into each caller, so it shows as its callers' time) says how many.

It listens to numba's ``numba:compile`` events (``numba.core.event``), the timing hooks numba
documents; one run takes as long as a first use (about a minute and a half for the trials).
Run it on a quiet machine and compare runs of one machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class _Compiles:
    """numba's compile events as (function, its compiles, own seconds), kept in a stack
    because a compile's callees are compiled while it is typed."""

    def __init__(self) -> None:
        self.open: list[list[Any]] = []  # [name, literal, start, seconds of nested compiles]
        self.done: list[tuple[str, bool, float]] = []

    def start(self, data: dict[str, Any]) -> None:
        fn = data["dispatcher"].py_func
        literal = "Literal" in str(data["args"])
        self.open.append([f"{fn.__module__}.{fn.__qualname__}", literal, time.perf_counter(), 0.0])

    def end(self) -> None:
        name, literal, start, nested = self.open.pop()
        seconds = time.perf_counter() - start
        if self.open:
            self.open[-1][3] += seconds
        self.done.append((name, literal, seconds - nested))


def _listen(compiles: _Compiles) -> None:
    from numba.core import event

    class Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            compiles.start(ev.data)

        def on_end(self, ev: Any) -> None:
            compiles.end()

    event.register("numba:compile", Listener())  # type: ignore[no-untyped-call]


def _compile(kernel: str) -> float:
    """Compile ``kernel``; the seconds it took."""
    start = time.perf_counter()
    if kernel == "deck":
        from engine.batch import deck

        deck.warm_up()
    else:
        from engine.batch.kernel.fits import warm_up_batch
        from engine.batch.kernel.run import run_kernel

        run_kernel(*warm_up_batch())
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--kernel", choices=("trials", "deck"), default="trials")
    parser.add_argument("--top", type=int, default=25, help="functions listed (25)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cauldron-compile-") as cache:
        os.environ["NUMBA_CACHE_DIR"] = cache  # read as the kernel's package is imported
        compiles = _Compiles()
        _listen(compiles)
        total = _compile(args.kernel)
    by_name: dict[str, list[tuple[bool, float]]] = defaultdict(list)
    for name, literal, own in compiles.done:
        by_name[name].append((literal, own))
    literal_s = sum(own for _, literal, own in compiles.done if literal)
    print(f"{args.kernel}: {total:.1f} s, {len(compiles.done)} compiles", end="")
    print(f" ({sum(lit for _, lit, _ in compiles.done)} for a literal argument, {literal_s:.1f} s)")
    ranked = sorted(by_name.items(), key=lambda kv: -sum(own for _, own in kv[1]))
    for name, runs in ranked[: args.top]:
        own = sum(s for _, s in runs)
        print(f"{own:8.1f} s  {len(runs):3d}x  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
