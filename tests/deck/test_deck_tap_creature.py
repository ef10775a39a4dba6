"""Springleaf Drum in deck games, on both engines: a mana ability whose cost taps a creature.

"{T}, Tap an untapped creature you control: Add one mana of any color." Tapping the creature
is a cost (602.1), not its own {T} ability, so a creature that came under the player's
control this turn can pay it (302.6), and the creature is not tapped for mana. The measured
mana counts every way of pairing the Drums with the untapped creatures, and the pilot taps
the first creature in board order that keeps the spell payable. Beside a Drum, a creature
whose mana ability costs more than {T} (Pili-Pala's {Q}, life, a counter) is refused.
"""

from __future__ import annotations

from engine.batch.deck import batch_refusal, kernel_refusal
from tests.deck.decks import FILL, agree_game_by_game, card, deck_of, on_both_engines


def test_302_6_drum_taps_a_creature_cast_this_turn_for_any_color() -> None:
    """CR 302.6, 602.1, 106.1: Forest and Llanowar Elves on turn 1; Forest, Springleaf Drum
    and Grizzly Bears on turn 2 (the Drum paid by a Forest, the Bears by the other and the
    Elves); Island on turn 3. Turn 3 measures two Forests, the Island, the Elves and the
    Drum tapping the Bears, summoning sick as they are: five mana, the Drum's of any
    color, so {U}{U} and {W}{G}{G}{G} are payable; on turn 2 three green ones paid neither."""
    top = ["Forest", "Llanowar Elves", "Forest", "Springleaf Drum", "Island", "Grizzly Bears"]
    counts = {"Forest": 2, "Llanowar Elves": 1, "Springleaf Drum": 1, "Island": 1}
    counts["Grizzly Bears"] = 1
    out = on_both_engines(
        counts, [*top, FILL, FILL, FILL], turns=3, costs=["{U}{U}", "{W}{G}{G}{G}"],
        track=("Springleaf Drum",),
    )  # fmt: skip
    assert out.mana_total[0].tolist() == [1, 3, 5]
    assert out.mana_by_type[0].tolist() == [
        [0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 3, 0], [1, 2, 1, 1, 4, 0],
    ]  # fmt: skip
    assert out.cost_payable[0].tolist() == [[False, False], [False, False], [True, True]]
    assert out.cast_by_turn[0, :, 0].tolist() == [False, True, True]


def test_605_1a_a_drum_with_only_a_dork_to_tap_trades_its_mana_for_any_color() -> None:
    """CR 605.1a, 106.1: with the Elves the only creature, the Drum can make mana only by
    tapping them, so they make {G} or the Drum one mana of any color, never both. Turn 3:
    two Forests, the Island and one of the two: four mana in all, {U}{U} payable (the Drum
    taps the Elves), {W}{G}{G}{G} not (a {W} leaves two green)."""
    top = ["Forest", "Llanowar Elves", "Forest", "Springleaf Drum", "Island", FILL]
    counts = {"Forest": 2, "Llanowar Elves": 1, "Springleaf Drum": 1, "Island": 1}
    out = on_both_engines(
        counts, [*top, FILL, FILL, FILL], turns=3, costs=["{U}{U}", "{W}{G}{G}{G}"]
    )
    assert out.mana_total[0].tolist() == [1, 3, 4]
    assert out.mana_by_type[0, 2].tolist() == [1, 2, 1, 1, 3, 0]
    assert out.cost_payable[0].tolist() == [[False, False], [False, False], [True, False]]


def test_602_1_a_drum_is_played_and_a_q_creature_beside_it_refused() -> None:
    """CR 602.1, 107.6: the batch engine plays Springleaf Drum; beside it Pili-Pala, which
    the Drum could tap and which could then pay its own {Q}, is refused by name. Phyrexian
    Altar, whose cost sacrifices a creature, is not played yet."""
    assert kernel_refusal(card("Springleaf Drum")) is None
    assert batch_refusal(deck_of({"Springleaf Drum": 4, "Forest": 36}, 3)) is None
    why = batch_refusal(deck_of({"Springleaf Drum": 2, "Pili-Pala": 2, "Forest": 36}, 3))
    assert why is not None and why.startswith("Pili-Pala: ")
    assert kernel_refusal(card("Phyrexian Altar")) is not None


def test_602_1_elf_decks_with_drums_agree_game_by_game() -> None:
    """CR 106.4, 302.6, 602.1, 605.3b: random deals of a deck of Drums beside Llanowar
    Elves, Priest of Titania, Birds of Paradise, Grizzly Bears and Gaea's Cradle: the batch
    engine agrees with the reference engine game by game, the pilot's Drum payments
    included."""
    counts = {"Forest": 14, "Island": 3, "Llanowar Elves": 4, "Springleaf Drum": 4,
              "Grizzly Bears": 4, "Priest of Titania": 2, "Birds of Paradise": 2,
              "Gaea's Cradle": 1, FILL: 6}  # fmt: skip
    setup = deck_of(counts, 6, costs=("{W}{U}", "{G}{G}{G}{G}", "{1}{B}{R}", "{5}"))
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=1, games=60)
    assert out.mana_total.max() >= 8


def test_602_1_drums_beside_grants_auras_and_rocks_agree_game_by_game() -> None:
    """CR 106.12a, 302.6, 602.1, 611.3a: Drums beside Cryptolith Rite (every creature a
    dork), Dryad Arbor (a land creature) with Wild Growth, Sol Ring, Azorius Signet and
    Elvish Mystic: the same games on both engines."""
    counts = {"Forest": 12, "Plains": 3, "Dryad Arbor": 2, "Wild Growth": 2,
              "Springleaf Drum": 3, "Cryptolith Rite": 2, "Elvish Mystic": 4,
              "Grizzly Bears": 4, "Sol Ring": 1, "Azorius Signet": 1, FILL: 6}  # fmt: skip
    setup = deck_of(counts, 6, costs=("{W}{W}{U}", "{G}{G}{G}", "{3}{B}"))
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=2, games=40)
    assert out.mana_total.max() >= 7
