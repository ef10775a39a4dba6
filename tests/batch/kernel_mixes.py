"""The random mixes of the kernel's differential tests: the wipe mixes of ``mixes.py``
restricted to the kernel's whitelist (its templates and event kinds), drawn as ``cauldron
run`` draws them."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.batch import tables as tb
from engine.batch.kernel.fits import EVENTS, KERNEL_OK
from engine.batch.wipe_state import EV_CAST, WipeInputs
from sim.shapes.wipe.config import WipeConfig
from sim.shapes.wipe.draws import draw_wipe_batch
from tests.batch.mixes import (
    COMBAT,
    EVERY_MODE,
    EVERYTHING,
    FAST,
    OTHER_EVENTS,
    board_cards,
    cast_cards,
    wipe_mix,
)

KERNEL_EVENTS = OTHER_EVENTS


def _kernel_only(cards: dict[str, float]) -> dict[str, float]:
    return {name: w for name, w in cards.items() if KERNEL_OK[tb.INDEX[name.lower()]]}


def _events(count: int, cast: float) -> list[dict[str, Any]]:
    do = {"cast": cast, **{k: (1 - cast) / len(KERNEL_EVENTS) for k in KERNEL_EVENTS}}
    event = {
        "do": do,
        "cards": _kernel_only(cast_cards()),
        "x": [0, 1, 2, 3],
        "caster": "random",
        "modes": EVERY_MODE,
        "amount": [0, 1, 2, 3],
        "counter": {"+1/+1": 1, "-1/-1": 1},
    }
    return [dict(event) for _ in range(count)]


def _slots(count: int, cards: dict[str, float], **extra: Any) -> dict[str, Any]:
    return {
        "count": count,
        "cards": cards,
        "controller": "random",
        "plus_counters": {"0": 0.8, "1": 0.1, "2": 0.1},
        "minus_counters": 0.15,
        "token": 0.15,
        "tapped": 0.2,
        "grant": {"persist": 0.3, "undying": 0.15},
        "legal_start": False,
        **extra,
    }


# every card the kernel models, up to four players, every whitelisted event kind
KERNEL_EVERYTHING = wipe_mix(
    {
        "players": {"count": [2, 3, 4]},
        "slots": [
            _slots(
                8,
                _kernel_only(board_cards()),
                empty=0.2,
                foreign_owner=0.1,
                damage=0.1,
                not_creature=0.05,
                grant={"persist": 0.3, "undying": 0.15, "hexproof": 0.1, "lifelink": 0.1},
            )
        ],
        "events": _events(3, 0.6),
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)

# the boards the fast path leaves to the kernel: counter rules, doublers, lords, Massacre Girl
KERNEL_COUNTERS = wipe_mix(
    {
        "players": {"count": [2, 3, 4]},
        "slots": [
            _slots(
                10,
                dict.fromkeys(
                    [
                        "Kitchen Finks",
                        "Safehold Elite",
                        "Murderous Redcap",
                        "Young Wolf",
                        "Melira, Sylvok Outcast",
                        "Vizier of Remedies",
                        "Mikaeus, the Unhallowed",
                        "Night of Souls' Betrayal",
                        "Solemnity",
                        "Hangarback Walker",
                        "Massacre Wurm",
                        "Hardened Scales",
                        "Doubling Season",
                        "Glorious Anthem",
                        "Rest in Peace",
                        "Leyline of the Void",
                        "Walking Ballista",
                    ],
                    1.0,
                ),
            )
        ],
        "events": _events(2, 0.75),
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)

# persist-heavy boards whose counter rules make mandatory loops (104.4b): draws in the kernel
KERNEL_LOOPS = wipe_mix(
    {
        "players": {"count": [2, 3]},
        "slots": [
            _slots(
                8,
                dict.fromkeys(
                    [
                        "Kitchen Finks",
                        "Safehold Elite",
                        "Young Wolf",
                        "Melira, Sylvok Outcast",
                        "Solemnity",
                        "Hardened Scales",
                        "Night of Souls' Betrayal",
                        "Vizier of Remedies",
                        "Doubling Season",
                    ],
                    1.0,
                ),
                grant={"persist": 0.6, "undying": 0.3},
            )
        ],
        "events": _events(2, 0.75),
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)


# the triggers of real persist and undying creatures (issue #14): a return that deals damage,
# drains, draws (unsupported), takes a card from a graveyard or returns this turn's dead, and
# an upkeep that removes -1/-1 counters; turns pass, so delayed exiles and upkeeps happen
KERNEL_GRAVEYARD = wipe_mix(
    {
        "players": {"count": [2, 3]},
        "slots": [
            _slots(
                8,
                {
                    **dict.fromkeys(
                        [
                            "Kitchen Finks",
                            "Murderous Redcap",
                            "Young Wolf",
                            "Grizzly Bears",
                            "Sol Ring",
                            "Mikaeus, the Unhallowed",
                            "Geralf's Messenger",
                            "Flayer of the Hatebound",
                            "Heartmender",
                            "Twilight Shepherd",
                            "Puppeteer Clique",
                            "Woodfall Primus",
                        ],
                        1.0,
                    ),
                    "River Kelpie": 0.2,  # a draw makes the trial unsupported
                },
            )
        ],
        "events": _events(3, 0.5),
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)


# tap and untap by an effect (701.26) among mana abilities, activated abilities and attacks:
# what a tapped permanent cannot do, what an untapped one can do again, and that a tap by an
# effect is not a tap for mana (106.12a: Mana Flare adds nothing)
KERNEL_TAPS = wipe_mix(
    {
        "players": {"count": [2, 3]},
        "slots": [
            _slots(
                8,
                dict.fromkeys(
                    [
                        "Forest",
                        "Sol Ring",
                        "Gaea's Cradle",
                        "Llanowar Elves",
                        "Devoted Druid",
                        "Grizzly Bears",
                        "Kitchen Finks",
                        "Serra Angel",
                        "Mana Flare",
                        "Springleaf Drum",
                        "Viscera Seer",
                    ],
                    1.0,
                ),
                since_turn_start=0.8,
            )
        ],
        "events": [
            {
                "do": {"tap": 3, "untap": 2, "tap_for_mana": 2, "activate": 1, "attack": 1},
                "caster": "random",
            }
            for _ in range(5)
        ]
        + [{"cards": {"Wrath of God": 1, "Pyroclasm": 1}, "caster": "random"}],
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)


# wipe mixes whose batches have every layout the Python side builds (the board alone, cast
# slots, token slots, attacks, taps), by name: for tests of that layout against numpy
LAYOUT_MIXES = {
    "everything": EVERYTHING,
    "fast": FAST,
    "combat": COMBAT,
    "kernel_everything": KERNEL_EVERYTHING,
    "kernel_taps": KERNEL_TAPS,
}


def draw(mix: WipeConfig, seed: int, trials: int) -> WipeInputs:
    """A batch of the mix, drawn through the one draw path."""
    return draw_wipe_batch(np.random.default_rng(seed), trials, mix)


def exercised(inputs: WipeInputs) -> tuple[set[str], set[int]]:
    """The templates of every card in the batch (boards and casts) and the event kinds."""
    cards = np.unique(np.concatenate([inputs.card.ravel(), inputs.ev_card.ravel()]))
    templates = {a.template for c in cards[cards >= 0] for a in tb.CARDS[c].abilities}
    kinds = set(np.unique(inputs.ev_kind).tolist())
    return templates, kinds


def every_event_kind() -> set[int]:
    return set(EVENTS) - {0} | {EV_CAST}
