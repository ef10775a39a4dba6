"""The board's (T, N) arrays of a batch (``board_layout.board_arrays``, one compiled pass) are,
array for array, what the numpy layout they replaced wrote: written here in numpy again, as the
oracle, over drawn batches of every shape (slots past the board, cast slots, trigger ranks,
"any target" seats, keys a file leaves out) and a scenario's (chosen slots)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.batch import tables as tb
from engine.batch.board_layout import BOARD_FIELDS, board_arrays
from engine.batch.kernel.present import cards_present
from engine.batch.kernel.state import FRESH, SLOT_DTYPES
from engine.batch.layout import slot_arrays, slot_count
from engine.batch.mana import as_trial_inputs
from engine.batch.wipe_convert import wipe_inputs_from_scenario
from engine.batch.wipe_state import BATTLEFIELD, RANK_FALLBACK, Features, WipeInputs
from sim.shapes.mana.draws import draw_mana_batch
from sim.shapes.wipe.draws import draw_wipe_batch
from tests.batch import mixes
from tests.batch.kernel_mixes import LAYOUT_MIXES
from tests.helpers import board, cast, scenario


def _numpy_layout(inputs: WipeInputs, n: int) -> dict[str, np.ndarray]:
    """The oracle: each array in numpy passes (padding, gathers from the card tables)."""
    t, _, s, e = inputs.shape

    def padded(name: str, given: np.ndarray | int | bool, fill: int | bool) -> np.ndarray:
        out = np.empty((t, n), dtype=SLOT_DTYPES[name])
        out[:, :s], out[:, s:] = given, fill
        return out

    card = padded("card", inputs.card, -1)
    filled = card >= 0

    def printed(name: str, column: np.ndarray) -> np.ndarray:
        return np.where(filled, column[np.maximum(card, 0)], 0).astype(SLOT_DTYPES[name])

    given = min(n, s + e)

    def choice(name: str, values: np.ndarray | None, fill: int) -> np.ndarray:
        out = np.full((t, n), fill, dtype=SLOT_DTYPES[name])
        if values is not None:
            out[:, :given] = values[:, :given]
        return out

    rank = choice("rank", inputs.rank, -1)
    place = np.arange(s)
    rank[:, :s] = np.where(rank[:, :s] < 0, RANK_FALLBACK + place, rank[:, :s])
    since = inputs.since_turn_start
    return {
        "card": card,
        "is_creature_card": printed("is_creature_card", tb.IS_CREATURE),
        "base_p": printed("base_p", tb.BASE_P),
        "base_t": printed("base_t", tb.BASE_T),
        "printed_persist": printed("printed_persist", tb.PERSIST),
        "printed_undying": printed("printed_undying", tb.UNDYING),
        "printed_keywords": printed("printed_keywords", tb.KEYWORDS),
        "granted": padded("granted", 0 if inputs.granted is None else inputs.granted, 0),
        "since_turn_start": padded("since_turn_start", True if since is None else since, False),
        "zone": (filled * BATTLEFIELD).astype(SLOT_DTYPES["zone"]),
        "controller": padded("controller", inputs.controller, 0),
        "owner": padded("owner", inputs.owner, 0),
        "token": padded("token", inputs.token, False),
        "obj": filled.astype(SLOT_DTYPES["obj"]),
        "plus": padded("plus", inputs.plus, 0),
        "minus": padded("minus", inputs.minus, 0),
        "damage": padded("damage", inputs.damage, 0),
        "tapped": padded("tapped", inputs.tapped, False),
        "granted_persist": padded("granted_persist", inputs.granted_persist, 0),
        "granted_undying": padded("granted_undying", inputs.granted_undying, 0),
        "not_creature": padded("not_creature", inputs.not_creature, False),
        "order": np.broadcast_to(np.where(np.arange(n) < s, np.arange(n), -1), (t, n)).astype(
            SLOT_DTYPES["order"]
        ),
        "rank": rank,
        "ping_target": choice("ping_target", inputs.ping_target, -1),
        "chosen": choice("chosen", inputs.chosen, 0),
        "attached_to": padded(
            "attached_to", -1 if inputs.attached_to is None else inputs.attached_to, -1
        ),
    }


def _same(inputs: WipeInputs) -> None:
    n = slot_count(inputs, 16, Features.of(cards_present(inputs)))
    for width in (inputs.shape[2], n, n + 3):  # the board alone, the batch's, a wider whole
        want = _numpy_layout(inputs, width)
        for general in (True, False):  # rows of the kernel's blocks, the fast path's arrays
            placed = slot_arrays(inputs.shape[0], width, general)
            board_arrays(inputs, placed)
            got = {f: a[:, row, :] for f, (a, row) in placed.items()}
            for name in BOARD_FIELDS:
                assert got[name].dtype == want[name].dtype, name
                assert np.array_equal(got[name], want[name]), name
            for name, value in FRESH.items():  # what every trial starts with
                assert (got[name] == value).all(), name


@pytest.mark.parametrize("name", sorted(LAYOUT_MIXES))
def test_the_compiled_board_layout_is_the_numpy_one_for_drawn_wipe_batches(name: str) -> None:
    _same(draw_wipe_batch(np.random.default_rng(31), 500, LAYOUT_MIXES[name]))


def test_the_compiled_board_layout_is_the_numpy_one_for_drawn_mana_batches() -> None:
    inputs = draw_mana_batch(np.random.default_rng(32), 500, mixes.EVERYTHING_MANA)
    _same(as_trial_inputs(inputs))


def test_the_compiled_board_layout_is_the_numpy_one_for_a_scenario_with_chosen_slots() -> None:
    scn = scenario(
        board("r: Murderous Redcap @A", "f: Kitchen Finks @B", "b: Grizzly Bears @B tapped"),
        [cast("Wrath of God")],
        choices={"targets": {"r": ["f"]}},
    )
    inputs, _ = wipe_inputs_from_scenario(scn)
    assert inputs.chosen is not None and inputs.chosen.any()
    _same(inputs)
