"""A compact way to write a scenario in a test: the TOML tables as Python dicts.

out = run(board=[{"id": "finks", "card": "Kitchen Finks", "controller": "A"}],
          actions=[{"do": "cast", "card": "Wrath of God", "by": "A"}])
"""

from __future__ import annotations

import signal
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from engine import reference
from engine.reference.state import Game
from engine.scenario import Scenario
from sim.config.scenario import parse_scenario


def scenario(
    board: Sequence[Mapping[str, Any]] = (),
    actions: Sequence[Mapping[str, Any]] = (),
    *,
    players: Sequence[str] = ("A", "B"),
    active: str | None = None,
    life: Mapping[str, int] | None = None,
    choices: Mapping[str, Any] | None = None,
) -> Scenario:
    data: dict[str, Any] = {
        "players": list(players),
        "active": active or players[0],
        "battlefield": [dict(e) for e in board],
        "action": [dict(a) for a in actions],
    }
    if life:
        data["life"] = dict(life)
    if choices:
        data["choices"] = dict(choices)
    return parse_scenario(data, "<test>")


def run(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """The JSON outcome of the scenario built by ``scenario(...)``."""
    return reference.run(scenario(*args, **kwargs))


def play(*args: Any, **kwargs: Any) -> Game:
    """The final Game object, for tests that look inside."""
    return reference.play(scenario(*args, **kwargs))


def permanent(out: Mapping[str, Any], pid: str) -> dict[str, Any] | None:
    return next((p for p in out["battlefield"] if p["id"] == pid), None)


def returned_ids(out: Mapping[str, Any]) -> list[str]:
    return [r["id"] for r in out["returned"]]


def rules_cited(out: Mapping[str, Any]) -> list[str]:
    return [e["rule"] for e in out["log"]]


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail the test instead of hanging the suite if the engine runs longer than ``seconds``
    (a mandatory loop must end as a draw, promptly). Unix only: it uses an alarm signal."""

    def on_alarm(signum: int, frame: Any) -> None:
        raise TimeoutError(f"the engine ran for more than {seconds} s: a hang, not a draw")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
