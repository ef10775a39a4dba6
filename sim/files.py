"""Atomic file writes for run folders: a temporary file in the same folder, then a rename;
and the lock that lets one run at a time write a folder.

A reader (or a resumed run) never sees half a file: either the old one or the new one. A
file that cannot be written (a read-only folder, a full disk) is one line naming it.
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from sim.errors import UserError

if TYPE_CHECKING:
    import pandas as pd

FLOAT_FORMAT = "%.6f"  # every float in the CSVs: fixed decimals, the same bytes on every run
LOCK_NAME = ".lock"  # the lock file of a run folder (kept: only the OS lock on it counts)

_held: dict[Path, int] = {}  # folders this process has locked -> how many times (re-entrant)


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file in the same folder, fsync, rename)."""
    try:
        _write_bytes(path, data)
    except OSError as err:
        raise UserError(f"{path}: cannot write ({err.strerror or err})") from None


def _write_bytes(path: Path, data: bytes) -> None:
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


@contextmanager
def locked_folder(folder: Path, label: str) -> Iterator[None]:
    """Create ``folder`` if need be and hold an exclusive lock on it for the body, so two
    runs never write one folder at once; ``label`` names the folder in errors (``--out DIR``).

    The lock is ``flock`` on ``<folder>/.lock``: the OS releases it when the process ends,
    however it ends, so a lock file left by a killed run blocks nothing. Re-entrant within a
    process (the lock belongs to the open file, which a second ``open`` would not share)."""
    key = folder.resolve()
    if key in _held:
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return
    created = not os.path.isdir(folder)
    fd = _lock(folder, label)
    _held[key] = 1
    try:
        yield
    except BaseException:
        if created:
            with suppress(OSError):  # a run that failed before writing leaves nothing
                if [p.name for p in folder.iterdir()] == [LOCK_NAME]:
                    (folder / LOCK_NAME).unlink()
                    folder.rmdir()
        raise
    finally:
        del _held[key]
        os.close(fd)  # releases the lock


def _lock(folder: Path, label: str) -> int:
    """Open and lock ``folder``'s lock file (writing our pid into it); the open descriptor."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as err:
        raise UserError(
            f"{label}: cannot write a run folder here ({err.strerror or err})"
            " (hint: give a writable folder)"
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode("ascii", "replace").strip()
        os.close(fd)
        who = f" (pid {holder})" if holder.isdigit() else ""
        raise UserError(
            f"{label}: another run{who} is writing this folder"
            " (hint: wait for it to finish, or give another --out)"
        ) from None
    except OSError as err:
        os.close(fd)
        raise UserError(f"{label}: cannot lock the folder ({err.strerror or err})") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
    return fd
