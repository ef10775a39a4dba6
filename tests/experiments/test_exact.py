"""``--exact``: enumeration through the batch engine against closed forms, and Monte Carlo
intervals against the exact values at their stated 95% rate over many seeds (a binomial test
on the number of misses, never one lucky run)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pandas as pd

from sim import run_experiment
from sim.run.batches import batch_rng
from sim.run.experiment import as_experiment
from sim.shapes.registry import shape_of
from sim.shapes.wipe.exact import support_size
from tests.helpers import cauldron

P_MINUS, P_TOKEN = 0.3, 0.2
EPS = 1e-12
Q = (1 - P_MINUS) * (1 - P_TOKEN)  # a Finks returns from Wrath of God: no -1/-1, not a token

TWO_FINKS: dict[str, Any] = {
    "name": "two_finks",
    "shape": "wipe",
    "trials": 1_000,
    "seed": 1,
    "batch_size": 1_000,
    "players": {"count": 2},
    "slots": [
        {"count": 2, "cards": {"Kitchen Finks": 1}, "minus_counters": P_MINUS, "token": P_TOKEN}
    ],
    "events": [{"cards": {"Wrath of God": 1}}],
}

# Two or three players, two card kinds, foreign owners, two wipes: most draw sites vary.
MIXED: dict[str, Any] = {
    "name": "mixed",
    "shape": "wipe",
    "trials": 2_000,
    "seed": 5,
    "batch_size": 2_000,
    "players": {"count": {"2": 1, "3": 1}},
    "slots": [
        {
            "count": 2,
            "cards": {"Kitchen Finks": 2, "Young Wolf": 1},
            "minus_counters": 0.3,
            "foreign_owner": 0.25,
        }
    ],
    "events": [{"cards": {"Wrath of God": 1, "Pyroclasm": 1}}],
}


def _value(frame: pd.DataFrame, metric: str, level: str) -> float:
    rows = frame[(frame["metric"] == metric) & (frame["level"] == level)]
    assert len(rows) == 1, (metric, level)
    row = rows.iloc[0]
    assert row["method"] == "exact" and row["ci_low"] == row["estimate"] == row["ci_high"]
    return float(row["estimate"])


def test_exact_matches_the_closed_forms() -> None:
    s = run_experiment(TWO_FINKS, exact=True).summary
    assert math.isclose(_value(s, "return_rate", "all"), Q, rel_tol=1e-12)
    for k in range(3):
        pk = math.comb(2, k) * Q**k * (1 - Q) ** (2 - k)
        assert math.isclose(_value(s, "returns_count", str(k)), pk, rel_tol=1e-12)
    assert math.isclose(_value(s, "returns_per_trial", "all"), 2 * Q, rel_tol=1e-12)
    # APNAP (603.3b): the active player's return comes first only if the other has none.
    p_first = ((1 - Q / 2) ** 2 - (1 - Q) ** 2) / (1 - (1 - Q) ** 2)
    assert math.isclose(_value(s, "first_return_share", "active"), p_first, rel_tol=1e-12)
    assert _value(s, "draw_rate", "all") == 0.0
    assert (s["method"] == "exact").all()


def _misses_allowed(k: int, p: float = 0.05, alpha: float = 1e-4) -> int:
    """The smallest m with P(Binomial(k, p) > m) < alpha: more misses than this mean the
    intervals cover less than their stated 95% (a false alarm with chance below alpha)."""
    tail, m = 1.0, -1
    while tail >= alpha:
        m += 1
        tail -= math.comb(k, m) * p**m * (1 - p) ** (k - m)
    return m


def test_monte_carlo_intervals_cover_the_exact_values_at_their_rate() -> None:
    exact = run_experiment(MIXED, exact=True).summary
    truth = {(r.metric, r.level): r.estimate for r in exact.itertuples()}
    exp = as_experiment(MIXED)
    shape, config = shape_of("wipe"), exp.points[0].config
    seeds = 200
    misses: dict[tuple[str, str], int] = {}
    for seed in range(seeds):
        totals = shape.run_batch(config, batch_rng(seed, 1, 0), exp.trials)
        for row in shape.rows(config, totals, exp.families):
            v = row.value
            if math.isnan(v.ci_low) or v.ci_low == v.ci_high:
                continue  # nothing varies (e.g. no draws at all): no interval to test
            key = (row.metric, row.level)
            # (a Wilson bound at a share of 0 or 1 lands a rounding error off it)
            covered = v.ci_low - EPS <= truth[key] <= v.ci_high + EPS
            misses[key] = misses.get(key, 0) + int(not covered)
    assert len(misses) >= 20
    allowed = _misses_allowed(seeds)
    assert max(misses.values()) <= allowed, sorted(misses.items(), key=lambda kv: -kv[1])[:5]
    # and over every row at once the miss rate is near 5% (rows share boards: loose bounds)
    rate = sum(misses.values()) / (seeds * len(misses))
    assert 0.02 <= rate <= 0.08, rate


def test_exact_support_counts_every_draw_site() -> None:
    config = as_experiment(TWO_FINKS).points[0].config
    # per slot: controller 2 x minus 2 x token 2; the active seat 2; trigger orders 3!
    assert support_size(config) == 8**2 * 2 * 6
    result = run_experiment(TWO_FINKS, exact=True)
    # run after reduction (#15): identical slots as a multiset, the active seat fixed, orders
    # among interchangeable triggers collapsed (tests/experiments/test_exact_reduced.py)
    assert result.manifest["support_per_point"] == [48]
    assert (result.summary["trials"] == 48).all()


def test_exact_writes_csvs_marked_exact(tmp_path: Path) -> None:
    path = tmp_path / "finks.toml"
    path.write_text(
        'name = "finks"\nshape = "wipe"\ntrials = 10\nseed = 1\n[players]\ncount = 2\n'
        '[[slots]]\ncount = 1\ncards = { "Kitchen Finks" = 1 }\nminus_counters = 0.5\n'
        '[[events]]\ncards = { "Wrath of God" = 1 }\n'
    )
    done = cauldron("run", str(path), "--exact", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert "exact, 4 support points" in done.stdout  # controller 2 x counter 2, reduced
    summary = pd.read_csv(tmp_path / "out" / "summary.csv")
    row = summary[summary["metric"] == "return_rate"].iloc[0]
    assert row["method"] == "exact" and row["estimate"] == 0.5 == row["ci_low"] == row["ci_high"]


def test_too_large_a_support_is_one_line_with_its_size(tmp_path: Path) -> None:
    done = cauldron("run", "experiments/persist_wipes.toml", "--exact", "--out", str(tmp_path))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "support has" in lines[0] and "over the cap of 100,000" in lines[0]
    done = cauldron(
        "run", "experiments/mana_tap_orders.toml", "--exact", "--out", str(tmp_path / "m")
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "support has more than 100,000 points after reduction" in done.stderr  # mana too
    small = tmp_path / "f.toml"
    small.write_text(
        'name = "f"\nshape = "wipe"\ntrials = 10\nseed = 1\n[players]\ncount = 2\n'
        '[[slots]]\ncount = 2\ncards = { "Kitchen Finks" = 1 }\n'
        '[[events]]\ncards = { "Wrath of God" = 1 }\n'
    )
    done = cauldron("run", str(small), "--exact", "--max-support", "2", "--out", str(tmp_path))
    assert done.returncode == 2, done.stderr
    assert "more than 2 points after reduction (48 before" in done.stderr, done.stderr
