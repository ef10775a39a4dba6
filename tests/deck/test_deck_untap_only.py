"""A permanent whose only mana ability costs {Q} (Pili-Pala) in deck games, on both engines.

CR 107.6: {Q} is paid by untapping the permanent. Nothing in a batch deck game taps Pili-Pala
(it enters untapped, the pilot never attacks, and no card of the deck taps another for a
cost: Springleaf Drum is refused), so its {2}, {Q} ability is never activated and it is a
1/1 creature with no mana (the reference engine leaves such a permanent out of its sources).
A grant of a {T} mana ability to it would let it tap and then pay {Q}: refused.
"""

from __future__ import annotations

from engine.batch.deck import batch_refusal, kernel_refusal
from engine.batch.deck.tables import untaps_only
from engine.batch.mana_tables import INDEX
from tests.deck.decks import FILL, agree_game_by_game, card, deck_of, on_both_engines


def test_107_6_pili_pala_untapped_makes_no_mana_and_counts_for_gaeas_cradle() -> None:
    """CR 107.6, 106.4: two Forests cast Pili-Pala on turn 2. On turn 3 Gaea's Cradle makes
    {G} for its one creature, Pili-Pala, whose own ability waits for a {Q} it cannot pay:
    three mana in all, all green, so {1}{G}{G} is payable and {4} is not."""
    top = ["Forest", "Forest", "Pili-Pala", "Gaea's Cradle", FILL, FILL, FILL]
    counts = {"Forest": 2, "Pili-Pala": 1, "Gaea's Cradle": 1}
    out = on_both_engines(counts, [*top, FILL], turns=3, costs=["{1}{G}{G}", "{4}"])
    assert out.mana_total[0].tolist() == [1, 2, 3]
    assert out.mana_by_type[0, 2].tolist() == [0, 0, 0, 0, 3, 0]
    assert out.cost_payable[0, :, 0].tolist() == [False, False, True]
    assert out.cost_payable[0, :, 1].tolist() == [False, False, False]


def test_107_6_a_card_whose_mana_abilities_all_cost_q_is_played_and_none_other() -> None:
    """CR 107.6: the batch engine plays Pili-Pala (its one mana ability costs {Q}, and it
    enters untapped); Springleaf Drum, whose ability taps another creature, stays refused."""
    assert untaps_only(INDEX["pili-pala"])
    assert kernel_refusal(card("Pili-Pala")) is None
    assert not untaps_only(INDEX["springleaf drum"])
    assert kernel_refusal(card("Springleaf Drum")) is not None
    assert not untaps_only(INDEX["forest"])


def test_611_3a_pili_pala_under_cryptolith_rite_is_refused_by_name() -> None:
    """CR 107.6, 611.3a: Cryptolith Rite gives Pili-Pala "{T}: Add one mana of any color."
    Tapping it for that one pays its own ability's {Q}: not played yet, and said so."""
    setup = deck_of({"Pili-Pala": 4, "Cryptolith Rite": 2, "Forest": 16, FILL: 18}, 4)
    why = batch_refusal(setup)
    assert why is not None
    assert why.startswith("Pili-Pala: a granted {T} mana ability beside its own that costs {Q}")


def test_107_6_decks_with_pili_pala_agree_game_by_game() -> None:
    """CR 106.4, 107.6, 302.6, 611.3a: random deals of a deck of Pili-Palas beside Forests,
    Islands, Llanowar Elves, Gaea's Cradle, Sol Ring, Chromatic Lantern (lands only) and
    Mana Flare: the batch engine agrees with the reference engine game by game."""
    counts = {"Pili-Pala": 4, "Forest": 8, "Island": 5, "Llanowar Elves": 4,
              "Gaea's Cradle": 2, "Sol Ring": 2, "Chromatic Lantern": 2, "Mana Flare": 1,
              FILL: 12}  # fmt: skip
    setup = deck_of(counts, 6, costs=("{G}{G}{G}", "{U}{U}{1}", "{5}", "{W}{W}"))
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=7, games=40)
    assert out.mana_total.max() >= 8
