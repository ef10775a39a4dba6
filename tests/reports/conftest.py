"""Small runs of each experiment shape, made once per session by ``cauldron run`` itself (so
the report is the one the main job writes), all four at once on the machine's cores."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXPERIMENTS = ROOT / "experiments"

# Text from an experiment file that must reach the page escaped (SPEC section 8).
HOSTILE = '<script>alert(1)</script> & "quoted" <b>bold</b>'

HOSTILE_FILE = f"""
name = "hostile"
description = '{HOSTILE}'
shape = "wipe"
trials = 2_000
seed = 5
batch_size = 1_024

[players]
count = 2

[[slots]]
count = 6
cards = {{ "Kitchen Finks" = 1, "Young Wolf" = 1, "Grizzly Bears" = 1 }}

[[events]]
cards = {{ "Wrath of God" = 1 }}
"""

# (experiment file, trials): a plain wipe run, a swept wipe run, a mana run
SHIPPED = {
    "wipe": ("persist_wipes.toml", 3_000),
    "sweep": ("apnap_split.toml", 2_000),
    "mana": ("mana_tap_orders.toml", 2_000),
}


def _start(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "sim.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


@pytest.fixture(scope="session")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Run folders by kind: ``wipe``, ``sweep``, ``mana`` and ``hostile``."""
    base = tmp_path_factory.mktemp("runs")
    hostile = base / "hostile.toml"
    hostile.write_text(HOSTILE_FILE, encoding="utf-8")
    jobs = {kind: (str(EXPERIMENTS / name), trials) for kind, (name, trials) in SHIPPED.items()}
    jobs["hostile"] = (str(hostile), 2_000)
    started = {
        kind: _start(["run", f, "--trials", str(n), "--jobs", "1", "--out", str(base / kind)])
        for kind, (f, n) in jobs.items()
    }
    for kind, proc in started.items():
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, f"cauldron run ({kind}) failed: {err}"
        assert "report.html" in out
    return {kind: base / kind for kind in jobs}
