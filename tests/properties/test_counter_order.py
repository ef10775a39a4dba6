"""Invariants of the counter order policies (CR 616.1) on random sets of replacements
(hypothesis): "most" puts as many counters as the best order a player could list, "fewest" as
few as the worst, and each is the same on both engines.

A creature of A's gets 1-3 counters of either kind by an effect, beside up to five of A's
Hardened Scales, Doubling Seasons and Vizier of Remedies (and maybe one of B's, which never
applies: every scope is "yours"). Every order of A's replacements is listed in turn on the
reference engine.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import run, run_both

MODIFIERS = ("Hardened Scales", "Doubling Season", "Vizier of Remedies")


def _scenario(cards: list[str], theirs: str | None, kind: str, amount: int) -> dict[str, Any]:
    lines = [{"id": f"m{k}", "card": card, "controller": "A"} for k, card in enumerate(cards)]
    if theirs:
        lines.append({"id": "theirs", "card": theirs, "controller": "B"})
    lines.append({"id": "bear", "card": "Grizzly Bears", "controller": "A"})
    action = {"do": "counters", "target": "bear", "kind": kind, "amount": amount}
    return {"board": lines, "actions": [action]}


def _put(out: dict[str, Any], kind: str) -> int:
    """How many counters of ``kind`` were put on the bear (the reference's 122.1 line: it may
    die of them, 704.5f)."""
    put = [e["text"] for e in out["log"] if e["rule"] == "122.1"]
    assert all(t.endswith(f"{kind} counter(s) put on bear") for t in put)
    return sum(int(t.split()[0]) for t in put)


@settings(max_examples=40, deadline=None)
@given(
    cards=st.lists(st.sampled_from(MODIFIERS), min_size=2, max_size=5),
    theirs=st.none() | st.sampled_from(MODIFIERS),
    kind=st.sampled_from(("+1/+1", "-1/-1")),
    amount=st.integers(1, 3),
)
def test_616_1_most_and_fewest_are_the_best_and_worst_listed_orders(
    cards: list[str], theirs: str | None, kind: str, amount: int
) -> None:
    """CR 616.1, 614.5: over every order A could list, "most" leaves the largest count and
    "fewest" the smallest; both engines agree on both policies (the whole outcome: the bear
    may die of its -1/-1 counters)."""
    scn = _scenario(cards, theirs, kind, amount)
    ids = [f"m{k}" for k in range(len(cards))]
    listed = {
        _put(run(**scn, choices={"counter_order": {"A": list(order)}}), kind)
        for order in permutations(ids)
    }
    most = _put(run_both(**scn, choices={"counter_order": {"A": "most"}}), kind)
    fewest = _put(run_both(**scn, choices={"counter_order": {"A": "fewest"}}), kind)
    assert (most, fewest) == (max(listed), min(listed))
