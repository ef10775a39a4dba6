"""The board notation of tests.helpers: one permanent a line, the same tables as the TOML."""

from __future__ import annotations

import pytest

from tests.helpers import board, scenario


def test_a_line_is_the_battlefield_table_it_abbreviates() -> None:
    assert board("finks: Kitchen Finks @A +1/+1=1 -1/-1=2 tapped token") == [
        {
            "id": "finks",
            "card": "Kitchen Finks",
            "controller": "A",
            "tapped": True,
            "token": True,
            "counters": {"+1/+1": 1, "-1/-1": 2},
        }
    ]


def test_every_field_of_the_notation() -> None:
    (entry,) = board(
        "hb: Hangarback Walker @A owner=B damage=1 x=2 grant=persist,undying sick not_creature"
        " attached_to=f luck=3"
    )
    assert entry == {
        "id": "hb",
        "card": "Hangarback Walker",
        "controller": "A",
        "owner": "B",
        "damage": 1,
        "x": 2,
        "grant": ["persist", "undying"],
        "since_turn_start": False,
        "not_creature": True,
        "attached_to": "f",
        "counters": {"luck": 3},
    }


def test_several_lines_in_one_argument_with_comments() -> None:
    lines = board(
        """
        night: Night of Souls' Betrayal @B   # an apostrophe in the name
        melira: Melira, Sylvok Outcast @A

        f: Forest @A
        """,
        "wg: Wild Growth @A attached_to=f",
    )
    assert [(e["id"], e["card"], e["controller"]) for e in lines] == [
        ("night", "Night of Souls' Betrayal", "B"),
        ("melira", "Melira, Sylvok Outcast", "A"),
        ("f", "Forest", "A"),
        ("wg", "Wild Growth", "A"),
    ]


def test_the_notation_builds_the_same_scenario_as_the_tables() -> None:
    tables = [
        {"id": "f", "card": "Forest", "controller": "A", "tapped": True},
        {"id": "wolf", "card": "Young Wolf", "controller": "B", "counters": {"+1/+1": 1}},
    ]
    noted = board("f: Forest @A tapped", "wolf: Young Wolf @B +1/+1=1")
    assert scenario(board=noted) == scenario(board=tables)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("finks: Kitchen Finks", "expected 'ID: CARD NAME @CONTROLLER"),
        ("Kitchen Finks @A", "expected 'ID: CARD NAME @CONTROLLER"),
        ("finks: Kitchen Finks @A untapped", "unknown flag 'untapped'"),
        ("finks: Kitchen Finks @A +1/+1=one", "finks.*: \\+1/\\+1 takes a whole number"),
    ],
)
def test_a_malformed_line_is_an_error_naming_it(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        board(line)
