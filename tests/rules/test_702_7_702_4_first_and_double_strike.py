"""CR 702.7b, 702.4b, 510.4: with first strike or double strike in combat, a first combat
damage step for those creatures, state-based actions and triggers, then a second step for
the others and for double strikers; a creature that left is removed from combat (506.4) and
what returns is a new object (400.7). Both engines."""

from __future__ import annotations

from tests.helpers import attack, board, permanent, run_both


def test_702_7b_a_first_striker_kills_its_blocker_before_it_deals_damage() -> None:
    """CR 702.7b: Youthful Knight (2/1 first strike) blocked by Grizzly Bears: the Bears die
    in the first step and deal nothing; the Knight survives."""
    out = run_both(
        board("knight: Youthful Knight @A", "bears: Grizzly Bears @B"),
        [attack(["knight"], {"bears": "knight"})],
    )
    assert permanent(out, "knight")["damage"] == 0  # type: ignore[index]
    assert out["graveyard"] == {"A": [], "B": ["Grizzly Bears"]}


def test_702_7b_a_first_striking_blocker_kills_the_attacker_first() -> None:
    """CR 702.7b: blocking too: B's Knight blocks A's Bears, which die without dealing damage."""
    out = run_both(
        board("bears: Grizzly Bears @A", "knight: Youthful Knight @B"),
        [attack(["bears"], {"knight": "bears"})],
    )
    assert out["graveyard"] == {"A": ["Grizzly Bears"], "B": []}


def test_702_4b_double_strike_deals_combat_damage_twice() -> None:
    """CR 702.4b: Fencing Ace (1/1 double strike) unblocked deals 1 in each step: B loses 2."""
    out = run_both(board("ace: Fencing Ace @A"), [attack(["ace"])])
    assert out["life"] == {"A": 20, "B": 18}


def test_510_4_a_double_striker_and_its_blocker_trade_in_the_second_step() -> None:
    """CR 510.4: Fencing Ace blocked by Grizzly Bears: 1 damage in the first step, then in the
    second the Ace's 1 and the Bears' 2: both die."""
    out = run_both(
        board("ace: Fencing Ace @A", "bears: Grizzly Bears @B"),
        [attack(["ace"], {"bears": "ace"})],
    )
    assert out["graveyard"] == {"A": ["Fencing Ace"], "B": ["Grizzly Bears"]}


def test_506_4_a_blocker_that_persisted_between_the_steps_is_no_longer_in_combat() -> None:
    """CR 506.4, 400.7, 509.1h: the Knight kills blocking Kitchen Finks in the first step;
    they persist as a new object, not blocking, and deal nothing in the second step; the
    Knight stays blocked and deals nothing to B (B gains 2 from the Finks' return)."""
    out = run_both(
        board("knight: Youthful Knight @A", "finks: Kitchen Finks @B"),
        [attack(["knight"], {"finks": "knight"})],
    )
    assert permanent(out, "knight")["damage"] == 0  # type: ignore[index]
    assert [r["id"] for r in out["returned"]] == ["finks"]
    assert out["life"] == {"A": 20, "B": 22}


def test_702_19e_a_trampler_whose_blockers_are_gone_deals_all_to_the_player() -> None:
    """CR 702.19e: Fencing Ace granted trample kills blocking Llanowar Elves in the first
    step; in the second, with no blocker left, its 1 damage goes to B."""
    out = run_both(
        board("ace: Fencing Ace @A grant=trample", "elves: Llanowar Elves @B"),
        [attack(["ace"], {"elves": "ace"})],
    )
    assert out["graveyard"]["B"] == ["Llanowar Elves"]
    assert out["life"] == {"A": 20, "B": 19}
