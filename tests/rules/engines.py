"""A scenario run on both engines: the reference engine's outcome, after checking that the
batch engine gives the same one (result, returns, board, zones, life, rejections, mana)."""

from __future__ import annotations

from typing import Any

from engine import reference
from engine.batch.mana_convert import mana_comparable
from engine.batch.scenario import run_scenario
from tests.helpers import scenario


def run_both(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """``tests.helpers.run`` on the reference engine, checked against the batch engine."""
    scn = scenario(*args, **kwargs)
    out, batch = reference.run(scn), run_scenario(scn)
    assert mana_comparable(batch) == mana_comparable(out)
    assert batch["rejected"] == out["rejected"]
    return out


def attack(attackers: list[str], blockers: dict[str, str] | None = None) -> dict[str, Any]:
    """An ``attack`` action (blockers: blocker id = attacker id)."""
    return {"do": "attack", "attackers": attackers, "blockers": blockers or {}}
