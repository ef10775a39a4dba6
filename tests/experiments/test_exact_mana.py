"""Issue 15: ``--exact`` on mana experiments (``sim.shapes.mana.exact``).

The reduced enumeration against the naive one on small files: every weighted sum equal as a
fraction (so every metric equal to the last digit) on a smaller support. The files cover what
the reduction relies on: seats turned to the active one (random and fixed active seats, life
by seat, seats drawn for controllers, owners and casters), slots as finished states and as
multisets (empty slots, flags, damage, counters), tap orders as sequences of states (a count
below the sources, ``wrap``, every player's sources), replacement orders as sequences of
states (two kinds of replacers, random), Auras on a random land, a random slot named instead
(``retap``), granted mana abilities, and what keeps board order (listed and fixed tap and
replacement orders, legends, counter modifiers on the X spell's counters, Springleaf Drum's
first creature). Then the exact figures against a large sampled run, a sweep with a
comparison, and the refusals."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from sim import run_experiment
from sim.errors import UserError
from sim.run.experiment import as_experiment
from sim.shapes.exact import ExactPoint
from sim.shapes.mana.catalog import MANA_FAMILIES
from sim.shapes.mana.config import ManaConfig
from sim.shapes.mana.exact import (
    exact_point,
    exact_rows,
    reduced_size,
    support_size,
    symmetry_breaker,
)

COMPARE = Path(__file__).parents[1] / "compare" / "mana_small.toml"


def _exp(name: str, slots: list[dict[str, Any]], **keys: Any) -> dict[str, Any]:
    return {"name": name, "shape": "mana", "trials": 10, "seed": 1, "slots": slots, **keys}


LANDS = {"count": 2, "cards": {"Forest": 1, "Island": 1}, "tapped": 0.5}
REPLACERS = {
    "count": 2,
    "cards": {"Contamination": 1, "Mana Reflection": 1},
    "controller": {"active": 1, "next": 1},
    "empty": 0.3,
}
CASES = [
    _exp(
        "flare_random_active_life",
        [
            LANDS,
            {"count": 1, "cards": {"Llanowar Elves": 1}, "since_turn_start": 0.5},
            {"count": 1, "cards": {"Mana Flare": 1}, "controller": "random", "empty": 0.5},
        ],
        players={"count": 2, "life": {"20": 1, "2": 1}},
        x_spell={"card": "Hangarback Walker"},
        costs=["{G}{G}", "{U}"],
    ),
    _exp(
        "random_replacement_orders",
        [{"count": 2, "cards": {"Forest": 1}}, REPLACERS],
        players={"count": 2, "active": 1},
        costs=["{B}{B}"],
    ),
    _exp(
        "listed_replacement_order",
        [{"count": 2, "cards": {"Forest": 1}}, REPLACERS],
        taps={"replacement_order": "listed"},
    ),
    _exp(
        "fixed_orders",
        [
            {"count": 2, "cards": {"Forest": 1, "Llanowar Elves": 1}},
            {"count": 2, "cards": {"Mana Reflection": 1, "Contamination": 1}},
        ],
        taps={"order": ["Llanowar Elves"], "replacement_order": ["Mana Reflection"]},
    ),
    _exp(
        "count_wrap_colors",
        [
            {"count": 2, "cards": {"Reflecting Pool": 1, "Forest": 1}},
            {"count": 1, "cards": {"Island": 1}, "tapped": 0.5},
        ],
        taps={"count": {"1": 1, "4": 1}, "wrap": True, "color": {"none": 1, "G": 1, "U": 1}},
    ),
    _exp(
        "count_below_sources_every_player",
        [
            {
                "count": 2,
                "cards": {"Forest": 1, "Llanowar Elves": 1},
                "controller": "random",
                "foreign_owner": 0.5,
                "token": 0.5,
            }
        ],
        players={"count": {"1": 1, "3": 1}},
        taps={"whose": "all", "count": [1, 3]},
    ),
    _exp(
        "damage_counters_not_creature",
        [
            {
                "count": 2,
                "cards": {"Gemstone Mine": 1, "Llanowar Elves": 1},
                "haste": 0.5,
                "damage": [0, 1],
                "not_creature": 0.25,
                "counters": {"mining": {"0": 1, "1": 1}},
            }
        ],
    ),
    _exp(
        "drawn_x_random_caster",
        [{"count": 3, "cards": {"Forest": 2, "Sol Ring": 1}, "tapped": 0.25}],
        x_spell={"card": "Hangarback Walker", "x": [0, 1, 3], "caster": "random"},
    ),
    _exp(
        "granted_mana_abilities_deep_water",
        [
            {"count": 1, "cards": {"Cryptolith Rite": 1}, "empty": 0.5},
            {"count": 2, "cards": {"Grizzly Bears": 1, "Island": 1}, "not_creature": 0.5},
            {"count": 1, "cards": {"Deep Water": 1, "Contamination": 1}},
        ],
    ),
    _exp(
        "aura_on_a_random_land",
        [
            {"count": 2, "cards": {"Forest": 1, "Island": 1}, "controller": "random"},
            {"count": 1, "cards": {"Wild Growth": 1}, "empty": 0.5},
            {"count": 1, "cards": {"Llanowar Elves": 1}},
        ],
        taps={"whose": "all"},
    ),
    _exp(
        "retap_a_random_slot",
        [
            {"count": 2, "cards": {"Forest": 1, "Sol Ring": 1}},
            {"count": 1, "cards": {"Mana Flare": 1}, "empty": 0.5},
        ],
        taps={"retap": 0.25, "count": {"1": 1, "3": 1}, "wrap": True},
    ),
    _exp(
        "counter_modifiers_on_the_x_spell",
        [
            {"count": 2, "cards": {"Forest": 1}},
            {"count": 2, "cards": {"Hardened Scales": 1, "Doubling Season": 1}},
        ],
        x_spell={"card": "Hangarback Walker"},
    ),
    _exp(
        "springleaf_drum_first_creature",
        [
            {"count": 1, "cards": {"Springleaf Drum": 1}},
            {"count": 2, "cards": {"Llanowar Elves": 1, "Grizzly Bears": 1}, "tapped": 0.5},
            {"count": 1, "cards": {"Forest": 1}},
        ],
    ),
    _exp(
        "legends",
        [
            {"count": 2, "cards": {"Gaea's Cradle": 1, "Forest": 1}},
            {"count": 1, "cards": {"Llanowar Elves": 1}},
        ],
    ),
]


def _config(data: dict[str, Any]) -> ManaConfig:
    config = as_experiment(data).points[0].config
    assert isinstance(config, ManaConfig)
    return config


def _fractions(point: ExactPoint) -> list[Fraction]:
    return [Fraction(int(total), point.weight) for total in point.totals]


@pytest.mark.parametrize("data", CASES, ids=[c["name"] for c in CASES])
def test_reduced_and_naive_enumerations_agree_exactly(data: dict[str, Any]) -> None:
    config = _config(data)
    reduced, naive = exact_point(config), exact_point(config, reduce=False)
    assert naive.support == support_size(config)
    assert reduced.support == reduced_size(config, 10**9) < naive.support
    assert _fractions(reduced) == _fractions(naive)
    rows = [exact_rows(config, p, MANA_FAMILIES) for p in (reduced, naive)]
    assert [(r.metric, r.level, r.value.estimate) for r in rows[0]] == [
        (r.metric, r.level, r.value.estimate) for r in rows[1]
    ]


def test_board_order_keeps_slots_apart() -> None:
    """Listed or fixed orders and legends keep the board a sequence; random orders do not."""
    breakers = {c["name"]: symmetry_breaker(_config(c)) for c in CASES}
    assert breakers["flare_random_active_life"] == ""
    assert breakers["random_replacement_orders"] == ""
    assert "replacement order" in breakers["listed_replacement_order"]
    assert "tap order" in breakers["fixed_orders"]
    assert "legend rule" in breakers["legends"]
    assert "counter modifiers" in breakers["counter_modifiers_on_the_x_spell"]
    assert "first creature" in breakers["springleaf_drum_first_creature"]


SAMPLED = (
    "flare_random_active_life",
    "random_replacement_orders",
    "count_wrap_colors",
    "aura_on_a_random_land",
    "retap_a_random_slot",
)


@pytest.mark.parametrize("name", SAMPLED)
def test_exact_lies_in_the_intervals_of_a_large_sampled_run(name: str) -> None:
    """Every row of a large sampled run covers the exact figure with a 99.999% interval (its
    95% half-width scaled), and the exact run is marked so: the enumeration draws what the
    sampler draws."""
    data = next(c for c in CASES if c["name"] == name)
    exact = run_experiment(data, exact=True).summary
    assert set(exact["method"]) == {"exact"}
    sampled = run_experiment({**data, "trials": 60_000, "batch_size": 20_000}, jobs=1).summary
    scale = 4.42 / 1.96
    both = exact.merge(sampled, on=["family", "metric", "level"], suffixes=("_x", "_s"))
    assert len(both) >= 15
    for _, r in both.iterrows():
        half = (r["ci_high_s"] - r["ci_low_s"]) / 2 * scale
        assert abs(r["estimate_x"] - r["estimate_s"]) <= half + 1e-12, (r["metric"], r["level"])


def test_a_sweep_with_a_baseline_gives_an_exact_comparison(tmp_path: Path) -> None:
    result = run_experiment(COMPARE, exact=True, out=tmp_path / "run")
    frame = result.tables["comparison"].set_index(["metric", "level"])
    assert (tmp_path / "run" / "comparison.csv").is_file()
    assert set(frame["method"]) == {"exact"}
    row = frame.loc[("mana_from_triggers", "all")]
    assert row["baseline_estimate"] == 0 and row["estimate"] == row["point_estimate"] > 0
    assert row["ci_low"] == row["ci_high"] == row["estimate"]
    summary = result.summary.set_index(["group", "metric", "level"])
    total = summary.loc[(1, "mana_by_type", "total"), "estimate"]
    assert frame.loc[("mana_by_type", "total"), "estimate"] == pytest.approx(
        total - summary.loc[(0, "mana_by_type", "total"), "estimate"], abs=1e-12
    )
    assert result.manifest["support_per_point"] == [
        reduced_size(p.config, 10**6) for p in as_experiment(COMPARE).points
    ]


@pytest.mark.parametrize(
    ("taps", "why"),
    [
        ({"pass_turn": 0.1}, "pass_turn between the taps"),
        ({"replacement_order": {"random": 1, "listed": 1}}, "table of replacement order"),
    ],
)
def test_what_is_not_enumerated_is_one_line_with_a_hint(taps: dict[str, Any], why: str) -> None:
    with pytest.raises(UserError, match=rf"--exact: .*{why}.*\(hint: sample it"):
        run_experiment(_exp("no", [LANDS], taps=taps), exact=True)


def test_a_large_slot_fails_the_cap_before_it_is_enumerated() -> None:
    """Ten values of damage and of three counter kinds: 2 x 10^4 states a slot, counted from
    the factors' sizes, never made."""
    values = list(range(10))
    slot = {"count": 3, "cards": {"Gemstone Mine": 1, "Forest": 1}, "damage": values}
    slot["counters"] = {"mining": values, "charge": values, "luck": values}
    config = _config(_exp("large", [slot]))
    assert reduced_size(config, 10**5) is None
    # boards x tap orders x the active seat of two
    assert support_size(config) == (2 * 10**4) ** 3 * math.factorial(3) * 2


def test_the_cap_is_checked_before_anything_runs() -> None:
    data = CASES[0]
    size = reduced_size(_config(data), 10**6)
    assert size is not None and math.isfinite(size)
    with pytest.raises(UserError, match=rf"more than {size - 1:,} points after reduction"):
        run_experiment(data, exact=True, max_support=size - 1)
    swept = {**data, "sweep": {"slots[0].tapped": [0.0, 0.5]}}
    with pytest.raises(UserError, match=r"support of sweep group 1 has more than"):
        run_experiment(swept, exact=True, max_support=size - 1)
    assert run_experiment(data, exact=True, max_support=size).manifest["support_per_point"] == [
        size
    ]
