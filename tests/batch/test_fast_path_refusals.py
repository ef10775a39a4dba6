"""The compiled fast path (``wipe_fast``) is a whitelist: a batch holding a card whose enters
trigger it does not play (issue #14's real persist and undying creatures), or a card that
enters tapped, goes to the compiled kernel; a batch of plain persist creatures still takes
the fast path (so does Heartmender: its upkeep never comes in the fast path's one wipe)."""

from __future__ import annotations

import pytest

from engine.batch.kernel.present import cards_present
from engine.batch.wipe_convert import wipe_inputs_from_scenario
from engine.batch.wipe_fast import batch_fits
from engine.batch.wipe_state import Features
from tests.helpers import board, cast, scenario


def _fits(card: str, fields: str = "") -> bool:
    scn = scenario(
        board=board(f"x: {card} @A {fields}", "finks: Kitchen Finks @B"),
        actions=[cast("Wrath of God")],
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
