"""Issue 12, class 3: an experiment with huge pools writes its report, and says when X hit its
cap.

Totals are counted 0..255 and "256+" (open-ended); the report draws that last level at 256
and says so. The largest X is capped at ``MAX_X_VALUE`` (the permanent enters with X counters,
kept in 16 bits); ``x_capped`` gives the share of castable trials held at the cap.
"""

from __future__ import annotations

import csv
from pathlib import Path

from sim.config.experiment import MIN_BATCH
from sim.shapes.mana.stats import MAX_X_VALUE
from tests.helpers import cauldron

HUGE = f"""
name = "huge_pools"
shape = "mana"
trials = {2 * MIN_BATCH}
seed = 12
batch_size = {MIN_BATCH}
metrics = ["mana", "mana_totals", "x_spell"]

[players]
count = 2
active = "random"

[[slots]]
count = 3
cards = {{ "Forest" = 1 }}
controller = "active"

[[slots]]
count = 12
cards = {{ "Nyxbloom Ancient" = 1 }}
controller = "active"
empty = 0.3

[taps]
order = "random"

[x_spell]
card = "Hangarback Walker"
x = "max"
"""


def test_report_draws_open_ended_levels_and_counts_capped_x(tmp_path: Path) -> None:
    """A '256+' total and X above MAX_X_VALUE: the run writes report.html (no ValueError),
    the page says what the last bar counts, and x_spell.csv says how many trials were capped."""
    path = tmp_path / "huge.toml"
    path.write_text(HUGE)
    out = tmp_path / "out"
    done = cauldron("run", str(path), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr[-2000:]
    page = (out / "report.html").read_text()
    assert "The last bar, 256+, counts 256 or more." in page
    assert f"the cap MAX_X_VALUE = {MAX_X_VALUE:,}" in page
    with (out / "mana_totals.csv").open() as f:
        assert any(row["level"] == "256+" for row in csv.DictReader(f))
    with (out / "x_spell.csv").open() as f:
        rows = {row["metric"]: row for row in csv.DictReader(f)}
    capped = float(rows["x_capped"]["estimate"])
    assert 0 < capped < 1  # some pools pay more than MAX_X_VALUE, some do not
    assert float(rows["max_x"]["estimate"]) <= MAX_X_VALUE
