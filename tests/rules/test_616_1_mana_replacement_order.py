"""CR 106.12b, 614.5, 616.1: "tapped for mana" replacement effects and their order (M7).

Mana Reflection ("If you tap a permanent for mana, it produces twice as much of that mana
instead"), Nyxbloom Ancient (three times as much), Contamination ("If a land is tapped for mana,
it produces {B} instead of any other type and amount"), Deep Water ({U}: until end of turn, a
land you control tapped for mana produces {U} instead of any other type) and Pale Moon (until end
of turn, a nonbasic land tapped for mana produces colorless instead of any other type).

CR 616.1: when several replacement effects apply, the affected object's controller (here the
player tapping the permanent) chooses one, applies it, and repeats; CR 614.5: each applies to an
event at most once. The scenario's ``replacement_order`` lists ids, first applied first. Type
changers keep the amount (Deep Water, Pale Moon); Contamination sets it to one.
"""

from __future__ import annotations

import itertools

import pytest

from tests.helpers import board, pool, run, tap

PALE_MOON = {"do": "cast", "card": "Pale Moon", "by": "A", "id": "moon"}
DEEP_WATER = {"do": "activate", "permanent": "dw"}

CONTAM_REFL_NYX = (  # lines of tests.helpers.board
    "contam: Contamination @B",
    "refl: Mana Reflection @A",
    "nyx: Nyxbloom Ancient @A",
)


@pytest.mark.parametrize("order", [["refl", "nyx"], ["nyx", "refl"]])
def test_616_1_reflection_and_nyxbloom_multiply_in_either_order(order: list[str]) -> None:
    """CR 616.1 (S28): G doubled then tripled, or tripled then doubled: 6 G either way."""
    out = run(
        board=board(
            "refl: Mana Reflection @A",
            "nyx: Nyxbloom Ancient @A",
            "f: Forest @A",
        ),
        actions=[tap("f", replacement_order=order)],
    )
    assert pool(out) == {"G": 6}


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (["contam", "refl"], 2),  # G -> B (Contamination) -> BB (Reflection)
        (["refl", "contam"], 1),  # G -> GG (Reflection) -> B (Contamination: one B)
    ],
    ids=["contamination_first", "reflection_first"],
)
def test_616_1_contamination_and_reflection_order_matters(order: list[str], expected: int) -> None:
    """CR 616.1 (S29): B controls Contamination, A controls Mana Reflection and taps a Forest;
    A (the tapped Forest's controller) picks the order: BB or B."""
    out = run(
        board=board(
            "contam: Contamination @B",
            "refl: Mana Reflection @A",
            "f: Forest @A",
        ),
        actions=[tap("f", replacement_order=order)],
    )
    assert pool(out) == {"B": expected}


def test_616_1_four_forests_make_6_3_2_and_1_black() -> None:
    """CR 616.1: Contamination (C), Mana Reflection (R, x2), Nyxbloom Ancient (N, x3); four
    Forests, each with its own order:

    - f1 C, R, N: G -> B -> BB -> BBBBBB: 6.
    - f2 R, C, N: G -> GG -> B -> BBB: 3.
    - f3 N, C, R: G -> GGG -> B -> BB: 2.
    - f4 R, N, C: G -> GG -> GGGGGG -> B: 1.

    So after each tap the pool holds 6, 9, 11 and 12 B.
    """
    battlefield = board(*CONTAM_REFL_NYX, *(f"f{i}: Forest @A" for i in range(1, 5)))
    taps = [
        tap("f1", replacement_order=["contam", "refl", "nyx"]),
        tap("f2", replacement_order=["refl", "contam", "nyx"]),
        tap("f3", replacement_order=["nyx", "contam", "refl"]),
        tap("f4", replacement_order=["refl", "nyx", "contam"]),
    ]
    pools = []
    for n in range(1, 5):
        out = run(board=battlefield, actions=taps[:n])
        assert out["rejected"] == []
        pools.append(pool(out))
    assert pools == [{"B": 6}, {"B": 9}, {"B": 11}, {"B": 12}]


@pytest.mark.parametrize("order", list(itertools.permutations(["contam", "refl", "nyx"])))
def test_616_1_every_order_of_three_replacements(order: tuple[str, ...]) -> None:
    """CR 616.1, 614.5: each effect once, in the chosen order. Contamination resets the amount
    to one B, so only the multipliers applied after it count: first -> 2 x 3 = 6, after
    Reflection only -> 3, after Nyxbloom only -> 2, last -> 1."""
    after = order[order.index("contam") + 1 :]
    expected = (2 if "refl" in after else 1) * (3 if "nyx" in after else 1)
    out = run(
        board=board(*CONTAM_REFL_NYX, "f: Forest @A"),
        actions=[tap("f", replacement_order=list(order))],
    )
    assert pool(out) == {"B": expected}


def test_614_5_each_replacement_applies_once() -> None:
    """CR 614.5: Mana Reflection applies once to the event (GG, not an endless doubling); two
    Mana Reflections are two effects, each once: G x 2 x 2 = GGGG."""
    out = run(board=board("r1: Mana Reflection @A", "f: Forest @A"), actions=[tap("f")])
    assert pool(out) == {"G": 2}
    out = run(
        board=board(
            "r1: Mana Reflection @A",
            "r2: Mana Reflection @A",
            "f: Forest @A",
        ),
        actions=[tap("f")],
    )
    assert pool(out) == {"G": 4}


def test_614_5_a_type_changer_does_not_apply_again() -> None:
    """CR 614.5: with Contamination first then Deep Water, G -> B -> U; Contamination already
    applied, so it does not turn the U back into B: U."""
    out = run(
        board=board(
            "contam: Contamination @B",
            "dw: Deep Water @A",
            "f: Forest @A",
        ),
        actions=[DEEP_WATER, tap("f", replacement_order=["contam", "dw"])],
    )
    assert pool(out) == {"U": 1}


def test_106_12b_mana_reflection_only_for_its_controller() -> None:
    """CR 106.12b: "If you tap a permanent for mana": B's Mana Reflection does not double A's
    Forest (G), but does double B's (GG)."""
    out = run(
        board=board(
            "refl: Mana Reflection @B",
            "fa: Forest @A",
            "fb: Forest @B",
        ),
        actions=[tap("fa"), tap("fb")],
    )
    assert pool(out) == {"G": 1}
    assert pool(out, "B") == {"G": 2}


def test_106_12b_multipliers_apply_to_any_permanent_contamination_to_lands() -> None:
    """CR 106.12b: Mana Reflection doubles a nonland permanent tapped for mana (Sol Ring CC ->
    CCCC, Elves G -> GG); Contamination only affects lands, so with Contamination alone Sol
    Ring still makes CC and the Elves G."""
    battlefield = ("ring: Sol Ring @A", "elves: Llanowar Elves @A")
    actions = [tap("ring"), tap("elves")]
    out = run(board=board("refl: Mana Reflection @A", *battlefield), actions=actions)
    assert pool(out) == {"C": 4, "G": 2}
    out = run(board=board("contam: Contamination @A", *battlefield), actions=actions)
    assert pool(out) == {"C": 2, "G": 1}


def test_616_1_pale_moon_makes_nonbasic_lands_produce_colorless() -> None:
    """CR 106.12b: after Pale Moon, Boros Garrison's RW becomes CC (the type changes, not the
    amount); the Pool's chosen G becomes C; the basic Forest still makes G. Pool: CCC + G, and
    the nonbasic lands could now produce only C."""
    battlefield = board(
        "garrison: Boros Garrison @A",
        "pool: Reflecting Pool @A",
        "f: Forest @A",
    )
    out = run(
        board=battlefield, actions=[PALE_MOON, tap("garrison"), tap("pool", color="G"), tap("f")]
    )
    assert out["rejected"] == []
    assert pool(out) == {"C": 3, "G": 1}
    assert out["could_produce"] == {"garrison": ["C"], "pool": ["C"], "f": ["G"]}


def test_616_1_pale_moon_affects_every_players_nonbasic_lands() -> None:
    """CR 106.12b: "if a player taps a nonbasic land": A's Pale Moon turns B's Garrison's RW
    into CC for B."""
    out = run(board=board("g: Boros Garrison @B"), actions=[PALE_MOON, tap("g")])
    assert pool(out, "B") == {"C": 2}


def test_616_1_pale_moon_ignores_nonland_permanents() -> None:
    """CR 106.12b: Pale Moon is about nonbasic lands; Llanowar Elves still make G."""
    out = run(board=board("elves: Llanowar Elves @A"), actions=[PALE_MOON, tap("elves")])
    assert pool(out) == {"G": 1}


def test_616_1_pale_moon_ends_with_the_turn() -> None:
    """CR 514.2: Pale Moon lasts until end of turn; on the next turn A's Garrison makes RW."""
    out = run(
        board=board("g: Boros Garrison @A"),
        actions=[PALE_MOON, {"do": "pass_turn"}, tap("g")],
    )
    assert pool(out) == {"R": 1, "W": 1}


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (["moon", "contam"], {"B": 1}),  # RW -> CC (Pale Moon) -> B (Contamination)
        (["contam", "moon"], {"C": 1}),  # RW -> B (Contamination) -> C (Pale Moon, same amount)
    ],
)
def test_616_1_pale_moon_and_contamination_order(
    order: list[str], expected: dict[str, int]
) -> None:
    """CR 616.1: the spell's effect (id = the cast action's id) and Contamination in A's order."""
    out = run(
        board=board("contam: Contamination @B", "g: Boros Garrison @A"),
        actions=[PALE_MOON, tap("g", replacement_order=order)],
    )
    assert pool(out) == expected


@pytest.mark.parametrize("order", [["moon", "refl"], ["refl", "moon"]])
def test_616_1_pale_moon_and_reflection_in_either_order(order: list[str]) -> None:
    """CR 616.1: RW -> CC -> CCCC, or RW -> RRWW -> CCCC: 4 C either way."""
    out = run(
        board=board("refl: Mana Reflection @A", "g: Boros Garrison @A"),
        actions=[PALE_MOON, tap("g", replacement_order=order)],
    )
    assert pool(out) == {"C": 4}


def test_616_1_deep_water_makes_your_lands_produce_blue() -> None:
    """CR 106.12b: before Deep Water is activated A's Forest makes G; after it, A's Forest makes
    U, A's Garrison UU (type, not amount); B's Forest (not A's land) still G, A's Elves (not a
    land) still G."""
    battlefield = board(
        "dw: Deep Water @A",
        "f1: Forest @A",
        "f2: Forest @A",
        "g: Boros Garrison @A",
        "elves: Llanowar Elves @A",
        "fb: Forest @B",
    )
    out = run(
        board=battlefield,
        actions=[tap("f1"), DEEP_WATER, tap("f2"), tap("g"), tap("elves"), tap("fb")],
    )
    assert out["rejected"] == []
    assert pool(out) == {"U": 3, "G": 2}
    assert pool(out, "B") == {"G": 1}


@pytest.mark.parametrize("order", [["dw", "refl"], ["refl", "dw"]])
def test_616_1_deep_water_and_reflection_in_either_order(order: list[str]) -> None:
    """CR 616.1: G -> U -> UU, or G -> GG -> UU: 2 U either way."""
    out = run(
        board=board(
            "dw: Deep Water @A",
            "refl: Mana Reflection @A",
            "f: Forest @A",
        ),
        actions=[DEEP_WATER, tap("f", replacement_order=order)],
    )
    assert pool(out) == {"U": 2}
