"""The stack loop: state-based actions, triggers in APNAP order, resolution one at a time.

CR 117.5 / 704.3 / 603.3b: before a player would receive priority, state-based actions are
performed until none applies, then waiting triggers are put on the stack (the active player's
first, each player ordering their own), and this repeats; then the top object resolves. The
last trigger put on the stack resolves first.

CR 104.4b: a loop of mandatory actions with no way to stop it is a draw (``loops``).
"""

from __future__ import annotations

from engine.reference.activated import resolve_ability
from engine.reference.loops import LoopWatch
from engine.reference.resolve import choose_targets, resolve_trigger
from engine.reference.sba import perform_state_based_actions
from engine.reference.spells import resolve_spell
from engine.reference.state import Game, Trigger

# The most resolutions one game may take (spells and abilities, over all its actions). Far
# above what an ordinary scenario needs, but a long enough chain (Massacre Girl cast hundreds
# of times: each death triggers every earlier delayed -1/-1) reaches it; the trial is then
# ``unsupported`` with a reason naming this cap, never an endless run or a crash.
MAX_RESOLUTIONS = 100_000


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
            if not choose_targets(game, t):
                game.log.add("603.3d", f"{t.key} has no legal target: removed from the stack")
                continue
            game.stack.append(t)
            game.stack_order.append({"id": t.source.id, "controller": player, "ability": t.kind})
            game.log.add("603.3b", f"{player} puts {t.key} on the stack")


def settle(game: Game) -> None:
    """Run state-based actions, triggers and the stack until the stack is empty."""
    watch = LoopWatch()
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
        if watch.is_endless(game):
            game.stop(
                "draw",
                "the same position came back with nothing able to stop it: "
                "a loop of mandatory actions, the game is a draw",
                "104.4b",
            )
            return
        game.resolutions += 1
        if game.resolutions > MAX_RESOLUTIONS:
            game.stop(
                "unsupported",
                f"more than MAX_RESOLUTIONS = {MAX_RESOLUTIONS} resolutions without a repeated "
                "position: Cauldron does not play on past that cap",
                "104.4b",
            )
            return
        item = game.stack.pop()
        watch.popped(len(game.stack))
        if isinstance(item, Trigger):
            resolve_trigger(game, item)
        elif item.kind == "spell":
            resolve_spell(game, item)
        else:
            resolve_ability(game, item)
