"""CR 611.2a, 616.1: a user's card whose Deep Water-style ability ("until end of turn, if you
tap a land you control for mana, it produces {R} instead") is not its first activated ability.

The batch tables read that ability from the card's first activated ability only, so such a
card's effect produced no type at all on the batch engine (its lands tapped for nothing,
could produce nothing) and the mana shape never activated it. Each engine runs in a fresh
interpreter (``tests.helpers.cauldron``): the batch engine holds one card library a process.
"""

from __future__ import annotations

import csv
from pathlib import Path

from tests.cards.test_user_cards import _on_both_engines
from tests.helpers import cauldron

TWIN_WATER = """
[[card]]
name = "Twin Water"
mana_cost = "{U}"
types = ["Enchantment"]
oracle = \"\"\"{1}: Put a charge counter on Twin Water.
{R}: Until end of turn, if you tap a land you control for mana, it produces {R} instead of \\
any other type.\"\"\"
abilities = [
  { template = "activated_put_counter_on_self", kind = "charge", cost = "{1}" },
  { template = "activated_lands_produce_until_eot", lands = "yours", produce = "R" },
]
"""


def test_611_2a_a_lands_produce_ability_after_another_activated_ability(tmp_path: Path) -> None:
    """CR 611.2a, 106.7: A activates Twin Water's second ability, then taps a Forest: it makes
    {R}, and both Forests could produce only R. The batch engine made nothing and said the
    Forests could produce nothing."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "tw", card = "Twin Water", controller = "A" },
  { id = "f1", card = "Forest", controller = "A" },
  { id = "f2", card = "Forest", controller = "A" },
]
action = [
  { do = "activate", permanent = "tw", ability = 1 },
  { do = "tap_for_mana", permanent = "f1" },
]
"""
    out = _on_both_engines(tmp_path, TWIN_WATER, scenario)
    assert out["mana_pool"]["A"] == {"W": 0, "U": 0, "B": 0, "R": 1, "G": 0, "C": 0}
    assert out["could_produce"] == {"f1": ["R"], "f2": ["R"]}


def test_611_2a_the_mana_shape_activates_a_lands_produce_ability_that_is_not_the_first(
    tmp_path: Path,
) -> None:
    """CR 611.2a, 602.2: a mana experiment whose actions may activate Twin Water
    (``taps.activate``) activates its "lands produce" ability, ability 1: the Forests and
    Islands could produce R in most trials, and replayed trials give the same outcome on
    both engines. The shape took only a card whose first activated ability it was, so it never
    activated Twin Water and every Forest could produce only G."""
    cards, exp, out = tmp_path / "cards.toml", tmp_path / "exp.toml", tmp_path / "out"
    cards.write_text(TWIN_WATER, "utf-8")
    exp.write_text(
        'name = "twin_water"\nshape = "mana"\ntrials = 2000\nseed = 11\nbatch_size = 1000\n'
        "[players]\ncount = 2\n"
        '[[slots]]\ncount = 1\ncards = { "Twin Water" = 1 }\ncontroller = "active"\n'
        '[[slots]]\ncount = 3\ncards = { "Forest" = 1, "Island" = 1 }\ncontroller = "active"\n'
        '[taps]\nwhose = "active"\norder = "random"\ncount = "all"\nactivate = 0.5\n',
        "utf-8",
    )
    done = cauldron("run", str(exp), "--cards", str(cards), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    with (out / "could_produce.csv").open(encoding="utf-8") as rows:
        share = {row["level"]: float(row["estimate"]) for row in csv.DictReader(rows)}
    assert share["Forest: R"] > 0.5 and share["Island: R"] > 0.5
    for trial in range(6):
        replay = cauldron("explain", "--run", str(out), "--trial", str(trial))
        assert replay.stdout.endswith("Batch engine: the same outcome\n"), replay.stdout
