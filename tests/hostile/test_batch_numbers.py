"""Issue 12, class 1: the batch engine's state is 64-bit, so the numbers that overflowed its
16-bit state (32,768 counters, 1,000,000 damage, X = 40,000) are answered exactly, as the
reference engine answers them; past MAX_BATCH_NUMBER a number is refused with the cap named
(exit 3), never wrapped around or a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.batch.scenario import MAX_BATCH_NUMBER
from tests.helpers import cauldron

CASES = {
    "cast_x": '[[action]]\ndo = "cast"\ncard = "Walking Ballista"\nby = "A"\nx = {n}\n',
    "counters": (
        '[[battlefield]]\nid = "finks"\ncard = "Kitchen Finks"\ncontroller = "A"\n'
        'counters = {{ "+1/+1" = {n} }}\n[[action]]\ndo = "cast"\ncard = "Wrath of God"\n'
        'by = "A"\n'
    ),
    "damage": (
        '[[battlefield]]\nid = "wolf"\ncard = "Young Wolf"\ncontroller = "A"\n'
        '[[action]]\ndo = "damage"\ntarget = "wolf"\namount = {n}\n'
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_number_past_the_batch_cap_is_exit_3_with_the_cap_named(
    case: str, tmp_path: Path
) -> None:
    path = tmp_path / f"{case}.toml"
    n = MAX_BATCH_NUMBER + 1
    path.write_text('players = ["A", "B"]\nactive = "A"\n' + CASES[case].format(n=n))
    batch = cauldron("explain", str(path), "--engine", "batch")
    assert batch.returncode == 3, batch.stderr
    assert batch.stderr.count("\n") == 1 and "Traceback" not in batch.stderr
    assert f"MAX_BATCH_NUMBER = {MAX_BATCH_NUMBER}" in batch.stderr
    assert cauldron("explain", str(path), "--json").returncode == 0  # the reference answers


def test_the_cap_itself_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "at_cap.toml"
    path.write_text(
        'players = ["A", "B"]\nactive = "A"\n' + CASES["cast_x"].format(n=MAX_BATCH_NUMBER)
    )
    batch = cauldron("explain", str(path), "--engine", "batch", "--json")
    assert batch.returncode == 0, batch.stderr


@pytest.mark.parametrize(
    ("case", "n"), [("counters", 32768), ("damage", 1_000_000), ("cast_x", 40000)]
)
def test_numbers_past_16_bits_agree_on_both_engines(case: str, n: int, tmp_path: Path) -> None:
    path = tmp_path / f"{case}.toml"
    path.write_text('players = ["A", "B"]\nactive = "A"\n' + CASES[case].format(n=n))
    batch = cauldron("explain", str(path), "--engine", "batch", "--json")
    ref = cauldron("explain", str(path), "--json")
    assert batch.returncode == 0, batch.stderr
    keep = ("result", "battlefield", "graveyard", "exile", "life", "returned")
    ours, theirs = json.loads(batch.stdout), json.loads(ref.stdout)
    assert {k: ours[k] for k in keep} == {k: theirs[k] for k in keep}
