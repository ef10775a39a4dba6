"""Putting counters on permanents, with the effects that forbid or modify it (R5).

CR 122.6: a permanent entering with counters has them "put on" it, so the same rules apply.
Prohibitions (Melira, Solemnity) are checked first; then replacement effects that change the
number (Vizier of Remedies, Hardened Scales, Doubling Season) apply one at a time (616.1) in
board order, each once (614.5).
"""

from __future__ import annotations

from engine.library import Ability
from engine.reference.characteristics import is_creature, statics
from engine.reference.state import Game, Permanent


def _covers(scope: str, kind: str, source: Permanent, target: Permanent, put_kind: str) -> bool:
    if kind not in ("any", put_kind):
        return False
    if scope == "all_permanents":
        return True
    if scope == "permanents_yours":
        return target.controller == source.controller
    if scope == "creatures_yours":
        return target.controller == source.controller and is_creature(target)
    raise ValueError(f"unknown counter scope {scope!r}")


def prohibited_by(game: Game, target: Permanent, kind: str) -> Permanent | None:
    """The permanent whose ability says these counters can't be put on ``target``, if any."""
    for source, ability in statics(game, "counters_cant_be_put"):
        if _covers(ability.text("scope"), ability.text("kind"), source, target, kind):
            return source
    return None


def modifiers(game: Game, target: Permanent, kind: str) -> list[tuple[Permanent, Ability]]:
    return [
        (source, ability)
        for source, ability in statics(game, "counters_modified")
        if _covers(ability.text("scope"), ability.text("kind"), source, target, kind)
    ]


def put_counters(game: Game, target: Permanent, kind: str, amount: int) -> int:
    """Put ``amount`` counters of ``kind`` on ``target`` (CR 122.1, 614.1); return how many."""
    if amount <= 0:
        return 0
    blocker = prohibited_by(game, target, kind)
    if blocker is not None:
        game.log.add(
            "614.1",
            f"{blocker.card.name} ({blocker.id}): no {kind} counter can be put on {target.id}",
        )
        return 0
    n = amount
    for source, ability in modifiers(game, target, kind):
        before = n
        n = max(0, n * ability.number("factor") + ability.number("add"))
        game.log.add(
            "614.1, 616.1",
            f"{source.card.name} ({source.id}) changes {before} {kind} counter(s) on "
            f"{target.id} to {n}",
        )
        if n == 0:
            break  # "one or more counters would be put" no longer holds
    if n:
        target.counters[kind] = target.counters.get(kind, 0) + n
        game.log.add("122.1", f"{n} {kind} counter(s) put on {target.id}")
    return n
