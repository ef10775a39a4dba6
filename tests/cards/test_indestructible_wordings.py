"""The importer reads indestructible (702.12) as the library's keyword: on a keyword line, its
reminder text dropped, and in a static that gives it to creatures; a sentence that gives it
to more than creatures stays unread."""

from __future__ import annotations

from sim.cards.recognize import recognize_face
from sim.cards.sources import Face

_REMINDER = (
    'Indestructible (Damage and effects that say "destroy" don\'t destroy this creature. If its'
    " toughness is 0 or less, it's still put into its owner's graveyard.)"
)


def test_702_12_darksteel_myrs_keyword_line_is_read() -> None:
    """CR 702.12a: "Indestructible" with its reminder text is the keyword, and nothing is left
    unread."""
    result = recognize_face(Face("Darksteel Myr", "{3}", "Artifact Creature — Myr", _REMINDER))
    assert (result.keywords, result.abilities, result.unmatched) == (["indestructible"], [], [])


def test_702_12b_a_static_giving_your_creatures_indestructible_is_a_grant() -> None:
    """CR 611.3a, 702.12b: "Creatures you control have indestructible." is grant_keyword."""
    text = "Creatures you control have indestructible."
    result = recognize_face(Face("Shield Sphere", "{3}", "Enchantment", text))
    assert result.unmatched == []
    assert [dict(a) for a in result.abilities] == [
        {"template": "grant_keyword", "scope": "yours", "keyword": "indestructible"}
    ]


def test_702_12b_indestructible_for_more_than_creatures_is_not_read() -> None:
    """The grant templates give keywords to creatures only: "Artifacts, creatures,
    enchantments, and lands you control have indestructible" stays unread."""
    text = "Artifacts, creatures, enchantments, and lands you control have indestructible."
    result = recognize_face(Face("Emblem", "", "Enchantment", text))
    assert result.unmatched != []
