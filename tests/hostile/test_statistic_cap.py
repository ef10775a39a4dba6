"""Issue 12: a statistic's 64-bit sum never wraps silently (huge mana pools squared over many
trials can pass 2^63 - 1): the run stops with one line instead of a wrong interval."""

from __future__ import annotations

import numpy as np
import pytest

from sim.errors import UserError
from sim.run.batches import checked_sum


def test_a_sum_past_the_int64_cap_is_refused() -> None:
    total = np.array([1, np.iinfo(np.int64).max - 5], dtype=np.int64)
    with pytest.raises(UserError, match=r"passed 2\^63 - 1"):
        checked_sum(total, np.array([1, 6], dtype=np.int64), group=0)


def test_a_sum_below_the_cap_is_exact() -> None:
    total = np.array([1, np.iinfo(np.int64).max - 6], dtype=np.int64)
    after = checked_sum(total, np.array([-1, 6], dtype=np.int64), group=0)
    assert after.tolist() == [0, np.iinfo(np.int64).max]
