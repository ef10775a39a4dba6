"""A replayed trial of the shapes whose trials are scenarios (wipe, mana): the reference
engine plays the scenario, and its outcome is compared with the batch engine's."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine import reference
from engine.scenario import Scenario
from sim.config.reader import SEAT_NAMES
from sim.report.explain_text import render
from sim.shapes.base import Replayed


def seat_names(scenario: Scenario) -> dict[str, str]:
    """Each player of a replayed trial by its seat as the tables name it (``active``,
    ``next``, ...: relative to the active player, in turn order)."""
    players = list(scenario.players)
    active = players.index(scenario.active)
    return {p: SEAT_NAMES[(i - active) % len(players)] for i, p in enumerate(players)}


def _eventful(out: Mapping[str, Any]) -> bool:
    made_mana = any(n for pool in out["mana_pool"].values() for n in pool.values())
    return bool(out["returned"]) or made_mana or out["result"] != "ok"


@dataclass(frozen=True)
class ScenarioReplay:
    """One trial rebuilt from the seeds as a scenario, and the batch engine's outcome of it in
    the comparable form that ``comparable`` makes of a reference outcome."""

    scenario: Scenario
    batch_outcome: dict[str, Any]
    comparable: Callable[[Mapping[str, Any]], dict[str, Any]]
    batch_reason: str = ""  # why the batch engine stopped the trial, if it did (a cap)

    def replayed(self) -> Replayed:
        out: dict[str, Any] = reference.run(self.scenario)
        text = render(out)
        from engine.batch.outcome import stopped_at_cap  # the card tables wait for card files

        agrees = self.comparable(out) == self.batch_outcome
        capped = not agrees and stopped_at_cap(self.batch_outcome)
        return Replayed(
            outcome=out,
            text=text,
            log=tuple((str(e["rule"]), str(e["text"])) for e in out["log"]),
            state=text.split("\n\n", 1)[1] if "\n\n" in text else "",
            agrees=agrees,
            eventful=_eventful(out),
            seats=seat_names(self.scenario),
            batch_cap=self.batch_reason if capped else "",
        )
