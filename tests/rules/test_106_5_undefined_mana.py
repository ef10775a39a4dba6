"""CR 106.5, 605.2, 106.12a: an ability that would make mana of an undefined type (M5).

CR 106.5: if an ability would produce mana of an undefined type, it produces no mana instead.
The ability is still a mana ability (605.2 / 605.3b), so the activation is legal and its costs
are paid: the land is tapped. "Tapped for mana" triggers (Mana Flare, Zendikar Resurgent)
trigger only when the ability resolves and produces mana (106.12a), so they do nothing here;
and a replacement that multiplies mana has nothing to multiply.
"""

from __future__ import annotations

import threading
from typing import Any

from tests.helpers import board, permanent, play, pool, rules_cited, run, tap


def run_within(seconds: float, **kwargs: Any) -> dict[str, Any]:
    """Run a scenario in a daemon thread and fail (instead of hanging) if it takes too long."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["out"] = run(**kwargs)
        except BaseException as err:  # re-raised in the test's thread
            box["error"] = err

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"the engine did not finish within {seconds} s"
    if "error" in box:
        raise box["error"]
    return box["out"]


def test_106_5_two_reflecting_pools_make_no_mana() -> None:
    """CR 106.5 (S25): two Pools alone, with Mana Flare: each tap is legal, each Pool ends
    tapped, no mana is made and Mana Flare does not trigger."""
    battlefield = board(
        "p1: Reflecting Pool @A",
        "p2: Reflecting Pool @A",
        "flare: Mana Flare @B",
    )
    actions = [tap("p1"), tap("p2")]
    out = run(board=battlefield, actions=actions)
    assert out["rejected"] == []
    assert permanent(out, "p1")["tapped"] is True
    assert permanent(out, "p2")["tapped"] is True
    assert pool(out) == {}
    assert pool(out, "B") == {}
    assert "106.5" in rules_cited(out)
    stats = play(board=battlefield, actions=actions).stats
    assert stats.get("undefined_mana", 0) == 2
    assert stats.get("mana_from_triggers", 0) == 0


def test_106_5_exotic_orchard_with_no_opposing_lands_makes_no_mana() -> None:
    """CR 106.5 (S27): B has no lands, so A's Exotic Orchard makes no mana; the tap is legal
    and Mana Flare does not trigger."""
    battlefield = board("orchard: Exotic Orchard @A", "flare: Mana Flare @A")
    actions = [tap("orchard")]
    out = run(board=battlefield, actions=actions)
    assert out["rejected"] == []
    assert permanent(out, "orchard")["tapped"] is True
    assert pool(out) == {}
    stats = play(board=battlefield, actions=actions).stats
    assert stats.get("undefined_mana", 0) == 1
    assert stats.get("mana_from_triggers", 0) == 0


def test_106_5_exotic_orchard_facing_only_wastes_makes_no_mana() -> None:
    """CR 106.5, 106.1b: B's Wastes could produce only colorless, not a color: A's Orchard
    ("any color") makes no mana, and is tapped."""
    out = run(
        board=board("orchard: Exotic Orchard @A", "w: Wastes @B"),
        actions=[tap("orchard")],
    )
    assert out["rejected"] == []
    assert permanent(out, "orchard")["tapped"] is True
    assert pool(out) == {}


def test_106_5_fellwar_stone_facing_no_colored_lands_makes_no_mana() -> None:
    """CR 106.5: Fellwar Stone with only A's own Forest around makes no mana; it is tapped."""
    out = run(board=board("stone: Fellwar Stone @A", "f: Forest @A"), actions=[tap("stone")])
    assert out["rejected"] == []
    assert permanent(out, "stone")["tapped"] is True
    assert pool(out) == {}


def test_106_5_gaeas_cradle_with_no_creatures_makes_no_mana() -> None:
    """CR 106.5, 106.12a: Gaea's Cradle with no creature A controls: the tap is legal, the
    Cradle is tapped, no mana is made, neither Mana Flare nor Zendikar Resurgent triggers
    (no mana was produced), and the run finishes."""
    battlefield = board(
        "cradle: Gaea's Cradle @A",
        "flare: Mana Flare @B",
        "resurgent: Zendikar Resurgent @A",
        "bears: Grizzly Bears @B",
    )
    actions = [tap("cradle")]
    out = run_within(10.0, board=battlefield, actions=actions)
    assert out["result"] == "ok"
    assert out["rejected"] == []
    assert permanent(out, "cradle")["tapped"] is True
    assert pool(out) == {}
    assert pool(out, "B") == {}
    assert play(board=battlefield, actions=actions).stats.get("mana_from_triggers", 0) == 0


def test_605_2_costs_are_paid_even_when_no_mana_is_made() -> None:
    """CR 605.2, 107.5: the Pool's {T} was paid although it made no mana, so a second
    activation is rejected because the Pool is tapped."""
    out = run(
        board=board("p1: Reflecting Pool @A", "p2: Reflecting Pool @A"),
        actions=[tap("p1"), tap("p1")],
    )
    assert [(r["action"], r["rule"]) for r in out["rejected"]] == [(1, "107.5")]
    assert pool(out) == {}


def test_106_5_multipliers_have_nothing_to_multiply() -> None:
    """CR 106.5, 106.12b: Mana Reflection and Nyxbloom Ancient multiply mana produced; two
    lone Pools produce none, so there is still none (2 x 3 x 0 = 0)."""
    out = run(
        board=board(
            "refl: Mana Reflection @A",
            "nyx: Nyxbloom Ancient @A",
            "p1: Reflecting Pool @A",
            "p2: Reflecting Pool @A",
        ),
        actions=[tap("p1"), tap("p2", replacement_order=["nyx", "refl"])],
    )
    assert out["rejected"] == []
    assert pool(out) == {}
