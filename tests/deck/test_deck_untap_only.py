"""A permanent whose only mana ability costs {Q} (Pili-Pala) in deck games, on both engines.

CR 107.6: {Q} is paid by untapping the permanent. Nothing in a batch deck game taps Pili-Pala
(it enters untapped, the pilot never attacks, and a card that taps another for a cost,
Springleaf Drum, is refused beside it), so its {2}, {Q} ability is never activated and it is
a 1/1 creature with no mana (the reference engine leaves such a permanent out of its
sources). A grant of a {T} mana ability to it would let it tap and then pay {Q}: refused.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
    enters untapped), but not beside Springleaf Drum, whose cost could tap it."""
    assert untaps_only(INDEX["pili-pala"])
    assert kernel_refusal(card("Pili-Pala")) is None
    assert not untaps_only(INDEX["springleaf drum"])
    assert not untaps_only(INDEX["forest"])
    why = batch_refusal(deck_of({"Pili-Pala": 4, "Springleaf Drum": 2, "Forest": 34}, 4))
    assert why is not None and why.startswith("Pili-Pala: a creature whose mana ability")


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


# A land of one's own whose one mana ability costs {Q} (fuzz_mana_cards, seed 9720, found the
# batch engine leaving its types out of what the lands could produce).
Q_LAND = """
[[card]]
name = "Quiet Spring"
types = ["Land"]
oracle = "{2}, {Q}: Add one mana of any color."
abilities = [{ template = "mana_any_color", tap = false, untap = true, cost = "{2}" }]
"""

Q_LAND_GAME = """
import sys
from engine.library import use_card_files
use_card_files([sys.argv[1]])
from tests.deck.decks import FILL, on_both_engines
top = ["Forest", "Quiet Spring", "Reflecting Pool", FILL, FILL, FILL, FILL, FILL, FILL]
counts = {"Forest": 1, "Quiet Spring": 1, "Reflecting Pool": 1}
out = on_both_engines(counts, top, turns=3, costs=["{W}{G}", "{W}{W}"])
print(out.mana_by_type[0].tolist(), out.cost_payable[0].tolist())
"""


def test_106_7_a_lands_q_ability_counts_for_what_it_could_produce(tmp_path: Path) -> None:
    """CR 106.7, 107.6: what a land could produce ignores whether the costs of its abilities
    could be paid, so Reflecting Pool beside an untapped land whose one ability is "{2},
    {Q}: Add one mana of any color." (never activated: nothing taps it) makes any color.
    Turn 3: the Forest's {G} and the Pool's one mana of any color: {W}{G} is payable, {W}{W}
    is not; both engines agree (a user's card: in a fresh process, the card files are the
    process's)."""
    (tmp_path / "cards.toml").write_text(Q_LAND, "utf-8")
    out = subprocess.run(
        [sys.executable, "-c", Q_LAND_GAME, str(tmp_path / "cards.toml")],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    types, payable = out.stdout.strip().split("] [")
    assert types + "]" == "[[0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 1, 0], [1, 1, 1, 1, 2, 0]]"
    assert "[" + payable == "[[False, False], [False, False], [True, False]]"
