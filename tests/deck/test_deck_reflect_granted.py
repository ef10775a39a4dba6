"""Could-produce lands under a grant of a mana ability in deck games, on both engines.

Chromatic Lantern gives each land the player controls "{T}: Add one mana of any color."
(611.3a). Reflecting Pool and Exotic Orchard then have two mana abilities: their own, which
makes one mana of a type the lands could produce (106.7; Exotic Orchard reads an opponent's
lands, and a deck game has no opponent), and the granted one. Each makes one mana and
nothing else, so a source makes one of the types of either (``frontier.reflected``).
"""

from __future__ import annotations

from engine.batch.deck import batch_refusal
from tests.deck.decks import FILL, agree_game_by_game, deck_of, on_both_engines


def test_611_3a_exotic_orchard_with_no_opponent_makes_any_color_under_a_lantern() -> None:
    """CR 106.7, 611.3a: the pilot plays Exotic Orchard first; it makes no mana in a deck game
    (no opponent controls a land), so Chromatic Lantern waits for three Forests (turn 4).
    On turn 5 the Orchard makes any color, as each Forest and the Lantern do: six of each
    color, no colorless."""
    top = ["Forest", "Exotic Orchard", "Forest", "Chromatic Lantern", "Forest", FILL, FILL]
    counts = {"Forest": 4, "Exotic Orchard": 1, "Chromatic Lantern": 1}
    out = on_both_engines(counts, [*top, "Forest"], turns=5, costs=["{U}{U}{U}{U}{U}{U}"])
    assert out.mana_total[0].tolist() == [0, 1, 2, 3, 6]
    assert out.mana_by_type[0, 4].tolist() == [6, 6, 6, 6, 6, 0]
    assert out.cost_payable[0, :, 0].tolist() == [False, False, False, False, True]


def test_106_7_reflecting_pool_under_a_lantern_makes_any_color_or_what_a_land_could() -> None:
    """CR 106.7, 611.3a: three Forests cast Chromatic Lantern on turn 3. On turn 4 Reflecting
    Pool makes {G} by its own ability or any color by the granted one: five of each color,
    no colorless. On turn 5 Wastes comes: the Pool's own ability makes {C} too, so {C}{C}
    is paid by the Wastes and the Pool."""
    top = ["Forest", "Wastes", "Forest", "Chromatic Lantern", "Reflecting Pool", FILL, FILL]
    counts = {"Forest": 3, "Wastes": 1, "Reflecting Pool": 1, "Chromatic Lantern": 1}
    costs = ["{C}{C}", "{W}{W}{W}{W}{W}"]
    out = on_both_engines(counts, [*top, "Forest"], turns=5, costs=costs)
    assert out.mana_total[0].tolist() == [1, 2, 3, 5, 6]
    assert out.mana_by_type[0, 3].tolist() == [5, 5, 5, 5, 5, 0]
    assert out.mana_by_type[0, 4].tolist() == [6, 6, 6, 6, 6, 2]
    assert out.cost_payable[0, :, 0].tolist() == [False, False, False, False, True]
    assert out.cost_payable[0, :, 1].tolist() == [False, False, False, True, True]


def test_611_3a_could_produce_lands_under_grants_agree_game_by_game() -> None:
    """CR 106.7, 106.12a, 605.3b, 611.3a: random deals of a deck of Reflecting Pools and
    Exotic Orchards beside Forests, Islands, Wastes, Chromatic Lanterns, Elves and Mana
    Flare: the batch engine's frontier and pilot agree with the reference engine game by
    game."""
    counts = {"Reflecting Pool": 4, "Exotic Orchard": 4, "Forest": 6, "Island": 4,
              "Wastes": 3, "Chromatic Lantern": 4, "Llanowar Elves": 4, "Mana Flare": 1,
              FILL: 10}  # fmt: skip
    setup = deck_of(counts, 6, costs=_COSTS)
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=5, games=24)
    assert out.mana_total.max() >= 12


def test_616_1_could_produce_lands_under_grants_and_a_multiplier_agree_game_by_game() -> None:
    """CR 106.7, 611.3a, 616.1: as above with Mana Reflection (each source makes twice the
    mana of the type it chose) and Ancient Tomb ({C}{C}, which Reflecting Pool reads as one
    {C}): the engines agree game by game."""
    counts = {"Reflecting Pool": 4, "Exotic Orchard": 4, "Forest": 8, "Wastes": 4,
              "Chromatic Lantern": 3, "Mana Reflection": 1, "Ancient Tomb": 2,
              FILL: 14}  # fmt: skip
    setup = deck_of(counts, 5, costs=_COSTS)
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=5, games=40)
    assert out.mana_total.max() >= 12


_COSTS = ("{C}{C}{U}", "{W}{W}{B}", "{G}{G}{G}{G}", "{6}", "{R}{C}")
