"""A differential campaign over mana cards no library has: random user cards of the mana
templates (lands, rocks, dorks and Auras with mana abilities of every template and cost;
enchantments with "tapped for mana" replacements and triggers, granted mana abilities and
lasting "lands produce" effects; sorceries that change what lands make), on random
scenarios of mana activations, each run on both engines.

    python scripts/fuzz_mana_cards.py [--seed S] [--cards N] [--scenarios M]
                                      [--experiments E] [--decks D] [--keep FILE]

Draws N cards (``fuzz_user_cards.card_file``: a card the schema refuses is drawn again),
loads them as a user's card file, then plays M scenarios: a board of them and of the
library's mana cards (tapped, new this turn, with charge, luck or mining counters now and
then, an Aura on a land), and actions that tap them for mana (a named type, a replacement
order over the board's effects, a creature tapped for a cost), activate their other
abilities (the first or the second), cast the drawn cards, tap or untap them by an effect
and pass the turn; and E mana experiments of them as ``cauldron run`` draws and runs them,
each trial replayed on the reference engine; and D deck experiments of the drawn cards a deck
game plays, with a few of the library's (``fuzz_decks``), each game replayed on the reference
engine. A scenario the
batch engine refuses is counted by its reason; one it answers differently is printed.
Exit status 1 if any differs. The cards are a process's (the batch tables are built once):
each seed is one process.

``fuzz_user_cards`` draws the wipe side's templates; this one the mana side's. It found a
spell with none of the batch engine's spell codes refused (a sorcery whose only effect was
"lands skip their next untap"), a card's second "tapped for mana" replacement dropped by the
batch tables (now a declared cap, MANA_REPLACEMENTS_PER_CARD), and a Gemstone Mine-like
ability that counted no kind of counter (now refused by the card reader), a Deep Water-like
ability that is a card's second activated ability playing as no effect on the batch engine
(``mana_tables.EFFECT_ABILITY``), and, in deck
games, the reference engine giving the third "Fuzz Mana 1" and the first "Fuzz Mana 13" one
handle (``engine.reference.deck.handles``) and reading a land's count of Forests of the turn
before from its cache of options (``mana_search._context``). Its dorks may have persist or
undying: one that its own mana ability sacrifices would return, and the batch engine refuses
it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fuzz_user_cards import card_file, experiment_verdicts, load_cards  # noqa: E402
from scenario_verdict import report, verdict  # noqa: E402

COLORS = "WUBRG"
TYPES = COLORS + "C"
LIBRARY_LANDS = ("Forest", "Island", "Swamp", "Reflecting Pool", "Exotic Orchard", "Gaea's Cradle")
LIBRARY_MANA = (*LIBRARY_LANDS, "Llanowar Elves", "Sol Ring", "Springleaf Drum", "Pili-Pala",
                "Mana Reflection", "Contamination", "Mana Flare", "Deep Water",
                "Chromatic Lantern")  # fmt: skip
COUNTERS = ("charge", "luck", "mining")


def _mana_abilities(r: random.Random) -> list[dict[str, Any]]:
    """One or two mana abilities of any template, with random costs and parameters."""
    fixed = r.choice(("C", "CC", *COLORS, "GG", "RW", "WU"))
    choices: list[dict[str, Any]] = [
        {"template": "mana_fixed", "produce": fixed, "cost": r.choice(("", "", "{1}", "{2}")),
         "damage": r.choice((0, 0, 1)), "sacrifice": r.random() < 0.1},
        {"template": "mana_one_of", "produce": "".join(r.sample(COLORS, r.randint(2, 3))),
         "damage": r.choice((0, 0, 1))},
        {"template": "mana_any_color", "tap": True, "amount": r.choice((1, 1, 2)),
         "life": r.choice((0, 0, 1)), "remove_counter": r.choice(("", "", *COUNTERS)),
         "sacrifice_when_none": r.random() < 0.2},
        {"template": "mana_any_color", "tap": False, "untap": True, "cost": "{2}"},
        {"template": "mana_any_color", "tap": True, "tap_creature": True},
        {"template": "mana_per_creature_yours", "produce": r.choice(COLORS)},
        {"template": "mana_per_subtype", "produce": r.choice(COLORS),
         "subtype": r.choice(("Elf", "Forest", "Swamp")), "whose": r.choice(("yours", "all"))},
        {"template": "mana_reflect_lands", "whose": r.choice(("yours", "opponents")),
         "colors_only": r.random() < 0.5},
        {"template": "mana_fixed_or_any_color_with_counter", "produce": r.choice(("C", "G")),
         "kind": "luck"},
    ]  # fmt: skip
    return r.sample(choices, r.choice((1, 1, 2)))


def _effects(r: random.Random) -> list[dict[str, Any]]:
    """An enchantment's mana effects: replacements, triggers, statics, a lasting effect."""
    choices: list[dict[str, Any]] = [
        {"template": "mana_multiply", "factor": r.choice((2, 3))},
        {"template": "mana_replace_type", "lands": r.choice(("all", "yours", "nonbasic")),
         "produce": r.choice(TYPES), "one_mana": r.random() < 0.5},
        {"template": "tapped_for_mana_add", "source": r.choice(("lands", "creatures")),
         "whose": r.choice(("all", "yours")), "produce": r.choice(("same", *COLORS))},
        {"template": "grant_mana_any_color", "scope": "yours",
         "to": r.choice(("creatures", "lands"))},
        {"template": "activate_as_though_haste"},
        {"template": "activated_lands_produce_until_eot", "lands": "yours",
         "produce": r.choice(COLORS)},
    ]  # fmt: skip
    drawn = r.sample(choices, r.choice((1, 1, 2)))
    if drawn[-1]["template"].startswith("activated") and r.random() < 0.5:
        # another activated ability first: the "lands produce" one is the second
        drawn.insert(-1, {"template": "activated_put_counter_on_self",
                          "kind": r.choice(COUNTERS), "cost": r.choice(("", "{1}"))})  # fmt: skip
    return drawn


def _enters(r: random.Random) -> list[dict[str, Any]]:
    """Now and then a replacement for how the permanent enters (when it is cast)."""
    choices: list[dict[str, Any]] = [
        {"template": "enters_tapped"},
        {"template": "enters_tapped_unless_pay_life", "amount": r.randint(1, 3)},
        {"template": "enters_with_counters", "kind": r.choice(COUNTERS), "amount": r.randint(1, 3)},
    ]  # fmt: skip
    gain = [{"template": "etb_gain_life", "amount": r.randint(1, 3)}] if r.random() < 0.2 else []
    return (r.sample(choices, 1) if r.random() < 0.3 else []) + gain


def mana_card(r: random.Random, k: int, creatures: list[str]) -> dict[str, Any]:
    """Card ``k``: a land, a rock, a dork, an Aura on a land, an enchantment, a sorcery."""
    what = r.choice(("land", "land", "artifact", "creature", "aura", "enchantment", "sorcery"))
    card: dict[str, Any] = {"name": f"Fuzz Mana {k}", "mana_cost": "{1}"}
    if what == "land":
        subtypes = r.sample(("Forest", "Swamp", "Island"), r.choice((0, 0, 1)))
        card = {"name": card["name"], "types": ["Land"], "subtypes": subtypes}
        return {**card, "abilities": _enters(r) + _mana_abilities(r)}
    if what == "artifact":
        return {**card, "types": ["Artifact"], "abilities": _enters(r) + _mana_abilities(r)}
    if what == "creature":
        extra = [{"template": "activated_untap_self_put_counter", "kind": "-1/-1"}]
        return {**card, "types": ["Creature"], "subtypes": [r.choice(("Elf", "Druid"))],
                "power": r.randint(0, 2), "toughness": r.randint(1, 3),
                "keywords": r.sample(("haste", "persist", "undying"), r.choice((0, 0, 1, 2))),
                "abilities": _mana_abilities(r) + (extra if r.random() < 0.3 else [])}  # fmt: skip
    if what == "aura":
        trigger = {"template": "tapped_for_mana_add", "source": "enchanted", "whose": "all",
                   "produce": r.choice(COLORS)}  # fmt: skip
        return {**card, "types": ["Enchantment"], "subtypes": ["Aura"], "abilities": [trigger]}
    if what == "enchantment":
        return {**card, "types": ["Enchantment"], "abilities": _effects(r)}
    spell = r.choice(
        [
            {"template": "lands_produce_until_eot", "lands": r.choice(("nonbasic", "yours", "all")),
             "produce": r.choice(TYPES)},
            {"template": "lands_skip_next_untap"},
        ]
    )  # fmt: skip
    return {**card, "types": ["Sorcery"], "abilities": [spell]}


def scenario(r: random.Random, cards: dict[str, str]) -> dict[str, Any]:
    """A random board of the drawn cards (``cards``: name to what it is) and the library's
    mana cards, and a random sequence of mana actions over it."""
    players = ["A", "B", "C"][: r.choice((1, 2, 2, 3))]
    permanents = [name for name, what in cards.items() if what != "sorcery"]
    board: list[dict[str, Any]] = []
    for k in range(r.randint(3, 9)):
        card = r.choice(permanents) if r.random() < 0.6 else r.choice(LIBRARY_MANA)
        entry: dict[str, Any] = {"id": f"p{k}", "card": card, "controller": r.choice(players)}
        if r.random() < 0.15:
            entry["tapped"] = True
        if r.random() < 0.25:
            entry["since_turn_start"] = False
        if r.random() < 0.2:
            entry["counters"] = {r.choice(COUNTERS): r.randint(0, 2)}
        board.append(entry)
    lands = [e["id"] for e in board if cards.get(e["card"]) == "land" or e["card"] in LIBRARY_LANDS]
    auras = [e for e in board if cards.get(e["card"]) == "aura"]
    if auras and not lands:  # an Aura is on the board attached to a land: give it one
        board.append({"id": "forest", "card": "Forest", "controller": r.choice(players)})
        lands.append("forest")
    for aura in auras:
        aura["attached_to"] = r.choice(lands)
    return {"players": players, "active": r.choice(players), "battlefield": board,
            "action": _actions(r, board, cards, players)}  # fmt: skip


def _activate(r: random.Random, ids: list[str]) -> dict[str, Any]:
    """Activate a permanent's first activated ability, or now and then its second."""
    action: dict[str, Any] = {"do": "activate", "permanent": r.choice(ids)}
    if r.random() < 0.3:
        action["ability"] = 1
    return action


def _actions(
    r: random.Random, board: list[dict[str, Any]], cards: dict[str, str], players: list[str]
) -> list[dict[str, Any]]:
    """Mostly mana activations; other activations, casts, tap and untap, turns."""
    ids = [e["id"] for e in board]
    # an Aura is never cast: its spell needs a target (303.4a), which a cast does not name
    castable = [c for c, kind in cards.items() if kind != "aura"]
    castable += ["Hangarback Walker", "Pale Moon"]
    actions: list[dict[str, Any]] = []
    for _ in range(r.randint(3, 10)):
        roll = r.random()
        if roll < 0.6:
            action: dict[str, Any] = {"do": "tap_for_mana", "permanent": r.choice(ids)}
            if r.random() < 0.5:
                action["color"] = r.choice(TYPES)
            if r.random() < 0.3:
                action["replacement_order"] = r.sample(ids, r.randint(1, min(3, len(ids))))
            if r.random() < 0.15:
                action["tap_creature"] = r.choice(ids)
        elif roll < 0.7:
            action = _activate(r, ids)
        elif roll < 0.82:
            card = r.choice(castable)
            action = {"do": "cast", "card": card, "by": r.choice(players)}
            if card == "Hangarback Walker":
                action["x"] = r.randint(0, 3)
        elif roll < 0.9:
            action = {"do": r.choice(("tap", "untap")), "target": r.choice(ids)}
        else:
            action = {"do": "pass_turn"}
        actions.append(action)
    return actions


def experiment(r: random.Random, cards: dict[str, str]) -> dict[str, Any]:
    """A random mana experiment's table over the drawn permanents and the library's mana
    cards: random taps (colors, replacement orders) of every seat's sources, now and then
    an activation of a "lands produce" ability or a turn passed between them."""
    drawn = [name for name, what in cards.items() if what not in ("sorcery", "aura")]
    pool = {n: 1 for n in r.sample(drawn, min(len(drawn), r.randint(2, 5)))}
    pool.update({n: 1 for n in r.sample(LIBRARY_MANA, 3)})
    return {
        "shape": "mana",
        "players": {"count": r.choice((1, 2, 3))},
        "slots": [
            {
                "count": r.randint(3, 10),
                "cards": pool,
                "controller": "random",
                "tapped": 0.1,
                "since_turn_start": 0.7,
                "counters": {kind: [0, 1, 2] for kind in COUNTERS},
            }
        ],
        "taps": {
            "whose": "all",
            "count": r.randint(2, 10),
            "color": {"none": 0.5, **dict.fromkeys(TYPES, 1 / 12)},
            "replacement_order": {"random": 0.5, "listed": 0.5},
            "activate": r.choice((0.0, 0.0, 0.1)),  # a Deep Water-like ability between taps
            "pass_turn": r.choice((0.0, 0.0, 0.05)),
        },
    }


def _experiments(r: random.Random, cards: dict[str, str], n: int) -> Counter[str]:
    """``n`` mana experiments of 100 trials, each trial replayed on the reference engine."""
    totals: Counter[str] = Counter()
    for k in range(n):
        totals += experiment_verdicts(experiment(r, cards), k, 100)
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--seed", type=int, default=1, help="the cards' and scenarios' seed")
    parser.add_argument("--cards", type=int, default=24, help="cards drawn (24)")
    parser.add_argument("--scenarios", type=int, default=1000, help="scenarios played (1000)")
    parser.add_argument("--experiments", type=int, default=10, help="experiments run (10)")
    parser.add_argument("--decks", type=int, default=6, help="deck experiments run (6)")
    parser.add_argument("--keep", type=Path, help="write the card file here too")
    args = parser.parse_args(argv)
    r = random.Random(args.seed)
    kinds: dict[str, str] = {}

    def draw(r: random.Random, k: int, creatures: list[str]) -> dict[str, Any]:
        card = mana_card(r, k, creatures)
        kinds[card["name"]] = _kind(card)
        return card

    path = load_cards(card_file(r, args.cards, draw), args.keep)
    totals: Counter[str] = Counter(
        verdict(scenario(r, kinds), f"seed {args.seed}, scenario {k}")
        for k in range(args.scenarios)
    )
    totals += _experiments(r, kinds, args.experiments)
    from fuzz_decks import drawn_decks  # once the cards are loaded

    totals += drawn_decks(r, kinds, args.decks, args.seed)
    print(f"cards: {path}")
    return report(totals)


def _kind(card: dict[str, Any]) -> str:
    """What a drawn card is: land, artifact, creature, aura, enchantment or sorcery."""
    if "Aura" in card.get("subtypes", ()):
        return "aura"
    return str(card["types"][0]).lower()


if __name__ == "__main__":
    sys.exit(main())
