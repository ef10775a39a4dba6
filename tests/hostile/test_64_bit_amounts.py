"""Life, counters, power, toughness and damage past 64 bits (issue 11: "mana amounts, life
and counters in 64-bit integers in both engines; past 64 bits a trial is unsupported with the
reason, never a saturated number"; the numbers that follow from them too): both engines stop
such a trial, ``unsupported``, naming MAX_AMOUNT; a scenario's own number past 64 bits is an
error at the boundary (exit 2), as TOML says.

Counters grow past 64 bits through a user's modifier with a large factor (Boundless Scales,
2^62 times as many); power and toughness with them; damage from two such blockers; and life
through lifelink on a creature with that many counters.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine.batch.outcome import comparable
from engine.reference.characteristics import PT_PAST_CAP
from engine.reference.counters import COUNTERS_PAST_CAP
from engine.reference.damage import DAMAGE_PAST_CAP, LIFE_PAST_CAP
from engine.reference.state import MAX_AMOUNT
from tests.helpers import cauldron

SCALES = """[[card]]
name = "Boundless Scales"
types = ["Enchantment"]
oracle = "If +1/+1 counters would be put on a creature you control, {factor} times as many{less}."

[[card.abilities]]
template = "counters_modified"
scope = "creatures_yours"
kind = "+1/+1"
factor = {factor}
add = {add}

[[card]]
name = "Vampire Cub"
types = ["Creature"]
power = 1
toughness = 1
keywords = ["lifelink"]
oracle = "Lifelink"
"""


def _scenario(counters: int, attacks: int) -> str:
    actions = [f'{{ do = "counters", target = "cub", kind = "+1/+1", amount = {counters} }}']
    for k in range(attacks):
        if k:
            actions += ['{ do = "pass_turn" }', '{ do = "pass_turn" }']
        blocks = f'blockers = {{ bears{k} = "cub" }}'
        actions.append(f'{{ do = "attack", attackers = ["cub"], {blocks} }}')
    listed = ",\n  ".join(actions)
    return f"""players = ["A", "B"]
active = "A"
battlefield = [
  {{ id = "scales", card = "Boundless Scales", controller = "A" }},
  {{ id = "cub", card = "Vampire Cub", controller = "A" }},
  {{ id = "bears0", card = "Grizzly Bears", controller = "B" }},
  {{ id = "bears1", card = "Grizzly Bears", controller = "B" }},
]
action = [
  {listed},
]
"""


def _both(tmp_path: Path, scenario: str, add: int = 0, factor: int = 2**62) -> list[dict[str, Any]]:
    """The reference's and the batch engine's ``explain --json`` of ``scenario``; where the
    batch engine stops a trial it says why on one line, exit 3 (``result`` and ``reason``
    here, as the reference engine's JSON has them)."""
    cards, file = tmp_path / "cards.toml", tmp_path / "s.toml"
    less = f" plus {add}" if add else ""
    card = SCALES.replace("{factor}", str(factor)).replace("{add}", str(add))
    cards.write_text(card.replace("{less}", less), "utf-8")
    file.write_text(scenario, "utf-8")
    outs: list[dict[str, Any]] = []
    for engine in ("reference", "batch"):
        done = cauldron("explain", str(file), "--cards", str(cards), "--engine", engine, "--json")
        stops = f"{file}: the batch engine stops: "
        if engine == "batch" and done.returncode == 3 and done.stderr.count("\n") == 1:
            assert stops in done.stderr, done.stderr
            reason = done.stderr.split(stops)[1].rstrip("\n")
            outs.append({"result": "unsupported", "reason": reason})
            continue
        assert done.returncode == 0, done.stderr
        outs.append(json.loads(done.stdout))
    return outs


def test_122_1_a_counter_past_64_bits_is_unsupported_on_both_engines(tmp_path: Path) -> None:
    """CR 122.1, 614.1a: one +1/+1 counter becomes 2^62, fits; two become 2^63, one past
    MAX_AMOUNT: the trial stops on both engines, with the reason (the reference engine put
    2^63 counters and answered ``ok``)."""
    fits, past = (_both(tmp_path, _scenario(n, 0)) for n in (1, 2))
    assert [out["result"] for out in fits] == ["ok", "ok"]
    assert comparable(fits[0]) == comparable(fits[1])
    cub = {p["id"]: p for p in fits[0]["battlefield"]}["cub"]
    assert cub["counters"] == {"+1/+1": 2**62} and cub["power"] == 2**62 + 1
    assert [(out["result"], out["reason"]) for out in past] == [
        ("unsupported", COUNTERS_PAST_CAP)
    ] * 2


def test_614_1a_a_product_past_64_bits_is_unsupported_though_the_addend_brings_it_back(
    tmp_path: Path,
) -> None:
    """CR 614.1a: 2 counters times 2^62, less 10, is 2^63 - 10, which fits; the product
    2^63 does not, and both engines count in 64 bits: the trial stops on both (the batch
    engine always stopped here; the reference engine put 2^63 - 10)."""
    outs = _both(tmp_path, _scenario(2, 0), add=-10)
    assert [(out["result"], out["reason"]) for out in outs] == [
        ("unsupported", COUNTERS_PAST_CAP)
    ] * 2


WOLF_UNDER_SCALES = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "scales", card = "Boundless Scales", controller = "A" },
  { id = "wolf", card = "Young Wolf", controller = "A" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }]
"""


def test_614_1a_a_64_bit_addend_below_a_negative_product_puts_none(tmp_path: Path) -> None:
    """CR 702.93a, 614.1a, 122.1: Young Wolf's undying counter under a modifier with factor
    -1 and addend -2^63 (the least 64-bit number) becomes fewer than none: none, on both
    engines. The batch kernel's sum -1 - 2^63 would wrap to 2^63 - 1 counters; it puts none
    without computing it."""
    outs = _both(tmp_path, WOLF_UNDER_SCALES, add=-(2**63), factor=-1)
    assert comparable(outs[0]) == comparable(outs[1])
    assert {p["id"]: p["counters"] for p in outs[0]["battlefield"]}["wolf"] == {}
    assert [r["id"] for r in outs[0]["returned"]] == ["wolf"]


def test_613_4_a_power_past_64_bits_is_unsupported_on_both_engines(tmp_path: Path) -> None:
    """CR 613.4, 122.1a: one counter times 2^62, plus 2^62 - 1, is 2^63 - 1 counters, which
    fit; the 1/1 cub's power and toughness with them, 2^63, do not: the trial stops on both
    engines, with the reason (the reference engine answered ``ok`` with a 2^63/2^63; the batch
    engine wrapped both to -2^63, and the cub died of it, 704.5f)."""
    outs = _both(tmp_path, _scenario(1, 0), add=2**62 - 1)
    assert [(out["result"], out["reason"]) for out in outs] == [("unsupported", PT_PAST_CAP)] * 2


def test_119_3_a_life_total_past_64_bits_is_unsupported_on_both_engines(tmp_path: Path) -> None:
    """CR 119.3, 702.15b, 510.2: the cub, 2^62 + 1 power with lifelink, attacks and is
    blocked: its damage to the blocker gains A 2^62 + 1 life, within 64 bits; attacking
    again two turns later would take A past 2^63 - 1: the trial stops on both engines with
    the reason (the reference engine answered ``ok`` with A at 2^63 + 22; the batch engine
    wrapped A's total below zero, and called it a loss, 704.5a)."""
    once = _both(tmp_path, _scenario(1, 1))
    assert [out["result"] for out in once] == ["ok", "ok"]
    assert once[0]["life"] == {"A": 20 + 2**62 + 1, "B": 20}
    assert comparable(once[0]) == comparable(once[1])
    twice = _both(tmp_path, _scenario(1, 2))
    assert [(out["result"], out["reason"]) for out in twice] == [("unsupported", LIFE_PAST_CAP)] * 2


DOUBLE_BLOCK = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "scales_a", card = "Boundless Scales", controller = "A" },
  { id = "scales_b", card = "Boundless Scales", controller = "B" },
  { id = "cub", card = "Vampire Cub", controller = "A" },
  { id = "bears0", card = "Grizzly Bears", controller = "B" },
  { id = "bears1", card = "Grizzly Bears", controller = "B" },
]
action = [
  { do = "counters", target = "cub", kind = "+1/+1", amount = 1 },
  { do = "counters", target = "bears0", kind = "+1/+1", amount = 1 },
  { do = "counters", target = "bears1", kind = "+1/+1", amount = 1 },
  { do = "attack", attackers = ["cub"], blockers = { bears0 = "cub", bears1 = "cub" } },
]
"""


def test_120_3e_damage_past_64_bits_is_unsupported_on_both_engines(tmp_path: Path) -> None:
    """CR 509.1a, 510.1c, 120.3e: two Bears with 2^62 +1/+1 counters each block the cub (2^62
    + 1 toughness): their damage, 2^63 + 4, is past 64 bits: the trial stops on both engines,
    with the reason (the batch engine wrapped the sum below zero, and the cub lived)."""
    outs = _both(tmp_path, DOUBLE_BLOCK)
    assert [(out["result"], out["reason"]) for out in outs] == [
        ("unsupported", DAMAGE_PAST_CAP)
    ] * 2


@pytest.mark.parametrize(
    ("key", "text"),
    [
        ("life.A", "[life]\nA = 9223372036854775808\n"),
        ("battlefield[0].counters.+1/+1", ""),
        ("action[0].amount", ""),
    ],
)
def test_a_scenario_number_past_64_bits_is_one_line(tmp_path: Path, key: str, text: str) -> None:
    """TOML integers are 64-bit (the reader takes larger ones): a scenario's number past
    them is refused where it is written (exit 2), never a total either engine starts from."""
    big = 2**63
    file = tmp_path / "s.toml"
    on_board = big if key.startswith("battlefield") else 1
    put = big if key.startswith("action") else 1
    file.write_text(
        f"""players = ["A", "B"]
active = "A"
{text}
[[battlefield]]
id = "bears"
card = "Grizzly Bears"
controller = "A"
counters = {{ "+1/+1" = {on_board} }}

[[action]]
do = "counters"
target = "bears"
kind = "+1/+1"
amount = {put}
""",
        "utf-8",
    )
    done: subprocess.CompletedProcess[str] = cauldron("explain", str(file))
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1), done.stderr
    assert f"{key}: {MAX_AMOUNT + 1} is past 64 bits" in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("key", "card"),
    [
        ("card[0].power", 'types = ["Creature"]\npower = {big}\ntoughness = 1'),
        (
            "card[0].abilities[0]: counters_modified.factor",
            'types = ["Enchantment"]\nabilities = [{{ template = "counters_modified", '
            'scope = "creatures_yours", kind = "+1/+1", factor = {big} }}]',
        ),
    ],
)
def test_a_card_files_number_past_64_bits_is_one_line(tmp_path: Path, key: str, card: str) -> None:
    """A user's card file is TOML too: a number past 64 bits is refused where it is written
    (exit 2), before either engine reads the card."""
    cards = tmp_path / "cards.toml"
    body = card.format(big=2**64)
    cards.write_text(f'[[card]]\nname = "Endless Titan"\noracle = ""\n{body}\n', "utf-8")
    file = tmp_path / "s.toml"
    file.write_text('players = ["A", "B"]\nactive = "A"\n', "utf-8")
    done = cauldron("explain", str(file), "--cards", str(cards))
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1), done.stderr
    assert f"{key}: {2**64} is past 64 bits (hint: TOML integers are 64-bit)" in done.stderr
