"""The stack loop: state-based actions, triggers in APNAP order, resolution one at a time.

CR 117.5 / 704.3 / 603.3b: before a player would receive priority, state-based actions are
performed until none applies, then waiting triggers are put on the stack (the active player's
first, each player ordering their own), and this repeats; then the top object resolves. The
last trigger put on the stack resolves first.

CR 104.4b: a loop of mandatory actions with no way to stop it is a draw. Every choice here is
fixed by the scenario's policy, so the game is such a loop exactly when a position repeats
before a resolution with no player's life total lower than the first time (if one is lower, the
loop is not endless: that player will reach 0 life).
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.reference.activated import resolve_ability
from engine.reference.resolve import choose_targets, resolve_trigger
from engine.reference.sba import perform_state_based_actions
from engine.reference.spells import resolve_spell
from engine.reference.state import Game, Trigger

MAX_RESOLUTIONS = 100_000  # a safety net far above any finite sequence a scenario can make


def _rank(game: Game, player: str, t: Trigger, index: int) -> tuple[int, int, int]:
    """Sort key of a waiting trigger among its controller's: the scenario's list first, then
    the drawn rank of its source (experiments), else board order; ties in detection order."""
    listed = list(game.choices.trigger_order.get(player, ()))
    for i, key in enumerate(listed):
        if key in (t.source.id, t.key):
            return (i, 0, index)
    ranks = game.choices.trigger_rank
    return (len(listed), ranks.get(t.source.id, len(ranks) + t.source.order), index)


def put_triggers_on_stack(game: Game) -> None:
    """CR 603.3b: APNAP; within a player's triggers, their chosen order (first listed goes on
    the stack first)."""
    waiting, game.pending = game.pending, []
    for player in game.apnap():
        theirs = [(i, t) for i, t in enumerate(waiting) if t.controller == player]
        theirs.sort(key=lambda it: _rank(game, player, it[1], it[0]))
        for _, t in theirs:
            choose_targets(game, t)
            game.stack.append(t)
            game.stack_order.append({"id": t.source.id, "controller": player, "ability": t.kind})
            game.log.add("603.3b", f"{player} puts {t.key} on the stack")


def _position(game: Game) -> Hashable:
    """Everything that matters for what happens next, except life totals and object numbers."""
    board = tuple(
        (
            p.id,
            p.card.name,
            p.controller,
            tuple(sorted((k, v) for k, v in p.counters.items() if v)),
            p.damage,
            p.tapped,
            tuple(p.granted + p.granted_eot),
            p.not_creature,
            tuple(map(sum, zip(*p.pt_eot, strict=True))) if p.pt_eot else (0, 0),
        )
        for p in game.battlefield
    )
    zones = tuple(
        tuple(
            (owner, tuple(sorted(zc.id for zc in cards))) for owner, cards in game.zone(z).items()
        )
        for z in ("graveyard", "exile", "hand", "library")
    )
    stack = tuple(
        (t.kind, t.source.id, t.controller) if isinstance(t, Trigger) else (t.kind, t.source_id)
        for t in game.stack
    )
    effects = tuple((e.kind, e.id) for e in game.effects)
    return board, zones, stack, effects


def settle(game: Game) -> None:
    """Run state-based actions, triggers and the stack until the stack is empty."""
    seen: dict[Hashable, dict[str, int]] = {}
    while not game.finished:
        while perform_state_based_actions(game) and not game.finished:
            pass
        if game.finished:
            return
        if game.pending:
            put_triggers_on_stack(game)
            continue
        if not game.stack:
            return
        position = _position(game)
        before = seen.get(position)
        if before is not None and all(game.life[p] >= before[p] for p in game.players):
            game.stop(
                "draw",
                "the same position came back with nothing able to stop it: "
                "a loop of mandatory actions, the game is a draw",
                "104.4b",
            )
            return
        seen[position] = dict(game.life)
        game.resolutions += 1
        if game.resolutions > MAX_RESOLUTIONS:
            raise RuntimeError(f"more than {MAX_RESOLUTIONS} resolutions without a repeat")
        item = game.stack.pop()
        if isinstance(item, Trigger):
            resolve_trigger(game, item)
        elif item.kind == "spell":
            resolve_spell(game, item)
        else:
            resolve_ability(game, item)
