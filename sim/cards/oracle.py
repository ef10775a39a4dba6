"""Oracle text made ready for matching: reminder text removed, the card's own name replaced by
``CARDNAME``, old wordings brought to today's, bullet lines joined to their "Choose" line.

Recognition then compares sentences with today's Oracle wording only, once.
"""

from __future__ import annotations

import re
from typing import Final

SELF: Final = "CARDNAME"

_REMINDER: Final = re.compile(r" ?\([^()]*\)")
# Today's wording for an older one (Oracle text as Scryfall and MTGJSON served it over the
# years; CR 603.6a: "enters" is the 2024 short form of "enters the battlefield").
_OLD_WORDINGS: Final = (
    (re.compile(r"\benters the battlefield\b"), "enters"),
    (re.compile(r"\bis put into a graveyard from the battlefield\b"), "dies"),
    (re.compile(r"\bare put into a graveyard from the battlefield\b"), "die"),
    (re.compile(r"\bhe or she\b"), "they"),
    (re.compile(r"\bhis or her\b"), "their"),
    (re.compile(r"\bhim or her\b"), "them"),
    (re.compile(r"(\{[^}]+\}) to your mana pool\b"), r"\1"),
    (re.compile(r"\b(?:This|this) (?:creature|artifact|enchantment|land|permanent|spell)\b"), SELF),
)


def self_names(name: str) -> list[str]:
    """How a card's text names the card itself: its full name and, for a legendary name with
    a comma ("Mikaeus, the Unhallowed"), the short name before it (CR 201.5a)."""
    names = [name]
    if ", " in name:
        names.append(name.split(", ")[0])
    return names


def normalize(text: str, name: str) -> str:
    """The Oracle text of one face in matching form (lines kept, reminder text removed)."""
    text = text.replace("\u2212", "-").replace("\r\n", "\n")
    text = _REMINDER.sub("", text)
    for short in self_names(name):
        text = re.sub(rf"(?<![\w'-]){re.escape(short)}(?![\w'-])", SELF, text)
    for pattern, today in _OLD_WORDINGS:
        text = pattern.sub(today, text)
    lines = [line.strip() for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def restore(sentence: str, name: str) -> str:
    """A normalized sentence with the card's name back, for COVERAGE.csv."""
    return sentence.replace(SELF, name)
