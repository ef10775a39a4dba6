"""Card objects from Scryfall's bulk "Oracle Cards" file or MTGJSON's AtomicCards.json, read
as a stream and put in one shape: a ``CardObject`` with its faces.

Scryfall's file is a top-level array of card objects; MTGJSON's is ``{"meta": ..., "data":
{name: [face, ...]}}``. The first character tells which. Objects that are not cards one plays
with (tokens, emblems, art cards, Un-set cards, digital-only cards, memorabilia) carry the
reason they are skipped.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sim.cards.jsonstream import JsonStream
from sim.errors import UserError, echo

SCRYFALL, MTGJSON = "Scryfall Oracle Cards", "MTGJSON AtomicCards"
_HINT_FILE: Final = "give Scryfall's Oracle Cards bulk file or MTGJSON's AtomicCards.json"

# Why an object is skipped, by layout (Scryfall and MTGJSON spell these the same way).
_SKIP_LAYOUTS: Final = {
    "token": "a token",
    "double_faced_token": "a token",
    "emblem": "an emblem",
    "art_series": "an art card",
    "planar": "a plane or phenomenon (Planechase)",
    "scheme": "a scheme (Archenemy)",
    "vanguard": "a vanguard",
    "augment": "an Un-set card (augment)",
    "host": "an Un-set card (host)",
}
_SKIP_SET_TYPES: Final = {
    "funny": "an Un-set card (set type funny)",
    "token": "a token",
    "memorabilia": "memorabilia (not a card for play)",
    "alchemy": "digital-only (Alchemy)",
}


@dataclass(frozen=True)
class Face:
    """One face of a card as printed in Oracle: what the recognizer reads."""

    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    power: str | None = None
    toughness: str | None = None
    color_indicator: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardObject:
    """One card object of the file (one COVERAGE.csv row): its faces, or why it is skipped."""

    name: str
    layout: str
    faces: tuple[Face, ...]
    skip: str = ""  # why the object is skipped ("" = read it)


def read_cards(path: Path) -> Iterator[CardObject]:
    """The card objects of ``path`` (either format), streamed; ``UserError`` on a file that
    cannot be read or is not one of the two shapes."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            stream = JsonStream(f, str(path))
            first = stream.peek()
            if first == "[":
                yield from _scryfall(stream)
            elif first == "{":
                yield from _mtgjson(stream)
            else:
                shown = repr(first) if first else "an empty file"
                raise stream.fail(f"starts with {shown}, not an array or object", _HINT_FILE)
            stream.end()
    except FileNotFoundError:
        raise UserError(f"{path}: no such file (hint: {_HINT_FILE})") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a folder, not a JSON file (hint: {_HINT_FILE})") from None
    except UnicodeDecodeError as err:
        raise UserError(f"{path}: not UTF-8 text ({err.reason}) (hint: {_HINT_FILE})") from None
    except OSError as err:
        raise UserError(f"{path}: cannot read ({err.strerror or err})") from None


def _scryfall(stream: JsonStream) -> Iterator[CardObject]:
    for i, raw in enumerate(stream.array()):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            what = f"a {raw.get('object', 'JSON')} object" if isinstance(raw, dict) else echo(raw)
            raise stream.fail(f"element [{i}] is {what}, not a card with a name", _HINT_FILE)
        if raw.get("object", "card") != "card":
            raise stream.fail(f"element [{i}] is a {raw['object']!r} object", _HINT_FILE)
        yield _from_scryfall(raw)


def _text(raw: Mapping[str, Any], key: str) -> str:
    value = raw.get(key)
    return value if isinstance(value, str) else ""


def _number(raw: Mapping[str, Any], key: str) -> str | None:
    value = raw.get(key)
    return None if value is None else str(value)


def _scryfall_face(raw: Mapping[str, Any], card: Mapping[str, Any]) -> Face:
    """A face; a single-faced card is its own face (``card`` gives what faces leave out)."""
    indicator = raw.get("color_indicator") or card.get("color_indicator") or ()
    return Face(
        name=_text(raw, "name"),
        mana_cost=_text(raw, "mana_cost"),
        type_line=_text(raw, "type_line") or _text(card, "type_line"),
        oracle_text=_text(raw, "oracle_text"),
        power=_number(raw, "power"),
        toughness=_number(raw, "toughness"),
        color_indicator=tuple(str(c) for c in indicator),
    )


def _scryfall_skip(raw: Mapping[str, Any]) -> str:
    layout, set_type = _text(raw, "layout"), _text(raw, "set_type")
    if layout in _SKIP_LAYOUTS:
        return _SKIP_LAYOUTS[layout]
    if set_type in _SKIP_SET_TYPES:
        return _SKIP_SET_TYPES[set_type]
    if raw.get("digital") is True:
        return "digital-only"
    if "Token" in _text(raw, "type_line").split() or "Emblem" in _text(raw, "type_line"):
        return "a token" if "Token" in _text(raw, "type_line") else "an emblem"
    return ""


def _from_scryfall(raw: Mapping[str, Any]) -> CardObject:
    faces = raw.get("card_faces")
    if isinstance(faces, list) and faces and all(isinstance(f, dict) for f in faces):
        read = tuple(_scryfall_face(f, raw) for f in faces)
    else:
        read = (_scryfall_face(raw, raw),)
    return CardObject(_text(raw, "name"), _text(raw, "layout"), read, _scryfall_skip(raw))


def _mtgjson(stream: JsonStream) -> Iterator[CardObject]:
    found = False
    for key in stream.object_keys():
        if key != "data":
            stream.value()  # "meta": small, read and dropped
            continue
        found = True
        if stream.peek() != "{":
            raise stream.fail("data is not an object of card names", _HINT_FILE)
        for name in stream.object_keys():
            faces = stream.value()
            if not isinstance(faces, list) or not all(isinstance(f, dict) for f in faces):
                raise stream.fail(f"data[{echo(name)}] is not a list of card faces", _HINT_FILE)
            yield _from_mtgjson(name, faces)
    if not found:
        raise stream.fail('no "data" object: not an AtomicCards file', _HINT_FILE)


def _mtgjson_face(raw: Mapping[str, Any], card_name: str) -> Face:
    return Face(
        name=_text(raw, "faceName") or _text(raw, "name") or card_name,
        mana_cost=_text(raw, "manaCost"),
        type_line=_text(raw, "type"),
        oracle_text=_text(raw, "text"),
        power=_number(raw, "power"),
        toughness=_number(raw, "toughness"),
        color_indicator=tuple(str(c) for c in raw.get("colorIndicator") or ()),
    )


def _mtgjson_skip(first: Mapping[str, Any], name: str) -> str:
    layout = _text(first, "layout")
    if layout in _SKIP_LAYOUTS:
        return _SKIP_LAYOUTS[layout]
    if first.get("isFunny") is True:
        return "an Un-set card (isFunny)"
    if name.startswith("A-") or first.get("isOnlineOnly") is True:
        return "digital-only"
    return ""


def _from_mtgjson(name: str, entries: list[dict[str, Any]]) -> CardObject:
    """MTGJSON lists each face of a card (``side`` a, b, ...); a name shared by two different
    cards (some Un-set cards) keeps the first of each side."""
    if not entries:
        return CardObject(name, "", (), "no faces in the file")
    sides: dict[str, Mapping[str, Any]] = {}
    for entry in entries:
        sides.setdefault(_text(entry, "side") or "a", entry)
    faces = tuple(_mtgjson_face(sides[s], name) for s in sorted(sides))
    return CardObject(name, _text(entries[0], "layout"), faces, _mtgjson_skip(entries[0], name))
