"""A deck game's log, checked in: every step with its rule, read in review.

A 40-card green deck stacked so that four turns on the draw see a mulligan, an enters-tapped
land, Reflecting Pool, Llanowar Elves and Sol Ring. If a change to the log is meant, run
``pytest tests/deck/test_golden_deck_log.py --update-golden`` and review the diff.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from engine.deck import Deal
from engine.reference.deck import play_deck_game
from tests.deck.decks import card, deck_of, stacked

GOLDEN = Path(__file__).parent / "golden" / "green_4_turns_on_the_draw.txt"
DECK = {
    "Forest": 12,
    "Reflecting Pool": 2,
    "Vivid Crag": 2,
    "Llanowar Elves": 4,
    "Sol Ring": 1,
    "Grizzly Bears": 19,
}
FIRST = ["Forest", "Grizzly Bears", "Grizzly Bears", "Grizzly Bears"] + ["Grizzly Bears"] * 3
KEPT = ["Forest", "Vivid Crag", "Llanowar Elves", "Sol Ring", "Grizzly Bears", "Forest"]
DRAWS = ["Grizzly Bears", "Reflecting Pool", "Grizzly Bears", "Grizzly Bears"]


def _log() -> str:
    setup = deck_of(
        DECK,
        4,
        play="draw",
        mulligan="london",
        keep_lands=(2, 5),
        max_mulligans=1,
        costs=("{2}{G}{G}", "{R}"),
        track=("Sol Ring",),
        x_spell=card("Hangarback Walker"),
    )
    first = stacked(setup, FIRST).orders[0]
    second = stacked(setup, [*KEPT, "Grizzly Bears", *DRAWS]).orders[0]
    game = play_deck_game(setup, Deal(False, (first, second)))
    lines = [f"{e.rule:>10}  {e.text}" for e in game.game.log.events]
    lines += [f"turn {r.turn}: {r}" for r in game.turns]
    return "\n".join(lines) + "\n"


def test_the_deck_game_log_matches_its_golden_copy(update_golden: bool) -> None:
    """CR 103.5, 103.8a, 504.1, 305.2, 614.1c, 106.7, 302.6, 601.2: the game step by step."""
    actual = _log()
    if update_golden:
        GOLDEN.write_text(actual, encoding="utf-8")
    diff = list(
        difflib.unified_diff(
            GOLDEN.read_text(encoding="utf-8").splitlines(),
            actual.splitlines(),
            fromfile=f"golden/{GOLDEN.name}",
            tofile="the deck game (now)",
            lineterm="",
        )
    )
    if diff:
        pytest.fail(
            "the deck game log changed; if meant, run with --update-golden and review:\n"
            + "\n".join(diff),
            pytrace=False,
        )
