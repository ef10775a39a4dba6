"""SPEC section 7: the commands are callable from Python and return pandas DataFrames, for
notebooks (``sim.explain``, ``sim.explain_trial``, ``sim.load_run``, ``sim.find_cards``,
``sim.run_bench``; ``sim.run_experiment`` is tested with the runs). Each gives what its
command prints, as data; bad input raises the command's one-line error."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pandas as pd
import pytest

import sim
from engine.batch.scenario import MAX_BATCH_NUMBER
from engine.library import library
from sim.cli.main import main
from sim.errors import OutsideShapes, UserError

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "experiments" / "scenarios" / "apnap_4p_wrath.toml"


def _printed_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_explain_gives_the_outcome_explain_json_prints(capsys: pytest.CaptureFixture[str]) -> None:
    explained = sim.explain(SCENARIO)
    assert explained.outcome == _printed_json(capsys, "explain", str(SCENARIO), "--json")
    assert list(explained.log.columns) == ["rule", "text"]
    assert explained.log.to_dict("records") == explained.outcome["log"]
    assert main(["explain", str(SCENARIO)]) == 0
    assert str(explained) + "\n" == capsys.readouterr().out
    board = explained.battlefield
    assert list(board["id"]) == [p["id"] for p in explained.outcome["battlefield"]]


def test_explain_takes_a_parsed_scenario_and_the_batch_engine() -> None:
    data = tomllib.loads(SCENARIO.read_text("utf-8"))
    assert sim.explain(data).outcome == sim.explain(SCENARIO).outcome
    batch = sim.explain(SCENARIO, engine="batch")
    assert batch.outcome["returned"] == sim.explain(SCENARIO).outcome["returned"]


def test_explain_past_a_batch_cap_raises_the_exit_3_error(tmp_path: Path) -> None:
    """SPEC 7: past a declared cap the batch engine stops with the cap named (the command's
    exit code 3); the reference engine answers."""
    path = tmp_path / "damage.toml"
    path.write_text(
        'players = ["A", "B"]\n[[battlefield]]\nid = "wolf"\ncard = "Young Wolf"\n'
        f'controller = "A"\n[[action]]\ndo = "damage"\ntarget = "wolf"\n'
        f"amount = {MAX_BATCH_NUMBER + 1}\n"
    )
    with pytest.raises(OutsideShapes, match="MAX_BATCH_NUMBER"):
        sim.explain(path, engine="batch")
    assert sim.explain(path).outcome["result"] == "ok"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sim.explain(SCENARIO, engine="fast"), "unknown engine 'fast'"),
        (lambda: sim.explain(Path("no/such/scenario.toml")), "no/such/scenario.toml"),
        (lambda: sim.explain({"players": ["A"], "battlefield": 3}), "battlefield"),
        (lambda: sim.load_run(ROOT / "experiments"), "not a run folder"),
        (lambda: sim.run_bench(["no-such-workload"]), "unknown workload"),
        (lambda: sim.run_bench(trials=0), "trials 0 is not a positive count"),
    ],
)
def test_bad_input_raises_the_commands_one_line_error(call: object, message: str) -> None:
    with pytest.raises(UserError, match=message) as err:
        call()  # type: ignore[operator]
    assert "\n" not in str(err.value)


def test_find_cards_is_the_library_as_a_table() -> None:
    everything = sim.find_cards()
    assert len(everything) == len(library())
    finks = sim.find_cards("Kitchen Finks").set_index("name").loc["Kitchen Finks"]
    assert (finks["power"], finks["toughness"], finks["mana_value"]) == (3, 2, 3)
    assert "persist" in finks["keywords"] and "etb_gain_life" in finks["templates"]


def test_find_cards_reads_a_users_card_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        '[[card]]\nname = "Api Test Bear"\nmana_cost = "{1}{G}"\ntypes = ["Creature"]\n'
        'subtypes = ["Bear"]\npower = 2\ntoughness = 2\n'
    )
    found = sim.find_cards("Api Test", cards=[path])
    assert list(found["name"]) == ["Api Test Bear"] and found["subtypes"][0] == "Bear"


def test_load_run_reads_back_every_table_of_a_run(small_run: Path) -> None:
    run = sim.load_run(small_run)
    listed = [f for f in run.manifest["files"] if f.endswith(".csv") and f != "summary.csv"]
    assert sorted(run.tables) == sorted(f.removesuffix(".csv") for f in listed)
    for name, frame in run.tables.items():
        assert isinstance(frame, pd.DataFrame)
        assert frame.equals(pd.read_csv(small_run / f"{name}.csv"))
    assert run.out == small_run and len(run.summary) == len(pd.read_csv(small_run / "summary.csv"))


def test_explain_trial_replays_a_trial_of_a_run(
    small_run: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replayed = sim.explain_trial(small_run, 2)
    printed = _printed_json(capsys, "explain", "--run", str(small_run), "--trial", "2", "--json")
    assert replayed.outcome == printed
    assert replayed.agrees and replayed.batch_cap == "" and len(replayed.log) > 0
    with pytest.raises(UserError):
        sim.explain_trial(small_run, 10**9)


def test_run_bench_gives_a_row_per_workload() -> None:
    """The figures ``cauldron bench --json`` prints, as a table (speed is never asserted)."""
    table = sim.run_bench(["persist-wipe-2p-12"], trials=1_024, reference_trials=3)
    assert list(table["name"]) == ["persist-wipe-2p-12"]
    row = table.iloc[0]
    assert row["trials"] == 1_024 and row["reference_trials"] == 3 and row["disagreements"] == 0
    assert row["peak_rss_mb"] > 0
