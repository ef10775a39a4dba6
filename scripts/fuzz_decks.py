"""A differential campaign over deck games: random decklists of every card a deck game plays,
random game settings and pilot orders, each game played by the batch engine's deck games and
replayed by the reference engine's.

    python scripts/fuzz_decks.py [--seed S] [--decks D] [--games G] [--with CARD ...]

Each deck mixes lands (basics, duals, enters-tapped lands, Reflecting Pool and the like),
mana creatures and rocks, creatures, enchantments and spells, of every card a deck game
plays (``engine.deck.deck_refusal``, the batch engine's ``kernel_refusal``), 40 to 80 cards
in all; its game has 1 to 8 turns, on the play, on the draw or either, with or without the
London mulligan, a range of lands to keep, land and cast orders for the pilot, costs to
test, tracked cards and now and then an X spell. Each of D decks plays G games as ``cauldron
run`` deals and plays them (``sim.bench_workloads.config_workload``); a game whose row
differs is printed. A deck the file reader refuses is counted by its reason, a game the
batch engine stops at a declared cap (``MAX_FRONTIER_POOLS``, ``MAX_PER_TYPE``) by the cap,
and one the reference engine stops at its own cap (``MAX_SEARCH_STATES``) by that cap when
every turn it played agrees. Exit status 1 if any game differs.

``--with`` puts the named cards among every deck's others (a card new to deck games, say,
which a random pick of a dozen of the hundreds played would seldom draw).

``fuzz_differential`` plays the bench's one deck (``deck-60-6t``); this draws many.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from scenario_verdict import report  # noqa: E402

from engine.batch.deck import CAPS  # noqa: E402
from engine.batch.deck.tables import kernel_refusal  # noqa: E402
from engine.deck import deck_refusal  # noqa: E402
from engine.library import Card, library  # noqa: E402
from sim.bench_workloads import config_workload, table_config  # noqa: E402
from sim.errors import UserError  # noqa: E402

COSTS = ("{G}", "{1}{G}", "{2}{G}{G}", "{3}{W}{W}", "{1}{G/W}{G/W}", "{U}{U}", "{4}", "{B}{B}{B}",
         "{2}{R}", "{C}{C}")  # fmt: skip
X_SPELLS = ("Hangarback Walker", "Walking Ballista", "Black Sun's Zenith", "Earthquake")


def deck_table(
    r: random.Random,
    playable: list[str],
    lands: list[str],
    permanents: set[str],
    always: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A random deck game's table: the deck, the game, the pilot, costs, tracked cards
    (``always``: cards among the others of every deck)."""
    size = r.randint(40, 80)
    n_lands = r.randint(size // 4, size // 2)
    picks = r.sample(lands, r.randint(1, min(6, len(lands))))
    others = [*always, *r.sample([c for c in playable if c not in always], r.randint(3, 12))]
    cards: Counter[str] = Counter()
    for k in range(n_lands):
        cards[picks[k % len(picks)]] += 1
    for k in range(size - n_lands):
        cards[others[k % len(others)]] += 1
    deck = sorted(cards)
    table: dict[str, Any] = {
        "shape": "deck",
        "deck": {"cards": dict(cards)},
        "game": {
            "turns": r.randint(1, 8),
            "play": r.choice(("play", "draw", "random")),
            "mulligan": r.choice(("never", "london")),
            "keep_lands": sorted(r.sample(range(0, 8), 2)),
            "max_mulligans": r.randint(0, 3),
        },
        "costs": r.sample(COSTS, r.randint(0, 4)),
        "track": r.sample(deck, r.randint(0, min(3, len(deck)))),
    }
    if r.random() < 0.4:
        table["pilot"] = {
            "land_order": r.sample(picks, r.randint(1, len(picks))),
            "cast_order": [c for c in others if c in permanents and r.random() < 0.5],
        }
    if r.random() < 0.4:
        table["x_spell"] = r.choice(X_SPELLS)
    return table


def deck_verdicts(table: dict[str, Any], name: str, seed: list[int], games: int) -> Counter[str]:
    """Play ``games`` games of the deck experiment ``table`` on the batch engine, each replayed
    on the reference engine: the verdicts by kind (a game that differs is printed)."""
    totals: Counter[str] = Counter()
    try:
        setup = table_config(table, name)
    except UserError as why:
        totals[f"deck refused: {str(why).split(': ', 2)[-1][:90]}"] += 1
        return totals
    work = config_workload(name, setup)
    deals = work.draw(np.random.default_rng(seed), games)
    results = work.run(deals)
    for i in range(games):
        batch = work.outcome(results, i, deals)
        replayed = work.replay(deals, i)
        if batch == replayed:
            totals["game agrees"] += 1
        elif batch["stopped"] in CAPS:  # the contract, not a disagreement
            totals[f"cap: {batch['stopped'][:70]}"] += 1
        elif "MAX_" in replayed["stopped"] and _agrees_before(batch, replayed):
            totals[f"reference cap, the turns before agree: {replayed['stopped'][:50]}"] += 1
        else:
            totals["DIFFERENT"] += 1
            print(f"DIFFERENT game {i} (seed {seed}, {name}): {table}")
    return totals


def _agrees_before(batch: dict[str, Any], replayed: dict[str, Any]) -> bool:
    """Whether a game the reference engine stopped at a cap of its own (its mana search's
    MAX_SEARCH_STATES, where the batch engine's frontier need not stop) agrees with the batch
    engine's game on every turn the reference played."""
    played = replayed["played"]
    for key, value in replayed.items():
        if key in ("stopped", "played"):
            continue
        mine = batch[key][:played] if isinstance(value, list) else batch[key]
        if mine != (value[:played] if isinstance(value, list) else value):
            return False
    return True


def deck_cards(cards: Iterable[Card]) -> tuple[list[str], list[str], set[str]]:
    """Of ``cards``, those a deck game plays: the lands, the others, the permanents' names."""
    played = [c for c in cards if deck_refusal(c) is None and not kernel_refusal(c)]
    lands = sorted(c.name for c in played if c.has_type("Land"))
    others = sorted(c.name for c in played if not c.has_type("Land"))
    return lands, others, {c.name for c in played if c.is_permanent_card}


def drawn_decks(r: random.Random, drawn: Iterable[str], n: int, seed: int) -> Counter[str]:
    """``n`` deck experiments of 100 games: the ``drawn`` cards (a user's card file's) a deck
    game plays and a few of the library's, each game replayed on the reference engine (import
    this module once the cards are loaded: the batch engine builds its tables once)."""
    lands, others, permanents = deck_cards(library().values())
    mine = set(drawn)
    basics = ["Forest", "Island", "Swamp", "Plains", "Mountain"]
    totals: Counter[str] = Counter()
    for k in range(n):
        deck_lands = [c for c in lands if c in mine] + r.sample(basics, 2)
        own = [c for c in others if c in mine]
        library_others = [c for c in others if c not in mine]
        deck_others = own + r.sample(library_others, max(3, 12 - len(own)))
        table = deck_table(r, deck_others, deck_lands, permanents)
        totals += deck_verdicts(table, f"deck-{k}", [seed, k], 100)
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", type=int, default=20, help="decks drawn (20)")
    parser.add_argument("--games", type=int, default=200, help="games a deck plays (200)")
    parser.add_argument(
        "--with", dest="always", nargs="+", default=[], metavar="CARD", help="in every deck"
    )
    args = parser.parse_args(argv)
    r = random.Random(args.seed)
    lands, playable, permanents = deck_cards(library().values())
    unknown = sorted(set(args.always) - set(playable))
    if unknown:
        parser.error(f"--with: not a non-land card deck games play: {', '.join(unknown)}")
    totals: Counter[str] = Counter()
    for d in range(args.decks):
        table = deck_table(r, playable, lands, permanents, tuple(args.always))
        totals += deck_verdicts(table, f"deck-{d}", [args.seed, d], args.games)
    return report(totals)


if __name__ == "__main__":
    sys.exit(main())
