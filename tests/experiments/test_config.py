"""Experiment files: defaults, sweeps as products of lists, key paths, seat distributions."""

from __future__ import annotations

import io
import math
from pathlib import Path

import numpy as np
import pytest

from engine.batch import tables as tb
from sim.config.experiment import load_experiment, parse_experiment
from sim.errors import UserError
from sim.run.progress import Progress
from sim.shapes.base import Layout
from sim.shapes.wipe.draws import draw_wipe_batch

BASE = {
    "shape": "wipe",
    "slots": [{"count": 6, "cards": {"Kitchen Finks": 1, "Young Wolf": 1}}],
    "events": [{"cards": {"Wrath of God": 1}}],
}
EXPERIMENTS = Path(__file__).resolve().parents[2] / "experiments"


def test_defaults() -> None:
    exp = parse_experiment(BASE, default_name="base")
    assert (exp.name, exp.trials, exp.seed, exp.batch_size) == ("base", 100_000, 0, 65_536)
    assert exp.families[0] == "status" and len(exp.points) == 1
    cfg = exp.points[0].config
    assert cfg.players.count.values == (2,) and cfg.trigger_order == "random"
    assert cfg.events[0].caster.weights == (1.0,)  # the active player casts


def test_sweep_is_the_product_of_lists_in_file_order() -> None:
    data = {
        **BASE,
        "sweep": {"players.count": [2, 4], "slots[0].cards.Young Wolf": [0, 1, 3]},
    }
    exp = parse_experiment(data)
    assert len(exp.points) == 6
    assert exp.points[4].label == "players.count=4; slots[0].cards.Young Wolf=1"
    cfg = exp.points[3].config
    assert cfg.players.count.values == (4,)
    assert cfg.slots[0].weights == (1.0, 0.0)  # Finks only
    assert exp.sweep_paths == ("players.count", "slots[0].cards.Young Wolf")


def test_sweep_may_set_an_optional_key() -> None:
    exp = parse_experiment({**BASE, "sweep": {"choices.trigger_order": ["listed", "random"]}})
    assert [p.config.trigger_order for p in exp.points] == ["listed", "random"]


def test_fixed_trigger_order_ranks_listed_cards_first() -> None:
    data = {**BASE, "choices": {"trigger_order": ["Young Wolf"]}}
    cfg = parse_experiment(data).points[0].config
    inputs = draw_wipe_batch(np.random.default_rng(0), 50, cfg)
    wolf = inputs.card == tb.INDEX["young wolf"]
    ranks = inputs.rank[:, :6]
    mixed = 0  # the rows with both a Wolf and another card: the ones that test something
    for row in range(50):
        if wolf[row].any() and (~wolf[row]).any():
            assert ranks[row][wolf[row]].max() < ranks[row][~wolf[row]].min()
            mixed += 1
    assert mixed > 0


def test_seat_weights_renormalize_over_the_seats_a_trial_has() -> None:
    data = {
        **BASE,
        "players": {"count": [2, 3]},
        "slots": [
            {"count": 8, "cards": {"Kitchen Finks": 1}, "controller": {"third": 1, "next": 1}}
        ],
    }
    inputs = draw_wipe_batch(
        np.random.default_rng(1), 4_000, parse_experiment(data).points[0].config
    )
    rel = (inputs.controller - inputs.active[:, None]) % inputs.n_players[:, None]
    two = inputs.n_players == 2
    assert np.all(rel[two] == 1)  # only "next" exists with two players
    third = rel[~two] == 2
    # Each slot of a three-player trial is "third" with p = 1/2, independently: the share is a
    # binomial proportion over n slots; 5 standard errors (a false alarm about once in 1.7
    # million seeds) and no more: about ±0.02 here.
    n, p = third.size, 0.5
    assert n > 0
    assert abs(third.mean() - p) < 5 * math.sqrt(p * (1 - p) / n)
    assert np.all(rel != 0)


def test_counts_and_probabilities() -> None:
    data = {
        **BASE,
        "slots": [
            {
                "count": 10,
                "cards": {"Kitchen Finks": 1},
                "plus_counters": {"0": 1, "3": 1},
                "grant": {"persist": 1.0},
                "empty": 1.0,
            }
        ],
    }
    inputs = draw_wipe_batch(np.random.default_rng(2), 100, parse_experiment(data).points[0].config)
    assert np.all(inputs.card == -1) and np.all(inputs.granted_persist == 0)
    data["slots"][0]["empty"] = 0.0
    inputs = draw_wipe_batch(
        np.random.default_rng(2), 2_000, parse_experiment(data).points[0].config
    )
    assert set(np.unique(inputs.plus)) == {0, 3} and np.all(inputs.granted_persist == 1)


def test_shipped_experiments_validate() -> None:
    files = sorted(EXPERIMENTS.glob("*.toml"))
    assert len(files) >= 4
    for path in files:
        exp = load_experiment(path)
        assert exp.points and exp.trials > 0


def test_validate_errors_name_the_file() -> None:
    with pytest.raises(UserError, match=r"<experiment>: slots\[0\]\.count: 99 is out of range"):
        parse_experiment({**BASE, "slots": [{"count": 99, "cards": {"Kitchen Finks": 1}}]})


def test_layout_packs_and_unpacks() -> None:
    layout = Layout((("a", (2,)), ("b", (2, 3))))
    vector = layout.pack({"a": np.array([1, 2]), "b": np.arange(6).reshape(2, 3)})
    assert layout.size == 8 and vector.dtype == np.int64
    assert layout.unpack(vector)["b"][1, 2] == 5
    with pytest.raises(ValueError):
        layout.pack({"a": np.array([1, 2, 3]), "b": np.zeros((2, 3))})


def test_progress_draws_only_on_a_terminal() -> None:
    stream = io.StringIO()
    bar = Progress(10, stream=stream)
    bar.advance(10)
    bar.close()
    assert stream.getvalue() == ""
    shown = Progress(10, enabled=True, stream=stream)
    shown.advance(5)
    shown.close()
    assert "5/10 trials" in stream.getvalue() and stream.getvalue().endswith("\n")
