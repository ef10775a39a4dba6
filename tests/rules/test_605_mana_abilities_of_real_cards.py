"""Mana abilities of real mana permanents (issue #14), each on both engines.

CR 605.1a: an activated ability that could add mana, with no target and not a loyalty ability,
is a mana ability; 605.3b: it resolves at once, costs paid first (602.2b). 106.7: a permanent
"could produce" every type its abilities could make. A choice of types ("Add {W} or {U}.") is
made as the ability resolves (605.3b), by the action's ``color``; a type the ability cannot
make is rejected as today. 118.3 and 119.4: costs of mana, life ("Pay 1 life") and sacrificing
the permanent itself. 120.3a: "deals N damage to you" makes its controller lose that much life.
106.12a, 605.4a: "tapped for mana" triggers add their mana at once (Overgrowth, Fertile
Ground). 611.3a: Chromatic Lantern grants its ability to the lands its controller controls.
614.12, 614.1c: "As it enters, you may pay 2 life. If you don't, it enters tapped." (policy:
its controller pays when their life total is more than 2).

Every scenario here runs on the reference engine and on the batch engine, and the two must
agree on the board, the pools, "could produce", the rejections, the zones and life.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import reference
from engine.batch.mana_convert import mana_comparable
from engine.batch.scenario import run_scenario
from sim.config.scenario import load_scenario
from tests.expectations import mismatches
from tests.helpers import board, cast, permanent, pool, scenario, tap


def both(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """The reference engine's outcome, once the batch engine agreed with it."""
    built = scenario(*args, **kwargs)
    out = reference.run(built)
    assert mana_comparable(run_scenario(built)) == mana_comparable(out)
    return out


def _reasons(out: dict[str, Any]) -> list[tuple[str, str]]:
    return [(r["reason"], r["rule"]) for r in out["rejected"]]


def test_106_7_a_guildgate_could_produce_either_type_and_makes_the_one_named() -> None:
    """CR 106.7, 605.3b: Azorius Guildgate ("{T}: Add {W} or {U}.") could produce W and U;
    naming U makes U, naming nothing makes the first in WUBRGC order (W)."""
    gate = board("gate: Azorius Guildgate @A")
    assert both(board=gate)["could_produce"] == {"gate": ["W", "U"]}
    assert pool(both(board=gate, actions=[tap("gate", color="U")])) == {"U": 1}
    assert pool(both(board=gate, actions=[tap("gate")])) == {"W": 1}


def test_106_7_a_type_the_choice_does_not_list_is_rejected() -> None:
    """CR 106.7: naming G for Azorius Guildgate is rejected; it stays untapped."""
    out = both(board=board("gate: Azorius Guildgate @A"), actions=[tap("gate", color="G")])
    assert _reasons(out) == [("type_not_available", "106.7")]
    assert permanent(out, "gate")["tapped"] is False  # type: ignore[index]


def test_120_3a_ancient_tomb_deals_2_damage_to_you() -> None:
    """CR 120.3a: Ancient Tomb adds {C}{C} and deals 2 damage to its controller."""
    out = both(board=board("tomb: Ancient Tomb @A"), actions=[tap("tomb")])
    assert pool(out) == {"C": 2}
    assert out["life"] == {"A": 18, "B": 20}


def test_120_3a_a_painland_hurts_only_for_its_colored_ability() -> None:
    """CR 120.3a, 605.3b: Adarkar Wastes' {C} ability deals no damage; its "{W} or {U}" one
    deals 1."""
    wastes = board("w: Adarkar Wastes @A")
    out = both(board=wastes, actions=[tap("w", color="C")])
    assert (pool(out), out["life"]["A"]) == ({"C": 1}, 20)
    out = both(board=wastes, actions=[tap("w", color="U")])
    assert (pool(out), out["life"]["A"]) == ({"U": 1}, 19)


def test_704_5a_damage_from_a_mana_ability_can_cost_the_game() -> None:
    """CR 120.3a, 704.5a: at 2 life, Ancient Tomb's damage leaves its controller at 0, and
    they lose the game (Cauldron does not play on past a loss: the trial is unsupported)."""
    out = both(board=board("tomb: Ancient Tomb @A"), actions=[tap("tomb")], life={"A": 2, "B": 20})
    assert out["result"] == "unsupported"


def test_605_3b_azorius_signet_pays_its_generic_cost_from_the_pool() -> None:
    """CR 605.3b, 118.3: Azorius Signet's {1} is paid from the pool (a Forest's G) before it
    adds {W}{U}; with an empty pool it is rejected."""
    out = both(
        board=board("f: Forest @A", "signet: Azorius Signet @A"),
        actions=[tap("f"), tap("signet")],
    )
    assert pool(out) == {"W": 1, "U": 1}
    out = both(board=board("signet: Azorius Signet @A"), actions=[tap("signet")])
    assert _reasons(out) == [("insufficient_mana", "118.3")]


def test_119_4_mana_confluence_pays_1_life() -> None:
    """CR 119.4, 118.3: Mana Confluence's "Pay 1 life" is paid as it is activated."""
    out = both(board=board("mc: Mana Confluence @A"), actions=[tap("mc", color="R")])
    assert (pool(out), out["life"]["A"]) == ({"R": 1}, 19)


def test_119_4_paying_your_last_life_loses_the_game() -> None:
    """CR 119.4, 704.5a: at 1 life Mana Confluence's cost can be paid (life total >= 1); its
    controller is then at 0 and loses the game (the trial is unsupported)."""
    out = both(
        board=board("mc: Mana Confluence @A"),
        actions=[tap("mc", color="G")],
        life={"A": 1, "B": 20},
    )
    assert out["result"] == "unsupported"


def test_602_2b_lotus_petal_is_sacrificed_as_it_is_activated() -> None:
    """CR 602.2b, 701.21a: Lotus Petal's cost sacrifices it; its mana stays in the pool."""
    out = both(board=board("petal: Lotus Petal @A"), actions=[tap("petal", color="B")])
    assert pool(out) == {"B": 1}
    assert permanent(out, "petal") is None


def test_605_3b_gilded_lotus_adds_three_mana_of_one_color() -> None:
    """CR 605.3b: "Add three mana of any one color.": one choice, three mana of it."""
    out = both(board=board("gl: Gilded Lotus @A"), actions=[tap("gl", color="U")])
    assert pool(out) == {"U": 3}


def test_106_4_cabal_coffers_counts_the_swamps_you_control() -> None:
    """CR 106.4, 605.3b: Cabal Coffers ({2}, {T}: Add {B} for each Swamp you control) with
    three Swamps of A and one of B: A pays BB from the pool and adds BBB."""
    out = both(
        board=board(
            "s1: Swamp @A",
            "s2: Swamp @A",
            "s3: Swamp @A",
            "s4: Swamp @B",
            "cc: Cabal Coffers @A",
        ),
        actions=[tap("s1"), tap("s2"), tap("cc")],
    )
    assert pool(out) == {"B": 3}


def test_106_7_cabal_coffers_without_a_swamp_could_produce_nothing() -> None:
    """CR 106.7: with no Swamp, Cabal Coffers could produce nothing."""
    out = both(board=board("cc: Cabal Coffers @A"))
    assert out["could_produce"] == {"cc": []}


def test_106_4_priest_of_titania_counts_every_elf_on_the_battlefield() -> None:
    """CR 106.4: "for each Elf on the battlefield": the Priest (an Elf) and B's Llanowar
    Elves count, A's Forest does not: GG."""
    out = both(
        board=board("priest: Priest of Titania @A", "elf: Llanowar Elves @B", "f: Forest @A"),
        actions=[tap("priest")],
    )
    assert pool(out) == {"G": 2}


def test_611_3a_chromatic_lantern_lets_your_lands_tap_for_any_color() -> None:
    """CR 611.3a, 106.7: A's Forest under A's Chromatic Lantern could produce every color
    (and G), and makes the one named; B's Forest is not A's land."""
    out = both(
        board=board("cl: Chromatic Lantern @A", "f: Forest @A", "g: Forest @B"),
        actions=[tap("f", color="R")],
    )
    assert out["could_produce"]["f"] == ["W", "U", "B", "R", "G"]
    assert out["could_produce"]["g"] == ["G"]
    assert pool(out) == {"R": 1}


def test_106_12a_overgrowth_adds_two_more_green() -> None:
    """CR 106.12a, 605.4a: a Forest enchanted by Overgrowth makes G, and the trigger GG."""
    out = both(
        board=board("f: Forest @A", "og: Overgrowth @A attached_to=f"),
        actions=[tap("f")],
    )
    assert pool(out) == {"G": 3}


def test_106_12a_fertile_ground_adds_one_mana_of_the_color_named() -> None:
    """CR 106.12a: Fertile Ground adds one mana of any color: the color the action names (U
    from an Island), else the first, W (a Wastes' C is not a color)."""
    out = both(
        board=board("i: Island @A", "fg: Fertile Ground @A attached_to=i"),
        actions=[tap("i", color="U")],
    )
    assert pool(out) == {"U": 2}
    out = both(
        board=board("w: Wastes @A", "fg: Fertile Ground @A attached_to=w"), actions=[tap("w")]
    )
    assert pool(out) == {"C": 1, "W": 1}


def test_614_12_a_shockland_cast_as_it_enters_pays_2_life_or_enters_tapped() -> None:
    """CR 614.12, 614.1c, 119.4: Temple Garden entering: at 20 life its controller pays 2
    and it is untapped; at 2 life they keep their life and it enters tapped. (Lands are
    played, not cast; the scenario puts it onto the battlefield by casting it, which the
    reference engine allows for any permanent card.)"""
    out = both(actions=[cast("Temple Garden", id="tg")])
    assert (out["life"]["A"], permanent(out, "tg")["tapped"]) == (18, False)  # type: ignore[index]
    out = both(actions=[cast("Temple Garden", id="tg")], life={"A": 2, "B": 20})
    assert (out["life"]["A"], permanent(out, "tg")["tapped"]) == (2, True)  # type: ignore[index]


def test_605_3b_the_real_mana_permanents_scenario_file() -> None:
    """CR 605.3b, 118.3, 119.4, 120.3a, 106.12a, 611.3a: ``tests/scenarios/mana/
    real_permanents.toml`` gives what its ``.expect.json`` says, on both engines (the file's
    comment tells the story)."""
    path = Path(__file__).parents[1] / "scenarios" / "mana" / "real_permanents.toml"
    built = load_scenario(path)
    out = reference.run(built)
    assert mana_comparable(run_scenario(built)) == mana_comparable(out)
    assert mismatches(json.loads(path.with_suffix(".expect.json").read_text()), out) == []


def test_118_3_phyrexian_altar_sacrifices_a_creature_which_persists() -> None:
    """CR 118.3, 701.21a, 702.79a: Phyrexian Altar's "Sacrifice a creature" takes its
    controller's first creature in board order (the policy of that choice); Kitchen Finks dies
    as a cost, persist returns it with a -1/-1 counter and it gains A 2 life."""
    out = both(
        board=board("altar: Phyrexian Altar @A", "finks: Kitchen Finks @A"),
        actions=[tap("altar", color="B")],
    )
    assert pool(out) == {"B": 1}
    assert permanent(out, "finks")["counters"]["-1/-1"] == 1  # type: ignore[index]
    assert out["life"]["A"] == 22


def test_118_3_with_no_creature_to_sacrifice_the_altar_is_rejected() -> None:
    """CR 118.3: a cost that cannot be paid: Phyrexian Altar with only B's creature."""
    out = both(
        board=board("altar: Phyrexian Altar @A", "elf: Llanowar Elves @B"),
        actions=[tap("altar", color="G")],
    )
    assert _reasons(out) == [("nothing_to_sacrifice", "118.3")]


def test_106_12_ashnods_altar_is_not_tapped_for_mana() -> None:
    """CR 106.12, 106.12b: Ashnod's Altar has no {T} in its cost: Mana Reflection ("if you tap
    a permanent for mana") does not double its CC; the sacrificed Elves are gone."""
    out = both(
        board=board(
            "altar: Ashnod's Altar @A",
            "elf: Llanowar Elves @A",
            "mr: Mana Reflection @A",
        ),
        actions=[tap("altar")],
    )
    assert pool(out) == {"C": 2}
    assert permanent(out, "elf") is None


def test_605_3b_birds_of_paradise_adds_one_mana_of_the_color_named() -> None:
    """CR 605.3b, 106.7: Birds of Paradise ("{T}: Add one mana of any color.") could produce
    each color, makes the one named, and cannot tap the turn it is cast (302.6)."""
    birds = board("bop: Birds of Paradise @A")
    assert both(board=birds)["could_produce"] == {"bop": ["W", "U", "B", "R", "G"]}
    assert pool(both(board=birds, actions=[tap("bop", color="R")])) == {"R": 1}
    out = both(actions=[cast("Birds of Paradise", id="new"), tap("new", color="G")])
    assert _reasons(out) == [("summoning_sick", "302.6")]


def test_605_3b_elvish_mystic_adds_g() -> None:
    """CR 605.3b: Elvish Mystic ("{T}: Add {G}.") adds one green mana."""
    assert pool(both(board=board("em: Elvish Mystic @A"), actions=[tap("em")])) == {"G": 1}


def test_614_1c_selesnya_guildgate_enters_tapped_and_adds_g_or_w() -> None:
    """CR 614.1c, 106.7: Selesnya Guildgate enters tapped; untapped, it makes G or W."""
    out = both(actions=[cast("Selesnya Guildgate", id="gate")])
    assert permanent(out, "gate")["tapped"] is True  # type: ignore[index]
    gate = board("gate: Selesnya Guildgate @A")
    assert both(board=gate)["could_produce"] == {"gate": ["W", "G"]}
    assert pool(both(board=gate, actions=[tap("gate", color="G")])) == {"G": 1}
