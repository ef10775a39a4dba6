"""Signets in deck games ("{1}, {T}: Add {W}{U}."), on both engines, one ruling a test.

A Signet's {1} is a cost of its mana ability paid from the player's pool (601.2h, 605.3b):
the measured mana counts every order of the player's activations, a Signet paid with the
mana of a land or of another Signet; the pilot, paying for a spell, activates it (an
artifact: after the lands and the creatures) with the first type the pool holds, colorless
first, then W, U, B, R, G, after which the cost can still be paid.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.batch.deck import batch_refusal
from tests.deck.decks import FILL, agree_game_by_game, deck_of, on_both_engines, validate_deck


def test_601_2h_a_signet_turns_one_mana_into_two_of_its_colors() -> None:
    """CR 601.2h, 106.4: turn 2 Plains and Island cast Azorius Signet; on turn 3 the lands
    make W, W, U and the Signet, paid with one of them, {W}{U}: four mana in all, W, W, U, U
    (its {1} paid with W) or W, W, W, U (paid with U), never three U."""
    costs = ("{W}{W}{W}{U}", "{W}{W}{U}{U}", "{U}{U}{U}", "{4}", "{5}")
    top = ["Plains", "Island", "Azorius Signet", "Plains"]
    out = on_both_engines({"Plains": 10, "Island": 10, "Azorius Signet": 4}, top, 3, costs=costs)
    row = out.row(0)
    assert row["mana_total"] == [1, 2, 4]
    assert row["mana_by_type"][2] == [3, 2, 0, 0, 0, 0]
    assert row["cost_payable"][2] == [True, True, False, True, False]


def test_601_2h_a_signet_with_no_mana_to_pay_for_it_makes_none() -> None:
    """CR 601.2h, 701.21a: turn 1 Swamp and Lotus Petal; turn 2, with no land drawn, the
    Swamp and the Petal (sacrificed for its mana) cast Azorius Signet; turn 3 the Swamp's B
    pays the Signet: two mana, not three; turn 4 the same (no land), W and U at most one
    each."""
    top = ["Swamp", "Lotus Petal", "Azorius Signet", FILL, FILL, FILL, FILL, FILL, FILL, FILL]
    out = on_both_engines({"Swamp": 1, "Lotus Petal": 1, "Azorius Signet": 1}, top, 4)
    row = out.row(0)
    assert row["mana_total"] == [1, 2, 2, 2]
    assert row["mana_by_type"][3] == [1, 1, 1, 0, 0, 0]


def test_605_3b_signets_pay_with_each_others_mana() -> None:
    """CR 605.3b, 601.2h: one Island and two Signets on turn 4 (cast with Sol Ring's mana):
    the Island's U pays a Signet, whose W pays the other: W, U and U, W in some order, and
    Sol Ring's two: five mana in all (each Signet adds one), at most three U."""
    costs = ("{U}{U}{U}", "{5}", "{6}")
    top = ["Island", "Sol Ring", "Azorius Signet", "Azorius Signet"]
    out = on_both_engines({"Island": 1, "Sol Ring": 1, "Azorius Signet": 2}, top, 4, costs=costs)
    row = out.row(0)
    assert row["mana_total"][3] == 5
    assert row["mana_by_type"][3][1] == 3
    assert row["cost_payable"][3] == [True, True, False]


def test_605_3b_the_pilot_pays_a_signet_so_the_spell_stays_payable() -> None:
    """CR 605.3b, 601.2h: Deep Water ({U}{U}) with Plains, Island, Plains and a Signet: the
    Island's U, then the Signet paid with a Plains' W (its U is the second): cast on turn 3,
    the turn after the Signet; the same games on both engines."""
    top = ["Plains", "Island", "Azorius Signet", "Deep Water", "Plains"]
    counts = {"Plains": 8, "Island": 8, "Azorius Signet": 4, "Deep Water": 4}
    out = on_both_engines(counts, top, 4, track=("Azorius Signet", "Deep Water"))
    assert out.row(0)["cast_by_turn"] == [[False, False], [True, False], [True, True], [True, True]]


@pytest.mark.parametrize("seed", range(4))
def test_601_2h_seeded_decks_with_signets_agree_game_by_game(seed: int) -> None:
    """CR 601.2h, 605.3b, 616.1: random deals of decks with Signets among the sources the
    frontier orders (Reflecting Pool, Gemstone Mine, dual lands, Mana Reflection doubling
    the Signets' mana, Sol Ring, Llanowar Elves): the same games on both engines."""
    counts = {
        "Plains": 5,
        "Island": 4,
        "Forest": 4,
        "Azorius Signet": 5,
        "Reflecting Pool": 2,
        "Gemstone Mine": 2,
        "Azorius Guildgate": 2,
        "Llanowar Elves": 3,
        "Sol Ring": 1,
        "Mana Reflection": 1 if seed % 2 else 0,
        "Deep Water": 3,
        FILL: 8,
    }
    costs = ("{W}{U}{U}", "{G}{G}", "{4}", "{C}{C}")
    setup = deck_of({k: v for k, v in counts.items() if v}, 5 + seed % 2, costs=costs)
    assert batch_refusal(setup) is None
    agree_game_by_game(setup, seed=seed, games=40)


def test_106_12a_mana_flare_doubles_the_lands_mana_that_pays_a_signet_not_the_signets() -> None:
    """CR 106.12a, 605.4a: Mana Flare adds one mana of the type a land made as it is tapped
    for mana; a Signet is no land, so its {W}{U} gets nothing, whether the mana paying for it
    got Flare's or not. Random deals of such decks: the same games on both engines."""
    counts = {"Plains": 10, "Island": 8, "Azorius Signet": 6, "Mana Flare": 4, FILL: 12}
    setup = deck_of(counts, 6, costs=("{W}{W}{W}{W}{U}{U}", "{8}", "{10}"))
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=106, games=40)
    assert out.mana_total.max() >= 8


_STONES = """
[[card]]
name = "Two Stone"
mana_cost = "{2}"
types = ["Artifact"]
oracle = "{2}, {T}: Add {W}{U}{B}."
abilities = [{ template = "mana_fixed", produce = "WUB", cost = "{2}" }]

[[card]]
name = "Choice Stone"
mana_cost = "{2}"
types = ["Artifact"]
oracle = "{1}, {T}: Add one mana of any color."
abilities = [{ template = "mana_any_color", cost = "{1}" }]

[[card]]
name = "Plain Signet"
mana_cost = "{2}"
types = ["Artifact"]
oracle = "{1}, {T}: Add {W}{W}."
abilities = [{ template = "mana_fixed", produce = "WW", cost = "{1}" }]
"""


@pytest.mark.parametrize(
    ("card", "played"), [("Two Stone", True), ("Choice Stone", False), ("Plain Signet", True)]
)
def test_a_mana_ability_with_another_generic_cost_is_refused_by_name(
    tmp_path: Path, card: str, played: bool
) -> None:
    """A user's mana ability paid from the pool is played in a batch deck game as a Signet's:
    generic mana (up to MAX_FILTER_GENERIC) and {T} for a fixed pool. A {1} for a choice of
    colors is refused by name when the file is read (exit 2)."""
    code, out = validate_deck(tmp_path, _STONES, {"Plains": 36, card: 4})
    assert code == (0 if played else 2), out
    if not played:
        assert f"{card}: a mana ability with a generic cost" in out


def test_max_signets_is_a_named_cap() -> None:
    """A deck of more Signets than the frontier keeps bits for is refused, the cap named."""
    assert batch_refusal(deck_of({"Azorius Signet": 62, "Plains": 40}, 3)) is None
    why = batch_refusal(deck_of({"Azorius Signet": 63, "Plains": 40}, 3))
    assert why is not None and "MAX_SIGNETS = 62" in why
