"""Trial-paired comparisons of the mana shape (``sim.shapes.mana.stats``): every metric row's
per-trial cells add up to the batch's own statistics, pairing trial by trial narrows the
interval of a comparison whose points share their draws, and the paired interval covers the
exact delta (``--exact``) at the nominal rate."""

from __future__ import annotations

import math
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import sim
from sim.config.experiment import parse_experiment
from sim.run.paired import PairSums, paired_delta, unit_cells
from sim.run.trial_pairs import chunk_sums, pair_keys
from sim.shapes.base import TrialCells
from sim.shapes.registry import shape_of
from tests.compare.cells import summed_cells

FILE = Path(__file__).parent / "mana_small.toml"
TAP_ORDERS = Path(__file__).parents[2] / "experiments" / "mana_tap_orders.toml"


def _data(path: Path = FILE, **changes: Any) -> dict[str, Any]:
    data = tomllib.loads(path.read_text("utf-8"))
    data.update(changes)
    return data


# Every kind of row: the shipped file (could-produce sets, replacements, x = "max"), a drawn
# X with actions between the taps and a second seat, and a file without an X spell or costs.
CASES = {
    "tap_orders": _data(TAP_ORDERS),
    "drawn_x": _data(
        TAP_ORDERS,
        players={"count": {"1": 1, "3": 1}},
        x_spell={"card": "Hangarback Walker", "x": [0, 2, 4]},
        taps={"whose": "all", "retap": 0.2, "pass_turn": 0.1, "color": {"none": 1, "G": 1}},
    ),
    "no_x_spell": {k: v for k, v in _data().items() if k not in ("x_spell", "costs")},
}


@pytest.mark.parametrize("case", CASES)
def test_cells_add_up_to_the_batch_rows(case: str) -> None:
    """Σn and Σy of every row's per-trial cells are the (n, y) of the batch's own rows, and
    the chunks' statistics are ``run_batch``'s."""
    exp = parse_experiment(CASES[case])
    shape = shape_of("mana")
    assert hasattr(shape, "run_chunks")
    for point in exp.points:
        sums, total = summed_cells(shape, point.config, 3, 5_000)
        batch = shape.run_batch(point.config, np.random.default_rng(3), 5_000)
        np.testing.assert_array_equal(total, batch)
        assert list(sums) == list(shape.cell_keys(point.config))  # type: ignore[attr-defined]
        rows = shape.rows(point.config, total, exp.families)
        assert rows
        for key, cell in unit_cells(rows).items():
            assert tuple(sums[key]) == cell, key


def test_pairing_by_trial_narrows_a_comparison_on_the_same_draws() -> None:
    """With and without Mana Flare the Forests are the same draws: the paired interval of the
    total mana is far narrower than the unpaired one, and than pairing whole batches."""
    frames = {
        unit: sim.run_experiment(_data(compare={"baseline": 0, "pairing": unit}), jobs=1)
        .tables["comparison"]
        .set_index(["metric", "level"])
        for unit in ("trials", "batches")
    }
    trials, batches = frames["trials"], frames["batches"]
    assert set(trials["method"]) == {"paired-trials"}
    row = trials.loc[("mana_by_type", "total")]
    assert row["paired_ci_width"] * 2 < row["unpaired_ci_width"]
    assert row["paired_ci_width"] < batches.loc[("mana_by_type", "total"), "paired_ci_width"]
    assert row["correlation"] > 0.8
    assert (trials["estimate"] == batches["estimate"]).all()


REPLICATES = 256
TRIALS = 128  # trials per point of one replicate (a slice of a chunk): its paired units
ROWS = (("mana", "mana_by_type", "total"), ("costs", "cost_payable", "{G}{G}{G}"))


def _trials(cells: TrialCells, rows: slice) -> TrialCells:
    """The cells of some of a chunk's trials."""
    levels = tuple(replace(lv, n=lv.n[rows], value=lv.value[rows]) for lv in cells.levels)
    return TrialCells(cells.keys, cells.n[rows], cells.y[rows], levels)


def test_paired_interval_covers_the_exact_delta_at_the_nominal_rate() -> None:
    """Many replicates of independent trials, each paired trial by trial as the runner pairs
    them (``chunk_sums``, ``paired_delta``): their 95% intervals cover the exact delta
    (``--exact``) in about 95% of replicates, within three binomial standard deviations."""
    exp = parse_experiment({k: v for k, v in _data().items() if k != "x_spell"})  # one run
    exact = sim.run_experiment(exp, exact=True).tables["comparison"]
    truth = exact.set_index(["family", "metric", "level"])["estimate"]
    assert all(truth[row] != 0 for row in ROWS)  # a real difference to cover
    shape = shape_of("mana")
    base, point = (p.config for p in exp.points)
    keys = pair_keys("mana", point, base)
    covered = dict.fromkeys(ROWS, 0)
    rng = np.random.default_rng(15)
    runs = [shape.run_chunks(c, rng, REPLICATES * TRIALS) for c in (point, base)]  # type: ignore[attr-defined]
    replicates = 0
    for (_, a), (_, b) in zip(*runs, strict=True):  # the same trials: the same chunks
        for start in range(0, len(a.n), TRIALS):
            rows = slice(start, start + TRIALS)
            sums = PairSums()
            sums.add_sums(keys, chunk_sums(_trials(a, rows), _trials(b, rows), keys), TRIALS)
            replicates += 1
            for row in ROWS:
                d = paired_delta(sums.sums[row], sums.units, share=row[0] == "costs")
                covered[row] += bool(d.ci_low <= truth[row] <= d.ci_high)
    assert replicates == REPLICATES
    bound = 3 * math.sqrt(0.95 * 0.05 / REPLICATES)
    for row, hits in covered.items():
        assert abs(hits / REPLICATES - 0.95) <= bound, (row, hits / REPLICATES)
