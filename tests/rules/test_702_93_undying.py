"""R2 Undying, CR 702.93a, the mirror of persist with +1/+1 counters.

CR 702.93a: "When this permanent is put into a graveyard from the battlefield, if it had no
+1/+1 counters on it, return it to the battlefield under its owner's control with a +1/+1
counter on it." Young Wolf is a 1/1 with undying. Mikaeus, the Unhallowed (5/5, a Zombie): "Other
non-Human creatures you control get +1/+1 and have undying." Two players A -> B, A active.
"""

from __future__ import annotations

from tests.helpers import abilities, board, destroy, permanent, returned_ids, run

WRATH = {"do": "cast", "card": "Wrath of God", "by": "A"}
MIKAEUS = "mikaeus: Mikaeus, the Unhallowed @A"  # a line of tests.helpers.board


def test_702_93a_undying_returns_with_a_plus_counter() -> None:
    """CR 702.93a: Young Wolf dies with no +1/+1 counter: it returns, a new object, with a
    +1/+1 counter: 1/1 + 1/1 = 2/2."""
    out = run(board=board("wolf: Young Wolf @A"), actions=[destroy("wolf")])
    assert returned_ids(out) == ["wolf"]
    assert out["returned"][0]["by"] == "undying"
    w = permanent(out, "wolf")
    assert w is not None
    assert (w["power"], w["toughness"], w["object"]) == (2, 2, 2)
    assert w["counters"] == {"+1/+1": 1}


def test_702_93a_plus_counter_blocks_undying() -> None:
    """CR 702.93a, 603.10a: a Young Wolf that had a +1/+1 counter does not trigger undying."""
    out = run(board=board("wolf: Young Wolf @A +1/+1=1"), actions=[destroy("wolf")])
    assert "undying" not in abilities(out, "wolf")
    assert out["returned"] == []
    assert out["graveyard"]["A"] == ["Young Wolf"]


def test_702_93a_returned_creature_dies_for_good() -> None:
    """CR 702.93a: the returned Wolf has a +1/+1 counter, so its second death is final."""
    out = run(board=board("wolf: Young Wolf @A"), actions=[destroy("wolf"), destroy("wolf")])
    assert returned_ids(out) == ["wolf"]
    assert permanent(out, "wolf") is None
    assert out["graveyard"]["A"] == ["Young Wolf"]


def test_702_93a_minus_counters_do_not_block_undying() -> None:
    """CR 702.93a only looks for +1/+1 counters: Grizzly Bears granted undying with a -1/-1
    counter (1/1) dies and returns as a new object with only the +1/+1 counter: 3/3."""
    out = run(
        board=board("bears: Grizzly Bears @A grant=undying -1/-1=1"),
        actions=[destroy("bears")],
    )
    assert returned_ids(out) == ["bears"]
    b = permanent(out, "bears")
    assert b is not None
    assert b["counters"] == {"+1/+1": 1}
    assert (b["power"], b["toughness"]) == (3, 3)


def test_702_93a_token_triggers_but_cannot_return() -> None:
    """CR 702.93a with 111.7 / 704.5d: a Young Wolf token triggers undying but has ceased to
    exist when the trigger resolves: nothing returns, nothing is left anywhere."""
    out = run(board=board("wolf: Young Wolf @A token"), actions=[destroy("wolf")])
    assert abilities(out, "wolf") == ["undying"]
    assert out["returned"] == []
    assert out["battlefield"] == []
    assert out["graveyard"] == {"A": [], "B": []}


def test_702_93a_mirror_of_ruling6_dies_with_both_counters() -> None:
    """CR 704.3 / 704.5q with 702.93a (mirror of ruling 6): Young Wolf with a +1/+1 counter
    (2/2) gets two -1/-1 counters from Black Sun's Zenith X=2: 0/0. It dies with its +1/+1
    counter still on it (annihilation is simultaneous with the death), so no undying."""
    out = run(
        board=board("wolf: Young Wolf @A +1/+1=1"),
        actions=[{"do": "cast", "card": "Black Sun's Zenith", "by": "A", "x": 2}],
    )
    assert "undying" not in abilities(out, "wolf")
    assert out["returned"] == []
    assert out["graveyard"]["A"] == ["Young Wolf"]


def test_702_93a_after_annihilation_undying_triggers_again() -> None:
    """CR 704.5q then 702.93a: Young Wolf with a +1/+1 counter gets one -1/-1 counter (Black
    Sun's Zenith X=1): it survives, and the two counters annihilate, leaving none. Destroyed
    now, it had no +1/+1 counter: undying returns it 2/2."""
    out = run(
        board=board("wolf: Young Wolf @A +1/+1=1"),
        actions=[
            {"do": "cast", "card": "Black Sun's Zenith", "by": "A", "x": 1},
            destroy("wolf"),
        ],
    )
    assert returned_ids(out) == ["wolf"]
    w = permanent(out, "wolf")
    assert w is not None
    assert w["counters"] == {"+1/+1": 1}
    assert (w["power"], w["toughness"]) == (2, 2)


# --------------------------------------------------------------------------- Mikaeus


def test_702_93a_mikaeus_grants_undying_to_other_non_humans() -> None:
    """Mikaeus's static ability (611.3a): Grizzly Bears are 3/3 with undying. Destroyed, they
    return with a +1/+1 counter and Mikaeus's bonus applies to the new object: 4/4."""
    out = run(
        board=board(MIKAEUS, "bears: Grizzly Bears @A"),
        actions=[destroy("bears")],
    )
    assert returned_ids(out) == ["bears"]
    b = permanent(out, "bears")
    assert b is not None
    assert (b["power"], b["toughness"]) == (4, 4)


def test_702_93a_mikaeus_skips_humans_and_opponents() -> None:
    """Mikaeus: "Other non-Human creatures you control". Vizier of Remedies (a Human) and B's
    Grizzly Bears get neither +1/+1 nor undying: destroyed, they stay dead."""
    out = run(
        board=board(
            MIKAEUS,
            "vizier: Vizier of Remedies @A",
            "bears: Grizzly Bears @B",
        ),
        actions=[destroy("vizier"), destroy("bears")],
    )
    assert out["returned"] == []
    assert out["graveyard"] == {"A": ["Vizier of Remedies"], "B": ["Grizzly Bears"]}


def test_603_10a_undying_from_mikaeus_dying_at_the_same_time() -> None:
    """CR 603.10a: Wrath destroys Mikaeus and Grizzly Bears together. Undying looks back in
    time, when Mikaeus still gave it: Bears return with a +1/+1 counter, 3/3 without Mikaeus.
    Mikaeus himself ("other") has no undying and stays dead."""
    out = run(
        board=board(MIKAEUS, "bears: Grizzly Bears @A"),
        actions=[WRATH],
    )
    assert returned_ids(out) == ["bears"]
    b = permanent(out, "bears")
    assert b is not None
    assert (b["power"], b["toughness"]) == (3, 3)
    assert sorted(out["graveyard"]["A"]) == ["Mikaeus, the Unhallowed", "Wrath of God"]


# ------------------------------------------------------------ both persist and undying


def test_702_79a_702_93a_persist_resolving_first_wins() -> None:
    """Kitchen Finks under Mikaeus has persist and undying (4/3) and no counters: both trigger.
    A puts undying on the stack first, so persist resolves first: Finks returns with a -1/-1
    counter, 3/2 + 1/1 - 1/1 = 3/2; undying then finds the card gone and does nothing."""
    out = run(
        board=board(MIKAEUS, "finks: Kitchen Finks @A"),
        actions=[destroy("finks")],
        choices={"trigger_order": {"A": ["finks:undying", "finks:persist"]}},
    )
    assert abilities(out, "finks")[:2] == ["undying", "persist"]
    assert [r["by"] for r in out["returned"]] == ["persist"]
    f = permanent(out, "finks")
    assert f is not None
    assert f["counters"] == {"-1/-1": 1}
    assert (f["power"], f["toughness"]) == (3, 2)
    assert out["life"]["A"] == 22


def test_702_79a_702_93a_undying_resolving_first_wins() -> None:
    """The other order: undying resolves first, Finks returns with a +1/+1 counter:
    3/2 + 1/1 (Mikaeus) + 1/1 = 5/4; persist then does nothing."""
    out = run(
        board=board(MIKAEUS, "finks: Kitchen Finks @A"),
        actions=[destroy("finks")],
        choices={"trigger_order": {"A": ["finks:persist", "finks:undying"]}},
    )
    assert [r["by"] for r in out["returned"]] == ["undying"]
    f = permanent(out, "finks")
    assert f is not None
    assert f["counters"] == {"+1/+1": 1}
    assert (f["power"], f["toughness"]) == (5, 4)
    assert out["life"]["A"] == 22


def test_702_79a_702_93a_alternate_with_the_counter_left_by_the_other() -> None:
    """Exact handling of both keywords: after persist (a -1/-1 counter), only undying can
    trigger on the next death; after undying (a +1/+1 counter), only persist. Three deaths
    give returns by persist, undying, persist; each death exactly one return. Finks ends as
    object 4 with a -1/-1 counter, 3/2 under Mikaeus; three ETBs: A at 26."""
    out = run(
        board=board(MIKAEUS, "finks: Kitchen Finks @A"),
        actions=[destroy("finks"), destroy("finks"), destroy("finks")],
        choices={"trigger_order": {"A": ["finks:undying", "finks:persist"]}},
    )
    assert [r["by"] for r in out["returned"]] == ["persist", "undying", "persist"]
    f = permanent(out, "finks")
    assert f is not None
    assert f["object"] == 4
    assert f["counters"] == {"-1/-1": 1}
    assert (f["power"], f["toughness"]) == (3, 2)
    assert out["life"]["A"] == 26
