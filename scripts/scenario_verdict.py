"""One scenario on both engines, judged as the differential campaigns count it
(``fuzz_user_cards``, ``fuzz_target_names``): agree, refused (the batch engine's reason),
stopped at a declared cap where the reference plays on, or DIFFERENT."""

from __future__ import annotations

from collections import Counter
from typing import Any


def capped(batch: dict[str, Any], ref: dict[str, Any]) -> bool:
    """The batch engine stopped at a declared cap where the reference plays on (or stops
    later, at a loss): the contract, not a rule broken (as ``fuzz_differential`` counts it)."""
    from engine.batch.outcome import stopped_at_cap

    return stopped_at_cap(batch) and batch != ref


def verdict(data: dict[str, Any], where: str) -> str:
    """The verdict on scenario ``data`` (a scenario file's table); a difference is printed.
    The engines are imported here: a campaign loads its card files first."""
    from engine import reference
    from engine.batch.mana_convert import mana_comparable
    from engine.batch.scenario import run_scenario
    from engine.batch.shapes import OutsideShapes
    from sim.config.scenario import parse_scenario

    scn = parse_scenario(data, f"<{where}>")
    ref = reference.run(scn)
    try:
        batch = run_scenario(scn)
    except OutsideShapes as why:
        return f"refused: {str(why).split(': ', 1)[-1][:90]}"
    if mana_comparable(batch) == mana_comparable(ref) and batch["rejected"] == ref["rejected"]:
        return "agree"
    if capped(batch, ref):
        print(f"CAP {ref['result']} {ref.get('reason')}: {data}")
        return f"cap: {batch['reason']}"
    print(f"DIFFERENT ({where}): {data}")
    return "DIFFERENT"


def report(totals: Counter[str]) -> int:
    """Print the counts, most common first; the exit status (1 if any differs)."""
    for name, n in totals.most_common():
        print(f"{n:>8,}  {name}")
    return 1 if totals["DIFFERENT"] else 0
