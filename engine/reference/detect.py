"""Triggered abilities that trigger on zone changes (CR 603.2, 603.6, 603.10a).

Leaves-the-battlefield abilities look back in time: they see each object as it last existed
and the battlefield as it was just before the event, so a creature dying together with Massacre
Wurm still triggers the Wurm. Detection only queues triggers; they go on the stack later
(603.3), after state-based actions.
"""

from __future__ import annotations

from engine.library import death_drain
from engine.reference.characteristics import is_creature, keywords
from engine.reference.state import Game, Permanent, Trigger


def died(
    game: Game,
    before: list[Permanent],
    lki: Permanent,
    lki_keywords: list[str],
    stamp: int,
) -> None:
    """Queue the triggers of ``lki`` being put into a graveyard from the battlefield (700.4)."""
    _returns(game, lki, lki_keywords, stamp)
    for ability in lki.card.abilities:
        if ability.template == "dies_create_token_per_counter":
            game.pending.append(
                Trigger(
                    "dies",
                    lki,
                    lki.controller,
                    ability,
                    data={"count": lki.count(ability.text("kind"))},
                )
            )
    if is_creature(lki) or lki.card.has_type("Planeswalker"):
        _creature_died(game, before, lki)


def left(game: Game, lki: Permanent) -> None:
    """Queue the leaves-the-battlefield triggers of ``lki``, whichever zone it went to (603.6c;
    603.10a: it looks back in time, so a token's triggers too), after those of its death."""
    for ability in lki.card.abilities:
        if ability.template == "leaves_create_token":
            game.pending.append(Trigger("leaves", lki, lki.controller, ability))


def _returns(game: Game, lki: Permanent, lki_keywords: list[str], stamp: int) -> None:
    """Persist and undying, each instance (702.79b): an intervening "if" checked with last
    known information (702.79a / 702.93a)."""
    for keyword, kind, blocker in (
        ("persist", "persist", "-1/-1"),
        ("undying", "undying", "+1/+1"),
    ):
        for _ in range(lki_keywords.count(keyword)):
            if lki.count(blocker) == 0:
                game.pending.append(Trigger(kind, lki, lki.controller, stamp=stamp))
            else:
                game.log.add(
                    "702.79a" if kind == "persist" else "702.93a",
                    f"{lki.id} had a {blocker} counter: {kind} does not trigger",
                )


def _creature_died(game: Game, before: list[Permanent], lki: Permanent) -> None:
    """Abilities that watch creatures (or planeswalkers) die: the life triggers
    (``DeathDrain``: Massacre Wurm, Zulaport Cutthroat, Blood Artist, Cruel Celebrant) of the
    battlefield just before the event (603.10a: a source dying in it sees the others, and
    itself), Massacre Girl's delayed triggers (a creature's death only)."""
    creature = is_creature(lki)
    for source in before:
        for ability in source.card.abilities:
            drain = death_drain(ability)
            if drain is None:
                continue
            if drain.watches(source.uid == lki.uid, source.controller == lki.controller, creature):
                game.pending.append(
                    Trigger(
                        "life_loss",
                        source.snapshot(),
                        source.controller,
                        ability,
                        data={"player": lki.controller},
                    )
                )
    for effect in game.effects if creature else ():
        if effect.kind == "delayed_weaken":
            game.pending.append(
                Trigger("delayed", effect.data["source"], effect.controller, data=dict(effect.data))
            )


def entered(game: Game, p: Permanent) -> None:
    """Queue ``p``'s own enters-the-battlefield triggers (CR 603.6a)."""
    for ability in p.card.abilities:
        if ability.template.startswith("etb_"):
            game.pending.append(Trigger("etb", p.snapshot(), p.controller, ability))


def entered_from_graveyard(game: Game, p: Permanent, graveyard: str) -> None:
    """Queue the triggers of ``p`` entering from ``graveyard``'s graveyard (603.6a), of each
    permanent on the battlefield now (``p`` too): any permanent from any graveyard (River
    Kelpie), a creature from its controller's graveyard (Flayer of the Hatebound)."""
    for source in game.battlefield:
        for ability in source.card.abilities:
            if ability.template == "permanent_enters_from_graveyard_draw":
                game.pending.append(Trigger("draw", source.snapshot(), source.controller, ability))
            elif (
                ability.template == "creature_enters_from_your_graveyard_damage"
                and source.controller == graveyard
                and is_creature(p)
            ):
                game.pending.append(
                    Trigger(
                        "graveyard_enter",
                        source.snapshot(),
                        source.controller,
                        ability,
                        data={"creature": p.snapshot()},
                    )
                )


def lki_keywords(game: Game, p: Permanent) -> list[str]:
    """Keywords as ``p`` last existed, statics of the pre-event battlefield included."""
    return keywords(game, p)
