"""``cauldron bench``: the batch and the reference engine timed on the same generated trials.

Speed is measured here, never asserted by a test (the machines are noisy): compare the ratio
of the two engines measured in one run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine import reference
from engine.batch.mana import run_mana
from engine.batch.mana_convert import mana_batch_outcome, mana_comparable, mana_trial_scenario
from engine.batch.wipe import run_wipe
from engine.batch.wipe_convert import Naming, batch_outcome, comparable, trial_scenario
from sim.config.experiment import parse_experiment
from sim.shapes.mana.config import ManaConfig
from sim.shapes.mana.draws import draw_mana_batch
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.draws import draw_wipe_batch

CHUNK = 16_384  # trials per batch: arrays of this size stay in cache

# The workloads are experiment tables (what a TOML file parses to): validated like any file
# and drawn by the shapes' own draws, so the bench times the trials ``cauldron run`` draws.
PERSIST_WIPE_2P_12: dict[str, Any] = {
    "shape": "wipe",
    "players": {"count": 2},
    "slots": [
        {
            "count": 12,
            "cards": {
                "Kitchen Finks": 1,
                "Safehold Elite": 1,
                "Murderous Redcap": 1,
                "Young Wolf": 1,
                "Grizzly Bears": 1,
                "Llanowar Elves": 1,
            },
            "controller": "random",
            "plus_counters": {"0": 0.85, "1": 0.075, "2": 0.075},
            "minus_counters": 0.2,
            "token": 0.15,
            "tapped": 0.2,
            "grant": {"persist": 0.2},
        }
    ],
    "events": [
        {
            "cards": {
                "Wrath of God": 1,
                "Damnation": 1,
                "Black Sun's Zenith": 1,
                "Infest": 1,
                "Pyroclasm": 1,
            },
            "x": [1, 2, 3],
            "caster": "random",
        }
    ],
}

# Ten mana sources and statics per trial, ten activations in a random order with random
# colors and replacement orders: could-produce, rejections, replacements and triggers.
MANA_TAP_2P_10: dict[str, Any] = {
    "shape": "mana",
    "players": {"count": 2},
    "slots": [
        {
            "count": 10,
            "cards": {
                "Forest": 3,
                "Island": 2,
                "Mountain": 2,
                "Llanowar Elves": 3,
                "Sol Ring": 2,
                "Reflecting Pool": 2,
                "Exotic Orchard": 2,
                "Gaea's Cradle": 1,
                "Springleaf Drum": 1,
                "Pili-Pala": 1,
                "Mana Flare": 1,
                "Mana Reflection": 1,
                "Contamination": 1,
            },
            "controller": "random",
            "tapped": 0.1,
            "since_turn_start": 0.8,
            "counters": {"charge": [0, 1, 2, 3], "luck": [0, 1, 2, 3], "mining": [0, 1, 2, 3]},
        }
    ],
    "taps": {
        "whose": "all",
        "count": 10,
        "wrap": True,
        "retap": 0.1,
        "color": {"none": 0.5, **dict.fromkeys("WUBRGC", 1 / 12)},
        "replacement_order": {"random": 0.5, "listed": 0.5},
        "tap_creature": {"first": 0.7, "any": 0.3},
    },
}


def _config(data: dict[str, Any], name: str) -> Any:
    return parse_experiment(data, f"<bench {name}>", name.replace("-", "_")).points[0].config


@dataclass(frozen=True)
class Workload:
    name: str
    draw: Callable[[np.random.Generator, int], Any]  # a batch of inputs
    run: Callable[[Any], Any]  # inputs -> finished batch
    replay: Callable[[Any, int], dict[str, Any]]  # trial i on the reference engine
    outcome: Callable[[Any, int, Any], dict[str, Any]]  # trial i of a finished batch


def _wipe_outcome(state: Any, i: int, inputs: Any) -> dict[str, Any]:
    _, _, s, e = inputs.shape
    naming = Naming.default(int(inputs.n_players[i]), s, e)
    return comparable(batch_outcome(state, i, naming))


def _mana_outcome(state: Any, i: int, inputs: Any) -> dict[str, Any]:
    _, _, s, a = inputs.shape
    naming = Naming.default(int(inputs.n_players[i]), s, a)
    return mana_comparable(mana_batch_outcome(state, i, naming))


def _workloads() -> list[Workload]:
    """The workloads, their configurations parsed once per ``bench`` call."""
    wipe: WipeConfig = _config(PERSIST_WIPE_2P_12, "persist-wipe-2p-12")
    mana: ManaConfig = _config(MANA_TAP_2P_10, "mana-tap-2p-10")
    return [
        Workload(
            "persist-wipe-2p-12",
            lambda rng, n: draw_wipe_batch(rng, n, wipe),
            run_wipe,
            lambda inputs, i: comparable(reference.run(trial_scenario(inputs, i))),
            _wipe_outcome,
        ),
        Workload(
            "mana-tap-2p-10",
            lambda rng, n: draw_mana_batch(rng, n, mana),
            run_mana,
            lambda inputs, i: mana_comparable(reference.run(mana_trial_scenario(inputs, i))),
            _mana_outcome,
        ),
    ]


def bench(
    trials: int = 8 * CHUNK, reference_trials: int = 300, seed: int = 20261129
) -> list[dict[str, Any]]:
    """Time both engines on each workload; check they agree on the reference's trials."""
    results = []
    for workload in _workloads():
        rng = np.random.default_rng(seed)
        chunks = [workload.draw(rng, CHUNK) for _ in range(max(1, trials // CHUNK))]
        first_state = workload.run(chunks[0])  # warm up; kept for the agreement check
        start = time.perf_counter()
        for chunk in chunks:
            workload.run(chunk)  # the runner keeps only statistics: each state is dropped at once
        batch_s = time.perf_counter() - start
        first = chunks[0]
        n_ref = min(reference_trials, CHUNK)
        start = time.perf_counter()
        expected = [workload.replay(first, i) for i in range(n_ref)]
        ref_s = time.perf_counter() - start
        disagree = sum(workload.outcome(first_state, i, first) != expected[i] for i in range(n_ref))
        results.append(
            {
                "name": workload.name,
                "trials": len(chunks) * CHUNK,
                "batch_trials_per_s": len(chunks) * CHUNK / batch_s,
                "reference_trials_per_s": n_ref / ref_s,
                "disagreements": disagree,
                "reference_trials": n_ref,
            }
        )
    return results
