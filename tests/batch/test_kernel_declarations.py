"""Issue 11: the batch engine declares every ability template once (``kernel.fits.TEMPLATES``:
the rule and the kernel functions that do it), by name, and never by card."""

from __future__ import annotations

import pytest

from engine.batch import tables as tb
from engine.batch.kernel.fits import KERNEL_OK, KEYWORDS, TEMPLATES
from engine.library import KEYWORDS as LIBRARY_KEYWORDS
from engine.library import TEMPLATES as LIBRARY_TEMPLATES
from engine.library import card_from_dict


def test_every_library_template_is_declared_by_the_batch_engine() -> None:
    assert set(TEMPLATES) == set(LIBRARY_TEMPLATES)


def test_every_library_keyword_is_declared_by_the_batch_engine() -> None:
    assert set(KEYWORDS) == set(LIBRARY_KEYWORDS)


def test_every_declaration_names_a_rule_and_where_it_is_done() -> None:
    for name, handling in (TEMPLATES | KEYWORDS).items():
        assert handling.rule and handling.where, name


def test_every_library_card_runs_on_the_kernel() -> None:
    assert KERNEL_OK.all()


def test_every_card_table_column_and_slot_row_is_named_once() -> None:
    """The kernel's card table and slot rows are addressed by name (``T_*``, slot fields): a
    name declared twice would give two meanings one column (two subtype vocabularies once
    did: Fiery Cannonade spared the wrong creatures)."""
    from engine.batch.kernel import state

    columns = [
        *state.TABLE_COLUMNS,
        *state.MANA_COLUMNS,
        *state.ABILITY_COLUMNS,
        *state.ACTIVATED_COLUMNS,
    ]
    assert len(columns) == len(set(columns))
    assert len(state.SLOT_FIELDS) == len(set(state.SLOT_FIELDS))


def test_every_slot_row_constant_is_its_fields_row() -> None:
    """The slot rows are named by hand in SLOT_GROUPS' order (``CARD``, ``BASE_P``, ...): a
    group reordered without its names would have the kernel read one field as another."""
    from engine.batch.kernel import state

    for row, name in enumerate(state.SLOT_FIELDS):
        assert getattr(state, name.upper()) == row, name
    assert set(state.FRESH) == {f for _, _, fresh in state.SLOT_GROUPS for f in fresh}


def test_the_fields_the_kernel_does_not_load_start_as_it_sets_them() -> None:
    """The kernel sets the ``FRESH`` fields of each trial as it loads it, without reading
    them: a batch laid out by ``new_state`` must start every one of them at that value."""
    import numpy as np

    from engine.batch.kernel.state import FRESH
    from engine.batch.layout import new_state
    from sim.bench_workloads import workload

    work = workload("mixed-timeline")
    state = new_state(work.draw(np.random.default_rng(3), 64))
    for name, value in FRESH.items():
        assert (getattr(state, name) == value).all(), name


def test_the_printed_fields_are_written_only_where_a_slot_is_given_its_card() -> None:
    """A trial that gives no slot a card is copied out without its ``PRINTED`` fields
    (``run._store_slots``): the kernel must write them by name only where a slot gets its
    card (``zones.set_card`` flags it; a cast's and a token's owner follow it), and no list of
    rows it resets (400.7, 514.2) may hold one."""
    import ast
    from pathlib import Path

    from engine.batch.kernel import state, turns, zones

    printed = {name.upper() for name in state.PRINTED}
    writers = set()
    for path in Path(state.__file__).parent.rglob("*.py"):
        for fn in ast.walk(ast.parse(path.read_text())):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for node in ast.walk(fn):
                targets = node.targets if isinstance(node, ast.Assign) else []
                if isinstance(node, ast.AugAssign):
                    targets = [node.target]
                for target in targets:
                    for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                        index = t.slice if isinstance(t, ast.Subscript) else None
                        row = index.elts[0] if isinstance(index, ast.Tuple) else None
                        if isinstance(row, ast.Name) and row.id in printed:
                            writers.add(f"{path.stem}.{fn.name}")
    assert writers == {"zones.set_card", "zones.create_tokens", "events.cast"}
    rows = {getattr(state, name) for name in printed}
    assert not rows & {*zones._RESET_ON_LEAVING.tolist(), *turns._CLEANED_UP}


def test_104_4b_boards_that_differ_on_several_slots_have_different_digests() -> None:
    """CR 104.4b: the kernel's loop watch compares board digests; "until end of turn" changes
    on four slots that cancelled in a linear sum gave two boards one digest, and the kernel
    called a draw a cycle before the reference engine did (found by the random mixes)."""
    import numpy as np

    from engine.batch.kernel import state
    from engine.batch.kernel.loops import board_hash
    from engine.batch.wipe_state import BATTLEFIELD

    slots = np.zeros((state.L_ROWS, 10), dtype=np.int64)
    slots[state.ZONE] = BATTLEFIELD
    trial = np.zeros(state.RETURNED_SLOT + 2, dtype=np.int64)
    other = slots.copy()
    for s, change in ((1, -1), (3, 1), (6, 1), (8, -1)):
        other[state.EOT_POWER, s] += change
        other[state.EOT_TOUGHNESS, s] += change
    assert board_hash(slots, trial) != board_hash(other, trial)
    assert board_hash(slots, trial) == board_hash(slots.copy(), trial)


def test_104_4b_every_field_of_the_references_position_is_in_the_digest() -> None:
    """CR 104.4b: what the reference's ``board_position`` reads of a permanent (controller,
    counters of every kind, damage, tapped, keywords granted by the scenario and until end
    of turn, not a creature, the changes until end of turn) and whether its activated
    effect lasts: a change of any one on one slot changes the kernel's digest. Keywords
    gained until end of turn, counters of other kinds and the scenario's granted keywords
    were left out: a Woodfall Primus that had lost Cauldron of Souls' persist looked like
    the one that had it, a returned Kitchen Finks like the one granted haste."""
    import numpy as np

    from engine.batch.kernel import state
    from engine.batch.kernel.loops import board_hash
    from engine.batch.wipe_state import BATTLEFIELD

    slots = np.zeros((state.L_ROWS, 6), dtype=np.int64)
    slots[state.ZONE] = BATTLEFIELD
    trial = np.zeros(state.RETURNED_SLOT + 2, dtype=np.int64)
    rows = {
        "controller": state.CONTROLLER, "+1/+1": state.PLUS, "-1/-1": state.MINUS,
        "damage": state.DAMAGE, "tapped": state.TAPPED, "granted keywords": state.GRANTED,
        "granted persist":
        state.GRANTED_PERSIST, "granted undying": state.GRANTED_UNDYING, "persist until end of "
        "turn": state.EOT_PERSIST, "undying until end of turn": state.EOT_UNDYING, "keywords "
        "until end of turn": state.EOT_KEYWORDS, "not a creature": state.NOT_CREATURE, "power "
        "until end of turn": state.EOT_POWER, "toughness until end of turn": state.EOT_TOUGHNESS,
        "effect lasts": state.EFFECT_ON,
        **{f"counter kind {k}": state.EXTRA_COUNTERS + k for k in range(state.EXTRA_KINDS)},
    }  # fmt: skip
    assert state.EXTRA_KINDS > 0
    for name, row in rows.items():
        other = slots.copy()
        other[row, 4] = 1
        assert board_hash(slots, trial) != board_hash(other, trial), name


def test_704_3_a_static_source_is_a_card_whose_statics_refresh_sums() -> None:
    """CR 704.3: a round of state-based actions is repeated after a mover that is a static's
    source (``characteristics.static_source``); ``refresh`` sums those statics with its
    columns written out. For every card, one is true exactly when the other sums anything,
    or the card has a static naming a subtype or a color (``_filtered`` reads those source by
    source, never summed)."""
    import numpy as np

    from engine.batch import tables as tb
    from engine.batch.kernel import state as ks
    from engine.batch.kernel.characteristics import STATIC_COLUMNS, refresh, static_source
    from engine.batch.wipe_state import BATTLEFIELD

    slot_rows = np.zeros((ks.L_ROWS, 1), dtype=np.int64)
    slot_rows[ks.ZONE, 0] = BATTLEFIELD
    work = np.zeros((ks.W_ROWS, ks.MAX_PLAYERS), dtype=np.int64)
    work[ks.LAYOUT, ks.HAS_STATICS] = 1
    sources = 0
    for c in range(ks.card_table.shape[1]):
        slot_rows[ks.CARD, 0] = c
        work[ks.COUNT, ks.STALE] = 1
        refresh(slot_rows, work, ks.card_table)
        sums = bool(work[ks.ST : ks.ST + len(STATIC_COLUMNS)].any())
        filtered = bool(tb.FILTER_SCOPE[c] >= 0)
        assert static_source(work, ks.card_table, c) == (sums or filtered), tb.CARDS[c].name
        sources += sums
    assert sources > 0  # the library has anthems and lords


def test_every_event_row_constant_is_its_fields_row_and_no_field_is_narrowed() -> None:
    """The kernel reads the event fields by EVENT_GROUPS (16 bits, then 64): each ``EV_*_``
    row is its field's place, and a field given wider than its group is refused (its values
    could wrap), not converted."""
    from dataclasses import replace

    import numpy as np
    import pytest

    from engine.batch.kernel import state
    from engine.batch.kernel.fits import warm_up_batch

    for name in state.EVENT_FIELDS:
        assert getattr(state, name.upper() + "_") == state.EVENT_FIELDS.index(name), name
    _, inputs = warm_up_batch()
    small, wide = state.events(inputs)
    assert {a.dtype for a in small} == {np.dtype(np.int16)}
    assert {a.dtype for a in wide} == {np.dtype(np.int64)}
    with pytest.raises(TypeError, match="ev_target is int64"):
        state.events(replace(inputs, ev_target=inputs.ev_target.astype(np.int64)))


def test_603_3b_one_trigger_template_twice_is_not_encoded() -> None:
    """CR 603.3b: a user's card with one trigger template twice has two triggers, each put
    on the stack and resolved apart; the kernel's tables hold one ability of each such
    template a card (its amount, its kind), so such a card is not encoded (the batch engine
    refuses it, exit 3) rather than played as one trigger; found by
    scripts/fuzz_user_cards.py. Two triggers of one kind from different templates are
    encoded: test_603_3b_each_triggered_ability_of_a_card_is_its_own."""
    twice = [
        {"template": "opponent_creature_dies_lose_life", "amount": 1},
        {"template": "opponent_creature_dies_lose_life", "amount": 2},
    ]
    card = card_from_dict(
        {"name": "Two Minds", "types": ["Creature"], "power": 1, "toughness": 1,
         "keywords": ["persist"], "abilities": twice}
    )  # fmt: skip
    assert tb._not_encoded(card)
    alone = card_from_dict({"name": "One Mind", "types": ["Creature"], "power": 1,
                            "toughness": 1, "abilities": twice[:1]})  # fmt: skip
    assert not tb._not_encoded(alone)


_GROUPS = {
    "enters": [
        {"template": "etb_creatures_get", "scope": "opponents", "power": 0, "toughness": -1},
        {"template": "etb_exile_graveyards"},
    ],
    "upkeep": [
        {"template": "upkeep_remove_counter_each_creature_yours", "kind": "-1/-1"},
        {"template": "upkeep_sacrifice_unless_sacrifice_creature"},
    ],
    "enters from a graveyard": [
        {"template": "permanent_enters_from_graveyard_draw"},
        {"template": "creature_enters_from_your_graveyard_damage"},
    ],
}


@pytest.mark.parametrize("group", _GROUPS)
def test_603_3b_each_triggered_ability_of_a_card_is_its_own(group: str) -> None:
    """CR 603.3b, 603.6a, 503.1: a card's enters, upkeep and "enters from a graveyard"
    triggers are one trigger each (``ETB_PARTS``, ``UPKEEP_PARTS``, ``GY_PARTS``: their codes
    in printed order, 1 + the template's place in its group), so a card with two of a group
    is encoded; every library card's columns list its templates of each group in printed
    order. (Both engines: test_603_3b_two_enters_triggers_of_one_card_are_two_triggers,
    test_603_3b_two_upkeep_triggers_of_one_card_are_two_triggers.)"""
    card = card_from_dict(
        {"name": "Two Minds", "types": ["Creature"], "power": 1, "toughness": 1,
         "abilities": _GROUPS[group]}
    )  # fmt: skip
    assert not tb._not_encoded(card)
    for templates, column in tb._PARTS:
        for i, c in enumerate(tb.CARDS):
            codes = [
                templates.index(a.template) + 1 for a in c.abilities if a.template in templates
            ]
            assert column[i] == sum(k << tb.PART_BITS * j for j, k in enumerate(codes)), c.name
    assert tb.ETB_PARTS[tb.INDEX["kitchen finks"]] == tb.PART_LIFE
