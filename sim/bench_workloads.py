"""The workloads of ``cauldron bench``: experiment tables, and how each is drawn, run and replayed.

A workload is an experiment table (what a TOML file parses to): validated like any file and
drawn by its shape's own draws, so the bench times the trials ``cauldron run`` draws. A
workload is built by name inside the process that measures it (see ``sim.bench``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine import reference
from engine.batch.deck import play_deck_games
from engine.batch.mana import run_mana
from engine.batch.mana_convert import mana_batch_outcome, mana_comparable, mana_trial_scenario
from engine.batch.naming import Naming
from engine.batch.outcome import batch_outcome, comparable
from engine.batch.trial_scenario import trial_scenario
from engine.batch.wipe import run_wipe
from engine.deck import Deals, DeckSetup, draw_deals
from engine.reference.deck import play_deck_games as reference_deck_games
from sim.config.experiment import parse_experiment
from sim.shapes.mana.config import ManaConfig
from sim.shapes.mana.draws import draw_mana_batch
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.draws import draw_wipe_batch

PERSIST_WIPE_2P_12: dict[str, Any] = {
    "shape": "wipe",
    "players": {"count": 2},
    "slots": [
        {
            "count": 12,
            "cards": {
                "Kitchen Finks": 1,
                "Safehold Elite": 1,
                "Murderous Redcap": 1,
                "Young Wolf": 1,
                "Grizzly Bears": 1,
                "Llanowar Elves": 1,
            },
            "controller": "random",
            "plus_counters": {"0": 0.85, "1": 0.075, "2": 0.075},
            "minus_counters": 0.2,
            "token": 0.15,
            "tapped": 0.2,
            "grant": {"persist": 0.2},
        }
    ],
    "events": [
        {
            "cards": {
                "Wrath of God": 1,
                "Damnation": 1,
                "Black Sun's Zenith": 1,
                "Infest": 1,
                "Pyroclasm": 1,
            },
            "x": [1, 2, 3],
            "caster": "random",
        }
    ],
}

# Ten mana sources and statics per trial, ten activations in a random order with random
# colors and replacement orders: could-produce, rejections, replacements and triggers.
MANA_TAP_2P_10: dict[str, Any] = {
    "shape": "mana",
    "players": {"count": 2},
    "slots": [
        {
            "count": 10,
            "cards": {
                "Forest": 3,
                "Island": 2,
                "Mountain": 2,
                "Llanowar Elves": 3,
                "Sol Ring": 2,
                "Reflecting Pool": 2,
                "Exotic Orchard": 2,
                "Gaea's Cradle": 1,
                "Springleaf Drum": 1,
                "Pili-Pala": 1,
                "Mana Flare": 1,
                "Mana Reflection": 1,
                "Contamination": 1,
            },
            "controller": "random",
            "tapped": 0.1,
            "since_turn_start": 0.8,
            "counters": {"charge": [0, 1, 2, 3], "luck": [0, 1, 2, 3], "mining": [0, 1, 2, 3]},
        }
    ],
    "taps": {
        "whose": "all",
        "count": 10,
        "wrap": True,
        "retap": 0.1,
        "color": {"none": 0.5, **dict.fromkeys("WUBRGC", 1 / 12)},
        "replacement_order": {"random": 0.5, "listed": 0.5},
        "tap_creature": {"first": 0.7, "any": 0.3},
    },
}

# Ten persist and undying creatures (and fodder) spread over the seats, some with counters from
# earlier turns, some tokens, some granted an extra persist or undying: the boards of the two
# workloads below.
_RETURNING_CREATURES: dict[str, Any] = {
    "count": 10,
    "cards": {
        "Kitchen Finks": 3,
        "Safehold Elite": 2,
        "Young Wolf": 2,
        "Murderous Redcap": 1,
        "Grizzly Bears": 1,
        "Llanowar Elves": 1,
    },
    "controller": "random",
    "plus_counters": {"0": 0.8, "1": 0.15, "2": 0.05},
    "minus_counters": 0.15,
    "token": 0.1,
    "grant": {"persist": 0.1, "undying": 0.1},
}

# Four players; the returning creatures, and four slots (a quarter empty) of the counter
# modifiers: Melira and Solemnity (no -1/-1 or no counters at all), Vizier of Remedies (one
# fewer), Hardened Scales (one more +1/+1), Doubling Season (twice as many), Glorious Anthem
# (+1/+1). Two wipes in sequence: Wrath of God by the active player, then Black Sun's Zenith or
# Infest by a random player, so the second wipe meets the returned creatures and their counters.
COUNTERS_4P: dict[str, Any] = {
    "shape": "wipe",
    "players": {"count": 4, "active": "random"},
    "slots": [
        _RETURNING_CREATURES,
        {
            "count": 4,
            "cards": {
                "Melira, Sylvok Outcast": 2,
                "Solemnity": 1,
                "Vizier of Remedies": 2,
                "Hardened Scales": 2,
                "Doubling Season": 1,
                "Glorious Anthem": 2,
            },
            "empty": 0.25,
            "controller": "random",
        },
    ],
    "events": [
        {"cards": {"Wrath of God": 1}, "caster": "active"},
        {"cards": {"Black Sun's Zenith": 1, "Infest": 1}, "x": [1, 2, 3], "caster": "random"},
    ],
    "choices": {"trigger_order": "random", "targets": "random"},
}

# Massacre Girl cast by the active player against the returning creatures, 2 to 4 players: each
# death gives every other creature -1/-1 again, persist returns meet the later shrinks.
MASSACRE_CHAIN: dict[str, Any] = {
    "shape": "wipe",
    "players": {"count": [2, 3, 4], "active": "random"},
    "slots": [_RETURNING_CREATURES],
    "events": [{"cards": {"Massacre Girl": 1}, "caster": "active"}],
    "choices": {"trigger_order": "random", "targets": "random"},
}

# Mana activations, an activated ability and a wipe in one trial (experiments/mixed_timeline.toml
# in short): mana sources, "tapped for mana" statics and Deep Water beside persist creatures;
# two taps, Deep Water's ability, a tap, a wipe, a tap after it.
MIXED_TIMELINE: dict[str, Any] = {
    "shape": "wipe",
    "players": {"count": 2, "active": "random"},
    "slots": [
        {
            "count": 5,
            "cards": {
                "Forest": 3,
                "Island": 2,
                "Llanowar Elves": 2,
                "Sol Ring": 1,
                "Reflecting Pool": 1,
                "Gaea's Cradle": 1,
            },
            "controller": "random",
            "tapped": 0.1,
            "since_turn_start": 0.8,
        },
        {
            "count": 2,
            "cards": {"Mana Reflection": 1, "Mana Flare": 1, "Wild Growth": 1, "Deep Water": 1},
            "empty": 0.3,
            "controller": "random",
        },
        {**_RETURNING_CREATURES, "count": 5},
    ],
    "events": [
        {
            "do": "tap_for_mana",
            "color": {"none": 5, **dict.fromkeys("WUBRG", 1)},
            "replacement_order": {"random": 1, "listed": 1},
        },
        {"do": "tap_for_mana", "whose": "active"},
        {"do": "activate", "permanent": "Deep Water"},
        {"do": "tap_for_mana", "permanent": "slots[0]"},
        {"cards": {"Wrath of God": 2, "Black Sun's Zenith": 1, "Infest": 1}, "x": [1, 2]},
        {"do": "tap_for_mana"},
    ],
    "choices": {"trigger_order": "random", "targets": "random"},
}

# Six turns of a 60-card green-white deck (issue #13): dorks, rocks, enters-tapped lands and
# Reflecting Pool, the London mulligan, on the play or on the draw.
DECK_60_6T: dict[str, Any] = {
    "shape": "deck",
    "deck": {
        "cards": {
            "Forest": 14,
            "Plains": 2,
            "Selesnya Guildgate": 4,
            "Reflecting Pool": 2,
            "Llanowar Elves": 4,
            "Elvish Mystic": 4,
            "Birds of Paradise": 2,
            "Sol Ring": 1,
            "Gilded Lotus": 1,
            "Grizzly Bears": 10,
            "Safehold Elite": 4,
            "Youthful Knight": 4,
            "Serra Angel": 4,
            "Vorapede": 4,
        }
    },
    "game": {"turns": 6, "play": "random", "mulligan": "london", "keep_lands": [2, 5]},
    "costs": ["{G}", "{1}{G}", "{2}{G}{G}", "{3}{W}{W}", "{1}{G/W}{G/W}"],
    "track": ["Sol Ring", "Birds of Paradise"],
    "x_spell": "Hangarback Walker",
}

# in the order ``cauldron bench`` runs them
TABLES: dict[str, dict[str, Any]] = {
    "persist-wipe-2p-12": PERSIST_WIPE_2P_12,
    "mana-tap-2p-10": MANA_TAP_2P_10,
    "counters-4p": COUNTERS_4P,
    "massacre-chain": MASSACRE_CHAIN,
    "mixed-timeline": MIXED_TIMELINE,
    "deck-60-6t": DECK_60_6T,
}


@dataclass(frozen=True)
class Workload:
    name: str
    draw: Callable[[np.random.Generator, int], Any]  # a batch of inputs
    run: Callable[[Any], Any]  # inputs -> finished batch, all its outcome says (zone order too)
    timed: Callable[[Any], Any]  # ... as an experiment runs it (its statistics list no zone)
    replay: Callable[[Any, int], dict[str, Any]]  # trial i on the reference engine
    outcome: Callable[[Any, int, Any], dict[str, Any]]  # trial i of a finished batch


def table_config(data: dict[str, Any], name: str) -> Any:
    """The configuration an experiment table parses to (its first point's), as a file's."""
    return parse_experiment(data, f"<bench {name}>", name.replace("-", "_")).points[0].config


def _mana_outcome(state: Any, i: int, inputs: Any) -> dict[str, Any]:
    _, _, s, a = inputs.shape
    naming = Naming.default(int(inputs.n_players[i]), s, a)
    return mana_comparable(mana_batch_outcome(state, i, naming))


def _with_pools(out: dict[str, Any]) -> dict[str, Any]:
    """``comparable`` and the mana pools (what a mixed timeline taps for; could-produce is
    left out: a wipe run does not compute it)."""
    same = comparable(out)
    if same["result"] != "unsupported":
        same["mana_pool"] = out["mana_pool"]
    return same


def _wipe_outcome(state: Any, i: int, inputs: Any) -> dict[str, Any]:
    _, _, s, e = inputs.shape
    naming = Naming.default(int(inputs.n_players[i]), s, e)
    return _with_pools(batch_outcome(state, i, naming))


def _wipe_workload(name: str, config: WipeConfig) -> Workload:
    return Workload(
        name,
        lambda rng, n: draw_wipe_batch(rng, n, config),
        run_wipe,
        lambda inputs: run_wipe(inputs, zone_order=False),
        lambda inputs, i: _with_pools(reference.run(trial_scenario(inputs, i))),
        _wipe_outcome,
    )


def _mana_workload(name: str, config: ManaConfig) -> Workload:
    return Workload(
        name,
        lambda rng, n: draw_mana_batch(rng, n, config),
        run_mana,
        lambda inputs: run_mana(inputs, zone_order=False),
        lambda inputs, i: mana_comparable(reference.run(mana_trial_scenario(inputs, i))),
        _mana_outcome,
    )


def _deck_workload(name: str, setup: DeckSetup) -> Workload:
    def play(deals: Deals) -> Any:  # a deck game keeps no zone order: timed as it is run
        return play_deck_games(setup, deals)

    return Workload(
        name,
        lambda rng, n: draw_deals(rng, setup, n),
        play,
        play,
        lambda deals, i: reference_deck_games(setup, Deals.of(deals.deal(i))).row(0),
        lambda results, i, deals: results.row(i),
    )


def workload(name: str) -> Workload:
    """The workload ``name`` (a key of ``TABLES``), its table parsed and validated."""
    table = TABLES[name]
    return config_workload(name, table_config(table, name))


def config_workload(name: str, config: WipeConfig | ManaConfig | DeckSetup) -> Workload:
    """The workload of a wipe, mana or deck configuration: a table's here, a test mix
    (``scripts/fuzz_differential.py``) or a drawn deck (``scripts/fuzz_decks.py``)."""
    if isinstance(config, DeckSetup):
        return _deck_workload(name, config)
    if isinstance(config, ManaConfig):
        return _mana_workload(name, config)
    return _wipe_workload(name, config)
