"""Hostile values at the boundary (issue #12, classes 6 and 7): wrong types anywhere in a
file, values too long to repeat, a scenario handed to ``validate``, and a reader that closes
our output early. Each is one line and exit code 2 (or a quiet exit), never a traceback."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sim.cli.main import EXIT_BROKEN_PIPE
from sim.config.experiment import parse_experiment
from sim.config.scenario import parse_scenario
from sim.errors import ELLIPSIS, MAX_ECHO, MAX_PLACE, UserError, clip, echo
from tests.helpers import cauldron
from tests.hostile.conftest import SCENARIO, TINY, one_line_error

ROOT = Path(__file__).parents[2]
HUGE = "x" * 200_000
LONG_ARG = "x" * 100_000  # one command-line argument is at most 128 KiB on Linux
# Values of every TOML type, nested and empty, put in place of each value of a file.
HOSTILE: list[Any] = [[["persist"]], {"a": [1]}, -1, 10**30, 1e308, True, "", [], {}, [1, "a"]]
# A bound on a one-line error that repeats a cut value (the place, the problem and the hint
# are the program's own words; only the value and the key path come from the file).
MAX_LINE = 1_000


def _paths(node: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in parsed TOML (tables and lists too)."""
    if at:
        yield at
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, value in items:
        yield from _paths(value, (*at, key))


def _replaced(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def test_echo_cuts_a_long_value_at_max_echo() -> None:
    assert echo("short") == "'short'"
    cut = echo(HUGE)
    assert cut.startswith("'" + "x" * (MAX_ECHO - 1) + ELLIPSIS)
    assert "200,002 characters" in cut and len(cut) < MAX_ECHO + 40
    assert clip("y" * MAX_ECHO) == "y" * MAX_ECHO


@pytest.mark.parametrize("grant", [[["persist"]], [{"persist": 1}], [1], "persist"])
def test_scenario_grant_of_the_wrong_type_is_one_line(tmp_path: Path, grant: Any) -> None:
    data = tomllib.loads(SCENARIO.read_text())
    data["battlefield"][0]["grant"] = grant
    with pytest.raises(UserError, match=r"battlefield\[0\]\.grant"):
        parse_scenario(data, "s.toml")


@pytest.mark.parametrize("grant", [[["persist"]], ["persist"], {"persist": [[1]]}, {"x": 1}])
def test_experiment_grant_of_the_wrong_type_is_one_line(grant: Any) -> None:
    data = tomllib.loads(TINY)
    data["slots"][0]["grant"] = grant
    with pytest.raises(UserError, match=r"slots\[0\]\.grant"):
        parse_experiment(data, "e.toml")


@pytest.mark.parametrize(
    "source",
    [
        SCENARIO,
        ROOT / "experiments" / "EXAMPLE.toml",
        ROOT / "experiments" / "mana_tap_orders.toml",
    ],
    ids=lambda p: p.name,
)
def test_any_value_of_any_type_anywhere_is_a_user_error(source: Path) -> None:
    """Every value of a real file replaced, one at a time, by values of every type: the
    reader either accepts it or raises one short line, never another exception."""
    data = tomllib.loads(source.read_text())
    parse = parse_scenario if "shape" not in data else parse_experiment
    tried = 0
    for path in _paths(data):
        for value in HOSTILE:
            tried += 1
            try:
                parse(_replaced(data, path, value), str(source))
            except UserError as err:
                assert "\n" not in str(err) and len(str(err)) < MAX_LINE, (path, value)
    assert tried > 100


def _with_huge(kind: str, tmp_path: Path) -> Path:
    """A file with a 200,000-character value (or key) where ``kind`` says."""
    text = SCENARIO.read_text()
    if kind == "scenario card":
        text = text.replace('card = "Kitchen Finks"', f'card = "{HUGE}"')
    elif kind == "scenario key":
        text = text.replace('id = "finks"', f'id = "finks"\n{HUGE} = 1')
    elif kind == "experiment card":
        text = TINY.replace('"Kitchen Finks"', f'"{HUGE}"')
    elif kind == "experiment name":
        text = TINY.replace('name = "tiny"', f'name = "{HUGE}!"')
    path = tmp_path / "huge.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "kind", ["scenario card", "scenario key", "experiment card", "experiment name"]
)
def test_a_huge_value_is_echoed_cut(tmp_path: Path, kind: str) -> None:
    path = _with_huge(kind, tmp_path)
    command = "explain" if kind.startswith("scenario") else "validate"
    line = one_line_error(cauldron(command, str(path)))
    assert ELLIPSIS in line and "200,0" in line
    assert len(line) < len(str(path)) + MAX_PLACE + MAX_ECHO + 300


@pytest.mark.parametrize(
    "args",
    [
        ["cards", LONG_ARG],
        ["run", "x.toml", "--trials", LONG_ARG],
        ["explain", "--trial", LONG_ARG],
    ],
    ids=["cards", "trials", "trial"],
)
def test_a_huge_argument_is_echoed_cut(args: list[str]) -> None:
    line = one_line_error(cauldron(*args))
    assert ELLIPSIS in line and len(line) < MAX_LINE


def test_validate_checks_a_scenario_file_as_a_scenario() -> None:
    done = cauldron("validate", str(SCENARIO))
    assert done.returncode == 0, done.stderr
    assert "ok: a scenario, 2 players, 1 permanents, 1 actions" in done.stdout
    assert f"cauldron explain {SCENARIO}" in done.stdout
    assert "shape" not in done.stdout


def test_validate_reports_a_bad_scenario_as_a_scenario(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(SCENARIO.read_text().replace('"Kitchen Finks"', '"Kitchen Fink"'))
    line = one_line_error(cauldron("validate", str(path)))
    assert "battlefield[0].card: unknown card 'Kitchen Fink'" in line
    assert "shape" not in line


def test_validate_still_asks_an_experiment_for_its_shape(tmp_path: Path) -> None:
    path = tmp_path / "noshape.toml"
    path.write_text(TINY.replace('shape = "wipe"\n', ""))
    assert "missing key 'shape'" in one_line_error(cauldron("validate", str(path)))


def _closed_stdout(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the CLI with stdout a pipe whose reader is already gone (``| head -0``)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "sim.cli", *args],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        os.close(write)


@pytest.mark.parametrize(
    "args",
    [
        ["explain", str(SCENARIO)],
        ["explain", str(SCENARIO), "--json"],
        ["explain", str(SCENARIO), "--engine", "batch"],
        ["cards"],
        ["cards", "persist"],
        ["validate", str(SCENARIO)],
        ["validate", str(ROOT / "experiments" / "EXAMPLE.toml")],
    ],
    ids=lambda a: " ".join(Path(x).name for x in a),
)
def test_a_closed_stdout_ends_quietly(args: list[str]) -> None:
    done = _closed_stdout(*args)
    assert done.stderr == ""
    assert done.returncode == EXIT_BROKEN_PIPE


def test_a_run_with_a_closed_stdout_still_writes_its_folder(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    done = _closed_stdout("run", str(path), "--jobs", "1", "--out", str(tmp_path / "out"))
    assert done.stderr == "" and done.returncode == EXIT_BROKEN_PIPE
    assert (tmp_path / "out" / "report.html").is_file()
