"""Oracle sentences to ability templates: the closed vocabulary of ``engine.library.TEMPLATES``
read back from the wording printed on real cards.

The wordings themselves are in ``sim.cards.wordings``. Each rule is one regular expression
over normalized Oracle text (``CARDNAME`` for the card's own name) and a function from its
match to the abilities it stands for. A rule may span sentences and lines (Toxic Deluge's cost
line and effect line are one ability). Sentences the simulation deliberately ignores are
``INERT``: they are consumed and give no ability, as the shipped library leaves them out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from engine.library import KEYWORDS, LibraryError, parse_mana_cost

Params = dict[str, Any]
Found = tuple[list[Params], list[str]]  # abilities as [[card]] tables, keywords
Build = Callable[[re.Match[str]], Found | None]  # None: the match does not fit after all

N: Final = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_WORDS: Final = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)
_NUMBERS: Final = {"a": 1, "an": 1} | {word: i for i, word in enumerate(_WORDS)}
KIND: Final = r"([+-]\d+/[+-]\d+|[a-z]+)"  # a counter kind: +1/+1, -1/-1, charge, ...
PT: Final = r"([+-]\d+)/([+-]\d+)"
TYPE: Final = r"\{([WUBRGC])\}"
KW: Final = "(" + "|".join(sorted(KEYWORDS)) + ")"

# The groups of creatures a static or triggered ability names, by wording.
SCOPES: Final = {
    "Creatures you control": "yours",
    "All creatures": "all",
    "All other creatures": "other",
    "Other creatures you control": "other_yours",
    "Creatures your opponents control": "opponents",
    "Other non-Human creatures you control": "other_non_human_yours",
}
SCOPE: Final = "(" + "|".join(sorted(SCOPES, key=len, reverse=True)) + ")"


@dataclass(frozen=True)
class Rule:
    """One wording: ``pattern`` matched at a sentence start, ``build`` gives the abilities."""

    name: str
    pattern: re.Pattern[str]
    build: Build


def number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def mana(cost: str, generic_only: bool = False, with_x: bool = False) -> str | None:
    """``cost`` if it is plain mana symbols (and only generic ones when ``generic_only``; an X
    among them only ``with_x``)."""
    try:
        parsed = parse_mana_cost(cost)
    except LibraryError:
        return None
    if (parsed.x_count and not with_x) or (generic_only and parsed.colored):
        return None
    return cost


def one(template: str, **params: Any) -> Found:
    return [{"template": template, **params}], []


def fixed(name: str, pattern: str, template: str, **params: Any) -> Rule:
    """A wording that always stands for one template with fixed parameters."""
    return Rule(name, re.compile(pattern), lambda m: one(template, **params))


def inert(name: str, pattern: str) -> Rule:
    """A sentence the simulation ignores on purpose (no ability), as the shipped library does."""
    return Rule(name, re.compile(pattern), lambda m: ([], []))
