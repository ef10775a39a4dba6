"""Issue 15's acceptance for ``--exact`` at scale: six identical persist slots with random
controllers, -1/-1 counters and tokens, two or three players, Wrath of God
(``six_persist_wrath.toml``). Naively 47,790,489,600 support points; reduced, 143,360, which
run in a few seconds (timed in the report of issue 15, not here). Every Kitchen Finks dies,
and returns unless it had a -1/-1 counter or is a token (702.79a), each on its own: the
returns are binomial, the closed form the enumeration must give."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from sim import run_experiment
from sim.config.experiment import load_experiment
from sim.errors import UserError
from sim.shapes.wipe.exact import reduced_size, support_size

PATH = Path(__file__).parent / "six_persist_wrath.toml"
Q = (1 - 0.3) * (1 - 0.2)  # no -1/-1 counter, not a token


def _value(summary: pd.DataFrame, metric: str, level: str) -> float:
    rows = summary[(summary["metric"] == metric) & (summary["level"] == level)]
    assert len(rows) == 1, (metric, level)
    return float(rows.iloc[0]["estimate"])


def test_six_identical_slots_reduce_to_a_small_support() -> None:
    config = load_experiment(PATH).points[0].config
    # per slot: controller x minus x token = 4n; active n; 7! trigger orders; n = 2 and 3
    assert support_size(config) == math.factorial(7) * (8**6 * 2 + 12**6 * 3)
    assert reduced_size(config, 10**6) == 28_672 + 114_688
    with pytest.raises(UserError, match=r"support has 143,360 points after reduction"):
        run_experiment(PATH, exact=True)  # over the default cap of 100,000


def test_six_identical_slots_enumerate_to_the_closed_forms() -> None:
    result = run_experiment(PATH, exact=True, max_support=200_000)
    assert result.manifest["support_per_point"] == [143_360]
    s = result.summary
    assert (s["method"] == "exact").all()
    assert math.isclose(_value(s, "return_rate", "all"), Q, rel_tol=1e-12)
    assert math.isclose(_value(s, "returns_per_trial", "all"), 6 * Q, rel_tol=1e-12)
    for k in range(7):
        pk = math.comb(6, k) * Q**k * (1 - Q) ** (6 - k)
        assert math.isclose(_value(s, "returns_count", str(k)), pk, rel_tol=1e-12)
    assert _value(s, "draw_rate", "all") == 0.0
