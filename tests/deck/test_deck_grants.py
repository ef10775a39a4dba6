"""Mana abilities granted by a permanent (611.3a) in deck games, on both engines.

Chromatic Lantern gives the player's lands, Cryptolith Rite the player's creatures, "{T}: Add
one mana of any color."; the ability comes after a permanent's own (605.3b: the first that
makes a type is the one activated), and a creature still cannot tap the turn it comes (302.6).
Each game is stacked and played by both engines, which must agree
(``tests.deck.decks.on_both_engines``).
"""

from __future__ import annotations

from tests.deck.decks import FILL, on_both_engines


def test_611_3a_chromatic_lantern_lets_the_lands_make_any_color() -> None:
    """CR 611.3a: three Forests cast Chromatic Lantern on turn 3; on turn 4 each of the four
    Forests, and the Lantern, can make one mana of any color."""
    top = ["Forest"] * 3 + ["Chromatic Lantern", "Forest", FILL, FILL]
    out = on_both_engines({"Forest": 4, "Chromatic Lantern": 1}, top, turns=4, costs=["{U}{U}"])
    assert out.mana_by_type[0, 2].tolist() == [0, 0, 0, 0, 3, 0]
    assert out.mana_by_type[0, 3].tolist() == [5, 5, 5, 5, 5, 0]
    assert out.cost_payable[0, :, 0].tolist() == [False, False, False, True]


def test_611_3a_cryptolith_rite_gives_creatures_any_color_but_not_the_turn_they_come() -> None:
    """CR 611.3a, 302.6: Cryptolith Rite on turn 2, Grizzly Bears on turns 3 and 4: on turn 4
    the first Bears makes one mana of any color beside four Forests, the second one none
    until turn 5."""
    top = ["Forest", "Forest", "Cryptolith Rite", "Grizzly Bears", "Forest", "Grizzly Bears"]
    counts = {"Forest": 4, "Cryptolith Rite": 1, "Grizzly Bears": 2}
    out = on_both_engines(counts, [*top, FILL, "Forest"], turns=5)
    assert out.mana_by_type[0, 3].tolist() == [1, 1, 1, 1, 5, 0]
    assert out.mana_by_type[0, 4].tolist() == [2, 2, 2, 2, 6, 0]
