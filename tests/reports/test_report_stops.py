"""Why trials stopped (SPEC 6, the report's "Trials by status"): each shape lists the trials
of a batch that did not end ok (``Shape.stops``), exactly those ``run_batch`` counts in
``unsupported_rate`` and ``draw_rate``; the report plays the run's first batches again on the
batch engine and gives each reason's share and the command that replays its first trial."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.batch.deck import REASONS
from engine.batch.kernel.deck.game import POOL_CAP
from sim.config.experiment import parse_experiment
from sim.shapes.deck.shape import DeckShape
from sim.shapes.registry import shape_of
from tests.deck.decks import FILL, deck_of
from tests.helpers import cauldron

# persist_wipes' board at 1 life: a Redcap's damage ends many trials with a player's loss
# (704.5a), where Cauldron does not play on
LOW_LIFE = """
name = "low_life"
shape = "wipe"
trials = 2_000
seed = 11
batch_size = 2_048

[players]
count = 2
life = 1

[[slots]]
count = 8
cards = { "Kitchen Finks" = 2, "Murderous Redcap" = 2, "Grizzly Bears" = 1 }

[[events]]
cards = { "Wrath of God" = 1 }
"""
LOSS = "a player has 0 or less life and loses the game (704.5a)"
# Mana Confluence's 1 life (119.4) at 2 life: two of them tapped end the trial with a loss
CONFLUENCE = """
shape = "mana"
[players]
count = 2
life = 2
[[slots]]
count = 3
cards = { "Mana Confluence" = 1, "Forest" = 1 }
"""


def _stopped_share(shape: Any, config: Any, trials: int, seed: int) -> float:
    """The share of trials ``run_batch`` counts as not ended ok (draws and unsupported)."""
    totals = shape.run_batch(config, np.random.default_rng(seed), trials)
    rows = shape.rows(config, totals, shape.families)
    return sum(r.value.estimate for r in rows if r.metric in ("draw_rate", "unsupported_rate"))


@pytest.mark.parametrize(
    ("file", "trials"), [(LOW_LIFE, 1_500), (CONFLUENCE, 800)], ids=["wipe", "mana"]
)
def test_a_batchs_stops_are_the_trials_its_statistics_count(file: str, trials: int) -> None:
    """A wipe board at 1 life and Mana Confluence at 2 life: some trials end in a loss."""
    config = parse_experiment(tomllib.loads(file)).points[0].config
    shape = shape_of(tomllib.loads(file)["shape"])
    stops = shape.stops(config, np.random.default_rng(3), trials)
    assert len(stops) == round(_stopped_share(shape, config, trials, 3) * trials) > 0
    assert all(s.result == "unsupported" and s.reason.startswith(LOSS) for s in stops)
    assert [s.trial for s in stops] == sorted({s.trial for s in stops})


def test_a_deck_batchs_stops_name_the_pool_cap() -> None:
    """Two Mana Reflections and two Nyxbloom Ancients among 30 Forests: some games pass the
    batch engine's MAX_PER_TYPE within 20 turns and stop there (``game.POOL_CAP``)."""
    setup = deck_of({"Forest": 30, "Mana Reflection": 2, "Nyxbloom Ancient": 2, FILL: 6}, 20)
    stops = DeckShape().stops(setup, np.random.default_rng(5), 300)
    assert len(stops) == round(_stopped_share(DeckShape(), setup, 300, 5) * 300) > 0
    assert {s.reason for s in stops} <= {REASONS[POOL_CAP]} and stops[0].result == "unsupported"


@pytest.fixture(scope="module")
def low_life_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("low_life")
    (base / "low_life.toml").write_text(LOW_LIFE)
    done = cauldron("run", str(base / "low_life.toml"), "--out", str(base / "run"), "--jobs", "1")
    assert done.returncode == 0, done.stderr
    return base / "run"


def test_the_report_says_why_trials_stopped_and_how_to_replay_one(low_life_run: Path) -> None:
    html = (low_life_run / "report.html").read_text("utf-8")
    assert "Why trials did not end ok: the first 2,000 trials" in html
    row = re.search(r"<td>unsupported</td><td>([^<]*)</td><td class=\"num\">([\d,]+) ", html)
    assert row is not None and row.group(1).startswith(LOSS)
    status = (low_life_run / "status.csv").read_text("utf-8")
    rate = float(re.search(r"unsupported_rate,all,,([\d.]+)", status).group(1))  # type: ignore[union-attr]
    assert int(row.group(2).replace(",", "")) == round(rate * 2_000)
    trial = int(re.search(r"--run \S+ --trial (\d+)</code>", html).group(1))  # type: ignore[union-attr]
    replayed = cauldron("explain", "--run", str(low_life_run), "--trial", str(trial), "--json")
    outcome = json.loads(replayed.stdout)
    assert outcome["result"] == "unsupported" and "loses the game (704.5a)" in outcome["reason"]
    if trial:  # the first: the trial before it ended ok
        before = cauldron(
            "explain", "--run", str(low_life_run), "--trial", str(trial - 1), "--json"
        )
        assert json.loads(before.stdout)["result"] == "ok"


def test_a_report_whose_trials_all_ended_ok_says_nothing_of_stops(runs: dict[str, Path]) -> None:
    html = (runs["wipe"] / "report.html").read_text("utf-8")
    assert "Trials by status" in html and "Why trials did not end ok" not in html


def test_a_scan_past_its_cap_says_it_found_none(
    low_life_run: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """STOP_SCAN bounds the trials played again for the report, and is named when reached."""
    from sim.report import examples
    from sim.report.data import load_run

    monkeypatch.setattr(examples, "STOP_SCAN", 0)
    found = examples.stops(load_run(low_life_run))
    assert found is not None and found["rows"] == [] and found["cap"] == "STOP_SCAN = 0"
