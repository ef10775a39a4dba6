"""CR 404.2: "Each graveyard is kept in a single face-up pile. A player can examine the cards in
any graveyard at any time but normally can't change their order." 404.3: cards put into one
graveyard at the same time are in the order their owner arranges: the listed policy, board
order. Exile and hands are listed as their cards arrived too. Each case is checked on the
reference engine, the batch kernel (``explain --engine batch``) and, where the board fits it,
the wipe fast path: the three list every zone in the same order."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch.kernel.present import cards_present
from engine.batch.kernel.stack import detection_key, mover_place
from engine.batch.kernel.state import GROUP, L_ROWS, ORDER, RETURNED_SLOT, SEQ, W_ROWS
from engine.batch.mana_convert import mana_comparable
from engine.batch.outcome import batch_outcome
from engine.batch.scenario import run_scenario
from engine.batch.wipe import run_wipe
from engine.batch.wipe_convert import wipe_inputs_from_scenario
from engine.batch.wipe_fast import batch_fits
from engine.batch.wipe_state import Features
from engine.reference import run as reference_run
from engine.scenario import Scenario
from tests.helpers import board, cast, destroy, scenario


def _fast_path(scn: Scenario) -> dict[str, Any]:
    """The scenario as a batch of one trial on the wipe fast path (it must fit)."""
    inputs, naming = wipe_inputs_from_scenario(scn)
    assert batch_fits(Features.of(cards_present(inputs)), inputs)
    return batch_outcome(run_wipe(inputs), 0, naming)


def _zones(scn: Scenario, fast: bool = False) -> dict[str, dict[str, list[str]]]:
    """The reference engine's graveyards, exile and hands, once the batch kernel (and the
    fast path, with ``fast``) listed the same, in the same order."""
    out = reference_run(scn)
    zones = {z: out[z] for z in ("graveyard", "exile", "hand")}
    for batch in [run_scenario(scn), *([_fast_path(scn)] if fast else [])]:
        assert mana_comparable(batch) == mana_comparable(out)
        assert {z: batch[z] for z in zones} == zones
    return zones


def test_404_2_a_destroyed_creature_arrives_before_the_wipe_that_destroyed_it() -> None:
    """CR 404.2, 608.2n: Wrath of God destroys as it resolves (701.8a); its card goes to the
    graveyard as the last step of its resolution, on top of the creatures."""
    scn = scenario(board("b: Grizzly Bears @A", "e: Llanowar Elves @A"), [cast("Wrath of God")])
    graveyard = _zones(scn, fast=True)["graveyard"]
    assert graveyard["A"] == ["Grizzly Bears", "Llanowar Elves", "Wrath of God"]


def test_404_2_a_marking_wipe_arrives_before_the_creatures_it_kills() -> None:
    """CR 404.2, 704.3: Pyroclasm only deals damage (120.3); its card is in the graveyard when
    the state-based actions that follow its resolution put the creatures there."""
    scn = scenario(board("b: Grizzly Bears @A", "e: Llanowar Elves @A"), [cast("Pyroclasm")])
    graveyard = _zones(scn, fast=True)["graveyard"]
    assert graveyard["A"] == ["Pyroclasm", "Grizzly Bears", "Llanowar Elves"]


def test_404_2_a_later_death_is_on_top_of_an_earlier_one_whatever_the_board_order() -> None:
    """CR 404.2: the Elves, last in board order, die first; the Bears, destroyed after them,
    are above them (a zone listed by board order would put the Bears first)."""
    actions = [destroy("e"), destroy("b")]
    scn = scenario(board("b: Grizzly Bears @A", "e: Llanowar Elves @A"), actions)
    assert _zones(scn)["graveyard"]["A"] == ["Llanowar Elves", "Grizzly Bears"]


def test_404_3_creatures_put_into_a_graveyard_at_once_are_in_board_order() -> None:
    """CR 404.3, 704.3: Infest's -2/-2 kills three creatures in one round of state-based
    actions; the listed policy arranges them in board order, after the Infest card."""
    scn = scenario(
        board("e: Llanowar Elves @A", "b: Grizzly Bears @A", "w: Young Wolf @A +1/+1=1"),
        [cast("Infest")],
    )
    graveyard = _zones(scn)["graveyard"]
    assert graveyard["A"] == ["Infest", "Llanowar Elves", "Grizzly Bears", "Young Wolf"]


def test_404_2_a_persist_return_leaves_the_graveyard_and_a_second_death_is_on_top() -> None:
    """CR 404.2, 702.79a: Kitchen Finks dies to the first Wrath of God, returns (leaving the
    graveyard) and is destroyed by the second, above the first Wrath and below the second;
    the Bears, dead since the first, stay at the bottom."""
    scn = scenario(
        board("f: Kitchen Finks @A", "b: Grizzly Bears @A"),
        [cast("Wrath of God"), cast("Wrath of God")],
    )
    graveyard = _zones(scn)["graveyard"]
    assert graveyard["A"] == ["Grizzly Bears", "Wrath of God", "Kitchen Finks", "Wrath of God"]


def test_404_2_exiled_graveyards_keep_their_order_after_what_was_exiled_before() -> None:
    """CR 404.2, 406.2: Farewell exiles the creatures, then every graveyard (its modes in
    printed order); the graveyard's cards follow the exiled creatures, in their graveyard
    order (the Pyroclasm card below the Bears it killed)."""
    farewell = cast("Farewell", mode=["creatures", "graveyards"])
    scn = scenario(board("b: Grizzly Bears @A", "s: Serra Angel @A"), [cast("Pyroclasm"), farewell])
    zones = _zones(scn)
    assert zones["exile"]["A"] == ["Serra Angel", "Pyroclasm", "Grizzly Bears"]
    assert zones["graveyard"]["A"] == ["Farewell"]


def test_404_2_cards_dead_as_given_are_exiled_after_the_creatures_farewell_exiles() -> None:
    """CR 404.2, 406.2, 704.5g: the Bears and the Elves, lethally damaged as given, die
    before anything is cast (704.3), in board order; Farewell then exiles the Angel, then
    the graveyard, whose order is kept."""
    scn = scenario(
        board("b: Grizzly Bears @A damage=2", "s: Serra Angel @A", "e: Llanowar Elves @A damage=1"),
        [cast("Farewell", mode=["creatures", "graveyards"])],
    )
    zones = _zones(scn, fast=True)
    assert zones["exile"]["A"] == ["Serra Angel", "Grizzly Bears", "Llanowar Elves"]


def test_404_2_a_batch_run_without_zone_order_differs_in_nothing_else() -> None:
    """An experiment's batch keeps no zone order (its statistics count cards): every other
    array of its state is the zone-ordered run's, and an outcome asked of it is refused
    rather than listed in some other order."""
    scn = scenario(
        board("f: Kitchen Finks @A", "b: Grizzly Bears @A", "e: Llanowar Elves @B"),
        [destroy("e"), cast("Pyroclasm", by="B"), cast("Wrath of God")],
    )
    inputs, naming = wipe_inputs_from_scenario(scn)
    ordered, unordered = run_wipe(inputs), run_wipe(inputs, zone_order=False)
    assert unordered.arrival.shape[1] == unordered.spell_arrival.shape[1] == 0
    for field in fields(ordered):
        if field.name not in ("arrival", "spell_arrival"):
            assert np.array_equal(getattr(ordered, field.name), getattr(unordered, field.name))
    with pytest.raises(ValueError, match="without zone order"):
        batch_outcome(unordered, 0, naming)


# a mover: (event SEQ, group, board order, which of its triggers)
_MOVER = st.tuples(
    st.integers(0, 2**31 - 1), st.integers(0, 2), st.integers(0, 2**24 - 1), st.integers(0, 15)
)


def _key(seq: int, group: int, order: int, sub: int) -> int:
    """The kernel's detection key of a mover's trigger, through ``mover_place``."""
    slot_rows, work = np.zeros((L_ROWS, 1), np.int64), np.zeros((W_ROWS, 1), np.int64)
    trial_vars = np.zeros(RETURNED_SLOT, np.int64)
    slot_rows[ORDER, 0], work[GROUP, 0], trial_vars[SEQ] = order, group, seq
    return int(detection_key(trial_vars, mover_place(slot_rows, work, 0), sub))


@given(_MOVER, _MOVER)
@settings(max_examples=300, deadline=None)
def test_404_3_movers_are_listed_by_event_group_and_board_order_past_128_permanents(
    a: tuple[int, int, int, int], b: tuple[int, int, int, int]
) -> None:
    """CR 404.3, 603.3b: the movers of one event are listed (put into their zones, their
    triggers detected) deaths first, then the legend rule's, then Auras, each group in board
    order; an earlier event's before a later one's. The keys once spent 7 bits on board
    order: the 129th permanent sorted among the legend rule's, the 257th into the next event."""
    assert (_key(*a) < _key(*b)) == (a < b)
