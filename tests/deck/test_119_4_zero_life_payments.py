"""CR 119.4: "Players can always pay 0 life." A player whose life went to 0 or below while
paying a spell's cost with painful mana (120.3a: Ancient Tomb) keeps activating mana abilities
that cost no life: state-based actions are not checked until the spell is cast (704.3), and
then the player loses (704.5a). A deck game stops there, on both engines."""

from __future__ import annotations

import numpy as np

from engine.batch.deck import batch_refusal, play_deck_games
from engine.deck import Deals, draw_deals
from engine.library import find_card, parse_mana_cost
from engine.reference.deck import pay, play_deck_game, results_of
from engine.reference.mana import tap_for_mana
from engine.reference.state import Game
from engine.reference.zones import enter_battlefield
from engine.scenario import Choices
from tests.deck.decks import deck_of, stacked
from tests.helpers import board, play


def test_119_4_a_mana_ability_without_a_life_cost_works_below_1_life() -> None:
    """CR 119.4: at -1 life, a Forest still taps for G (it costs no life)."""
    game = Game(players=["A"], active="A", life={"A": -1}, choices=Choices())
    forest = find_card("Forest")
    assert forest is not None
    enter_battlefield(game, forest, "f", "A", "A", rule="305.1", how="is played")
    p = game.permanent("f")
    assert p is not None
    assert tap_for_mana(game, p, None, [], None) is None
    assert game.pools["A"]["G"] == 1


def test_704_5a_a_deck_game_paid_below_0_life_stops_after_the_cast() -> None:
    """Sol Rings paid with Ancient Tomb (2 damage each) and Plains: the cast that takes the
    player from 2 to 0 life goes through, then the game stops, on both engines alike."""
    setup = deck_of({"Ancient Tomb": 20, "Plains": 10, "Fellwar Stone": 30}, 12)
    deal = stacked(setup, ["Ancient Tomb"] * 7 + ["Fellwar Stone"] * 12)
    game = play_deck_game(setup, deal)
    assert game.game.result == "unsupported" and game.game.life["A"] <= 0
    assert "loses the game (704.5a)" in game.game.reason
    assert any(e.rule == "601.2" for e in game.game.log.events[-6:])  # the cast went through
    assert play_deck_games(setup, Deals.of(deal)).row(0) == results_of(setup, [game]).row(0)


def test_119_4_a_deck_game_counts_only_the_confluences_its_life_pays_for() -> None:
    """CR 119.4: at 2 life, three Mana Confluences and two Forests make at most 4 mana (two
    Confluences' costs can be paid, not the third's), and the pilot, knowing it, does not try
    to cast a Serra Angel it cannot pay for (it once ran out of life mid-payment)."""
    setup = deck_of(
        {"Mana Confluence": 8, "Forest": 12, "Serra Angel": 20, "Grizzly Bears": 20}, 12
    )
    deal = draw_deals(np.random.default_rng(5), setup, 20).deal(18)
    game = play_deck_game(setup, deal)
    assert game.game.result == "ok" and game.game.life["A"] == 2
    last = game.turns[-1]
    assert (last.turn, last.lands_in_play, last.mana_total, last.cast) == (12, 5, 4, ())
    assert play_deck_games(setup, Deals.of(deal)).row(0) == results_of(setup, [game]).row(0)


def test_119_4_the_pilot_pays_with_confluences_before_a_painful_land_would_stop_them() -> None:
    """CR 119.4, 120.3a: at 2 life, {W}{W}{2} is paid by two Mana Confluences (1 life each)
    then Ancient Tomb (2 damage), though the Tomb comes first in the pilot's order: tapping
    it first would leave no life to pay for the Confluences, so the pilot passes it over."""
    game = play(
        board=board("t: Ancient Tomb @A", "a: Mana Confluence @A", "b: Mana Confluence @A"),
        players=("A", "B"),
        life={"A": 2, "B": 20},
    )
    pay(game, parse_mana_cost("{W}{W}{2}"), {})
    assert game.life["A"] == -2 and sum(game.pools["A"].values()) == 0


def test_119_4_the_batch_engine_plays_mana_confluence_as_the_reference_does() -> None:
    """CR 119.4, 704.5a: games of Mana Confluences and Ancient Tombs paid down past the last
    life, on both engines: the same turns, payments and losses, game by game."""
    setup = deck_of({"Mana Confluence": 10, "Ancient Tomb": 4, "Plains": 6, "Serra Angel": 20}, 12)
    deals = draw_deals(np.random.default_rng(11), setup, 12)
    batch = play_deck_games(setup, deals)
    reference = results_of(setup, [play_deck_game(setup, deals.deal(t)) for t in range(12)])
    assert [batch.row(t) for t in range(12)] == [reference.row(t) for t in range(12)]
    assert any("loses the game (704.5a)" in r for r in batch.reasons)


def test_119_4_confluences_under_chromatic_lantern_still_pay_life() -> None:
    """CR 605.3b, 611.3a, 119.4: Chromatic Lantern gives Mana Confluence a second ability,
    but Confluence's own makes every color the grant names, and the engines activate the
    first ability that makes the type named: under Lantern it still costs 1 life a tap. The
    batch engine plays such a deck (the grant adds it no choice), game by game as the
    reference does."""
    setup = deck_of(
        {"Mana Confluence": 8, "Chromatic Lantern": 4, "Forest": 12, "Birds of Paradise": 4,
         "Serra Angel": 12},
        5,
        costs=("{W}{U}{B}", "{4}{G}{G}"),
        track=("Chromatic Lantern",),
    )  # fmt: skip
    assert batch_refusal(setup) is None
    deals = draw_deals(np.random.default_rng(12), setup, 16)
    batch = play_deck_games(setup, deals)
    reference = results_of(setup, [play_deck_game(setup, deals.deal(t)) for t in range(16)])
    assert [batch.row(t) for t in range(16)] == [reference.row(t) for t in range(16)]
    assert batch.cast_by_turn[:, -1, 0].sum() >= 4  # Lantern on the battlefield in many games
