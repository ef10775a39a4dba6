"""R6 Mandatory loops, CR 104.4b: "If a game ... includes an infinite loop of mandatory actions
that can't be stopped, the game is a draw."

Kitchen Finks (3/2, persist) under Solemnity (no counter can be put on it) while A's and B's
Night of Souls' Betrayal (legendary: one each; "All creatures get -1/-1") make it 1/0: it dies
as the game starts, persist returns it with no counter, it dies again, and so on; no player has
a choice that stops it. Whatever order A puts its persist and ETB triggers in, the loop never
ends, so the result is a draw, reported promptly (never an endless run). A loop that makes a
player lose (life 0, 704.5a) is not a draw.

Each run here is guarded by a wall-clock limit so that a hang fails the test instead of
hanging the suite.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from engine import reference
from engine.library import card_from_dict
from tests.helpers import board, cast, permanent, rules_cited, run, run_both, scenario, time_limit

LIMIT_S = 3.0

# Lines of the board notation (tests.helpers.board).
SOLEMNITY = "solemnity: Solemnity @A"
NIGHT_A = "night_a: Night of Souls' Betrayal @A"
NIGHT_B = "night_b: Night of Souls' Betrayal @B"
FINKS = "finks: Kitchen Finks @A"


def timed_run(**kwargs: Any) -> tuple[dict[str, Any], float]:
    start = time.monotonic()
    with time_limit(LIMIT_S):
        out = run(**kwargs)
    return out, time.monotonic() - start


def test_104_4b_finks_solemnity_two_nights_is_a_draw() -> None:
    """CR 104.4b, the SPEC's R6 example with the default (listed) trigger order: a draw, fast.
    (With this order each new ETB trigger waits under the next persist trigger: the stack
    grows, but the loop is just as endless and mandatory.)"""
    out, elapsed = timed_run(board=board(SOLEMNITY, NIGHT_A, NIGHT_B, FINKS))
    assert out["result"] == "draw"
    assert "104.4b" in rules_cited(out)
    assert elapsed < LIMIT_S


def test_104_4b_finks_loop_with_etb_on_top_is_a_draw() -> None:
    """CR 104.4b: A puts persist on the stack first and the ETB on top, so each ETB resolves
    (A gains 2) before the next return. Gaining life does not stop the loop: a draw. (The
    listed policy, the other order, is the test above.)"""
    out, elapsed = timed_run(
        board=board(SOLEMNITY, NIGHT_A, NIGHT_B, FINKS),
        choices={"trigger_order": {"A": ["finks:persist", "finks:etb"]}},
    )
    assert out["result"] == "draw"
    assert elapsed < LIMIT_S


def test_104_4b_undying_loop_without_life_change_is_a_draw() -> None:
    """CR 104.4b: Young Wolf (1/1, undying) under Solemnity and two Nights: -1/-1, dies,
    returns with no counter, dies again, forever: a draw."""
    out, elapsed = timed_run(board=board(SOLEMNITY, NIGHT_A, NIGHT_B, "wolf: Young Wolf @A"))
    assert out["result"] == "draw"
    assert elapsed < LIMIT_S


def test_104_4b_loop_that_piles_up_triggers_is_a_draw() -> None:
    """CR 104.4b: A (active) has Massacre Wurm; B's Young Wolf is in the Solemnity/two-Nights
    loop. Each death triggers A's life loss and B's undying; APNAP puts A's first, so B's
    undying is always on top and returns the Wolf, which dies again: the life-loss triggers
    pile up under it and never resolve. An endless mandatory loop: a draw."""
    out, elapsed = timed_run(
        board=board(
            SOLEMNITY,
            NIGHT_A,
            NIGHT_B,
            "wurm: Massacre Wurm @A",
            "wolf: Young Wolf @B",
        ),
        active="A",
    )
    assert out["result"] == "draw"
    assert elapsed < LIMIT_S


# --------------------------------------------------------------------------- not a draw


def test_104_4b_finite_chain_without_solemnity_is_not_a_draw() -> None:
    """No Solemnity: Finks (1/0 under two Nights) dies, persist returns it with a -1/-1 counter
    (0/-1), it dies again with the counter and stays dead. Finite: result ok, one return, its
    ETB still resolves (A at 22)."""
    out, _ = timed_run(board=board(NIGHT_A, NIGHT_B, FINKS))
    assert out["result"] == "ok"
    assert [r["id"] for r in out["returned"]] == ["finks"]
    assert out["graveyard"]["A"] == ["Kitchen Finks"]
    assert out["life"]["A"] == 22


def test_104_4b_one_player_cannot_keep_two_nights() -> None:
    """CR 704.5j (legend rule): with both Nights under A, one goes to the graveyard; Finks is
    2/1 and nothing dies. No loop: ok."""
    night_a2 = "night_b: Night of Souls' Betrayal @A"
    out, _ = timed_run(board=board(SOLEMNITY, NIGHT_A, night_a2, FINKS))
    assert out["result"] == "ok"
    assert out["graveyard"]["A"] == ["Night of Souls' Betrayal"]
    f = permanent(out, "finks")
    assert f is not None
    assert (f["power"], f["toughness"]) == (2, 1)


def test_104_4b_loop_that_kills_a_player_is_not_a_draw() -> None:
    """CR 104.4b vs 704.5a: as above but B is active, so B's undying goes on the stack first
    and A's Wurm trigger ("that player loses 2 life") on top: every cycle B loses 2 before the
    Wolf returns. After the 10th death B is at 0 and loses the game (704.5a): the loop ends,
    not a draw. The Wolf returned 9 times (return k comes between deaths k and k+1)."""
    out, elapsed = timed_run(
        board=board(
            SOLEMNITY,
            NIGHT_A,
            NIGHT_B,
            "wurm: Massacre Wurm @A",
            "wolf: Young Wolf @B",
        ),
        active="B",
    )
    assert out["result"] != "draw"
    assert out["life"]["B"] == 0
    assert len(out["returned"]) == 9
    assert elapsed < LIMIT_S


def test_104_4b_two_enters_triggers_of_one_source_are_two_stack_objects() -> None:
    """CR 104.4b, 603.3b: a creature with undying and two enters triggers (all creatures get
    -1/-2; it deals damage equal to its power to any target, resolving first) under Solemnity
    returns with no counter, hits B for 3, shrinks itself to death and returns again: B's
    life goes down every cycle, so the loop ends at B's 0 life (704.5a), not in a draw. The
    loop watch told stack objects apart by kind and source only, so the stack with one of
    the two triggers left looked like the stack with both a cycle later, and it called a
    draw. (With the shrink resolving first, the damage triggers pile up unresolved beneath
    the loop and life never changes: that one is a draw, as test_104_4b_loop_that_piles_up
    _triggers_is_a_draw has it.)"""
    returner = card_from_dict(
        {
            "name": "Spiteful Returner",
            "types": ["Creature"],
            "power": 3,
            "toughness": 2,
            "keywords": ["undying"],
            "abilities": [  # put on the stack in this order: the damage resolves first
                {"template": "etb_creatures_get", "scope": "all", "power": -1, "toughness": -2},
                {"template": "etb_damage_any_target"},
            ],
        }
    )
    scn = scenario(board(SOLEMNITY, "r: Grizzly Bears @A damage=2"))
    scn = replace(scn, battlefield=(scn.battlefield[0], replace(scn.battlefield[1], card=returner)))
    with time_limit(LIMIT_S):
        out = reference.run(scn)
    assert out["result"] != "draw"
    assert out["life"]["B"] <= 0


def test_104_4b_a_keyword_gained_until_end_of_turn_is_part_of_the_position() -> None:
    """CR 104.4b, 611.2c, 400.7: Cauldron of Souls gives Woodfall Primus (6/6, persist) a
    second persist until end of turn; Massacre Girl's -1/-1s kill C's Young Wolf again and
    again under Solemnity (undying, no counter) and wear the Primus down. It dies with both
    persists and returns a new object without the gained one; a cycle later it is 5/5 as
    it once was, but only the old object had two persists, so the position is not the same:
    the loop closes only when the new Primus dies and returns again (fourteen returns). The
    batch engine's position left out keywords gained until end of turn and counters of
    other kinds, and called the draw six returns early (found by fuzz_choices.py, seed 32)."""
    lines = ("primus: Woodfall Primus @C", "cauldron: Cauldron of Souls @C",
             "solemnity: Solemnity @C", "wolf: Young Wolf @C")  # fmt: skip
    actions = [{"do": "activate", "permanent": "cauldron"}, cast("Massacre Girl")]
    with time_limit(LIMIT_S):
        out = run_both(board(*lines), actions, players=("A", "B", "C"))
    assert out["result"] == "draw"
    assert [r["id"] for r in out["returned"]].count("primus") == 2
    assert len(out["returned"]) == 14
    primus = permanent(out, "primus")
    assert primus is not None and primus["object"] == 3


def test_104_4b_a_keyword_granted_by_the_scenario_is_part_of_the_position() -> None:
    """CR 104.4b, 400.7: Flayer of the Hatebound returns by undying and deals 5 damage to
    Kitchen Finks (granted haste by the scenario); under Melira, Finks returns by persist
    with no counter and, entering from the graveyard, deals 3 damage to itself: a loop
    whose Finks enters triggers pile up, a draw. The Finks that returned has no granted
    haste, so it is not the position where the first Finks was hit: the loop closes one
    resolution later, at the second persist trigger, with Finks in the graveyard. The batch
    engine's position left out the scenario's granted keywords and cut it a resolution early
    (found by fuzz_timelines.py, seed 315)."""
    lines = ("finks: Kitchen Finks @A grant=haste", "melira: Melira, Sylvok Outcast @A",
             "flayer: Flayer of the Hatebound @A")  # fmt: skip
    actions = [{"do": "damage", "target": "flayer", "amount": 3}]
    with time_limit(LIMIT_S):
        out = run_both(board(*lines), actions, choices={"targets": {"flayer": "finks"}})
    assert out["result"] == "draw"
    assert permanent(out, "finks") is None
    assert out["graveyard"]["A"] == ["Kitchen Finks"]


def test_104_4b_a_redcap_naming_itself_under_mikaeus_is_a_draw_on_both_engines() -> None:
    """CR 104.4b, 702.79a, 702.93a: Mikaeus, the Unhallowed gives Murderous Redcap undying
    and +1/+1; 3 damage to each creature kills it, undying returns it with a +1/+1 counter,
    its enters trigger (its own target) deals 4 damage to it, persist returns it with a
    -1/-1 counter, it deals 2 to itself, undying again: endless, a draw after two returns.
    The batch engine judged no loop possible with these cards (no counter rule, no shrink),
    played unwatched, and stopped the trial at its patience (64 resolutions) as "ok" with 32
    returns (found by fuzz_timelines.py, seeds 506, 524 and 525)."""
    lines = ("redcap: Murderous Redcap @B", "mikaeus: Mikaeus, the Unhallowed @B")
    actions = [{"do": "damage", "target": "all_creatures", "amount": 3}]
    with time_limit(LIMIT_S):
        out = run_both(board(*lines), actions, choices={"targets": {"redcap": "redcap"}})
    assert out["result"] == "draw"
    assert [r["by"] for r in out["returned"]] == ["undying", "persist"]
