"""Mana experiments: a closed form, replays equal to the batch engine, strict validation."""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest

from engine.batch.mana import run_mana
from engine.batch.mana_state import ACT_CAST
from engine.batch.wipe_state import BATTLEFIELD
from sim import run_experiment
from sim.config.experiment import parse_experiment
from sim.errors import UserError
from sim.run.replay import replay_trial
from sim.shapes.mana.draws import draw_mana_batch

LANDS, P_TAPPED, TRIALS = 6, 0.25, 40_000
Z = NormalDist().inv_cdf(1 - 1e-6 / 2)  # a correct engine fails a check once in a million

# Untapped Forests each make G; Mana Flare adds one more G per land tapped for mana (106.12a),
# so the pool holds 2 x Binomial(6, 0.75) G, and Hangarback Walker ({X}{X}) pays X = half.
FLARE = {
    "shape": "mana",
    "trials": TRIALS,
    "seed": 32,
    "batch_size": 10_000,
    "slots": [
        {"count": LANDS, "cards": {"Forest": 1}, "tapped": P_TAPPED},
        {"count": 1, "cards": {"Mana Flare": 1}},
    ],
    "x_spell": {"card": "Hangarback Walker"},
    "costs": ["{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}", "{G}"],
}


def _row(frame: pd.DataFrame, metric: str, level: str) -> pd.Series:
    rows = frame[(frame["metric"] == metric) & (frame["level"] == level)]
    assert len(rows) == 1, (metric, level)
    return rows.iloc[0]


def test_mana_flare_on_forests_matches_the_binomial() -> None:
    s = run_experiment(FLARE, jobs=1).summary
    q = 1 - P_TAPPED
    mean = _row(s, "mana_by_type", "G")["estimate"]
    assert abs(mean - 2 * LANDS * q) <= Z * 2 * math.sqrt(LANDS * q * (1 - q) / TRIALS)
    assert _row(s, "mana_by_type", "total")["estimate"] == mean
    assert _row(s, "mana_from_triggers", "all")["estimate"] == mean / 2
    for k in range(LANDS + 1):
        pk = math.comb(LANDS, k) * q**k * (1 - q) ** (LANDS - k)
        share = _row(s, "total_mana_count", str(2 * k))["estimate"]
        assert abs(share - pk) <= Z * math.sqrt(pk * (1 - pk) / TRIALS)
        assert _row(s, "max_x_count", str(k))["estimate"] == share  # X = half the pool
    assert _row(s, "etb_counters", "all")["estimate"] == mean / 2  # X +1/+1 counters
    all_untapped = q**LANDS
    paid = _row(s, "cost_payable", "{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}{G}")["estimate"]
    assert abs(paid - all_untapped) <= Z * math.sqrt(all_untapped * (1 - all_untapped) / TRIALS)
    tapped = _row(s, "rejected_share", "tapped")
    assert tapped["n"] == LANDS * TRIALS  # every Forest is activated once
    bound = Z * math.sqrt(P_TAPPED * (1 - P_TAPPED) / tapped["n"])
    assert abs(tapped["estimate"] - P_TAPPED) <= bound


MIXED = {
    "shape": "mana",
    "trials": 1_200,
    "seed": 5,
    "batch_size": 400,
    "players": {"count": [2, 3]},
    "slots": [
        {
            "count": 5,
            "cards": {"Forest": 2, "Island": 1, "Reflecting Pool": 1, "Exotic Orchard": 1},
            "controller": "random",
            "tapped": 0.1,
        },
        {
            "count": 3,
            "cards": {"Llanowar Elves": 2, "Springleaf Drum": 1, "Gemstone Caverns": 1},
            "since_turn_start": 0.5,
            "counters": {"luck": 0.5},
        },
        {
            "count": 3,
            "cards": {
                "Mana Reflection": 1,
                "Contamination": 1,
                "Wild Growth": 1,
                "Hardened Scales": 1,
            },
            "empty": 0.3,
            "controller": "random",
        },
    ],
    "taps": {
        "whose": "all",
        "color": {"none": 2, "G": 1, "B": 1},
        "tap_creature": "random",
        "replacement_order": ["Contamination"],
    },
    "x_spell": {"card": "Walking Ballista", "x": [0, 1, 2, 3]},
    "costs": ["{B}", "{1}{G}"],
}


def test_the_largest_x_found_as_the_spell_is_cast_agrees_with_the_reference() -> None:
    """CR 107.3: with ``x = "max"`` the batch engine reads the caster's pool as the X spell is
    cast and casts it for the most X the pool pays (none when it cannot pay X = 0); the
    replay runs that X, named in its inputs, on the reference engine."""
    spell = {"card": "Walking Ballista", "caster": "random"}  # {X}{X}: X is half the pool
    exp = parse_experiment({**MIXED, "x_spell": spell})
    disagree = [
        trial
        for trial in (*range(0, exp.trials, 41), exp.trials - 1)
        if not replay_trial(exp, 0, trial).replayed().agrees
    ]
    assert disagree == []


def test_a_pool_without_the_colored_symbols_pays_no_x() -> None:
    """CR 107.3, 118.3: with X taken from the pool, each type's symbols come from that type and
    X from what is left, capped when cast; a pool that cannot pay X = 0 casts nothing. (No
    library card has an X cost with colored symbols: the cost here is {X}{X}{G}{G}{G}.)"""
    exp = parse_experiment(FLARE)
    config = exp.points[0].config
    part = draw_mana_batch(np.random.default_rng(3), 400, config)
    a = part.act_kind.shape[1] - 1
    part.act_kind[:, a], part.act_x[:, a] = ACT_CAST, -1
    cap = 2
    state = run_mana(part, x_cost=(0, 0, 0, 0, 3, 0, 0, 2, cap))  # G G G, X X
    green = state.pools[np.arange(400), part.act_by[:, a].astype(np.intp), 4]
    expected = np.where(green >= 3, (green - 3) // 2, -1)
    assert np.array_equal(state.cast_x[:, a], expected)
    assert 0 < (expected < 0).sum() < 400 and (expected > cap).any()
    slot = part.card.shape[1] + a  # the X spell's cast slot
    assert np.array_equal(state.card[:, slot] >= 0, expected >= 0)  # cast, or not at all
    here = state.zone[:, slot] == BATTLEFIELD  # with X = 0 it dies at once (0/0, 704.5f)
    assert np.array_equal(here, expected > 0)
    assert np.array_equal(state.plus[:, slot][here], np.minimum(expected, cap)[here])


def test_replayed_mana_trials_agree_with_the_batch_engine() -> None:
    exp = parse_experiment(MIXED)
    disagree = []
    for trial in (*range(0, exp.trials, 97), exp.trials - 1):
        if not replay_trial(exp, 0, trial).replayed().agrees:
            disagree.append(trial)
    assert disagree == []
    s = run_experiment(MIXED, jobs=1).summary
    assert set(s["family"]) == {
        "status",
        "mana",
        "mana_totals",
        "rejections",
        "mana_effects",
        "could_produce",
        "x_spell",
        "costs",
    }
    assert _row(s, "x_payable", "all")["method"] == "wilson"


@pytest.mark.parametrize(
    ("change", "place"),
    [
        ({"slots": [{"count": 2, "cards": {"Kitchen Finks": 1}}]}, "slots[0].cards.Kitchen Finks"),
        ({"x_spell": {"card": "Llanowar Elves"}}, "x_spell.card"),
        ({"costs": ["{G/W}"]}, "costs[0]"),
        ({"costs": ["{X}"]}, "costs"),
        ({"taps": {"order": "sorted"}}, "taps.order"),
        ({"taps": {"color": {"P": 1}}}, "taps.color.P"),
        (
            {"slots": [{"count": 1, "cards": {"Forest": 1}, "counters": {"ice": 1}}]},
            "slots[0].counters.ice",
        ),
    ],
)
def test_bad_mana_files_name_the_key(change: dict[str, object], place: str) -> None:
    with pytest.raises(UserError, match=place.replace("[", r"\[").replace("]", r"\]")):
        parse_experiment({**FLARE, **change})
