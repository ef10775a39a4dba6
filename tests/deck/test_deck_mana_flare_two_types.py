"""Mana Flare beside a land that makes two types at once, on both engines: "Whenever a player
taps a land for mana, that player adds one mana of any type that land produced." Boros
Garrison makes {R}{W}, so each Mana Flare (or Heartbeat of Spring, Zendikar Resurgent) adds
{R} or {W}, chosen as its trigger resolves (106.12a, 605.1b): with two of them, {R}{W} more
is a choice too. The reference engine's search once gave every such trigger the type named
for the activation (both {R} or both {W}), and the batch engine refused the deck; the search
now names one multiset of the types made per choice, WUBRGC order, and the batch frontier
adds a row of those types per trigger (``frontier._same_types``).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.batch.deck import batch_refusal
from engine.batch.kernel.deck.pools import FIELD_BITS, kinds_of, multiset_pool, multisets
from engine.reference.mana_search import exhaustive_frontier, frontier
from tests.deck.decks import FILL, agree_game_by_game, deck_of, on_both_engines
from tests.helpers import board
from tests.helpers import play as play_scenario

_COSTS = ("{R}{R}{W}{W}", "{W}{W}{W}", "{R}{R}{R}{R}", "{2}{W}{W}", "{6}")


def test_106_12a_two_mana_flares_each_choose_a_type_boros_garrison_made() -> None:
    """CR 106.12a, 605.1b: Boros Garrison makes {R}{W} and each of two Mana Flares adds {R}
    or {W}: the pools are {R}{R}{R}{W}, {R}{R}{W}{W} and {R}{W}{W}{W}, as the plain search
    of every activation finds (once only the first and the last)."""
    lines = ("s0: Boros Garrison @A", "t0: Mana Flare @A", "t1: Mana Flare @B")
    game = play_scenario(board=board(*lines), players=("A", "B"))
    pools = [(1, 0, 0, 3, 0, 0), (2, 0, 0, 2, 0, 0), (3, 0, 0, 1, 0, 0)]
    assert sorted(frontier(game, "A")) == pools
    assert sorted(exhaustive_frontier(game, "A")) == pools


def test_106_12a_mana_flare_and_boros_garrison_pay_either_color_on_both_engines() -> None:
    """CR 106.12a, 605.3b: Mountains cast Mana Flare on turn 3; Boros Garrison (turn 4)
    returns a Mountain, replayed on turn 5, when the Garrison makes {R}{W} and one of them
    more: {W}{W} is payable only by the Flare's choice of {W}, and both engines agree."""
    top = ["Mountain", "Mountain", "Mountain", "Mana Flare", "Boros Garrison", FILL, FILL]
    counts = {"Mountain": 3, "Mana Flare": 1, "Boros Garrison": 1}
    out = on_both_engines(counts, top, turns=5, costs=("{W}{W}", "{R}{R}{R}{R}{R}{R}{R}{W}"))
    assert out.cost_payable[0, :, 0].tolist() == [False, False, False, False, True]
    assert out.cost_payable[0, :, 1].tolist() == [False, False, False, False, True]


def test_106_12a_garrisons_and_flares_agree_game_by_game() -> None:
    """CR 106.12a, 605.1b, 605.3b: random deals of a deck of Boros Garrisons, basics, Signets
    (no "that type" trigger watches an artifact) and several such triggers (Mana Flare,
    Heartbeat of Spring, Zendikar Resurgent): the batch engine's frontier and pilot agree
    with the reference engine game by game."""
    counts = {"Boros Garrison": 8, "Mountain": 6, "Plains": 6, "Island": 2, "Mana Flare": 5,
              "Heartbeat of Spring": 3, "Zendikar Resurgent": 1, "Azorius Signet": 2,
              FILL: 7}  # fmt: skip
    setup = deck_of(counts, 8, costs=_COSTS)
    assert batch_refusal(setup) is None
    agree_game_by_game(setup, 5, 24)


def test_106_12a_two_types_among_other_choices_beside_mana_flare_is_refused() -> None:
    """CR 106.12a, 611.3a: under Chromatic Lantern a Boros Garrison may make {R}{W} or one
    mana of any color: a "that type" trigger's choice beside those is not played yet, and
    the deck is refused by name, with the reason."""
    counts = {"Boros Garrison": 10, "Chromatic Lantern": 5, "Mana Flare": 5, "Mountain": 20}
    why = batch_refusal(deck_of(counts, 4))
    assert why is not None and "Boros Garrison" in why and "Mana Flare" in why


def test_the_pilots_types_are_the_reference_engines_multisets_in_order() -> None:
    """The batch pilot's r-th choice of types for ``size`` "that type" triggers of a source
    making {R}{W} (or any types) is the reference engine's r-th, ``combinations_with_
    replacement`` of the types made in WUBRGC order."""
    for made in ((0, 3), (1, 2, 5), (4,)):
        kinds = kinds_of(sum(1 << (FIELD_BITS * t) for t in made))
        for size in range(4):
            listed = list(combinations_with_replacement(made, size))
            assert multisets(size, len(made)) == len(listed)
            for r, types in enumerate(listed):
                assert multiset_pool(size, r, kinds) == sum(1 << (FIELD_BITS * t) for t in types)
