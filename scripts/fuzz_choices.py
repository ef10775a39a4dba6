"""A differential campaign over a scenario's ``[choices]``: random ``targets`` name lists
(board permanents, tokens by their ids, players, names of things gone or never made) for
every card that reads them, random ``trigger_order`` lists ("id" and "id:ability" keys,
tokens among them) and random ``counter_order`` policies and lists, on random scenarios, each
run on both engines.

    python scripts/fuzz_choices.py [--seed S] [--scenarios M]

Each scenario has a board of the cards whose abilities read ``targets`` (an enters trigger's
"any target", a target to destroy or reanimate, a creature to sacrifice, an activation's
targets and any target, a spell's creatures to sacrifice) and of cards with triggers (persist,
undying, enters, dies, leaves, upkeep, a loop under Solemnity), with Hangarback Walkers
(their Thopters are the tokens named, and Thragtusks' Beasts) and fodder; its actions destroy
some of them (tokens made, persist returns), activate, cast, deal damage, pass the turn.
Every reader gets a random list of names, and most players an order of their own permanents'
triggers; replacements for counters (Hardened Scales, Doubling Season, Vizier of Remedies)
sit among them, and most players order them (a policy, or a list of their ids). A scenario
the batch engine refuses is counted by its reason; one it answers differently is printed.
Exit status 1 if any differs.

It found an activation's "any target" read as a set (a gone permanent named before a player
sent the damage to the next player instead), a sacrifice cost naming a player paid with the
first creature, a player's trigger order placing a permanent's triggers after another
player had taken control of it, and the batch engine's loop watch (104.4b) blind to keywords
gained until end of turn (Cauldron of Souls' persist: a draw called six returns early).
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

from scenario_verdict import report, verdict  # noqa: E402

# the cards that read their ``targets`` names, and with the ability index an activation uses
READERS = {
    "Murderous Redcap": None,
    "Woodfall Primus": None,
    "Puppeteer Clique": None,
    "Contamination": None,
    "Walking Ballista": 1,
    "Viscera Seer": 0,
    "Cauldron of Souls": 0,
    "Thousand-Year Elixir": 0,
}
SPELLS = ("Innocent Blood", "Woodfall Primus", "Puppeteer Clique", "Murderous Redcap")
FODDER = ("Grizzly Bears", "Kitchen Finks", "Forest", "Young Wolf", "Llanowar Elves")
TRIGGERED = ("Kitchen Finks", "Safehold Elite", "Geralf's Messenger", "Flayer of the Hatebound",
             "Solemnity", "River Kelpie", "Young Wolf", "Thragtusk")  # fmt: skip
ABILITIES = ("persist", "undying", "etb", "dies", "leaves", "life_loss", "delayed", "upkeep",
             "draw")  # fmt: skip
MODIFIERS = ("Hardened Scales", "Doubling Season", "Vizier of Remedies")
WIPES = ("Wrath of God", "Infest", "Black Sun's Zenith", "Massacre Girl", "Damnation")


def scenario(r: random.Random) -> dict[str, Any]:
    """A random scenario whose readers name random lists, its players random orders."""
    players = ["A", "B", "C"][: r.choice((2, 2, 3))]
    board = _board(r, players)
    actions, casts = _actions(r, board, players)
    data: dict[str, Any] = {"players": players, "active": r.choice(players), "battlefield": board,
            "action": actions}  # fmt: skip
    readers = [e["id"] for e in board if e["card"] in READERS] + casts
    makers = {"Hangarback Walker": "thopter", "Thragtusk": "beast"}
    tokens = [f"{e['id']}.{makers[e['card']]}{n}" for e in board if e["card"] in makers
              for n in range(1, 5)]  # fmt: skip
    names = [*(e["id"] for e in board), *tokens, *players]
    targets: dict[str, Any] = {}
    for source in readers:
        if r.random() < 0.8:
            picked = r.sample(names, r.randint(1, 3))
            targets[source] = picked[0] if len(picked) == 1 and r.random() < 0.5 else picked
    order = _orders(r, board, players)
    choices = {"targets": targets, "trigger_order": order,
               "counter_order": _counter_orders(r, board, players)}  # fmt: skip
    if any(choices.values()):
        data["choices"] = {name: value for name, value in choices.items() if value}
    return data


def _orders(
    r: random.Random, board: list[dict[str, Any]], players: list[str]
) -> dict[str, list[str]]:
    """Most players' trigger orders: keys naming their own permanents (some another's), a
    Thopter, an ability."""
    order = {}
    for player in players:
        mine = [e for e in board if e["controller"] == player]
        if not mine or r.random() < 0.3:
            continue
        keys = []
        for _ in range(r.randint(1, 5)):
            entry = r.choice(mine if r.random() < 0.8 else board)  # one they may control later
            pid = entry["id"]
            if entry["card"] == "Hangarback Walker" and r.random() < 0.3:
                pid = f"{pid}.thopter{r.randint(1, 2)}"
            keys.append(pid if r.random() < 0.5 else f"{pid}:{r.choice(ABILITIES)}")
        order[player] = keys
    return order


def _counter_orders(
    r: random.Random, board: list[dict[str, Any]], players: list[str]
) -> str | dict[str, Any]:
    """Most players' counter orders (616.1): a policy, or some of the replacements' ids in a
    random order (any player's); now and then one policy for all."""
    modifiers = [e["id"] for e in board if e["card"] in MODIFIERS]
    if r.random() < 0.15:
        return r.choice(("listed", "most", "fewest"))
    order: dict[str, Any] = {}
    for player in players:
        if r.random() < 0.3:
            continue
        if modifiers and r.random() < 0.4:
            order[player] = r.sample(modifiers, r.randint(1, len(modifiers)))
        else:
            order[player] = r.choice(("listed", "most", "fewest"))
    return order


def _board(r: random.Random, players: list[str]) -> list[dict[str, Any]]:
    """Hangarback Walkers (their Thopters are named), readers, fodder."""
    board: list[dict[str, Any]] = []
    for k in range(r.randint(2, 4)):
        board.append({"id": f"h{k}", "card": "Hangarback Walker", "controller": r.choice(players),
                      "counters": {"+1/+1": r.randint(1, 3)}})  # fmt: skip
    for k, card in enumerate(r.sample(sorted(READERS), r.randint(1, 4))):
        entry: dict[str, Any] = {"id": f"r{k}", "card": card, "controller": r.choice(players)}
        if card == "Walking Ballista":
            entry["counters"] = {"+1/+1": r.randint(1, 3)}
        board.append(entry)
    for k in range(r.randint(1, 4)):
        board.append({"id": f"f{k}", "card": r.choice(FODDER), "controller": r.choice(players),
                      "tapped": r.random() < 0.3})  # fmt: skip
    for k in range(r.randint(0, 3)):
        board.append({"id": f"m{k}", "card": r.choice(MODIFIERS), "controller": r.choice(players)})
    for k in range(r.randint(0, 4)):
        entry = {"id": f"t{k}", "card": r.choice(TRIGGERED), "controller": r.choice(players)}
        if r.random() < 0.2:
            entry["counters"] = {r.choice(("+1/+1", "-1/-1")): 1}
        if r.random() < 0.2:
            entry["grant"] = [r.choice(("persist", "undying"))]
        board.append(entry)
    return board


def _actions(
    r: random.Random, board: list[dict[str, Any]], players: list[str]
) -> tuple[list[dict[str, Any]], list[str]]:
    """Destroys, activations, casts (their ids returned: they name targets too), turns."""
    actions: list[dict[str, Any]] = []
    casts: list[str] = []
    for _ in range(r.randint(2, 6)):
        roll = r.random()
        if roll < 0.35:
            actions.append({"do": "destroy", "target": r.choice(board)["id"]})
        elif roll < 0.65:
            entry = r.choice(board)
            ability = READERS.get(entry["card"]) or 0
            actions.append({"do": "activate", "permanent": entry["id"], "ability": ability})
        elif roll < 0.8:
            casts.append(f"c{len(casts)}")
            card = r.choice(SPELLS)
            actions.append({"do": "cast", "card": card, "by": r.choice(players), "id": casts[-1]})
        elif roll < 0.85:
            actions.append({"do": "pass_turn"})
        elif roll < 0.9:
            target, amount = r.choice(board)["id"], r.randint(1, 3)
            actions.append({"do": "damage", "target": target, "amount": amount})
        else:
            actions.append({"do": "cast", "card": r.choice(WIPES), "by": r.choice(players)})
    return actions, casts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--seed", type=int, default=1, help="the scenarios' seed")
    parser.add_argument("--scenarios", type=int, default=1000, help="scenarios played (1000)")
    args = parser.parse_args(argv)

    r = random.Random(args.seed)
    totals: Counter[str] = Counter(
        verdict(scenario(r), f"seed {args.seed}, scenario {k}") for k in range(args.scenarios)
    )
    return report(totals)


if __name__ == "__main__":
    sys.exit(main())
