"""Targets named in ``[choices] targets`` for triggered abilities, on the batch engine as on
the reference: an enters "any target" trigger aimed at a creature (CR 603.3d: chosen as it
is put on the stack; 608.2b: a target gone by resolution is not hit) and the creature a player
sacrifices for Contamination's upkeep trigger."""

from __future__ import annotations

from typing import Any

import pytest

from engine import reference
from engine.batch.mana_convert import mana_comparable
from engine.batch.scenario import run_scenario
from tests.helpers import board, cast, scenario


def _both(**kwargs: Any) -> dict[str, Any]:
    scn = scenario(**kwargs)
    batch, ref = run_scenario(scn), reference.run(scn)
    assert mana_comparable(batch) == mana_comparable(ref)
    return ref


@pytest.mark.parametrize(
    "named", [["bear"], ["bear", "B"], ["B", "bear"], ["gone", "B"], ["gone"], "B"]
)
def test_603_3d_redcap_aims_its_enters_trigger_at_what_is_named(named: Any) -> None:
    """A creature named first is hit if it is there; else the next name, else the next
    player in turn order."""
    out = _both(
        board=board("bear: Grizzly Bears @B", "gone: Young Wolf @B"),
        actions=[{"do": "exile", "target": "gone"}, cast("Murderous Redcap", id="redcap")],
        choices={"targets": {"redcap": named}},
    )
    assert out["result"] == "ok"


def test_603_3d_a_redcap_targeting_a_persist_creature_lets_it_return() -> None:
    out = _both(
        board=board("finks: Kitchen Finks @B"),
        actions=[cast("Murderous Redcap", id="redcap")],
        choices={"targets": {"redcap": "finks"}},
    )
    assert any(r["id"] == "finks" for r in out["returned"])


@pytest.mark.parametrize("named", [["bear"], ["elves", "bear"], []])
def test_contamination_sacrifices_the_named_creature_or_itself(named: list[str]) -> None:
    """Contamination's upkeep: sacrifice the named creature its controller controls (the
    first in board order), else Contamination."""
    out = _both(
        board=board("c: Contamination @B", "bear: Grizzly Bears @B", "elves: Llanowar Elves @B"),
        actions=[{"do": "pass_turn"}],
        choices={"targets": {"c": named}} if named else None,
    )
    assert out["result"] == "ok"
