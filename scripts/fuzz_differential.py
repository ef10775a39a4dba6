"""A longer differential campaign than the tests run: random mixes on many new seeds, every
trial replayed on the reference engine, each disagreement printed with what reproduces it.

    python scripts/fuzz_differential.py [MIX ...] [--first SEED] [--seeds N] [--trials T]

MIX is a mix of the differential tests (``tests/batch/mixes.py``, ``kernel_mixes.py``: its
constant's name, as ``PERSIST_HEAVY``) or a ``cauldron bench`` workload (``counters-4p``);
with none, every one. Each (mix, seed) draws T trials through the experiment draws and runs
them on the batch engine as ``cauldron run`` does (``run_wipe``, ``run_mana``, the deck
games), and compares each with its reference replay as ``cauldron bench`` does
(``sim.bench_workloads``). A trial the batch engine stops at a declared cap (unsupported,
its reason named) where the reference plays on is counted apart: a cap is the contract, not
a rule broken.
Exit status 1 if any trial disagrees otherwise.

The tests pin a few seeds each; this samples the same mixes widely. It found the token slots
that were never used again, and one rule disagreement in about 500,000 trials: waiting
triggers sorted on a key the detection order spilled into past a trial's 64th zone change
(``test_603_3b_two_massacre_girls_ranked_triggers_after_many_zone_changes_agree``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from engine.batch.outcome import stopped_at_cap, unsupported_reason  # noqa: E402
from sim.bench_workloads import TABLES, Workload, config_workload, workload  # noqa: E402
from sim.shapes.mana.config import ManaConfig  # noqa: E402
from sim.shapes.wipe.config import WipeConfig  # noqa: E402
from tests.batch import kernel_mixes, mixes  # noqa: E402


def campaigns() -> dict[str, Workload]:
    """Every mix by name, as the bench runs and replays its workloads: the tests' mixes (their
    constants), then the bench workloads."""
    out: dict[str, Workload] = {}
    for module in (mixes, kernel_mixes):
        for name, value in vars(module).items():
            if isinstance(value, WipeConfig | ManaConfig) and name.isupper():
                out.setdefault(name, config_workload(name, value))
    return {**out, **{name: workload(name) for name in TABLES}}


def verdicts(work: Workload, seed: int, trials: int) -> list[str]:
    """Each trial's verdict: "agree", "cap: REASON" (the batch engine stopped at a declared cap
    where the reference plays on, or stops later, at a loss), or "DISAGREE"."""
    inputs = work.draw(np.random.default_rng(seed), trials)
    state = work.run(inputs)
    out = []
    for i in range(trials):
        batch, ref = work.outcome(state, i, inputs), work.replay(inputs, i)
        if batch == ref:
            out.append("agree")
        elif isinstance(batch, dict) and stopped_at_cap(batch):
            out.append(f"cap: {unsupported_reason(state, i)}")
        else:
            out.append("DISAGREE")
    return out


def main(argv: list[str] | None = None) -> int:
    known = campaigns()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
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
            for i, verdict in enumerate(verdicts(known[name], seed, args.trials)):
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
