"""Counters and sacrifices of mana sources in deck games, on both engines, one ruling a test.

Gemstone Mine and the Vivid lands enter with counters (614.1c) that their mana abilities
remove as a cost (118.3); the Mine is sacrificed with its last one (701.21a). The counters a
permanent enters with are put on it (122.6), so Solemnity stops them and Doubling Season
doubles them (614.1, 616.1). Each game is stacked (``tests.deck.decks.stacked``) and played
by the reference engine and by the batch engine's compiled deck game, which must agree
(``tests.deck.decks.on_both_engines``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.batch.deck import batch_refusal
from tests.deck.decks import FILL, deck_of
from tests.deck.decks import on_both_engines as _both


def test_701_21a_gemstone_mine_is_sacrificed_with_its_last_mining_counter() -> None:
    """CR 701.21a, 118.3: the Mines pay for Grizzly Bears in board order from turn 2; on
    turn 4 the first two are tapped for the third time, lose their last mining counters and
    are sacrificed, so turn 5 starts with two lands of the four played."""
    top = ["Gemstone Mine"] * 2 + ["Grizzly Bears"] * 5 + ["Gemstone Mine", "Grizzly Bears"] * 4
    out = _both({"Gemstone Mine": 6, "Grizzly Bears": 9}, top, turns=6)
    assert out.lands[0].tolist() == [1, 2, 3, 4, 2, 3]
    assert out.mana_total[0].tolist() == [1, 2, 3, 4, 2, 3]


def test_614_1c_solemnity_leaves_an_entering_gemstone_mine_without_counters() -> None:
    """CR 122.6, 614.1c: with Solemnity on the battlefield, a Gemstone Mine enters with no
    mining counters, so its ability cannot be paid (118.3): four lands, three mana."""
    top = ["Plains"] * 3 + ["Solemnity", "Gemstone Mine", FILL, FILL]
    counts = {"Plains": 3, "Solemnity": 1, "Gemstone Mine": 1}
    out = _both(counts, top, turns=4, land_order=("Plains",), track=("Solemnity",))
    assert out.cast_by_turn[0, :, 0].tolist() == [False, False, True, True]
    assert (out.lands[0, 3], out.mana_total[0, 3]) == (4, 3)


def _vivid_black(doubling: bool) -> list[bool]:
    """Five Forests cast Doubling Season ({4}{G}) on turn 5 (or nothing, without it), Vivid
    Crag enters on turn 6, and from turn 7 each turn one of its charge counters pays for a
    Viscera Seer ({B}): whether {B} can be paid at each turn's measurement."""
    season = "Doubling Season" if doubling else FILL
    top = ["Forest"] * 5 + [season, "Vivid Crag"] + ["Viscera Seer"] * 8
    counts = {"Forest": 5, "Vivid Crag": 1, "Viscera Seer": 8, "Doubling Season": 1}
    out = _both(counts, top, turns=11, costs=["{B}"], track=("Doubling Season",))
    assert bool(out.cast_by_turn[0, 4, 0]) is doubling
    return [bool(b) for b in out.cost_payable[0, :, 0]]


def test_616_1_doubling_season_doubles_the_charge_counters_vivid_crag_enters_with() -> None:
    """CR 122.6, 614.1c, 616.1: Vivid Crag enters with two charge counters, four under
    Doubling Season; each pays for one {B} (its own {T}: Add {R} cannot), so {B} can be paid
    on two turns, or on four."""
    assert _vivid_black(doubling=False) == [False] * 6 + [True] * 2 + [False] * 3
    assert _vivid_black(doubling=True) == [False] * 6 + [True] * 4 + [False]


def test_max_counters_is_a_named_cap() -> None:
    """CR 616.1: each Doubling Season doubles a Gemstone Mine's three counters once; a deck
    whose Seasons could give one more than MAX_COUNTERS = 2^62 is refused, the cap named."""
    assert batch_refusal(deck_of({"Gemstone Mine": 4, "Doubling Season": 60}, 3)) is None
    why = batch_refusal(deck_of({"Gemstone Mine": 4, "Doubling Season": 61}, 3))
    assert why is not None and "MAX_COUNTERS = 2^62" in why


# A mana rock of one's own with charge counters (Winding Constrictor covers artifacts too).
LAMP = """
[[card]]
name = "Charged Lamp"
mana_cost = "{1}"
types = ["Artifact"]
oracle = '''Charged Lamp enters with two charge counters on it.
{T}, Remove a charge counter from Charged Lamp: Add one mana of any color.'''
abilities = [
  { template = "enters_with_counters", kind = "charge", amount = 2 },
  { template = "mana_any_color", tap = true, remove_counter = "charge" },
]
"""

LAMP_GAME = """
import sys
from engine.library import use_card_files
use_card_files([sys.argv[1]])
from tests.deck.decks import FILL, on_both_engines
snake = "Winding Constrictor" if sys.argv[2] == "snake" else FILL
top = ["Forest", "Swamp", snake, *["Viscera Seer"] * 4, FILL, "Charged Lamp", *["Viscera Seer"] * 6]
counts = {"Forest": 1, "Swamp": 1, "Winding Constrictor": 1, "Charged Lamp": 1, "Viscera Seer": 10}
out = on_both_engines(counts, top, turns=7, costs=["{B}{B}"], land_order=("Forest", "Swamp"),
                      cast_order=("Winding Constrictor", "Charged Lamp"))
print([bool(b) for b in out.cost_payable[0, :, 0]])
"""


def _lamp_bb(tmp_path: Path, snake: str) -> str:
    (tmp_path / "cards.toml").write_text(LAMP, "utf-8")
    done = subprocess.run(
        [sys.executable, "-c", LAMP_GAME, str(tmp_path / "cards.toml"), snake],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    return done.stdout.strip()


def test_614_1c_winding_constrictor_adds_a_charge_counter_to_an_entering_artifact(
    tmp_path: Path,
) -> None:
    """CR 122.6, 614.1c, 616.1: with Winding Constrictor cast on turn 2, a user's Charged Lamp
    (an artifact: "an artifact or creature you control") enters on turn 3 with three charge
    counters, not two. From turn 3 the Swamp and the Lamp pay two Viscera Seers a turn, one
    counter each, so {B}{B} is payable at the measurement of turns 4 and 5 rather than 4
    alone (both engines; a user's card: in a fresh process, the card files are the
    process's)."""
    assert _lamp_bb(tmp_path, "snake") == "[False, False, False, True, True, False, False]"
    assert _lamp_bb(tmp_path, "none") == "[False, False, False, True, False, False, False]"
