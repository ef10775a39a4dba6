"""Ids the scenario format gives to things it creates (SPEC section 3)."""

from __future__ import annotations

from tests.helpers import board, play, run


def test_second_unnamed_cast_is_numbered_like_the_engine_names_it() -> None:
    """Two unnamed Pale Moons are ``pale_moon`` and ``pale_moon2``; a replacement order may
    name the second (CR 616.1: the tapping player orders the replacements)."""
    out = run(
        board=board("g: Boros Garrison @A"),
        actions=[
            {"do": "cast", "card": "Pale Moon", "by": "A"},
            {"do": "cast", "card": "Pale Moon", "by": "A"},
            {"do": "tap_for_mana", "permanent": "g", "replacement_order": ["pale_moon2"]},
        ],
    )
    applied = [e["text"].split()[0] for e in out["log"] if e["rule"] == "616.1, 614.5"]
    assert applied == ["pale_moon2", "pale_moon"]
    assert out["mana_pool"]["A"]["C"] == 2


def test_106_4_gaeas_cradle_names_green_with_no_creature() -> None:
    """CR 106.4, 106.7: with no creature Gaea's Cradle still makes mana of a defined type (G),
    just none of it: naming G is legal, and it is not undefined mana (106.5)."""
    battlefield = board("cradle: Gaea's Cradle @A")
    actions = [{"do": "tap_for_mana", "permanent": "cradle", "color": "G"}]
    out = run(board=battlefield, actions=actions)
    assert out["rejected"] == []
    assert out["battlefield"][0]["tapped"] is True
    assert sum(out["mana_pool"]["A"].values()) == 0
    assert play(board=battlefield, actions=actions).stats.get("undefined_mana", 0) == 0
