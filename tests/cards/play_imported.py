"""Play every card of an imported card file on both engines (run as a script, in a process of
its own: the batch engine builds its card tables once a process, from the file given).

    python -m tests.cards.play_imported LIB.toml

For each card of LIB.toml, a scenario that makes its abilities matter: a permanent is cast
(its enters abilities; an Aura starts on the battlefield enchanting a Forest, which is tapped
for mana), then a board wipe meets it, a land or mana source is tapped for mana,
an instant or sorcery is cast against a board of persist and undying creatures. Prints one JSON
object: card name -> null where the engines agree, else what differs (or why one refused).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import Any

from engine import reference
from engine.library import MANA, Card, load_card_file
from engine.scenario import Scenario
from sim.config.cards import use_cards
from sim.config.scenario import parse_scenario
from sim.errors import UserError

_FODDER = [
    {"id": "finks", "card": "Kitchen Finks", "controller": "B"},
    {"id": "wolf", "card": "Young Wolf", "controller": "B"},
    {"id": "bears", "card": "Grizzly Bears", "controller": "A"},
    {"id": "forest", "card": "Forest", "controller": "A"},
]


def _wipe(by: str) -> dict[str, Any]:
    return {"do": "cast", "card": "Wrath of God", "by": by}


def scenario_of(card: Card) -> dict[str, Any]:
    """A scenario in which ``card``'s abilities are used (see the module's docstring)."""
    data: dict[str, Any] = {"players": ["A", "B"], "active": "A", "battlefield": list(_FODDER)}
    cast = {"do": "cast", "card": card.name, "by": "A", "x": 2, "id": "it"}
    if not card.is_permanent_card:
        data["action"] = [cast]
    elif "Aura" in card.subtypes:  # its spell needs a target (303.4a): it starts attached
        aura = {"id": "it", "card": card.name, "controller": "A", "attached_to": "forest"}
        data["battlefield"] = [*_FODDER, aura]
        data["action"] = [{"do": "tap_for_mana", "permanent": "forest"}, _wipe("B")]
    elif card.abilities_of(MANA):
        data["battlefield"] = [*_FODDER, {"id": "it", "card": card.name, "controller": "A"}]
        tap = [{"do": "tap_for_mana", "permanent": p} for p in ("it", "forest")]
        data["action"] = [*tap, _wipe("B")]
    else:
        data["action"] = [cast, _wipe("B"), {"do": "cast", "card": "Pyroclasm", "by": "B"}]
    return data


def _parse(data: dict[str, Any]) -> Scenario:
    """Parse ``data``; a modal spell is cast with its first mode (the error names them)."""
    try:
        return parse_scenario(data)
    except UserError as err:
        modes = re.search(r"modes: ([^;)]+)", str(err))
        if modes is None:
            raise
        data["action"][0]["mode"] = modes[1].split(", ")[0]
        return parse_scenario(data)


def disagreement(
    card: Card,
    run_batch: Callable[[Scenario], dict[str, Any]],
    comparable: Callable[[dict[str, Any]], dict[str, Any]],
) -> str | None:
    """What the two engines' outcomes of ``card``'s scenario differ in, None if nothing."""
    scenario = _parse(scenario_of(card))
    mine = reference.run(scenario)
    try:
        batch = run_batch(scenario)
    except Exception as err:  # refused or failed: reported, never hidden
        return f"batch engine: {type(err).__name__}: {err}"
    a, b = comparable(mine), comparable(batch)
    if a != b or mine["rejected"] != batch["rejected"]:
        keys = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
        ours, theirs = [a.get(k) for k in keys], [b.get(k) for k in keys]
        return f"differ in {keys}: reference {ours}, batch {theirs}"
    return None


def main(path: str) -> None:
    use_cards([path])
    # the batch engine after the cards are in place
    from engine.batch.mana_convert import mana_comparable
    from engine.batch.scenario import run_scenario

    cards = load_card_file(path)
    found = {c.name: disagreement(c, run_scenario, mana_comparable) for c in cards}
    print(json.dumps(found))


if __name__ == "__main__":
    main(sys.argv[1])
