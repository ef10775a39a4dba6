"""A wipe experiment casts the real wipes of issue #14 by name, and their one-sided or
non-lethal rules show in its figures."""

from __future__ import annotations

from pathlib import Path

import sim

PLAGUE_WIND = """
name = "plague_wind"
shape = "wipe"
trials = 4_000
seed = 5
batch_size = 2_000

[players]
count = 2
active = "random"

[[slots]]
count = 4
cards = { "Kitchen Finks" = 1, "Young Wolf" = 1 }
controller = "random"

[[events]]
cards = { "Plague Wind" = 1 }
caster = "active"
"""


def _rate(path: Path, wipe: str, seat: str) -> float:
    text = PLAGUE_WIND.replace('"Plague Wind"', f'"{wipe}"')
    path.write_text(text)
    summary = sim.run_experiment(path, jobs=1).summary
    rows = summary[(summary["metric"] == "return_rate_by_seat") & (summary["level"] == seat)]
    return float(rows["estimate"].iloc[0])


def test_plague_wind_in_an_experiment_returns_only_the_opponents_creatures(
    tmp_path: Path,
) -> None:
    """CR 701.8a: the caster's (active player's) creatures are never destroyed, so never
    return; every opponent's creature dies and returns (each has persist or undying)."""
    assert _rate(tmp_path / "e.toml", "Plague Wind", "active") == 0.0
    assert _rate(tmp_path / "e.toml", "Plague Wind", "next") == 1.0


def test_final_judgment_in_an_experiment_returns_nothing(tmp_path: Path) -> None:
    """CR 406.2, 700.4: exiled creatures do not die: no return for either seat."""
    assert _rate(tmp_path / "e.toml", "Final Judgment", "next") == 0.0
