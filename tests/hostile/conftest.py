"""Small inputs for the hostile-input tests, and a way to run the CLI as a user would."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sim.config.experiment import MIN_BATCH

# Two batches of a fast wipe experiment: a run folder in well under a second.
TINY = f"""
name = "tiny"
shape = "wipe"
trials = {2 * MIN_BATCH}
seed = 5
batch_size = {MIN_BATCH}

[[slots]]
count = 4
cards = {{ "Kitchen Finks" = 1, "Grizzly Bears" = 1 }}

[[events]]
cards = {{ "Wrath of God" = 1 }}
"""

SCENARIO = Path(__file__).parents[1] / "scenarios" / "s01_wrath_finks.toml"


def one_line_error(done: subprocess.CompletedProcess[str], code: int = 2) -> str:
    """The single stderr line of a failed command (asserting the exit code, no traceback,
    nothing on stdout)."""
    assert done.returncode == code, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr[-2000:]
    assert lines[0].startswith("cauldron: error: ")
    return lines[0]


@pytest.fixture
def tiny_file(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    return path
