"""R5 The order of the replacement effects that change how many counters are put, CR 616.1:
the affected permanent's controller chooses the order, one at a time, each once (614.5).

``[choices] counter_order`` gives a player's order: the ids of the sources they apply
first (then the others in board order, the ``listed`` policy), or a policy: ``most`` or
``fewest`` (the order that leaves the most or the fewest counters). Every scenario runs on
both engines (``run_both``). Two players A -> B, A active.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from engine import reference
from engine.batch.scenario import run_scenario
from engine.batch.wipe_state import BATTLEFIELD, COUNTER_FEWEST, COUNTER_MOST
from engine.reference.counters import ORDER_PAST_CAP
from engine.scenario import ORDERED_MODIFIERS
from sim.errors import UserError
from sim.shapes.wipe.config import WipeConfig
from tests.batch.kernel_mixes import draw
from tests.batch.mixes import (
    COUNTER_ORDERS,
    COUNTER_ORDERS_BY_SEAT,
    COUNTER_ORDERS_DATA,
    COUNTER_ORDERS_FEWEST,
)
from tests.helpers import board, run_both, scenario

# Young Wolf (undying) destroyed returns with a +1/+1 counter under Hardened Scales ("that
# many plus one") and Doubling Season ("twice that many"): Scales first makes 4, Season first 3
WOLF = board("scales: Hardened Scales @A", "season: Doubling Season @A", "wolf: Young Wolf @A")
DESTROY_WOLF = [{"do": "destroy", "target": "wolf"}]


def _counters(out: dict[str, Any], pid: str) -> dict[str, int]:
    return next(p["counters"] for p in out["battlefield"] if p["id"] == pid)


@pytest.mark.parametrize(
    ("order", "plus"),
    [
        (None, 4),  # listed: board order, Scales first
        ("listed", 4),
        ("most", 4),
        ("fewest", 3),
        (["season", "scales"], 3),
        (["season"], 3),  # listed first, then the rest in board order
        (["scales"], 4),
    ],
    ids=["default", "listed", "most", "fewest", "season-scales", "season", "scales"],
)
def test_616_1_the_controller_orders_hardened_scales_and_doubling_season(
    order: Any, plus: int
) -> None:
    """CR 616.1, 614.5: A orders A's two replacements for the +1/+1 counter Young Wolf
    returns with (702.93a): Hardened Scales then Doubling Season puts 4, the other way 3."""
    choices = None if order is None else {"counter_order": {"A": order}}
    out = run_both(board=WOLF, actions=DESTROY_WOLF, choices=choices)
    assert _counters(out, "wolf") == {"+1/+1": plus}


def test_616_1_one_policy_for_every_player() -> None:
    """``counter_order = "fewest"`` is every player's policy."""
    out = run_both(board=WOLF, actions=DESTROY_WOLF, choices={"counter_order": "fewest"})
    assert _counters(out, "wolf") == {"+1/+1": 3}


def test_616_1_only_the_affected_permanents_controller_chooses() -> None:
    """CR 616.1: B's order does not touch A's Young Wolf; A's listed policy holds."""
    out = run_both(board=WOLF, actions=DESTROY_WOLF, choices={"counter_order": {"B": "fewest"}})
    assert _counters(out, "wolf") == {"+1/+1": 4}


@pytest.mark.parametrize(("policy", "minus"), [("most", 1), ("fewest", 0), ("listed", 0)])
def test_616_1_vizier_of_remedies_and_doubling_season_on_a_persist_return(
    policy: str, minus: int
) -> None:
    """CR 616.1, 702.79a: Kitchen Finks returns by persist with a -1/-1 counter. Vizier of
    Remedies first ("that many minus one") leaves none, and Doubling Season no longer applies
    (no counter would be put); Doubling Season first makes 2, then the Vizier 1."""
    out = run_both(
        board=board(
            "vizier: Vizier of Remedies @A", "season: Doubling Season @A", "finks: Kitchen Finks @A"
        ),
        actions=[{"do": "destroy", "target": "finks"}],
        choices={"counter_order": {"A": policy}},
    )
    assert _counters(out, "finks") == ({"-1/-1": minus} if minus else {})


def test_616_1_a_cast_permanents_id_can_be_listed() -> None:
    """A Doubling Season cast in the scenario is listed by its cast id: it applies first."""
    out = run_both(
        board=board("scales: Hardened Scales @A", "wolf: Young Wolf @A"),
        actions=[
            {"do": "cast", "card": "Doubling Season", "by": "A", "id": "ds"},
            {"do": "destroy", "target": "wolf"},
        ],
        choices={"counter_order": {"A": ["ds"]}},
    )
    assert _counters(out, "wolf") == {"+1/+1": 3}


def test_616_1_the_reference_log_says_the_order_chosen() -> None:
    """The explanation names the order "most" chose, before the replacements it applies."""
    out = reference.run(
        scenario(board=WOLF, actions=DESTROY_WOLF, choices={"counter_order": {"A": "most"}})
    )
    texts = [line["text"] for line in out["log"] if line["rule"] == "616.1"]
    assert texts == [
        "A applies Hardened Scales (scales), then Doubling Season (season): the most counters"
    ]


def test_616_1_past_ordered_modifiers_both_engines_stop_with_the_cap_named() -> None:
    """Comparing every order of more than ORDERED_MODIFIERS replacements is past a named cap:
    both engines stop the trial, unsupported, with the same reason (and ``listed`` plays)."""
    n = ORDERED_MODIFIERS + 1
    lines = [f"s{k}: {'Hardened Scales' if k % 2 else 'Doubling Season'} @A" for k in range(n)]
    scn = scenario(
        board=board(*lines, "wolf: Young Wolf @A"),
        actions=DESTROY_WOLF,
        choices={"counter_order": {"A": "most"}},
    )
    out, batch = reference.run(scn), run_scenario(scn)
    assert (out["result"], out["reason"]) == ("unsupported", ORDER_PAST_CAP)
    assert (batch["result"], batch["reason"]) == ("unsupported", ORDER_PAST_CAP)
    listed = run_both(board=board(*lines, "wolf: Young Wolf @A"), actions=DESTROY_WOLF)
    assert listed["result"] == "ok"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("best", "unknown policy 'best'"),
        ({"C": "most"}, "unknown player"),
        ({"A": ["nobody"]}, "unknown id 'nobody'"),
        ({"A": ["wolf"]}, "wolf is Young Wolf: it has no replacement effect for counters"),
        ({"A": 3}, "expected a policy or a list of ids"),
        (["most"], "expected a policy or a table"),
    ],
)
def test_616_1_a_bad_counter_order_is_a_file_error(value: Any, message: str) -> None:
    """A bad ``counter_order`` names the key and says what is wrong (exit 2 at the CLI)."""
    with pytest.raises(UserError, match=r"choices\.counter_order") as err:
        scenario(board=WOLF, actions=DESTROY_WOLF, choices={"counter_order": value})
    assert message in str(err.value)


def test_616_1_experiment_policies_agree_with_the_reference_and_differ() -> None:
    """An experiment's ``[choices] counter_order`` reaches both engines: trials of Hardened
    Scales, Doubling Season and Vizier of Remedies beside persist and undying creatures,
    drawn under "most", "fewest" and by seat (the active player the most, the next the
    fewest), agree with the reference engine trial by trial, and the same draws end with
    other counters in many trials (the policy is played)."""
    mixes = {"most": COUNTER_ORDERS, "fewest": COUNTER_ORDERS_FEWEST,
             "by seat": COUNTER_ORDERS_BY_SEAT}  # fmt: skip
    totals = {name: _agreeing_counters(mix, name) for name, mix in mixes.items()}
    assert (totals["most"] != totals["fewest"]).sum() >= 40
    assert (totals["by seat"] != totals["most"]).sum() >= 10
    assert (totals["by seat"] != totals["fewest"]).sum() >= 10


def test_616_1_an_experiments_policies_by_seat() -> None:
    """``counter_order`` by seat name gives each trial's players their policies relative to
    the active one (a seat a trial lacks, or one left out, is "listed")."""
    inputs = draw(COUNTER_ORDERS_BY_SEAT, 616, 200)
    policy = inputs.counter_policy
    assert policy is not None
    for i in range(200):
        n, active = int(inputs.n_players[i]), int(inputs.active[i])
        expected = [0] * policy.shape[1]
        expected[active], expected[(active + 1) % n] = COUNTER_MOST, COUNTER_FEWEST
        assert policy[i].tolist() == expected


def _agreeing_counters(mix: WipeConfig, name: str) -> np.ndarray:
    """Each of 400 trials of ``mix`` on the kernel, checked against the reference engine;
    the counters on the battlefield as each ends."""
    from engine.batch.kernel import run_kernel
    from engine.batch.layout import new_state
    from engine.batch.naming import Naming
    from engine.batch.outcome import batch_outcome, comparable
    from engine.batch.trial_scenario import trial_scenario

    inputs = draw(mix, 616, 400)
    state = new_state(inputs)
    run_kernel(state, inputs)
    _, _, s, e = inputs.shape
    for i in range(len(state.status)):
        naming = Naming.default(int(inputs.n_players[i]), s, e)
        ref = comparable(reference.run(trial_scenario(inputs, i)))
        assert comparable(batch_outcome(state, i, naming)) == ref, f"{name} trial {i}"
    on = state.zone == BATTLEFIELD
    return np.asarray(np.where(on, state.plus + state.minus, 0).sum(axis=1))


# ------------------------------------------------- Corpsejack Menace, Branching Evolution


@pytest.mark.parametrize(("policy", "plus"), [("most", 4), ("fewest", 3)])
def test_616_1_corpsejack_menace_and_hardened_scales(policy: str, plus: int) -> None:
    """CR 616.1; Corpsejack Menace: "twice that many +1/+1 counters". Young Wolf's undying
    counter: Scales then Menace makes (1 + 1) x 2 = 4, Menace then Scales 1 x 2 + 1 = 3."""
    out = run_both(
        board=board("menace: Corpsejack Menace @A", "scales: Hardened Scales @A",
                    "wolf: Young Wolf @A"),
        actions=DESTROY_WOLF,
        choices={"counter_order": {"A": policy}},
    )  # fmt: skip
    assert _counters(out, "wolf") == {"+1/+1": plus}


def test_614_12_corpsejack_menace_returning_by_undying_is_not_doubled_by_itself() -> None:
    """CR 614.12, 702.93a: Corpsejack Menace with undying returns with one +1/+1 counter: its
    own ability does not apply to it as it enters; another Menace already there doubles it."""
    alone = run_both(
        board=board("menace: Corpsejack Menace @A grant=undying"),
        actions=[{"do": "destroy", "target": "menace"}],
    )
    assert _counters(alone, "menace") == {"+1/+1": 1}
    beside = run_both(
        board=board("menace: Corpsejack Menace @A grant=undying", "other: Corpsejack Menace @A"),
        actions=[{"do": "destroy", "target": "menace"}],
    )
    assert _counters(beside, "menace") == {"+1/+1": 2}


def test_614_1_branching_evolution_doubles_plus_counters_only() -> None:
    """CR 614.1; Branching Evolution: +1/+1 counters on A's creatures are doubled (an effect's
    counters and an undying return's), -1/-1 counters are not (Kitchen Finks' persist return
    gets one), nor are B's creatures'."""
    out = run_both(
        board=board("evo: Branching Evolution @A", "wolf: Young Wolf @A",
                    "finks: Kitchen Finks @A", "bears: Grizzly Bears @B"),
        actions=[
            {"do": "destroy", "target": "wolf"},
            {"do": "destroy", "target": "finks"},
            {"do": "counters", "target": "bears", "kind": "+1/+1", "amount": 2},
        ],
    )  # fmt: skip
    assert _counters(out, "wolf") == {"+1/+1": 2}
    assert _counters(out, "finks") == {"-1/-1": 1}
    assert _counters(out, "bears") == {"+1/+1": 2}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("best", "unknown value 'best'"),
        ({"active": "best"}, "unknown value 'best'"),
        ({"dealer": "most"}, "dealer"),
        (["most"], "expected a policy or a table by seat"),
    ],
)
def test_616_1_a_bad_experiment_counter_order_is_a_file_error(value: Any, message: str) -> None:
    """An experiment's bad ``counter_order`` names the key and says what is wrong."""
    from sim.config.experiment import parse_experiment

    data = {**COUNTER_ORDERS_DATA, "shape": "wipe", "choices": {"counter_order": value}}
    with pytest.raises(UserError, match=r"choices\.counter_order") as err:
        parse_experiment(data, "<test>", "test")
    assert message in str(err.value)
