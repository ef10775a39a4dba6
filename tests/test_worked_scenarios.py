"""The worked scenarios S1-S30 of the rules digest, each run through the CLI.

Each ``tests/scenarios/sNN_*.toml`` has its expected outcome beside it (``.expect.json``),
derived by hand from the rules in the digest (only the keys that matter are listed).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sim.cli.main import main
from tests.expectations import mismatches

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("s*.toml"))


def test_all_thirty_worked_scenarios_are_here() -> None:
    assert len(FILES) == 30


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_worked_scenario_through_cli(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`cauldron explain FILE --json` reproduces the digest's expected outcome."""
    assert main(["explain", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = json.loads(path.with_suffix(".expect.json").read_text())
    assert mismatches(expected, out) == []


def test_explain_as_a_separate_process_prints_only_json() -> None:
    """The console script works end to end; with --json, stdout is exactly one JSON document."""
    path = SCENARIOS / "s07_apnap_2p.toml"
    done = subprocess.run(
        [sys.executable, "-m", "sim.cli", "explain", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(done.stdout)
    assert [r["id"] for r in out["returned"]] == ["fb", "fa"]


@pytest.mark.parametrize("path", FILES[:17], ids=[f.stem for f in FILES[:17]])
def test_text_log_cites_a_rule_on_every_line(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The human-readable log gives a rule number (or the scenario's own step) on every line."""
    assert main(["explain", str(path)]) == 0
    text = capsys.readouterr().out
    log = text.split("\n\n")[0].splitlines()[1:]
    assert log
    for line in log:
        rule = line.split()[0]
        assert rule == "scenario" or rule[0].isdigit(), line


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_worked_scenario_on_the_batch_engine(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cauldron explain FILE --engine batch --json` gives the same expected outcome: every
    worked scenario is inside one of the batch engine's two shapes."""
    assert main(["explain", str(path), "--json", "--engine", "batch"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = json.loads(path.with_suffix(".expect.json").read_text())
    assert mismatches(expected, out) == []


def test_a_scenario_outside_both_shapes_exits_3_with_one_line(tmp_path: Path) -> None:
    """SPEC section 7: exit code 3 and one line saying why (a life total past the batch
    engine's cap on the numbers it is given, named; the reference engine answers it)."""
    path = tmp_path / "big_life.toml"
    path.write_text(
        'players = ["A", "B"]\n[life]\nA = 1099511627776\n[[battlefield]]\nid = "bears"\n'
        'card = "Grizzly Bears"\ncontroller = "A"\n[[action]]\ndo = "tap"\ntarget = "bears"\n'
    )
    done = subprocess.run(
        [sys.executable, "-m", "sim.cli", "explain", str(path), "--engine", "batch"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 3
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "MAX_BATCH_NUMBER" in lines[0] and str(path) in lines[0]
