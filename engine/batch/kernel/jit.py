"""numba configuration for the compiled wipe kernel: one thread, an on-disk cache that works
anywhere, array indexing without the negative-index wrap-around.

The cache directory: ``NUMBA_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/cauldron/numba``
(``~/.cache/cauldron/numba``), with one folder per version of the kernel's source. When
that folder cannot be written (a read-only install, a locked-down home), the kernel still
runs, compiled in memory on first use: caching is an optimization, never a requirement.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar, cast

import numpy as np

F = TypeVar("F", bound=Callable[..., Any])

# a compiled step's starting values that are not literals (``njit``)
ZERO: Final = cast(int, np.int64(0))
TRUE: Final = cast(bool, np.bool_(True))


def _source_digest() -> str:
    """A digest of the kernel's source and the card-derived constants it compiles in.

    numba checks only the entry point's own file when it loads a cached function, not the
    files of the functions it calls; a folder per version of the source keeps an edit of any
    rule step from running stale machine code."""
    from engine.batch import mana_tables as mt
    from engine.batch import tables as tb

    here = Path(__file__).resolve().parent
    files = [*sorted(here.rglob("*.py")), here.parent / "wipe_state.py"]
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.read_bytes())
    # sizes a user's card file can change (kernel/state.py compiles them in): a card with
    # more abilities or a new counter kind must never load machine code built for fewer
    digest.update(repr((mt.AB, tb.ACTIVATED, tb.COUNTER_KINDS)).encode("utf-8"))
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """Where compiled kernels are kept: ``NUMBA_CACHE_DIR``, else under the user's cache;
    in either, one folder per version of the kernel's source."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        return Path(given) / f"cauldron-{_source_digest()}"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cauldron" / "numba" / _source_digest()


def _writable(folder: Path) -> bool:
    """Whether numba can write its index and object files into ``folder``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True


CACHE_DIR = cache_dir()
CACHING = _writable(CACHE_DIR)

import numba  # noqa: E402

# numba reads its cache folder from ``numba.config`` when a cached function is first
# compiled or loaded. It is set there, not exported in the environment: a worker process
# inherits the environment and would append the digest a second time (a cache miss and a
# full compile in every worker).
if CACHING:
    setattr(numba.config, "CACHE_DIR", str(CACHE_DIR))  # noqa: B010 (not in numba's stubs)


# The kernel's compiled functions (numba mangles a function's module path into its name).
KERNEL_PREFIX: Final = "_ZN6engine5batch6kernel"


def _index_without_wraparound() -> None:
    """Compile the kernel's array indexing without Python's negative-index wrap-around.

    numba adds the size to a negative index of a signed type (``a[-1]`` is the last
    element): a compare, an add and a select at every index it cannot prove non-negative, a
    card read from a slot row or a slot from a list. The kernel never indexes from the end
    (an empty slot's card, -1, is tested before it is looked up), so in its own functions
    the index is used as it is, as C would: counters-4p's kernel ran 4% faster. Every
    other compiled function (numba's, the statistics') keeps the wrap-around. A negative
    index there is a bug as an index past the end is: run with ``NUMBA_BOUNDSCHECK=1``
    (``tests/batch/test_no_negative_index.py``), it raises IndexError. A numba without this
    hook compiles the kernel as before, only slower (that test then fails)."""
    from numba.core import types
    from numba.np import arrayobj

    wrapping: Callable[..., Any] | None = getattr(arrayobj, "fix_integer_index", None)
    if wrapping is None:
        return

    def fix_integer_index(context: Any, builder: Any, idxty: Any, idx: Any, size: Any) -> Any:
        if idxty.signed and builder.function.name.startswith(KERNEL_PREFIX):
            return context.cast(builder, idx, idxty, types.intp)
        return wrapping(context, builder, idxty, idx, size)

    arrayobj.fix_integer_index = fix_integer_index


_index_without_wraparound()

# a rule step's options (see ``njit``)
_RULE_STEP: dict[str, Any] = {
    "cache": CACHING, "nogil": True, "_nrt": False, "error_model": "numpy",
}  # fmt: skip


def njit(fn: F) -> F:
    """A rule step: compiled to machine code (nopython), cached on disk when the cache is
    writable, and without numba's reference counting (``_nrt=False``).

    Rule steps only read and write the arrays they are given, never allocate; with reference
    counting every call increments and decrements each array argument atomically, which
    made a three-line step cost 60 ns instead of one.

    numpy's error model: no step divides by zero (``counters._modified`` keeps a user's factor
    of 0 or less apart; mana multipliers are at least 2, player counts at least 1), and
    Python's model checked every division for it, 2-4% of every workload.

    A step is compiled once per tuple of argument types, and numba types a constant argument
    as a literal of its own: ``step(x, -1)`` compiles ``step`` again for ``Literal[int](-1)``.
    So does a variable that starts as a constant (``b = 0``, then ``b += 1`` in a loop): while
    numba infers the loop's types, the first pass passes the literal, and that compile stays.
    Where that costs minutes (the deck game's activations and frontier), the variable starts
    as ``ZERO`` or ``TRUE``, numpy scalars, which numba types as int64 and bool;
    ``scripts/literal_overloads.py`` lists the cached literal compiles."""
    return cast(F, numba.njit(**_RULE_STEP)(fn))


def inline(fn: F) -> F:
    """``njit``, and inlined into its callers by numba (``inline="always"``), so a call passes
    no array structs (a call passing three of them costs about 4 ns): a small step called in
    the innermost loops, a step with one caller, or the batch-level test in front of a step
    that is mostly skipped (the step itself stays a call). The steps of a death, a return
    and a trigger's placing that have one caller each are inlined (counters-4p 9% faster:
    perf put an eighth of massacre-chain's samples on pushing array arguments). Not every
    step gains: inlining the whole state-based-action round into the settle loop measured 5%
    slower (its common case, a round that finds nothing, is inlined: ``sba``)."""
    return cast(F, numba.njit(inline="always", **_RULE_STEP)(fn))


def entry(fn: F) -> F:
    """The kernel's entry point (it allocates the working buffers, so it keeps reference
    counting). No ``parallel``: one thread per process, the runner parallelizes over
    processes."""
    return cast(F, numba.njit(cache=CACHING, nogil=True)(fn))
