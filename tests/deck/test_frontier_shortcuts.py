"""The frontier of a board's pools, against the plain search (CR 106.7, 605).

``frontier`` adds up the choices of sources whose activations commute and counts positions
that differ only in which of two equal permanents was tapped once; ``exhaustive_frontier``
tries every activation of every source in every order. On random small boards of the mana
cards (lands, dorks, rocks, Reflecting Pool, Gemstone Mine, Vivid Crag, {Q}, Springleaf Drum,
mana triggers and replacements, Cryptolith Rite, Gaea's Cradle) the two must agree exactly.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.library import card_from_dict, find_card, parse_mana_cost
from engine.reference.deck import pay
from engine.reference.mana_search import (
    OptionCache,
    Pool,
    exhaustive_frontier,
    frontier,
    pareto,
)
from engine.reference.zones import enter_battlefield
from tests.helpers import board
from tests.helpers import play as play_scenario

# A source line for the board notation, by how it may be drawn (ID filled in).
SOURCES = (
    "Forest @A",
    "Island @A",
    "Plains @A",
    "Wastes @A",
    "Reflecting Pool @A",
    "Gemstone Mine @A mining={n}",
    "Vivid Crag @A charge={c}",
    "Gemstone Caverns @A luck={l}",
    "Sol Ring @A",
    "Llanowar Elves @A",
    "Llanowar Elves @A sick",
    "Dryad Arbor @A",
    "Pili-Pala @A tapped",
    "Springleaf Drum @A",
    "Gaea's Cradle @A",
    "Boros Garrison @A",
    "Vivid Crag @A tapped charge=1",
)
STATICS = (
    "Mana Flare @A",
    "Heartbeat of Spring @B",
    "Nyxbloom Ancient @A",
    "Mana Reflection @A",
    "Contamination @B",
    "Cryptolith Rite @A",
    "Leyline of Abundance @A",
)
# The sources whose order matters: a Mine's last counter, what reads the board, a {Q}, a Drum.
ORDERED = (
    "Gemstone Mine @A mining=1",
    "Reflecting Pool @A",
    "Gaea's Cradle @A",
    "Forest @A",
    "Plains @A",
    "Llanowar Elves @A",
    "Springleaf Drum @A",
    "Pili-Pala @A tapped",
)
BOARDS = 120


def _board(rng: random.Random, sources: tuple[str, ...] = SOURCES) -> list[str]:
    lines = []
    for i in range(rng.randint(1, 5)):
        line = rng.choice(sources).format(
            n=rng.randint(1, 3), c=rng.randint(0, 2), l=rng.randint(0, 1)
        )
        lines.append(f"s{i}: {line}")
    for j in range(rng.choice((0, 0, 1, 2))):
        lines.append(f"t{j}: {rng.choice(STATICS)}")
    return lines


@pytest.mark.parametrize("seed", range(BOARDS))
def test_106_7_frontier_equals_the_plain_search(seed: int) -> None:
    """CR 106.7, 605.3b, 616.1: the same pools, whatever the shortcuts."""
    lines = _board(random.Random(seed))
    game = play_scenario(board=board(*lines), players=("A", "B"))
    fast = frontier(game, "A")
    plain = exhaustive_frontier(game, "A")
    assert sorted(fast) == sorted(plain), lines


@pytest.mark.parametrize("seed", range(40))
def test_106_7_frontier_equals_the_plain_search_where_order_matters(seed: int) -> None:
    """CR 106.7, 107.6, 118.3, 701.21a: boards of the sources whose order matters."""
    lines = _board(random.Random(seed), ORDERED)
    game = play_scenario(board=board(*lines), players=("A", "B"))
    assert sorted(frontier(game, "A")) == sorted(exhaustive_frontier(game, "A")), lines


@pytest.mark.parametrize("seed", range(40))
def test_601_2h_frontier_with_signets_equals_the_plain_search(seed: int) -> None:
    """CR 601.2h, 605.3b, 616.1: Signets' {1} paid from the pool, each in every way, in every
    order (``frontier`` searches them after the others' mana is made), beside the other
    sources and the statics that change their mana: the plain search's pools."""
    rng = random.Random(seed)
    lines = _board(rng, (*SOURCES, "Azorius Signet @A", "Azorius Signet @A"))
    lines += [f"z{k}: Azorius Signet @A" for k in range(rng.randint(1, 2))]
    game = play_scenario(board=board(*lines), players=("A", "B"))
    assert sorted(frontier(game, "A")) == sorted(exhaustive_frontier(game, "A")), lines


@pytest.mark.parametrize("seed", range(40))
def test_106_4_frontier_with_cabal_coffers_equals_the_plain_search(seed: int) -> None:
    """CR 106.4, 601.2h, 605.3b: Cabal Coffers makes {B} for each Swamp its controller
    controls for {2} paid from the pool, in every way: ``frontier`` searches it after the
    others' mana, as a Signet, beside Swamps, Signets, the sources that may leave and the
    statics that change its mana: the plain search's pools."""
    rng = random.Random(seed)
    lines = _board(rng, (*SOURCES, "Swamp @A", "Azorius Signet @A"))
    lines += [f"z{k}: Cabal Coffers @A" for k in range(rng.randint(1, 2))]
    lines += [f"w{k}: Swamp @A" for k in range(rng.randint(0, 2))]
    game = play_scenario(board=board(*lines), players=("A", "B"))
    assert sorted(frontier(game, "A")) == sorted(exhaustive_frontier(game, "A")), lines


# Sources that pay life or deal damage, played at a low life total.
LIFE_SOURCES = (
    "Mana Confluence @A",
    "Mana Confluence @A",
    "Adarkar Wastes @A",
    "Ancient Tomb @A",
    "Forest @A",
    "Reflecting Pool @A",
)


@pytest.mark.parametrize("seed", range(40))
def test_119_4_frontier_pays_life_only_while_the_total_covers_it(seed: int) -> None:
    """CR 119.4, 120.3a: Mana Confluence's life can be paid only while the life total is at
    least 1, and a painland's damage may come first: at a low total the frontier is the plain
    search's, not every Confluence's mana added up."""
    rng = random.Random(seed)
    lines = _board(rng, LIFE_SOURCES)
    life = rng.randint(1, 4)
    game = play_scenario(board=board(*lines), players=("A", "B"), life={"A": life, "B": 20})
    assert sorted(frontier(game, "A")) == sorted(exhaustive_frontier(game, "A")), (lines, life)


def test_119_4_two_confluences_at_1_life_make_one_mana() -> None:
    """CR 119.4: at 1 life the first Mana Confluence's cost is paid (life 0), the second's
    cannot be: the most mana is one, not two."""
    game = play_scenario(
        board=board("a: Mana Confluence @A", "b: Mana Confluence @A"),
        players=("A", "B"),
        life={"A": 1, "B": 20},
    )
    assert max(sum(pool) for pool in frontier(game, "A")) == 1


_POOLS = st.sets(st.tuples(*[st.integers(0, 3)] * 6), max_size=40)


@given(_POOLS)
@settings(max_examples=300, deadline=None)
def test_106_7_pareto_keeps_exactly_the_pools_no_other_holds_as_much_as(pools: set[Pool]) -> None:
    """The frontier's pruning (``pareto``, which compares a pool only with those of larger
    totals) keeps exactly the pools that no other pool of the set covers, type by type."""
    covered = {
        p
        for p in pools
        if any(q != p and all(a >= b for a, b in zip(q, p, strict=True)) for q in pools)
    }
    assert sorted(pareto(pools)) == sorted(pools - covered)


# A land whose mana counts the Forests its controller controls (a user's card: the library's
# counting lands, Cabal Coffers, cost mana, and are searched rather than cached).
_GROVE = card_from_dict(
    {
        "name": "Counting Grove",
        "types": ["Land"],
        "oracle": "{T}: Add {R} for each Forest you control.",
        "abilities": [
            {"template": "mana_per_subtype", "produce": "R", "subtype": "Forest", "whose": "yours"}
        ],
    }
)


def test_106_4_a_count_of_forests_is_read_again_when_a_forest_enters() -> None:
    """CR 106.4: a land that makes {R} for each Forest its controller controls makes three
    with three Forests and four once a fourth enters. A deck game keeps the options of its
    commuting sources by what their mana depends on (``mana_search._context``), which held
    the lands with only mana abilities as a set: the fourth Forest read the options of three
    (found by ``scripts/fuzz_mana_cards.py``'s deck games, where the batch engine was right)."""
    game = play_scenario(board=board("f1: Forest @A", "f2: Forest @A", "f3: Forest @A"))
    enter_battlefield(game, _GROVE, "grove", "A", "A", rule="305.1", how="is played")
    cache: OptionCache = {}
    assert max(pool[3] for pool in frontier(game, "A", cache)) == 3  # R
    forest = find_card("Forest")
    assert forest is not None
    enter_battlefield(game, forest, "f4", "A", "A", rule="305.1", how="is played")
    assert max(pool[3] for pool in frontier(game, "A", cache)) == 4


def test_605_3b_the_player_chooses_the_mana_that_pays_a_mana_abilitys_cost() -> None:
    """CR 601.2h, 605.3b: Azorius Signet's {1} is paid from the pool with the mana its
    controller chooses. After Boros Garrison's {R}{W}, paying with {W} leaves {R}{W}{U}, with
    {R} leaves {W}{W}{U}: both are in the frontier (the engine's order alone, colorless then
    W, U, B, R, G, reached only the first), and the pilot pays {W}{W}{U} with them."""
    lines = ("g: Boros Garrison @A", "s: Azorius Signet @A")
    game = play_scenario(board=board(*lines), players=("A", "B"))
    wwu, rwu = (2, 1, 0, 0, 0, 0), (1, 1, 0, 1, 0, 0)  # WUBRGC
    assert sorted(frontier(game, "A")) == sorted(exhaustive_frontier(game, "A")) == [rwu, wwu]
    pay(game, parse_mana_cost("{W}{W}{U}"), {})
    assert game.pools["A"] == dict.fromkeys("WUBRGC", 0)
    assert game.log.events[-1].text == "A pays {W}{W}{U} with WWU"
