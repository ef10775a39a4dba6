"""R4 Simultaneous triggers, CR 603.3b (APNAP) and ruling 12.

CR 603.3b: the active player puts all their waiting triggers on the stack in the order they
choose, then each other player in turn order; the last one put on the stack resolves first.
Between resolutions state-based actions are performed and new triggers go on top (117.5, 704.3).
`trigger_order[player]`: the first key listed goes on the stack first.
Kitchen Finks 3/2 (ETB: gain 2 life), Safehold Elite 2/2, both with persist.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch.kernel.stack import _sort_waiting, detection_key
from engine.batch.kernel.state import (
    ACTIVE,
    L_ROWS,
    N_PLAYERS,
    PENDING_CONTROLLER,
    PENDING_KEY,
    PENDING_KIND,
    PENDING_SOURCE,
    RANK,
    RETURNED_SLOT,
    SEQ,
    SORT_INDEX,
    W_ROWS,
)
from engine.batch.wipe_state import PERSIST
from tests.helpers import board, permanent, returned_ids, run


def wrath(by: str = "A") -> dict[str, Any]:
    return {"do": "cast", "card": "Wrath of God", "by": by}


def persists(out: dict[str, Any]) -> list[tuple[str, str]]:
    """(id, controller) of each persist trigger, in the order they went on the stack."""
    return [(s["id"], s["controller"]) for s in out["stack_order"] if s["ability"] == "persist"]


def test_603_3b_ruling12_two_players_nonactive_returns_first() -> None:
    """Ruling 12 (S7): A active. A's persist trigger goes on the stack first, B's on top, so
    B's Finks returns first. Its ETB trigger then goes on top of A's persist and resolves
    before it; then A's Finks returns and its ETB resolves. Both 2/1, both players at 22."""
    out = run(board=board("fa: Kitchen Finks @A", "fb: Kitchen Finks @B"), actions=[wrath()])
    assert out["stack_order"] == [
        {"id": "fa", "controller": "A", "ability": "persist"},
        {"id": "fb", "controller": "B", "ability": "persist"},
        {"id": "fb", "controller": "B", "ability": "etb"},
        {"id": "fa", "controller": "A", "ability": "etb"},
    ]
    assert returned_ids(out) == ["fb", "fa"]
    for pid in ("fa", "fb"):
        p = permanent(out, pid)
        assert p is not None
        assert (p["power"], p["toughness"]) == (2, 1)
    assert out["life"] == {"A": 22, "B": 22}


def test_603_3b_second_player_active() -> None:
    """CR 603.3b with B active: B's trigger goes on the stack first, A's on top: A's Finks
    returns first."""
    out = run(
        board=board("fa: Kitchen Finks @A", "fb: Kitchen Finks @B"),
        actions=[wrath("B")],
        active="B",
    )
    assert persists(out) == [("fb", "B"), ("fa", "A")]
    assert returned_ids(out) == ["fa", "fb"]


def test_603_3b_s8_three_players_middle_active() -> None:
    """S8: A -> B -> C, B active; APNAP order is B, C, A. A: Finks and Elite, B: Finks,
    C: Finks. Listed policy: A's Finks goes on the stack before A's Elite. Stack bottom to
    top: B's, C's, A's Finks, A's Elite. Returns: A's Elite, A's Finks, C's, B's."""
    battlefield = board(
        "a_finks: Kitchen Finks @A",
        "a_elite: Safehold Elite @A",
        "b_finks: Kitchen Finks @B",
        "c_finks: Kitchen Finks @C",
    )
    out = run(board=battlefield, actions=[wrath("B")], players=("A", "B", "C"), active="B")
    assert persists(out) == [
        ("b_finks", "B"),
        ("c_finks", "C"),
        ("a_finks", "A"),
        ("a_elite", "A"),
    ]
    assert returned_ids(out) == ["a_elite", "a_finks", "c_finks", "b_finks"]
    assert out["life"] == {"A": 22, "B": 22, "C": 22}


def test_603_3b_s8_player_chooses_the_order_of_their_own() -> None:
    """S8 with A choosing Elite first, then Finks: A's Finks is now on top of A's two and
    returns first; the other players' triggers are unaffected."""
    battlefield = board(
        "a_finks: Kitchen Finks @A",
        "a_elite: Safehold Elite @A",
        "b_finks: Kitchen Finks @B",
        "c_finks: Kitchen Finks @C",
    )
    out = run(
        board=battlefield,
        actions=[wrath("B")],
        players=("A", "B", "C"),
        active="B",
        choices={"trigger_order": {"A": ["a_elite", "a_finks"]}},
    )
    assert returned_ids(out) == ["a_finks", "a_elite", "c_finks", "b_finks"]


def test_603_3b_four_players_third_active() -> None:
    """CR 603.3b, four players A -> B -> C -> D with C active: APNAP is C, D, A, B, so the
    returns come in the reverse order B, A, D, C. Everyone gains 2."""
    battlefield = board(*(f"f{p.lower()}: Kitchen Finks @{p}" for p in "ABCD"))
    out = run(board=battlefield, actions=[wrath("C")], players=("A", "B", "C", "D"), active="C")
    assert persists(out) == [("fc", "C"), ("fd", "D"), ("fa", "A"), ("fb", "B")]
    assert returned_ids(out) == ["fb", "fa", "fd", "fc"]
    assert out["life"] == dict.fromkeys("ABCD", 22)


def test_603_3b_each_player_orders_their_own_triggers() -> None:
    """CR 603.3b: each player orders only their own. A active lists Elite then Finks, B lists
    Elite then Finks. Stack bottom to top: a_elite, a_finks, b_elite, b_finks. Returns:
    b_finks, b_elite, a_finks, a_elite (the listed policy would give b_elite first)."""
    battlefield = board(
        "a_finks: Kitchen Finks @A",
        "a_elite: Safehold Elite @A",
        "b_finks: Kitchen Finks @B",
        "b_elite: Safehold Elite @B",
    )
    out = run(
        board=battlefield,
        actions=[wrath()],
        choices={"trigger_order": {"A": ["a_elite", "a_finks"], "B": ["b_elite", "b_finks"]}},
    )
    assert persists(out) == [
        ("a_elite", "A"),
        ("a_finks", "A"),
        ("b_elite", "B"),
        ("b_finks", "B"),
    ]
    assert returned_ids(out) == ["b_finks", "b_elite", "a_finks", "a_elite"]


def test_603_3b_id_ability_keys_order_triggers_of_one_source() -> None:
    """CR 603.3b with "id:ability" keys: Finks granted undying has a persist and an undying
    trigger. Listing undying first puts persist on top: Finks returns with a -1/-1 counter
    (2/1). Listing persist first: it returns with a +1/+1 counter (4/3)."""
    battlefield = board("finks: Kitchen Finks @A grant=undying")
    first = run(
        board=battlefield,
        actions=[wrath()],
        choices={"trigger_order": {"A": ["finks:undying", "finks:persist"]}},
    )
    f = permanent(first, "finks")
    assert f is not None
    assert (f["counters"], f["power"], f["toughness"]) == ({"-1/-1": 1}, 2, 1)
    assert [r["by"] for r in first["returned"]] == ["persist"]

    second = run(
        board=battlefield,
        actions=[wrath()],
        choices={"trigger_order": {"A": ["finks:persist", "finks:undying"]}},
    )
    f = permanent(second, "finks")
    assert f is not None
    assert (f["counters"], f["power"], f["toughness"]) == ({"+1/+1": 1}, 4, 3)
    assert [r["by"] for r in second["returned"]] == ["undying"]


def test_603_3b_id_ability_keys_interleave_with_other_sources() -> None:
    """CR 603.3b: A lists finks:undying, elite, finks:persist. Stack bottom to top: Finks's
    undying, Elite's persist, Finks's persist. Finks returns by persist (2/1), then the Elite,
    then the undying trigger finds the card gone and does nothing."""
    out = run(
        board=board("finks: Kitchen Finks @A grant=undying", "elite: Safehold Elite @A"),
        actions=[wrath()],
        choices={"trigger_order": {"A": ["finks:undying", "elite", "finks:persist"]}},
    )
    assert [(s["id"], s["ability"]) for s in out["stack_order"][:3]] == [
        ("finks", "undying"),
        ("elite", "persist"),
        ("finks", "persist"),
    ]
    assert [(r["id"], r["by"]) for r in out["returned"]] == [
        ("finks", "persist"),
        ("elite", "persist"),
    ]
    f = permanent(out, "finks")
    assert f is not None
    assert f["counters"] == {"-1/-1": 1}


def test_603_3a_trigger_belongs_to_the_controller_not_the_owner() -> None:
    """CR 603.3a: B controls a Finks A owns; the persist trigger is B's, so with A active it
    goes on the stack after A's Elite trigger and resolves first. Finks returns under its
    owner A's control (702.79a), so its ETB gains A 2 life."""
    out = run(
        board=board("a_elite: Safehold Elite @A", "finks: Kitchen Finks @B owner=A"),
        actions=[wrath()],
    )
    assert persists(out) == [("a_elite", "A"), ("finks", "B")]
    assert returned_ids(out) == ["finks", "a_elite"]
    f = permanent(out, "finks")
    assert f is not None
    assert f["controller"] == "A"
    assert out["life"] == {"A": 22, "B": 20}


def test_603_3b_returns_one_at_a_time_with_sbas_between() -> None:
    """CR 603.3b / 704.3 with Massacre Girl (W9). A active; B casts Massacre Girl. Its ETB
    (-1/-1 until end of turn) kills A's Elites e1, e2 (1 damage each, now 1/1) and the Elves
    granted persist (0/0) at once. A's three persist triggers go on the stack first (e1, elves,
    e2 bottom to top), B's three delayed triggers on top; those resolve with only the Girl
    left. Then e2 returns (1/1, new object, no -1/-1 from the Girl). Then the Elves return with
    a -1/-1 counter: 0/0, they die at once (SBA), and the Girl's delayed trigger goes on top:
    it resolves before e1's persist and kills e2 (0/0, with a counter: no persist). Only then
    does e1 return, and nothing is left to shrink it: e1 survives, 1/1."""
    out = run(
        board=board(
            "e1: Safehold Elite @A damage=1",
            "elves: Llanowar Elves @A grant=persist",
            "e2: Safehold Elite @A damage=1",
        ),
        actions=[{"do": "cast", "card": "Massacre Girl", "by": "B", "id": "girl"}],
        choices={"trigger_order": {"A": ["e1", "elves", "e2"]}},
    )
    assert returned_ids(out) == ["e2", "elves", "e1"]
    assert sorted(p["id"] for p in out["battlefield"]) == ["e1", "girl"]
    e1 = permanent(out, "e1")
    assert e1 is not None
    assert (e1["power"], e1["toughness"], e1["object"]) == (1, 1, 2)
    assert e1["counters"] == {"-1/-1": 1}
    assert sorted(out["graveyard"]["A"]) == ["Llanowar Elves", "Safehold Elite"]


# a waiting trigger: its controller's seat, its source's rank (603.3b: drawn, or a place in a
# player's order), the zone-change event that set it off (SEQ) and its place in that event
_WAITING = st.lists(
    st.tuples(
        st.integers(0, 3),
        st.integers(0, 2**24 - 1),
        st.integers(0, 2**31 - 1),
        st.integers(0, 2**26 - 1),
    ),
    min_size=1,
    max_size=12,
)


@given(_WAITING, st.integers(0, 3))
@settings(max_examples=300, deadline=None)
def test_603_3b_waiting_triggers_go_by_seat_then_rank_then_detection_at_any_event(
    waiting: list[tuple[int, int, int, int]], active: int
) -> None:
    """CR 603.3b: the batch kernel puts waiting triggers on the stack by their controller's
    seat after the active player (APNAP), then by rank among that player's, then in detection
    order. It once packed all three in one 64-bit key: from a trial's 64th zone change on the
    detection key spilled into the rank, and two Massacre Girls' delayed triggers went on the
    stack interleaved where the reference engine ranks them (a fuzzed 104.4b draw, one loop
    apart)."""
    n = len(waiting)
    slot_rows, work = np.zeros((L_ROWS, n), np.int64), np.zeros((W_ROWS, n), np.int64)
    trial_vars = np.zeros(RETURNED_SLOT, np.int64)
    trial_vars[ACTIVE], trial_vars[N_PLAYERS] = active, 4
    for k, (seat, rank, seq, place) in enumerate(waiting):
        slot_rows[RANK, k] = rank  # each trigger's source in a slot of its own
        work[PENDING_SOURCE, k], work[PENDING_CONTROLLER, k] = k, seat
        work[PENDING_KIND, k] = PERSIST
        trial_vars[SEQ] = seq
        work[PENDING_KEY, k] = detection_key(trial_vars, place, 0)
    _sort_waiting(slot_rows, trial_vars, work, n)

    def place(k: int) -> tuple[int, int, int, int]:
        seat, rank, _, _ = waiting[k]
        return ((seat - active) % 4, rank, int(work[PENDING_KEY, k]), k)

    assert work[SORT_INDEX, :n].tolist() == sorted(range(n), key=place)
