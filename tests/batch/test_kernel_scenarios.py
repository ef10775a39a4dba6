"""Every scenario file whose inputs fit the kernel's whitelist gives, on the batch engine
(``cauldron explain --engine batch``), the reference engine's outcome; and the kernel itself
(no fast path, no hand-back) gives it too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine import reference
from engine.batch.kernel import kernel_fits, run_kernel
from engine.batch.layout import new_state
from engine.batch.outcome import batch_outcome, comparable
from engine.batch.scenario import run_scenario
from engine.batch.shapes import OutsideShapes
from engine.batch.trial_scenario import trial_scenario
from engine.batch.wipe_convert import wipe_inputs_from_scenario
from sim.config.scenario import load_scenario
from tests.helpers import attack, board, cast, destroy, run_both, scenario, tap

ROOT = Path(__file__).parent.parent.parent
FILES = sorted(
    [
        *(ROOT / "tests" / "scenarios").glob("*.toml"),
        *(ROOT / "experiments" / "scenarios").glob("*.toml"),
        *(ROOT / "tests" / "golden").glob("*.toml"),
    ]
)


def _fitting() -> list[Path]:
    out = []
    for f in FILES:
        try:
            inputs, _ = wipe_inputs_from_scenario(load_scenario(f))
        except (OutsideShapes, ValueError):
            continue
        if kernel_fits(inputs):
            out.append(f)
    return out


FITTING = _fitting()


def test_most_wipe_scenarios_fit_the_kernel() -> None:
    assert len(FITTING) >= 20


@pytest.mark.parametrize("path", FITTING, ids=lambda p: p.stem)
def test_scenario_on_the_kernel_equals_the_reference(path: Path) -> None:
    scenario = load_scenario(path)
    inputs, naming = wipe_inputs_from_scenario(scenario)
    ref = comparable(reference.run(scenario))
    explained = run_scenario(scenario)  # what ``explain --engine batch`` prints
    assert comparable(explained) == ref
    state = new_state(inputs)
    run_kernel(state, inputs)
    assert comparable(batch_outcome(state, 0, naming)) == ref
    assert np.all(state.status >= 0)


def test_the_template_table_names_only_library_templates() -> None:
    from engine.batch.kernel import TEMPLATES
    from engine.library import TEMPLATES as LIBRARY

    assert set(TEMPLATES) <= set(LIBRARY)


def _slots_and_board(actions: list[dict[str, object]]) -> tuple[int, int, int]:
    """A trial's slots, its board's and its events' (``layout.slot_count``), once both
    engines agree on its outcome."""
    two = board("finks: Kitchen Finks @A", "bears: Grizzly Bears @B")
    run_both(two, actions)
    inputs, _ = wipe_inputs_from_scenario(scenario(board=two, actions=actions))
    _, _, s, e = inputs.shape
    return new_state(inputs).card.shape[1], s, e


def test_a_trial_has_cast_slots_only_when_an_event_may_fill_one() -> None:
    """CR 608.3: a permanent spell's card enters in its event's slot; a wipe's card goes to
    its owner's graveyard. A batch of wipes has the board's slots only; a permanent cast, or
    an action naming a spell's id (rejected in both engines, 400.7), gives one per event."""
    assert _slots_and_board([cast("Wrath of God"), cast("Pyroclasm")]) == (2, 2, 2)
    assert _slots_and_board([cast("Wrath of God"), cast("Kitchen Finks")]) == (4, 2, 2)
    named = [cast("Wrath of God", id="w"), {"do": "destroy", "target": "w"}]
    assert _slots_and_board(named) == (4, 2, 2)


def test_a_batch_without_tokens_rounds_its_slots_to_a_group() -> None:
    """``layout.SLOT_GROUP``: fourteen board slots become sixteen, two of them empty; with a
    card that makes tokens (Hangarback Walker), the board's fourteen and the sixteen token
    slots stay thirty (more would raise the token cap). Both engines agree on each."""
    bears = [f"b{k}: Grizzly Bears @A" for k in range(13)]
    for last, slots in (("Grizzly Bears", 16), ("Hangarback Walker", 30)):
        one_board = board(*bears, f"h: {last} @B +1/+1=1")
        run_both(one_board, [cast("Pyroclasm")])
        inputs, _ = wipe_inputs_from_scenario(scenario(board=one_board))
        assert new_state(inputs).card.shape[1] == slots


def test_a_trial_plays_on_the_token_slots_only_once_it_makes_a_token() -> None:
    """CR 111.1: Hangarback Walker's dies trigger makes a Thopter per +1/+1 counter. A trial
    plays first without the token slots (``run._every_trial``); one that makes tokens plays
    again on every slot: its Thopters are the reference's. Twenty are past the sixteen token
    slots: unsupported, with that cap named (no other reason leaks out)."""
    walker = "h: Hangarback Walker @A +1/+1={}"
    for counters in (0, 2, 16):
        one = board(walker.format(counters), "f: Kitchen Finks @B")
        out = run_both(one, [cast("Wrath of God")])
        assert sum(p["card"] == "Thopter" for p in out["battlefield"]) == counters
    past = scenario(board=board(walker.format(20)), actions=[cast("Wrath of God")])
    assert reference.run(past)["result"] == "ok"
    capped = run_scenario(past)
    assert capped["result"] == "unsupported"
    assert "more than 16 tokens" in capped["reason"]


def _made_and_thopters(
    one_board: list[dict[str, Any]], actions: list[dict[str, Any]]
) -> tuple[int, list[tuple[str, int]]]:
    """Run the scenario on the kernel alone: tokens made, and the Thopters left (id, object)."""
    out = run_both(one_board, actions)
    inputs, _ = wipe_inputs_from_scenario(scenario(board=one_board, actions=actions))
    state = new_state(inputs)
    run_kernel(state, inputs)
    thopters = sorted((p["id"], p["object"]) for p in out["battlefield"] if p["card"] == "Thopter")
    return int(state.tokens_made[0]), thopters


def test_704_5d_a_token_slot_is_used_again_once_its_token_has_ceased_to_exist() -> None:
    """CR 704.5d, 111.1: two Hangarback Walkers with nine counters each die to one Wrath; each
    trigger makes nine Thopters, and under Night of Souls' Betrayal (-1/-1) each nine die
    before the next are made. Eighteen tokens, never more than nine at once: past the sixteen
    token slots only if a slot held one token for the whole trial. Both engines agree."""
    walkers = board(
        "h: Hangarback Walker @A +1/+1=9", "g: Hangarback Walker @B +1/+1=9",
        "n: Night of Souls' Betrayal @B",
    )  # fmt: skip
    made, thopters = _made_and_thopters(walkers, [cast("Wrath of God")])
    assert (made, thopters) == (18, [])


def test_400_7_a_token_in_a_slot_used_again_is_a_new_object() -> None:
    """CR 400.7, 111.1: fifteen Thopters from one Hangarback Walker, then one cast with X = 2;
    Pyroclasm kills the Thopters and the new Walker, whose two Thopters take two of the freed
    slots. They are the reference's: named after their Walker, each its id's first object."""
    actions = [
        cast("Wrath of God"),
        cast("Hangarback Walker", x=2, id="w"),
        cast("Pyroclasm", by="B"),
    ]
    made, thopters = _made_and_thopters(board("h: Hangarback Walker @A +1/+1=15"), actions)
    assert (made, thopters) == (17, [("w.thopter1", 1), ("w.thopter2", 1)])


def test_111_1_an_action_may_name_a_token_by_its_id() -> None:
    """CR 111.1, SPEC section 3: a token made during the scenario is named after its source
    (``h.thopter1``), and an action may act on it by that id: destroy the first Thopter, tap
    the second and put a counter on it; destroying the first again, or a Thopter never made,
    is rejected (400.7). A cast Walker's Thopter is named after the cast's id."""
    actions = [
        destroy("h"),
        destroy("h.thopter1"),
        {"do": "tap", "target": "h.thopter2"},
        {"do": "counters", "target": "h.thopter2", "kind": "+1/+1", "amount": 1},
        destroy("h.thopter1"),
        destroy("h.thopter3"),
        cast("Hangarback Walker", x=1, id="w"),
        destroy("w"),
        {"do": "bounce", "target": "w.thopter1"},
    ]
    out = run_both(board("h: Hangarback Walker @A +1/+1=2"), actions)
    assert [(p["id"], p["tapped"], p["power"]) for p in out["battlefield"]] == [
        ("h.thopter2", True, 2)
    ]
    assert [r["action"] for r in out["rejected"]] == [4, 5]


def test_508_1a_a_creature_cast_during_the_scenario_attacks_and_blocks() -> None:
    """CR 508.1a, 302.6, 509.1a: Kitchen Finks cast this turn cannot attack (summoning sick);
    two turns later it attacks into B's Bears, which block: both die, Finks returns by
    persist (702.79a). A cast permanent is declared by its id, as a board one."""
    actions = [
        cast("Kitchen Finks", id="finks"),
        {"do": "attack", "attackers": ["finks"], "blockers": {}},
        {"do": "pass_turn"},
        {"do": "pass_turn"},
        {"do": "attack", "attackers": ["finks"], "blockers": {"wall": "finks"}},
        cast("Grizzly Bears", by="B", id="bears"),
        {"do": "pass_turn"},
        {"do": "attack", "attackers": ["bears"], "blockers": {"finks": "bears"}},
    ]
    out = run_both(board("wall: Grizzly Bears @B"), actions)
    assert [r["reason"] for r in out["rejected"]] == ["summoning_sick"]
    assert [(r["id"], r["by"]) for r in out["returned"]] == [("finks", "persist")]


def test_508_1a_tokens_attack_and_block_by_their_ids() -> None:
    """CR 508.1a, 509.1a, 111.1: Thopters made during the scenario attack and block by their
    ids (``h.thopter1``). Sick the turn they are made (302.6); two turns later two attack and
    Serra Angel blocks one (it dies, the other's damage reaches B); on B's turn the Angel
    attacks and an untapped Thopter blocks it. An attack naming a Thopter that died is
    rejected (400.7)."""
    actions = [
        destroy("h"),
        attack(["h.thopter1"]),
        {"do": "pass_turn"},
        {"do": "pass_turn"},
        attack(["h.thopter1", "h.thopter3"], {"angel": "h.thopter1"}),
        {"do": "pass_turn"},
        attack(["angel"], {"h.thopter2": "angel"}),
        attack(["h.thopter1"]),
    ]
    out = run_both(board("h: Hangarback Walker @A +1/+1=3", "angel: Serra Angel @B"), actions)
    assert [(r["action"], r["reason"]) for r in out["rejected"]] == [
        (1, "summoning_sick"),
        (7, "not_on_battlefield"),
    ]
    assert out["life"] == {"A": 20, "B": 19}
    assert [(p["id"], p["damage"]) for p in out["battlefield"]] == [
        ("angel", 1),
        ("h.thopter3", 0),
    ]


def test_605_3b_a_token_is_named_by_a_mana_ability_and_its_cost() -> None:
    """CR 605.3b, 118.3, 111.1: Springleaf Drum taps a Thopter made this turn for its cost
    (the cost is not the Thopter's {T}: 302.6 does not stop it); a Thopter has no mana
    ability (605.1a) nor any activated one (602.1); a Thopter that died, or one never made,
    names no creature to tap (118.3) and no permanent (400.7)."""
    actions = [
        destroy("h"),
        tap("drum", tap_creature="h.thopter1"),
        tap("h.thopter2"),
        {"do": "activate", "permanent": "h.thopter2", "ability": 0},
        {"do": "pass_turn"},
        {"do": "pass_turn"},
        destroy("h.thopter1"),
        tap("drum", tap_creature="h.thopter1"),
        tap("drum", tap_creature="h.thopter2"),
        tap("h.thopter9"),
    ]
    out = run_both(board("h: Hangarback Walker @A +1/+1=2", "drum: Springleaf Drum @A"), actions)
    assert [(r["action"], r["reason"]) for r in out["rejected"]] == [
        (2, "no_mana_ability"),
        (3, "no_such_ability"),
        (7, "no_untapped_creature"),
        (9, "not_on_battlefield"),
    ]
    assert [(p["id"], p["tapped"]) for p in out["battlefield"]] == [
        ("drum", True),
        ("h.thopter2", True),
    ]


def test_111_1_actions_naming_tokens_come_back_from_the_batch_as_written() -> None:
    """CR 111.1: the way back from a batch to a scenario (what the differential replays
    run) names the tokens an attack, a mana ability, its cost and an activation name as the
    scenario did."""
    actions = [
        destroy("h"),
        destroy("g"),
        attack(["h.thopter1", "bird"], {"angel": "h.thopter1", "g.thopter1": "bird"}),
        tap("drum", tap_creature="h.thopter2"),
        tap("h.thopter9"),
        {"do": "activate", "permanent": "h.thopter2", "ability": 0},
    ]
    scn = scenario(
        board(
            "h: Hangarback Walker @A +1/+1=3",
            "g: Hangarback Walker @B +1/+1=1",
            "angel: Serra Angel @B",
            "bird: Birds of Paradise @A",
            "drum: Springleaf Drum @A",
        ),
        actions,
    )
    inputs, naming = wipe_inputs_from_scenario(scn)
    assert trial_scenario(inputs, 0, naming).actions == scn.actions


def test_400_7_a_token_number_no_trial_reaches_names_nothing() -> None:
    """CR 400.7, 111.1, 118.3: a Thopter numbered past TOKENS_MADE_CAP was never made: an
    attack by it, or blocking it, is rejected (not on the battlefield), and Springleaf Drum
    finds no such creature to tap (it does not take another)."""
    actions = [
        destroy("h"),
        {"do": "pass_turn"},
        {"do": "pass_turn"},
        attack(["h.thopter40000"]),
        attack(["h.thopter1"], {"h.thopter40000": "h.thopter1"}),
        tap("drum", tap_creature="h.thopter40000"),
    ]
    out = run_both(board("h: Hangarback Walker @A +1/+1=1", "drum: Springleaf Drum @A"), actions)
    assert [(r["action"], r["reason"]) for r in out["rejected"]] == [
        (3, "not_on_battlefield"),
        (4, "not_on_battlefield"),
        (5, "no_untapped_creature"),
    ]
