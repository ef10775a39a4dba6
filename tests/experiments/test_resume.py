"""A killed run loses no finished batch, and --resume gives the same bytes (SPEC section 5)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.experiments.conftest import SMALL
from tests.helpers import cauldron

# Melira (a counter rule) sends every trial through the compiled kernel: slow enough that
# the run is still going when it is killed, yet a few seconds in all.
SLOW = SMALL.replace('"Grizzly Bears" = 1 }', '"Grizzly Bears" = 1, "Melira, Sylvok Outcast" = 1 }')
SLOW = SLOW.replace("trials = 40_000", "trials = 24_000").replace("8_192", "2_000")
SLOW = SLOW.split("[sweep]")[0]


def _checkpoints(out: Path) -> list[Path]:
    folder = out / "checkpoints"
    return sorted(folder.glob("g*-b*.npy")) if folder.is_dir() else []


def test_killed_run_resumes_to_the_same_bytes(tmp_path: Path) -> None:
    path = tmp_path / "slow.toml"
    path.write_text(SLOW)
    clean = tmp_path / "clean"
    assert cauldron("run", str(path), "--jobs", "1", "--out", str(clean)).returncode == 0
    out = tmp_path / "killed"
    proc = subprocess.Popen(
        [sys.executable, "-m", "sim.cli", "run", str(path), "--jobs", "1", "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while len(_checkpoints(out)) < 3 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    finished = len(_checkpoints(out))
    assert 3 <= finished < 12, "the run should be killed half-way"
    assert not (out / "summary.csv").exists()
    done = cauldron("run", str(path), "--jobs", "2", "--out", str(out), "--resume")
    assert done.returncode == 0, done.stderr
    assert (out / "summary.csv").read_bytes() == (clean / "summary.csv").read_bytes()
    assert len(_checkpoints(out)) == 12


def test_resume_refuses_checkpoints_of_another_run(small_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert cauldron("run", str(small_file), "--jobs", "1", "--out", str(out)).returncode == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    done = cauldron("run", str(small_file), "--seed", "99", "--out", str(out), "--resume")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "different run" in done.stderr
    assert "seed" in done.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_resume_of_a_finished_run_recomputes_nothing(small_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert cauldron("run", str(small_file), "--jobs", "1", "--out", str(out)).returncode == 0
    first = (out / "summary.csv").read_bytes()
    done = cauldron("run", str(small_file), "--out", str(out), "--resume")
    assert done.returncode == 0, done.stderr
    assert (out / "summary.csv").read_bytes() == first
    assert '"trials_run": 0' in (out / "manifest.json").read_text()
