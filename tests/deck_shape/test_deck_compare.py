"""Deck points compared with a baseline (SPEC 4, Comparisons): ``comparison.csv`` pairs each
metric row by turn as well as by level, with the turn in its ``turn`` column, game by game
(each game's cells add up to the batch's rows), and the report names the turn of each paired
delta."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import sim
from engine.deck import MAX_MULLIGANS
from sim.config.experiment import parse_experiment
from sim.run.comparison import COMPARISON_COLUMNS
from sim.run.paired import unit_cells
from sim.shapes.registry import shape_of
from tests.compare.cells import summed_cells

TURNS = 3


def _deck(sweep: dict[str, Any], pairing: str) -> dict[str, Any]:
    return {
        "name": "deck_compare",
        "shape": "deck",
        "trials": 6_000,
        "batch_size": 1_000,
        "seed": 11,
        "costs": ["{1}{G}", "{2}{G}{G}"],
        "deck": {"cards": {"Forest": 17, "Llanowar Elves": 4, "Grizzly Bears": 20}},
        "game": {"turns": TURNS, "mulligan": "never"},
        "sweep": sweep,
        "compare": {"baseline": 0, "pairing": pairing},
    }


def _run(data: dict[str, Any], out: Path) -> pd.DataFrame:
    result = sim.run_experiment(data, jobs=1, out=out, report=True)
    assert result.out is not None
    written = pd.read_csv(result.out / "comparison.csv", keep_default_na=False, dtype=str)
    assert tuple(written.columns) == COMPARISON_COLUMNS
    return written


@pytest.mark.parametrize("pairing", ["batches", "trials"])
def test_each_turn_is_paired_with_the_baselines_same_turn(tmp_path: Path, pairing: str) -> None:
    """Two points that play the very same games (max_mulligans changes nothing without
    mulligans) differ by exactly 0 on every row of every turn, with a zero-width paired
    interval: a row paired with another turn's would differ."""
    data = _deck({"game.max_mulligans": [1, 2]}, pairing)
    frame = _run(data, tmp_path)
    by_turn = frame[frame["turn"] != ""]
    assert sorted(set(by_turn["turn"].astype(int))) == list(range(1, TURNS + 1))
    costs = by_turn[by_turn["metric"] == "cost_payable"]
    assert len(costs) == 2 * TURNS  # each cost, each turn
    assert (frame["estimate"].astype(float) == 0).all()
    assert (frame["paired_ci_width"].replace("", "0").astype(float) == 0).all()
    assert set(frame[frame["metric"] == "mulligans"]["turn"]) == {""}  # not by turn


def test_a_delta_is_the_two_points_summary_estimates_at_that_turn(tmp_path: Path) -> None:
    """18 Forests against 16: each row's point and baseline estimates are the two groups'
    ``summary.csv`` estimates of the same metric, level and turn; by turn 3 the extra lands
    put more lands in play, and the report labels each delta with its turn."""
    data = _deck({"deck.cards.Forest": [16, 18]}, "batches")  # 40 and 42 cards
    frame = _run(data, tmp_path)
    summary = pd.read_csv(tmp_path / "summary.csv", keep_default_na=False, dtype=str)
    keys = ["metric", "level", "turn"]
    estimates = summary.set_index(["group", *keys])["estimate"].astype(float)
    for _, row in frame.iterrows():
        key = (row["metric"], row["level"], row["turn"])
        assert float(row["point_estimate"]) == pytest.approx(estimates[("1", *key)], abs=1e-6)
        assert float(row["baseline_estimate"]) == pytest.approx(estimates[("0", *key)], abs=1e-6)
    late = frame.set_index(keys).loc[("lands_in_play", "all", str(TURNS))]
    assert float(late["ci_low"]) > 0
    html = (tmp_path / "report.html").read_text("utf-8")
    assert f"Cost payable ({{2}}{{G}}{{G}}), turn {TURNS}" in html


def test_each_games_cells_add_up_to_the_batch_rows() -> None:
    """Σn and Σy of every row's per-game cells are the (n, y) of the batch's own rows, for
    every family: costs, tracked cards, the X spell (its largest X over castable games only)
    and the London mulligan's counts included."""
    data = _deck({"game.play": ["play", "draw"]}, "trials")
    data["game"] = {"turns": TURNS, "mulligan": "london", "max_mulligans": 2}
    data |= {"track": ["Llanowar Elves"], "x_spell": "Hangarback Walker"}
    exp = parse_experiment(data)
    shape = shape_of("deck")
    for point in exp.points:
        sums, total = summed_cells(shape, point.config, 3, 3_000)
        rows = unit_cells(shape.rows(point.config, total, exp.families))
        assert set(sums) == set(shape.cell_keys(point.config)) == set(rows)
        for key, cell in rows.items():
            assert tuple(sums[key]) == cell, key


def test_play_and_draw_pair_game_by_game(tmp_path: Path) -> None:
    """On the play and on the draw deal the very same games, so their deltas pair game by
    game (one unit a game), their intervals narrower than unpaired draws would give (by 1.4x
    at least): the draw's extra card shows as more lands in play on every turn. The report's
    one-line answer reads the last turn, as its headline table does."""
    frame = _run(_deck({"game.play": ["play", "draw"]}, "trials"), tmp_path)
    lands = frame[frame["metric"] == "lands_in_play"]
    assert len(lands) == TURNS
    assert set(frame["method"]) == {"paired-trials"} and set(frame["units"]) == {"6000"}
    for _, row in lands.iterrows():
        assert float(row["ci_low"]) > 0
        assert float(row["unpaired_ci_width"]) > 1.4 * float(row["paired_ci_width"]), row["turn"]
        assert float(row["correlation"]) > 0.5
    html = (tmp_path / "report.html").read_text("utf-8")
    answer = html.split("What this run answers:</strong>")[1].split("</p>")[0]
    assert f"Lands in play, turn {TURNS} +" in answer and "turn 1 " not in answer


def test_a_baseline_that_never_mulligans_compares_every_mulligan_count(tmp_path: Path) -> None:
    """The London mulligan against a baseline without it: every ``mulligans_count`` level
    has its paired delta (the baseline's share of a count past 0 is exactly 0; it once
    lacked those rows, and their deltas were empty): fewer hands kept at 0, more at 1."""
    frame = _run(_deck({"game.mulligan": ["never", "london"]}, "trials"), tmp_path)
    counts = frame[frame["metric"] == "mulligans_count"].set_index("level")
    assert list(counts.index) == [str(k) for k in range(MAX_MULLIGANS + 1)]
    assert (counts["estimate"] != "").all() and (counts["baseline_estimate"] != "").all()
    assert float(counts.loc["0", "estimate"]) < 0 < float(counts.loc["1", "estimate"])
    one = counts.loc["1"]
    assert float(one["estimate"]) == pytest.approx(float(one["point_estimate"]))
