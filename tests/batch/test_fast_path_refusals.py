"""The compiled fast path (``wipe_fast``) is a whitelist: a batch holding a card whose enters
trigger it does not play (issue #14's real persist and undying creatures), or a card that
enters tapped, goes to the compiled kernel; a batch of plain persist creatures still takes
the fast path (so does Heartmender: its upkeep never comes in the fast path's one wipe)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.batch.kernel.present import cards_present
from engine.batch.wipe_convert import wipe_inputs_from_scenario
from engine.batch.wipe_fast import batch_fits
from engine.batch.wipe_state import Features
from tests.helpers import board, cast, scenario


def _fits(card: str, fields: str = "", spell: str = "Wrath of God") -> bool:
    scn = scenario(
        board=board(f"x: {card} @A {fields}", "finks: Kitchen Finks @B"),
        actions=[cast(spell)],
    )
    inputs, _ = wipe_inputs_from_scenario(scn)
    features = Features.of(cards_present(inputs))
    return batch_fits(features, inputs)


@pytest.mark.parametrize(
    "card",
    [
        "Geralf's Messenger",  # enters tapped; a target opponent loses life
        "Flayer of the Hatebound",  # a creature entering from your graveyard deals damage
        "River Kelpie",  # a permanent entering from a graveyard draws
        "Twilight Shepherd",  # this turn's dead return to the hand
        "Puppeteer Clique",  # an opponent's creature card is reanimated
        "Vampire Nighthawk",  # lifelink: a Redcap's damage from it would gain life (702.15b)
        "Rendclaw Trow",  # wither: its damage would be -1/-1 counters (702.80b)
    ],
)
def test_the_fast_path_refuses_what_it_does_not_play(card: str) -> None:
    assert not _fits(card)


@pytest.mark.parametrize("card", ["Safehold Elite", "Heartmender"])
def test_plain_persist_creatures_still_take_the_fast_path(card: str) -> None:
    assert _fits(card)


def test_a_slot_granted_lifelink_goes_to_the_kernel() -> None:
    """702.15b: a Murderous Redcap granted lifelink would gain life as its enters trigger
    deals damage; the fast path does not play that, so the batch is the kernel's."""
    assert _fits("Murderous Redcap")
    assert not _fits("Murderous Redcap", "grant=lifelink")


@pytest.mark.parametrize(
    "spell", ["Solidarity", "Make a Stand", "Overrun", "Heroic Intervention", "Cower in Fear"]
)
def test_a_one_sided_change_until_end_of_turn_goes_to_the_kernel(spell: str) -> None:
    """CR 611.2c: the fast path's -N/-N changes every creature, and gives no keyword: a spell
    that changes one side's creatures (or gives keywords) is the kernel's."""
    assert not _fits("Grizzly Bears", spell=spell)
    assert _fits("Grizzly Bears", spell="Infest")


# A user's spell: a -2/-2 the fast path plays, and persist, gained until end of turn, it does not.
BITTER_REBIRTH = """[[card]]
name = "Bitter Rebirth"
mana_cost = "{2}{B}"
types = ["Sorcery"]
abilities = [
  { template = "creatures_get_until_eot", power = -2, toughness = -2, keywords = ["persist"] },
]
"""

REBIRTH_RUN = """
import sys
from engine.library import use_card_files
use_card_files([sys.argv[1]])
from engine import reference
from engine.batch.kernel.present import cards_present
from engine.batch.wipe import run_wipe
from engine.batch.wipe_convert import wipe_inputs_from_scenario
from engine.batch.wipe_fast import batch_fits
from engine.batch.wipe_state import Features
from tests.helpers import board, cast, scenario
scn = scenario(board=board("bears: Grizzly Bears @B"), actions=[cast("Bitter Rebirth")])
inputs, _ = wipe_inputs_from_scenario(scn)
fits = batch_fits(Features.of(cards_present(inputs)), inputs)
returned = [r["id"] for r in reference.run(scn)["returned"]]
print(fits, returned, int(run_wipe(inputs).n_returned[0]))
"""


def test_a_spell_giving_keywords_until_end_of_turn_goes_to_the_kernel(tmp_path: Path) -> None:
    """CR 611.2c, 702.79a: a user's "All creatures get -2/-2 and gain persist until end of
    turn" alone: the fast path does not give keywords, so the batch is the kernel's, and the
    Bears that die with persist return on both engines (in a fresh process: a user's card)."""
    (tmp_path / "cards.toml").write_text(BITTER_REBIRTH, "utf-8")
    done = subprocess.run(
        [sys.executable, "-c", REBIRTH_RUN, str(tmp_path / "cards.toml")],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.strip() == "False ['bears'] 1"
