"""Any trial of a run can be rebuilt from the seeds and replayed on the reference engine, and
its outcome is the batch engine's for that trial (SPEC section 5)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from sim.config.experiment import parse_experiment
from sim.run.batches import batch_rng
from sim.run.experiment import experiment_of_run
from sim.run.replay import replay_trial
from tests.helpers import cauldron

MIXED = {
    "name": "mixed",
    "shape": "wipe",
    "trials": 3_000,
    "seed": 4,
    "batch_size": 1_000,
    "players": {"count": [2, 3, 4]},
    "slots": [
        {
            "count": 9,
            "cards": {
                "Kitchen Finks": 2,
                "Murderous Redcap": 1,
                "Young Wolf": 1,
                "Grizzly Bears": 1,
                "Safehold Elite": 1,
            },
            "plus_counters": {"0": 6, "1": 3, "2": 1},
            "minus_counters": 0.2,
            "token": 0.1,
            "foreign_owner": 0.1,
            "grant": {"persist": 0.1, "undying": 0.1},
        },
        {"count": 2, "cards": {"Melira, Sylvok Outcast": 1, "Glorious Anthem": 1}, "empty": 0.5},
    ],
    "events": [
        {
            "cards": {"Wrath of God": 1, "Black Sun's Zenith": 1, "Infest": 1, "Massacre Girl": 1},
            "x": [1, 2, 3],
            "caster": "random",
        },
    ],
    "choices": {"trigger_order": ["Young Wolf", "Kitchen Finks"], "targets": "random"},
}


def test_replayed_trials_agree_with_the_batch_engine() -> None:
    exp = parse_experiment(MIXED)
    disagree = []
    for trial in (*range(0, exp.trials, 151), exp.trials - 1):
        if not replay_trial(exp, 0, trial).replayed().agrees:
            disagree.append(trial)
    assert disagree == []


def test_a_replay_is_the_trial_the_run_drew() -> None:
    exp = parse_experiment({**MIXED, "choices": {"trigger_order": "random"}})
    replay = replay_trial(exp, 0, 1_234)
    from sim.shapes.wipe.draws import draw_wipe_batch

    inputs = draw_wipe_batch(batch_rng(exp.seed, 3, 1), 1_000, exp.points[0].config)
    live = [int(c) for c in inputs.card[234] if c >= 0]
    assert len(replay.scenario.battlefield) == len(live)
    assert replay.scenario.players == tuple(f"P{k + 1}" for k in range(int(inputs.n_players[234])))
    assert np.all(inputs.rank[234] >= 0)


def test_explain_run_prints_the_rule_log(tmp_path: Path) -> None:
    path = tmp_path / "mixed.toml"
    lines = [f"{k} = {json.dumps(v)}" for k, v in MIXED.items() if isinstance(v, str | int)]
    path.write_text(
        "\n".join(lines)
        + '\n[players]\ncount = [2, 3]\n[[slots]]\ncount = 6\ncards = { "Kitchen Finks" = 1 }\n'
        + 'minus_counters = 0.3\n[[events]]\ncards = { "Wrath of God" = 1 }\n'
    )
    out = tmp_path / "run"
    assert cauldron("run", str(path), "--jobs", "1", "--out", str(out)).returncode == 0
    done = cauldron("explain", "--run", str(out), "--trial", "2999")
    assert done.returncode == 0, done.stderr
    assert "702.79a" in done.stdout and "Batch engine: the same outcome" in done.stdout
    as_json = cauldron("explain", "--run", str(out), "--trial", "7", "--json")
    assert json.loads(as_json.stdout)["result"] == "ok"
    too_far = cauldron("explain", "--run", str(out), "--trial", "3000")
    assert too_far.returncode == 2 and "--trial" in too_far.stderr
    assert experiment_of_run(out).trials == 3_000
