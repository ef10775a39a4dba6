"""``cauldron cards``: list or search the card library (with a user's card files), import a
Scryfall or MTGJSON file, and sum up an import's coverage (SPEC section 7, issue #14).

One sub-command with a first word instead of nested sub-parsers, so ``cauldron cards TEXT``
keeps working for any TEXT that is not ``import`` or ``coverage``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.library import search_cards
from sim.config.cards import card_library
from sim.errors import UserError, echo

IMPORT_USAGE = "cauldron cards import FILE --out LIB.toml --report COVERAGE.csv"
USAGE = f"""cauldron cards [--cards FILE ...] [TEXT]
       {IMPORT_USAGE}
       cauldron cards coverage COVERAGE.csv"""
DESCRIPTION = """List or search the card library (names, types and Oracle text); --cards adds
the cards of a card file (the schema of engine/cards.toml). `import` reads Scryfall's bulk
"Oracle Cards" file or MTGJSON's AtomicCards.json (downloaded by you: Cauldron never goes to
the network) and writes the cards it recognizes to LIB.toml and one row per card object to
COVERAGE.csv; `coverage` prints that file's counts by status and card type."""


def add_cards_command(sub: Any) -> None:
    """Register ``cards`` on the ``cauldron`` sub-parsers."""
    cards = sub.add_parser(
        "cards", help="list, search or import cards", usage=USAGE, description=DESCRIPTION
    )
    cards.add_argument("words", nargs="*", metavar="TEXT", help="text to find, or a sub-command")
    add_cards_flag(cards)
    cards.add_argument("--out", metavar="LIB.toml", help="import: the card file to write")
    cards.add_argument("--report", metavar="COVERAGE.csv", help="import: the coverage to write")
    cards.set_defaults(handler=run_cards)


def add_cards_flag(parser: argparse.ArgumentParser) -> None:
    """``--cards FILE`` (repeatable): a card file of the user's, in the schema of
    ``engine/cards.toml``, whose cards join the library for this command."""
    parser.add_argument(
        "--cards",
        action="append",
        default=[],
        metavar="FILE",
        help="a card file of your own, the schema of engine/cards.toml (repeatable)",
    )


def run_cards(args: argparse.Namespace) -> int:
    words: list[str] = args.words
    action = words[0] if words and words[0] in ("import", "coverage") else "list"
    if action != "import" and (args.out or args.report):
        flag = "--out" if args.out else "--report"
        raise UserError(f"cards: {flag} goes with `cards import` (hint: {IMPORT_USAGE})")
    if action == "import":
        return _import(words[1:], args)
    if action == "coverage":
        return _coverage(words[1:], args)
    if len(words) > 1:
        raise UserError(f"cards: one TEXT to find, not {len(words)} (hint: quote it)")
    return _list(words[0] if words else "", args.cards)


def _list(text: str, paths: list[str]) -> int:
    found = search_cards(text, card_library(paths))
    if not found:
        raise UserError(f"cards: nothing matches {echo(text)} (hint: try a shorter text)")
    for card in found:
        pt = f" {card.power}/{card.toughness}" if card.power is not None else ""
        type_line = " ".join(sorted(card.supertypes) + sorted(card.types))
        subtypes = " ".join(sorted(card.subtypes))
        line = f"{card.name}  {card.mana_cost.text or '-'}  {type_line}"
        line += f" — {subtypes}" if subtypes else ""
        sys.stdout.write(line + pt + "\n")
        if text:
            for oracle_line in card.oracle.splitlines():
                sys.stdout.write(f"    {oracle_line}\n")
    return 0


def _import(rest: list[str], args: argparse.Namespace) -> int:
    from sim.cards.importer import import_cards  # the recognizer: only when importing

    if len(rest) != 1 or not args.out or not args.report:
        raise UserError(f"cards import: give FILE, --out and --report (hint: {IMPORT_USAGE})")
    if args.cards:
        raise UserError("cards import: --cards does not apply (hint: import reads FILE only)")
    summary = import_cards(Path(rest[0]), Path(args.out), Path(args.report))
    counts = ", ".join(f"{summary.counts[s]:,} {s}" for s in sorted(summary.counts))
    sys.stdout.write(
        f"{sum(summary.counts.values()):,} card objects: {counts}\n"
        f"wrote {args.out} ({summary.cards_written:,} cards) and {args.report}\n"
    )
    return 0


def _coverage(rest: list[str], args: argparse.Namespace) -> int:
    from sim.cards.coverage import read_coverage, render_coverage

    if len(rest) != 1 or args.cards:
        raise UserError(
            "cards coverage: give one COVERAGE.csv (hint: cauldron cards coverage FILE)"
        )
    sys.stdout.write(render_coverage(*read_coverage(Path(rest[0]))))
    return 0
