"""CR 119.4: "Players can always pay 0 life." A player whose life went to 0 or below while
paying a spell's cost with painful mana (120.3a: Ancient Tomb) keeps activating mana abilities
that cost no life: state-based actions are not checked until the spell is cast (704.3), and
then the player loses (704.5a). A deck game stops there, on both engines."""

from __future__ import annotations

from engine.batch.deck import play_deck_games
from engine.deck import Deals
from engine.library import find_card
from engine.reference.deck import play_deck_game, results_of
from engine.reference.mana import tap_for_mana
from engine.reference.state import Game
from engine.reference.zones import enter_battlefield
from engine.scenario import Choices
from tests.deck.decks import deck_of, stacked


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
