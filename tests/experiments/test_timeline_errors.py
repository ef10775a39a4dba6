"""Bad mixed-timeline keys (``tap_for_mana`` and ``activate`` events, a slot's other
counters): one line naming the key path, exit code 2, nothing written (SPEC section 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.cli.main import main

TIMELINE = """
name = "timeline"
shape = "wipe"
trials = 1_000

[[slots]]
count = 4
cards = { "Forest" = 1, "Llanowar Elves" = 1, "Deep Water" = 1, "Kitchen Finks" = 1 }
counters = { luck = [0, 1] }

[[events]]
do = "tap_for_mana"
permanent = "random_source"
color = { none = 1, G = 1 }
replacement_order = "random"

[[events]]
do = "activate"
permanent = "Deep Water"
ability = 0

[[events]]
cards = { "Wrath of God" = 1 }
"""


def _with(old: str, new: str) -> str:
    assert old in TIMELINE
    return TIMELINE.replace(old, new)


BAD = {
    "unknown_permanent_policy": (
        _with('permanent = "random_source"', 'permanent = "any_source"'),
        "events[0].permanent",
    ),
    "no_such_group": (_with('permanent = "random_source"', 'permanent = "slots[3]"'), "slots[3]"),
    "no_mana_ability": (
        _with('permanent = "random_source"', 'permanent = "Deep Water"'),
        "events[0].permanent",
    ),
    "no_activated_ability": (
        _with('permanent = "Deep Water"', 'permanent = ["Forest"]'),
        "events[1].permanent[0]",
    ),
    "bad_color": (_with("G = 1 }", "Q = 1 }"), "events[0].color.Q"),
    "bad_order": (
        _with('replacement_order = "random"', 'replacement_order = "backwards"'),
        "events[0].replacement_order",
    ),
    "empty_order": (
        _with('replacement_order = "random"', "replacement_order = []"),
        "events[0].replacement_order",
    ),
    "ability_range": (_with("ability = 0", "ability = 9"), "events[1].ability"),
    "bad_target": (
        _with("ability = 0", 'ability = 0\ntarget = "everyone"'),
        "events[1].target",
    ),
    "bad_whose": (
        _with('replacement_order = "random"', 'whose = "next"'),
        "events[0].whose",
    ),
    "bad_counter_kind": (_with("luck = [0, 1]", '"+1/+1" = 1'), "slots[0].counters"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_timeline_key_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    text, place = BAD[name]
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    assert main(["validate", str(path)]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1, err
    assert place in lines[0] and str(path) in lines[0], err
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_the_timeline_file_is_valid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "timeline.toml"
    path.write_text(TIMELINE)
    assert main(["validate", str(path)]) == 0, capsys.readouterr().err
