"""State-based actions (CR 704).

CR 704.3: every applicable state-based action is performed at once, as a single event, and the
check repeats until none applies. So a creature whose toughness reaches 0 with both +1/+1 and
-1/-1 counters on it dies with both still on it (704.5f and 704.5q happen together), and
persist, looking back at it, sees the -1/-1 counter.
"""

from __future__ import annotations

from engine.reference.characteristics import is_creature, power_toughness
from engine.reference.destroy import indestructible
from engine.reference.state import Game, Permanent
from engine.reference.zones import ZONES, leave_battlefield


def _legend_rule_losers(game: Game, dying: set[int]) -> list[Permanent]:
    """CR 704.5j: a player with two legendary permanents of one name keeps one and puts the
    rest into the graveyard. The listed policy keeps the first in board order among those
    the same state-based actions do not already put into a graveyard."""
    losers, seen = [], set()
    for p in game.battlefield:
        if "Legendary" not in p.card.supertypes or p.uid in dying:
            continue
        key = (p.controller, p.card.name)
        if key in seen:
            losers.append(p)
        seen.add(key)
    return losers


def _creature_death(game: Game, p: Permanent) -> tuple[str, str] | None:
    """Why a creature dies now, with the rule: 704.5f, then 704.5g, then 704.5h."""
    if not is_creature(p):
        return None
    toughness = power_toughness(game, p)[1]
    if toughness <= 0:
        return f"has toughness {toughness}: put into a graveyard", "704.5f"
    lethal, deathtouch = p.damage >= toughness, p.damage > 0 and p.deathtouch_damage
    if not (lethal or deathtouch) or indestructible(game, p):
        return None  # 702.12b: 704.5g and 704.5h destroy, and it can't be destroyed
    if lethal:
        return f"has lethal damage ({p.damage} >= {toughness}): destroyed", "704.5g"
    return "was dealt deathtouch damage: destroyed", "704.5h"


def _movers(game: Game) -> tuple[list[Permanent], dict[int, tuple[str, str]]]:
    """The permanents state-based actions put into a graveyard, each with its reason and rule
    (the first that applies): 704.5f, 704.5g, 704.5h, the legend rule, unattached Auras."""
    reasons: dict[int, tuple[str, str]] = {}
    movers: list[Permanent] = []

    def move(p: Permanent, verb: str, rule: str) -> None:
        if p.uid not in reasons:
            reasons[p.uid] = (verb, rule)
            movers.append(p)

    for p in game.battlefield:
        death = _creature_death(game, p)
        if death is not None:
            move(p, *death)
    for p in _legend_rule_losers(game, set(reasons)):
        move(p, "is put into a graveyard by the legend rule", "704.5j")
    on_battlefield = {q.id for q in game.battlefield}
    for p in game.battlefield:
        if p.attached_to is not None and p.attached_to not in on_battlefield:
            move(p, "is an Aura attached to nothing: put into a graveyard", "704.5m")
    return movers, reasons


def perform_state_based_actions(game: Game) -> bool:
    """Perform one round of state-based actions; return whether any was performed."""
    movers, reasons = _movers(game)
    annihilate = [
        p
        for p in game.battlefield
        if p.uid not in reasons and p.count("+1/+1") and p.count("-1/-1")
    ]
    tokens_gone = [
        (zone, zc)
        for zone in ZONES
        for cards in game.zone(zone).values()
        for zc in cards
        if zc.token
    ]
    losers = [player for player in game.players if game.life[player] <= 0]
    if not (movers or annihilate or tokens_gone or losers):
        return False
    game.log.add("704.3", "state-based actions are performed simultaneously")
    for p in annihilate:
        n = min(p.count("+1/+1"), p.count("-1/-1"))
        p.counters["+1/+1"] -= n
        p.counters["-1/-1"] -= n
        game.log.add("704.5q", f"{p.id} loses {n} +1/+1 and {n} -1/-1 counter(s)")
    for zone, zc in tokens_gone:
        game.zone(zone)[zc.owner].remove(zc)
        game.log.add("704.5d", f"token {zc.id} in the {zone} ceases to exist")
    leave_battlefield(game, movers, "graveyard", "", "704.5", reasons)
    for player in losers:
        game.stop("unsupported", loss_reason(player, game.life[player]), "704.5a")
    return True


LOSS = "loses the game (704.5a)"  # in every reason ``loss_reason`` gives, on either engine


def loss_reason(player: str, life: int) -> str:
    """Why a game stops when a player's life total is 0 or less (704.5a)."""
    return f"{player} has {life} life and {LOSS}; Cauldron does not play on past a player's loss"
