"""Random mixed timelines: scenarios whose actions interleave mana activations (colors,
replacement orders, a creature tapped for Springleaf Drum) with wipes, damage, counters,
activated abilities, tap and untap by an effect, attacks, turn passes and removal.

Each board mixes mana sources (lands, dorks, rocks, Auras on lands), the statics that change
what they make (Mana Reflection, Contamination, Mana Flare, Deep Water, ...), persist and
undying creatures, the counter modifiers (Melira, Solemnity, Hardened Scales, ...), cards that
change what dies or returns (Rest in Peace, Mikaeus, ...) and the cards with activated
abilities (Devoted Druid, Viscera Seer, Walking Ballista, ...); most actions are mana
activations, so a pool is built, spent and emptied by turns between wipes and combat. Drawn
by ``test_timeline_differential`` and, on many seeds, by ``scripts/fuzz_timelines.py``.
"""

from __future__ import annotations

import random
from typing import Any

LANDS = ("Forest", "Island", "Swamp", "Mountain", "Plains", "Wastes", "Reflecting Pool",
         "Exotic Orchard", "Gaea's Cradle", "Gemstone Mine", "Vivid Crag", "Boros Garrison",
         "Ancient Tomb", "Mana Confluence", "Crystal Vein", "Cabal Coffers", "Temple Garden",
         "Adarkar Wastes", "Gemstone Caverns")  # fmt: skip
DORKS = ("Llanowar Elves", "Elvish Mystic", "Birds of Paradise", "Devoted Druid",
         "Priest of Titania", "Dryad Arbor", "Pili-Pala", "Nyxbloom Ancient")  # fmt: skip
ROCKS = ("Sol Ring", "Fellwar Stone", "Springleaf Drum", "Azorius Signet", "Gilded Lotus",
         "Lotus Petal", "Chromatic Lantern")  # fmt: skip
STATICS = ("Mana Reflection", "Contamination", "Mana Flare", "Deep Water", "Heartbeat of Spring",
           "Zendikar Resurgent", "Leyline of Abundance", "Cryptolith Rite")  # fmt: skip
AURAS = ("Wild Growth", "Fertile Ground", "Overgrowth")
RETURNING = ("Kitchen Finks", "Safehold Elite", "Young Wolf", "Murderous Redcap",
             "Geralf's Messenger", "Grizzly Bears", "Vampire Nighthawk", "Serra Angel")  # fmt: skip
MODIFIERS = ("Melira, Sylvok Outcast", "Solemnity", "Hardened Scales", "Doubling Season",
             "Vizier of Remedies", "Glorious Anthem")  # fmt: skip
# statics and creatures that change what dies, returns or triggers
HAZARDS = ("Rest in Peace", "Leyline of the Void", "Night of Souls' Betrayal", "Fervor",
           "Mikaeus, the Unhallowed", "Massacre Wurm", "Flayer of the Hatebound",
           "Restless Apparition", "Vorapede", "Twilight Shepherd", "Serra's Blessing")  # fmt: skip
# cards with non-mana activated abilities, and how many each has
ACTIVATED = {"Devoted Druid": 1, "Viscera Seer": 1, "Walking Ballista": 2,
             "Cauldron of Souls": 1, "Thousand-Year Elixir": 1}  # fmt: skip
SPELLS = ("Wrath of God", "Damnation", "Pyroclasm", "Infest", "Toxic Deluge",
          "Black Sun's Zenith", "Massacre Girl", "Anger of the Gods", "Pale Moon",
          "Hangarback Walker", "Innocent Blood", "Kitchen Finks")  # fmt: skip
X_SPELLS = ("Toxic Deluge", "Black Sun's Zenith", "Hangarback Walker")
REMOVAL = ("destroy", "exile", "sacrifice", "bounce")


def timeline(r: random.Random) -> dict[str, Any]:
    """A random scenario (a scenario file's table): a board and a timeline over it."""
    players = ["A", "B", "C", "D"][: r.choice((2, 2, 2, 3, 4))]
    board, active = _board(r, players), r.choice(players)
    data: dict[str, Any] = {"players": players, "active": active,
            "battlefield": board.entries, "action": _actions(r, board, active)}  # fmt: skip
    if r.random() < 0.3:
        data["life"] = {p: r.randint(1, 30) for p in players}
    choices: dict[str, Any] = {}
    ids = board.ids()
    targets = {i: r.choice([*ids, *players]) for i in ids if r.random() < 0.15}
    if targets:
        choices["targets"] = targets
    if r.random() < 0.4:
        choices["trigger_order"] = {
            p: r.sample(ids, min(len(ids), r.randint(1, 3))) for p in players if r.random() < 0.6
        }
    if any(choices.values()):
        data["choices"] = {name: value for name, value in choices.items() if value}
    return data


class _Board:
    """A board being drawn: its entries, and who may control each."""

    def __init__(self, r: random.Random, players: list[str]) -> None:
        self.r, self.players = r, players
        self.entries: list[dict[str, Any]] = []

    def add(self, prefix: str, card: str, **extra: Any) -> dict[str, Any]:
        """An entry of ``card``: a random controller, tapped or new this turn now and then."""
        r = self.r
        entry = {"id": f"{prefix}{len(self.entries)}", "card": card,
                 "controller": r.choice(self.players), **extra}  # fmt: skip
        if r.random() < 0.15:
            entry["tapped"] = True
        if r.random() < 0.25:
            entry["since_turn_start"] = False
        self.entries.append(entry)
        return entry

    def ids(self, *pools: tuple[str, ...]) -> list[str]:
        """The ids of the entries whose card is in one of ``pools`` (every id without one)."""
        cards = {card for pool in pools for card in pool}
        return [e["id"] for e in self.entries if not pools or e["card"] in cards]


def _board(r: random.Random, players: list[str]) -> _Board:
    """Mana sources (most of the board), statics, Auras on lands, creatures that return,
    counter modifiers and cards with activated abilities, each with random states."""
    board = _Board(r, players)
    for pool, low, high in ((LANDS, 2, 6), (DORKS, 0, 3), (ROCKS, 0, 2)):
        for _ in range(r.randint(low, high)):
            board.add("l", r.choice(pool))
    for card in r.sample(STATICS, r.randint(0, 3)):
        board.add("s", card)
    lands = board.ids(LANDS)
    for _ in range(r.randint(0, 2) if lands else 0):
        board.add("a", r.choice(AURAS), attached_to=r.choice(lands))
    _creatures(r, board)
    return board


def _creatures(r: random.Random, board: _Board) -> None:
    """Creatures that return (some with counters or a granted keyword), counter modifiers,
    cards with activated abilities."""
    for _ in range(r.randint(1, 4)):
        entry = board.add("c", r.choice(RETURNING))
        if r.random() < 0.3:
            entry["counters"] = {r.choice(("+1/+1", "-1/-1")): r.randint(1, 2)}
        if r.random() < 0.15:
            entry["grant"] = [r.choice(("persist", "undying", "haste"))]
    for card in r.sample(MODIFIERS, r.randint(0, 2)):
        board.add("m", card)
    for card in r.sample(HAZARDS, r.choice((0, 0, 1, 2))):
        board.add("z", card)
    for card in r.sample(sorted(ACTIVATED), r.randint(0, 2)):
        entry = board.add("v", card)
        if card == "Walking Ballista":
            entry["counters"] = {"+1/+1": r.randint(1, 3)}


def _tap_for_mana(r: random.Random, board: _Board, active: str) -> dict[str, Any]:
    """A mana activation: of a mana source mostly, a color now and then, the statics'
    replacement order, a creature tapped for Springleaf Drum."""
    sources, statics = board.ids(LANDS, DORKS, ROCKS), board.ids(STATICS)
    creatures = board.ids(DORKS, RETURNING, tuple(ACTIVATED))
    pool = sources if sources and r.random() < 0.9 else board.ids()
    action: dict[str, Any] = {"do": "tap_for_mana", "permanent": r.choice(pool)}
    if r.random() < 0.5:
        action["color"] = r.choice("WUBRGC")
    if statics and r.random() < 0.4:
        action["replacement_order"] = r.sample(statics, len(statics))
    if creatures and r.random() < 0.2:
        action["tap_creature"] = r.choice(creatures)
    return action


def _activate(r: random.Random, board: _Board, active: str) -> dict[str, Any]:
    entries = [e for e in board.entries if e["card"] in ACTIVATED] or board.entries
    entry = r.choice(entries)
    ability = r.randrange(ACTIVATED.get(entry["card"], 1))
    return {"do": "activate", "permanent": entry["id"], "ability": ability}


def _cast(r: random.Random, board: _Board, active: str) -> dict[str, Any]:
    card = r.choice(SPELLS)
    action = {"do": "cast", "card": card, "by": r.choice(board.players)}
    if card in X_SPELLS:
        action["x"] = r.randint(0, 3)
    return action


def _tap_or_untap(r: random.Random, board: _Board, active: str) -> dict[str, Any]:
    return {"do": r.choice(("tap", "untap")), "target": r.choice(board.ids())}


def _damage(r: random.Random, board: _Board, active: str) -> dict[str, Any]:
    target = r.choice([*board.ids(), *board.players, "all_creatures"])
    return {"do": "damage", "target": target, "amount": r.randint(1, 3)}


def _counters(r: random.Random, board: _Board, active: str) -> dict[str, Any]:
    kind = r.choice(("+1/+1", "-1/-1", "charge"))
    return {"do": "counters", "target": r.choice(board.ids()), "kind": kind,
            "amount": r.randint(1, 2)}  # fmt: skip


def _pass_turn(r: random.Random, board: _Board, active: str) -> dict[str, Any]:
    return {"do": "pass_turn"}


def _attack(r: random.Random, board: _Board, active: str) -> dict[str, Any]:
    """One or two attackers, the active player's mostly; a blocker now and then."""
    creatures = board.ids(DORKS, RETURNING, tuple(ACTIVATED)) or board.ids()
    own = [e["id"] for e in board.entries if e["id"] in creatures and e["controller"] == active]
    pool = own if own and r.random() < 0.85 else creatures
    attackers = r.sample(pool, min(len(pool), r.randint(1, 2)))
    action: dict[str, Any] = {"do": "attack", "attackers": attackers}
    others = [c for c in creatures if c not in attackers]
    if others and r.random() < 0.5:
        action["blockers"] = {r.choice(others): r.choice(attackers)}
    return action


def _removal(r: random.Random, board: _Board, active: str) -> dict[str, Any]:
    return {"do": r.choice(REMOVAL), "target": r.choice(board.ids())}


# each kind of action and its weight: mana activations most
ACTIONS = ((_tap_for_mana, 45), (_activate, 10), (_cast, 10), (_tap_or_untap, 5), (_damage, 6),
           (_counters, 4), (_pass_turn, 6), (_attack, 7), (_removal, 7))  # fmt: skip


def _actions(r: random.Random, board: _Board, active: str) -> list[dict[str, Any]]:
    makers, weights = zip(*ACTIONS, strict=True)
    return [r.choices(makers, weights)[0](r, board, active) for _ in range(r.randint(3, 16))]
