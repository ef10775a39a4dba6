"""CR 106.12, 106.12a, 605.1b, 605.4a: "tapped for mana" triggered abilities (M6).

CR 106.12: to "tap a permanent for mana" is to activate its mana ability with {T} in the cost.
106.12a: "whenever ... is tapped for mana" triggers when such an ability resolves and produces
mana. Such triggers are triggered mana abilities (605.1b): they resolve at once, right after
the ability, without using the stack (605.4a). The mana they add is theirs, not the tapped
permanent's, so "tapped for mana" replacements (Mana Reflection, Nyxbloom Ancient, 106.12b) do
not multiply it. Pili-Pala's {Q} ability is not tapping for mana: it triggers nothing and is
not multiplied.

Mana Flare and Heartbeat of Spring: "Whenever a player taps a land for mana, that player adds
one mana of any type that land produced." Zendikar Resurgent: the same for "you". Wild Growth:
"Whenever enchanted land is tapped for mana, its controller adds an additional {G}." Leyline of
Abundance: "Whenever you tap a creature for mana, add an additional {G}."
"""

from __future__ import annotations

from typing import Any

import pytest

from sim.config.experiment import parse_experiment
from sim.errors import UserError
from tests.helpers import board, cast, permanent, play, pool, run, scenario, tap


def test_106_12a_mana_flare_adds_one_mana_of_the_type_produced() -> None:
    """CR 106.12a: a Forest tapped under Mana Flare makes G, and Flare adds another G: GG."""
    out = run(board=board("flare: Mana Flare @A", "f: Forest @A"), actions=[tap("f")])
    assert pool(out) == {"G": 2}


def test_106_12a_mana_flare_is_symmetric() -> None:
    """CR 106.12a: B's Mana Flare triggers for A's land, and "that player" (A) adds the mana:
    A has GG, B nothing."""
    out = run(board=board("flare: Mana Flare @B", "f: Forest @A"), actions=[tap("f")])
    assert pool(out) == {"G": 2}
    assert pool(out, "B") == {}


def test_106_12a_heartbeat_of_spring_and_mana_flare_each_trigger() -> None:
    """CR 106.12a, 603.2c: Heartbeat alone: G + G. With Mana Flare too, each triggers once:
    G + G + G."""
    out = run(board=board("hb: Heartbeat of Spring @B", "f: Forest @A"), actions=[tap("f")])
    assert pool(out) == {"G": 2}
    out = run(
        board=board(
            "hb: Heartbeat of Spring @B",
            "flare: Mana Flare @A",
            "f: Forest @A",
        ),
        actions=[tap("f")],
    )
    assert pool(out) == {"G": 3}


def test_106_12a_mana_flare_adds_a_type_the_land_produced() -> None:
    """CR 106.12a: Boros Garrison makes RW; Flare adds one mana of R or W: three mana, at least
    one R and one W, and nothing else."""
    out = run(board=board("flare: Mana Flare @A", "g: Boros Garrison @A"), actions=[tap("g")])
    made = pool(out)
    assert set(made) == {"R", "W"}
    assert sum(made.values()) == 3


def test_106_12a_mana_flare_ignores_nonland_sources() -> None:
    """CR 106.12a: Mana Flare triggers on lands only: Llanowar Elves (G) and Sol Ring (CC) get
    no extra mana."""
    battlefield = board(
        "flare: Mana Flare @A",
        "elves: Llanowar Elves @A",
        "ring: Sol Ring @A",
    )
    actions = [tap("elves"), tap("ring")]
    out = run(board=battlefield, actions=actions)
    assert pool(out) == {"G": 1, "C": 2}
    assert play(board=battlefield, actions=actions).stats.get("mana_from_triggers", 0) == 0


def test_106_12a_land_tapped_by_an_effect_triggers_nothing() -> None:
    """CR 106.12, 106.12a: a Forest tapped by an effect was not tapped for mana: no mana, no
    Mana Flare trigger."""
    out = run(
        board=board("flare: Mana Flare @A", "f: Forest @A"),
        actions=[{"do": "tap", "target": "f"}],
    )
    assert permanent(out, "f")["tapped"] is True
    assert pool(out) == {}


def test_106_12a_zendikar_resurgent_only_your_lands() -> None:
    """CR 106.12a: A's Zendikar Resurgent triggers when A taps a land (GG), not when B does
    (G)."""
    out = run(
        board=board(
            "zr: Zendikar Resurgent @A",
            "fa: Forest @A",
            "fb: Forest @B",
        ),
        actions=[tap("fa"), tap("fb")],
    )
    assert pool(out) == {"G": 2}
    assert pool(out, "B") == {"G": 1}


def test_106_12a_wild_growth_only_for_the_enchanted_land() -> None:
    """CR 106.12a: Wild Growth on f1: f1 makes G + G, f2 makes G: GGG."""
    out = run(
        board=board(
            "f1: Forest @A",
            "f2: Forest @A",
            "wg: Wild Growth @A attached_to=f1",
        ),
        actions=[tap("f1"), tap("f2")],
    )
    assert pool(out) == {"G": 3}


def test_106_12a_wild_growth_mana_goes_to_the_lands_controller() -> None:
    """CR 106.12a: B's Wild Growth on A's Forest: "its controller" (A) adds the G: A has GG."""
    out = run(
        board=board("f: Forest @A", "wg: Wild Growth @B attached_to=f"),
        actions=[tap("f")],
    )
    assert pool(out) == {"G": 2}
    assert pool(out, "B") == {}


def test_106_12b_wild_growth_mana_is_not_replaced_by_contamination() -> None:
    """CR 106.12a, 106.12b: Contamination replaces the Forest's G by B; Wild Growth's trigger
    still adds its fixed G (its mana is not the land's): B + G."""
    out = run(
        board=board(
            "contam: Contamination @B",
            "f: Forest @A",
            "wg: Wild Growth @A attached_to=f",
        ),
        actions=[tap("f")],
    )
    assert pool(out) == {"B": 1, "G": 1}


def test_106_12a_leyline_of_abundance_creatures_you_control() -> None:
    """CR 106.12a: A's Leyline adds G when A taps a creature for mana (Elves: GG), not for A's
    Forest (G) nor B's Elves (B gets G): A has GGG, B has G."""
    out = run(
        board=board(
            "leyline: Leyline of Abundance @A",
            "ea: Llanowar Elves @A",
            "f: Forest @A",
            "eb: Llanowar Elves @B",
        ),
        actions=[tap("ea"), tap("f"), tap("eb")],
    )
    assert pool(out) == {"G": 3}
    assert pool(out, "B") == {"G": 1}


def test_106_12a_leyline_triggers_for_cryptolith_rites_granted_ability() -> None:
    """CR 106.12a, 611.3a: Grizzly Bears with Cryptolith Rite's "{T}: Add one mana of any
    color" is a creature tapped for mana: the chosen R plus Leyline's G."""
    out = run(
        board=board(
            "leyline: Leyline of Abundance @A",
            "rite: Cryptolith Rite @A",
            "bears: Grizzly Bears @A",
        ),
        actions=[tap("bears", color="R")],
    )
    assert pool(out) == {"R": 1, "G": 1}


def test_106_12a_dryad_arbor_is_a_land_and_a_creature() -> None:
    """CR 106.12a: Dryad Arbor is both: Mana Flare (land) and Leyline (creature you control)
    each trigger: G + G + G."""
    out = run(
        board=board(
            "flare: Mana Flare @A",
            "leyline: Leyline of Abundance @A",
            "arbor: Dryad Arbor @A",
        ),
        actions=[tap("arbor")],
    )
    assert pool(out) == {"G": 3}


@pytest.mark.parametrize(
    ("statics", "source", "expected"),
    [
        # Forest GG under Mana Reflection, plus Flare's one G (not doubled): 3.
        (board("refl: Mana Reflection @A", "flare: Mana Flare @A"), "f", 3),
        # Forest GGG under Nyxbloom, plus Wild Growth's one G (not tripled): 4.
        (board("nyx: Nyxbloom Ancient @A", "wg: Wild Growth @A attached_to=f"), "f", 4),
        # Elves GG under Mana Reflection, plus Leyline's one G (not doubled): 3.
        (board("refl: Mana Reflection @A", "leyline: Leyline of Abundance @A"), "elves", 3),
        # Forest GGGGGG under both multipliers, plus Zendikar Resurgent's one G: 7.
        (
            board(
                "refl: Mana Reflection @A",
                "nyx: Nyxbloom Ancient @A",
                "zr: Zendikar Resurgent @A",
            ),
            "f",
            7,
        ),
    ],
    ids=["flare+reflection", "wild_growth+nyxbloom", "leyline+reflection", "resurgent+both"],
)
def test_106_12b_trigger_mana_is_not_multiplied(
    statics: list[dict[str, Any]], source: str, expected: int
) -> None:
    """CR 106.12a, 106.12b: the multipliers replace the tapped permanent's mana only; the
    trigger's one G is added after and is not multiplied."""
    lands = board("f: Forest @A", "elves: Llanowar Elves @A")
    out = run(board=[*lands, *statics], actions=[tap(source)])
    assert pool(out) == {"G": expected}


def test_106_12_pili_pala_q_ability_triggers_nothing_and_is_not_multiplied() -> None:
    """CR 106.12, 107.6: Pili-Pala's {2},{Q} ability is not a {T} ability.

    Sol Ring is tapped for mana: CC doubled by Mana Reflection = CCCC. Pili-Pala pays {2} (CC)
    and adds one R: neither doubled by Mana Reflection nor followed by Leyline of Abundance's
    G (Pili-Pala is a creature, but it was not tapped for mana). Pool: CC + R.
    """
    battlefield = board(
        "pili: Pili-Pala @A tapped",
        "ring: Sol Ring @A",
        "refl: Mana Reflection @A",
        "leyline: Leyline of Abundance @A",
    )
    actions = [tap("ring"), tap("pili", color="R")]
    out = run(board=battlefield, actions=actions)
    assert out["rejected"] == []
    assert pool(out) == {"C": 2, "R": 1}
    assert permanent(out, "pili")["tapped"] is False
    assert play(board=battlefield, actions=actions).stats.get("mana_from_triggers", 0) == 0


def test_106_12a_mana_flare_under_contamination() -> None:
    """CR 106.12a (S30): Contamination makes the Forest produce B; Mana Flare adds one mana of a
    type the land produced, B: BB."""
    out = run(
        board=board(
            "contam: Contamination @B",
            "flare: Mana Flare @A",
            "f: Forest @A",
        ),
        actions=[tap("f")],
    )
    assert pool(out) == {"B": 2}


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        # G -> B (Contamination) -> BB (Reflection); Flare adds one B: BBB.
        (["contam", "refl"], 3),
        # G -> GG (Reflection) -> B (Contamination); Flare adds one B: BB.
        (["refl", "contam"], 2),
    ],
)
def test_106_12a_mana_flare_sees_the_mana_after_replacements(
    order: list[str], expected: int
) -> None:
    """CR 106.12a, 616.1: the land "produced" the replaced mana; Flare adds exactly one of it,
    unmultiplied."""
    out = run(
        board=board(
            "contam: Contamination @B",
            "refl: Mana Reflection @A",
            "flare: Mana Flare @A",
            "f: Forest @A",
        ),
        actions=[tap("f", replacement_order=order)],
    )
    assert pool(out) == {"B": expected}


def test_106_12a_gaeas_cradle_flare_adds_one_mana() -> None:
    """CR 106.12a: Gaea's Cradle with two creatures makes GG; Flare adds one G (one trigger per
    tapping, not per mana): GGG."""
    out = run(
        board=board(
            "flare: Mana Flare @A",
            "cradle: Gaea's Cradle @A",
            "e1: Llanowar Elves @A",
            "e2: Grizzly Bears @A",
        ),
        actions=[tap("cradle")],
    )
    assert pool(out) == {"G": 3}


def test_605_4a_triggered_mana_abilities_do_not_use_the_stack() -> None:
    """CR 605.1b, 605.4a: Mana Flare's and Wild Growth's triggers are mana abilities: their mana
    is there at once and nothing was put on the stack."""
    out = run(
        board=board(
            "flare: Mana Flare @A",
            "f: Forest @A",
            "wg: Wild Growth @A attached_to=f",
        ),
        actions=[tap("f")],
    )
    assert pool(out) == {"G": 3}
    assert out["stack_order"] == []


def test_303_4a_casting_an_aura_without_a_target_is_a_scenario_error() -> None:
    """CR 303.4a, 601.2c: an Aura spell targets what it will enchant, which a scenario's cast
    does not name: one line naming the card and the rule, with the hint of ``attached_to``
    (both engines once played it unattached); a wipe experiment's cast event refuses it."""
    with pytest.raises(UserError, match=r"Wild Growth is an Aura: casting one needs a target"):
        scenario(board("f: Forest @A"), [cast("Wild Growth")])
    event = {"cards": {"Wild Growth": 1}}
    table = {"shape": "wipe", "slots": [{"count": 1, "cards": {"Forest": 1}}], "events": [event]}
    with pytest.raises(UserError, match=r"Wild Growth: casting it is outside the wipe shape"):
        parse_experiment(table)
