"""A replayed trial the batch engine stopped at a declared cap, where the reference engine
played on, is told as that cap, not as a different outcome (SPEC section 5: ``explain --run``
and the report's example trials; a cap is the contract, not a rule broken)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from engine.batch.deck import REASONS, play_deck_games
from engine.batch.kernel.deck.game import FRONTIER_CAP, POOL_CAP
from engine.batch.outcome import comparable
from engine.deck import Deals, draw_deals
from sim.config.scenario import load_scenario
from sim.shapes.deck.replay import DeckReplay
from sim.shapes.scenario_replay import ScenarioReplay
from tests.deck.decks import deck_of, stacked

ROOT = Path(__file__).resolve().parents[2]


def test_a_deck_game_stopped_at_the_frontier_cap_replays_as_that_cap() -> None:
    setup = deck_of({"Forest": 24, "Llanowar Elves": 16}, 4, costs=("{G}{G}",))
    deals = draw_deals(np.random.default_rng(3), setup, 1)
    batch = play_deck_games(setup, deals)
    same = DeckReplay(setup, deals.deal(0), batch).replayed()
    assert same.agrees and same.batch_cap == ""
    stopped = replace(batch, status=np.array([1]), reasons=("", REASONS[FRONTIER_CAP]))
    capped = DeckReplay(setup, deals.deal(0), stopped).replayed()
    assert not capped.agrees and capped.batch_cap == REASONS[FRONTIER_CAP]


def test_a_deck_game_stopped_at_the_pool_cap_replays_as_that_cap() -> None:
    """Two Mana Reflections and two Nyxbloom Ancients on the battlefield by turn 8: the batch
    game stops at MAX_PER_TYPE on turn 15 (``test_deck_multipliers``), the reference plays on,
    and the replay says the batch engine's cap, not a disagreement."""
    counts = {"Forest": 30, "Mana Reflection": 2, "Nyxbloom Ancient": 2, "Wrath of God": 6}
    setup = deck_of(counts, 16)
    multipliers = ["Mana Reflection"] * 2 + ["Nyxbloom Ancient"] * 2
    deals = Deals.of(stacked(setup, ["Forest"] * 3 + multipliers + ["Forest"] * 20))
    capped = DeckReplay(setup, deals.deal(0), play_deck_games(setup, deals)).replayed()
    assert not capped.agrees and capped.batch_cap == REASONS[POOL_CAP]


def test_a_scenario_trial_stopped_at_a_cap_replays_as_that_cap() -> None:
    scenario = load_scenario(ROOT / "experiments/scenarios/massacre_girl_chain.toml")
    reason = "more than STACK_DEPTH = 64 objects on the stack"
    capped = ScenarioReplay(scenario, {"result": "unsupported"}, comparable, reason).replayed()
    assert not capped.agrees and capped.batch_cap == reason
    both = ScenarioReplay(scenario, {"result": "ok"}, comparable, "").replayed()
    assert both.batch_cap == ""  # a plain difference stays one
