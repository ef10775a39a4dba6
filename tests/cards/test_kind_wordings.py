"""The wordings of statics that name a subtype (205.3) or a color (105.2) of the creatures
they change, read into ``creatures_get`` with ``subtype`` or ``color``; and the sentences
that look alike but name another group, which must not be read as a creature type."""

from __future__ import annotations

from typing import Any

import pytest

from engine.library import card_from_dict
from sim.cards.recognize import recognize_face
from sim.cards.sources import Face
from sim.cards.wordings import singular


def _abilities(text: str) -> list[dict[str, Any]] | None:
    """The abilities ``text`` is read into (their parameters, defaults filled in), or None
    when it is not read."""
    result = recognize_face(Face("Test Lord", "{2}", "Enchantment", text))
    if result.table is None or result.unmatched:
        return None
    return [{"template": a.template, **a.params} for a in card_from_dict(result.table).abilities]


def _get(scope: str, power: int = 1, toughness: int = 1, **kind: str) -> list[dict[str, Any]]:
    return [
        {
            "template": "creatures_get",
            "scope": scope,
            "power": power,
            "toughness": toughness,
            "subtype": kind.get("subtype", ""),
            "color": kind.get("color", ""),
        }
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Other Elf creatures you control get +1/+1.", _get("other_yours", subtype="Elf")),
        ("Other Elves you control get +1/+1.", _get("other_yours", subtype="Elf")),
        ("Other Merfolk get +1/+1.", _get("other", subtype="Merfolk")),
        ("All Sliver creatures get +1/+1.", _get("all", subtype="Sliver")),
        ("Sliver creatures you control get +1/+1.", _get("yours", subtype="Sliver")),
        ("Zombie creatures you control get +2/+1.", _get("yours", 2, 1, subtype="Zombie")),
        ("White creatures you control get +1/+1.", _get("yours", color="W")),
        ("White creatures get +1/+1.", _get("all", color="W")),
        ("Other black creatures get +1/+1.", _get("other", color="B")),
        ("Green creatures your opponents control get -1/-1.", None),
    ],
)
def test_205_3_105_2_a_static_naming_a_subtype_or_a_color(
    text: str, expected: list[dict[str, Any]] | None
) -> None:
    """CR 205.3, 105.2, 611.3a: the scope ("other", "you control", neither: every player's),
    the subtype, singular or plural, and the color are read as the sentence says them."""
    assert _abilities(text) == expected


def _has(scope: str, keyword: str, **kind: str) -> dict[str, Any]:
    return {
        "template": "grant_keyword",
        "scope": scope,
        "keyword": keyword,
        "subtype": kind.get("subtype", ""),
        "color": kind.get("color", ""),
        "objects": kind.get("objects", "creatures"),
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Other Knight creatures you control get +1/+1 and have indestructible.",
            [
                *_get("other_yours", subtype="Knight"),
                _has("other_yours", "indestructible", subtype="Knight"),
            ],
        ),
        ("Sliver creatures you control have flying.", [_has("yours", "flying", subtype="Sliver")]),
        (
            "Other Zombies you control have deathtouch.",
            [_has("other_yours", "deathtouch", subtype="Zombie")],
        ),
        ("White creatures you control have vigilance.", [_has("yours", "vigilance", color="W")]),
        ("Other creatures you control have haste.", [_has("other_yours", "haste")]),
        (
            "Artifacts you control have indestructible.",
            [_has("yours", "indestructible", objects="artifacts")],
        ),
        (
            "Test Lord and other permanents you control have indestructible.",
            [_has("yours", "indestructible", objects="permanents")],
        ),
        (
            "Other permanents you control have hexproof.",
            [_has("other_yours", "hexproof", objects="permanents")],
        ),
        (
            "Other Goblins get +1/+1 and have mountainwalk.",
            [*_get("other", subtype="Goblin"), _has("other", "mountainwalk", subtype="Goblin")],
        ),
    ],
)
def test_611_3a_a_keyword_given_to_creatures_of_a_kind(
    text: str, expected: list[dict[str, Any]]
) -> None:
    """CR 611.3a, 205.3, 105.2: "have KEYWORD" to creatures named by a subtype or a color (or
    to the other creatures you control; or to artifacts or permanents: Darksteel Forge,
    Avacyn, Privileged Position) is grant_keyword with that scope, kind and objects; besides
    "get +N/+N", both abilities name the same creatures (Knight Exemplar; Goblin King's
    "Other Goblins", every player's, with mountainwalk: 702.14)."""
    assert _abilities(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Tokens you control get +1/+1.",
        "Nontoken creatures you control get +1/+1.",
        "Artifact creatures you control get +1/+1.",
        "Attacking creatures you control get +1/+0.",
        "Legendary creatures you control get +1/+1.",
        "Equipped creatures get +1/+1.",
        "Other Goblins get +1/+1 and have shroud.",
        "Planeswalkers you control have hexproof.",
        "All other Slivers have flying.",
    ],
)
def test_205_3m_a_group_that_is_no_creature_type_is_not_read_as_one(text: str) -> None:
    """CR 205.3m: "Tokens", "Nontoken", "Artifact", "Attacking", "Legendary", "Equipped" and
    "Planeswalkers" are not creature types, so these name no subtype, and no static of the
    vocabulary is read from them; a keyword the library does not have (shroud) given
    besides the +N/+N leaves the sentence unread (never read as a lord without it), as does
    a scope no template takes ("All other")."""
    assert _abilities(text) is None


@pytest.mark.parametrize(
    ("plural", "type_line"),
    [
        ("Elves", "Elf"),
        ("Wolves", "Wolf"),
        ("Dwarves", "Dwarf"),
        ("Merfolk", "Merfolk"),
        ("Goblins", "Goblin"),
        ("Zombies", "Zombie"),
        ("Faeries", "Faerie"),
    ],
)
def test_205_3m_a_plural_creature_type_is_the_type_lines_word(plural: str, type_line: str) -> None:
    assert singular(plural) == type_line
