"""The random mixes of the differential tests, as experiment configurations.

Each mix is an experiment table (what a TOML file parses to), validated by the experiment
parser and drawn by the shape's own ``draws`` module: the tests draw trials exactly as
``cauldron run`` does. Card pools that mean "every card the shape models" are computed from
the engine's tables, so a new card is covered without touching this file.
"""

from __future__ import annotations

from typing import Any

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from sim.config.experiment import parse_experiment
from sim.shapes.mana.config import ManaConfig
from sim.shapes.wipe.config import WipeConfig

# every kind of event besides a cast, each as likely (the old mixes' "other events")
OTHER_EVENTS = (
    "destroy",
    "sacrifice",
    "exile",
    "bounce",
    "damage",
    "damage_player",
    "damage_all",
    "counters",
    "pass_turn",
)
SINGLE_MODES = [["creatures"], ["artifacts"], ["enchantments"]]  # every modal card has these
FAREWELL_MODES = [
    ["creatures"],
    ["artifacts", "creatures"],
    ["creatures", "enchantments"],
    ["creatures", "graveyards"],
    ["artifacts", "creatures", "enchantments", "graveyards"],
]
EVICTION_MODES = [["creatures"], ["enchantments"], ["artifacts"], ["planeswalkers"]]
EVERY_MODE = {
    "Farewell": FAREWELL_MODES,
    "Merciless Eviction": EVICTION_MODES,
    "Slagstorm": [["creatures"], ["players"]],
}


def _uniform(names: list[str]) -> dict[str, float]:
    return dict.fromkeys(names, 1.0)


def _config(data: dict[str, Any]) -> Any:
    return parse_experiment(data, "<test mix>", "mix").points[0].config


def wipe_mix(data: dict[str, Any]) -> WipeConfig:
    config: WipeConfig = _config({"shape": "wipe", **data})
    return config


def mana_mix(data: dict[str, Any]) -> ManaConfig:
    config: ManaConfig = _config({"shape": "mana", **data})
    return config


def board_cards() -> dict[str, float]:
    """Every card the wipe shape models on the battlefield."""
    return _uniform([c.name for i, c in enumerate(tb.CARDS) if tb.BOARD_OK[i] and not c.token_only])


def cast_cards() -> dict[str, float]:
    return _uniform([c.name for i, c in enumerate(tb.CARDS) if tb.CAST_OK[i]])


def _events(count: int, **event: Any) -> list[dict[str, Any]]:
    return [dict(event) for _ in range(count)]


def _with_others(cast: float) -> dict[str, float]:
    """``do``: a cast with chance ``cast``, else any other kind of event, uniformly."""
    return {"cast": cast, **{k: (1 - cast) / len(OTHER_EVENTS) for k in OTHER_EVENTS}}


# Every card, up to four players, every event kind, every mode set, any Redcap target.
EVERYTHING = wipe_mix(
    {
        "players": {"count": [2, 3, 4]},
        "slots": [
            {
                "count": 8,
                "cards": board_cards(),
                "empty": 0.2,
                "controller": "random",
                "foreign_owner": 0.1,
                "plus_counters": {"0": 0.8, "1": 0.1, "2": 0.1},
                "minus_counters": 0.2,
                "damage": 0.1,
                "token": 0.2,
                "tapped": 0.2,
                "not_creature": 0.05,
                "grant": {"persist": 0.3, "undying": 0.1},
                "legal_start": False,
            }
        ],
        "events": _events(
            3,
            do=_with_others(0.7),
            cards=cast_cards(),
            x=[0, 1, 2, 3],
            caster="random",
            modes=EVERY_MODE,
            amount=[0, 1, 2, 3],
            counter={"+1/+1": 1, "-1/-1": 1},
        ),
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)

PERSIST_HEAVY = wipe_mix(
    {
        "players": {"count": [2, 3]},
        "slots": [
            {
                "count": 10,
                "cards": _uniform(
                    [
                        "Kitchen Finks",
                        "Safehold Elite",
                        "Murderous Redcap",
                        "Young Wolf",
                        "Melira, Sylvok Outcast",
                        "Vizier of Remedies",
                        "Night of Souls' Betrayal",
                        "Solemnity",
                        "Hangarback Walker",
                        "Massacre Wurm",
                        "Hardened Scales",
                        "Doubling Season",
                    ]
                ),
                "controller": "random",
                "plus_counters": {"0": 0.8, "1": 0.1, "2": 0.1},
                "minus_counters": 0.1,
                "token": 0.1,
                "tapped": 0.2,
                "grant": {"persist": 0.3, "undying": 0.2},
                "legal_start": False,
            }
        ],
        "events": _events(
            2,
            cards=_uniform(
                ["Wrath of God", "Black Sun's Zenith", "Massacre Girl", "Infest", "Pyroclasm"]
            ),
            x=[1, 2],
            caster="random",
        ),
        "choices": {"trigger_order": "random"},
    }
)

# One wipe, cards without interactions: the stack-free fast path (``wipe_fast``), including
# Young Wolf with a +1/+1 counter and persist (persist, dies at 0/0, undying: two returns).
FAST = wipe_mix(
    {
        "players": {"count": [2, 3, 4], "life": 6},
        "slots": [
            {
                "count": 10,
                "cards": _uniform(
                    [
                        "Kitchen Finks",
                        "Safehold Elite",
                        "Murderous Redcap",
                        "Young Wolf",
                        "Grizzly Bears",
                        "Llanowar Elves",
                        "Walking Ballista",
                        "Cryptolith Rite",
                        "Forest",
                    ]
                ),
                "controller": "random",
                "foreign_owner": 0.15,
                "plus_counters": {"0": 0.7, "1": 0.15, "2": 0.15},
                "minus_counters": 0.2,
                "damage": 0.1,
                "token": 0.15,
                "tapped": 0.2,
                "not_creature": 0.05,
                "grant": {"persist": 0.4, "undying": 0.15},
                "legal_start": False,
            }
        ],
        "events": [
            {
                "cards": _uniform(
                    [
                        "Wrath of God",
                        "Black Sun's Zenith",
                        "Infest",
                        "Toxic Deluge",
                        "Pyroclasm",
                        "Anger of the Gods",
                        "Evacuation",
                        "All Is Dust",
                        "Merciless Eviction",
                        "Farewell",
                    ]
                ),
                "x": [0, 1, 2, 3, 6, 25],  # 6: Toxic Deluge paid down to 0 life (704.5a)
                "caster": "random",
                "modes": {
                    "Farewell": [
                        ["creatures"],
                        ["creatures", "enchantments"],
                        ["creatures", "graveyards"],
                    ],
                    "Merciless Eviction": [["creatures"], ["enchantments"]],
                },
            }
        ],
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)

# The wipes issue #14 added, each cast by name (tests/rules/test_real_wipes.py too)
REAL_WIPE_SPELLS = [
    "Plague Wind",
    "Consume the Meek",
    "Fumigate",
    "Planar Cleansing",
    "Inferno",
    "Earthquake",
    "Cower in Fear",
    "Final Judgment",
    "Hallowed Burial",
    "Upheaval",
    "Fiery Cannonade",
    "Mutilate",
    "Innocent Blood",
    "Bontu's Last Reckoning",
    "Slagstorm",
]

# The real wipes of issue #14 (one-sided, by mana value, life per creature, damage without
# flying / by X / to players, exile, library and hand moves, nonland): one wipe a trial on
# boards with flyers, lands, a mana value 6 creature and Rest in Peace; low life, so some
# trials end at 704.5a; then turns pass. The fast path must leave them all to the kernel.
REAL_WIPES = wipe_mix(
    {
        "players": {"count": [2, 3, 4], "life": 7},
        "slots": [
            {
                "count": 8,
                "cards": _uniform(
                    [
                        "Kitchen Finks",
                        "Safehold Elite",
                        "Young Wolf",
                        "Grizzly Bears",
                        "Pili-Pala",
                        "Hangarback Walker",
                        "Massacre Wurm",
                        "Glorious Anthem",
                        "Rest in Peace",
                        "Forest",
                        "Swamp",
                        "Pirate",
                    ]
                ),
                "empty": 0.2,
                "controller": "random",
                "foreign_owner": 0.15,
                "plus_counters": {"0": 0.7, "1": 0.15, "2": 0.15},
                "minus_counters": 0.15,
                "damage": 0.1,
                "token": 0.15,
                "grant": {"persist": 0.3, "undying": 0.15},
                "legal_start": False,
            }
        ],
        "events": [
            {
                "cards": _uniform(REAL_WIPE_SPELLS),
                "x": [0, 1, 2, 3],
                "modes": {"Slagstorm": [["creatures"], ["players"]]},
                "caster": "random",
            },
            # then a turn or two pass (Bontu's Last Reckoning's lands, 502.3)
            {"do": {"pass_turn": 0.8, "cast": 0.2}, "cards": {"Wrath of God": 1}},
            {"do": "pass_turn"},
        ],
        "choices": {"trigger_order": "random"},
    }
)

# Persist and undying creatures among the replacements for counters (616.1), each as likely,
# against wipes and counters put by effects: most trials put counters under two replacements
# or more (the order matters in about a quarter). Every player takes the most counters; the
# mixes after it, the fewest, or by seat
COUNTER_ORDERS_DATA: dict[str, Any] = {
    "players": {"count": [2, 3]},
    "slots": [
        {
            "count": 8,
            "cards": _uniform(
                [
                    "Young Wolf",
                    "Kitchen Finks",
                    "Safehold Elite",
                    "Hardened Scales",
                    "Doubling Season",
                    "Vizier of Remedies",
                ]
            ),
            "controller": "random",
            "grant": {"persist": 0.3, "undying": 0.3},
        }
    ],
    "events": _events(
        2,
        do={"cast": 0.5, "counters": 0.5},
        cards={"Wrath of God": 1, "Black Sun's Zenith": 1, "Infest": 1},
        x=[1, 2],
        caster="random",
        amount=[1, 2, 3],
        counter={"+1/+1": 1, "-1/-1": 1},
    ),
    "choices": {"trigger_order": "random", "counter_order": "most"},
}
COUNTER_ORDERS = wipe_mix(COUNTER_ORDERS_DATA)
COUNTER_ORDERS_FEWEST = wipe_mix(
    {**COUNTER_ORDERS_DATA, "choices": {"trigger_order": "random", "counter_order": "fewest"}}
)
# the active player takes the most counters, the next the fewest, a third player board order
COUNTER_ORDERS_BY_SEAT = wipe_mix(
    {
        **COUNTER_ORDERS_DATA,
        "choices": {
            "trigger_order": "random",
            "counter_order": {"active": "most", "next": "fewest"},
        },
    }
)

# Statics naming a subtype or a color (205.3, 105.2): Elf and color lords beside Elves, white,
# black, hybrid and green creatures (persist ones among them), Knight Exemplar's +1/+1 and
# indestructible to Knights, Winged Sliver's flying, against damage and -N/-N wipes,
# destroyed lords (the state-based actions look again) and damage or counters by effects.
KINDRED = wipe_mix(
    {
        "players": {"count": [2, 3]},
        "slots": [
            {
                "count": 8,
                "cards": _uniform(
                    [
                        "Elvish Archdruid",
                        "Llanowar Elves",
                        "Priest of Titania",
                        "Safehold Elite",
                        "Kitchen Finks",
                        "Murderous Redcap",
                        "Honor of the Pure",
                        "Crusade",
                        "Bad Moon",
                        "Grizzly Bears",
                        "Youthful Knight",
                        "Vampire Nighthawk",
                        "Knight Exemplar",
                        "Winged Sliver",
                    ]
                ),
                "controller": "random",
                "damage": 0.2,
                "token": 0.1,
                "plus_counters": {"0": 0.8, "1": 0.2},
                "minus_counters": 0.2,
            }
        ],
        "events": _events(
            2,
            do={"cast": 0.5, "destroy": 0.25, "damage": 0.125, "counters": 0.125},
            cards={"Pyroclasm": 1, "Infest": 1, "Anger of the Gods": 1, "Wrath of God": 1},
            caster="random",
            amount=[1, 2, 3],
            counter={"+1/+1": 1, "-1/-1": 1},
        ),
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)

# Indestructible (702.12b) against every kind of destroy and what is not destruction: printed
# (the Darksteel cards), given to a slot, given by a user's static in the user-card fuzzer;
# wipes that destroy, damage, shrink or exile; destroy, damage and sacrifice events; Mikaeus.
INDESTRUCTIBLE = wipe_mix(
    {
        "players": {"count": [2, 3]},
        "slots": [
            {
                "count": 8,
                "cards": _uniform(
                    [
                        "Darksteel Myr",
                        "Darksteel Gargoyle",
                        "Darksteel Sentinel",
                        "Darksteel Citadel",
                        "Kitchen Finks",
                        "Safehold Elite",
                        "Murderous Redcap",
                        "Mikaeus, the Unhallowed",
                        "Vampire Nighthawk",
                        "Youthful Knight",
                        "Grizzly Bears",
                        "Nevinyrral's Disk",
                        "Darksteel Forge",
                        "Avacyn, Angel of Hope",
                        "Privileged Position",
                        "Sol Ring",
                    ]
                ),
                "controller": "random",
                "damage": 0.2,
                "token": 0.1,
                "tapped": 0.1,
                "plus_counters": {"0": 0.8, "1": 0.2},
                "minus_counters": 0.2,
                "grant": {"indestructible": 0.25, "persist": 0.1},
            }
        ],
        "events": _events(
            2,
            do={"cast": 0.5, "destroy": 0.2, "damage": 0.1, "sacrifice": 0.1, "counters": 0.1},
            cards=_uniform(
                [
                    "Wrath of God",
                    "Fumigate",
                    "Planar Cleansing",
                    "Pyroclasm",
                    "Infest",
                    "Black Sun's Zenith",
                    "Final Judgment",
                    "Solidarity",
                    "Glorious Charge",
                    "Make a Stand",
                    "Heroic Intervention",
                    "Overrun",
                ]
            ),
            x=[1, 2],
            caster="random",
            amount=[1, 2, 3],
            counter={"+1/+1": 1, "-1/-1": 1},
        ),
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)

# Combat (W8): attacks with random attackers and blockers (many legal, some not: every reason
# for rejecting an attack shows up), summoning sickness, granted combat keywords.
COMBAT = wipe_mix(
    {
        "players": {"count": [2, 3]},
        "slots": [
            {
                "count": 8,
                "cards": board_cards(),
                "controller": "random",
                "plus_counters": {"0": 0.8, "1": 0.1, "2": 0.1},
                "minus_counters": 0.1,
                "damage": 0.1,
                "token": 0.1,
                "tapped": 0.2,
                "grant": {
                    "persist": 0.3,
                    **{name: 0.5 / len(tb.KEYWORD_BITS) for name in tb.KEYWORD_BITS},
                },
                "since_turn_start": 0.7,
                "legal_start": False,
            }
        ],
        "events": _events(
            2,
            do={"cast": 0.2, "attack": 0.8},
            cards=_uniform(["Wrath of God", "Pyroclasm", "Overrun", "Make a Stand"]),
            x=[1, 2],
            caster="random",
            combat={"attack": 0.75, "block": 0.5, "illegal": 0.05},
        ),
        "choices": {"trigger_order": "random", "targets": "any"},
    }
)

# ------------------------------------------------------------------------------------ mana

_RESOURCES = {"charge": [0, 1, 2, 3], "luck": [0, 1, 2, 3], "mining": [0, 1, 2, 3]}


def mana_board(cards: dict[str, float], **slot: Any) -> dict[str, Any]:
    return {"cards": cards, "controller": "random", "tapped": 0.1, "since_turn_start": 0.8, **slot}


# Contamination, Mana Reflection, Nyxbloom Ancient, Mana Flare, Reflecting Pool, summoning-sick
# dorks, random replacement orders, Deep Water, Pale Moon and turn passes.
REPLACEMENTS = mana_mix(
    {
        "players": {"count": [2, 3]},
        "slots": [
            mana_board(
                _uniform(
                    [
                        "Contamination",
                        "Mana Reflection",
                        "Nyxbloom Ancient",
                        "Mana Flare",
                        "Heartbeat of Spring",
                        "Zendikar Resurgent",
                        "Reflecting Pool",
                        "Exotic Orchard",
                        "Deep Water",
                        "Forest",
                        "Island",
                        "Wastes",
                        "Boros Garrison",
                        "Llanowar Elves",
                        "Dryad Arbor",
                        "Sol Ring",
                        "Fervor",
                        "Thousand-Year Elixir",
                    ]
                ),
                count=10,
                tapped=0.15,
                since_turn_start=0.5,
                haste=0.05,
                not_creature=0.05,
                counters=_RESOURCES,
            )
        ],
        "taps": {
            "whose": "all",
            "count": list(range(3, 10)),
            "wrap": True,
            "retap": 0.1,
            "color": {"none": 0.6, **dict.fromkeys("WUBRGC", 0.4 / 6)},
            "replacement_order": {"random": 0.8, "listed": 0.2},
            "tap_creature": {"first": 0.7, "any": 0.3},
            "activate": 0.08,
            "cast": 0.08,
            "spells": {"Pale Moon": 1},
            "caster": "random",
            "pass_turn": 0.08,
        },
    }
)

# Costs and the sources whose types depend on the board.
COSTS = mana_mix(
    {
        "players": {"count": 2},
        "slots": [
            mana_board(
                _uniform(
                    [
                        "Springleaf Drum",
                        "Pili-Pala",
                        "Gaea's Cradle",
                        "Gemstone Mine",
                        "Gemstone Caverns",
                        "Exotic Orchard",
                        "Fellwar Stone",
                        "Cryptolith Rite",
                        "Leyline of Abundance",
                        "Wild Growth",
                        "Vivid Crag",
                        "Llanowar Elves",
                        "Devoted Druid",
                        "Grizzly Bears",
                        "Forest",
                        "Mountain",
                        "Sol Ring",
                        "Rest in Peace",
                        "Leyline of the Void",
                    ]
                ),
                count=10,
                tapped=0.25,
                since_turn_start=0.6,
                token=0.1,
                not_creature=0.05,
                counters=_RESOURCES,
            )
        ],
        "taps": {
            "whose": "all",
            "count": list(range(4, 11)),
            "wrap": True,
            "retap": 0.25,
            "color": {"none": 0.5, **dict.fromkeys("WUBRGC", 0.5 / 6)},
            "replacement_order": {"random": 0.5, "listed": 0.5},
            "tap_creature": {"first": 0.6, "any": 0.2, "random": 0.2},
            "pass_turn": 0.08,
        },
        "x_spell": {
            "card": {"Hangarback Walker": 1, "Walking Ballista": 1},
            "caster": "random",
            "x": [0, 1, 2, 3],
        },
    }
)

# Real mana permanents (issue #14): choices of types, damage to you, costs of mana, life,
# sacrificing itself or a creature (Altars), three of one color, "for each" subtypes,
# Chromatic Lantern's lands, Overgrowth and Fertile Ground; Azorius Signet, Lotus Petal and
# Chromatic Lantern cast between activations.
REAL_MANA = mana_mix(
    {
        "players": {"count": [1, 2, 3]},
        "slots": [
            mana_board(
                _uniform(
                    [
                        "Azorius Guildgate",
                        "Adarkar Wastes",
                        "Ancient Tomb",
                        "Crystal Vein",
                        "Temple Garden",
                        "Mana Confluence",
                        "Cabal Coffers",
                        "Swamp",
                        "Forest",
                        "Priest of Titania",
                        "Llanowar Elves",
                        "Azorius Signet",
                        "Lotus Petal",
                        "Gilded Lotus",
                        "Chromatic Lantern",
                        "Overgrowth",
                        "Fertile Ground",
                        "Wild Growth",
                        "Mana Flare",
                        "Mana Reflection",
                        "Contamination",
                        "Cryptolith Rite",
                        "Phyrexian Altar",
                        "Ashnod's Altar",
                        "Hangarback Walker",
                    ]
                ),
                count=10,
                tapped=0.15,
                since_turn_start=0.7,
            )
        ],
        "taps": {
            "whose": "all",
            "count": list(range(3, 12)),
            "wrap": True,
            "retap": 0.15,
            "color": {"none": 0.5, **dict.fromkeys("WUBRGC", 0.5 / 6)},
            "replacement_order": {"random": 0.7, "listed": 0.3},
            "cast": 0.1,
            "spells": _uniform(["Azorius Signet", "Lotus Petal", "Chromatic Lantern"]),
            "caster": "random",
            "pass_turn": 0.05,
        },
    }
)

# Every card the shape models, one to four players, every kind of action: every castable
# permanent is cast between activations (X spells last, with their X).
EVERYTHING_MANA = mana_mix(
    {
        "players": {"count": [1, 2, 3, 4]},
        "slots": [
            mana_board(
                _uniform([c.name for i, c in enumerate(mt.CARDS) if mt.BOARD_OK[i]]),
                count=12,
                empty=0.1,
                tapped=0.2,
                since_turn_start=0.6,
                haste=0.1,
                not_creature=0.1,
                token=0.1,
                counters={"+1/+1": 0.2, **_RESOURCES},
            )
        ],
        "taps": {
            "whose": "all",
            "count": list(range(2, 13)),
            "wrap": True,
            "retap": 0.2,
            "color": {"none": 0.6, **dict.fromkeys("WUBRGC", 0.4 / 6)},
            "replacement_order": {"random": 0.6, "listed": 0.4},
            "tap_creature": {"first": 0.7, "any": 0.3},
            "activate": 0.1,
            "cast": 0.15,
            "spells": _uniform(
                ["Pale Moon"]
                + [c.name for i, c in enumerate(mt.CARDS) if mt.CAST_OK[i] and mt.IS_PERMANENT[i]]
            ),
            "caster": "random",
            "pass_turn": 0.1,
        },
        "x_spell": {
            "card": {"Hangarback Walker": 1, "Walking Ballista": 1},
            "caster": "random",
            "x": [0, 1, 2, 3],
        },
    }
)

X_SPELLS = mana_mix(
    {
        "players": {"count": 2},
        "slots": [
            mana_board(
                {
                    "Hardened Scales": 3,
                    "Doubling Season": 3,
                    "Solemnity": 1,
                    "Melira, Sylvok Outcast": 1,
                    "Vizier of Remedies": 1,
                    "Forest": 2,
                    "Llanowar Elves": 2,
                    "Zendikar Resurgent": 0.3,
                },
                count=5,
            )
        ],
        "taps": {
            "whose": "all",
            "count": [0, 1, 2],
            "wrap": True,
            "retap": 0.1,
            "color": {"none": 0.5, **dict.fromkeys("WUBRGC", 0.5 / 6)},
            "replacement_order": {"random": 0.5, "listed": 0.5},
            "tap_creature": {"first": 0.7, "any": 0.3},
        },
        "x_spell": {
            "card": {"Hangarback Walker": 1, "Walking Ballista": 1},
            "caster": "random",
            "x": [0, 1, 2, 3, 5],
        },
    }
)

# (mix, seed, trials): the random mana batches both engines play trial by trial
# (test_mana_differential), whose templates and actions the kernel's coverage test counts
MANA_DIFFERENTIAL_BATCHES = (
    (REPLACEMENTS, 21, 2000),
    (COSTS, 22, 2000),
    (EVERYTHING_MANA, 23, 2000),
    (X_SPELLS, 24, 600),
    (REAL_MANA, 25, 1500),
)
