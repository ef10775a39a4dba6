"""The batch engine's mana shape equals the reference engine trial by trial (SPEC section 2).

Every scenario file of the mana shape in the repository runs as a batch of one; thousands of
randomly drawn trials (boards, tap orders, colors, replacement orders, Springleaf Drum
creatures, turn passes, Deep Water, Pale Moon and a last spell with X) run as one batch and
each trial is replayed on the reference engine from the same inputs.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine import reference
from engine.batch.mana import run_mana
from engine.batch.mana_convert import (
    Naming,
    mana_batch_outcome,
    mana_comparable,
    mana_inputs_from_scenario,
    mana_trial_scenario,
)
from engine.batch.mana_state import MANA_REJECTIONS as REJECTIONS
from engine.batch.mana_state import ManaInputs
from engine.batch.shapes import OutsideShapes
from engine.scenario import Scenario
from sim.config.scenario import load_scenario
from sim.shapes.mana.config import ManaConfig
from sim.shapes.mana.draws import draw_mana_batch
from tests.batch.mixes import COSTS, MANA_DIFFERENTIAL_BATCHES, REAL_MANA, REPLACEMENTS, X_SPELLS
from tests.batch.mixes import EVERYTHING_MANA as EVERYTHING
from tests.helpers import scenario

ROOT = Path(__file__).parent.parent.parent
FILES = sorted((ROOT / "tests" / "scenarios").glob("*.toml")) + sorted(
    (ROOT / "experiments" / "scenarios").glob("*.toml")
)


def _naming(inputs: ManaInputs, scn: Scenario) -> Naming:
    _, _, s, a = inputs.shape
    return Naming.default(len(scn.players), s, a)


def _shaped_files() -> list[Path]:
    shaped = []
    for f in FILES:
        try:
            mana_inputs_from_scenario(load_scenario(f))
        except OutsideShapes:
            continue
        shaped.append(f)
    return shaped


def _batch_vs_reference(scn: Scenario) -> tuple[dict[str, Any], dict[str, Any]]:
    inputs, naming = mana_inputs_from_scenario(scn)
    batch = mana_batch_outcome(run_mana(inputs), 0, naming)
    return batch, reference.run(scn)


@pytest.mark.parametrize("path", _shaped_files(), ids=lambda p: p.stem)
def test_every_mana_shaped_scenario_file_agrees(path: Path) -> None:
    batch, ref = _batch_vs_reference(load_scenario(path))
    assert mana_comparable(batch) == mana_comparable(ref)


def test_the_mana_shape_covers_the_worked_mana_scenarios() -> None:
    """S16 (Walking Ballista with X = 3) and S18-S30 are all in the shape."""
    stems = {p.stem.split("_")[0] for p in _shaped_files()}
    assert {f"s{k}" for k in (16, *range(18, 31))} <= stems


def test_the_outcome_has_the_reference_keys() -> None:
    """The batch outcome carries every key of the reference outcome that matters here."""
    batch, ref = _batch_vs_reference(
        load_scenario(ROOT / "tests/scenarios/s26_contamination_pool.toml")
    )
    assert set(batch) == {
        "result", "reason", "returned", "battlefield", "graveyard", "exile", "hand", "life",
        "mana_pool", "could_produce", "rejected",
    }  # fmt: skip
    assert set(batch) <= set(ref)
    assert [set(p) for p in batch["battlefield"]] == [set(p) for p in ref["battlefield"]]
    assert batch["could_produce"] == ref["could_produce"] == {"pool": ["B"], "forest": ["B"]}


@pytest.mark.parametrize(
    ("mix", "seed", "trials"),
    MANA_DIFFERENTIAL_BATCHES,
    ids=["replacements", "costs", "everything", "x_spells", "real_mana"],
)
def test_random_trials_agree_trial_by_trial(mix: ManaConfig, seed: int, trials: int) -> None:
    inputs = draw_mana_batch(np.random.default_rng(seed), trials, mix)
    state = run_mana(inputs)
    results, reasons = set(), set()
    for i in range(trials):
        scn = mana_trial_scenario(inputs, i)
        ref = mana_comparable(reference.run(scn))
        assert mana_comparable(mana_batch_outcome(state, i, _naming(inputs, scn))) == ref, (
            f"trial {i}"
        )
        results.add(ref["result"])
        reasons |= {r[1] for r in ref.get("rejected", [])}
    assert "ok" in results
    if mix is not X_SPELLS:  # the draws reach the rules they are meant to test
        assert len(reasons) >= 4


def test_random_trials_reach_every_rejection() -> None:
    """Together the mixes exercise every reason an activation can be rejected for, except
    activating a card without such an ability (the draws only activate Deep Water) and
    paying life one does not have (the shipped cards ask 1 life, and at 0 the game is over,
    704.5a)."""
    seen = set()
    for mix, seed in ((REPLACEMENTS, 21), (COSTS, 22), (EVERYTHING, 23), (REAL_MANA, 25)):
        state = run_mana(draw_mana_batch(np.random.default_rng(seed), 2000, mix))
        seen |= {int(code) for code in np.unique(state.rejected) if code}
    reasons = {REJECTIONS[code][0] for code in seen}
    assert reasons == {reason for reason, _ in REJECTIONS.values()} - {
        "no_such_ability",
        "cannot_pay_life",
    }


def test_a_subset_of_trials_runs_the_same_alone() -> None:
    """Serial equals batched: a trial's outcome does not depend on the other trials."""
    inputs = draw_mana_batch(np.random.default_rng(5), 400, EVERYTHING)
    whole = run_mana(inputs)
    rows = np.arange(0, 400, 7)
    assert len(rows) == 58  # the loop compares 58 trials
    part = run_mana(inputs.take(rows))
    for k, i in enumerate(rows):
        scn = mana_trial_scenario(inputs, int(i))
        naming = _naming(inputs, scn)
        assert mana_batch_outcome(part, k, naming) == mana_batch_outcome(whole, int(i), naming)


def test_run_mana_is_a_pure_function_of_its_inputs() -> None:
    inputs = draw_mana_batch(np.random.default_rng(7), 300, COSTS)
    before = {f.name: getattr(inputs, f.name).copy() for f in fields(inputs)}
    first, second = run_mana(inputs), run_mana(inputs)
    assert len(before) == len(fields(inputs)) > 10  # every input field is compared
    for f in fields(inputs):
        assert np.array_equal(getattr(inputs, f.name), before[f.name]), f.name
    for name in ("status", "zone", "tapped", "counters", "pools", "rejected", "could_produce"):
        assert np.array_equal(getattr(first, name), getattr(second, name)), name


def test_drawn_inputs_have_the_documented_dtypes() -> None:
    inputs = draw_mana_batch(np.random.default_rng(6), 50, EVERYTHING)
    converted, _ = mana_inputs_from_scenario(
        load_scenario(ROOT / "tests/scenarios/s29_contamination_order.toml")
    )
    wanted = {
        "n_players": np.int8, "active": np.int8, "life": np.int16, "card": np.int16,
        "controller": np.int8, "owner": np.int8, "token": np.bool_, "tapped": np.bool_,
        "since_turn_start": np.bool_, "granted_haste": np.bool_, "not_creature": np.bool_,
        "attached_to": np.int8, "damage": np.int16, "counters": np.int16, "act_kind": np.int8,
        "act_slot": np.int8, "act_card": np.int16, "act_by": np.int8, "act_x": np.int16,
        "act_color": np.int8, "act_tap_creature": np.int8, "act_order": np.int8,
    }  # fmt: skip
    assert len(wanted) == 22  # both batches are checked field by field below
    for batch in (inputs, converted):
        assert {f.name for f in fields(batch)} == set(wanted)
        for name, dtype in wanted.items():
            assert getattr(batch, name).dtype == dtype, name


# ------------------------------------------------------------------ situations the draws miss


def _card(pid: str, name: str, controller: str = "A", **extra: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **extra}


def _tap(pid: str, **extra: Any) -> dict[str, Any]:
    return {"do": "tap_for_mana", "permanent": pid, **extra}


EDGES: dict[str, dict[str, Any]] = {
    "deep_water_and_pale_moon_in_orders": {
        "board": [
            _card("dw", "Deep Water"),
            _card("cont", "Contamination", "B"),
            _card("pool", "Reflecting Pool"),
            _card("f", "Forest"),
            _card("g", "Boros Garrison"),
        ],
        "actions": [
            {"do": "activate", "permanent": "dw"},
            {"do": "cast", "card": "Pale Moon", "by": "B", "id": "moon"},
            _tap("pool", color="U"),
            _tap("g", replacement_order=["moon", "dw", "cont"]),
            _tap("f", replacement_order=["cont"]),
            {"do": "cast", "card": "Pale Moon", "by": "A", "id": "moon2"},
            _tap("pool"),
            {"do": "pass_turn"},
            _tap("f"),
        ],
    },
    "wild_growth_falls_off_a_sacrificed_gemstone_mine": {
        "board": [
            _card("m", "Gemstone Mine", counters={"mining": 1}),
            _card("wg", "Wild Growth", attached_to="m"),
            _card("flare", "Mana Flare", "B"),
        ],
        "actions": [_tap("m", color="R"), _tap("m")],
    },
    "cast_permanents_then_tap_them": {
        "board": [_card("fervor", "Fervor"), _card("f", "Forest")],
        "actions": [
            {"do": "cast", "card": "Sol Ring", "by": "A"},
            _tap("sol_ring"),
            {"do": "cast", "card": "Llanowar Elves", "by": "A", "id": "el"},
            _tap("el"),
            {"do": "cast", "card": "Mana Reflection", "by": "A"},
            _tap("f"),
            {"do": "cast", "card": "Llanowar Elves", "by": "B", "id": "el2"},
            _tap("el2"),
        ],
    },
    "gaeas_cradle_with_and_without_creatures": {
        "board": [
            _card("c", "Gaea's Cradle"),
            _card("c2", "Gaea's Cradle", "B"),
            _card("e", "Llanowar Elves", "B"),
        ],
        "actions": [_tap("c", color="G"), _tap("c"), _tap("c2", color="G"), _tap("c2")],
    },
    "legend_rule_and_an_aura_on_the_loser": {
        "board": [
            _card("c", "Gaea's Cradle"),
            _card("c2", "Gaea's Cradle"),
            _card("wg", "Wild Growth", attached_to="c2"),
        ],
        "actions": [_tap("c2"), _tap("c")],
    },
    "pili_pala_pays_from_the_pool_under_two_rites": {
        "board": [
            _card("pp", "Pili-Pala", tapped=True),
            _card("w", "Wastes"),
            _card("f", "Forest"),
            _card("rite", "Cryptolith Rite"),
            _card("rite2", "Cryptolith Rite"),
        ],
        "actions": [_tap("f"), _tap("w"), _tap("pp", color="U"), _tap("pp", color="B"), _tap("pp")],
    },
    "contamination_sacrificed_at_upkeep_under_rest_in_peace": {
        "board": [
            _card("cont", "Contamination", "B"),
            _card("rip", "Rest in Peace"),
            _card("wg", "Wild Growth", attached_to="cont"),
        ],
        "actions": [{"do": "pass_turn"}, {"do": "pass_turn"}],
    },
    "four_players_reflect_each_other": {
        "players": ("A", "B", "C", "D"),
        "board": [
            _card("o", "Exotic Orchard"),
            _card("fs", "Fellwar Stone", "C"),
            _card("i", "Island", "B"),
            _card("w", "Wastes", "D"),
            _card("p", "Reflecting Pool", "C"),
            _card("m", "Mountain"),
        ],
        "actions": [_tap("o", color="U"), _tap("o", color="R"), _tap("fs"), _tap("p", color="C")],
    },
    "springleaf_drum_and_leyline_of_abundance": {
        "board": [
            _card("d", "Springleaf Drum"),
            _card("e", "Llanowar Elves", since_turn_start=False),
            _card("b", "Grizzly Bears", "B"),
            _card("ley", "Leyline of Abundance"),
        ],
        "actions": [
            _tap("d", tap_creature="b"),
            _tap("d", tap_creature="d"),
            _tap("d", color="G"),
            _tap("e"),
            {"do": "pass_turn"},
            {"do": "pass_turn"},
            _tap("e"),
            _tap("d"),
        ],
    },
    "wild_growth_on_a_creature_with_mana_reflection": {
        "board": [
            _card("e", "Llanowar Elves"),
            _card("wg", "Wild Growth", attached_to="e"),
            _card("ley", "Leyline of Abundance"),
            _card("refl", "Mana Reflection"),
        ],
        "actions": [_tap("e")],
    },
    "dryad_arbor_elixir_and_not_a_creature": {
        "board": [
            _card("a", "Dryad Arbor", since_turn_start=False),
            _card("el", "Thousand-Year Elixir"),
            _card("a2", "Dryad Arbor", "B", since_turn_start=False, not_creature=True),
        ],
        "actions": [_tap("a"), _tap("a2")],
    },
    "vivid_crag_and_gemstone_caverns": {
        "board": [
            _card("v", "Vivid Crag", counters={"charge": 1}),
            _card("c", "Gemstone Caverns", counters={"luck": 1}),
            _card("c2", "Gemstone Caverns", "B"),
            _card("hb", "Heartbeat of Spring"),
        ],
        "actions": [
            _tap("v", color="B"),
            _tap("c", color="C"),
            _tap("c", color="G"),
            _tap("c2", color="W"),
            {"do": "pass_turn"},
            {"do": "pass_turn"},
            _tap("v", color="G"),
            _tap("v", color="R"),
        ],
    },
    "listed_ids_that_replace_nothing": {
        "board": [
            _card("cont", "Contamination", "B"),
            _card("refl", "Mana Reflection"),
            _card("nyx", "Nyxbloom Ancient"),
            _card("f", "Forest"),
            _card("f2", "Forest"),
        ],
        "actions": [
            _tap("f", replacement_order=["f2", "nyx", "f2", "cont", "refl"]),
            _tap("f2", replacement_order=["refl", "refl"]),
        ],
    },
    "a_hangarback_on_the_board_without_counters_dies": {
        "board": [
            _card("h", "Hangarback Walker"),
            _card("h2", "Hangarback Walker", counters={"+1/+1": 2}),
        ],
        "actions": [],
    },
}


@pytest.mark.parametrize("name", list(EDGES))
def test_hand_made_situations_agree(name: str) -> None:
    batch, ref = _batch_vs_reference(scenario(**EDGES[name]))
    assert mana_comparable(batch) == mana_comparable(ref)
    assert ref["result"] == "ok"


def test_a_pool_asks_again_once_a_mana_ability_sacrificed_the_last_creature() -> None:
    """CR 106.7: Gaea's Cradle could produce G only while its controller has a creature. The
    first Reflecting Pool may make G; Phyrexian Altar then sacrifices the last creature (a
    cost, 602.2b), and the second Pool may not (the batch engine keeps what a tap found only
    while the board stays as it was)."""
    board = [
        _card("cradle", "Gaea's Cradle"),
        _card("altar", "Phyrexian Altar"),
        _card("bears", "Grizzly Bears"),
        _card("p1", "Reflecting Pool"),
        _card("p2", "Reflecting Pool"),
    ]
    actions = [_tap("p1", color="G"), _tap("altar", color="R"), _tap("p2", color="G")]
    batch, ref = _batch_vs_reference(scenario(board=board, actions=actions))
    assert mana_comparable(batch) == mana_comparable(ref)
    assert [(r["action"], r["reason"]) for r in ref["rejected"]] == [(2, "type_not_available")]


# ------------------------------------------------------------------ M8: spells with X


def _x_outcome(board: list[dict[str, Any]], card: str, x: int) -> dict[str, Any]:
    scn = scenario(board=board, actions=[{"do": "cast", "card": card, "by": "A", "x": x}])
    batch, ref = _batch_vs_reference(scn)
    assert mana_comparable(batch) == mana_comparable(ref)
    return batch


def _counters(out: dict[str, Any], card: str) -> dict[str, int] | None:
    found = [p["counters"] for p in out["battlefield"] if p["card"] == card]
    return found[0] if found else None


@pytest.mark.parametrize("card", ["Hangarback Walker", "Walking Ballista"])
@pytest.mark.parametrize(
    ("board", "x", "expected"),
    [
        ([], 3, 3),  # CR 107.3m: the X paid for the spell
        (["Hardened Scales"], 3, 4),  # one more (614.1)
        (["Hardened Scales"], 0, None),  # no counters to modify: 0/0, dies (704.5f)
        (["Hardened Scales", "Doubling Season"], 2, 6),  # board order: (2 + 1) * 2
        (["Doubling Season", "Hardened Scales"], 2, 5),  # 2 * 2 + 1
        (["Solemnity", "Hardened Scales"], 3, None),  # none can be put: dies
        (["Melira, Sylvok Outcast", "Vizier of Remedies"], 2, 2),  # only -1/-1 counters
    ],
)
def test_x_spell_enters_with_x_counters(
    card: str, board: list[str], x: int, expected: int | None
) -> None:
    """CR 107.3m, 122.6, 616.1 (M8) on both engines."""
    out = _x_outcome(
        [{"id": f"p{k}", "card": name, "controller": "A"} for k, name in enumerate(board)],
        card,
        x,
    )
    if expected is None:
        assert _counters(out, card) is None
        assert card in out["graveyard"]["A"]
    else:
        assert _counters(out, card) == {"+1/+1": expected}


def test_an_opponents_hardened_scales_does_not_apply() -> None:
    out = _x_outcome(
        [{"id": "hs", "card": "Hardened Scales", "controller": "B"}], "Walking Ballista", 2
    )
    assert _counters(out, "Walking Ballista") == {"+1/+1": 2}


def test_a_creature_spell_under_zendikar_resurgent_is_unsupported_on_both_engines() -> None:
    """Zendikar Resurgent draws a card: libraries are outside both engines."""
    out = _x_outcome(
        [{"id": "z", "card": "Zendikar Resurgent", "controller": "A"}], "Walking Ballista", 1
    )
    assert out["result"] == "unsupported"


# ------------------------------------------------------------------ outside the shape


@pytest.mark.parametrize(
    ("board", "actions", "why"),
    [
        ([{"id": "f", "card": "Kitchen Finks", "controller": "A"}], [], "Kitchen Finks"),
        ([{"id": "f", "card": "Forest", "controller": "A", "grant": ["persist"]}], [], "persist"),
        ([], [{"do": "cast", "card": "Wrath of God", "by": "A"}], "Wrath of God"),
        (
            [{"id": "e", "card": "Thousand-Year Elixir", "controller": "A"}],
            [{"do": "activate", "permanent": "e"}],
            "Deep Water",
        ),
        (
            [{"id": "f", "card": "Forest", "controller": "A"}],
            [{"do": "destroy", "target": "f"}],
            "destroy",
        ),
    ],
)
def test_what_the_shape_does_not_model_raises_with_a_reason(
    board: list[dict[str, Any]], actions: list[dict[str, Any]], why: str
) -> None:
    with pytest.raises(OutsideShapes, match=why) as err:
        mana_inputs_from_scenario(scenario(board=board, actions=actions))
    assert "\n" not in str(err.value)


def test_106_4_exponential_mana_is_exact_in_64_bits_and_unsupported_past_them() -> None:
    """CR 106.4 with Nyxbloom Ancients (each triples it): 3^20 G is exact; 3^45 is past
    MAX_AMOUNT = 2^63 - 1, so the trial is unsupported, with that cap named, never saturated."""

    def tap_forest_under(n: int) -> Any:
        board = [{"id": f"n{k}", "card": "Nyxbloom Ancient", "controller": "A"} for k in range(n)]
        board.append({"id": "f", "card": "Forest", "controller": "A"})
        inputs, naming = mana_inputs_from_scenario(
            scenario(board=board, actions=[{"do": "tap_for_mana", "permanent": "f"}])
        )
        return mana_batch_outcome(run_mana(inputs), 0, naming)

    exact = tap_forest_under(20)
    assert exact["result"] == "ok" and exact["mana_pool"]["A"]["G"] == 3**20
    past = tap_forest_under(45)
    assert past["result"] == "unsupported" and "MAX_AMOUNT" in past["reason"]
