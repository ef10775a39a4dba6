"""Which cards a batch holds (``kernel.present.cards_present``, one compiled pass) and the
features they bring (``Features.of``, one matrix test per set of cards, remembered): both are
what the numpy forms they replaced computed, written here again as the oracles, over drawn
batches of every shape and random sets of cards."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import numpy as np
import pytest

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from engine.batch.kernel.present import cards_present
from engine.batch.mana import as_trial_inputs
from engine.batch.wipe_state import DAMAGE_KEYWORDS, INDESTRUCTIBLE, Features, WipeInputs
from sim.shapes.mana.draws import draw_mana_batch
from sim.shapes.wipe.draws import draw_wipe_batch
from tests.batch import mixes
from tests.batch.kernel_mixes import LAYOUT_MIXES


def _numpy_present(inputs: WipeInputs) -> np.ndarray:
    """The oracle: a bincount over the boards' and events' cards, then the tokens they make."""
    cards = np.concatenate([inputs.card.ravel(), inputs.ev_card.ravel()]).astype(np.intp)
    present: np.ndarray = np.bincount(cards + 1, minlength=tb.N + 1)[1:] > 0
    present[tb.MAKES_TOKEN[present & (tb.MAKES_TOKEN >= 0)]] = True
    return present


def _numpy_features(present: np.ndarray) -> dict[str, Any]:
    """The oracle: each feature a test of its own column against the cards present."""

    def any_of(column: np.ndarray) -> bool:
        return bool((column & present).any())

    given = (
        tb.KEYWORDS | tb.GRANTS_KEYWORDS | tb.GRANTS_KEYWORDS_ALL | tb.GRANTS_KEYWORDS_OTHER
        | tb.GRANTS_KEYWORDS_OPPONENTS | tb.GRANTS_KEYWORDS_LORD | tb.GRANT_KIND_KEYWORDS
    )  # fmt: skip
    return {
        "anthem": any_of((tb.ANTHEM_P != 0) | (tb.ANTHEM_T != 0)),
        "all_pt": any_of((tb.ALL_P != 0) | (tb.ALL_T != 0) | (tb.OTHER_P != 0) | (tb.OTHER_T != 0)),
        "lord": any_of((tb.LORD_P != 0) | (tb.LORD_T != 0)),
        "filtered": any_of(tb.FILTER_SCOPE >= 0),
        "return_grants": any_of((tb.PERSIST_GRANTS != 0) | (tb.UNDYING_GRANTS != 0)),
        "counter_rules": any_of((tb.NO_KIND >= 0) | tb.HAS_MODIFIER),
        "gy_exile": any_of(tb.EXILE_ALL_GY | tb.EXILE_OPP_GY),
        "tokens": any_of(tb.MAKES_TOKEN >= 0),
        "doubler": any_of(tb.TOKENS_DOUBLED),
        "death_life": any_of(tb.DEATH_LIFE > 0),
        "ping": any_of(tb.ETB_PING),
        "shrink": any_of(tb.ETB_SCOPE >= 0),
        "etb": any_of(tb.HAS_ETB),
        "legendary": any_of(tb.IS_LEGENDARY),
        "gy_enter": any_of(tb.GY_DRAW | tb.GY_PING),
        "grant_mana": any_of(mt.GRANT_ANY | mt.GRANT_ANY_LANDS),
        "beyond_fast": any_of(tb.BEYOND_FAST_ETB | mt.ENTERS_TAPPED),
        "damage_keywords": any_of(given & DAMAGE_KEYWORDS != 0),
        "indestructible": any_of(
            ((given | tb.ATTACK_KEYWORD | tb.SPELL_KEYWORDS) & INDESTRUCTIBLE != 0)
            | (tb.ACT_KEYWORD_BITS & INDESTRUCTIBLE != 0).any(axis=1)
        ),
        "tapped_mana": any_of(
            (mt.REP_KIND != mt.REP_NONE)
            | (mt.TFM_SOURCE >= 0)
            | (mt.EFFECT_PRODUCE >= 0)
            | (tb.ACT_TPL == tb.ACT_LANDS_PRODUCE).any(axis=1)
        ),
    }


@pytest.mark.parametrize("name", sorted(LAYOUT_MIXES))
def test_the_cards_present_are_the_numpy_ones_for_drawn_wipe_batches(name: str) -> None:
    inputs = draw_wipe_batch(np.random.default_rng(41), 500, LAYOUT_MIXES[name])
    present = cards_present(inputs)
    assert present.dtype == np.bool_ and np.array_equal(present, _numpy_present(inputs))
    assert asdict(Features.of(present)) == _numpy_features(present)


def test_the_cards_present_are_the_numpy_ones_for_a_drawn_mana_batch() -> None:
    inputs = as_trial_inputs(draw_mana_batch(np.random.default_rng(42), 500, mixes.EVERYTHING_MANA))
    assert np.array_equal(cards_present(inputs), _numpy_present(inputs))


def test_a_card_index_outside_the_card_tables_fails_loudly() -> None:
    """Inside the engine a bad index is a bug: said, never marked somewhere else in memory."""
    inputs = draw_wipe_batch(np.random.default_rng(43), 20, mixes.FAST)
    inputs.card[3, 0] = tb.N
    inputs.ev_card[5, 0] = -2
    with pytest.raises(ValueError, match="2 card indices of the batch are outside -1 to"):
        cards_present(inputs)


def test_the_features_of_random_sets_of_cards_are_the_numpy_ones() -> None:
    """Sets sparse and dense, each asked twice (the second answer is the remembered one)."""
    rng = np.random.default_rng(44)
    for density in (0.01, 0.05, 0.2, 0.6):
        for _ in range(150):
            present = rng.random(tb.N) < density
            want = _numpy_features(present)
            assert asdict(Features.of(present)) == want
            assert asdict(Features.of(present.copy())) == want
