"""Checkpoints of finished batches in a run folder, so ``--resume`` continues a killed run.

``<run>/checkpoints/run.json`` names the run: a hash of everything that decides its numbers,
the configuration and seed, and also the code (``code_digest``: the engine's and the runner's
sources) and the cards (``cards_digest``, with the user's card files), so checkpoints written
by other code or another card library are never added to this run's. Each finished batch is
one int64 vector of its sufficient statistics, ``g<group>-b<batch>.<checksum>.npy``, written
atomically; the checksum covers the run's hash, the batch and the vector, so a file that was
edited, truncated, renamed or copied from another run does not check out. A resumed run adds
the stored vectors instead of recomputing them, and the statistics are integer sums, so the
totals are the same to the last bit.

While a run runs its batches (``Checkpoints.writing``), a batch's file is written by one
writer thread: its fsync waits on the disk while the next batch runs (the fsyncs took 2.6% of
a persist_wipes run with ``--jobs 1`` here, 1% with the writer). A file appears under its
name only once it is on disk, so a run killed meanwhile leaves fewer checkpoints, never a
torn one.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import numpy as np

import engine
import sim
from engine.library import card_files
from sim.errors import UserError
from sim.files import write_array, write_json
from sim.shapes.base import Layout

CHECKSUM_CHARS = 16  # hex digits of a checkpoint's checksum (64 bits of SHA-256)
_FILE = re.compile(rf"^g(\d+)-b(\d+)\.([0-9a-f]{{{CHECKSUM_CHARS}}})\.npy$")
_LIKE = re.compile(r"^g\d+-b\d+.*\.npy$")  # anything that looks like a checkpoint
_FIX = "hint: run without --resume to start over"


def run_identity(doc: dict[str, Any]) -> str:
    """A hash of the canonical JSON of ``doc`` (what decides a run's numbers)."""
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def code_digest() -> str:
    """A hash of the installed ``engine`` and ``sim`` Python sources (computed once a process).

    A resumed run must add batches computed by the very same code: an upgrade between the kill
    and the resume could change what a batch computes."""
    h = hashlib.sha256()
    for package in (engine, sim):
        root = Path(package.__file__ or "").parent
        for path in sorted(root.rglob("*.py")):
            h.update(path.relative_to(root.parent).as_posix().encode("utf-8") + b"\0")
            h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


@cache
def _builtin_cards_digest() -> str:
    data = resources.files("engine").joinpath("cards.toml").read_bytes()
    return hashlib.sha256(data).hexdigest()


def cards_digest() -> str:
    """A hash of the card library: ``engine/cards.toml`` and the user's card files in use
    (``engine.library.card_files``, by content: the same cards from another path are the
    same library)."""
    files = sorted(f.sha256 for f in card_files())
    if not files:
        return _builtin_cards_digest()
    return hashlib.sha256(":".join([_builtin_cards_digest(), *files]).encode("ascii")).hexdigest()


def checksum(digest: str, group: int, batch: int, vector: np.ndarray) -> str:
    """The checksum of batch ``batch`` of group ``group`` of the run ``digest``."""
    h = hashlib.sha256(f"{digest}:{group}:{batch}:".encode("ascii"))
    h.update(np.ascontiguousarray(vector, dtype="<i8").tobytes())
    return h.hexdigest()[:CHECKSUM_CHARS]


def implausible(layout: Layout, vector: np.ndarray, trials: int) -> str | None:
    """What is impossible about a batch's statistics, or None: every shape's ``status`` field
    is [trials, then counts of trials by outcome], so it must say ``trials`` and its counts
    must be whole and add up to at most that."""
    status = layout.unpack(vector)["status"]
    if int(status[0]) != trials:
        return f"it counts {int(status[0])} trials, the batch has {trials}"
    outcomes = status[1:]
    if (outcomes < 0).any() or int(outcomes.sum()) > trials:
        return f"its outcome counts {outcomes.tolist()} do not fit {trials} trials"
    return None


class BatchTrials(Protocol):
    """The trials of each batch of a sweep point (``sim.run.batches.Batches``)."""

    def __len__(self) -> int: ...

    def __getitem__(self, batch: int) -> int: ...


class Checkpoints:
    """The checkpoint folder of one run: ``layouts[g]`` lays out group g's statistics,
    ``batches[b]`` is the trial count of batch b (of every group)."""

    def __init__(
        self,
        folder: Path,
        identity: dict[str, Any],
        layouts: Sequence[Layout],
        batches: BatchTrials,
    ):
        self.folder = folder
        self.identity = identity
        self.digest = run_identity(identity)
        self.layouts = layouts
        self.batches = batches
        self._writer: ThreadPoolExecutor | None = None  # while ``writing``
        self._pending: list[Future[None]] = []

    def _files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return sorted(p for p in self.folder.iterdir() if _LIKE.match(p.name))

    def check_resumable(self) -> None:
        """Fail (one line) unless the folder holds checkpoints of this very run."""
        meta = self.folder / "run.json"
        try:
            stored = json.loads(meta.read_text("utf-8"))
        except FileNotFoundError:
            raise UserError(
                f"{self.folder.parent}: no run to resume (hint: run without --resume)"
            ) from None
        except (OSError, ValueError) as err:
            raise UserError(f"{meta}: unreadable ({err}) (hint: run without --resume)") from None
        if not isinstance(stored, dict) or stored.get("digest") != self.digest:
            theirs = stored.get("identity", {}) if isinstance(stored, dict) else {}
            theirs = theirs if isinstance(theirs, dict) else {}
            differ = sorted(
                k for k in set(self.identity) | set(theirs) if self.identity.get(k) != theirs.get(k)
            )
            raise UserError(
                f"{self.folder.parent}: the checkpoints are from a different run"
                f" ({', '.join(differ) or 'unknown'} differ)"
                " (hint: run without --resume, or give another --out)"
            )

    def start_fresh(self) -> None:
        """Forget the checkpoints of an earlier run in this folder; name this run."""
        for path in self._files():
            path.unlink()
        write_json(self.folder / "run.json", {"digest": self.digest, "identity": self.identity})

    def load(self, add: Callable[[int, int, np.ndarray], None]) -> set[tuple[int, int]]:
        """Check every stored batch and pass it to ``add(group, batch, vector)``; return their
        keys. A file that does not check out stops the run (whatever was added is dropped)."""
        done: set[tuple[int, int]] = set()
        for path in self._files():
            group, batch, vector = self._read(path)
            if (group, batch) in done:
                raise UserError(f"{path}: a second checkpoint of the same batch ({_FIX})")
            add(group, batch, vector)
            done.add((group, batch))
        return done

    def _read(self, path: Path) -> tuple[int, int, np.ndarray]:
        """One checkpoint file, checked: its name, its array, its checksum, its values."""
        m = _FILE.match(path.name)
        if m is None:
            raise UserError(f"{path}: not a checkpoint of this version ({_FIX})")
        group, batch = int(m.group(1)), int(m.group(2))
        if group >= len(self.layouts) or batch >= len(self.batches):
            raise UserError(f"{path}: not a checkpoint of this run ({_FIX})")
        try:
            vector = np.load(path, allow_pickle=False)
        except (OSError, ValueError, EOFError) as err:
            raise UserError(f"{path}: corrupt checkpoint ({err}) ({_FIX})") from None
        layout = self.layouts[group]
        if vector.dtype != np.int64 or vector.shape != (layout.size,):
            raise UserError(f"{path}: not a checkpoint of this run ({_FIX})")
        if checksum(self.digest, group, batch, vector) != m.group(3):
            raise UserError(f"{path}: corrupt checkpoint (checksum mismatch) ({_FIX})")
        problem = implausible(layout, vector, self.batches[batch])
        if problem is not None:
            raise UserError(f"{path}: impossible checkpoint: {problem} ({_FIX})")
        return group, batch, vector

    def save(self, group: int, batch: int, vector: np.ndarray) -> None:
        """Write one finished batch, named with its checksum (atomically): in the background
        while ``writing``, else now. A background write that failed is raised here, at the
        next save, or as ``writing`` ends."""
        tag = checksum(self.digest, group, batch, vector)
        path = self.folder / f"g{group:04d}-b{batch:06d}.{tag}.npy"
        if self._writer is None:
            write_array(path, vector)
            return
        self._raise_failed()
        self._pending.append(self._writer.submit(write_array, path, vector.copy()))

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Save in the background during the body; on leaving it, every saved batch is on
        disk (also when the body raised: the batches done count on ``--resume``), and the
        first write that failed is raised (unless the body raised first)."""
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="checkpoints")
        try:
            yield
        finally:
            self._writer.shutdown(wait=True)
            self._writer = None
            pending, self._pending = self._pending, []
        for future in pending:
            future.result()

    def _raise_failed(self) -> None:
        """Raise the first failure of the background writes done so far; forget them."""
        done = [f for f in self._pending if f.done()]  # (a write may end after this line)
        self._pending = [f for f in self._pending if f not in done]
        for future in done:
            future.result()
