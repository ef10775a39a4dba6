"""The wordings of real wipes (issue #14): each new reading, and each clause read as changing
nothing, with the reason that is true of what the engines model."""

from __future__ import annotations

import pytest

from engine.library import Ability, card_from_dict, library
from sim.cards.recognize import recognize_face
from sim.cards.sources import Face
from sim.config.scenario import _ACTIONS
from tests.helpers import board, cast, run


def _abilities(text: str) -> tuple[Ability, ...]:
    """The abilities ``text`` is read into, validated (defaults filled in) as the library's."""
    result = recognize_face(Face("Test Wipe", "{2}", "Sorcery", text))
    assert result.table is not None, (result.unmatched, result.problem)
    return card_from_dict(result.table).abilities


def _builtin(name: str) -> tuple[Ability, ...]:
    return library()[name.lower()].abilities


def test_601_2f_a_cost_reduction_changes_nothing_a_cast_pays_no_mana() -> None:
    """CR 601.2f; SPEC section 3: a ``cast`` assumes its mana cost was paid outside the
    scenario, so Vanquish the Horde is Wrath of God there: B casts it with empty pools."""
    text = "This spell costs {1} less to cast for each creature on the battlefield."
    assert _abilities(f"{text}\nDestroy all creatures.") == _abilities("Destroy all creatures.")
    out = run(board("bears: Grizzly Bears @A"), [cast("Wrath of God", by="B")])
    assert out["rejected"] == [] and out["battlefield"] == []


def test_702_8a_flash_for_an_extra_cost_changes_nothing_a_cast_has_no_timing() -> None:
    """CR 702.8a, 307.1: Rout may be cast as though it had flash; no scenario checks when a
    sorcery is cast (B casts Wrath of God in A's turn), and the extra {2} is mana: Rout is
    Wrath of God there."""
    rout = (
        "You may cast this spell as though it had flash if you pay {2} more to cast it.\n"
        "Destroy all creatures. They can't be regenerated."
    )
    assert _abilities(rout) == _abilities("Destroy all creatures.")
    out = run(board("bears: Grizzly Bears @A"), [cast("Wrath of God", by="B")], active="A")
    assert out["graveyard"]["A"] == ["Grizzly Bears"]


@pytest.mark.parametrize("keyword", ["Cycling {3}", "Cycling {1}{R}", "Miracle {W}"])
def test_702_29a_702_94a_abilities_from_a_hand_or_a_draw_change_nothing(keyword: str) -> None:
    """CR 702.29a (cycling works only while the card is in a hand), 702.94a (miracle only as
    it is drawn): a scenario has no action that cycles or draws (cards are cast from outside
    it), so Sweltering Suns is Pyroclasm's template with 3, Terminus Hallowed Burial."""
    assert not {"cycle", "draw"} & set(_ACTIONS)
    text = "Put all creatures on the bottom of their owners' libraries."
    assert _abilities(f"{text}\n{keyword}") == _builtin("Hallowed Burial")


def test_701_22a_scry_changes_nothing_the_simulation_holds() -> None:
    """CR 701.22a: scry orders the top of a library; no library's order is held or shown
    (the outcome has no library), as Viscera Seer's "Scry 1" is read."""
    assert _abilities("All creatures get -2/-2 until end of turn. Scry 1.") == _builtin("Infest")
    out = run(board("bears: Grizzly Bears @A"), [cast("Infest")])
    assert "library" not in out


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("Destroy each creature with mana value 3 or less.", "Consume the Meek"),
        ("Destroy each creature with converted mana cost 3 or less.", "Consume the Meek"),
        ("Destroy all creatures you don't control. They can't be regenerated.", "Plague Wind"),
        (
            "Destroy all creatures. You gain 1 life for each creature destroyed this way.",
            "Fumigate",
        ),
        ("Destroy all nonland permanents.", "Planar Cleansing"),
        ("Test Wipe deals 6 damage to each creature and each player.", "Inferno"),
        (
            "Test Wipe deals X damage to each creature without flying and each player.",
            "Earthquake",
        ),
        ("Creatures your opponents control get -1/-1 until end of turn.", "Cower in Fear"),
        ("Exile all creatures.", "Final Judgment"),
        ("Return all permanents to their owners' hands.", "Upheaval"),
        ("Test Wipe deals 2 damage to each creature that isn't a Pirate.", "Fiery Cannonade"),
        ("All creatures get -1/-1 until end of turn for each Swamp you control.", "Mutilate"),
        ("Each player sacrifices a creature.", "Innocent Blood"),
        (
            "Choose one —\n• Test Wipe deals 3 damage to each creature.\n"
            "• Test Wipe deals 3 damage to each player.",
            "Slagstorm",
        ),
        (
            "Test Wipe enters tapped.\n"
            "{1}, {T}: Destroy all artifacts, creatures, and enchantments.",
            "Nevinyrral's Disk",
        ),
        (
            "{B}: Test Wipe deals 1 damage to each creature and each player.",
            "Thrashing Wumpus",
        ),
        (
            "At the beginning of the end step, if no creatures are on the battlefield, "
            "sacrifice Test Wipe.\n"
            "{B}: Test Wipe deals 1 damage to each creature and each player.",
            "Pestilence",
        ),
        (
            "{X}: Test Wipe deals X damage to each creature and each player. Spend only black "
            "mana on X.",
            "Crypt Rats",
        ),
        (
            "Destroy all creatures. Lands you control don't untap during your next untap step.",
            "Bontu's Last Reckoning",
        ),
    ],
)
def test_modern_and_old_wipe_wordings_give_the_library_abilities(text: str, card: str) -> None:
    """Each wording reads into exactly the abilities of the library's card (old wordings:
    "converted mana cost", CR 202.3, renamed mana value in 2021)."""
    assert _abilities(text) == _builtin(card)


def test_701_21a_each_opponent_sacrifices_is_read_as_the_opponents_only() -> None:
    """CR 701.21a: Liliana's Triumph's first sentence: the caster sacrifices nothing."""
    (found,) = _abilities("Each opponent sacrifices a creature.")
    assert found.template == "each_player_sacrifices_creatures"
    assert (found.number("amount"), found.text("who")) == (1, "opponents")


def test_damage_to_each_creature_without_flying_alone_is_read_too() -> None:
    """Without "and each player" only creatures are dealt damage."""
    (found,) = _abilities("Test Wipe deals 2 damage to each creature without flying.")
    assert found.template == "damage_each_creature"
    assert (found.number("amount"), found.flag("without_flying")) == (2, True)
    assert not found.flag("each_player") and not found.flag("by_x")


def test_activated_damage_to_each_creature_without_flying_is_read_with_its_cost() -> None:
    """CR 602.1: the cost before the colon ({1}{R}, {T}) is the ability's; without "and each
    player" only creatures without flying are dealt damage."""
    (found,) = _abilities("{1}{R}, {T}: Test Wipe deals 2 damage to each creature without flying.")
    assert found.template == "activated_damage_each_creature"
    assert (found.number("amount"), found.text("cost"), found.flag("tap")) == (2, "{1}{R}", True)
    assert found.flag("without_flying") and not found.flag("each_player")


def test_602_2b_an_x_amount_needs_an_x_in_the_activation_cost() -> None:
    """CR 602.2b, 601.2b: X is announced as the cost is paid, so "deals X damage" is read only
    with an {X} in the cost (Crypt Rats); an X in the cost of a fixed amount is not read."""
    (found,) = _abilities("{X}{B}, {T}: Test Wipe deals X damage to each creature without flying.")
    assert (found.number("amount"), found.flag("by_x"), found.text("cost")) == (1, True, "{X}{B}")
    assert found.flag("tap") and found.flag("without_flying")
    for text in (
        "{2}: Test Wipe deals X damage to each creature and each player.",
        "{X}: Test Wipe deals 1 damage to each creature and each player.",
    ):
        result = recognize_face(Face("Test Wipe", "{2}{B}", "Creature — Rat", text))
        assert len(result.unmatched) == 1 and not result.abilities, text
