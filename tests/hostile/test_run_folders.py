"""Run folders under hostile conditions (issue #12, class 4): forged or corrupt checkpoints,
two runs into one folder, a folder that cannot be written, and tiny batches."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from sim.config.experiment import MAX_BATCH, MIN_BATCH
from sim.files import LOCK_NAME
from sim.run.checkpoints import cards_digest, checksum, code_digest, run_identity
from tests.helpers import cauldron
from tests.hostile.conftest import TINY, one_line_error

# Melira sends every trial through the compiled kernel: a run that is still going when the
# test is done with it (it is killed then).
LONG = (
    TINY.replace('"Grizzly Bears" = 1 }', '"Grizzly Bears" = 1, "Melira, Sylvok Outcast" = 1 }')
    .replace(f"trials = {2 * MIN_BATCH}", "trials = 100_000_000")
    .replace(f"batch_size = {MIN_BATCH}", "batch_size = 2_048")
)


def _finished_run(tiny_file: Path, out: Path) -> list[Path]:
    done = cauldron("run", str(tiny_file), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    files = sorted((out / "checkpoints").glob("g*-b*.npy"))
    assert len(files) == 2
    return files


def _digest(out: Path) -> str:
    digest: str = json.loads((out / "checkpoints" / "run.json").read_text())["digest"]
    return digest


def _resume(tiny_file: Path, out: Path) -> str:
    done = cauldron("run", str(tiny_file), "--jobs", "1", "--out", str(out), "--resume")
    return one_line_error(done)


def test_checkpoint_names_carry_a_checksum_that_resume_accepts(
    tiny_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    files = _finished_run(tiny_file, out)
    digest = _digest(out)
    for batch, path in enumerate(files):
        assert path.name.split(".")[1] == checksum(digest, 0, batch, np.load(path))
    done = cauldron("run", str(tiny_file), "--out", str(out), "--resume")
    assert done.returncode == 0, done.stderr


def test_resume_refuses_an_edited_checkpoint(tiny_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    path = _finished_run(tiny_file, out)[0]
    vector = np.load(path)
    vector[-1] += 1
    np.save(path, vector)
    line = _resume(tiny_file, out)
    assert path.name in line and "checksum" in line


def test_resume_refuses_impossible_counts_even_with_a_valid_checksum(
    tiny_file: Path, tmp_path: Path
) -> None:
    """The issue's case: the right dtype and shape, a negative trial count."""
    out = tmp_path / "run"
    path = _finished_run(tiny_file, out)[1]
    summary = (out / "summary.csv").read_bytes()
    vector = np.load(path)
    vector[0] = -vector[0]
    path.unlink()
    forged = path.with_name(f"g0000-b000001.{checksum(_digest(out), 0, 1, vector)}.npy")
    np.save(forged, vector)
    line = _resume(tiny_file, out)
    assert "impossible checkpoint" in line and f"the batch has {MIN_BATCH}" in line
    assert (out / "summary.csv").read_bytes() == summary


def test_resume_refuses_more_outcomes_than_trials(tiny_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    path = _finished_run(tiny_file, out)[0]
    vector = np.load(path)
    vector[1] = vector[0] + 1  # OK trials beyond the batch's trials
    path.unlink()
    np.save(path.with_name(f"g0000-b000000.{checksum(_digest(out), 0, 0, vector)}.npy"), vector)
    assert "do not fit" in _resume(tiny_file, out)


@pytest.mark.parametrize("name", ["g0000-b000000.npy", "g0000-b000000.0000000000000000.npy"])
def test_resume_refuses_a_checkpoint_without_its_checksum(
    tiny_file: Path, tmp_path: Path, name: str
) -> None:
    out = tmp_path / "run"
    files = _finished_run(tiny_file, out)
    extra = out / "checkpoints" / name
    extra.write_bytes(files[0].read_bytes())
    assert name in _resume(tiny_file, out)


@pytest.mark.parametrize("key", ["code", "cards"])
def test_resume_refuses_checkpoints_of_other_code_or_cards(
    tiny_file: Path, tmp_path: Path, key: str
) -> None:
    out = tmp_path / "run"
    _finished_run(tiny_file, out)
    meta = out / "checkpoints" / "run.json"
    stored = json.loads(meta.read_text())
    stored["identity"][key] = "0" * 64
    stored["digest"] = run_identity(stored["identity"])
    meta.write_text(json.dumps(stored))
    line = _resume(tiny_file, out)
    assert "different run" in line and f"({key} differ)" in line


def test_the_manifest_names_the_code_and_the_cards(tiny_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    _finished_run(tiny_file, out)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["code"] == code_digest() and len(manifest["code"]) == 64
    assert manifest["cards"] == cards_digest() and len(manifest["cards"]) == 64


def test_a_locked_folder_refuses_a_second_run(tiny_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    out.mkdir()
    with open(out / LOCK_NAME, "w") as lock:
        lock.write(f"{os.getpid()}\n")
        lock.flush()
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        done = cauldron("run", str(tiny_file), "--jobs", "1", "--out", str(out))
        line = one_line_error(done)
    assert "another run" in line and f"pid {os.getpid()}" in line
    assert sorted(p.name for p in out.iterdir()) == [LOCK_NAME]


def test_a_lock_file_left_by_a_dead_run_blocks_nothing(tiny_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    out.mkdir()
    (out / LOCK_NAME).write_text("999999999\n")  # no process holds a lock on it
    done = cauldron("run", str(tiny_file), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert (out / "summary.csv").is_file()


def test_two_runs_into_one_folder_at_once(tiny_file: Path, tmp_path: Path) -> None:
    """A real second process is refused while the first writes; once the first is killed,
    its lock is gone with it."""
    long_file = tmp_path / "long.toml"
    long_file.write_text(LONG)
    out = tmp_path / "run"
    first = subprocess.Popen(
        [sys.executable, "-m", "sim.cli", "run", str(long_file), "--jobs", "1", "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not list(out.glob("checkpoints/g*.npy")) and time.monotonic() < deadline:
            assert first.poll() is None, "the first run ended early"
            time.sleep(0.05)
        assert first.poll() is None, "the first run should still be writing"
        line = one_line_error(cauldron("run", str(tiny_file), "--jobs", "1", "--out", str(out)))
        assert "another run" in line and f"pid {first.pid}" in line
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    done = cauldron("run", str(tiny_file), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr


def test_out_under_a_regular_file(tiny_file: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    for out in (blocker, blocker / "run"):
        line = one_line_error(cauldron("run", str(tiny_file), "--out", str(out)))
        assert f"--out {out}" in line and "not a folder" in line
    assert blocker.read_text() == "not a folder"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
@pytest.mark.parametrize("out", ["/proc", "/proc/cauldron-run"])
def test_out_where_even_root_cannot_write(tiny_file: Path, out: str) -> None:
    """An existing folder nobody can write, and a folder that cannot be made (root too)."""
    line = one_line_error(cauldron("run", str(tiny_file), "--out", out))
    assert f"--out {out}" in line and "cannot write" in line


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a chmod 500 folder anyway")
def test_out_in_a_read_only_folder(tiny_file: Path, tmp_path: Path) -> None:
    folder = tmp_path / "read_only"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        line = one_line_error(cauldron("run", str(tiny_file), "--out", str(folder)))
        assert "cannot write" in line
    finally:
        folder.chmod(0o700)


def test_a_long_out_path_is_one_cut_line(tiny_file: Path, tmp_path: Path) -> None:
    out = tmp_path / ("x" * 5000)
    line = one_line_error(cauldron("run", str(tiny_file), "--out", str(out)))
    assert "--out" in line and len(line) < 500


@pytest.mark.parametrize("size", [1, MIN_BATCH - 1, MAX_BATCH + 1])
def test_batch_size_out_of_range_is_one_line(tmp_path: Path, size: int) -> None:
    path = tmp_path / "batch.toml"
    path.write_text(TINY.replace(f"batch_size = {MIN_BATCH}", f"batch_size = {size}"))
    out = str(tmp_path / "out")
    for command in (["validate", str(path)], ["run", str(path), "--out", out]):
        line = one_line_error(cauldron(*command))
        assert "batch_size" in line and f"between {MIN_BATCH} and {MAX_BATCH}" in line
    assert not (tmp_path / "out").exists()


def test_batch_size_at_the_minimum_runs(tiny_file: Path, tmp_path: Path) -> None:
    done = cauldron("validate", str(tiny_file))
    assert done.returncode == 0, done.stderr
    assert f"2 batches of {MIN_BATCH}" in done.stdout


def test_the_example_documents_the_batch_bounds() -> None:
    text = (Path(__file__).parents[2] / "experiments" / "EXAMPLE.toml").read_text()
    assert f"{MIN_BATCH}" in text and f"{MAX_BATCH:_}" in text
