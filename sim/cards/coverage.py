"""``cauldron cards coverage``: a COVERAGE.csv summed up by status and by card type."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path
from typing import Final

from sim.cards.recognize import STATUSES
from sim.errors import UserError, echo

REQUIRED: Final = ("name", "status", "templates", "reason")
_HINT: Final = "give the COVERAGE.csv that `cauldron cards import --report` wrote"


def read_coverage(path: Path) -> tuple[Counter[str], dict[str, Counter[str]]]:
    """Counts by status, and by card type then status (a card counts once per type it has)."""
    by_status: Counter[str] = Counter()
    by_type: dict[str, Counter[str]] = {}
    try:
        with open(path, encoding="utf-8", newline="") as f:
            reader = csv.DictReader(f)
            missing = [c for c in REQUIRED if c not in (reader.fieldnames or ())]
            if missing:
                raise UserError(f"{path}: line 1: no column {missing[0]!r} (hint: {_HINT})")
            for line, row in enumerate(reader, start=2):
                status = row["status"]
                if status not in STATUSES:
                    raise UserError(
                        f"{path}: line {line}: status {echo(status)} is not one of "
                        f"{', '.join(STATUSES)} (hint: {_HINT})"
                    )
                by_status[status] += 1
                for card_type in (row.get("types") or "(no type)").split():
                    by_type.setdefault(card_type, Counter())[status] += 1
    except FileNotFoundError:
        raise UserError(f"{path}: no such file (hint: {_HINT})") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a folder (hint: {_HINT})") from None
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise UserError(f"{path}: cannot read: {err} (hint: {_HINT})") from None
    return by_status, by_type


def render_coverage(by_status: Counter[str], by_type: dict[str, Counter[str]]) -> str:
    """Two small tables: status counts with shares, then statuses by card type."""
    total = sum(by_status.values())
    lines = [f"{total:,} card objects"]
    for status in STATUSES:
        share = 100 * by_status[status] / total if total else 0.0
        lines.append(f"  {status:<12}{by_status[status]:>9,}  {share:5.1f}%")
    width = max([len(t) for t in by_type] + [9])
    lines.append("")
    lines.append("by card type".ljust(width + 2) + "".join(f"{s:>12}" for s in STATUSES))
    order = sorted(by_type, key=lambda t: (-sum(by_type[t].values()), t))
    for card_type in order:
        counts = by_type[card_type]
        lines.append(f"  {card_type:<{width}}" + "".join(f"{counts[s]:>12,}" for s in STATUSES))
    return "\n".join(lines) + "\n"
