"""Creatures with toughness 0 or less in deck games (Night of Souls' Betrayal), on both engines.

CR 704.5f: a creature with toughness 0 or less is put into its owner's graveyard as a
state-based action; 611.3a: "All creatures get -1/-1" applies to every creature on the
battlefield, those that enter later too; 704.3: the creatures that die at once are found
before any leaves. A deck game plays on without the creature: no mana from it, one creature
fewer for Gaea's Cradle (106.4).
"""

from __future__ import annotations

from engine.batch.deck import batch_refusal, kernel_refusal
from tests.deck.decks import FILL, agree_game_by_game, card, deck_of, on_both_engines

NOSB = "Night of Souls' Betrayal"


def test_704_5f_night_of_souls_betrayal_kills_the_elves_and_cradle_counts_fewer() -> None:
    """CR 704.5f, 611.3a, 106.4: Llanowar Elves on turn 1 and Grizzly Bears on turn 2; on
    turn 3 a Forest, two Swamps and the Elves cast Night of Souls' Betrayal, which makes the
    Elves 0/0 (they die) and the Bears 1/1. On turn 4 Gaea's Cradle counts the Bears alone:
    the Forest, the Swamps and the Cradle's one {G} make four mana (the Elves and a second
    {G} from the Cradle would have made six), so {G}{G}{G} is not payable."""
    top = ["Forest", "Llanowar Elves", "Grizzly Bears", "Swamp", "Gaea's Cradle", NOSB, "Swamp"]
    counts = {"Forest": 1, "Llanowar Elves": 1, "Grizzly Bears": 1, "Swamp": 2,
              "Gaea's Cradle": 1, NOSB: 1}  # fmt: skip
    costs = ["{G}{G}{G}", "{G}{G}"]
    out = on_both_engines(counts, [*top, FILL], turns=4, land_order=_ORDER, costs=costs)
    assert out.mana_total[0].tolist() == [1, 3, 4, 4]
    assert out.mana_by_type[0, 3].tolist() == [0, 0, 2, 0, 2, 0]
    assert out.cost_payable[0, :, 0].tolist() == [False, False, False, False]
    assert out.cost_payable[0, :, 1].tolist() == [False, True, True, True]


def test_704_5f_a_creature_entering_under_the_betrayal_dies_at_once() -> None:
    """CR 704.5f, 611.3a: Night of Souls' Betrayal is cast on turn 4; Llanowar Elves, drawn
    and cast on turn 5, is a 0/0 and dies at once. On turn 6 Gaea's Cradle counts no
    creature: two Forests and three Swamps make five mana, two of them {G}, so {G}{G}{G}
    (which the Elves and the Cradle's {G} would have paid) is not payable."""
    top = ["Swamp", "Swamp", "Forest", "Swamp", NOSB, "Gaea's Cradle", FILL,
           FILL, FILL, FILL, "Llanowar Elves", "Forest"]  # fmt: skip
    counts = {"Swamp": 3, "Forest": 2, "Gaea's Cradle": 1, NOSB: 1, "Llanowar Elves": 1}
    out = on_both_engines(counts, top, turns=6, land_order=_ORDER, costs=["{G}{G}{G}"])
    assert out.mana_total[0].tolist() == [1, 2, 3, 4, 4, 5]
    assert out.mana_by_type[0, 5].tolist() == [0, 0, 3, 0, 2, 0]
    assert out.cost_payable[0, :, 0].tolist() == [False] * 6


def test_704_5m_dryad_arbor_dies_under_the_betrayal_and_its_wild_growth_with_it() -> None:
    """CR 704.5f, 704.5m, 302.6: Dryad Arbor, a land creature, comes on turn 2 (too new to
    tap) and Wild Growth, drawn that turn, enchants it (the last untapped land). Turn 3
    makes four mana (the Forest, the Arbor's {G} and the Aura's, a Swamp). Night of Souls'
    Betrayal, cast on turn 4, makes the Arbor 0/0: it dies, and Wild Growth goes with its
    host. On turn 5 the Forest and three Swamps make four, one of them {G}."""
    top = ["Forest", "Dryad Arbor", "Swamp", "Swamp", NOSB, "Swamp", FILL, "Wild Growth"]
    counts = {"Forest": 1, "Dryad Arbor": 1, "Swamp": 3, NOSB: 1, "Wild Growth": 1}
    order = ("Forest", "Dryad Arbor", "Swamp")
    out = on_both_engines(counts, top, turns=5, land_order=order, costs=["{G}{G}"])
    assert out.mana_total[0].tolist() == [1, 1, 4, 5, 4]
    assert out.mana_by_type[0, 4].tolist() == [0, 0, 3, 0, 1, 0]
    assert out.cost_payable[0, :, 0].tolist() == [False, False, True, True, False]


def test_611_3a_glorious_anthem_keeps_the_elves_alive_under_the_betrayal() -> None:
    """CR 611.3a, 613.4: Glorious Anthem's +1/+1 and the Betrayal's -1/-1 leave Llanowar
    Elves 1/1: it stays and taps for {G} (the engines agree game by game on random deals
    of such a deck as well)."""
    counts = {NOSB: 3, "Glorious Anthem": 3, "Llanowar Elves": 4, "Grizzly Bears": 3,
              "Gaea's Cradle": 2, "Forest": 9, "Swamp": 8, FILL: 8}  # fmt: skip
    setup = deck_of(counts, 8, costs=("{G}{G}{G}", "{B}{B}{2}", "{6}"))
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=3, games=60)
    assert out.mana_total.max() >= 8


def test_704_5f_decks_with_the_betrayal_beside_auras_humans_and_grants_agree_game_by_game() -> None:
    """CR 704.5f, 704.5m, 611.3a, 106.4: random deals of two decks with Night of Souls'
    Betrayal: one of Dryad Arbors under land Auras, Llanowar Elves, Priests of Titania and a
    Human (Youthful Knight, 2/1: a lord would skip it) beside Gaea's Cradle; one under
    Glorious Anthem, Cryptolith Rite, Chromatic Lantern and Mana Flare. The engines agree
    game by game."""
    first = {NOSB: 3, "Dryad Arbor": 4, "Wild Growth": 4, "Fertile Ground": 2,
             "Llanowar Elves": 4, "Youthful Knight": 2, "Gaea's Cradle": 2, "Forest": 8,
             "Swamp": 7, "Priest of Titania": 3, FILL: 1}  # fmt: skip
    second = {NOSB: 4, "Glorious Anthem": 2, "Llanowar Elves": 4, "Fencing Ace": 3,
              "Cryptolith Rite": 2, "Forest": 10, "Swamp": 8, "Chromatic Lantern": 2,
              "Mana Flare": 1, FILL: 4}  # fmt: skip
    for seed, (counts, games) in enumerate(((first, 80), (second, 40)), start=11):
        setup = deck_of(counts, 8, costs=("{G}{G}{G}", "{B}{B}{2}", "{6}"))
        assert batch_refusal(setup) is None
        out = agree_game_by_game(setup, seed=seed, games=games)
        assert out.mana_total.max() >= 12


def test_704_5f_night_of_souls_betrayal_is_played_and_what_would_return_is_refused() -> None:
    """CR 702.79a, 704.5f: the batch engine plays Night of Souls' Betrayal; beside Kitchen
    Finks (persist: it would die and return) the deck is refused, by name."""
    assert kernel_refusal(card(NOSB)) is None
    setup = deck_of({NOSB: 2, "Kitchen Finks": 4, "Forest": 10, "Swamp": 8, FILL: 16}, 5)
    why = batch_refusal(setup)
    assert why is not None
    assert why.startswith("Kitchen Finks: it may die and return (persist, undying)")
    setup = deck_of({"Kitchen Finks": 4, "Forest": 10, "Swamp": 8, FILL: 18}, 5)
    assert batch_refusal(setup) is None  # no creature may reach 0 toughness


_ORDER = ("Forest", "Swamp")  # the land drops' order: Forests first, then Swamps
