"""CR 302.6, 602.5a, 702.10c: summoning sickness and {T}/{Q} abilities (M1, M2).

CR 302.6: a creature's activated ability with {T} or {Q} in its cost can't be activated unless
the creature has been under its controller's control continuously since their most recent turn
began. 702.10c: haste lifts that. Thousand-Year Elixir lets its controller activate abilities of
creatures they control "as though those creatures had haste". Noncreature permanents are not
affected; a land creature (Dryad Arbor) is. Scenario ``since_turn_start = false`` means the
permanent came under its controller's control this turn.
"""

from __future__ import annotations

from typing import Any

from tests.helpers import board, permanent, pool, run, tap


def rules(out: dict[str, Any]) -> list[tuple[int, str]]:
    return [(r["action"], r["rule"]) for r in out["rejected"]]


def test_302_6_creature_that_just_arrived_cannot_tap_for_mana() -> None:
    """CR 302.6 (S18): Llanowar Elves that came under A's control this turn can't pay {T}."""
    out = run(board=board("x: Llanowar Elves @A sick"), actions=[tap("x")])
    assert rules(out) == [(0, "302.6")]
    assert out["rejected"][0]["reason"] == "summoning_sick"  # SPEC section 3's example
    assert pool(out) == {}
    assert permanent(out, "x")["tapped"] is False


def test_702_10c_fervor_haste_lets_a_new_creature_tap() -> None:
    """CR 702.10c (S19): Fervor gives A's creatures haste, so the new Elves make G."""
    out = run(
        board=board("fervor: Fervor @A", "x: Llanowar Elves @A sick"),
        actions=[tap("x")],
    )
    assert out["rejected"] == []
    assert pool(out) == {"G": 1}


def test_702_10c_opponents_fervor_gives_no_haste() -> None:
    """CR 702.10c: Fervor grants haste only to "creatures you control"; B's Fervor doesn't help
    A's new Elves."""
    out = run(
        board=board("fervor: Fervor @B", "x: Llanowar Elves @A sick"),
        actions=[tap("x")],
    )
    assert rules(out) == [(0, "302.6")]
    assert pool(out) == {}


def test_702_10c_granted_haste_lets_a_new_creature_tap() -> None:
    """CR 702.10c: a creature with haste (granted by an effect) may use {T} at once: G."""
    out = run(board=board("x: Llanowar Elves @A sick grant=haste"), actions=[tap("x")])
    assert out["rejected"] == []
    assert pool(out) == {"G": 1}


def test_302_6_thousand_year_elixir_acts_as_though_haste() -> None:
    """CR 302.6: Thousand-Year Elixir lets A activate its creatures' abilities as though they
    had haste: the new Elves make G."""
    out = run(
        board=board("elixir: Thousand-Year Elixir @A", "x: Llanowar Elves @A sick"),
        actions=[tap("x")],
    )
    assert out["rejected"] == []
    assert pool(out) == {"G": 1}


def test_302_6_opponents_thousand_year_elixir_does_not_help() -> None:
    """CR 302.6: the Elixir covers "creatures you control" only; B's Elixir leaves A's new
    Elves sick."""
    out = run(
        board=board("elixir: Thousand-Year Elixir @B", "x: Llanowar Elves @A sick"),
        actions=[tap("x")],
    )
    assert rules(out) == [(0, "302.6")]


def test_302_6_noncreature_sol_ring_taps_the_turn_it_arrives() -> None:
    """CR 302.6 (S20): the rule is about creatures only; a new Sol Ring makes CC."""
    out = run(board=board("x: Sol Ring @A sick"), actions=[tap("x")])
    assert out["rejected"] == []
    assert pool(out) == {"C": 2}


def test_302_6_noncreature_land_taps_the_turn_it_arrives() -> None:
    """CR 302.6: a land that is not a creature is not affected: a new Forest makes G."""
    out = run(board=board("x: Forest @A sick"), actions=[tap("x")])
    assert out["rejected"] == []
    assert pool(out) == {"G": 1}


def test_302_6_land_creature_dryad_arbor_is_affected() -> None:
    """CR 302.6: Dryad Arbor is a creature, so a new one can't tap; one controlled since the
    turn began makes G."""
    out = run(board=board("x: Dryad Arbor @A sick"), actions=[tap("x")])
    assert rules(out) == [(0, "302.6")]
    assert pool(out) == {}
    out = run(board=board("x: Dryad Arbor @A"), actions=[tap("x")])
    assert out["rejected"] == []
    assert pool(out) == {"G": 1}


def test_302_6_creature_that_stopped_being_a_creature_is_not_affected() -> None:
    """CR 302.6: the rule applies to creatures; Llanowar Elves that a resolved effect made a
    noncreature permanent may use its {T} ability the turn it arrived: G."""
    out = run(board=board("x: Llanowar Elves @A sick not_creature"), actions=[tap("x")])
    assert out["rejected"] == []
    assert pool(out) == {"G": 1}


def test_302_6_applies_to_the_untap_symbol() -> None:
    """CR 302.6, 107.6: a tapped Pili-Pala that arrived this turn can't pay {Q}; the Forests'
    GG stay unspent."""
    out = run(
        board=board(
            "x: Pili-Pala @A sick tapped",
            "f1: Forest @A",
            "f2: Forest @A",
        ),
        actions=[tap("f1"), tap("f2"), tap("x", color="B")],
    )
    assert rules(out) == [(2, "302.6")]
    assert pool(out) == {"G": 2}
    assert permanent(out, "x")["tapped"] is True


def test_302_6_granted_mana_ability_of_a_new_creature() -> None:
    """CR 302.6: Cryptolith Rite's granted "{T}: Add one mana of any color" is the creature's
    own {T} ability: a new Grizzly Bears can't use it, an old one makes the chosen R."""
    rite = "rite: Cryptolith Rite @A"
    out = run(board=board(rite, "x: Grizzly Bears @A sick"), actions=[tap("x", color="R")])
    assert rules(out) == [(0, "302.6")]
    assert pool(out) == {}
    out = run(board=board(rite, "x: Grizzly Bears @A"), actions=[tap("x", color="R")])
    assert out["rejected"] == []
    assert pool(out) == {"R": 1}


def test_302_6_pass_turn_cures_the_new_active_players_creatures() -> None:
    """CR 302.6: when B's turn begins, B has controlled B's Elves continuously since B's most
    recent turn began, so after ``pass_turn`` they make G for B."""
    out = run(
        board=board("x: Llanowar Elves @B sick"),
        actions=[{"do": "pass_turn"}, tap("x")],
    )
    assert out["rejected"] == []
    assert pool(out, "B") == {"G": 1}


def test_302_6_pass_turn_does_not_cure_the_other_players_creatures() -> None:
    """CR 302.6: A's Elves arrived during A's turn; after passing to B, A's most recent turn
    still began before A got them, so they stay sick."""
    out = run(board=board("x: Llanowar Elves @A sick"), actions=[{"do": "pass_turn"}, tap("x")])
    assert rules(out) == [(1, "302.6")]
    assert pool(out) == {}


def test_302_6_cast_creature_is_sick_until_its_controllers_next_turn() -> None:
    """CR 302.6: Llanowar Elves cast by A this turn can't tap now, nor on B's turn, but can on
    A's next turn (A -> B -> A): one G in A's pool at the end."""
    cast = {"do": "cast", "card": "Llanowar Elves", "by": "A", "id": "elves"}
    out = run(
        actions=[
            cast,
            tap("elves"),
            {"do": "pass_turn"},
            tap("elves"),
            {"do": "pass_turn"},
            tap("elves"),
        ]
    )
    assert rules(out) == [(1, "302.6"), (3, "302.6")]
    assert pool(out) == {"G": 1}
