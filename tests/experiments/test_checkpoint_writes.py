"""Checkpoints are written in the background while a run runs its batches (SPEC section 5):
every finished batch is on disk when the run's batches are done, a write that fails stops the
run with its one line, and a file appears under its name only once it is whole."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from sim.errors import UserError
from sim.run import checkpoints as cp
from sim.run.batches import batch_sizes
from sim.run.experiment import run_experiment


def _checkpoints(folder: Path) -> cp.Checkpoints:
    return cp.Checkpoints(folder, {"test": 1}, [], batch_sizes(40, 10))


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("g*-b*.npy"))


def test_a_save_returns_before_its_file_is_written_and_writing_waits_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run goes on while the disk works; leaving ``writing``, every batch is there."""
    release = threading.Event()
    write = cp.write_array

    def held(path: Path, vector: np.ndarray) -> None:
        release.wait(10)
        write(path, vector)

    monkeypatch.setattr(cp, "write_array", held)
    points = _checkpoints(tmp_path)
    vectors = [np.arange(5, dtype=np.int64) * b for b in range(3)]
    with points.writing():
        for b, vector in enumerate(vectors):
            points.save(0, b, vector)
            vector[:] = -1  # the caller's array may change: the write has its own copy
        assert _files(tmp_path) == []
        release.set()
    assert len(_files(tmp_path)) == 3
    for b, name in enumerate(_files(tmp_path)):
        assert name.startswith(f"g0000-b{b:06d}.")
        assert np.load(tmp_path / name).tolist() == (np.arange(5) * b).tolist()


def test_a_failed_background_write_is_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(path: Path, vector: np.ndarray) -> None:
        raise UserError(f"{path}: cannot write (No space left on device)")

    monkeypatch.setattr(cp, "write_array", full_disk)
    points = _checkpoints(tmp_path)
    with pytest.raises(UserError, match="No space left on device"), points.writing():
        points.save(0, 0, np.zeros(3, dtype=np.int64))


def test_the_batches_saved_are_written_when_the_run_stops_on_an_error(tmp_path: Path) -> None:
    """A run that fails half-way keeps what it finished, for ``--resume``."""
    points = _checkpoints(tmp_path)
    with pytest.raises(KeyError), points.writing():
        points.save(0, 0, np.zeros(3, dtype=np.int64))
        raise KeyError("a failure of the run itself")
    assert len(_files(tmp_path)) == 1


def test_without_writing_a_save_is_written_at_once(tmp_path: Path) -> None:
    points = _checkpoints(tmp_path)
    points.save(0, 1, np.ones(2, dtype=np.int64))
    assert len(_files(tmp_path)) == 1


def test_a_run_whose_checkpoint_cannot_be_written_stops_with_that_line(
    small_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The failure comes from the writer thread, and reaches the caller as the run's error."""
    write = cp.write_array
    saved: list[Path] = []

    def second_fails(path: Path, vector: Any) -> None:
        if saved:
            raise UserError(f"{path}: cannot write (Input/output error)")
        saved.append(path)
        write(path, vector)

    monkeypatch.setattr(cp, "write_array", second_fails)
    with pytest.raises(UserError, match="Input/output error"):
        run_experiment(small_file, jobs=1, out=tmp_path / "run")
    assert [p.name for p in saved] == _files(tmp_path / "run" / "checkpoints")
