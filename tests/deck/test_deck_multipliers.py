"""Mana multipliers (616.1) and "tapped for mana" triggers (106.12a) in deck games, on both
engines.

Mana Reflection ("If you tap a permanent for mana, it produces twice as much of that mana
instead") and Nyxbloom Ancient (three times) are replacement effects: each applies once to
each activation (614.5), so two of them multiply by their product. Mana Flare and Leyline of
Abundance trigger on a land or creature tapped for mana and add their mana at once (605.4a),
never multiplied. Each game is stacked and played by both engines, which must agree
(``tests.deck.decks.on_both_engines``).
"""

from __future__ import annotations

from engine.batch.deck import batch_refusal
from engine.library import library
from tests.deck.decks import FILL, deck_of, on_both_engines


def test_616_1_mana_reflection_doubles_the_mana_of_every_source() -> None:
    """CR 616.1, 106.7: six Forests cast Mana Reflection on turn 6; on turn 7 they make 12
    {G}, and Reflecting Pool, played that turn and reflecting them, 2 more."""
    top = ["Forest"] * 6 + ["Mana Reflection"] + [FILL] * 5 + ["Reflecting Pool"]
    counts = {"Forest": 6, "Mana Reflection": 1, "Reflecting Pool": 1}
    out = on_both_engines(counts, top, turns=7, land_order=("Forest",))
    assert out.mana_total[0].tolist() == [1, 2, 3, 4, 5, 6, 14]
    assert out.mana_by_type[0, 6].tolist() == [0, 0, 0, 0, 14, 0]


def test_616_1_multipliers_past_max_per_type_are_refused_with_the_cap_named() -> None:
    """Two Nyxbloom Ancients and two Mana Reflections multiply by 36: a deck whose sources
    could then make more than MAX_PER_TYPE = 511 of one type is refused, never wrapped."""
    x = library()["hangarback walker"]
    few = {"Forest": 36, "Mana Reflection": 2, "Nyxbloom Ancient": 2}
    assert batch_refusal(deck_of(few, 5, x_spell=x)) is None  # 12 cards seen, 4 of them
    why = batch_refusal(deck_of(few, 20, x_spell=x))  # 27 cards seen: 23 Forests x 36
    assert why is not None and "MAX_PER_TYPE = 511" in why


def test_106_12a_mana_flare_adds_one_mana_of_the_type_each_land_made() -> None:
    """CR 106.12a, 605.4a: two Forests and a Mountain cast Mana Flare on turn 3; on turn 4
    each of the four lands makes two mana."""
    top = ["Mountain", "Mountain", "Forest", "Mana Flare", "Forest", FILL, FILL]
    out = on_both_engines({"Mountain": 2, "Forest": 2, "Mana Flare": 1}, top, turns=4)
    assert out.mana_total[0].tolist() == [1, 2, 3, 8]
    assert out.mana_by_type[0, 3].tolist() == [0, 0, 0, 4, 4, 0]


def test_106_12a_leyline_of_abundance_adds_g_when_a_creature_is_tapped_for_mana() -> None:
    """CR 106.12a: Llanowar Elves on turn 1, Leyline of Abundance on turn 3; on turn 4 four
    Forests make 4 and the Elves 2."""
    top = ["Forest"] * 4 + ["Leyline of Abundance", "Llanowar Elves", FILL]
    counts = {"Forest": 4, "Leyline of Abundance": 1, "Llanowar Elves": 1}
    out = on_both_engines(counts, top, turns=4, track=("Leyline of Abundance",))
    assert out.cast_by_turn[0, :, 0].tolist() == [False, False, True, True]
    assert out.mana_total[0].tolist() == [1, 3, 4, 6]
