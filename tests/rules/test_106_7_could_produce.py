"""CR 106.7: the mana a permanent "could produce" (M3, M4).

The types a permanent could produce are those its abilities would make if they resolved now,
taking into account replacement effects in any possible order, and ignoring whether their costs
could be paid (a tapped land, a land whose cost needs a counter it lacks, still counts). If no
type can be defined this way, it could produce nothing. Ruling (Reflecting Pool): two Reflecting
Pools and no other land can't produce mana; with another land, each reflects that land.

The outcome's ``could_produce`` lists, for every permanent with a mana ability, its types in
WUBRGC order.
"""

from __future__ import annotations

import itertools
import math

from tests.helpers import board, permanent, pool, run, tap

WUBRG = ["W", "U", "B", "R", "G"]


def test_106_7_reflecting_pool_reflects_your_lands() -> None:
    """CR 106.7 (S24): Pool + Forest + Island: the Pool could produce G and U, and makes
    whichever is chosen."""
    battlefield = board(
        "pool: Reflecting Pool @A",
        "f: Forest @A",
        "i: Island @A",
    )
    out = run(board=battlefield)
    assert out["could_produce"] == {"pool": ["U", "G"], "f": ["G"], "i": ["U"]}
    assert pool(run(board=battlefield, actions=[tap("pool", color="G")])) == {"G": 1}
    assert pool(run(board=battlefield, actions=[tap("pool", color="U")])) == {"U": 1}


def test_106_7_reflecting_pool_cannot_choose_a_type_no_land_could_produce() -> None:
    """CR 106.7: with only Forest and Island, W is not a type a land A controls could produce:
    choosing it is rejected and the Pool stays untapped."""
    battlefield = board(
        "pool: Reflecting Pool @A",
        "f: Forest @A",
        "i: Island @A",
    )
    out = run(board=battlefield, actions=[tap("pool", color="W")])
    assert [r["action"] for r in out["rejected"]] == [0]
    assert pool(out) == {}
    assert permanent(out, "pool")["tapped"] is False


def test_106_7_replacement_effects_count() -> None:
    """CR 106.7 (S26): under B's Contamination A's Forest could produce only B, so A's Pool
    could produce only B; tapping both makes BB."""
    battlefield = board(
        "contam: Contamination @B",
        "pool: Reflecting Pool @A",
        "f: Forest @A",
    )
    out = run(board=battlefield, actions=[tap("pool", color="B"), tap("f")])
    assert out["rejected"] == []
    assert out["could_produce"] == {"pool": ["B"], "f": ["B"]}
    assert pool(out) == {"B": 2}


def test_106_7_two_reflecting_pools_alone_could_produce_nothing() -> None:
    """CR 106.7, Reflecting Pool ruling: two Pools and no other land could produce nothing."""
    out = run(board=board("p1: Reflecting Pool @A", "p2: Reflecting Pool @A"))
    assert out["could_produce"] == {"p1": [], "p2": []}


def test_106_7_reflecting_pools_with_another_land_reflect_it() -> None:
    """CR 106.7, Reflecting Pool ruling: with a Swamp, each of two Pools could produce B."""
    out = run(
        board=board(
            "p1: Reflecting Pool @A",
            "p2: Reflecting Pool @A",
            "s: Swamp @A",
        )
    )
    assert out["could_produce"] == {"p1": ["B"], "p2": ["B"], "s": ["B"]}


def test_106_7_exotic_orchard_facing_no_lands_could_produce_nothing() -> None:
    """CR 106.7: B controls no land (B's Llanowar Elves is not a land; A's own Forest does not
    count), so A's Exotic Orchard could produce nothing."""
    out = run(
        board=board(
            "orchard: Exotic Orchard @A",
            "f: Forest @A",
            "elves: Llanowar Elves @B",
        )
    )
    assert out["could_produce"]["orchard"] == []


def test_106_7_exotic_orchard_facing_only_colorless_lands_could_produce_nothing() -> None:
    """CR 106.7, 106.1b: the Orchard makes "any color"; B's Wastes could produce only C,
    which is not a color, so the Orchard could produce nothing."""
    out = run(board=board("orchard: Exotic Orchard @A", "w: Wastes @B"))
    assert out["could_produce"] == {"orchard": [], "w": ["C"]}


def test_106_7_exotic_orchards_facing_each_other() -> None:
    """CR 106.7 (fixpoint): A has Orchard + Forest, B has Orchard + Island. A's Orchard sees
    B's Island (U) and B's Orchard, which sees A's Forest (G): both could produce U and G."""
    out = run(
        board=board(
            "oa: Exotic Orchard @A",
            "f: Forest @A",
            "ob: Exotic Orchard @B",
            "i: Island @B",
        )
    )
    assert out["could_produce"]["oa"] == ["U", "G"]
    assert out["could_produce"]["ob"] == ["U", "G"]


def test_106_7_fellwar_stone_reflects_opponents_lands() -> None:
    """CR 106.7: Fellwar Stone ("any color a land an opponent controls could produce") with
    A's Plains and B's Forest, Island, Wastes: U and G (not A's W, not the colorless C)."""
    out = run(
        board=board(
            "stone: Fellwar Stone @A",
            "pl: Plains @A",
            "f: Forest @B",
            "i: Island @B",
            "w: Wastes @B",
        )
    )
    assert out["could_produce"]["stone"] == ["U", "G"]


def test_106_7_fellwar_stone_sees_replacements_on_opponents_lands() -> None:
    """CR 106.7: under Contamination B's Forest could produce only B, so Fellwar Stone could
    produce B; the Stone is not a land, so Contamination does not touch its own mana: the
    chosen B is made, and G can't be chosen."""
    battlefield = board(
        "contam: Contamination @A",
        "stone: Fellwar Stone @A",
        "f: Forest @B",
    )
    out = run(board=battlefield, actions=[tap("stone", color="B")])
    assert out["could_produce"]["stone"] == ["B"]
    assert pool(out) == {"B": 1}
    out = run(board=battlefield, actions=[tap("stone", color="G")])
    assert [r["action"] for r in out["rejected"]] == [0]
    assert pool(out) == {}


def test_106_7_gaeas_cradle_with_no_creatures_could_produce_nothing() -> None:
    """CR 106.7: Gaea's Cradle makes G for each creature you control; with none (B's creature
    does not count) it would make no mana: nothing. With A's Elves it could produce G."""
    out = run(board=board("cradle: Gaea's Cradle @A", "bears: Grizzly Bears @B"))
    assert out["could_produce"]["cradle"] == []
    out = run(board=board("cradle: Gaea's Cradle @A", "elves: Llanowar Elves @A"))
    assert out["could_produce"]["cradle"] == ["G"]


def test_106_7_tapped_land_still_counts() -> None:
    """CR 106.7: costs are ignored, so a tapped Forest could still produce G and the Pool
    reflects it: tapping the Pool for G makes G."""
    battlefield = board("pool: Reflecting Pool @A", "f: Forest @A tapped")
    out = run(board=battlefield, actions=[tap("pool", color="G")])
    assert out["could_produce"] == {"pool": ["G"], "f": ["G"]}
    assert out["rejected"] == []
    assert pool(out) == {"G": 1}


def test_106_7_gemstone_mine_without_counters_still_counts() -> None:
    """CR 106.7: Gemstone Mine's cost (remove a mining counter) can't be paid with no counter,
    but costs are ignored: it could produce any color, and so could the Pool (R chosen: R)."""
    battlefield = board("pool: Reflecting Pool @A", "mine: Gemstone Mine @A")
    out = run(board=battlefield, actions=[tap("pool", color="R")])
    assert out["could_produce"] == {"pool": WUBRG, "mine": WUBRG}
    assert pool(out) == {"R": 1}


def test_106_7_vivid_crag_without_charge_counters_still_counts() -> None:
    """CR 106.7: Vivid Crag has {T}: Add {R} and {T}, remove a charge counter: any color; with
    no counter the second cost can't be paid but still counts: any color."""
    out = run(board=board("crag: Vivid Crag @A"))
    assert out["could_produce"] == {"crag": WUBRG}


def test_106_7_gemstone_caverns_depends_on_its_luck_counter() -> None:
    """CR 106.7: Gemstone Caverns' one ability makes C, or any color instead if it has a luck
    counter: that is the ability's effect, not a cost."""
    out = run(board=board("gc: Gemstone Caverns @A"))
    assert out["could_produce"] == {"gc": ["C"]}
    out = run(board=board("gc: Gemstone Caverns @A luck=1"))
    assert out["could_produce"] == {"gc": WUBRG}


def test_106_7_contamination_and_deep_water_in_any_order() -> None:
    """CR 106.7, 616.1: with Contamination and A's activated Deep Water, a Forest could produce
    U and B: Contamination then Deep Water turns G into B into U; Deep Water then Contamination
    turns G into U into B. Tapping with each order makes that one mana."""
    battlefield = board(
        "contam: Contamination @B",
        "dw: Deep Water @A",
        "f1: Forest @A",
        "f2: Forest @A",
    )
    activate = {"do": "activate", "permanent": "dw"}
    out = run(
        board=battlefield,
        actions=[
            activate,
            tap("f1", replacement_order=["contam", "dw"]),
            tap("f2", replacement_order=["dw", "contam"]),
        ],
    )
    assert out["rejected"] == []
    assert out["could_produce"] == {"f1": ["U", "B"], "f2": ["U", "B"]}
    assert pool(out) == {"U": 1, "B": 1}
    reordered = run(board=battlefield[::-1], actions=[activate])
    assert reordered["could_produce"] == out["could_produce"]


def test_106_7_mana_reflection_changes_the_amount_not_the_type() -> None:
    """CR 106.7: Mana Reflection doubles the amount; a Forest still could produce only G."""
    out = run(board=board("refl: Mana Reflection @A", "f: Forest @A"))
    assert out["could_produce"] == {"f": ["G"]}


def test_106_7_could_produce_ignores_the_board_listing_order() -> None:
    """CR 106.7: could produce depends on the game, not on how the board is listed.

    A: Pool, Pool, Forest; B: Orchard, Pool, Island. A's Pools reflect the Forest: G. B's
    Orchard sees A's lands (Forest G; A's Pools G): G. B's Pool sees B's Island (U) and
    Orchard (G): U, G. The same for every order of the six entries.
    """
    battlefield = board(
        "pa1: Reflecting Pool @A",
        "pa2: Reflecting Pool @A",
        "f: Forest @A",
        "ob: Exotic Orchard @B",
        "pb: Reflecting Pool @B",
        "i: Island @B",
    )
    expected = {
        "pa1": ["G"],
        "pa2": ["G"],
        "f": ["G"],
        "ob": ["G"],
        "pb": ["U", "G"],
        "i": ["U"],
    }
    checked = 0
    for order in itertools.permutations(battlefield):
        assert run(board=list(order))["could_produce"] == expected
        checked += 1
    assert checked == math.factorial(6)  # every order was run


def test_106_7_exotic_orchard_under_pale_moon() -> None:
    """CR 106.7: under Pale Moon B's nonbasic Garrison could produce only C, and B's basic
    Forest G; A's Orchard (itself nonbasic) would make G, which Pale Moon turns into C. So the
    Orchard could produce C, and tapping it for G makes C."""
    battlefield = board(
        "orchard: Exotic Orchard @A",
        "g: Boros Garrison @B",
        "f: Forest @B",
    )
    moon = {"do": "cast", "card": "Pale Moon", "by": "B", "id": "moon"}
    out = run(board=battlefield, actions=[moon, tap("orchard", color="G")])
    assert out["rejected"] == []
    assert out["could_produce"] == {"orchard": ["C"], "g": ["C"], "f": ["G"]}
    assert pool(out) == {"C": 1}
