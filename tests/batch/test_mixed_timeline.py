"""Mixed timelines (issue 11): taps for mana, activated abilities, turn passes and wipes in one
trial of a wipe-shape experiment agree with the reference engine trial by trial.

The trials are drawn through the one draw path (``draw_wipe_batch``), run on the compiled
kernel with what each permanent could produce (106.7), and replayed on the reference engine
from ``trial_scenario``; pools and could-produce sets are compared too (``mana_comparable``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine import reference
from engine.batch import tables as tb
from engine.batch.mana_convert import mana_comparable
from engine.batch.naming import Naming
from engine.batch.outcome import batch_outcome
from engine.batch.trial_scenario import trial_scenario
from engine.batch.wipe import run_on_kernel
from engine.batch.wipe_state import EV_ACTIVATE, EV_TAP_MANA, WipeInputs
from sim.config.experiment import load_experiment
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.draws import draw_wipe_batch
from tests.batch.mixes import wipe_mix

ROOT = Path(__file__).resolve().parents[2]
_TARGETS = {"listed": 1, "creature": 1, "player": 1}

# mana sources, statics and every card with an activated ability beside persist creatures;
# events that tap, activate (every way of naming the permanent), pass the turn and wipe
MIXED = wipe_mix(
    {
        "players": {"count": [2, 3], "active": "random"},
        "slots": [
            {
                "count": 5,
                "cards": dict.fromkeys(
                    [
                        "Forest",
                        "Island",
                        "Plains",
                        "Llanowar Elves",
                        "Sol Ring",
                        "Reflecting Pool",
                        "Gaea's Cradle",
                        "Exotic Orchard",
                        "Fellwar Stone",
                        "Springleaf Drum",
                        "Pili-Pala",
                        "Dryad Arbor",
                        "Devoted Druid",
                    ],
                    1.0,
                ),
                "controller": "random",
                "tapped": 0.15,
                "since_turn_start": 0.7,
            },
            {"cards": {"Gemstone Caverns": 1}, "empty": 0.5, "counters": {"luck": [0, 1]}},
            {
                "count": 3,
                "cards": dict.fromkeys(
                    [
                        "Mana Reflection",
                        "Mana Flare",
                        "Wild Growth",
                        "Deep Water",
                        "Nyxbloom Ancient",
                        "Heartbeat of Spring",
                        "Leyline of Abundance",
                        "Cryptolith Rite",
                        "Thousand-Year Elixir",
                        "Cauldron of Souls",
                        "Nevinyrral's Disk",
                        "Pestilence",
                    ],
                    1.0,
                ),
                "empty": 0.3,
                "controller": "random",
            },
            {
                "count": 5,
                "cards": {
                    "Kitchen Finks": 2,
                    "Safehold Elite": 1,
                    "Young Wolf": 1,
                    "Murderous Redcap": 1,
                    "Walking Ballista": 1,
                    "Hangarback Walker": 1,
                    "Viscera Seer": 1,
                    "Devoted Druid": 1,
                    "Restless Apparition": 1,
                    "Thrashing Wumpus": 1,
                    "Crypt Rats": 1,
                },
                "controller": "random",
                "plus_counters": {"0": 70, "1": 20, "2": 10},
                "minus_counters": 0.15,
                "grant": {"persist": 0.2, "hexproof": 0.1, "lifelink": 0.1, "wither": 0.1},
                "legal_start": False,
            },
        ],
        "events": [
            {
                "do": {"tap_for_mana": 3, "activate": 2, "pass_turn": 1},
                "color": {"none": 3, **dict.fromkeys("WUBRGC", 1)},
                "replacement_order": {"random": 2, "listed": 1},
                "ability": [0, 1],
                "target": _TARGETS,
            },
            {
                "do": {"tap_for_mana": 2, "activate": 2, "destroy": 1},
                "permanent": "random",
                "target": _TARGETS,
            },
            {
                "do": "activate",
                "permanent": [
                    "Walking Ballista",
                    "Viscera Seer",
                    "Hangarback Walker",
                    "Restless Apparition",
                    "Thrashing Wumpus",
                    "Crypt Rats",
                ],
                "ability": [0, 1],
                "x": [0, 1, 2],  # Crypt Rats' X (602.2b); the others have none
                "target": _TARGETS,
            },
            {
                "do": "tap_for_mana",
                "whose": "active",
                "replacement_order": ["Mana Reflection", "Nyxbloom Ancient", "Deep Water"],
            },
            {
                "cards": {
                    "Wrath of God": 1,
                    "Black Sun's Zenith": 1,
                    "Infest": 1,
                    "Pyroclasm": 1,
                    "Mana Reflection": 1,
                },
                "x": [1, 2],
                "caster": "random",
            },
            {"do": {"tap_for_mana": 2, "activate": 1, "counters": 1}, "permanent": "slots[0]"},
            {"do": {"tap_for_mana": 1, "activate": 1}, "permanent": "slots[3]", "target": _TARGETS},
        ],
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)
MIXED_BATCHES = ((31, 600), (32, 600), (33, 600))  # (seed, trials) of MIXED played on both


def _agree(inputs: WipeInputs) -> Counter[str]:
    """Replay every trial on the reference engine; count results and what the trials did."""
    state = run_on_kernel(inputs, could=True)
    _, _, s, e = inputs.shape
    seen: Counter[str] = Counter()
    for i in range(len(state.status)):
        naming = Naming.default(int(inputs.n_players[i]), s, e)
        ref_out = reference.run(trial_scenario(inputs, i))
        batch_out = batch_outcome(state, i, naming)
        ref = mana_comparable(ref_out)
        assert mana_comparable(batch_out) == ref, f"trial {i}"
        seen[ref["result"]] += 1
        seen["mana"] += any(sum(pool.values()) for pool in ref_out["mana_pool"].values())
        seen["rejected"] += bool(ref_out["rejected"])
    return seen + _what_was_done(inputs)


def _what_was_done(inputs: WipeInputs) -> Counter[str]:
    """The activated templates the batch activates, the X they announce (602.2b) and the
    targets its activations name."""
    done: Counter[str] = Counter()
    rows, events = np.nonzero(inputs.ev_kind == EV_ACTIVATE)
    for i, e in zip(rows.tolist(), events.tolist(), strict=True):
        card = int(inputs.card[i, inputs.ev_target[i, e]])
        abilities = tb.CARDS[card].abilities_of("activated") if card >= 0 else ()
        k = 0 if inputs.ev_ability is None else int(inputs.ev_ability[i, e])
        done[abilities[k].template if k < len(abilities) else "no_such_ability"] += 1
        by_x = k < len(abilities) and abilities[k].params.get("by_x")
        done["x_announced"] += bool(by_x and inputs.ev_x[i, e] > 0)
    assert inputs.ev_chosen is not None and inputs.ev_chosen_player is not None
    done["named_creature"] = int((inputs.ev_chosen != 0).sum())
    done["named_player"] = int((inputs.ev_chosen_player >= 0).sum())
    done["taps"] = int((inputs.ev_kind == EV_TAP_MANA).sum())
    return done


def _draw(config: Any, seed: int, trials: int) -> WipeInputs:
    return draw_wipe_batch(np.random.default_rng(seed), trials, config)


@pytest.mark.parametrize(("seed", "trials"), MIXED_BATCHES)
def test_mixed_timelines_agree_with_the_reference(seed: int, trials: int) -> None:
    seen = _agree(_draw(MIXED, seed, trials))
    assert seen["ok"] > trials // 2 and seen["mana"] > 0 and seen["rejected"] > 0


def test_the_shipped_timeline_agrees_with_the_reference() -> None:
    experiment = load_experiment(ROOT / "experiments" / "mixed_timeline.toml")
    config: WipeConfig = experiment.points[0].config
    seen = _agree(_draw(config, 34, 400))
    assert seen["activated_lands_produce_until_eot"] > 0 and seen["taps"] > 0
    assert seen["mana"] > 0 and seen["ok"] > 0


def test_every_activated_template_and_target_kind_was_drawn() -> None:
    """What the batches above draw covers every activated template of the library and every
    way of naming a target (drawn here again: xdist may run those tests on another worker)."""
    seen = sum((_what_was_done(_draw(MIXED, s, n)) for s, n in MIXED_BATCHES), Counter())
    templates = {a.template for c in tb.CARDS for a in c.abilities_of("activated")}
    assert {t for t in templates if seen[t] == 0} == set()
    assert seen["named_creature"] > 0 and seen["named_player"] > 0 and seen["x_announced"] > 0


def test_a_file_without_taps_draws_no_mana_columns() -> None:
    """The new draw sites draw nothing for a file that does not use them (its pins hold)."""
    config = load_experiment(ROOT / "experiments" / "persist_wipes.toml").points[0].config
    inputs = _draw(config, 35, 50)
    absent = ("counters", "attached_to", "ev_color", "ev_ability", "ev_order", "ev_chosen")
    assert all(getattr(inputs, name) is None for name in absent)
