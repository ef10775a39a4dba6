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
from sim.shapes.mana.mix import ManaMix, draw_manas
from sim.shapes.wipe.mix import WipeMix, draw_wipes

CHUNK = 16_384  # trials per batch: arrays of this size stay in cache

PERSIST_WIPE_2P_12 = WipeMix(
    players=(2,),
    slots=12,
    board=(
        "Kitchen Finks",
        "Safehold Elite",
        "Murderous Redcap",
        "Young Wolf",
        "Grizzly Bears",
        "Llanowar Elves",
    ),
    plus_counter=0.15,
    minus_counter=0.2,
    token=0.15,
    extra_persist=0.2,
    wipes=("Wrath of God", "Damnation", "Black Sun's Zenith", "Infest", "Pyroclasm"),
    x=(1, 2, 3),
)


# Ten mana sources and statics per trial, ten activations in a random order with random
# colors and replacement orders: could-produce, rejections, replacements and triggers.
MANA_TAP_2P_10 = ManaMix(
    players=(2,),
    slots=10,
    board=(
        "Forest",
        "Island",
        "Mountain",
        "Llanowar Elves",
        "Sol Ring",
        "Reflecting Pool",
        "Exotic Orchard",
        "Gaea's Cradle",
        "Springleaf Drum",
        "Pili-Pala",
        "Mana Flare",
        "Mana Reflection",
        "Contamination",
    ),
    board_weights=(3, 2, 2, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1),
    actions=(10, 10),
)


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


WORKLOADS = [
    Workload(
        "persist-wipe-2p-12",
        lambda rng, n: draw_wipes(rng, n, PERSIST_WIPE_2P_12),
        run_wipe,
        lambda inputs, i: comparable(reference.run(trial_scenario(inputs, i))),
        _wipe_outcome,
    ),
    Workload(
        "mana-tap-2p-10",
        lambda rng, n: draw_manas(rng, n, MANA_TAP_2P_10),
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
    for w in WORKLOADS:
        rng = np.random.default_rng(seed)
        chunks = [w.draw(rng, CHUNK) for _ in range(max(1, trials // CHUNK))]
        first_state = w.run(chunks[0])  # warm up; kept for the agreement check
        start = time.perf_counter()
        for chunk in chunks:
            w.run(chunk)  # the runner keeps only statistics: each state is dropped at once
        batch_s = time.perf_counter() - start
        first = chunks[0]
        n_ref = min(reference_trials, CHUNK)
        start = time.perf_counter()
        expected = [w.replay(first, i) for i in range(n_ref)]
        ref_s = time.perf_counter() - start
        disagree = sum(w.outcome(first_state, i, first) != expected[i] for i in range(n_ref))
        results.append(
            {
                "name": w.name,
                "trials": len(chunks) * CHUNK,
                "batch_trials_per_s": len(chunks) * CHUNK / batch_s,
                "reference_trials_per_s": n_ref / ref_s,
                "disagreements": disagree,
                "reference_trials": n_ref,
            }
        )
    return results
