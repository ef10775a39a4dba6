"""A deck game replayed from its deal (``explain --run``, the report's examples): the reference
engine's game turn by turn with its rule log, and whether the batch engine's measurements of
the game are the reference engine's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.batch.deck import CAPS
from engine.deck import Deal, DeckResults, DeckSetup
from engine.mana_types import MANA_TYPES
from engine.reference.deck import DeckGame, TurnRecord, play_deck_game, results_of
from engine.reference.log import Event
from sim.shapes.base import Replayed

TURN_BEGINS = "500.1"  # the rule the log cites as each turn begins


def _measured(setup: DeckSetup, record: TurnRecord) -> str:
    """A turn's measurements in words (the main phase, before casting; casts after)."""
    types = " ".join(f"{t} {n}" for t, n in zip(MANA_TYPES, record.mana_by_type, strict=True) if n)
    parts = [
        f"{record.lands_in_play} lands",
        f"mana {record.mana_total}" + (f" (at most {types})" if types else ""),
        *(
            f"{c.text} {'payable' if ok else 'not payable'}"
            for c, ok in zip(setup.costs, record.cost_payable, strict=True)
        ),
    ]
    if setup.x_spell is not None:
        x = "not castable" if record.x_max < 0 else f"X up to {record.x_max}"
        parts.append(f"{setup.x_spell.name}: {x}")
    parts.append("played and cast: " + (", ".join(record.cast) or "nothing"))
    tracked = [name for name, done in zip(setup.track, record.cast_by_turn, strict=True) if done]
    if setup.track:
        parts.append("tracked cast so far: " + (", ".join(tracked) or "none"))
    return "; ".join(parts)


def _sections(events: list[Event]) -> list[list[Event]]:
    """The log cut where each turn begins: the opening hand, then one part per turn."""
    out: list[list[Event]] = [[]]
    for e in events:
        if e.rule == TURN_BEGINS:
            out.append([])
        out[-1].append(e)
    return out


def _text(setup: DeckSetup, game: DeckGame) -> str:
    events = game.game.log.events
    width = max((len(e.rule) for e in events), default=0)
    side = "on the play" if game.on_play else "on the draw"
    lines = [f"Deck game {side}, {setup.turns} turns (rule: what happened)"]
    for k, part in enumerate(_sections(events)):
        lines.append("Opening hand" if k == 0 else f"Turn {k}")
        lines += [f"  {e.rule:<{width}}  {e.text}" for e in part]
        if 0 < k <= len(game.turns):
            lines.append(f"  {'':<{width}}  measured: {_measured(setup, game.turns[k - 1])}")
    g = game.game
    lines += ["", f"Result: {g.result}" + (f" ({g.reason})" if g.reason else "")]
    lines.append(f"Mulligans: {game.mulligans}; turns measured: {len(game.turns)}")
    return "\n".join(lines)


def _outcome(setup: DeckSetup, game: DeckGame) -> dict[str, Any]:
    """The game as JSON (``explain --run --json``)."""
    return {
        "engine": "reference",
        "on_play": game.on_play,
        "mulligans": game.mulligans,
        "result": game.game.result,
        "reason": game.game.reason,
        "turns": [
            {
                "turn": r.turn,
                "lands_in_play": r.lands_in_play,
                "mana_total": r.mana_total,
                "mana_by_type": dict(zip(MANA_TYPES, r.mana_by_type, strict=True)),
                "cost_payable": {
                    c.text: ok for c, ok in zip(setup.costs, r.cost_payable, strict=True)
                },
                "x_max": r.x_max,
                "cast": list(r.cast),
                "cast_by_turn": dict(zip(setup.track, r.cast_by_turn, strict=True)),
            }
            for r in game.turns
        ],
        "log": game.game.log.as_dicts(),
    }


@dataclass(frozen=True)
class DeckReplay:
    """One game rebuilt from the seeds: its deal, and the batch engine's results of it."""

    setup: DeckSetup
    deal: Deal
    batch: DeckResults  # the batch engine's results of this one game

    def replayed(self) -> Replayed:
        game = play_deck_game(self.setup, self.deal)
        text = _text(self.setup, game)
        reference = results_of(self.setup, [game])
        stopped = self.batch.row(0)["stopped"]
        capped = stopped in CAPS and stopped != reference.row(0)["stopped"]
        return Replayed(
            outcome=_outcome(self.setup, game),
            text=text,
            log=tuple((e.rule, e.text) for e in game.game.log.events),
            state=text.split("\n\n", 1)[1],
            agrees=self.batch.row(0) == reference.row(0),
            eventful=True,  # every game draws, plays lands and measures
            seats={},
            batch_cap=stopped if capped else "",
        )
