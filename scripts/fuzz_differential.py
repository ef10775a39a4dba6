"""A longer differential campaign than the tests run: random mixes on many new seeds, every
trial replayed on the reference engine, each disagreement printed with what reproduces it.

    python scripts/fuzz_differential.py [MIX ...] [--first SEED] [--seeds N] [--trials T]

MIX is a mix of the differential tests (``tests/batch/mixes.py``, ``kernel_mixes.py``: its
constant's name, as ``PERSIST_HEAVY``) or a ``cauldron bench`` workload (``counters-4p``);
with none, every one. Each (mix, seed) draws T trials through the experiment draws and runs
them on the batch engine as ``cauldron run`` does (``run_wipe``, ``run_mana``, the deck
games). A trial the batch engine stops at a declared cap (unsupported, its reason named)
where the reference plays on is counted apart: a cap is the contract, not a rule broken.
Exit status 1 if any trial disagrees otherwise.

The tests pin a few seeds each; this samples the same mixes widely (it found the token slots
that were never used again, and no rule disagreement, in about 400,000 trials).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from engine import reference  # noqa: E402
from engine.batch.mana import run_mana  # noqa: E402
from engine.batch.mana_convert import (  # noqa: E402
    mana_batch_outcome,
    mana_comparable,
    mana_trial_scenario,
)
from engine.batch.naming import Naming  # noqa: E402
from engine.batch.outcome import batch_outcome, comparable  # noqa: E402
from engine.batch.trial_scenario import trial_scenario  # noqa: E402
from engine.batch.wipe import run_wipe  # noqa: E402
from sim.bench_workloads import TABLES, workload  # noqa: E402
from sim.config.experiment import parse_experiment  # noqa: E402
from sim.shapes.mana.config import ManaConfig  # noqa: E402
from sim.shapes.mana.draws import draw_mana_batch  # noqa: E402
from sim.shapes.wipe.config import WipeConfig  # noqa: E402
from sim.shapes.wipe.draws import draw_wipe_batch  # noqa: E402
from tests.batch import kernel_mixes, mixes  # noqa: E402

# a verdict per trial: "agree", "cap: REASON" (the batch engine stopped at a cap), "DISAGREE"
Verdicts = Callable[[int, int], list[str]]  # (seed, trials) -> one verdict per trial


def _test_mixes() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for module in (mixes, kernel_mixes):
        for name, value in vars(module).items():
            if isinstance(value, WipeConfig | ManaConfig) and name.isupper():
                found.setdefault(name, value)
    return found


def _verdict(batch: dict[str, Any], ref: dict[str, Any], same: Callable[..., Any]) -> str:
    if same(batch) == same(ref) and batch.get("rejected") == ref.get("rejected"):
        return "agree"
    if batch["result"] == "unsupported" and ref["result"] != "unsupported":
        return f"cap: {batch['reason']}"
    return "DISAGREE"


def _wipe(config: WipeConfig) -> Verdicts:
    def verdicts(seed: int, trials: int) -> list[str]:
        inputs = draw_wipe_batch(np.random.default_rng(seed), trials, config)
        state = run_wipe(inputs)
        _, _, s, e = inputs.shape
        out = []
        for i in range(trials):
            batch = batch_outcome(state, i, Naming.default(int(inputs.n_players[i]), s, e))
            out.append(_verdict(batch, reference.run(trial_scenario(inputs, i)), comparable))
        return out

    return verdicts


def _mana(config: ManaConfig) -> Verdicts:
    def verdicts(seed: int, trials: int) -> list[str]:
        inputs = draw_mana_batch(np.random.default_rng(seed), trials, config)
        state = run_mana(inputs)
        _, _, s, a = inputs.shape
        out = []
        for i in range(trials):
            scn = mana_trial_scenario(inputs, i)
            batch = mana_batch_outcome(state, i, Naming.default(len(scn.players), s, a))
            out.append(_verdict(batch, reference.run(scn), mana_comparable))
        return out

    return verdicts


def _deck(name: str) -> Verdicts:
    work = workload(name)

    def verdicts(seed: int, trials: int) -> list[str]:
        deals = work.draw(np.random.default_rng(seed), trials)
        results = work.run(deals)
        same = [work.outcome(results, i, deals) == work.replay(deals, i) for i in range(trials)]
        return ["agree" if ok else "DISAGREE" for ok in same]

    return verdicts


def campaigns() -> dict[str, Verdicts]:
    """Every mix by name: the tests' mixes, then the bench workloads."""
    out: dict[str, Verdicts] = {}
    for name, config in _test_mixes().items():
        out[name] = _wipe(config) if isinstance(config, WipeConfig) else _mana(config)
    for name, table in TABLES.items():
        if table["shape"] == "deck":
            out[name] = _deck(name)
            continue
        config = parse_experiment(table, f"<bench {name}>", name.replace("-", "_"))
        shape = config.points[0].config
        out[name] = _wipe(shape) if isinstance(shape, WipeConfig) else _mana(shape)
    return out


def main(argv: list[str] | None = None) -> int:
    known = campaigns()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mix", nargs="*", metavar="MIX", help="a mix's name (all by default)")
    parser.add_argument("--first", type=int, default=1_000, help="the first seed (1000)")
    parser.add_argument("--seeds", type=int, default=10, help="seeds per mix (10)")
    parser.add_argument("--trials", type=int, default=300, help="trials per seed (300)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.mix) - set(known))
    if unknown:
        parser.error(f"no mix named {unknown[0]!r}; the mixes: {', '.join(known)}")
    chosen = args.mix or list(known)
    totals: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(args.first, args.first + args.seeds):
        for name in chosen:
            for i, verdict in enumerate(known[name](seed, args.trials)):
                totals[verdict] += 1
                if verdict != "agree":
                    print(f"{verdict}  (mix {name}, seed {seed}, trial {i} of {args.trials})")
        seconds = time.perf_counter() - start
        print(f"seed {seed}: {sum(totals.values()):,} trials so far, {seconds:.0f} s")
    for verdict, n in sorted(totals.items()):
        print(f"{n:>10,}  {verdict}")
    return 1 if totals["DISAGREE"] else 0


if __name__ == "__main__":
    sys.exit(main())
