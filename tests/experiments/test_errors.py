"""Bad experiment files and flags: one line naming the place, exit code 2, no traceback, and
nothing written (SPEC section 8)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sim.cli.main import main
from tests.experiments.conftest import SMALL
from tests.helpers import cauldron


def _cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, cwd: Path, *args: str
) -> subprocess.CompletedProcess[str]:
    """The CLI in this process (argparse exits are caught): much faster than a subprocess."""
    monkeypatch.chdir(cwd)
    try:
        code = main(list(args))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(list(args), code, out, err)


def _with(old: str, new: str) -> str:
    assert old in SMALL
    return SMALL.replace(old, new)


BAD_FILES = {
    "unknown_top_key": ("colour = 1\n" + SMALL, "colour"),
    "unknown_slot_key": (_with("token = 0.1", "tokn = 0.1"), "slots[0].tokn"),
    "wrong_type": (_with("trials = 40_000", 'trials = "many"'), "trials"),
    "unknown_card": (_with('"Safehold Elite" = 1', '"Safehold Elit" = 1'), "Safehold Elit"),
    "outside_shape_board": (
        _with('"Safehold Elite" = 1', '"Contamination" = 1'),
        "slots[0].cards.Contamination",
    ),
    "outside_shape_event": (_with('"Pyroclasm" = 1', '"Forest" = 1'), "events[0].cards.Forest"),
    "empty_sweep": (_with('"slots[0].token" = [0.1, 0.4]', '"slots[0].token" = []'), "sweep"),
    "zero_weights": (
        _with(
            'cards = { "Wrath of God" = 2, "Black Sun\'s Zenith" = 1, "Pyroclasm" = 1 }',
            'cards = { "Wrath of God" = 0 }',
        ),
        "events[0].cards",
    ),
    "seat_missing": (_with("token = 0.1", 'token = 0.1\ncontroller = "third"'), "controller"),
    "probability_range": (_with("plus_counters = 0.2", "plus_counters = 1.5"), "plus_counters"),
    "bad_count_key": (_with("x = [1, 2]", 'x = { "two" = 1 }'), "events[0].x.two"),
    "sweep_bad_value": (_with("[0.1, 0.4]", "[0.1, 7]"), "slots[0].token"),
    "sweep_bad_path": (_with('"slots[0].token"', '"slots[5].token"'), "slots[5]"),
    "sweep_run_key": (_with('"slots[0].token" = [0.1, 0.4]', "trials = [1, 2]"), "trials"),
    "no_events": (SMALL.split("[[events]]")[0], "events"),
    "missing_shape": (_with('shape = "wipe"', ""), "shape"),
    "bad_toml": (SMALL + "\n[players\n", "not valid TOML"),
    "bad_metric": (
        _with('name = "small"', 'name = "small"\nmetrics = ["returns", "x"]'),
        "metrics[1]",
    ),
    "bad_mode": (
        _with('"Pyroclasm" = 1 }', '"Merciless Eviction" = 1 }\nmodes = ["lands"]'),
        "events[0].modes",
    ),
}


def _no_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.suffix != ".toml"]


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_is_one_line_exit_2_nothing_written(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    text, place = BAD_FILES[name]
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    for command in (["validate", str(path)], ["run", str(path), "--jobs", "1"]):
        done = _cli(capsys, monkeypatch, tmp_path, *command)
        assert done.returncode == 2, (command, done.stderr)
        assert done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        assert str(path) in lines[0] and place in lines[0], lines[0]
        assert "Traceback" not in done.stderr
    assert _no_files(tmp_path) == []


BAD_FLAGS = {
    "trials_zero": (["--trials", "0"], "--trials"),
    "trials_text": (["--trials", "many"], "--trials"),
    "seed_negative": (["--seed", "-1"], "--seed"),
    "jobs_zero": (["--jobs", "0"], "--jobs"),
    "backend": (["--backend", "spark"], "--backend"),
    "scheduler_without_dask": (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler"),
    "resume_nothing": (["--resume"], "no run to resume"),
    "unknown_flag": (["--fast"], "--fast"),
}


@pytest.mark.parametrize("name", sorted(BAD_FLAGS))
def test_bad_flag_is_one_line_exit_2_nothing_written(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    small_file: Path,
    tmp_path: Path,
    name: str,
) -> None:
    flags, place = BAD_FLAGS[name]
    out = str(tmp_path / "out")
    done = _cli(capsys, monkeypatch, tmp_path, "run", str(small_file), "--out", out, *flags)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and place in lines[0], done.stderr
    assert "Traceback" not in done.stderr
    assert _no_files(tmp_path) == []


def test_missing_file_and_explain_flags(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls = [
        ["run", str(tmp_path / "nope.toml")],
        ["validate", str(tmp_path)],
        ["explain", "--trial", "3"],
        ["explain", "--run", str(tmp_path), "--trial", "0"],
        ["explain"],
    ]
    checked = 0
    for args in calls:
        done = _cli(capsys, monkeypatch, tmp_path, *args)
        assert done.returncode == 2, (args, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "Traceback" not in done.stderr
        checked += 1
    assert checked == len(calls) == 5


def test_a_bad_run_is_one_line_from_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BAD_FILES["outside_shape_board"][0])
    for args in (["run", str(path)], ["run", str(path), "--jobs", "x"]):
        done = cauldron(*args, cwd=tmp_path)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["bad.toml"]
