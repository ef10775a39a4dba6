"""CR 611.3a, 702.10c: a static ability that gives creatures a keyword applies to whatever it
describes now, by its scope: all creatures, other creatures, or the creatures of its
controller's opponents (Fervor's "yours" is in the golden traces). Invented cards in
``grant_scopes/cards.toml``, each scenario on both engines (``explain`` and ``explain
--engine batch``, each in a process of its own: a card file per process)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import cauldron

HERE = Path(__file__).parent / "grant_scopes"
SICK = {"reason": "summoning_sick", "rule": "302.6"}


def _both(name: str) -> dict[str, Any]:
    outs = []
    for flags in ((), ("--engine", "batch")):
        done = cauldron("explain", str(HERE / f"{name}.toml"), "--json", *flags)
        assert done.returncode == 0, done.stderr
        outs.append(json.loads(done.stdout))
    reference, batch = outs
    for key in ("rejected", "life", "battlefield"):
        assert batch[key] == reference[key], key
    out: dict[str, Any] = reference
    return out


@pytest.mark.parametrize("name", ["all", "foes"])
def test_702_10c_a_new_creature_given_haste_by_any_scope_attacks(name: str) -> None:
    """CR 702.10c, 302.6: A's "all creatures" or "your opponents' creatures" static gives
    B's Bears, under B's control only since this turn, haste: they attack for 2."""
    out = _both(name)
    assert out["rejected"] == []
    assert out["life"] == {"A": 18, "B": 20}


def test_611_3a_an_opponents_scope_gives_its_own_controllers_creatures_nothing() -> None:
    """CR 611.3a, 302.6: B's own "creatures your opponents control have haste" leaves B's
    new Bears summoning sick."""
    out = _both("foes_own")
    assert out["rejected"] == [{"action": 0, **SICK}]


def test_611_3a_other_creatures_is_every_creature_but_the_source() -> None:
    """CR 611.3a, 302.6: "other creatures have haste": B's Bears attack, the new creature
    with the ability cannot."""
    out = _both("others")
    assert out["rejected"] == [{"action": 1, **SICK}]
    assert out["life"] == {"A": 18, "B": 20}
