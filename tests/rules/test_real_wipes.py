"""The wipes of real cards (issue #14): qualified destroy-all, damage to each creature and
each player, one-sided -N/-N, exile, library and hand moves of everything.

Each test runs its scenario on both engines and checks them against each other and against
the ruling (``tests/scenarios/wipes/*.toml`` with their ``.expect.json``; the others are
built here). Two players A -> B, A active, 20 life, unless a test says otherwise.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine import reference
from engine.batch import tables as tb
from engine.batch.kernel.fits import KERNEL_OK
from engine.batch.mana_convert import mana_comparable
from engine.batch.scenario import run_scenario
from engine.batch.wipe_fast import FAST_SPELL
from engine.library import card_from_dict, library
from engine.scenario import Action, Scenario
from sim.config.scenario import load_scenario
from sim.errors import UserError
from tests.batch.mixes import REAL_WIPE_SPELLS
from tests.expectations import mismatches
from tests.helpers import board, cast, permanent, pt, returned_ids, scenario

WIPES = Path(__file__).parents[1] / "scenarios" / "wipes"


def _both(game: Scenario) -> dict[str, Any]:
    """The reference outcome, once the batch engine is shown to give the same."""
    out = reference.run(game)
    batch = run_scenario(game)
    assert mana_comparable(batch) == mana_comparable(out)
    assert batch["rejected"] == out["rejected"]
    return out


def _file(name: str) -> dict[str, Any]:
    path = WIPES / f"{name}.toml"
    out = _both(load_scenario(path))
    assert mismatches(json.loads(path.with_suffix(".expect.json").read_text()), out) == []
    return out


def _run(*args: Any, **kwargs: Any) -> dict[str, Any]:
    return _both(scenario(*args, **kwargs))


# ------------------------------------------------------------ destroy (701.8a)


def test_701_8a_plague_wind_destroys_only_creatures_the_caster_doesnt_control() -> None:
    """CR 701.8a, 603.3b: Plague Wind spares A's creatures; B's die and return."""
    _file("plague_wind_spares_the_casters_creatures")


def test_701_8a_plague_wind_in_multiplayer_destroys_every_other_players_creatures() -> None:
    """CR 701.8a, 102.2: "you don't control" is every other player's creature, the stolen
    one A controls (owned by C) stays; C's own dies."""
    out = _run(
        board(
            "bears: Grizzly Bears @A owner=C",
            "elves: Llanowar Elves @B",
            "c_bears: Grizzly Bears @C",
        ),
        [cast("Plague Wind")],
        players=("A", "B", "C"),
    )
    assert [p["id"] for p in out["battlefield"]] == ["bears"]


def test_202_3_consume_the_meek_destroys_by_mana_value() -> None:
    """CR 202.3, 202.3e, 603.10a: mana value 3 or less: Finks (3) and Hangarback Walker
    (X counts 0) die; Massacre Wurm (6) stays and sees them die."""
    _file("consume_the_meek_mana_value")


def test_202_3e_consume_the_meek_a_cast_x_creature_has_mana_value_0() -> None:
    """CR 202.3e: Walking Ballista cast with X = 3 has mana value 0 on the battlefield: it
    is destroyed whatever its counters."""
    out = _run(
        board("bears: Grizzly Bears @B"),
        [cast("Walking Ballista", x=3, id="ballista"), cast("Consume the Meek", by="B")],
    )
    assert permanent(out, "ballista") is None
    assert permanent(out, "bears") is None


def test_119_3_fumigate_gains_1_life_per_creature_destroyed() -> None:
    """CR 701.8a, 119.3: three creatures destroyed, A gains 3; then Finks's return 2."""
    _file("fumigate_gains_life_per_creature")


def test_701_8a_fumigate_counts_a_creature_exiled_instead() -> None:
    """CR 614.6, 701.8a: Rest in Peace replaces where a destroyed creature goes, not its
    destruction: both creatures count (A gains 2); nothing dies, Finks does not return."""
    out = _run(
        board("rip: Rest in Peace @B", "finks: Kitchen Finks @A", "bears: Grizzly Bears @B"),
        [cast("Fumigate")],
    )
    assert out["life"] == {"A": 22, "B": 20}
    assert returned_ids(out) == []
    assert sorted(out["exile"]["A"]) == ["Fumigate", "Kitchen Finks"]


def test_119_3_fumigate_with_no_creature_gains_nothing() -> None:
    """CR 119.3: no creature destroyed, no life."""
    out = _run(board("anthem: Glorious Anthem @B"), [cast("Fumigate")])
    assert out["life"] == {"A": 20, "B": 20}


def test_502_3_bontus_last_reckoning_lands_skip_the_casters_next_untap_step() -> None:
    """CR 502.3: the caster's lands stay tapped in the caster's next untap step only; other
    permanents and other players' lands untap."""
    _file("bontus_last_reckoning_lands_stay_tapped")


def test_502_3_bontus_last_reckoning_only_the_next_untap_step() -> None:
    """CR 502.3: "your next untap step": one step; in the one after, the Forest untaps. B
    casts it in A's turn: B's Swamp skips B's untap step, which comes first."""
    passes = [{"do": "pass_turn"}] * 3
    out = _run(
        board("forest: Forest @A tapped", "swamp: Swamp @B tapped"),
        [cast("Bontu's Last Reckoning", by="B"), *passes],
    )
    tapped = {p["id"]: p["tapped"] for p in out["battlefield"]}
    assert tapped == {"forest": False, "swamp": False}
    out = _run(
        board("forest: Forest @A tapped", "swamp: Swamp @B tapped"),
        [cast("Bontu's Last Reckoning", by="B"), {"do": "pass_turn"}],
    )
    assert {p["id"]: p["tapped"] for p in out["battlefield"]} == {"forest": True, "swamp": True}


def test_701_8a_planar_cleansing_destroys_every_nonland_permanent() -> None:
    """CR 701.8a: the Anthem, the Aura and Finks go; the Forest stays."""
    _file("planar_cleansing_spares_lands")


def test_701_8a_nevinyrrals_disk_destroys_artifacts_creatures_enchantments() -> None:
    """CR 602.2, 701.8a: its ability destroys the Disk itself, Sol Ring, the Anthem and
    Finks; the Forest stays."""
    _file("nevinyrrals_disk_destroys_itself_too")


def test_107_5_nevinyrrals_disk_tapped_cannot_be_activated() -> None:
    """CR 107.5, 118.3: the Disk enters tapped (614.1c); tapped, {T} can't be paid: the
    action is rejected and changes nothing."""
    out = _run(
        board("bears: Grizzly Bears @A"),
        [cast("Nevinyrral's Disk", id="disk"), {"do": "activate", "permanent": "disk"}],
    )
    assert [r["rule"] for r in out["rejected"]] == ["107.5"]
    assert sorted(p["id"] for p in out["battlefield"]) == ["bears", "disk"]


def test_614_1c_a_disk_returning_by_undying_enters_tapped() -> None:
    """CR 614.1c, 702.93a: a Disk given undying, sacrificed, returns tapped: its "enters
    tapped" applies to every arrival, not only a cast."""
    out = _run(
        board("disk: Nevinyrral's Disk @A grant=undying"), [{"do": "sacrifice", "target": "disk"}]
    )
    assert [(p["id"], p["object"], p["tapped"]) for p in out["battlefield"]] == [("disk", 2, True)]


# ------------------------------------------------------------ damage (120.3)


def test_120_3_inferno_damages_each_creature_and_each_player() -> None:
    """CR 120.3a, 120.3e, 603.10a: 6 to each creature and each of three players."""
    _file("inferno_damages_each_creature_and_each_player")


def test_704_5a_inferno_can_end_the_game() -> None:
    """CR 704.5a: a player at 6 life goes to 0 and loses: the engines stop there."""
    out = _run(board("bears: Grizzly Bears @B"), [cast("Inferno")], life={"A": 20, "B": 6})
    assert out["result"] == "unsupported"


@pytest.mark.parametrize("mode", ["creatures", "players"])
def test_700_2_slagstorm_deals_damage_by_the_chosen_mode(mode: str) -> None:
    """CR 700.2, 120.3: each creature, or each player, never both."""
    _file(f"slagstorm_{mode}_mode")


def test_120_3_thrashing_wumpus_damages_each_creature_and_each_player_each_activation() -> None:
    """CR 602.2, 120.3a, 120.3e, 702.79a, 702.93a: three activations, each 1 damage to every
    creature (the Wumpus too) and both players. Young Wolf dies at once and returns by undying,
    Finks dies at the second and persists (A gains 2), the Elite (+1/+1) at the third and
    persists; the third kills the returned Wolf and Finks for good, and the Wumpus."""
    act = {"do": "activate", "permanent": "wumpus"}
    out = _run(
        board(
            "wumpus: Thrashing Wumpus @A",
            "finks: Kitchen Finks @A",
            "wolf: Young Wolf @B",
            "elite: Safehold Elite @B +1/+1=1",
        ),
        [act, act, act],
    )
    assert out["result"] == "ok" and out["life"] == {"A": 19, "B": 17}
    assert returned_ids(out) == ["wolf", "finks", "elite"]
    assert [(p["id"], p["counters"]) for p in out["battlefield"]] == [("elite", {"-1/-1": 1})]


def test_702_80b_a_wumpus_with_wither_and_lifelink_deals_counters_and_gains_for_each() -> None:
    """CR 702.80b, 702.15b, 120.3: damage from a source with wither is dealt to creatures as
    -1/-1 counters (the Wumpus's own too); with lifelink its controller gains 1 for each
    creature and each player dealt damage (4), having lost 1 like every player."""
    out = _run(
        board("wumpus: Thrashing Wumpus @A grant=wither,lifelink", "bears: Grizzly Bears @B"),
        [{"do": "activate", "permanent": "wumpus"}],
    )
    assert out["life"] == {"A": 23, "B": 19}
    assert [(p["id"], p["counters"]) for p in out["battlefield"]] == [
        ("wumpus", {"-1/-1": 1}),
        ("bears", {"-1/-1": 1}),
    ]


def test_602_2b_crypt_rats_deals_the_x_announced_as_each_activation_is_made() -> None:
    """CR 602.2b, 601.2b, 120.3: each activation deals the X announced for it to every
    creature and player. X = 1: Young Wolf dies and returns by undying; X = 2: the returned
    Wolf (its +1/+1 counter) dies for good, Finks (3 damage this turn) persists (B gains 2),
    the Bears die; the Rats (4/4, 3 damage) live."""
    out = _run(
        board(
            "rats: Crypt Rats @A +1/+1=3",
            "wolf: Young Wolf @A",
            "finks: Kitchen Finks @B",
            "bears: Grizzly Bears @B",
        ),
        [
            {"do": "activate", "permanent": "rats", "x": 1},
            {"do": "activate", "permanent": "rats", "x": 2},
        ],
    )
    assert out["result"] == "ok" and out["life"] == {"A": 17, "B": 19}
    assert returned_ids(out) == ["wolf", "finks"]
    assert [(p["id"], p["counters"]) for p in out["battlefield"]] == [
        ("rats", {"+1/+1": 3}),
        ("finks", {"-1/-1": 1}),
    ]
    assert out["graveyard"] == {"A": ["Young Wolf"], "B": ["Grizzly Bears"]}


def test_120_8_crypt_rats_with_x_0_deals_no_damage_and_its_lifelink_gains_nothing() -> None:
    """CR 107.3, 120.8: X = 0 announced, the ability deals 0 damage, which is no damage at
    all: nothing dies, nobody loses life, and lifelink gains nothing (702.15b)."""
    out = _run(
        board("rats: Crypt Rats @A grant=lifelink", "wolf: Young Wolf @B"),
        [{"do": "activate", "permanent": "rats", "x": 0}],
    )
    assert out["life"] == {"A": 20, "B": 20} and returned_ids(out) == []
    assert [p["id"] for p in out["battlefield"]] == ["rats", "wolf"]


def test_704_5a_pestilence_demon_can_end_the_game() -> None:
    """CR 704.5a: B at 1 life is dealt 1 damage and loses: the engines stop there."""
    out = _run(
        board("demon: Pestilence Demon @A"),
        [{"do": "activate", "permanent": "demon"}],
        life={"A": 20, "B": 1},
    )
    assert out["result"] == "unsupported"


def test_603_4_pestilence_is_sacrificed_at_the_end_step_when_no_creature_is_left() -> None:
    """CR 513.1, 603.4, 701.21a: two activations kill B's Bears; at the end step no creature
    is on the battlefield, so Pestilence's trigger goes on the stack and it is sacrificed."""
    act = {"do": "activate", "permanent": "pestilence"}
    out = _run(
        board("pestilence: Pestilence @A", "bears: Grizzly Bears @B"),
        [act, act, {"do": "pass_turn"}],
    )
    assert out["battlefield"] == [] and out["life"] == {"A": 18, "B": 18}
    assert out["graveyard"] == {"A": ["Pestilence"], "B": ["Grizzly Bears"]}
    assert out["stack_order"][-1] == {"id": "pestilence", "controller": "A", "ability": "end_step"}


def test_603_4_a_persist_return_keeps_pestilence_on_the_battlefield() -> None:
    """CR 603.4, 702.79a: the second activation kills Finks, which persists; at the end step
    a creature is on the battlefield, so the trigger does not even trigger."""
    act = {"do": "activate", "permanent": "pestilence"}
    out = _run(
        board("pestilence: Pestilence @A", "finks: Kitchen Finks @B"),
        [act, act, {"do": "pass_turn"}],
    )
    assert [p["id"] for p in out["battlefield"]] == ["pestilence", "finks"]
    assert all(s["ability"] != "end_step" for s in out["stack_order"])


def test_603_4_a_creature_exiled_at_the_end_step_was_there_as_it_began() -> None:
    """CR 513.1, 603.4, 603.7c: A's Clique (exiled since) took B's Bears, A's only creature.
    At A's end step the Bears are exiled, but they were on the battlefield as the end step
    began: Pestilence does not trigger. At B's end step no creature is there: it goes."""
    actions = [
        {"do": "destroy", "target": "bears"},
        cast("Puppeteer Clique", id="clique"),
        {"do": "exile", "target": "clique"},
        {"do": "pass_turn"},
    ]
    out = _run(board("pestilence: Pestilence @A", "bears: Grizzly Bears @B"), actions)
    assert [p["id"] for p in out["battlefield"]] == ["pestilence"]
    assert out["exile"] == {"A": ["Puppeteer Clique"], "B": ["Grizzly Bears"]}
    out = _run(
        board("pestilence: Pestilence @A", "bears: Grizzly Bears @B"),
        [*actions, {"do": "pass_turn"}],
    )
    assert out["battlefield"] == [] and out["graveyard"]["A"] == ["Pestilence"]


def test_603_3b_two_players_end_step_sacrifices_go_on_the_stack_in_apnap_order() -> None:
    """CR 603.3b, 603.4: with no creature on the battlefield, A's (active) Pestilence and B's
    Pyrohemia both trigger: A's goes on the stack first, B's resolves first; both go."""
    out = _run(
        board("pestilence: Pestilence @A", "pyrohemia: Pyrohemia @B"),
        [{"do": "pass_turn"}],
    )
    assert [(s["id"], s["controller"]) for s in out["stack_order"]] == [
        ("pestilence", "A"),
        ("pyrohemia", "B"),
    ]
    assert out["battlefield"] == []
    assert out["graveyard"] == {"A": ["Pestilence"], "B": ["Pyrohemia"]}


def test_700_2_slagstorm_without_a_mode_is_a_scenario_error() -> None:
    """SPEC section 3: a modal card's cast names its mode; one line, with the modes."""
    with pytest.raises(UserError, match=r"Slagstorm is modal: give its mode.*creatures, players"):
        scenario(board(), [cast("Slagstorm")])


def test_205_3m_fiery_cannonade_spares_pirates() -> None:
    """CR 205.3m, 120.3e: 2 to each creature that isn't a Pirate (creature types are the
    card's subtypes, a token's too)."""
    _file("fiery_cannonade_spares_pirates")


def test_702_9_earthquake_spares_creatures_with_flying() -> None:
    """CR 702.9, 107.3, 120.3: X = 2 to each creature without flying and each player."""
    _file("earthquake_spares_flyers")


def test_702_9_earthquake_sees_flying_granted_to_the_object() -> None:
    """CR 702.9, 611.2c: a Kitchen Finks given flying until end of turn by an effect (here
    the scenario's granted keyword) takes no damage."""
    out = _run(board("finks: Kitchen Finks @A grant=flying"), [cast("Earthquake", x=3)])
    finks = permanent(out, "finks")
    assert finks is not None and finks["damage"] == 0
    assert out["life"] == {"A": 17, "B": 17}


def test_107_3_earthquake_with_x_0_does_nothing() -> None:
    """CR 107.3, 120.8: 0 damage is no damage."""
    out = _run(board("elves: Llanowar Elves @B"), [cast("Earthquake", x=0)])
    assert permanent(out, "elves") is not None
    assert out["life"] == {"A": 20, "B": 20}


# ------------------------------------------------------------ -N/-N (611.2c)


def test_611_2c_cower_in_fear_affects_only_opponents_creatures() -> None:
    """CR 611.2c, 400.7: the caster's Elves keep 1/1; the opponent's Wolf dies, returns 2/2."""
    _file("cower_in_fear_one_sided")


def test_611_2c_cower_in_fear_in_multiplayer_affects_every_opponent() -> None:
    """CR 611.2c, 102.2: B casts; A's and C's Elves die, B's stay."""
    out = _run(
        board("a: Llanowar Elves @A", "b: Llanowar Elves @B", "c: Llanowar Elves @C"),
        [cast("Cower in Fear", by="B")],
        players=("A", "B", "C"),
    )
    assert [p["id"] for p in out["battlefield"]] == ["b"]
    assert pt(out, "b") == (1, 1)


def test_608_2h_mutilate_counts_the_casters_swamps_as_it_resolves() -> None:
    """CR 608.2h, 611.2c: two Swamps: -2/-2 to all creatures, locked in."""
    _file("mutilate_counts_the_casters_swamps")


def test_608_2h_mutilate_without_a_swamp_does_nothing() -> None:
    """CR 608.2h: no Swamp, -0/-0: even a 1/1 stays."""
    out = _run(board("elves: Llanowar Elves @B", "swamp: Swamp @B"), [cast("Mutilate")])
    assert pt(out, "elves") == (1, 1)


# ------------------------------------------------------------ sacrifice (701.21a)


def test_701_21a_innocent_blood_each_player_sacrifices_the_named_creature() -> None:
    """CR 101.4, 701.21a, 603.3b: A names Finks; B's only creature goes; C has none."""
    _file("innocent_blood_each_player_chooses")


def test_701_21a_innocent_blood_by_the_listed_policy_takes_the_first_in_board_order() -> None:
    """CR 701.21a, SPEC section 3 (the listed policy): with nothing named, each player
    sacrifices the first creature they control in board order; the Anthem is no creature."""
    out = _run(
        board(
            "anthem: Glorious Anthem @A",
            "elves: Llanowar Elves @A",
            "finks: Kitchen Finks @A",
            "bears: Grizzly Bears @B",
            "wolf: Young Wolf @B",
        ),
        [cast("Innocent Blood")],
    )
    assert sorted(p["id"] for p in out["battlefield"]) == ["anthem", "finks", "wolf"]


def test_701_21a_the_listed_board_order_keeps_a_returned_creatures_place() -> None:
    """CR 701.21a, SPEC section 3: board order is the scenario's listing; Finks, returned by
    persist, is still first, so it is the creature sacrificed (and, with its -1/-1 counter,
    does not return again: 702.79a)."""
    out = _run(
        board("finks: Kitchen Finks @A", "bears: Grizzly Bears @A"),
        [{"do": "destroy", "target": "finks"}, cast("Innocent Blood")],
    )
    assert [p["id"] for p in out["battlefield"]] == ["bears"]


def test_701_21a_each_opponent_sacrifices_spares_the_caster() -> None:
    """CR 701.21a, 102.2: "Each opponent sacrifices a creature" (a user's card of this
    template with ``who = "opponents"``; the batch tables encode it too, and both engines
    play it in tests/cards/test_user_cards.py): B's and C's creatures go."""
    edict = card_from_dict(
        {
            "name": "Test Edict",
            "types": ["Instant"],
            "abilities": [
                {"template": "each_player_sacrifices_creatures", "amount": 1, "who": "opponents"}
            ],
        }
    )
    game = scenario(
        board("a: Grizzly Bears @A", "b: Grizzly Bears @B", "c: Llanowar Elves @C"),
        players=("A", "B", "C"),
    )
    game = replace(game, actions=(Action("cast", {"card": edict, "by": "A"}),))
    out = reference.run(game)
    assert [p["id"] for p in out["battlefield"]] == ["a"]
    assert not tb._not_encoded(edict)


def test_701_21a_innocent_blood_sacrifices_a_not_creature_permanent_never() -> None:
    """CR 701.21a: a permanent that stopped being a creature (611.2c) is not one to
    sacrifice: B's Elves are taken instead."""
    out = _run(
        board("finks: Kitchen Finks @B not_creature", "elves: Llanowar Elves @B"),
        [cast("Innocent Blood")],
    )
    assert [p["id"] for p in out["battlefield"]] == ["finks"]


# ------------------------------------------------------------ other zones


def test_406_2_final_judgment_exiles_and_nothing_dies() -> None:
    """CR 406.2, 700.4: exiled: no persist, no undying; the token ceases to exist."""
    _file("final_judgment_exiles_nothing_dies")


def test_401_4_hallowed_burial_puts_creatures_into_libraries() -> None:
    """CR 401.4, 700.4: to the bottom of their owners' libraries; nothing dies."""
    _file("hallowed_burial_to_libraries")


def test_400_7_upheaval_returns_every_permanent_lands_too() -> None:
    """CR 400.7, 704.5d: every permanent to its owner's hand; the token ceases to exist."""
    out = _file("upheaval_returns_every_permanent")
    assert sorted(out["hand"]["A"]) == ["Forest", "Kitchen Finks"]
    assert out["hand"]["B"] == ["Glorious Anthem"]


# ------------------------------------------------------------ the fast path


FAST_WIPES = [
    "Wrath of God",
    "Pyroclasm",
    "Anger of the Gods",
    "Infest",
    "Toxic Deluge",
    "Black Sun's Zenith",
    "Merciless Eviction",
    "Evacuation",
    "All Is Dust",
]
KERNEL_WIPES = REAL_WIPE_SPELLS  # every new wipe resolves on the kernel only


def test_the_fast_path_takes_only_the_wipes_it_resolves() -> None:
    """``wipe_fast`` resolves destroy, damage, -N/-N, counters, exile-modal, bounce and
    sacrifice without their new parameters; a one-sided, mana-value or life-gaining destroy,
    damage by X, without flying, not to a subtype or to players, a one-sided -N/-N or one per
    Swamp, each player's sacrifice, lands skipping an untap step and the new moves go to
    the compiled kernel."""
    fast = {c.name for i, c in enumerate(tb.CARDS) if FAST_SPELL[i]}
    assert set(FAST_WIPES) <= fast
    assert not set(KERNEL_WIPES) & fast


def test_a_spell_with_only_an_auxiliary_effect_is_not_cast_by_the_wipe_shape() -> None:
    """A sorcery whose only template is "lands skip the next untap step" has nothing for
    the kernel to resolve (608.2c: it follows another effect): the wipe shape refuses it."""
    card = card_from_dict(
        {"name": "Test", "types": ["Sorcery"], "abilities": [{"template": "lands_skip_next_untap"}]}
    )
    assert not tb.castable_ok(card)
    assert tb.castable_ok(library()["bontu's last reckoning"])


@pytest.mark.parametrize("name", KERNEL_WIPES)
def test_every_new_wipe_can_be_cast_in_a_wipe_experiment(name: str) -> None:
    """The wipe shape casts it (``tables.CAST_OK``) and the kernel declares it."""
    i = tb.INDEX[name.lower()]
    assert tb.CAST_OK[i] and KERNEL_OK[i] and tb.SPELL[i] > 0
