"""The card library: every card SPEC section 3 names, as validated data."""

from __future__ import annotations

import pytest

from engine.library import LibraryError, find_card, library, load_library, parse_mana_cost

SPEC_CARDS = """Kitchen Finks, Safehold Elite, Murderous Redcap, Young Wolf,
Mikaeus, the Unhallowed, Melira, Sylvok Outcast, Vizier of Remedies, Massacre Girl,
Massacre Wurm, Hangarback Walker,
Walking Ballista, Grizzly Bears, Llanowar Elves, Devoted Druid, Dryad Arbor, Pili-Pala, Nyxbloom
Ancient, Viscera Seer; Solemnity, Hardened Scales, Doubling Season, Glorious Anthem, Night of
Souls' Betrayal, Cauldron of Souls, Rest in Peace, Leyline of the Void, Fervor, Thousand-Year
Elixir, Cryptolith Rite, Springleaf Drum, Sol Ring, Fellwar Stone, Mana Reflection,
Contamination, Deep Water, Mana Flare, Heartbeat of Spring, Zendikar Resurgent, Wild Growth,
Leyline of Abundance; Wrath of God, Damnation, Pyroclasm, Anger of the Gods, Infest, Toxic
Deluge, Black Sun's Zenith, Merciless Eviction, Evacuation, Pale Moon; Plains, Island, Swamp,
Mountain, Forest, Wastes, Reflecting Pool, Exotic Orchard, Boros Garrison, Gaea's Cradle,
Gemstone Mine, Gemstone Caverns, Vivid Crag"""


def _spec_names() -> list[str]:
    text = " ".join(SPEC_CARDS.split()).replace(";", ",")
    parts = [p.strip() for p in text.split(",")]
    names, i = [], 0
    while i < len(parts):  # "Mikaeus, the Unhallowed" and "Melira, Sylvok Outcast" hold commas
        if parts[i] in ("Mikaeus", "Melira"):
            names.append(parts[i] + ", " + parts[i + 1])
            i += 2
        else:
            names.append(parts[i])
            i += 1
    return names


@pytest.mark.parametrize("name", _spec_names())
def test_every_spec_card_is_in_the_library_with_oracle_text(name: str) -> None:
    card = find_card(name)
    assert card is not None, name
    assert card.oracle or name == "Grizzly Bears"
    assert card.name == name


def test_lookup_is_case_insensitive() -> None:
    assert find_card("kitchen finks") is find_card("KITCHEN FINKS")


def test_202_3e_mana_value_counts_x_as_zero() -> None:
    """CR 202.3e: X is 0 outside the stack, so Hangarback Walker ({X}{X}) has mana value 0."""
    assert parse_mana_cost("{X}{X}").mana_value == 0
    assert parse_mana_cost("{1}{G/W}{G/W}").mana_value == 3


def test_105_2_colors_come_from_cost_and_indicator() -> None:
    assert library()["kitchen finks"].colors == {"G", "W"}
    assert library()["dryad arbor"].colors == {"G"}
    assert library()["hangarback walker"].colors == frozenset()


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ('name = "X"\ntypes = ["Sorcery"]\nabilities = [{ template = "nope" }]', "unknown ability"),
        ('name = "X"\ntypes = ["Sorcery"]\nabilities = [{ template = "etb_gain_life" }]', "needs"),
        ('name = "X"\ntypes = ["Creature"]', "power/toughness"),
        ('name = "X"\ntypes = ["Sorcery"]\nmana_cost = "{Q}"', "unknown symbol"),
        ('name = "X"\ntypes = ["Sorcery"]\ncolour = 1', "unknown key"),
        (
            'name = "X"\ntypes = ["Sorcery"]\n'
            'abilities = [{ template = "etb_gain_life", amount = "2" }]',
            "must be int",
        ),
        (
            'name = "X"\ntypes = ["Land"]\n'
            'abilities = [{ template = "mana_any_color", sacrifice_when_none = true }]',
            "sacrifice_when_none needs mana_any_color.remove_counter",
        ),
        (
            'name = "X"\ntypes = ["Enchantment"]\n'
            'abilities = [{ template = "grant_keyword", scope = "yours", keyword = "flyng" }]',
            "grant_keyword.keyword must be one of",
        ),
        (
            'name = "X"\ntypes = ["Instant"]\nabilities = [{ template = "creatures_get_until_eot",'
            ' power = 0, toughness = 0, keywords = ["indestructable"] }]',
            "creatures_get_until_eot.keywords must be one of",
        ),
        (
            'name = "X"\ntypes = ["Instant"]\nabilities = [{ template = "creatures_get_until_eot",'
            " power = 1, toughness = 1, permanents = true }]",
            "permanents excludes creatures_get_until_eot.power",
        ),
        (
            'name = "X"\ntypes = ["Sorcery"]\n'
            'abilities = [{ template = "exile_all_modal", modes = ["creaturs"] }]',
            "exile_all_modal.modes must be one of",
        ),
        (
            'name = "X"\ntypes = ["Land"]\n'
            'abilities = [{ template = "mana_fixed", produce = "Q" }]',
            "mana_fixed.produce must be mana symbols of WUBRGC",
        ),
        (
            'name = "X"\ntypes = ["Land"]\n'
            'abilities = [{ template = "mana_fixed", produce = "C", cost = "1" }]',
            "mana_fixed.cost must be a mana cost",
        ),
        (
            'name = "X"\ntypes = ["Sorcery"]\nabilities = [{ template = "lands_produce_until_eot",'
            ' lands = "all", produce = "CC" }]',
            "lands_produce_until_eot.produce must be one mana type",
        ),
    ],
)
def test_bad_card_data_is_rejected_at_load(entry: str, problem: str) -> None:
    with pytest.raises(LibraryError, match=problem):
        load_library("[[card]]\n" + entry)
