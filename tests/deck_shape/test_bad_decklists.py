"""Bad decks at the boundary (issue #13): one line on stderr naming the file and the place,
exit code 2, and nothing written (the run folder is not even created)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import cauldron

EXPERIMENT = """
name = "bad_deck"
shape = "deck"
trials = 300
[deck]
file = "deck.txt"
[game]
turns = 3
"""

FILLER = "20 Forest\n20 Grizzly Bears\n"

BAD = {  # the decklist, and what the one line must name: the list, its place, the problem
    "unknown_card": (FILLER + "4 Llanowar Elfs\n", ("deck.txt", "line 3", "unknown card")),
    "count_not_a_number": (FILLER + "four Llanowar Elves\n", ("deck.txt", "line 3")),
    "too_few_cards": ("10 Forest\n20 Grizzly Bears\n", ("deck.txt", "30 cards: too few")),
    "x_in_its_cost": (
        FILLER + "2 Hangarback Walker\n",
        ("deck.txt", "line 3", "Hangarback Walker", "X in its cost"),
    ),
    "a_trigger_not_played": (
        FILLER + "2 Massacre Girl\n",
        ("deck.txt", "line 3", "Massacre Girl", "etb_creatures_get"),
    ),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_decklist_is_one_line_exit_2_and_nothing_written(tmp_path: Path, name: str) -> None:
    """A decklist with an unknown card, a count that is not a number, too few cards (a deck
    has 40 to 250), or a card the engines cannot yet cast in a deck game."""
    decklist, words = BAD[name]
    (tmp_path / "deck.txt").write_text(decklist)
    (tmp_path / "exp.toml").write_text(EXPERIMENT)
    out = tmp_path / "out"
    done = cauldron("run", str(tmp_path / "exp.toml"), "--out", str(out))
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    assert not out.exists()


def test_a_bad_inline_deck_names_the_key(tmp_path: Path) -> None:
    """``deck.cards`` with an unknown card: the experiment file and the key path."""
    text = EXPERIMENT.replace('file = "deck.txt"', 'cards = { "Forest" = 20, "Grizly Bears" = 20 }')
    (tmp_path / "exp.toml").write_text(text)
    done = cauldron("run", str(tmp_path / "exp.toml"), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "exp.toml: deck.cards.Grizly Bears: unknown card" in done.stderr
    assert not (tmp_path / "out").exists()
