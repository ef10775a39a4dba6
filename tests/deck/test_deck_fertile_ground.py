"""Fertile Ground in deck games, on both engines: "Whenever enchanted land is tapped for mana,
its controller adds an additional one mana of any color." The color is chosen as the trigger
resolves (106.12a, 605.1b), so the mana a land with it could make is its own and any one color
more; the pilot names the colors, for several such Auras one multiset each, in WUBRG order
(``engine.reference.mana_search.activations``), the first that pays more of the cost and keeps
it payable (605.3b). The deck game once added the land's own color (G for a Forest), so a
Forest with Fertile Ground could never pay {U}.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.batch.deck import batch_refusal
from engine.batch.kernel.deck.pools import COLOR_KINDS, FIELD_BITS, multiset_pool, multisets
from tests.deck.decks import FILL, agree_game_by_game, deck_of, play, turn

_COSTS = ("{U}", "{W}{B}", "{R}{G}", "{U}{U}{B}", "{5}")


def test_106_12a_a_forest_with_fertile_ground_makes_any_color_more() -> None:
    """CR 106.12a, 605.1b: a Forest enchanted by Fertile Ground (turn 2) makes {G} and one
    mana of any color: on turn 3 {U} and {R}{G} are payable, and one of each color is the
    most of that color the lands could make."""
    top = ["Forest", "Fertile Ground", "Forest", "Forest", "Forest", "Forest", "Forest"]
    game = play({"Forest": 20, "Fertile Ground": 10, FILL: 10}, top, 3, costs=_COSTS)
    assert turn(game, 2).cast == ("Forest", "Fertile Ground")
    record = turn(game, 3)
    assert record.mana_total == 4
    assert record.mana_by_type == (1, 1, 1, 1, 4, 0)
    assert record.cost_payable == (True, False, True, False, False)


def test_106_12a_fertile_ground_games_agree_on_both_engines() -> None:
    """CR 106.12a, 605.1b, 605.3b: random deals of a deck with Fertile Ground (several may
    enchant one land), Elves and basics: the batch engine's frontier (a row of five colors
    for each such Aura's mana) and pilot agree with the reference engine game by game."""
    counts = {"Forest": 14, "Island": 4, "Fertile Ground": 8, "Llanowar Elves": 4, FILL: 10}
    setup = deck_of(counts, 6, costs=_COSTS)
    assert batch_refusal(setup) is None
    agree_game_by_game(setup, 3, 24)


def test_106_12a_fertile_ground_beside_reflecting_pool_and_gemstone_mine() -> None:
    """CR 106.7, 106.12a: Reflecting Pool could produce only the lands' own types (Fertile
    Ground's mana is its trigger's, not the land's), Gemstone Mine may leave with its last
    counter and take its Auras with it (704.5m), a karoo land returns a land: both engines
    agree game by game."""
    counts = {"Forest": 6, "Fertile Ground": 14, "Reflecting Pool": 3, "Gemstone Mine": 3,
              "Boros Garrison": 2, FILL: 4}  # fmt: skip
    setup = deck_of(counts, 6, costs=_COSTS)
    assert batch_refusal(setup) is None
    agree_game_by_game(setup, 11, 12)


def test_119_4_fertile_ground_beside_a_land_that_costs_life_is_refused() -> None:
    """CR 119.4: lands that cost life are played as alike but for their Auras' mana, which
    needs every Aura to add one type: Fertile Ground beside Mana Confluence is refused, by
    name, with the reason."""
    why = batch_refusal(deck_of({"Mana Confluence": 10, "Fertile Ground": 10, "Forest": 20}, 3))
    assert why is not None and "Mana Confluence" in why and "any color" in why


def test_the_pilots_colors_are_the_reference_engines_multisets_in_order() -> None:
    """The batch pilot's r-th choice of colors for ``size`` such triggers is the reference
    engine's r-th, ``combinations_with_replacement`` of WUBRG."""
    for size in range(4):
        listed = list(combinations_with_replacement(range(5), size))
        assert multisets(size, 5) == len(listed)
        for r, colors in enumerate(listed):
            assert multiset_pool(size, r, COLOR_KINDS) == sum(1 << (FIELD_BITS * t) for t in colors)
