"""Decklists and the deck keys: what is read, and every error as one line naming its place.

Errors at the boundary are ``UserError`` (exit code 2 at the command line): one line with the
file, the line or key, and a hint.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.deck import DeckSetup
from sim.config.deck import parse_deck
from sim.config.decklist import parse_decklist
from sim.config.reader import Reader
from sim.errors import UserError

GAME = {"turns": 6}


def _setup(tmp_path: Path, data: dict[str, Any]) -> DeckSetup:
    return parse_deck(Reader("exp.toml"), {"game": GAME, **data}, tmp_path)


def _from_file(tmp_path: Path, text: str, **data: Any) -> DeckSetup:
    (tmp_path / "deck.txt").write_text(text, "utf-8")
    return _setup(tmp_path, {"deck": {"file": "deck.txt"}, **data})


def _error(tmp_path: Path, data: dict[str, Any], text: str = "") -> str:
    if text:
        (tmp_path / "deck.txt").write_text(text, "utf-8")
    with pytest.raises(UserError) as err:
        parse_deck(Reader("exp.toml"), data, tmp_path)
    message = str(err.value)
    assert "\n" not in message and err.value.exit_code == 2
    return message


def _names(setup: DeckSetup) -> dict[str, int]:
    out: dict[str, int] = {}
    for card in setup.cards:
        out[card.name] = out.get(card.name, 0) + 1
    return out


def test_an_arena_export_with_set_codes_and_a_sideboard() -> None:
    """Arena: headings, ``(SET) number`` after the name, the sideboard ignored."""
    text = "Deck\n4 Llanowar Elves (M19) 314\n36 Forest (ZNR) 276\n\nSideboard\n2 Plains (ZNR) 1\n"
    lines, split = parse_decklist(text, "deck.txt", 250)
    assert [(d.count, d.name, d.line) for d in lines] == [
        (4, "Llanowar Elves", 2),
        (36, "Forest", 3),
    ]
    assert not split


def test_an_mtgo_export_ends_the_deck_at_its_first_blank_line() -> None:
    """MTGO's export has no headings: after a blank line comes the sideboard."""
    lines, split = parse_decklist("36 Forest\n4 Sol Ring\n\n3 Plains\n", "deck.txt", 250)
    assert [d.name for d in lines] == ["Forest", "Sol Ring"]
    assert split


def test_comments_4x_counts_sb_lines_and_repeated_names(tmp_path: Path) -> None:
    """``#`` and ``//`` comments, ``4x``, MTGO's ``SB:`` lines; a name on two lines adds up;
    the deck keeps its list order."""
    text = "// my deck\nDeck:\n20x Forest  # basics\n4 Llanowar Elves\n\n16 Forest\nSB: 2 Plains\n"
    setup = _from_file(tmp_path, text)
    assert _names(setup) == {"Forest": 36, "Llanowar Elves": 4}
    assert [c.name for c in setup.cards[:1]] + [setup.cards[-1].name] == [
        "Forest",
        "Llanowar Elves",
    ]


def test_inline_cards_and_every_game_and_pilot_key(tmp_path: Path) -> None:
    """``[deck] cards``, ``[game]``, ``[pilot]``, and the metric keys, read as written."""
    setup = parse_deck(
        Reader("exp.toml"),
        {
            "deck": {"cards": {"Forest": 16, "Reflecting Pool": 2, "Grizzly Bears": 22}},
            "game": {
                "turns": 5,
                "play": "random",
                "mulligan": "london",
                "keep_lands": [3, 4],
                "max_mulligans": 1,
            },
            "pilot": {"land_order": ["Reflecting Pool"], "cast_order": ["Grizzly Bears"]},
            "costs": ["{1}{G}", "{G/W}"],
            "track": ["Grizzly Bears"],
            "x_spell": "hangarback walker",
        },
        tmp_path,
    )
    assert len(setup.cards) == 40 and setup.turns == 5 and setup.play == "random"
    assert (setup.mulligan, setup.keep_lands, setup.max_mulligans) == ("london", (3, 4), 1)
    assert (setup.land_order, setup.cast_order) == (("Reflecting Pool",), ("Grizzly Bears",))
    assert [c.text for c in setup.costs] == ["{1}{G}", "{G/W}"]
    assert setup.track == ("Grizzly Bears",)
    assert setup.x_spell is not None and setup.x_spell.name == "Hangarback Walker"


def test_an_unknown_card_names_the_line_and_close_names(tmp_path: Path) -> None:
    message = _error(tmp_path, {"deck": {"file": "deck.txt"}}, "36 Forest\n4 Llanowar Elfs\n")
    assert message.startswith(f"{tmp_path / 'deck.txt'}: line 2: unknown card 'Llanowar Elfs'")
    assert "Llanowar Elves" in message


def test_an_unknown_inline_card_names_its_key(tmp_path: Path) -> None:
    message = _error(tmp_path, {"deck": {"cards": {"Forest": 36, "Sol Rign": 4}}})
    assert message.startswith("exp.toml: deck.cards.Sol Rign: unknown card 'Sol Rign'")


@pytest.mark.parametrize("line", ["four Forest", "4.5 Forest", "Forest"])
def test_a_count_that_is_not_a_number(tmp_path: Path, line: str) -> None:
    message = _error(tmp_path, {"deck": {"file": "deck.txt"}}, f"36 Forest\n{line}\n")
    assert message.startswith(f"{tmp_path / 'deck.txt'}: line 2: ")
    assert "hint: a card line is COUNT NAME" in message


def test_a_count_of_zero(tmp_path: Path) -> None:
    message = _error(tmp_path, {"deck": {"file": "deck.txt"}}, "0 Forest\n")
    assert "line 1: count 0 is out of range" in message


def test_an_inline_count_that_is_not_a_number(tmp_path: Path) -> None:
    message = _error(tmp_path, {"deck": {"cards": {"Forest": "36"}}})
    assert message.startswith("exp.toml: deck.cards.Forest: expected an integer")


def test_too_few_cards(tmp_path: Path) -> None:
    message = _error(tmp_path, {"deck": {"cards": {"Forest": 39}}})
    assert message == "exp.toml: deck.cards: 39 cards: too few (hint: a deck has 40 to 250 cards)"


def test_too_many_cards(tmp_path: Path) -> None:
    message = _error(tmp_path, {"deck": {"file": "deck.txt"}}, "200 Forest\n51 Island\n")
    assert message.startswith(f"{tmp_path / 'deck.txt'}: 251 cards: too many")


def test_too_few_cards_after_an_mtgo_blank_line_says_why(tmp_path: Path) -> None:
    message = _error(tmp_path, {"deck": {"file": "deck.txt"}}, "20 Forest\n\n20 Island\n")
    assert "20 cards: too few" in message and "blank line starts the sideboard" in message


@pytest.mark.parametrize(
    ("card", "why"),
    [
        ("Massacre Girl", "its etb_creatures_get trigger"),
        ("Hangarback Walker", "X in its cost"),
        ("Murderous Redcap", "its etb_damage_any_target trigger"),
    ],
)
def test_a_card_the_engines_cannot_yet_play_in_a_deck_game(
    tmp_path: Path, card: str, why: str
) -> None:
    message = _error(tmp_path, {"deck": {"file": "deck.txt"}}, f"36 Forest\n4 {card}\n")
    assert message.startswith(
        f"{tmp_path / 'deck.txt'}: line 2: {card} cannot be played in a deck game yet: {why}"
    )


def test_a_missing_decklist_file(tmp_path: Path) -> None:
    message = _error(tmp_path, {"deck": {"file": "nope.txt"}})
    assert message.startswith("exp.toml: deck.file: no such file")


@pytest.mark.parametrize(
    ("data", "start"),
    [
        ({"deck": {}}, "exp.toml: deck: give either cards or file"),
        ({"deck": {"cards": {"Forest": 40}, "file": "x"}}, "exp.toml: deck: give either"),
        ({"deck": {"list": 1}}, "exp.toml: deck.list: unknown key"),
        ({"game": {"turns": 0}}, "exp.toml: game.turns: 0 is out of range"),
        ({"game": {"turns": 21}}, "exp.toml: game.turns: 21 is out of range"),
        ({"game": {}}, "exp.toml: game: missing key 'turns'"),
        ({"game": {"turns": 3, "play": "first"}}, "exp.toml: game.play: unknown value"),
        ({"game": {"turns": 3, "mulligan": "paris"}}, "exp.toml: game.mulligan: unknown value"),
        ({"game": {"turns": 3, "keep_lands": [5, 2]}}, "exp.toml: game.keep_lands: lo 5"),
        ({"game": {"turns": 3, "keep_lands": [2, 8]}}, "exp.toml: game.keep_lands[1]: 8 is"),
        ({"game": {"turns": 3, "keep_lands": 2}}, "exp.toml: game.keep_lands: expected [lo, hi]"),
        ({"game": {"turns": 3, "max_mulligans": 7}}, "exp.toml: game.max_mulligans: 7 is"),
        ({"game": {"turns": 3, "mulls": 1}}, "exp.toml: game.mulls: unknown key"),
        ({"pilot": {"land_order": ["Island"]}}, "exp.toml: pilot.land_order[0]: Island is not"),
        (
            {"pilot": {"land_order": ["Sol Ring"]}},
            "exp.toml: pilot.land_order[0]: Sol Ring is not a",
        ),
        ({"pilot": {"cast_order": ["Forest"]}}, "exp.toml: pilot.cast_order[0]: Forest is not a"),
        ({"pilot": {"order": []}}, "exp.toml: pilot.order: unknown key"),
        ({"costs": ["{2}{G"]}, "exp.toml: costs[0]: mana cost"),
        ({"costs": ["{X}{G}"]}, "exp.toml: costs[0]: a cost with X"),
        ({"costs": ["{G}", "{G}"]}, "exp.toml: costs: a cost is listed twice"),
        ({"costs": "{G}"}, "exp.toml: costs: expected a list"),
        ({"track": ["Llanowar Elves"]}, "exp.toml: track[0]: Llanowar Elves is not in the deck"),
        ({"x_spell": "Sol Ring"}, "exp.toml: x_spell: Sol Ring has no X in its cost"),
        ({"x_spell": "Hangarback Walkr"}, "exp.toml: x_spell: unknown card"),
        (
            {"deck": {"cards": {"Forest": 20, "forest": 20}}},
            "exp.toml: deck.cards.forest: Forest is listed twice",
        ),
    ],
)
def test_every_bad_key_is_one_line_with_its_key_path(
    tmp_path: Path, data: dict[str, Any], start: str
) -> None:
    full = {"deck": {"cards": {"Forest": 36, "Sol Ring": 4}}, "game": GAME, **data}
    assert _error(tmp_path, full).startswith(start)


TAPLAND = """
[[card]]
name = "Mossy Hollow"
types = ["Land"]
oracle = "Mossy Hollow enters tapped.\\n{T}: Add {G}."
abilities = [{ template = "enters_tapped" }, { template = "mana_fixed", produce = "G" }]
"""

SCRIPT = """
import sys
from pathlib import Path
from engine.deck import Deal
from engine.library import use_card_files
from engine.reference.deck import play_deck_game
from sim.config.deck import parse_deck
from sim.config.reader import Reader
use_card_files([sys.argv[1]])
setup = parse_deck(Reader("exp.toml"), {
    "deck": {"file": "deck.txt"}, "game": {"turns": 2}, "track": ["Mossy Hollow"],
}, Path(sys.argv[2]))
game = play_deck_game(setup, Deal(True, (tuple(range(len(setup.cards))),)))
print([(t.lands_in_play, t.mana_total, t.cast_by_turn) for t in game.turns])
"""


def test_a_deck_holds_the_cards_of_a_users_card_file(tmp_path: Path) -> None:
    """A card of a ``--cards`` file (the process's library) is a deck card like any: here a
    land of one's own that enters tapped (614.1c) and taps for G (in a fresh process: the
    card files are the process's)."""
    (tmp_path / "cards.toml").write_text(TAPLAND, "utf-8")
    (tmp_path / "deck.txt").write_text("4 Mossy Hollow\n36 Wrath of God\n", "utf-8")
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "cards.toml"), str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "[(1, 0, (True,)), (2, 1, (True,))]"


def test_a_byte_order_mark_and_crlf_line_ends(tmp_path: Path) -> None:
    """A Windows export: a byte-order mark before the first count, CRLF line ends."""
    (tmp_path / "deck.txt").write_bytes("\ufeff36 Forest\r\n4 Sol Ring\r\n".encode())
    setup = _setup(tmp_path, {"deck": {"file": "deck.txt"}})
    assert _names(setup) == {"Forest": 36, "Sol Ring": 4}
