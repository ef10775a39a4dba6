"""Imported cards in use (issue #14): the fixture is imported with ``cauldron cards import``;
each card of LIB.toml plays on both engines, which agree (``tests.cards.play_imported``: a
scenario of its own per card, cast and wiped, tapped for mana, or cast against persist and
undying creatures, in a process that loads LIB.toml), and an experiment over the imported
cards runs with ``--cards LIB.toml``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.library import load_card_file
from tests.cards.expectations import EXPECTED
from tests.helpers import cauldron

FIXTURE = Path(__file__).parent / "fixtures" / "scryfall_sample.json"
ROOT = Path(__file__).parents[2]


def test_every_imported_card_plays_on_both_engines_and_they_agree(tmp_path: Path) -> None:
    lib, report = tmp_path / "LIB.toml", tmp_path / "COVERAGE.csv"
    done = cauldron("cards", "import", str(FIXTURE), "--out", str(lib), "--report", str(report))
    assert done.returncode == 0, done.stderr
    played = subprocess.run(
        [sys.executable, "-m", "tests.cards.play_imported", str(lib)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert played.returncode == 0, played.stderr
    found: dict[str, str | None] = json.loads(played.stdout)
    assert set(found) == {c.name for c in load_card_file(lib)}
    recognized = [n for n, (_, status, _) in EXPECTED.items() if status == "recognized"]
    assert len(found) >= len(recognized) - 2  # a two-faced card is written face by face
    assert {name: why for name, why in found.items() if why} == {}


_EXPERIMENT = """# Imported cards only: persist creatures of the fixture against its wipes.
name = "imported_cards"
shape = "wipe"
trials = 2_048
seed = 14
batch_size = 1_024

[players]
count = 2
active = "random"

[[slots]]
count = 3
cards = { "Scuzzback Marauders" = 1, "Safehold Elite" = 1, "Young Wolf" = 1 }
minus_counters = 0.2

[[events]]
cards = { "Anger of the Gods" = 1, "Damnation" = 1 }
caster = "active"
"""


def test_a_user_imports_cards_and_runs_an_experiment_that_names_them(tmp_path: Path) -> None:
    """The README's path: ``cards import`` a Scryfall file, then ``run --cards LIB.toml``; the
    summary and the report name the imported cards, and a replayed trial agrees on both
    engines."""
    lib = tmp_path / "LIB.toml"
    report = tmp_path / "COVERAGE.csv"
    done = cauldron("cards", "import", str(FIXTURE), "--out", str(lib), "--report", str(report))
    assert done.returncode == 0, done.stderr
    exp, out = tmp_path / "exp.toml", tmp_path / "out"
    exp.write_text(_EXPERIMENT, "utf-8")
    done = cauldron("run", str(exp), "--cards", str(lib), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    summary = (out / "summary.csv").read_text("utf-8")
    html = (out / "report.html").read_text("utf-8")
    for name in ("Scuzzback Marauders", "Safehold Elite", "Young Wolf"):
        assert f"return_rate_by_card,{name}," in summary
        assert name in html
    replay = cauldron("explain", "--run", str(out), "--trial", "7")
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.endswith("Batch engine: the same outcome\n")
