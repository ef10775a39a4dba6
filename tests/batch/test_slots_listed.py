"""Issue 11: the kernel lists the slots whose card may change what a permanent tapped for mana
makes (``kernel.listed.MANA_LIST``: replacements, 616.1; "tapped for mana" triggers, 605.1b;
Deep Water's effect, 611.2a), and each activation looks at these only; likewise the slots
whose card has a rule for counters (``RULE_LIST``, 614.1), which each counter put looks at.
A list holds every such slot in slot order, once: as the trial starts, and as a cast
permanent or a token is given a slot, so a replacement or a trigger that enters during the
trial applies as on the reference engine; and a spell's lasting effect (Pale Moon, 611.2c)
applies to the taps after it until the turn ends (514.2)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from engine.batch.kernel import state as ks
from engine.batch.kernel.jit import njit
from engine.batch.kernel.listed import MANA_LIST, RULE_LIST, list_slots, note_slot
from tests.helpers import board, cast, pool, run_both, tap

CHANGERS = ("Mana Reflection", "Mana Flare", "Contamination", "Deep Water", "Wild Growth")
RULES = ("Melira, Sylvok Outcast", "Solemnity", "Hardened Scales", "Doubling Season")
OTHERS = ("Forest", "Llanowar Elves", "Sol Ring", "Kitchen Finks")


def test_the_cards_that_change_tapped_mana_are_marked() -> None:
    for name in CHANGERS:
        assert mt.CHANGES_TAPPED_MANA[tb.INDEX[name.lower()]], name
    for name in OTHERS + RULES:
        assert not mt.CHANGES_TAPPED_MANA[tb.INDEX[name.lower()]], name


def test_the_cards_with_a_rule_for_counters_are_marked() -> None:
    """614.1: a prohibition (Melira, Solemnity) or a number-changing replacement (Hardened
    Scales, Doubling Season, Vizier of Remedies)."""
    for name in (*RULES, "Vizier of Remedies"):
        assert tb.COUNTER_RULE[tb.INDEX[name.lower()]], name
    for name in OTHERS + CHANGERS:
        assert not tb.COUNTER_RULE[tb.INDEX[name.lower()]], name


@njit
def _listed(slot_rows: np.ndarray, work: np.ndarray, card_table: np.ndarray, mana: bool) -> int:
    if mana:
        list_slots(slot_rows, work, card_table, MANA_LIST)
        return int(work[ks.COUNT, ks.MANA_LISTED])
    list_slots(slot_rows, work, card_table, RULE_LIST)
    return int(work[ks.COUNT, ks.RULES])


def _work(gated: bool) -> np.ndarray:
    work = np.zeros((ks.W_ROWS, 32), dtype=np.int64)
    work[ks.LAYOUT, ks.GATES] = ks.G_TAPPED_MANA | ks.G_COUNTER_RULES if gated else 0
    return work


def _slots(names: list[str | None]) -> np.ndarray:
    slot_rows = np.zeros((ks.L_ROWS, len(names)), dtype=np.int64)
    for s, name in enumerate(names):
        slot_rows[ks.CARD, s] = -1 if name is None else tb.INDEX[name.lower()]
    return slot_rows


def test_a_trial_starts_with_its_changers_listed_in_slot_order() -> None:
    slot_rows = _slots(["Forest", "Mana Flare", None, "Sol Ring", "Contamination", "Wild Growth"])
    work = _work(gated=True)
    assert _listed(slot_rows, work, ks.card_table, True) == 3
    assert work[ks.MANA_SLOTS, :3].tolist() == [1, 4, 5]


def test_a_trial_starts_with_its_counter_rules_listed_in_slot_order() -> None:
    names: list[str | None] = ["Solemnity", "Forest", "Mana Flare", None, "Hardened Scales"]
    slot_rows = _slots([*names, "Kitchen Finks", "Melira, Sylvok Outcast"])
    work = _work(gated=True)
    assert _listed(slot_rows, work, ks.card_table, False) == 3
    assert work[ks.RULE_SLOTS, :3].tolist() == [0, 4, 6]


def test_a_batch_without_changers_or_rules_lists_none() -> None:
    slot_rows = _slots(["Mana Flare", "Forest", "Solemnity"])
    work = _work(gated=False)
    assert _listed(slot_rows, work, ks.card_table, True) == 0
    assert _listed(slot_rows, work, ks.card_table, False) == 0


@pytest.mark.parametrize("order", [[7, 2, 5, 9, 0], [0, 2, 5, 7, 9], [9, 7, 5, 2, 0]])
@pytest.mark.parametrize("mana", [True, False])
def test_a_slot_given_a_card_of_a_list_is_listed_in_its_place_once(
    order: list[int], mana: bool
) -> None:
    work = _work(gated=True)
    which, row, count = (
        (MANA_LIST, ks.MANA_SLOTS, ks.MANA_LISTED) if mana else (RULE_LIST, ks.RULE_SLOTS, ks.RULES)
    )
    card = tb.INDEX["mana flare" if mana else "doubling season"]
    for s in order:
        note_slot(work, ks.card_table, s, card, which)
    note_slot(work, ks.card_table, 5, card, which)  # listed already
    note_slot(work, ks.card_table, 4, tb.INDEX["forest"], which)  # changes nothing
    listed = int(work[ks.COUNT, count])
    assert work[row, :listed].tolist() == [0, 2, 5, 7, 9]


def test_a_cast_mana_reflection_doubles_the_next_tap() -> None:
    """616.1: a replacement that entered during the trial applies to the next activation."""
    out = run_both(board("forest: Forest @A"), [cast("Mana Reflection", id="refl"), tap("forest")])
    assert pool(out) == {"G": 2}


def test_a_cast_mana_flare_adds_to_a_tap_after_it() -> None:
    """605.1b, 106.12a: a "tapped for mana" trigger that entered during the trial."""
    out = run_both(
        board("forest: Forest @A", "island: Island @B"),
        [tap("forest"), cast("Mana Flare", id="flare"), tap("island")],
    )
    assert pool(out) == {"G": 1}
    assert pool(out, "B") == {"U": 2}


PALE_MOON = cast("Pale Moon", id="moon")


def test_a_tap_after_pale_moon_makes_colorless() -> None:
    """616.1, 611.2c: the spell's effect applies to the taps after it, not before."""
    out = run_both(
        board("g: Boros Garrison @A", "h: Boros Garrison @A"), [tap("g"), PALE_MOON, tap("h")]
    )
    assert pool(out) == {"R": 1, "W": 1, "C": 2}


def test_pale_moon_ends_with_the_turn_and_counts_again_when_cast_again() -> None:
    """514.2: the effect ends as the turn passes; a second Pale Moon applies again."""
    out = run_both(
        board("g: Boros Garrison @A", "h: Boros Garrison @B"),
        [PALE_MOON, {"do": "pass_turn"}, tap("h"), cast("Pale Moon", by="B", id="moon2"), tap("g")],
    )
    assert pool(out, "B") == {"R": 1, "W": 1}
    assert pool(out) == {"C": 2}
