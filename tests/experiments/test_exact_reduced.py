"""Issue 15: the reduced ``--exact`` enumeration (``sim.shapes.wipe.exact_reduce``) against the
naive one on small files: every weighted sum equal as a fraction (so every metric equal to
the last digit) on a smaller support. The files cover what the reduction relies on: seats
turned to the active one (fixed and random active seats, life by seat, any-seat targets),
slots exchangeable (groups convolved, empty slots, foreign owners, tokens made, lords,
permanents cast), and what keeps board order (listed and fixed trigger orders, counter
modifiers, legends)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from sim.run.experiment import as_experiment
from sim.shapes.wipe import exact_reduce
from sim.shapes.wipe.catalog import WIPE_FAMILIES
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.exact import ExactPoint, exact_point, exact_rows, reduced_size, support_size


def _exp(
    name: str, players: dict[str, Any], slots: list[dict[str, Any]], events: list[dict[str, Any]],
    choices: dict[str, Any] | None = None,
) -> dict[str, Any]:  # fmt: skip
    data = {"name": name, "shape": "wipe", "trials": 10, "seed": 1}
    return data | {"players": players, "slots": slots, "events": events, "choices": choices or {}}


WRATH = [{"cards": {"Wrath of God": 1}}]
FINKS = {"Kitchen Finks": 1}
MODIFIERS = _exp(
    "modifiers",
    {"count": 2},
    [
        {"count": 2, "cards": {"Hardened Scales": 1, "Doubling Season": 1}, "controller": "active"},
        {"count": 1, "cards": {"Young Wolf": 1}, "controller": "active"},
    ],
    WRATH,
)
LEGENDS = _exp(
    "legends",
    {"count": 2},
    [{"count": 2, "cards": {"Melira, Sylvok Outcast": 1}, "plus_counters": 0.5}],
    [{"cards": {"Glorious Anthem": 1}}],
)
SACRIFICE = _exp(
    "each_player_sacrifices",
    {"count": 2},
    [{"count": 2, "cards": {"Kitchen Finks": 1, "Grizzly Bears": 1}, "controller": "active"}],
    [{"cards": {"Innocent Blood": 1}}],
)
CASES = [
    _exp(
        "two_finks",
        {"count": 2},
        [{"count": 2, "cards": FINKS, "minus_counters": 0.3, "token": 0.2}],
        WRATH,
    ),
    _exp(
        "two_groups_convolved",
        {"count": 2},
        [
            {"count": 2, "cards": FINKS, "token": 0.5},
            {
                "count": 1,
                "cards": {"Kitchen Finks": 1, "Melira, Sylvok Outcast": 1},
                "minus_counters": 0.5,
            },
        ],
        WRATH,
    ),
    _exp(
        "redcap_foreign_owners_random_targets",
        {"count": 3},
        [{"count": 2, "cards": {"Murderous Redcap": 1, "Kitchen Finks": 1}, "foreign_owner": 0.5}],
        [{"cards": {"Pyroclasm": 1}, "caster": "random"}],
        {"targets": "random"},
    ),
    _exp(
        "life_by_seat_any_targets",
        {"count": {"2": 1, "3": 1}, "life": {"20": 1, "2": 1}},
        [{"count": 2, "cards": {"Murderous Redcap": 1}, "plus_counters": 0.5}],
        WRATH,
        {"targets": "any"},
    ),
    _exp(
        "massacre_girl_cast",
        {"count": 2},
        [{"count": 3, "cards": {"Kitchen Finks": 1, "Young Wolf": 1}, "minus_counters": 0.5}],
        [{"cards": {"Massacre Girl": 1}, "caster": "random"}],
    ),
    _exp(
        "tokens_made",
        {"count": 2},
        [
            {
                "count": 2,
                "cards": {"Hangarback Walker": 1, "Kitchen Finks": 1},
                "plus_counters": {"1": 1, "2": 1},
            }
        ],
        [{"cards": {"Damnation": 1}}],
    ),
    _exp(
        "lord_and_empty_slot",
        {"count": 2},
        [
            {"count": 1, "cards": {"Mikaeus, the Unhallowed": 1}, "empty": 0.5},
            {"count": 2, "cards": {"Grizzly Bears": 1, "Kitchen Finks": 1}, "controller": "active"},
        ],
        [{"cards": {"Pyroclasm": 1}}],
    ),
    _exp(
        "fixed_active_two_events",
        {"count": 3, "active": 1},
        [{"count": 2, "cards": FINKS, "empty": 0.5, "foreign_owner": 0.5}],
        [{"cards": {"Wrath of God": 1}}, {"cards": {"Murderous Redcap": 1}, "caster": "next"}],
    ),
    _exp(
        "listed_order",
        {"count": 2},
        [
            {"count": 2, "cards": FINKS, "minus_counters": 0.5},
            {"count": 1, "cards": {"Young Wolf": 1, "Grizzly Bears": 1}, "plus_counters": 0.25},
        ],
        WRATH,
        {"trigger_order": "listed"},
    ),
    _exp(
        "fixed_order",
        {"count": 2},
        [{"count": 3, "cards": {"Kitchen Finks": 1, "Young Wolf": 1}}],
        WRATH,
        {"trigger_order": ["Young Wolf", "Kitchen Finks"]},
    ),
    MODIFIERS,
    LEGENDS,
    SACRIFICE,
]


def _config(data: dict[str, Any]) -> WipeConfig:
    config = as_experiment(data).points[0].config
    assert isinstance(config, WipeConfig)
    return config


def _sums(point: ExactPoint) -> list[Fraction]:
    """Every weighted sum per trial, exactly."""
    return [Fraction(int(t), point.weight) for t in point.totals]


@pytest.mark.parametrize("data", CASES, ids=lambda d: d["name"])
def test_the_reduced_enumeration_equals_the_naive_one_exactly(data: dict[str, Any]) -> None:
    config = _config(data)
    naive, reduced = exact_point(config, reduce=False), exact_point(config)
    assert naive.support == support_size(config)
    assert reduced.support == reduced_size(config, naive.support) < naive.support
    assert _sums(reduced) == _sums(naive)
    rows = [exact_rows(config, p, WIPE_FAMILIES) for p in (naive, reduced)]
    assert [(r.metric, r.level) for r in rows[0]] == [(r.metric, r.level) for r in rows[1]]
    estimates = [np.array([r.value.estimate for r in side]) for side in rows]
    assert np.array_equal(*estimates, equal_nan=True)  # floats, to the last digit


def test_board_order_keeps_the_boards_as_sequences() -> None:
    """Two modifiers apply in board order (616.1: Hardened Scales then Doubling Season, or
    the other way), and the legend rule keeps the first legend (704.5j): boards taken as
    multisets there would lose one of the orders, so those stay sequences."""
    for data in (MODIFIERS, LEGENDS, SACRIFICE):
        assert exact_reduce.symmetry_breaker(_config(data))
    assert "listed" in exact_reduce.symmetry_breaker(_config(CASES[-5]))
    assert exact_reduce.symmetry_breaker(_config(CASES[0])) == ""


@pytest.mark.parametrize("data", [MODIFIERS, SACRIFICE], ids=lambda d: d["name"])
def test_multisets_where_board_order_matters_would_be_wrong(
    monkeypatch: pytest.MonkeyPatch, data: dict[str, Any]
) -> None:
    """The reason the reduction is restricted: forced on, it changes the answer (Innocent
    Blood: Finks first in board order is sacrificed and returns, Bears first does not)."""
    config = _config(data)
    naive = _sums(exact_point(config, reduce=False))
    monkeypatch.setattr(exact_reduce, "symmetry_breaker", lambda _: "")
    assert _sums(exact_point(config)) != naive
