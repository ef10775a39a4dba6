"""A compact way to write a scenario in a test: the board in a one-line-per-permanent
notation, the actions and choices as the TOML tables in Python dicts.

    out = run(
        board=board(
            "finks: Kitchen Finks @A +1/+1=1 tapped",
            "wolf: Young Wolf @B token grant=persist",
        ),
        actions=[cast("Wrath of God")],
    )

The board notation, one permanent a line (``board`` documents every field):

    ID: CARD NAME @CONTROLLER [FIELD ...]
"""

from __future__ import annotations

import math
import re
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from engine import reference
from engine.reference.state import Game
from engine.scenario import Scenario
from sim.config.scenario import parse_scenario

_FLAGS = {  # flag -> (key, value)
    "tapped": ("tapped", True),
    "token": ("token", True),
    "not_creature": ("not_creature", True),
    "sick": ("since_turn_start", False),
}
_INT_FIELDS = {"damage", "x"}
_STR_FIELDS = {"owner", "attached_to"}
_LINE = re.compile(r"^\s*(?P<id>[^\s:]+):\s*(?P<card>[^@]+?)\s+@(?P<controller>\S+)(?P<rest>.*)$")


def board(*lines: str) -> list[dict[str, Any]]:
    """The ``[[battlefield]]`` tables of a scenario, one permanent a line:

        ID: CARD NAME @CONTROLLER [FIELD ...]

    ``ID`` is the permanent's handle, ``CARD NAME`` a card of the library as written in the
    TOML (``Night of Souls' Betrayal``), ``CONTROLLER`` a player. Each FIELD is one of:

    - a flag: ``tapped``, ``token``, ``not_creature``, or ``sick`` (``since_turn_start =
      false``: it came under its controller's control this turn, CR 302.6);
    - ``owner=B``, ``attached_to=ID``, ``damage=N``, ``x=N``;
    - ``grant=persist`` or ``grant=persist,undying`` (granted keywords);
    - a counter ``KIND=N``: ``+1/+1=2``, ``-1/-1=1``, ``luck=1``.

    An argument may hold several lines; blank lines and ``#`` comments are skipped. A field
    that is left out takes the scenario default (untapped, no counters, owned by the
    controller...), exactly as a key left out of the TOML does.

        board("finks: Kitchen Finks @A +1/+1=1 tapped", "wg: Wild Growth @A attached_to=f")
    """
    entries = []
    for text in lines:
        for raw in text.splitlines():
            line = raw.split("#", 1)[0].strip()
            if line:
                entries.append(_permanent(line))
    return entries


def _permanent(line: str) -> dict[str, Any]:
    """One line of ``board``'s notation as its ``[[battlefield]]`` table."""
    match = _LINE.match(line)
    if match is None:
        raise ValueError(f"board line {line!r}: expected 'ID: CARD NAME @CONTROLLER [FIELD ...]'")
    entry: dict[str, Any] = {
        "id": match["id"],
        "card": match["card"],
        "controller": match["controller"],
    }
    counters: dict[str, int] = {}
    for word in match["rest"].split():
        try:
            _field(entry, counters, word)
        except ValueError as err:
            raise ValueError(f"board line {line!r}: {err}") from None
    if counters:
        entry["counters"] = counters
    return entry


def _field(entry: dict[str, Any], counters: dict[str, int], word: str) -> None:
    """Put one FIELD of a board line into ``entry`` (a counter into ``counters``)."""
    key, eq, value = word.partition("=")
    if not eq:
        if word not in _FLAGS:
            raise ValueError(f"unknown flag {word!r}, one of {sorted(_FLAGS)}")
        field, flag = _FLAGS[word]
        entry[field] = flag
    elif key in _STR_FIELDS:
        entry[key] = value
    elif key == "grant":
        entry[key] = value.split(",")
    elif not value.isdigit():
        raise ValueError(f"{key} takes a whole number, not {value!r}")
    elif key in _INT_FIELDS:
        entry[key] = int(value)
    else:
        counters[key] = int(value)


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


def run_both(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """The reference outcome of the scenario built by ``scenario(...)``, after checking that
    the batch engine (``explain --engine batch``) gives the same (``mana_comparable``: the
    result, returns, board, zones, life, mana; and the rejections)."""
    from engine.batch.mana_convert import mana_comparable
    from engine.batch.scenario import run_scenario

    scn = scenario(*args, **kwargs)
    out, batch = reference.run(scn), run_scenario(scn)
    assert mana_comparable(batch) == mana_comparable(out)
    assert batch["rejected"] == out["rejected"]
    return out


def play(*args: Any, **kwargs: Any) -> Game:
    """The final Game object, for tests that look inside."""
    return reference.play(scenario(*args, **kwargs))


def cast(card: str, by: str = "A", **extra: Any) -> dict[str, Any]:
    """A ``cast`` action (``x``, ``id`` and ``mode`` go in ``extra``)."""
    return {"do": "cast", "card": card, "by": by, **extra}


def attack(attackers: list[str], blockers: dict[str, str] | None = None) -> dict[str, Any]:
    """An ``attack`` action (blockers: blocker id = attacker id)."""
    return {"do": "attack", "attackers": attackers, "blockers": blockers or {}}


def tap(pid: str, **extra: Any) -> dict[str, Any]:
    """A ``tap_for_mana`` action (``color``, ``replacement_order``... go in ``extra``)."""
    return {"do": "tap_for_mana", "permanent": pid, **extra}


def destroy(pid: str) -> dict[str, Any]:
    """A ``destroy`` action."""
    return {"do": "destroy", "target": pid}


def abilities(out: Mapping[str, Any], pid: str) -> list[str]:
    """The abilities of ``pid`` that went on the stack, in order."""
    return [s["ability"] for s in out["stack_order"] if s["id"] == pid]


def pool(out: Mapping[str, Any], player: str = "A") -> dict[str, int]:
    """The nonzero part of a player's mana pool."""
    return {t: n for t, n in out["mana_pool"][player].items() if n}


def pt(out: Mapping[str, Any], pid: str) -> tuple[int, int]:
    """(power, toughness) of a permanent that must be on the battlefield."""
    p = permanent(out, pid)
    assert p is not None, f"{pid} is not on the battlefield"
    return p["power"], p["toughness"]


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


def cauldron(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m sim.cli`` in a fresh interpreter (as a user would), capturing its
    output."""
    return subprocess.run(
        [sys.executable, "-m", "sim.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )


def misses_allowed(k: int, p: float = 0.05, alpha: float = 1e-4) -> int:
    """How many of k 95% intervals may miss their exact value: more is a false alarm with
    chance below ``alpha`` (each misses with chance ``p``)."""
    tail, m = 1.0, -1
    while tail >= alpha:
        m += 1
        tail -= math.comb(k, m) * p**m * (1 - p) ** (k - m)
    return m
