"""Putting counters on permanents, with the effects that forbid or modify it (R5).

CR 122.6: a permanent entering with counters has them "put on" it, so the same rules apply.
Prohibitions (Melira, Solemnity) are checked first; then replacement effects that change the
number (Vizier of Remedies, Hardened Scales, Doubling Season) apply one at a time (616.1) in
board order, each once (614.5).

Two limits on whose effects apply:
- CR 614.12: an effect that modifies how a permanent enters applies only if its source is on
  the battlefield before the permanent begins to enter: a permanent's own ability never
  modifies the counters it enters with (Vizier of Remedies returning by persist gets its
  -1/-1 counter; Melira, Sylvok Outcast too), nor does anything entering at the same time.
  (An ability of the permanent that affects only itself would apply; every counter scope of
  the library is a general one: "creatures you control", "permanents you control", "all".)
- CR 602.2b: counters put on as a cost (Devoted Druid's "Put a -1/-1 counter on Devoted
  Druid") are not put by an effect: an ability worded "if an effect would put" (Doubling
  Season, ``effects_only``) does not apply to them; one worded "if ... counters would be
  put" (Vizier of Remedies, Hardened Scales) does.
"""

from __future__ import annotations

from engine.library import Ability
from engine.reference.characteristics import is_creature, statics
from engine.reference.state import MAX_AMOUNT, Game, Permanent

COUNTERS_PAST_CAP = "more than MAX_AMOUNT = 2^63 - 1 counters of one kind (64 bits)"


def _covers(scope: str, kind: str, source: Permanent, target: Permanent, put_kind: str) -> bool:
    if kind not in ("any", put_kind):
        return False
    if scope == "all_permanents":
        return True
    if scope == "permanents_yours":
        return target.controller == source.controller
    if scope == "creatures_yours":
        return target.controller == source.controller and is_creature(target)
    if scope == "artifacts_creatures_yours":  # Winding Constrictor
        mine = target.controller == source.controller
        return mine and (is_creature(target) or target.card.has_type("Artifact"))
    raise ValueError(f"unknown counter scope {scope!r}")


def prohibited_by(
    game: Game, target: Permanent, kind: str, entering: frozenset[int] = frozenset()
) -> Permanent | None:
    """The permanent whose ability says these counters can't be put on ``target``, if any;
    ``entering`` holds the uids of objects entering now, whose abilities do not apply (614.12)."""
    for source, ability in statics(game, "counters_cant_be_put"):
        if source.uid in entering:
            continue
        if _covers(ability.text("scope"), ability.text("kind"), source, target, kind):
            return source
    return None


def modifiers(
    game: Game,
    target: Permanent,
    kind: str,
    entering: frozenset[int] = frozenset(),
    cost: bool = False,
) -> list[tuple[Permanent, Ability]]:
    """The replacement effects that change how many counters are put on ``target``: not
    those of objects entering now (614.12), nor "if an effect would" ones for a cost (602.2b)."""
    return [
        (source, ability)
        for source, ability in statics(game, "counters_modified")
        if source.uid not in entering
        and not (cost and ability.flag("effects_only"))
        and _covers(ability.text("scope"), ability.text("kind"), source, target, kind)
    ]


def put_counters(
    game: Game,
    target: Permanent,
    kind: str,
    amount: int,
    *,
    entering: bool = False,
    cost: bool = False,
) -> int:
    """Put ``amount`` counters of ``kind`` on ``target`` (CR 122.1, 614.1); return how many.

    ``entering``: the target is entering the battlefield with them (122.6), so its own
    abilities do not apply to them (614.12). ``cost``: they are put on to pay a cost
    (602.2b), so "if an effect would put" replacements do not apply."""
    if amount <= 0:
        return 0
    ignored = frozenset({target.uid}) if entering else frozenset()
    blocker = prohibited_by(game, target, kind, ignored)
    if blocker is not None:
        game.log.add(
            "614.1",
            f"{blocker.card.name} ({blocker.id}): no {kind} counter can be put on {target.id}",
        )
        return 0
    n = amount
    for source, ability in modifiers(game, target, kind, ignored, cost):
        before, product = n, n * ability.number("factor")
        n = max(0, product + ability.number("add"))
        if max(product, n) > MAX_AMOUNT:  # counted in 64 bits, the product too: past them,
            return _past_cap(game)  # the trial is not played on (never a wrapped number)
        game.log.add(
            "614.1, 616.1",
            f"{source.card.name} ({source.id}) changes {before} {kind} counter(s) on "
            f"{target.id} to {n}",
        )
        if n == 0:
            break  # "one or more counters would be put" no longer holds
    if n > MAX_AMOUNT - target.counters.get(kind, 0):
        return _past_cap(game)
    if n:
        target.counters[kind] = target.counters.get(kind, 0) + n
        game.log.add("122.1", f"{n} {kind} counter(s) put on {target.id}")
    return n


def _past_cap(game: Game) -> int:
    """Stop the trial as ``unsupported``: a number of counters past 64 bits; none are put."""
    game.stop("unsupported", COUNTERS_PAST_CAP, "122.1")
    return 0
