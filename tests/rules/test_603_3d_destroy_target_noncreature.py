"""The enters trigger "destroy target noncreature permanent you don't control" (Woodfall
Primus; template etb_destroy_noncreature_you_dont_control), on both engines.

The scenarios play a card file's Thornroot Primus (Woodfall Primus without hexproof, written
when the library had no hexproof; the library's Woodfall Primus has it now), each in a fresh
interpreter (one card library per process, ``cauldron``).
CR 603.3d: the target is chosen as the trigger is put on the stack (the first permanent named
for it that is legal, else the first legal one in board order); with no legal target the
trigger is removed from the stack. CR 608.2b: an illegal target at resolution is not hit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.batch.mana_convert import mana_comparable
from tests.expectations import mismatches
from tests.helpers import cauldron

PRIMUS = Path(__file__).parents[1] / "cards" / "fixtures" / "primus"


def _explain(path: Path, engine: str) -> dict[str, Any]:
    done = cauldron("explain", str(path), "--json", "--engine", engine)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


@pytest.mark.parametrize(
    "name",
    [
        "cast_first_fitting",  # 603.3d: nothing named, the first legal one in board order
        "persist_named_target",  # 603.3d, 702.79a: returned by persist, the one named
        "no_legal_target",  # 603.3d: only a creature named: removed from the stack
    ],
)
def test_603_3d_primus_destroys_its_target_on_both_engines(name: str) -> None:
    """CR 603.3d, 701.8a: the expected outcome on the reference engine; the batch engine's is
    the same."""
    path = PRIMUS / f"{name}.toml"
    reference, batch = _explain(path, "reference"), _explain(path, "batch")
    assert mismatches(json.loads(path.with_suffix(".expect.json").read_text()), reference) == []
    assert mana_comparable(batch) == mana_comparable(reference)
    if name == "no_legal_target":
        assert reference["stack_order"] == []
