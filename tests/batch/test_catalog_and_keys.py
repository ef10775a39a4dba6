"""The metric catalogs and the experiment keys the differential mixes need.

A metric is declared once (``sim.shapes.<shape>.catalog``): the layout, the rows, the report's
headline and ``--target-ci`` read that one declaration. The mixes of the differential tests
are experiment configurations, so every key they use is validated like a file's.
"""

from __future__ import annotations

from typing import Any

import pytest

from sim.config.experiment import parse_experiment
from sim.errors import UserError
from sim.report.sections import HEADLINE
from sim.shapes.catalog import metrics_of
from sim.shapes.registry import CATALOGS, SHAPES
from tests.batch.mixes import COMBAT, EVERYTHING, FAST


def test_every_shape_lists_its_families_in_catalog_order() -> None:
    assert set(SHAPES) == {"wipe", "mana", "deck"}  # the loop checks every shape
    for name, shape in SHAPES.items():
        names = [m.name for m in metrics_of(CATALOGS[name])]
        assert len(names) == len(set(names)), name
        assert shape.families == tuple(dict.fromkeys(m.family for m in metrics_of(shape.catalog)))


def test_the_headline_is_read_from_the_catalogs() -> None:
    assert HEADLINE[0] == ("return_rate", "all", "Persist/undying creatures that returned")
    assert [m for m, _, _ in HEADLINE[-2:]] == ["draw_rate", "unsupported_rate"]
    assert ("cost_payable", None, "Cost payable:") in HEADLINE


def test_the_mixes_use_the_new_keys() -> None:
    assert len(EVERYTHING.events[0].kinds) == 10
    assert len(FAST.events[0].modes[FAST.events[0].cards.index(_index("Farewell"))]) == 3
    assert COMBAT.slots[0].since_turn_start == 0.7 and len(COMBAT.slots[0].keywords) == 21
    assert EVERYTHING.targets == "any"


def _index(name: str) -> int:
    from engine.batch import tables as tb

    return tb.INDEX[name.lower()]


WIPE: dict[str, Any] = {
    "shape": "wipe",
    "slots": [{"count": 2, "cards": {"Kitchen Finks": 1}}],
    "events": [{"cards": {"Wrath of God": 1}}],
}
MANA: dict[str, Any] = {"shape": "mana", "slots": [{"count": 2, "cards": {"Forest": 1}}]}


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({**WIPE, "events": [{"do": "explode", "cards": {"Wrath of God": 1}}]}, "events[0].do"),
        ({**WIPE, "events": [{"do": {"cast": 1, "destroy": 1}}]}, "events[0]"),
        (
            {
                **WIPE,
                "events": [{"cards": {"Wrath of God": 1}, "modes": {"Farewell": ["artifacts"]}}],
            },
            "events[0].modes.Farewell",
        ),
        (
            {
                **WIPE,
                "events": [
                    {
                        "cards": {"Merciless Eviction": 1},
                        "modes": [["creatures"], ["artifacts", "creatures"]],
                    }
                ],
            },
            "events[0].modes[1]",
        ),
        (
            {**WIPE, "slots": [{"cards": {"Kitchen Finks": 1}, "grant": {"flying": 2}}]},
            "grant.flying",
        ),
        ({**WIPE, "events": [{"cards": {"Wrath of God": 1}, "combat": {"charge": 1}}]}, "combat"),
        ({**WIPE, "choices": {"targets": "self"}}, "choices.targets"),
        ({**MANA, "taps": {"wrap": True}}, "taps.wrap"),
        ({**MANA, "taps": {"cast": 0.1}}, "taps"),
        ({**MANA, "taps": {"tap_creature": {"first": 1, "mine": 1}}}, "taps.tap_creature"),
        ({**MANA, "x_spell": {"card": {"Hangarback Walker": 1, "Sol Ring": 1}}}, "x_spell.card"),
        ({**MANA, "players": {"count": 0}}, "players.count"),
    ],
)
def test_new_keys_are_validated_strictly(data: dict[str, Any], where: str) -> None:
    with pytest.raises(UserError, match=where.replace("[", r"\[").replace("]", r"\]")):
        parse_experiment(data)


def test_a_mana_experiment_may_have_one_player() -> None:
    exp = parse_experiment({**MANA, "players": {"count": 1}})
    assert exp.points[0].config.players.count.values == (1,)
