"""A deck experiment's run folder (issue #13): the shipped experiment runs, its CSVs carry the
turn of every metric by turn, its report draws the turns, and any game of it replays turn by
turn from the run alone, agreeing with the batch engine."""

from __future__ import annotations

import csv
import re
import shutil
import tomllib
from pathlib import Path

import pandas as pd
import pytest

import sim
from tests.experiments.conftest import SMALL
from tests.helpers import cauldron

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "experiments" / "deck_curve.toml"
TRIALS = 256


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny run of the shipped experiment from a copy whose decklist is then deleted: the
    run folder must be all a replay needs."""
    home = tmp_path_factory.mktemp("deck_curve")
    shutil.copy(SHIPPED, home / SHIPPED.name)
    shutil.copytree(SHIPPED.parent / "decks", home / "decks")
    out = home / "out"
    sim.run_experiment(home / SHIPPED.name, trials=TRIALS, jobs=1, out=out, report=True)
    shutil.rmtree(home / "decks")
    return out


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_shipped_experiment_writes_its_csvs_and_report(run_dir: Path) -> None:
    families = ("status", "lands", "mana", "costs", "cast", "x_spell", "mulligans")
    for name in ("summary.csv", *(f"{f}.csv" for f in families), "manifest.json"):
        assert (run_dir / name).is_file(), name
    html = (run_dir / "report.html").read_text("utf-8")
    for title in ("Lands in play by turn", "Mana available by turn", "Cost payable by turn"):
        assert title in html
    assert "Cost payable on turn 6:" in html  # the headline table: the last turn


def test_metrics_by_turn_carry_the_turn_and_the_others_an_empty_cell(run_dir: Path) -> None:
    """The ``turn`` column: 1 to ``game.turns`` on every metric by turn, one row per turn and
    level; empty for ``mulligans`` and ``unsupported_rate``."""
    rows = _rows(run_dir / "summary.csv")
    assert list(rows[0])[:6] == ["group", "params", "family", "metric", "level", "turn"]
    untimed = {"unsupported_rate", "mulligans", "mulligans_count"}
    for row in rows:
        if row["metric"] in untimed:
            assert row["turn"] == "", row
        else:
            assert row["turn"] in {str(t) for t in range(1, 7)}, row
    costs = [r for r in rows if r["metric"] == "cost_payable" and r["group"] == "0"]
    assert len(costs) == 6 * 4 and {r["level"] for r in costs} == {
        "{G}",
        "{1}{G}",
        "{2}{G}{G}",
        "{3}{G}{G}",
    }
    lands = _rows(run_dir / "lands.csv")
    assert [r["turn"] for r in lands if r["group"] == "1"] == [str(t) for t in range(1, 7)]
    assert all(r["game.play"] == ("play" if r["group"] == "0" else "draw") for r in lands)
    summary = pd.read_csv(run_dir / "summary.csv")
    status = summary[summary["family"] == "status"]
    assert (status["estimate"] == 0.0).all()  # no game stopped


def test_a_wipe_run_has_the_turn_column_empty(tmp_path: Path) -> None:
    out = tmp_path / "out"
    sim.run_experiment(tomllib.loads(SMALL), trials=1_000, jobs=1, out=out)
    rows = _rows(out / "summary.csv")
    assert rows and all(r["turn"] == "" for r in rows)
    assert all(r["turn"] == "" for r in _rows(out / "returns.csv"))


def test_explain_replays_a_game_turn_by_turn_and_the_engines_agree(run_dir: Path) -> None:
    """``explain --run DIR --trial N``: the opening hand (103.4, 103.5), then each turn's
    untap, draw (504.1), land (305.1) and measurement (505.1), rule by rule; on the play no
    draw on turn 1 (103.8a); and the batch engine's measurements are the reference's."""
    done = cauldron("explain", "--run", str(run_dir), "--trial", "3")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "Opening hand" in text and "103.4" in text and "103.8a" in text
    for turn in range(1, 7):
        assert f"\nTurn {turn}\n" in text
    assert text.count("505.1") == 6 and len(re.findall(r"^ +measured: ", text, re.M)) == 6
    assert "504.1" in text and "305.1" in text
    assert text.rstrip().endswith("Batch engine: the same outcome")
    drawn = cauldron("explain", "--run", str(run_dir), "--trial", "3", "--group", "1", "--json")
    assert drawn.returncode == 0 and '"on_play": false' in drawn.stdout


def test_the_shipped_comparison_pairs_the_draw_with_the_play_turn_by_turn(run_dir: Path) -> None:
    """``[compare] baseline = 0``: on the draw against on the play, game by game, one row per
    metric, level and turn (the mulligans have none)."""
    rows = _rows(run_dir / "comparison.csv")
    assert {r["label"] for r in rows} == {"on the draw"}
    assert {r["baseline_label"] for r in rows} == {"on the play"}
    assert {r["method"] for r in rows} == {"paired-trials"}
    lands = [r for r in rows if r["metric"] == "lands_in_play"]
    assert [int(r["turn"]) for r in lands] == list(range(1, 7))
    assert {r["turn"] for r in rows if r["family"] == "mulligans"} == {""}
