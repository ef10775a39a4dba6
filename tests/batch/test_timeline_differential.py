"""Issue 11: mixed timelines run in one trial on the batch engine, trial by trial as the
reference engine plays them. Random scenarios (``timelines.timeline``) interleave mana
activations with wipes, damage, counters, activated abilities, tap and untap by an effect,
attacks, turn passes and removal; ``scripts/fuzz_timelines.py`` plays the same on many seeds."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import reference
from engine.batch.mana_convert import mana_comparable
from engine.batch.scenario import run_scenario
from sim.config.scenario import parse_scenario
from tests.batch.timelines import timeline

SEED, SCENARIOS = 20261203, 400


@pytest.fixture(scope="module")
def played() -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """Each drawn scenario with its outcome on the reference and on the batch engine."""
    r = random.Random(SEED)
    out = []
    for n in range(SCENARIOS):
        data = timeline(r)
        scenario = parse_scenario(data, f"<timeline {n}>")
        out.append((data, reference.run(scenario), run_scenario(scenario)))
    return out


def test_random_mixed_timelines_agree_with_the_reference(
    played: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]],
) -> None:
    """Result, returns, board, zones, life, rejections, pools and could-produce, each trial."""
    for n, (data, ref, batch) in enumerate(played):
        assert mana_comparable(batch) == mana_comparable(ref), f"timeline {n}: {data}"
        assert batch["rejected"] == ref["rejected"], f"timeline {n}"


def test_the_timelines_mix_every_action_kind_and_do_things(
    played: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]],
) -> None:
    """Not vacuous: every action kind of the scenario format is drawn, actions are taken and
    rejected, mana is made, creatures return, triggers use the stack."""
    kinds = Counter(a["do"] for data, _, _ in played for a in data["action"])
    every_kind = {"cast", "tap_for_mana", "activate", "destroy", "exile", "sacrifice", "bounce",
                  "damage", "counters", "tap", "untap", "attack", "pass_turn"}  # fmt: skip
    assert set(kinds) == every_kind
    results = Counter(ref["result"] for _, ref, _ in played)
    assert results["ok"] > SCENARIOS * 0.9
    assert sum(bool(ref["returned"]) for _, ref, _ in played) > SCENARIOS // 10
    assert sum(bool(ref["stack_order"]) for _, ref, _ in played) > SCENARIOS // 4
    pools = (sum(p.values()) for _, ref, _ in played for p in ref["mana_pool"].values())
    assert sum(n > 0 for n in pools) > SCENARIOS // 4
    taken = sum(len(data["action"]) - len(ref["rejected"]) for data, ref, _ in played)
    assert taken > sum(kinds.values()) // 2
