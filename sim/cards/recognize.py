"""Recognize a card object's Oracle text into library abilities, and give it a status.

A face is read sentence by sentence: at each sentence start the longest rule of
``sim.cards.wordings`` that ends on a sentence boundary is taken; a sentence no rule takes is
kept as the reason. A card is ``recognized`` only when every sentence of every face is taken
and the library accepts its characteristics; a card with some abilities found and some
sentences left is ``partial`` and is never written as if it were complete.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from engine.library import CARD_TYPES, KEYWORDS, LibraryError, card_from_dict
from sim.cards.oracle import normalize, restore
from sim.cards.rules import Params
from sim.cards.sources import CardObject, Face
from sim.cards.wordings import RULES

RECOGNIZED, PARTIAL, UNSUPPORTED, SKIPPED = "recognized", "partial", "unsupported", "skipped"
STATUSES: Final = (RECOGNIZED, PARTIAL, UNSUPPORTED, SKIPPED)

SUPERTYPES: Final = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Host", "Elite"})
_OLD_TYPES: Final = {"Tribal": "Kindred"}  # CR 308: Tribal was renamed Kindred in 2024
# CR 305.6: a land with a basic land type has that type's intrinsic mana ability.
_BASIC_MANA: Final = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_SENTENCE: Final = re.compile(r"[^\n]*?[.](?=[ \n]|$)|[^\n]+")


@dataclass
class FaceResult:
    """What one face gave: its [[card]] table, or the first reason it cannot be one."""

    face: Face
    abilities: list[Params] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)  # sentences no rule took, in order
    problem: str = ""  # a characteristic the library cannot hold
    table: dict[str, Any] | None = None  # the validated [[card]] table

    @property
    def found_any(self) -> bool:
        return bool(self.abilities or self.keywords)


@dataclass(frozen=True)
class Coverage:
    """One COVERAGE.csv row, with the [[card]] tables of a recognized object."""

    name: str
    status: str
    templates: str
    reason: str
    types: str
    tables: tuple[dict[str, Any], ...] = ()


def _keyword_line(line: str) -> list[str] | None:
    """``Flying, haste``: the library keywords of a keyword-only line, else None."""
    words = [w.strip().lower() for w in line.split(",")]
    return words if all(w in KEYWORDS for w in words) else None


def _longest_rule(text: str, pos: int) -> tuple[int, list[Params], list[str]] | None:
    best: tuple[int, list[Params], list[str]] | None = None
    for rule in RULES:
        m = rule.pattern.match(text, pos)
        if m is None or (m.end() < len(text) and text[m.end()] not in " \n"):
            continue
        if best is not None and m.end() <= best[0]:
            continue
        found = rule.build(m)
        if found is not None:
            best = (m.end(), *found)
    return best


def read_sentences(text: str, result: FaceResult) -> None:
    """Take ``text`` (normalized Oracle text) apart into ``result``'s abilities, keywords and
    unmatched sentences."""
    pos = 0
    while pos < len(text):
        line_end = text.find("\n", pos)
        line_end = len(text) if line_end < 0 else line_end
        keywords = _keyword_line(text[pos:line_end]) if line_end > pos else None
        if keywords is not None:
            result.keywords += keywords
            pos = line_end
        elif (taken := _longest_rule(text, pos)) is not None:
            pos, abilities, more = taken
            result.abilities += abilities
            result.keywords += more
        else:
            sentence = _SENTENCE.match(text, pos)
            end = sentence.end() if sentence else line_end
            result.unmatched.append(text[pos:end])
            pos = end
        while pos < len(text) and text[pos] in " \n":
            pos += 1


def split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """Supertypes, card types and subtypes of ``Legendary Creature — Elf Druid``."""
    left, _, right = type_line.partition("—")
    words = [_OLD_TYPES.get(w, w) for w in left.split()]
    supertypes = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    return supertypes, types, right.split()


def _characteristics(face: Face) -> tuple[dict[str, Any], str]:
    """The [[card]] keys other than abilities, or the reason the library cannot hold them."""
    supertypes, types, subtypes = split_type_line(face.type_line)
    table: dict[str, Any] = {"name": face.name, "mana_cost": face.mana_cost}
    table |= {"supertypes": supertypes, "types": types, "subtypes": subtypes}
    outside = [t for t in types if t not in CARD_TYPES]
    if outside or not types:
        return table, f"type {' '.join(outside) or '(none)'} is not in the library's card types"
    if "Creature" in types:
        try:
            table["power"], table["toughness"] = int(face.power or ""), int(face.toughness or "")
        except ValueError:
            return table, f"power/toughness {face.power}/{face.toughness} is not a number"
    if face.color_indicator:
        table["color_indicator"] = list(face.color_indicator)
    return table, ""


def _intrinsic_mana(table: dict[str, Any]) -> list[Params]:
    if "Land" not in table["types"]:
        return []
    return [
        {"template": "mana_fixed", "produce": _BASIC_MANA[s]}
        for s in table["subtypes"]
        if s in _BASIC_MANA
    ]


def recognize_face(face: Face) -> FaceResult:
    """Recognize one face; ``table`` is set only when every sentence was taken."""
    result = FaceResult(face)
    read_sentences(normalize(face.oracle_text, face.name), result)
    table, result.problem = _characteristics(face)
    result.abilities = _intrinsic_mana(table) + result.abilities
    if result.problem or result.unmatched:
        return result
    table["keywords"] = list(dict.fromkeys(result.keywords))
    table["oracle"] = face.oracle_text
    table["abilities"] = result.abilities
    try:
        card_from_dict(table)
    except LibraryError as err:
        result.problem = str(err)
        return result
    result.table = {k: v for k, v in table.items() if v or k in ("mana_cost", "oracle")}
    result.table |= {k: table[k] for k in ("power", "toughness") if k in table}
    return result


def _types_of(obj: CardObject) -> str:
    seen: dict[str, None] = {}
    for face in obj.faces:
        seen |= dict.fromkeys(split_type_line(face.type_line)[1])
    return " ".join(t for t in seen if t != "Token")


def classify(obj: CardObject) -> Coverage:
    """The COVERAGE.csv row of one card object (and its tables when recognized)."""
    types = _types_of(obj)
    if obj.skip:
        return Coverage(obj.name, SKIPPED, "", obj.skip, types)
    if not obj.faces:
        return Coverage(obj.name, UNSUPPORTED, "", "no card faces", types)
    results = [recognize_face(face) for face in obj.faces]
    found = [k for r in results for k in r.keywords] + [
        str(a["template"]) for r in results for a in r.abilities
    ]
    templates = " ".join(dict.fromkeys(found))
    problem = next((r for r in results if r.problem), None)
    if problem is not None:
        return Coverage(obj.name, UNSUPPORTED, templates, problem.problem, types)
    left = next((r for r in results if r.unmatched), None)
    if left is not None:
        status = PARTIAL if any(r.found_any for r in results) else UNSUPPORTED
        reason = restore(left.unmatched[0], left.face.name)
        return Coverage(obj.name, status, templates, reason, types)
    tables = tuple(r.table for r in results if r.table is not None)
    return Coverage(obj.name, RECOGNIZED, templates, "", types, tables)
