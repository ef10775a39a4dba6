"""``cauldron cards import``: a Scryfall or MTGJSON file to LIB.toml and COVERAGE.csv.

The whole file is read and recognized before anything is written, and the library written is
loaded back with the user-file loader first, so a failure at any step writes nothing and what
is written works with ``--cards`` as it is.
"""

from __future__ import annotations

import csv
import io
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from engine.library import LibraryError, library, load_card_text
from sim.cards.recognize import RECOGNIZED, Coverage, classify
from sim.cards.sources import read_cards
from sim.cards.toml_out import library_text
from sim.errors import UserError
from sim.files import write_text

COLUMNS: Final = ("name", "status", "templates", "reason", "types")


@dataclass(frozen=True)
class ImportSummary:
    """What an import did: rows by status, and the cards (faces) written to the library."""

    counts: Counter[str]
    cards_written: int


def check_destination(path: Path, flag: str, source: Path) -> None:
    """Fail before the long read if ``path`` cannot be written (one line, with a hint)."""
    if path.resolve() == source.resolve():
        raise UserError(f"{flag} {path}: is the input file (hint: give another file name)")
    if path.is_dir():
        raise UserError(f"{flag} {path}: is a folder (hint: give a file name in it)")
    parent = next((p for p in (path.parent, *path.parent.parents) if p.exists()), Path("."))
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        raise UserError(f"{flag} {path}: cannot write in {parent} (hint: give a writable folder)")


def _coverage_csv(rows: list[Coverage]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in rows:
        writer.writerow((r.name, r.status, r.templates, r.reason, r.types))
    return out.getvalue()


def _tables(rows: list[Coverage]) -> list[dict[str, Any]]:
    """The [[card]] tables of the recognized rows, one per face name (first wins), with
    ``replaces`` on a card the shipped library has, so the imported Oracle text wins."""
    builtin, seen = library(), set()
    tables = []
    for row in rows:
        if row.status != RECOGNIZED:
            continue
        for table in row.tables:
            key = table["name"].lower()
            if key in seen:
                continue
            seen.add(key)
            known = builtin.get(key)
            tables.append({**table, "replaces": known.name} if known is not None else table)
    return tables


def import_cards(source: Path, out: Path, report: Path) -> ImportSummary:
    """Read ``source``, write the recognized cards to ``out`` and one row per card object to
    ``report``; nothing is written when any step fails."""
    if out.resolve() == report.resolve():
        raise UserError(f"--report {report}: is the --out file too (hint: give two names)")
    check_destination(out, "--out", source)
    check_destination(report, "--report", source)
    rows = [classify(obj) for obj in read_cards(source)]
    tables = _tables(rows)
    header = f"Cards recognized by `cauldron cards import` from {source.name}.\n"
    header += "Each card is data in the schema of engine/cards.toml; load it with --cards."
    text = library_text(tables, header)
    try:
        load_card_text(text, str(out))  # what is written loads back with --cards
    except LibraryError as err:
        raise AssertionError(f"the importer wrote a card file that does not load: {err}") from err
    write_text(report, _coverage_csv(rows))
    write_text(out, text)
    return ImportSummary(Counter(r.status for r in rows), len(tables))
