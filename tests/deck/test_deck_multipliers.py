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

import numpy as np

from engine.batch.deck import REASONS
from engine.batch.deck import play_deck_games as play_batch_games
from engine.batch.kernel.deck.game import POOL_CAP
from engine.deck import Deals
from engine.reference.deck import play_deck_games
from tests.deck.decks import FILL, deck_of, on_both_engines, stacked


def test_616_1_mana_reflection_doubles_the_mana_of_every_source() -> None:
    """CR 616.1, 106.7: six Forests cast Mana Reflection on turn 6; on turn 7 they make 12
    {G}, and Reflecting Pool, played that turn and reflecting them, 2 more."""
    top = ["Forest"] * 6 + ["Mana Reflection"] + [FILL] * 5 + ["Reflecting Pool"]
    counts = {"Forest": 6, "Mana Reflection": 1, "Reflecting Pool": 1}
    out = on_both_engines(counts, top, turns=7, land_order=("Forest",))
    assert out.mana_total[0].tolist() == [1, 2, 3, 4, 5, 6, 14]
    assert out.mana_by_type[0, 6].tolist() == [0, 0, 0, 0, 14, 0]


def test_616_1_multipliers_past_max_per_type_stop_the_game_with_the_cap_named() -> None:
    """CR 616.1: two Mana Reflections and two Nyxbloom Ancients multiply every Forest's {G} by
    36. The batch engine plays each turn as the reference engine does while the pool and the
    sources could make at most MAX_PER_TYPE = 511 mana in all (14 Forests: 504 on turn 14);
    as the 15th enters it stops the game there, the cap named (POOL_CAP), never wrapped,
    and turn 15 is not measured. The reference engine plays on (540 on turn 15)."""
    counts = {"Forest": 30, "Mana Reflection": 2, "Nyxbloom Ancient": 2}
    setup = deck_of({**counts, FILL: 6}, 20)
    multipliers = ["Mana Reflection"] * 2 + ["Nyxbloom Ancient"] * 2
    deals = Deals.of(stacked(setup, ["Forest"] * 3 + multipliers + ["Forest"] * 20))
    batch, reference = play_batch_games(setup, deals), play_deck_games(setup, deals)
    totals = [1, 2, 3, 4, 5, 6, 14, *range(288, 505, 36)]  # 8 Forests x 36 on turn 8 ...
    assert reference.mana_total[0].tolist() == [*totals, *range(540, 721, 36)]
    assert batch.mana_total[0].tolist() == [*totals, 0, 0, 0, 0, 0, 0]
    assert batch.played[0] == 14 and reference.played[0] == 20
    assert batch.reasons[batch.status[0]] == REASONS[POOL_CAP]
    assert "MAX_PER_TYPE = 511" in REASONS[POOL_CAP]
    for name in ("lands", "mana_by_type", "cost_payable", "x_max", "cast_by_turn"):
        played = getattr(batch, name)[0, :14], getattr(reference, name)[0, :14]
        assert np.array_equal(*played), name  # the turns both engines played agree


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
