"""Small experiments for the experiment-layer tests, and a way to run the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import cauldron

# Persist creatures only, one Wrath of God: the fast path of the batch engine, a few batches.
SMALL = """
name = "small"
shape = "wipe"
trials = 40_000
seed = 11
batch_size = 8_192

[players]
count = { "2" = 2, "3" = 1 }

[[slots]]
count = 8
cards = { "Kitchen Finks" = 2, "Safehold Elite" = 1, "Young Wolf" = 1, "Grizzly Bears" = 1 }
plus_counters = 0.2
minus_counters = 0.2
token = 0.1

[[events]]
cards = { "Wrath of God" = 2, "Black Sun's Zenith" = 1, "Pyroclasm" = 1 }
x = [1, 2]

[sweep]
"slots[0].token" = [0.1, 0.4]
"""


@pytest.fixture
def small_file(tmp_path: Path) -> Path:
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    return path


@pytest.fixture(scope="session")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of ``cauldron run SMALL --jobs 1``, made once per session (per worker)."""
    base = tmp_path_factory.mktemp("small_run")
    path = base / "small.toml"
    path.write_text(SMALL)
    out = base / "run"
    done = cauldron("run", str(path), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out
