"""A worker's task that puts the run's card files in place before anything it is given can
import the batch engine (issue #14).

The engine builds its card tables when it is first imported, and unpickling a task's function
or a sweep point's configuration imports it. So a task travels as ``with_cards(files, blob)``:
this module imports no engine, the worker loads the run's card files (checking each still has
the hash the run began with), and only then unpickles and calls the work in ``blob``.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from typing import Any

from engine.library import CardFile
from sim.config.cards import use_cards


def packed(fn: Callable[..., Any], *args: Any) -> bytes:
    """``fn(*args)`` as bytes, unpickled by ``with_cards`` once the cards are in place."""
    return pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)


def with_cards(files: Sequence[CardFile], blob: bytes) -> Any:
    """Load ``files`` (the run's card files, with their hashes), then run the packed call."""
    use_cards([f.path for f in files], [f.sha256 for f in files])
    fn, args = pickle.loads(blob)
    return fn(*args)
