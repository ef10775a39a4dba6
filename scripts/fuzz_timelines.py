"""A differential campaign over mixed timelines: random scenarios whose actions interleave
every action kind of the scenario format, mana activations most (``tests/batch/timelines.py``
draws them), each run on both engines.

    python scripts/fuzz_timelines.py [--seed S] [--scenarios M]

A scenario the batch engine refuses is counted by its reason; one it answers differently is
printed. Exit status 1 if any differs. The tests play one seed
(``test_timeline_differential``); this plays many.

The other campaigns draw experiment mixes (``fuzz_differential``), ``[choices]`` lists
(``fuzz_choices``) and cards of no library (``fuzz_user_cards``); this one draws the one-trial
timelines ``cauldron explain --engine batch`` takes, where every action kind meets every other.
It found the loop watch blind to keywords a scenario grants (a draw called a resolution
early), and batches judged loop-free by their cards (Murderous Redcap naming itself under
Mikaeus, stopped unwatched at the kernel's patience as "ok").
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scenario_verdict import report, verdict  # noqa: E402

from tests.batch.timelines import timeline  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenarios", type=int, default=500)
    args = parser.parse_args(argv)
    r = random.Random(args.seed)
    totals: Counter[str] = Counter()
    for n in range(args.scenarios):
        totals[verdict(timeline(r), f"seed {args.seed}, scenario {n}")] += 1
    return report(totals)


if __name__ == "__main__":
    sys.exit(main())
