"""Combat (W8): declare attackers and blockers, then combat damage all at once (CR 506-510)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.reference.characteristics import (
    can_tap_or_untap_for_cost,
    has_keyword,
    is_creature,
    power_toughness,
)
from engine.reference.damage import damage_permanent, damage_player
from engine.reference.state import Game, Permanent

Rejection = tuple[str, str]


def defending_player(game: Game) -> str:
    """CR 506.2: the player attacked (the next in turn order under the listed policy)."""
    i = game.players.index(game.active)
    return game.players[(i + 1) % len(game.players)]


def _check(
    game: Game, attackers: list[Permanent], blocks: list[tuple[Permanent, Permanent]]
) -> Rejection | None:
    """The first rule the declarations break: attackers in order, then blockers, then menace."""
    return (
        _check_attackers(game, attackers)
        or _check_blockers(game, blocks)
        or _check_menace(game, attackers, blocks)
    )


def _check_attackers(game: Game, attackers: list[Permanent]) -> Rejection | None:
    """CR 508.1a, 302.6: each attacker, in the order listed."""
    for a in attackers:
        if not is_creature(a) or a.controller != game.active:
            return ("not_an_attacker", "508.1a")
        if a.tapped:
            return ("tapped", "508.1a")
        if not can_tap_or_untap_for_cost(game, a):  # 302.6, haste included
            return ("summoning_sick", "302.6")
    return None


def _check_blockers(game: Game, blocks: list[tuple[Permanent, Permanent]]) -> Rejection | None:
    """CR 509.1a, 702.9b, 702.13b: each blocker, in the order of the blockers table."""
    for b, a in blocks:
        if not is_creature(b) or b.controller != defending_player(game) or b.tapped:
            return ("not_a_blocker", "509.1a")
        if has_keyword(game, a, "flying") and not has_keyword(game, b, "flying"):
            return ("cannot_block_flying", "702.9b")
        if has_keyword(game, a, "intimidate") and not (
            b.card.has_type("Artifact") or a.card.colors & b.card.colors
        ):
            return ("cannot_block_intimidate", "702.13b")
    return None


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
    """Declare, block and deal combat damage; the rejected action changes nothing."""
    attackers = [game.permanent(i) for i in attacker_ids]
    pairs = [(game.permanent(b), game.permanent(a)) for b, a in blockers.items()]
    if any(a is None for a in attackers) or any(b is None or a is None for b, a in pairs):
        return ("not_on_battlefield", "400.7")
    live = [a for a in attackers if a is not None]
    blocks = [(b, a) for b, a in pairs if b is not None and a is not None]
    if any(a not in live for _, a in blocks):
        return ("not_attacking", "509.1a")
    rejection = _check(game, live, blocks)
    if rejection is not None:
        return rejection
    defender = defending_player(game)
    for a in live:
        a.tapped = True  # CR 508.1f
        game.log.add("508.1", f"{a.id} attacks {defender}")
    for b, a in blocks:
        game.log.add("509.1", f"{b.id} blocks {a.id}")
    _combat_damage(game, live, blocks, defender)
    return None


def _combat_damage(
    game: Game, attackers: list[Permanent], blocks: list[tuple[Permanent, Permanent]], defender: str
) -> None:
    """CR 510.1-510.2: assign all combat damage, then deal it simultaneously."""
    to_creatures: list[tuple[Permanent, int, Permanent]] = []
    to_player: list[tuple[int, Permanent]] = []
    for a in attackers:
        power = max(0, power_toughness(game, a)[0])
        mine = [b for b, x in blocks if x is a]
        if not mine:
            to_player.append((power, a))
            continue
        deathtouch = has_keyword(game, a, "deathtouch")
        for k, b in enumerate(mine):
            lethal = 1 if deathtouch else max(0, power_toughness(game, b)[1] - b.damage)
            share = power if k == len(mine) - 1 else min(power, lethal)
            if k == len(mine) - 1 and has_keyword(game, a, "trample"):
                share = min(power, lethal)
                to_player.append((power - share, a))
            to_creatures.append((b, share, a))
            power -= share
        for b in mine:
            to_creatures.append((a, max(0, power_toughness(game, b)[0]), b))
    for victim, amount, source in to_creatures:
        damage_permanent(game, victim, amount, source)
    for amount, source in to_player:
        damage_player(game, defender, amount, source)
