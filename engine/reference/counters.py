"""Putting counters on permanents, with the effects that forbid or modify it (R5).

CR 122.6: a permanent entering with counters has them "put on" it, so the same rules apply.
Prohibitions (Melira, Solemnity) are checked first; then replacement effects that change the
number (Vizier of Remedies, Hardened Scales, Doubling Season) apply one at a time (616.1), each
once (614.5), in the order the affected permanent's controller chooses (``[choices]
counter_order``: ids listed first, then board order; or the order that puts the most or the
fewest counters).

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

from collections.abc import Iterator

from engine.library import Ability
from engine.reference.characteristics import is_creature, statics
from engine.reference.state import MAX_AMOUNT, Game, Permanent
from engine.scenario import ORDERED_MODIFIERS

COUNTERS_PAST_CAP = "more than MAX_AMOUNT = 2^63 - 1 counters of one kind (64 bits)"
ORDER_PAST_CAP = (
    f"more than ORDERED_MODIFIERS = {ORDERED_MODIFIERS} replacement effects to order for the "
    "most or the fewest counters (616.1)"
)

Modifier = tuple[Permanent, Ability]


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
    order = _ordered(game, target, amount, modifiers(game, target, kind, ignored, cost))
    if order is None:
        return 0
    for source, ability in order:
        before, changed = n, _changed(n, ability)
        if changed is None:  # counted in 64 bits, the product too: past them, the trial is
            return _past_cap(game)  # not played on (never a wrapped number)
        n = changed
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


def _changed(n: int, ability: Ability) -> int | None:
    """``n`` counters after one replacement (614.1); None past 64 bits, the product too."""
    product = n * ability.number("factor")
    after = max(0, product + ability.number("add"))
    return None if max(product, after) > MAX_AMOUNT else after


def _ordered(
    game: Game, target: Permanent, amount: int, found: list[Modifier]
) -> list[Modifier] | None:
    """616.1: the order ``target``'s controller applies ``found`` in (board order); None if
    the trial stops at ORDERED_MODIFIERS."""
    choice = game.choices.counter_order.get(target.controller, "listed")
    if isinstance(choice, str):
        if choice == "listed" or len(found) < 2:
            return found
        if len(found) > ORDERED_MODIFIERS:
            game.stop("unsupported", ORDER_PAST_CAP, "616.1")
            return None
        order = _extreme(amount, found, most=choice == "most")
        if len({source.card.name for source, _ in found}) > 1:  # else every order is alike
            names = ", then ".join(f"{source.card.name} ({source.id})" for source, _ in order)
            game.log.add("616.1", f"{target.controller} applies {names}: the {choice} counters")
        return order
    place: dict[str, int] = {}
    for i, pid in enumerate(choice):
        place.setdefault(pid, i)
    return sorted(found, key=lambda m: place.get(m[0].id, len(place)))  # stable: board order


def _extreme(amount: int, found: list[Modifier], most: bool) -> list[Modifier]:
    """The first order (of ``_orders``) that leaves the most (or the fewest) counters; past
    64 bits counts as more than any number."""
    best, best_order = -1, found
    for order in _orders(found):
        value = amount
        for _, ability in order:
            n = _changed(value, ability)
            value = MAX_AMOUNT + 1 if n is None else n
            if n is None or n == 0:  # past 64 bits, or none left to put: the rest do not apply
                break
        if best < 0 or (value > best if most else value < best):
            best, best_order = value, order
    return best_order


def _orders(found: list[Modifier]) -> Iterator[list[Modifier]]:
    """Every distinct order of ``found``: the same ability of one card, twice on the board,
    gives the same numbers either way round, so each order of the cards' abilities is tried
    once (in lexicographic order of card name and ability), each card's sources in board
    order."""
    labels = [(source.card.name, source.card.abilities.index(ab)) for source, ab in found]
    by_label: dict[tuple[str, int], list[Modifier]] = {}
    for label, modifier in zip(labels, found, strict=True):
        by_label.setdefault(label, []).append(modifier)
    sequence = sorted(labels)
    while True:
        taken = dict.fromkeys(by_label, 0)
        order = []
        for label in sequence:
            order.append(by_label[label][taken[label]])
            taken[label] += 1
        yield order
        if not _next_permutation(sequence):
            return


def _next_permutation(items: list[tuple[str, int]]) -> bool:
    """Rearrange ``items`` into the next permutation in lexicographic order (equal items are
    not told apart); False once it was the last."""
    i = len(items) - 2
    while i >= 0 and items[i] >= items[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = len(items) - 1
    while items[j] <= items[i]:
        j -= 1
    items[i], items[j] = items[j], items[i]
    items[i + 1 :] = reversed(items[i + 1 :])
    return True


def _past_cap(game: Game) -> int:
    """Stop the trial as ``unsupported``: a number of counters past 64 bits; none are put."""
    game.stop("unsupported", COUNTERS_PAST_CAP, "122.1")
    return 0
