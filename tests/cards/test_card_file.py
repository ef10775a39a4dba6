"""A user's card file: validated like engine/cards.toml, one line with the file and key path,
and a built-in name taken only with ``replaces`` (issue #14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.library import LibraryError, load_card_file, load_card_files, search_cards
from sim.cli.main import main

BIG_FINKS = """[[card]]
name = "Kitchen Finks"
replaces = "Kitchen Finks"
mana_cost = "{1}{G/W}{G/W}"
types = ["Creature"]
subtypes = ["Ouphe"]
power = 3
toughness = 3
keywords = ["persist"]
abilities = [{ template = "etb_gain_life", amount = 2 }]
"""
NEW_CARD = """[[card]]
name = "Grove Keeper"
mana_cost = "{2}{G}"
types = ["Creature"]
power = 2
toughness = 3
keywords = ["undying"]
oracle = "Undying"
"""


def _file(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def test_a_card_file_adds_cards_and_replaces_a_builtin_one(tmp_path: Path) -> None:
    cards = load_card_files([_file(tmp_path, BIG_FINKS + NEW_CARD)])
    assert cards["kitchen finks"].toughness == 3
    assert cards["grove keeper"].keywords == ("undying",)
    assert [c.name for c in search_cards("grove", cards)] == ["Grove Keeper"]
    assert search_cards("grove") == []  # the shipped library is unchanged


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (BIG_FINKS.replace('replaces = "Kitchen Finks"\n', ""), "card[0].name: 'Kitchen Finks'"),
        (BIG_FINKS.replace('replaces = "Kitchen Finks"', 'replaces = "Young Wolf"'), "replaces"),
        (NEW_CARD + 'replaces = "Grove Keeper"\n', "no built-in card is named"),
        (NEW_CARD + NEW_CARD, "card[1].name: 'Grove Keeper' is listed twice"),
        (NEW_CARD + "colour = 1\n", "card[0]: unknown key 'colour'"),
        (NEW_CARD.replace("power = 2", 'power = "2"'), "card[0].power: must be a integer"),
        (NEW_CARD + 'abilities = [{ template = "etb_gain_life" }]\n', "abilities[0]"),
        (NEW_CARD.replace('"{2}{G}"', '"{2}{Q}"'), "card[0].mana_cost"),
        (NEW_CARD.replace('["undying"]', '["shroud"]'), "unknown keyword"),
        ("name = 1\n", "name: unknown key"),
        ("card = 1\n", "card: must be an array of tables"),
        ("[[card]\n", "not valid TOML"),
    ],
)
def test_a_bad_card_file_is_one_line_naming_the_file_and_key(
    text: str, expected: str, tmp_path: Path
) -> None:
    path = _file(tmp_path, text)
    with pytest.raises(LibraryError) as caught:
        load_card_file(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and expected in message and "\n" not in message


def test_a_missing_file_and_a_card_in_two_files_are_errors(tmp_path: Path) -> None:
    with pytest.raises(LibraryError, match="no such file"):
        load_card_file(tmp_path / "none.toml")
    one, two = _file(tmp_path, NEW_CARD, "one.toml"), _file(tmp_path, NEW_CARD, "two.toml")
    with pytest.raises(LibraryError, match="'Grove Keeper' is also in"):
        load_card_files([one, two])


def test_cards_command_lists_a_card_file_and_reports_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _file(tmp_path, NEW_CARD)
    assert main(["cards", "--cards", str(good), "Grove"]) == 0
    assert capsys.readouterr().out.startswith("Grove Keeper  {2}{G}  Creature 2/3\n")
    bad = _file(tmp_path, BIG_FINKS.replace('replaces = "Kitchen Finks"\n', ""), "bad.toml")
    assert main(["cards", "--cards", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err and "replaces" in err
