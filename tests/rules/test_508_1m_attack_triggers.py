"""CR 508.1m: abilities that trigger on attackers being declared trigger, and resolve before
blockers are declared (508.2, 509.1): Pyreheart Wolf's "creatures you control gain menace
until end of turn" (both engines)."""

from __future__ import annotations

from tests.helpers import attack, board, permanent, run_both


def test_508_1m_the_attack_trigger_resolves_before_blockers_are_declared() -> None:
    """CR 508.1m, 702.111b: Pyreheart Wolf and Grizzly Bears attack; one blocker on the Bears
    is illegal once the trigger gave them menace: the action is rejected and changes nothing
    (nothing tapped, no menace, no trigger left behind)."""
    out = run_both(
        board("wolf: Pyreheart Wolf @A", "bears: Grizzly Bears @A", "x: Grizzly Bears @B"),
        [attack(["wolf", "bears"], {"x": "bears"})],
    )
    assert out["rejected"] == [
        {"action": 0, "reason": "menace_needs_two_blockers", "rule": "702.111b"}
    ]
    assert all(not p["tapped"] for p in out["battlefield"])
    assert out["stack_order"] == []


def test_508_1m_two_blockers_are_legal_against_the_menace_it_gives() -> None:
    """CR 508.1m: the same attack blocked by two of B's Bears: legal; the Wolf's trigger went
    on the stack; the Wolf deals 1 to B."""
    out = run_both(
        board(
            "wolf: Pyreheart Wolf @A",
            "bears: Grizzly Bears @A",
            "x: Grizzly Bears @B",
            "y: Grizzly Bears @B",
        ),
        [attack(["wolf", "bears"], {"x": "bears", "y": "bears"})],
    )
    assert out["rejected"] == []
    assert out["stack_order"][0] == {"id": "wolf", "controller": "A", "ability": "attacks"}
    assert out["life"] == {"A": 20, "B": 19}


def test_702_93a_the_wolf_blocked_by_two_dies_and_returns_by_undying() -> None:
    """CR 508.1m, 702.93a: the Wolf alone, blocked by two Bears, dies and returns with a
    +1/+1 counter, untapped, a new object without menace (400.7)."""
    out = run_both(
        board("wolf: Pyreheart Wolf @A", "x: Grizzly Bears @B", "y: Grizzly Bears @B"),
        [attack(["wolf"], {"x": "wolf", "y": "wolf"})],
    )
    wolf = permanent(out, "wolf")
    assert wolf is not None
    assert (wolf["object"], wolf["counters"], wolf["tapped"]) == (2, {"+1/+1": 1}, False)
