"""Cabal Coffers in deck games ("{2}, {T}: Add {B} for each Swamp you control."), on both
engines, one ruling a test.

Its {2} is a cost of its mana ability paid from the player's pool (601.2h, 605.3b) and its
mana is one {B} per Swamp the player controls as it resolves (106.4; none with no Swamp).
Its mana depends on nothing the other sources change while no Swamp may leave, so both
engines search it after the others' mana, as a Signet: every way and order of paying it.
The pilot activates it in the land's place in the payment order, paying with the first
way the pool can, colorless first, then W, U, B, R, G, after which the spell stays payable.
"""

from __future__ import annotations

from pathlib import Path

from engine.batch.deck import batch_refusal
from tests.deck.decks import FILL, agree_game_by_game, deck_of, on_both_engines, validate_deck


def test_106_4_cabal_coffers_turns_two_mana_into_one_b_per_swamp() -> None:
    """CR 106.4, 601.2h: the pilot plays Cabal Coffers first (it makes no mana alone), then
    a Swamp a turn: on turn 3 the Coffers turns the two Swamps' {B}{B} into {B}{B} (two in
    all, as without it), on turn 4 two of the three Swamps' {B}{B}{B} into {B}{B}{B}: four
    in all, and {B}{B}{B}{B} is payable from then on only."""
    top = ["Swamp", "Swamp", "Cabal Coffers", "Swamp", FILL, FILL, FILL]
    costs = ("{B}{B}{B}{B}", "{B}{B}{B}", "{5}")
    out = on_both_engines({"Swamp": 3, "Cabal Coffers": 1}, top, 4, costs=costs)
    row = out.row(0)
    assert row["mana_total"] == [0, 1, 2, 4]
    assert [p[0] for p in row["cost_payable"]] == [False, False, False, True]
    assert [p[2] for p in row["cost_payable"]] == [False, False, False, False]


def test_106_4_cabal_coffers_with_no_swamp_makes_no_mana() -> None:
    """CR 106.4: with Forests and no Swamp, Cabal Coffers' ability makes no mana: it never
    adds to what the lands make, on both engines."""
    top = ["Forest", "Cabal Coffers", "Forest", "Forest", FILL, FILL, FILL]
    out = on_both_engines({"Forest": 3, "Cabal Coffers": 1}, top, 4, costs=("{B}",))
    row = out.row(0)
    assert row["mana_total"] == [0, 1, 2, 3]
    assert not any(p[0] for p in row["cost_payable"])


def test_601_2h_coffers_games_agree_game_by_game() -> None:
    """CR 106.4, 106.7, 106.12a, 601.2h, 605.3b, 616.1: random deals of a deck of Coffers,
    Swamps, a Signet and a {2} stone paid from the pool, Elves, Reflecting Pool (reading
    the Swamps' {B}), Mana Flare (one more {B} as the Coffers is tapped) and Mana Reflection
    (twice the Coffers' {B}): the batch engine's frontier and pilot agree with the reference
    engine game by game."""
    counts = {"Swamp": 12, "Cabal Coffers": 4, "Forest": 4, "Reflecting Pool": 2,
              "Llanowar Elves": 4, "Azorius Signet": 2, "Mana Flare": 2,
              "Mana Reflection": 1, FILL: 9}  # fmt: skip
    costs = ("{B}{B}{B}{B}{B}", "{G}{B}{B}{B}", "{8}", "{W}{U}{B}", "{3}{B}{B}")
    setup = deck_of(counts, 9, costs=costs)
    assert batch_refusal(setup) is None
    out = agree_game_by_game(setup, seed=2, games=24)
    assert out.mana_total.max() >= 10


def test_611_3a_cabal_coffers_beside_a_grant_to_lands_is_refused() -> None:
    """CR 611.3a: Chromatic Lantern gives Cabal Coffers a second mana ability, which the
    batch engine does not play beside one paid from the pool: refused by name, with the
    reason."""
    why = batch_refusal(deck_of({"Cabal Coffers": 4, "Chromatic Lantern": 2, "Swamp": 34}, 4))
    assert why is not None and why.startswith("Cabal Coffers: ")


_USER_COFFERS = """
[[card]]
name = "Deep Coffers"
mana_cost = ""
types = ["Land"]
oracle = "{5}, {T}: Add {B} for each Swamp you control."
[[card.abilities]]
template = "mana_per_subtype"
produce = "B"
subtype = "Swamp"
whose = "yours"
cost = "{5}"

[[card]]
name = "Swamp Petal"
mana_cost = ""
types = ["Land"]
subtypes = ["Swamp"]
oracle = "{T}, Sacrifice Swamp Petal: Add one mana of any color."
abilities = [{ template = "mana_any_color", tap = true, sacrifice = true }]
"""


def test_max_filter_generic_is_a_named_cap(tmp_path: Path) -> None:
    """A mana ability paid from the pool whose cost is past MAX_FILTER_GENERIC = 4 (each way
    of paying is tried) is refused by name when the file is read (exit 2)."""
    code, out = validate_deck(tmp_path, _USER_COFFERS, {"Swamp": 36, "Deep Coffers": 4})
    assert code == 2, out
    assert "Deep Coffers" in out and "MAX_FILTER_GENERIC = 4" in out


def test_701_21a_coffers_beside_a_swamp_that_may_leave_is_refused(tmp_path: Path) -> None:
    """CR 701.21a, 106.4: a Swamp sacrificed as its own mana is made changes what Cabal
    Coffers counts, so the order of activations matters: refused by name (exit 2)."""
    cards = {"Swamp": 32, "Cabal Coffers": 4, "Swamp Petal": 4}
    code, out = validate_deck(tmp_path, _USER_COFFERS, cards)
    assert code == 2, out
    assert "Cabal Coffers: Swamp Petal, which it counts, may leave" in out
