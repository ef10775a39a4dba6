"""List the compiled kernel functions that numba compiled for a literal argument.

    python scripts/literal_overloads.py [CACHE_FOLDER]

numba compiles a function once per tuple of argument types and types a constant argument as a
literal of its own (``engine.batch.kernel.jit.njit``), so a function called with ``-1`` at one
place and a variable at another is compiled twice. Some of these are wanted (a literal
``watch`` flag folds the loop watch away), others only cost compile time. This reads the
index files of numba's on-disk cache (``CACHE_FOLDER`` defaults to this checkout's,
``jit.CACHE_DIR``; run ``cauldron bench`` or the warm-up first, so the kernels are compiled)
and prints, by function, each cached compile with its literal arguments (position and type),
then the count. numba keeps a folder per source folder compiled, so another checkout of the
same source (a clean clone, a worktree) sharing the cache counts its compiles again. The
index format is numba's (a pickled version, then the pickled overloads): a newer numba may
change it.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.batch.kernel.jit import CACHE_DIR


def literal_overloads(folder: Path) -> list[tuple[str, int, list[tuple[int, str]]]]:
    """(index file, its number of compiles, the literal arguments) of each cached compile of
    a function under ``folder`` that has a literal argument."""
    found = []
    for index in sorted(folder.glob("*/*.nbi")):
        with index.open("rb") as f:
            pickle.load(f)  # numba's version
            _, overloads = pickle.loads(f.read())
        for key in overloads:
            literals = [(i, str(t)) for i, t in enumerate(key[0]) if "Literal" in str(t)]
            if literals:
                found.append((str(index.relative_to(folder)), len(overloads), literals))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("folder", nargs="?", type=Path, default=CACHE_DIR)
    args = parser.parse_args(argv)
    found = literal_overloads(args.folder)
    for name, compiles, literals in found:
        print(f"{name}  ({compiles} compiles)  {literals}")
    print(f"{len(found)} compiles with a literal argument under {args.folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
