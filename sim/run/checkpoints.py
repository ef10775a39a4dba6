"""Checkpoints of finished batches in a run folder, so ``--resume`` continues a killed run.

``<run>/checkpoints/run.json`` names the run (a hash of everything that decides its
numbers); each finished batch is one ``g<group>-b<batch>.npy`` int64 vector of its sufficient
statistics, written atomically. A resumed run adds the stored vectors instead of recomputing
them, and the statistics are integer sums, so the totals are the same to the last bit.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sim.errors import UserError
from sim.files import write_array, write_json

_FILE = re.compile(r"^g(\d+)-b(\d+)\.npy$")


def run_identity(doc: dict[str, Any]) -> str:
    """A hash of the canonical JSON of ``doc`` (what decides a run's numbers)."""
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Checkpoints:
    """The checkpoint folder of one run; ``sizes[g]`` is group g's statistics vector length."""

    def __init__(self, folder: Path, identity: dict[str, Any], sizes: list[int], n_batches: int):
        self.folder = folder
        self.identity = identity
        self.digest = run_identity(identity)
        self.sizes = sizes
        self.n_batches = n_batches

    def _files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return sorted(p for p in self.folder.iterdir() if _FILE.match(p.name))

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
        """Pass every stored batch to ``add(group, batch, vector)``; return their keys."""
        done: set[tuple[int, int]] = set()
        for path in self._files():
            m = _FILE.match(path.name)
            assert m is not None
            group, batch = int(m.group(1)), int(m.group(2))
            try:
                vector = np.load(path, allow_pickle=False)
            except (OSError, ValueError) as err:
                raise UserError(f"{path}: corrupt checkpoint ({err}) (hint: delete it)") from None
            ok = group < len(self.sizes) and batch < self.n_batches
            if not ok or vector.dtype != np.int64 or vector.shape != (self.sizes[group],):
                raise UserError(f"{path}: not a checkpoint of this run (hint: delete it)")
            add(group, batch, vector)
            done.add((group, batch))
        return done

    def save(self, group: int, batch: int, vector: np.ndarray) -> None:
        write_array(self.folder / f"g{group:04d}-b{batch:06d}.npy", vector)
