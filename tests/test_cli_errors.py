"""Bad input at the boundary: one line naming the file and key, exit code 2, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import cauldron

BAD = {
    "unknown_card.toml": (
        'players = ["A", "B"]\n[[battlefield]]\nid = "x"\n'
        'card = "Kitchen Fink"\ncontroller = "A"\n',
        "battlefield[0].card",
    ),
    "unknown_key.toml": ('players = ["A"]\ncolour = 1\n', "colour"),
    "wrong_type.toml": (
        'players = ["A"]\n[[battlefield]]\nid = "x"\ncard = "Forest"\n'
        'controller = "A"\ntapped = "no"\n',
        "battlefield[0].tapped",
    ),
    "unknown_id.toml": (
        'players = ["A"]\n[[action]]\ndo = "destroy"\ntarget = "nobody"\n',
        "action[0].target",
    ),
    "unknown_player.toml": ('players = ["A"]\nactive = "Z"\n', "active"),
    "bad_toml.toml": ("players = [\n", "not valid TOML"),
    "unknown_action.toml": ('players = ["A"]\n[[action]]\ndo = "mill"\n', "action[0].do"),
    "missing_mode.toml": (
        'players = ["A"]\n[[action]]\ndo = "cast"\ncard = "Merciless Eviction"\nby = "A"\n',
        "action[0]",
    ),
    "bad_color.toml": (
        'players = ["A"]\n[[battlefield]]\nid = "f"\ncard = "Forest"\ncontroller = "A"\n'
        '[[action]]\ndo = "tap_for_mana"\npermanent = "f"\ncolor = "P"\n',
        "action[0].color",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_scenario_is_one_line_exit_2(tmp_path: Path, name: str) -> None:
    text, place = BAD[name]
    path = tmp_path / name
    path.write_text(text)
    done = cauldron("explain", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert str(path) in lines[0] and place in lines[0]
    assert "Traceback" not in done.stderr


def test_missing_file_is_exit_2(tmp_path: Path) -> None:
    done = cauldron("explain", str(tmp_path / "nope.toml"))
    assert done.returncode == 2 and "no such file" in done.stderr


def test_bad_flag_is_exit_2() -> None:
    done = cauldron("explain", "--colour")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_cards_lists_and_searches() -> None:
    everything = cauldron("cards")
    assert everything.returncode == 0
    assert "Kitchen Finks" in everything.stdout and "Vivid Crag" in everything.stdout
    persist = cauldron("cards", "persist")
    names = {
        line.split("  ")[0] for line in persist.stdout.splitlines() if not line.startswith(" ")
    }
    assert {"Kitchen Finks", "Safehold Elite", "Murderous Redcap", "Cauldron of Souls"} <= names
    assert "Grizzly Bears" not in names
    assert cauldron("cards", "no such card text").returncode == 2
