"""Combat (W8): declare attackers, their attack triggers resolve, declare blockers, then
combat damage all at once (CR 506-510)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence

from engine.library import LANDWALK
from engine.reference.characteristics import (
    can_tap_or_untap_for_cost,
    has_keyword,
    is_creature,
    is_land,
    power_toughness,
)
from engine.reference.damage import damage_permanent, damage_player
from engine.reference.stack import settle
from engine.reference.state import Game, Permanent, Trigger

Rejection = tuple[str, str]


def defending_player(game: Game) -> str:
    """CR 506.2: the player attacked (the next in turn order under the listed policy)."""
    i = game.players.index(game.active)
    return game.players[(i + 1) % len(game.players)]


def _check_attackers(game: Game, attackers: list[Permanent]) -> Rejection | None:
    """CR 508.1a, 302.6: each attacker, in the order listed."""
    for a in attackers:
        if not is_creature(a) or a.controller != game.active:
            return ("not_an_attacker", "508.1a")
        if a.tapped:
            return ("tapped", "508.1a")
        if not can_tap_or_untap_for_cost(game, a):  # 302.6, haste included
            return ("summoning_sick", "302.6")
        if has_keyword(game, a, "defender"):
            return ("defender_cannot_attack", "702.3b")
    return None


def _check_blockers(game: Game, blocks: list[tuple[Permanent, Permanent]]) -> Rejection | None:
    """CR 509.1a, 702.9b (702.17b: reach), 702.13b, 702.36b, 702.14c (landwalk): each
    blocker, in the order of the blockers table."""
    for b, a in blocks:
        if not is_creature(b) or b.controller != defending_player(game) or b.tapped:
            return ("not_a_blocker", "509.1a")
        if has_keyword(game, a, "flying") and not (
            has_keyword(game, b, "flying") or has_keyword(game, b, "reach")
        ):
            return ("cannot_block_flying", "702.9b")
        if has_keyword(game, a, "intimidate") and not (
            b.card.has_type("Artifact") or a.card.colors & b.card.colors
        ):
            return ("cannot_block_intimidate", "702.13b")
        if has_keyword(game, a, "fear") and not (
            b.card.has_type("Artifact") or "B" in b.card.colors
        ):
            return ("cannot_block_fear", "702.36b")
        if any(
            has_keyword(game, a, walk) and _controls_land(game, b.controller, land)
            for walk, land in LANDWALK.items()
        ):
            return ("cannot_block_landwalk", "702.14c")
    return None


def _controls_land(game: Game, player: str, land_type: str) -> bool:
    """CR 702.14c: whether ``player`` controls a land with the basic land type (205.3i)."""
    return any(
        p.controller == player and is_land(p) and land_type in p.card.subtypes
        for p in game.battlefield
    )


def _check_menace(
    game: Game, attackers: list[Permanent], blocks: list[tuple[Permanent, Permanent]]
) -> Rejection | None:
    """CR 702.111b: a creature with menace can't be blocked except by two or more."""
    for a in attackers:
        n = sum(1 for _, x in blocks if x is a)
        if n == 1 and has_keyword(game, a, "menace"):
            return ("menace_needs_two_blockers", "702.111b")
    return None


def attack(
    game: Game, attacker_ids: Sequence[str], blockers: Mapping[str, str]
) -> Rejection | None:
    """Declare attackers (their attack triggers resolve, 508.1m, 508.2), then blockers (509.1),
    then combat damage; the rejected action changes nothing."""
    attackers = [game.permanent(i) for i in attacker_ids]
    pairs = [(game.permanent(b), game.permanent(a)) for b, a in blockers.items()]
    if any(a is None for a in attackers) or any(b is None or a is None for b, a in pairs):
        return ("not_on_battlefield", "400.7")
    live = [a for a in attackers if a is not None]
    blocks = [(b, a) for b, a in pairs if b is not None and a is not None]
    if any(a not in live for _, a in blocks):
        return ("not_attacking", "509.1a")
    rejection = _check_attackers(game, live)
    if rejection is not None:
        return rejection
    triggers = [
        Trigger("attacks", a.snapshot(), a.controller, ability)
        for a in live
        for ability in a.card.abilities
        if ability.template == "attacks_creatures_yours_gain_keyword"
    ]
    # Without attack triggers nothing can change before blockers are declared: check them
    # first; with them, the game is kept to be put back if the blocks turn out illegal.
    saved = _saved(game) if triggers else None
    if saved is None and (rejection := _check_blocks(game, live, blocks)) is not None:
        return rejection
    defender = defending_player(game)
    _declare_attackers(game, live, defender)
    if saved is not None:
        game.pending += triggers  # CR 508.1m; they resolve before blockers (508.2, 509.1)
        settle(game)
        if game.finished:
            return None
        rejection = _check_blocks(game, live, blocks)
        if rejection is not None:
            vars(game).update(vars(saved))
            return rejection
    for b, a in blocks:
        game.log.add("509.1", f"{b.id} blocks {a.id}")
    _combat_damage(game, live, blocks, defender)
    return None


def _declare_attackers(game: Game, attackers: list[Permanent], defender: str) -> None:
    """CR 508.1f: attacking creatures tap, unless they have vigilance (702.20b)."""
    for a in attackers:
        if has_keyword(game, a, "vigilance"):
            game.log.add("702.20b", f"{a.id} attacks {defender} (vigilance: it doesn't tap)")
        else:
            a.tapped = True
            game.log.add("508.1", f"{a.id} attacks {defender}")


def _check_blocks(
    game: Game, attackers: list[Permanent], blocks: list[tuple[Permanent, Permanent]]
) -> Rejection | None:
    """The first rule the blocks break: each blocker in order, then menace."""
    return _check_blockers(game, blocks) or _check_menace(game, attackers, blocks)


def _saved(game: Game) -> Game:
    """A copy of the game to restore (cards are immutable library data, shared)."""
    cards = [p.card for p in game.battlefield]
    for zone in (game.graveyard, game.exile, game.hand, game.library):
        cards += [zc.card for zcs in zone.values() for zc in zcs]
    return copy.deepcopy(game, {id(c): c for c in cards})


def _combat_damage(
    game: Game, attackers: list[Permanent], blocks: list[tuple[Permanent, Permanent]], defender: str
) -> None:
    """CR 510: one combat damage step; with first strike or double strike among the creatures
    in combat, a first step for those (702.7b, 702.4b), then state-based actions and triggers
    (510.3), then a second step for those that had neither and for double strikers (510.4)."""
    first = {c.uid for c in [*attackers, *(b for b, _ in blocks)] if _strikes_first(game, c)}
    if not first:
        _damage_step(game, attackers, blocks, defender, lambda c: True)
        return
    game.log.add("510.4", "a first combat damage step: first strike and double strike")
    _damage_step(game, attackers, blocks, defender, lambda c: c.uid in first)
    settle(game)
    if game.finished:
        return
    game.log.add("510.4", "the second combat damage step")
    _damage_step(
        game,
        attackers,
        blocks,
        defender,
        lambda c: c.uid not in first or has_keyword(game, c, "double strike"),
    )


def _strikes_first(game: Game, p: Permanent) -> bool:
    return has_keyword(game, p, "first strike") or has_keyword(game, p, "double strike")


def _damage_step(
    game: Game,
    attackers: list[Permanent],
    blocks: list[tuple[Permanent, Permanent]],
    defender: str,
    deals: Callable[[Permanent], bool],
) -> None:
    """CR 510.1-510.2: the creatures still in combat that ``deals`` (506.4: one that left the
    battlefield is removed from combat, and what returns is a new object, 400.7) assign
    their combat damage, then it is dealt at once. An attacker whose blockers are all gone
    stays blocked and deals none (509.1h), unless it has trample (702.19e)."""
    here = {p.uid for p in game.battlefield}
    to_creatures: list[tuple[Permanent, int, Permanent]] = []
    to_player: list[tuple[int, Permanent]] = []
    for a in attackers:
        if a.uid not in here:
            continue
        mine = [b for b, x in blocks if x is a and b.uid in here]
        blocked = any(x is a for _, x in blocks)
        if deals(a):
            _assign(game, a, mine, blocked, to_creatures, to_player)
        for b in mine:
            if deals(b):
                to_creatures.append((a, max(0, power_toughness(game, b)[0]), b))
    for victim, amount, source in to_creatures:
        damage_permanent(game, victim, amount, source)
    for amount, source in to_player:
        damage_player(game, defender, amount, source)


def _assign(
    game: Game,
    a: Permanent,
    mine: list[Permanent],
    blocked: bool,
    to_creatures: list[tuple[Permanent, int, Permanent]],
    to_player: list[tuple[int, Permanent]],
) -> None:
    """CR 510.1c: lethal damage (1 with deathtouch, 702.2c) to each blocker in order, the rest
    to the last, or with trample past it (702.19b)."""
    power = max(0, power_toughness(game, a)[0])
    trample = has_keyword(game, a, "trample")
    if not mine:
        if not blocked or trample:
            to_player.append((power, a))
        return
    deathtouch = has_keyword(game, a, "deathtouch")
    for k, b in enumerate(mine):
        lethal = 1 if deathtouch else max(0, power_toughness(game, b)[1] - b.damage)
        share = power if k == len(mine) - 1 else min(power, lethal)
        if k == len(mine) - 1 and trample:
            share = min(power, lethal)
            to_player.append((power - share, a))
        to_creatures.append((b, share, a))
        power -= share
