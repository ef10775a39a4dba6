"""``[compare]``, ``baseline`` in ``[sweep]`` and sweep ``labels`` (``sim.config.compare``):
what they give, and one clear error for each way they can be wrong."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from sim.config.experiment import parse_experiment
from sim.errors import UserError

FILE = Path(__file__).parent / "solemnity_small.toml"


def _data(**changes: Any) -> dict[str, Any]:
    data = tomllib.loads(FILE.read_text("utf-8"))
    for table, value in changes.items():
        if value is None:
            data.pop(table, None)
        else:
            data[table] = value
    return copy.deepcopy(data)


def test_baseline_and_labels_in_words() -> None:
    exp = parse_experiment(_data())
    assert exp.compare.baseline == 0 and exp.compare.target == "shares"
    assert exp.compare.words == ("no Solemnity", "Solemnity present")
    assert [p.params for p in exp.points] == [
        (("slots[1].empty", 1.0),),
        (("slots[1].empty", 0.0),),
    ]


def test_baseline_in_the_sweep_table() -> None:
    sweep = {**_data()["sweep"], "baseline": 1}
    exp = parse_experiment(_data(sweep=sweep, compare=None))
    assert exp.compare.baseline == 1


def test_unlabelled_paths_read_as_key_value() -> None:
    sweep = {"slots[1].empty": [1.0, 0.0], "slots[0].minus_counters": [0.0, 0.5]}
    sweep["labels"] = {"slots[1].empty": ["without", "with"]}
    exp = parse_experiment(_data(sweep=sweep))
    assert exp.compare.words[1] == "without, slots[0].minus_counters=0.5"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"compare": {"baseline": 2}}, "compare.baseline"),
        ({"compare": {"baseline": 0, "extra": 1}}, "compare.extra"),
        ({"compare": {"target_ci": "deltas"}}, "compare.target_ci"),
        ({"compare": {"baseline": 0, "target_ci": "points"}}, "compare.target_ci"),
        ({"sweep": {"slots[1].empty": [1.0, 0.0], "baseline": 0}}, "sweep.baseline"),
        ({"sweep": {"slots[1].empty": [1.0], "labels": {}}}, "compare.baseline"),
        ({"sweep": {"slots[1].empty": [1.0, 0.0], "labels": {"x": ["a", "b"]}}}, "labels"),
        (
            {"sweep": {"slots[1].empty": [1.0, 0.0], "labels": {"slots[1].empty": ["a"]}}},
            "2 labels",
        ),
        ({"sweep": {"slots[1].empty": [1.0, 0.0], "labels": {"slots[1].empty": ["a", ""]}}}, "[1]"),
    ],
)
def test_bad_comparisons_are_one_clear_error(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(UserError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_experiment(_data(**changes))


def test_cli_target_deltas(tmp_path: Path) -> None:
    """``--target-ci W --target deltas`` waits for the paired deltas, whatever the file says."""
    from tests.helpers import cauldron

    out = tmp_path / "run"
    done = cauldron("run", str(FILE), "--target-ci", "0.05", "--target", "deltas",
                    "--jobs", "1", "--out", str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "widest headline delta" in done.stdout
    assert json.loads((out / "manifest.json").read_text("utf-8"))["target_ci"]["of"] == "deltas"


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--target", "deltas"], "--target deltas needs --target-ci W"),
        (["--target-ci", "0.05", "--target", "shares", "--exact"], "--exact needs no"),
    ],
)
def test_cli_target_errors(tmp_path: Path, flags: list[str], message: str) -> None:
    from tests.helpers import cauldron

    done = cauldron("run", str(FILE), *flags, "--out", str(tmp_path / "run"))
    assert done.returncode == 2 and message in done.stderr
    assert not (tmp_path / "run").exists()


def test_target_deltas_needs_a_baseline() -> None:
    import sim

    with pytest.raises(UserError, match="--target deltas needs a baseline"):
        sim.run_experiment(_data(compare=None), target="deltas", target_ci=0.05)
