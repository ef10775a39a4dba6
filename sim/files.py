"""Atomic file writes for run folders: a temporary file in the same folder, then a rename.

A reader (or a resumed run) never sees half a file: either the old one or the new one.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

FLOAT_FORMAT = "%.6f"  # every float in the CSVs: fixed decimals, the same bytes on every run


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file in the same folder, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def write_json(path: Path, doc: Any) -> None:
    write_text(path, json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False) + "\n")


def write_csv(path: Path, frame: pd.DataFrame) -> None:
    """A tidy frame as CSV: no index, fixed float format, "\\n" line ends, NaN as empty."""
    text = frame.to_csv(index=False, float_format=FLOAT_FORMAT, lineterminator="\n", na_rep="")
    write_text(path, text)


def write_array(path: Path, vector: np.ndarray) -> None:
    """One int64 vector in ``.npy`` format (read back with ``allow_pickle=False``)."""
    buffer = io.BytesIO()
    np.save(buffer, np.ascontiguousarray(vector, dtype=np.int64), allow_pickle=False)
    write_bytes(path, buffer.getvalue())
