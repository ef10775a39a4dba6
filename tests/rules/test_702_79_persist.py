"""R1 Persist, CR 702.79a, and the digest's rulings 6-11 on it.

CR 702.79a: "When this permanent is put into a graveyard from the battlefield, if it had no -1/-1
counters on it, return it to the battlefield under its owner's control with a -1/-1 counter on
it." Kitchen Finks is 3/2 ("When Kitchen Finks enters, you gain 2 life"), Safehold Elite 2/2.
Two players A -> B, A active, 20 life, unless a test says otherwise.
"""

from __future__ import annotations

from tests.helpers import abilities, board, permanent, returned_ids, rules_cited, run

WRATH = {"do": "cast", "card": "Wrath of God", "by": "A"}


# --------------------------------------------------------------------------- 702.79a itself


def test_702_79a_persist_returns_with_a_minus_counter() -> None:
    """CR 702.79a (scenario S1): Finks dies to Wrath with no -1/-1 counter, so it returns with
    one: 3/2 - 1/1 = 2/1, a new object (object 2), untapped; its ETB trigger gains A 2 life."""
    out = run(board=board("finks: Kitchen Finks @A"), actions=[WRATH])
    assert out["result"] == "ok"
    assert returned_ids(out) == ["finks"]
    assert out["returned"][0]["by"] == "persist"
    f = permanent(out, "finks")
    assert f is not None
    assert (f["power"], f["toughness"]) == (2, 1)
    assert f["counters"] == {"-1/-1": 1}
    assert f["object"] == 2
    assert f["tapped"] is False
    assert out["life"] == {"A": 22, "B": 20}
    assert out["graveyard"] == {"A": ["Wrath of God"], "B": []}


def test_702_79a_returns_under_its_owners_control() -> None:
    """CR 702.79a "under its owner's control"; 603.3a: the trigger is controlled by the
    source's controller when it left (A). Finks owned by B returns under B's control, so its
    ETB trigger is B's and B gains the 2 life."""
    out = run(board=board("finks: Kitchen Finks @A owner=B"), actions=[WRATH])
    assert out["stack_order"][0] == {"id": "finks", "controller": "A", "ability": "persist"}
    f = permanent(out, "finks")
    assert f is not None
    assert (f["controller"], f["owner"]) == ("B", "B")
    assert out["life"] == {"A": 20, "B": 22}


def test_702_79a_a_returned_persist_creature_stays_dead_next_time() -> None:
    """CR 702.79a: the returned Finks has a -1/-1 counter, so when it dies again persist's
    "if it had no -1/-1 counters" is false: one return only, one ETB (A at 22)."""
    out = run(
        board=board("finks: Kitchen Finks @A"),
        actions=[{"do": "destroy", "target": "finks"}, {"do": "destroy", "target": "finks"}],
    )
    assert returned_ids(out) == ["finks"]
    assert permanent(out, "finks") is None
    assert out["graveyard"]["A"] == ["Kitchen Finks"]
    assert out["life"]["A"] == 22


def test_700_4_exile_and_bounce_are_not_dying() -> None:
    """CR 700.4 / 702.79a: persist triggers on "put into a graveyard from the battlefield";
    exile and return to hand are not, so nothing triggers."""
    out = run(
        board=board("finks: Kitchen Finks @A", "elite: Safehold Elite @A"),
        actions=[{"do": "exile", "target": "finks"}, {"do": "bounce", "target": "elite"}],
    )
    assert out["stack_order"] == []
    assert out["returned"] == []
    assert out["exile"]["A"] == ["Kitchen Finks"]
    assert out["hand"]["A"] == ["Safehold Elite"]
    assert out["battlefield"] == []


# --------------------------------------------------------------------------- ruling 6


def test_702_79a_ruling6_plus_counters_then_lethal_minus_counters_no_persist() -> None:
    """Ruling 6 (S9), CR 704.3 / 704.5q: Finks with a +1/+1 counter (4/3) gets three -1/-1
    counters from Black Sun's Zenith X=3: 1/0. The toughness SBA and the counter annihilation
    are performed together, so it dies with a -1/-1 counter on it and persist (looking back,
    603.10a) does not trigger."""
    out = run(
        board=board("finks: Kitchen Finks @A +1/+1=1"),
        actions=[{"do": "cast", "card": "Black Sun's Zenith", "by": "A", "x": 3}],
    )
    assert "persist" not in abilities(out, "finks")
    assert out["returned"] == []
    assert out["battlefield"] == []
    assert out["graveyard"]["A"] == ["Kitchen Finks"]  # the Zenith is shuffled away
    assert out["life"]["A"] == 20


# --------------------------------------------------------------------------- ruling 7


def test_702_79b_ruling7_each_instance_triggers_one_return() -> None:
    """Ruling 7 (S4), CR 702.79b: two persist instances trigger twice; the first to resolve
    returns Finks (2/1), the second finds the card gone from the graveyard and does nothing.
    One ETB: A at 22."""
    out = run(board=board("finks: Kitchen Finks @A grant=persist"), actions=[WRATH])
    assert abilities(out, "finks").count("persist") == 2
    assert returned_ids(out) == ["finks"]
    f = permanent(out, "finks")
    assert f is not None
    assert (f["power"], f["toughness"], f["object"]) == (2, 1, 2)
    assert f["counters"] == {"-1/-1": 1}
    assert out["life"]["A"] == 22


def test_702_79b_redundant_instance_ignores_the_card_after_it_died_again() -> None:
    """Ruling 7 with CR 400.7: Murderous Redcap with two persist instances is destroyed. The
    first trigger returns it (2/2 - 1/1 = 1/1); its ETB deals 1 damage to itself (its chosen
    target), so it dies again with a -1/-1 counter (no new persist). The card now in the
    graveyard is a new object, not the one the second trigger refers to: nothing returns."""
    out = run(
        board=board("redcap: Murderous Redcap @A grant=persist"),
        actions=[{"do": "destroy", "target": "redcap"}],
        choices={"targets": {"redcap": "redcap"}},
    )
    assert abilities(out, "redcap") == ["persist", "persist", "etb"]
    assert returned_ids(out) == ["redcap"]
    assert permanent(out, "redcap") is None
    assert out["graveyard"]["A"] == ["Murderous Redcap"]
    assert out["life"] == {"A": 20, "B": 20}


# --------------------------------------------------------------------------- ruling 8


def test_702_79a_ruling8_persist_works_on_a_permanent_no_longer_a_creature() -> None:
    """Ruling 8 (S5): Grizzly Bears granted persist that a resolved effect made a noncreature is
    destroyed: persist still triggers ("this permanent"). The new object escapes that effect
    (611.2c), so it is a creature again: 2/2 - 1/1 = 1/1."""
    out = run(
        board=board("bears: Grizzly Bears @A grant=persist not_creature"),
        actions=[{"do": "destroy", "target": "bears"}],
    )
    assert returned_ids(out) == ["bears"]
    b = permanent(out, "bears")
    assert b is not None
    assert (b["power"], b["toughness"]) == (1, 1)
    assert b["counters"] == {"-1/-1": 1}
    assert b["object"] == 2


def test_702_79a_ruling8_noncreature_card_with_persist_returns() -> None:
    """Ruling 8: a noncreature card (Glorious Anthem) granted persist is a permanent; destroyed,
    it returns with a -1/-1 counter, which does nothing to an enchantment. Its static ability
    applies again to A's creatures (611.3a): Bears 3/3."""
    out = run(
        board=board("anthem: Glorious Anthem @A grant=persist", "bears: Grizzly Bears @A"),
        actions=[{"do": "destroy", "target": "anthem"}],
    )
    assert returned_ids(out) == ["anthem"]
    a = permanent(out, "anthem")
    assert a is not None
    assert a["counters"] == {"-1/-1": 1}
    assert a["object"] == 2
    b = permanent(out, "bears")
    assert b is not None
    assert (b["power"], b["toughness"]) == (3, 3)


# --------------------------------------------------------------------------- ruling 9


def test_400_7_ruling9_new_object_untapped_undamaged_only_the_new_counter() -> None:
    """Ruling 9 (S6), CR 400.7 / 611.2c: Finks tapped, with 1 damage and a +1/+1 counter (4/3),
    gets -2/-2 from Infest: 2/1 with 1 damage, destroyed (704.5g). It had no -1/-1 counter, so
    it persists. The new object keeps nothing: untapped, 0 damage, no +1/+1 counter, not under
    Infest's effect: 3/2 with one -1/-1 counter = 2/1."""
    out = run(
        board=board("finks: Kitchen Finks @A tapped damage=1 +1/+1=1"),
        actions=[{"do": "cast", "card": "Infest", "by": "A"}],
    )
    assert returned_ids(out) == ["finks"]
    f = permanent(out, "finks")
    assert f is not None
    assert f["tapped"] is False
    assert f["damage"] == 0
    assert f["counters"] == {"-1/-1": 1}
    assert (f["power"], f["toughness"]) == (2, 1)
    assert out["life"]["A"] == 22


def test_302_6_ruling9_returned_creature_is_summoning_sick() -> None:
    """Ruling 9, CR 400.7 / 302.6: Llanowar Elves granted persist, under Glorious Anthem (2/2),
    is destroyed and returns 1/1. It is a new object A has not controlled since A's turn
    began, so tapping it for mana is rejected (summoning_sick, 302.6) and changes nothing.
    After A's next turn begins (two passes), it can tap for G."""
    battlefield = board("anthem: Glorious Anthem @A", "elves: Llanowar Elves @A grant=persist")
    destroy = {"do": "destroy", "target": "elves"}
    tap = {"do": "tap_for_mana", "permanent": "elves"}
    out = run(board=battlefield, actions=[destroy, tap])
    assert returned_ids(out) == ["elves"]
    assert out["rejected"] == [{"action": 1, "reason": "summoning_sick", "rule": "302.6"}]
    e = permanent(out, "elves")
    assert e is not None
    assert e["tapped"] is False
    assert (e["power"], e["toughness"]) == (1, 1)
    assert out["mana_pool"]["A"]["G"] == 0

    later = run(board=battlefield, actions=[destroy, {"do": "pass_turn"}, {"do": "pass_turn"}, tap])
    assert later["rejected"] == []
    assert later["mana_pool"]["A"]["G"] == 1


def test_611_2c_ruling9_granted_persist_does_not_follow_the_new_object() -> None:
    """Ruling 9, CR 611.2c (Gatherer, Cauldron Haze): Cauldron of Souls gives Grizzly Bears
    persist until end of turn. Destroyed, Bears return; under Solemnity no counter is put on
    them (so a persist would trigger again), but the new object does not have persist: the
    second death is final. One return."""
    out = run(
        board=board(
            "cauldron: Cauldron of Souls @A",
            "solemnity: Solemnity @A",
            "bears: Grizzly Bears @A",
        ),
        actions=[
            {"do": "activate", "permanent": "cauldron"},
            {"do": "destroy", "target": "bears"},
            {"do": "destroy", "target": "bears"},
        ],
        choices={"targets": {"cauldron": ["bears"]}},
    )
    assert out["rejected"] == []
    assert returned_ids(out) == ["bears"]
    assert permanent(out, "bears") is None
    assert out["graveyard"]["A"] == ["Grizzly Bears"]


def test_107_3m_ruling9_returned_x_permanent_has_x_zero() -> None:
    """Ruling 9, CR 107.3m / 400.7: Walking Ballista cast with X=3 (three +1/+1 counters),
    granted persist, is destroyed. It returns not from a spell, so X = 0: no +1/+1 counters,
    one -1/-1 counter, -1/-1: it dies at once, with a -1/-1 counter, so it stays dead."""
    out = run(
        board=board("ballista: Walking Ballista @A x=3 +1/+1=3 grant=persist"),
        actions=[{"do": "destroy", "target": "ballista"}],
    )
    assert returned_ids(out) == ["ballista"]
    assert permanent(out, "ballista") is None
    assert out["graveyard"]["A"] == ["Walking Ballista"]


# --------------------------------------------------------------------------- ruling 10


def test_603_10a_ruling10_minus_counter_seen_by_lki_no_trigger() -> None:
    """Ruling 10 (S2), CR 603.10a: Finks with a -1/-1 counter is sacrificed to Viscera Seer.
    Persist looks back at it as it last existed, sees the counter: no trigger."""
    out = run(
        board=board("finks: Kitchen Finks @A -1/-1=1", "seer: Viscera Seer @A"),
        actions=[{"do": "activate", "permanent": "seer"}],
        choices={"targets": {"seer": "finks"}},
    )
    assert out["rejected"] == []
    assert "persist" not in abilities(out, "finks")
    assert out["returned"] == []
    assert out["graveyard"]["A"] == ["Kitchen Finks"]
    assert [p["id"] for p in out["battlefield"]] == ["seer"]


def test_603_10a_ruling10_counter_from_the_same_spell_is_seen() -> None:
    """Ruling 10 (S10), CR 603.10a: Black Sun's Zenith X=1 puts a -1/-1 counter on Llanowar
    Elves granted persist (1/1 -> 0/0); it dies with that counter: no persist."""
    out = run(
        board=board("elves: Llanowar Elves @A grant=persist"),
        actions=[{"do": "cast", "card": "Black Sun's Zenith", "by": "A", "x": 1}],
    )
    assert "persist" not in abilities(out, "elves")
    assert out["returned"] == []
    assert out["graveyard"]["A"] == ["Llanowar Elves"]


# --------------------------------------------------------------------------- ruling 11


def test_702_79a_ruling11_token_triggers_but_cannot_return() -> None:
    """Ruling 11 (S3), CR 111.7 / 704.5d: a Finks token dies to Wrath; persist triggers (the
    token had no -1/-1 counter), but the token ceased to exist in the graveyard, so nothing
    returns, no ETB, no life gained, and no trace of it in any zone."""
    out = run(board=board("finks: Kitchen Finks @A token"), actions=[WRATH])
    assert out["stack_order"] == [{"id": "finks", "controller": "A", "ability": "persist"}]
    assert out["returned"] == []
    assert out["battlefield"] == []
    assert out["life"] == {"A": 20, "B": 20}
    assert out["graveyard"] == {"A": ["Wrath of God"], "B": []}
    assert out["exile"] == {"A": [], "B": []}
    assert "704.5d" in rules_cited(out)
