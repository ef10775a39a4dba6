"""Counts under a grant of a mana ability in deck games, on both engines.

Chromatic Lantern gives the player's lands, Cryptolith Rite the player's creatures,
"{T}: Add one mana of any color." (611.3a). Gaea's Cradle ("{T}: Add {G} for each creature
you control.", 106.4) or Priest of Titania under such a grant names each color: {G} by its
own ability, the first that names it (605.3b; Cradle names {G} even with no creature, as
none), the others by the granted one. The game keeps the count's mana in the place of its
type among the choices (C_PER_SLOT).
"""

from __future__ import annotations

from engine.batch.deck import batch_refusal
from tests.deck.decks import FILL, agree_game_by_game, deck_of, on_both_engines


def test_611_3a_gaeas_cradle_under_a_lantern_makes_g_per_creature_or_another_color() -> None:
    """CR 106.4, 605.3b, 611.3a: Grizzly Bears on turn 2, Chromatic Lantern on turn 3,
    Gaea's Cradle on turn 4, a second Bears then. On turn 4 the Cradle makes {G} (one
    creature) or one of W, U, B, R: five of each color. On turn 5 it makes {G}{G} (two
    creatures) or one of the others: six {G}, five of each other color."""
    top = ["Forest", "Forest", "Chromatic Lantern", "Gaea's Cradle", "Grizzly Bears",
           "Grizzly Bears", FILL, "Forest", FILL, FILL]  # fmt: skip
    counts = {"Forest": 3, "Gaea's Cradle": 1, "Chromatic Lantern": 1, "Grizzly Bears": 2}
    out = on_both_engines(counts, top, turns=5, costs=["{W}{G}{G}", "{U}{U}{U}"])
    assert out.mana_total[0].tolist() == [1, 2, 3, 5, 6]
    assert out.mana_by_type[0, 3].tolist() == [5, 5, 5, 5, 5, 0]
    assert out.mana_by_type[0, 4].tolist() == [5, 5, 5, 5, 6, 0]
    assert out.cost_payable[0, :, 0].tolist() == [False, False, False, True, True]


def test_611_3a_counts_under_a_lantern_agree_game_by_game() -> None:
    """CR 106.4, 605.3b, 611.3a: random deals of a deck of Gaea's Cradles under Chromatic
    Lanterns, with Elves and Bears to count: the engines agree game by game."""
    counts = {"Gaea's Cradle": 4, "Chromatic Lantern": 4, "Forest": 10, "Island": 4,
              "Llanowar Elves": 6, "Grizzly Bears": 4, FILL: 8}  # fmt: skip
    setup = deck_of(counts, 7, costs=_COSTS)
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=5, games=24)
    assert out.mana_total.max() >= 12


def test_611_3a_counting_creatures_given_any_color_agree_game_by_game() -> None:
    """CR 106.4, 106.12a, 302.6, 611.3a: random deals of a deck of Priests of Titania and
    Elves under Cryptolith Rite (each creature, the Priest too, makes any color), with Gaea's
    Cradles and Mana Flare: the engines agree game by game."""
    counts = {"Gaea's Cradle": 3, "Cryptolith Rite": 3, "Priest of Titania": 4,
              "Llanowar Elves": 6, "Forest": 12, "Mana Flare": 2, FILL: 10}  # fmt: skip
    setup = deck_of(counts, 6, costs=_COSTS)
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=5, games=24)
    assert out.mana_total.max() >= 12


_COSTS = ("{C}{C}{U}", "{W}{W}{B}", "{G}{G}{G}{G}", "{6}", "{R}{G}")
