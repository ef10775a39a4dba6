"""Decklists in the MTGO/Arena text format: one ``COUNT NAME`` line per card.

What a line may be:

- ``4 Llanowar Elves``, ``4x Llanowar Elves``, ``4 Llanowar Elves (M19) 314`` (Arena: the set
  code in parentheses and the collector number are ignored); a name listed on several lines
  counts them all.
- A heading: ``Deck`` (or ``Main``, ``Maindeck``) starts the deck; ``Sideboard``,
  ``Companion``, ``Commander``, ``Maybeboard`` and ``About`` start a section that is ignored
  (Arena's ``Name ...`` line under ``About`` included). A trailing ``:`` is allowed.
- ``SB: 2 Negate``: a sideboard line (MTGO), ignored.
- Blank lines, and comments: a line starting with ``#`` or ``//``, and ``# ...`` at the end.
- MTGO's own export has no headings: the sideboard follows the deck after a blank line. So in
  a file without any heading, the first blank line after the deck's cards starts the
  sideboard; a file with headings may have blank lines anywhere.

Every problem is one line naming the file and the line, with a hint (``UserError``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from sim.config.reader import Reader
from sim.errors import echo

_MAIN = frozenset({"deck", "main", "maindeck", "main deck"})
_IGNORED = frozenset({"sideboard", "companion", "commander", "maybeboard", "about"})
_COUNT = re.compile(r"^(\S+?)x?\s+(.+)$")
_SET_CODE = re.compile(r"\s+\([A-Za-z0-9]{2,8}\)(?:\s+\S+)?$")
HINT_LINE = "a card line is COUNT NAME, e.g. 4 Llanowar Elves"


@dataclass(frozen=True)
class DeckLine:
    """One card line of a decklist: its count, the name as written, and its line number."""

    count: int
    name: str
    line: int


def _heading(text: str) -> str | None:
    word = text.rstrip(":").strip().lower()
    return word if word in _MAIN | _IGNORED else None


def _card_line(r: Reader, text: str, line: int, most: int) -> DeckLine:
    m = _COUNT.match(text)
    if m is None:
        raise r.fail(f"line {line}", f"{echo(text)} is not a card line", HINT_LINE)
    count_text, name = m.group(1), _SET_CODE.sub("", m.group(2)).strip()
    if not count_text.isdigit():
        raise r.fail(f"line {line}", f"{echo(count_text)} is not a card count", HINT_LINE)
    count = int(count_text)
    if not 1 <= count <= most:
        raise r.fail(f"line {line}", f"count {count} is out of range", f"between 1 and {most}")
    return DeckLine(count, name, line)


def parse_decklist(text: str, source: str, most: int) -> tuple[list[DeckLine], bool]:
    """The deck's card lines (sideboard and other ignored sections left out), and whether a
    blank line with no heading in the file started a sideboard (MTGO). ``most`` bounds a
    line's count."""
    r = Reader(source)
    lines = [raw.split("#", 1)[0].strip() for raw in text.splitlines()]
    headed = any(_heading(t) is not None for t in lines if t and not t.startswith("//"))
    cards: list[DeckLine] = []
    skipping, split_by_blank = False, False
    for number, line in enumerate(lines, 1):
        if line.startswith("//"):
            continue
        if not line:
            if not headed and cards and not skipping:
                skipping, split_by_blank = True, True
            continue
        heading = _heading(line)
        if heading is not None:
            skipping = heading in _IGNORED
            continue
        if skipping or line.lower().startswith("sb:"):
            continue
        cards.append(_card_line(r, line, number, most))
    return cards, split_by_blank


def read_decklist(path: Path, where: str, r: Reader, most: int) -> tuple[list[DeckLine], bool]:
    """``parse_decklist`` of the file at ``path``; a file that cannot be read is one line
    naming ``where`` (the key that names it) in ``r``'s file."""
    try:
        text = path.read_text("utf-8-sig")  # an export may begin with a byte-order mark
    except FileNotFoundError:
        raise r.fail(
            where, f"no such file {echo(str(path))}", "the path is relative to the experiment file"
        ) from None
    except IsADirectoryError:
        raise r.fail(where, f"{echo(str(path))} is a folder, not a decklist") from None
    except (OSError, UnicodeDecodeError) as err:
        raise r.fail(where, f"cannot read {echo(str(path))}: {err}") from None
    return parse_decklist(text, str(path), most)
