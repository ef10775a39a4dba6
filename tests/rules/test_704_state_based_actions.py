"""R3 State-based actions, CR 704.3 and 704.5.

CR 704.3: all applicable state-based actions are performed at the same time as a single event,
and the check repeats until none applies; only then do waiting triggers go on the stack.
Two players A -> B, A active, 20 life, unless a test says otherwise.
"""

from __future__ import annotations

from tests.helpers import abilities, board, permanent, returned_ids, rules_cited, run, run_both, tap

# --------------------------------------------------------------------------- 704.5f


def test_704_5f_toughness_zero_or_less_goes_to_the_graveyard() -> None:
    """CR 704.5f: Grizzly Bears with two -1/-1 counters (0/0) and Llanowar Elves with three
    (-2/-2) are put into the graveyard; Bears with one (1/1) stay."""
    out = run(
        board=board(
            "bears: Grizzly Bears @A",
            "elves: Llanowar Elves @A",
            "bears2: Grizzly Bears @A",
        ),
        actions=[
            {"do": "counters", "target": "bears", "kind": "-1/-1", "amount": 2},
            {"do": "counters", "target": "elves", "kind": "-1/-1", "amount": 3},
            {"do": "counters", "target": "bears2", "kind": "-1/-1", "amount": 1},
        ],
    )
    assert sorted(out["graveyard"]["A"]) == ["Grizzly Bears", "Llanowar Elves"]
    assert [p["id"] for p in out["battlefield"]] == ["bears2"]
    assert "704.5f" in rules_cited(out)


def test_704_5f_static_effect_toughness_zero() -> None:
    """CR 704.5f with 611.3a: Night of Souls' Betrayal enters ("All creatures get -1/-1"):
    Llanowar Elves become 0/0 and die; Grizzly Bears (1/1) survive."""
    out = run(
        board=board("elves: Llanowar Elves @B", "bears: Grizzly Bears @B"),
        actions=[{"do": "cast", "card": "Night of Souls' Betrayal", "by": "A", "id": "night"}],
    )
    assert out["graveyard"]["B"] == ["Llanowar Elves"]
    b = permanent(out, "bears")
    assert b is not None
    assert (b["power"], b["toughness"]) == (1, 1)


def test_704_5f_zero_toughness_is_dying_so_persist_triggers() -> None:
    """CR 704.5f puts the creature into its owner's graveyard from the battlefield: it dies
    (700.4). Safehold Elite at 0/0 from Infest persists and returns 1/1 (Infest's effect does
    not apply to the new object, 611.2c)."""
    out = run(
        board=board("elite: Safehold Elite @A"),
        actions=[{"do": "cast", "card": "Infest", "by": "A"}],
    )
    assert returned_ids(out) == ["elite"]
    e = permanent(out, "elite")
    assert e is not None
    assert (e["power"], e["toughness"]) == (1, 1)


# --------------------------------------------------------------------------- 704.5g


def test_704_5g_lethal_damage_destroys() -> None:
    """CR 704.5g: damage >= toughness destroys. Bears dealt 2 die; Bears dealt 1 survive with
    the damage marked."""
    out = run(
        board=board("b1: Grizzly Bears @A", "b2: Grizzly Bears @A"),
        actions=[
            {"do": "damage", "target": "b1", "amount": 2},
            {"do": "damage", "target": "b2", "amount": 1},
        ],
    )
    assert out["graveyard"]["A"] == ["Grizzly Bears"]
    b2 = permanent(out, "b2")
    assert b2 is not None
    assert b2["damage"] == 1
    assert "704.5g" in rules_cited(out)


def test_704_5g_damage_accumulates_until_cleanup() -> None:
    """CR 704.5g / 120.3e: damage stays marked, so 1 then 1 is lethal for a 2/2."""
    out = run(
        board=board("bears: Grizzly Bears @A"),
        actions=[
            {"do": "damage", "target": "bears", "amount": 1},
            {"do": "damage", "target": "bears", "amount": 1},
        ],
    )
    assert out["battlefield"] == []
    assert out["graveyard"]["A"] == ["Grizzly Bears"]


def test_704_5g_lethal_compares_with_current_toughness() -> None:
    """CR 704.5g uses the toughness after effects: Bears under Glorious Anthem are 3/3, so 2
    damage is not lethal."""
    out = run(
        board=board("anthem: Glorious Anthem @A", "bears: Grizzly Bears @A"),
        actions=[{"do": "damage", "target": "bears", "amount": 2}],
    )
    b = permanent(out, "bears")
    assert b is not None
    assert b["damage"] == 2


def test_704_5g_persist_creature_returns_without_damage() -> None:
    """CR 704.5g then 702.79a / 400.7: Finks dealt 2 damage is destroyed, persists and returns
    with no damage marked, 2/1."""
    out = run(
        board=board("finks: Kitchen Finks @A"),
        actions=[{"do": "damage", "target": "finks", "amount": 2}],
    )
    assert returned_ids(out) == ["finks"]
    f = permanent(out, "finks")
    assert f is not None
    assert f["damage"] == 0
    assert (f["power"], f["toughness"]) == (2, 1)


# --------------------------------------------------------------------------- 704.5h


def test_704_5h_deathtouch_damage_destroys_in_combat() -> None:
    """CR 704.5h / 702.2b: A's Llanowar Elves granted deathtouch attack, B's Grizzly Bears
    block. The Elves deal 1 deathtouch damage (not lethal by 704.5g, lethal by 704.5h); the
    Bears deal 2 to the 1/1 Elves. Both die; nothing reaches B."""
    out = run(
        board=board("elves: Llanowar Elves @A grant=deathtouch", "bears: Grizzly Bears @B"),
        actions=[{"do": "attack", "attackers": ["elves"], "blockers": {"bears": "elves"}}],
    )
    assert out["rejected"] == []
    assert out["battlefield"] == []
    assert out["graveyard"] == {"A": ["Llanowar Elves"], "B": ["Grizzly Bears"]}
    assert out["life"] == {"A": 20, "B": 20}
    assert "704.5h" in rules_cited(out)


def test_704_5h_deathtouch_blocker_kills_a_persist_attacker() -> None:
    """CR 704.5h: B's deathtouch Llanowar Elves block A's Finks (3/2) and deal 1 damage: Finks
    is destroyed, persists and returns untapped (400.7) as 2/1; the Elves take 3 and die."""
    out = run(
        board=board("finks: Kitchen Finks @A", "elves: Llanowar Elves @B grant=deathtouch"),
        actions=[{"do": "attack", "attackers": ["finks"], "blockers": {"elves": "finks"}}],
    )
    assert returned_ids(out) == ["finks"]
    f = permanent(out, "finks")
    assert f is not None
    assert f["tapped"] is False
    assert (f["power"], f["toughness"]) == (2, 1)
    assert out["graveyard"]["B"] == ["Llanowar Elves"]
    assert out["life"] == {"A": 22, "B": 20}


def test_704_5h_deathtouch_with_zero_damage_kills_nothing() -> None:
    """CR 704.5h needs damage dealt, and a source that would deal 0 damage deals none (120.8).
    Devoted Druid (0/2) with deathtouch attacks, Bears block: the Bears live, the Druid takes 2
    and dies (704.5g)."""
    out = run(
        board=board("druid: Devoted Druid @A grant=deathtouch", "bears: Grizzly Bears @B"),
        actions=[{"do": "attack", "attackers": ["druid"], "blockers": {"bears": "druid"}}],
    )
    b = permanent(out, "bears")
    assert b is not None
    assert b["damage"] == 0
    assert out["graveyard"] == {"A": ["Devoted Druid"], "B": []}


# --------------------------------------------------------------------------- 704.5d


def test_704_5d_tokens_in_other_zones_cease_to_exist() -> None:
    """CR 704.5d / 111.7: a token destroyed, one returned to hand and one exiled go there and
    then cease to exist: every zone is empty afterwards."""
    out = run(
        board=board(
            "bears: Grizzly Bears @A token",
            "elves: Llanowar Elves @A token",
            "wolf: Young Wolf @A token",
        ),
        actions=[
            {"do": "destroy", "target": "bears"},
            {"do": "bounce", "target": "elves"},
            {"do": "exile", "target": "wolf"},
        ],
    )
    assert out["battlefield"] == []
    for zone in ("graveyard", "hand", "exile"):
        assert out[zone] == {"A": [], "B": []}
    assert rules_cited(out).count("704.5d") == 3


# --------------------------------------------------------------------------- 704.5q


def test_704_5q_counters_annihilate_pairwise() -> None:
    """CR 704.5q: Finks with two +1/+1 and one -1/-1 counter loses one of each as the game
    starts, leaving one +1/+1 (4/3). With no -1/-1 counter left, it then persists when
    destroyed."""
    out = run(board=board("finks: Kitchen Finks @A +1/+1=2 -1/-1=1"))
    f = permanent(out, "finks")
    assert f is not None
    assert f["counters"] == {"+1/+1": 1}
    assert (f["power"], f["toughness"]) == (4, 3)
    assert "704.5q" in rules_cited(out)

    later = run(
        board=board("finks: Kitchen Finks @A +1/+1=2 -1/-1=1"),
        actions=[{"do": "destroy", "target": "finks"}],
    )
    assert returned_ids(later) == ["finks"]


def test_704_5q_leftover_minus_counter_stops_persist() -> None:
    """CR 704.5q: Finks with one +1/+1 counter gets two -1/-1 counters (2/1, alive); one pair
    annihilates, one -1/-1 counter is left, so when destroyed it does not persist."""
    out = run(
        board=board("finks: Kitchen Finks @A +1/+1=1"),
        actions=[
            {"do": "counters", "target": "finks", "kind": "-1/-1", "amount": 2},
            {"do": "destroy", "target": "finks"},
        ],
    )
    assert "persist" not in abilities(out, "finks")
    assert out["graveyard"]["A"] == ["Kitchen Finks"]


def test_704_5q_counters_an_ability_puts_on_the_stack_annihilate() -> None:
    """CR 704.5q, 602.2: Leyline of Abundance's ability resolves from the stack and puts a
    +1/+1 counter on Finks, which has a -1/-1 counter (it persisted): the pair annihilates at
    the next check, in both engines (a rule step that puts counters is one the checks see)."""
    forests = [f"f{k}: Forest @A" for k in range(8)]
    out = run_both(
        board("ley: Leyline of Abundance @A", "finks: Kitchen Finks @A -1/-1=1", *forests),
        [*(tap(f"f{k}") for k in range(8)), {"do": "activate", "permanent": "ley"}],
    )
    f = permanent(out, "finks")
    assert f is not None
    assert f["counters"] == {}
    assert "704.5q" in rules_cited(out)


# --------------------------------------------------------------------------- 704.3


def test_704_3_ruling6_death_and_annihilation_are_one_event() -> None:
    """CR 704.3, ruling 6: Finks with a +1/+1 counter (4/3) gets three -1/-1 counters: 1/0.
    704.5f and 704.5q apply at once; it dies with both kinds of counter, and persist, seeing a
    -1/-1 counter (603.10a), does not trigger."""
    out = run(
        board=board("finks: Kitchen Finks @A +1/+1=1"),
        actions=[{"do": "counters", "target": "finks", "kind": "-1/-1", "amount": 3}],
    )
    assert "persist" not in abilities(out, "finks")
    assert out["returned"] == []
    assert out["graveyard"]["A"] == ["Kitchen Finks"]


def test_704_3_check_repeats_until_none_applies() -> None:
    """CR 704.3: Mikaeus (5/5) is dealt 5 damage and dies; only then are Grizzly Bears (3/3
    with Mikaeus, 2 damage marked) a 2/2 with 2 damage, destroyed by the repeated check.
    When the Bears die Mikaeus is gone, so they have no undying: nothing returns."""
    out = run(
        board=board("mikaeus: Mikaeus, the Unhallowed @A", "bears: Grizzly Bears @A damage=2"),
        actions=[{"do": "damage", "target": "mikaeus", "amount": 5}],
    )
    assert out["battlefield"] == []
    assert sorted(out["graveyard"]["A"]) == ["Grizzly Bears", "Mikaeus, the Unhallowed"]
    assert out["returned"] == []
    assert "undying" not in abilities(out, "bears")


def test_704_3_simultaneous_deaths_see_each_other() -> None:
    """CR 704.3 / 603.10a: 5 damage to each creature kills Massacre Wurm (6/5) and B's Bears
    in one event. The Wurm's "whenever a creature an opponent controls dies" looks back in
    time, when the Wurm was still there: B loses 2."""
    out = run(
        board=board("wurm: Massacre Wurm @A", "bears: Grizzly Bears @B"),
        actions=[{"do": "damage", "target": "all_creatures", "amount": 5}],
    )
    assert out["battlefield"] == []
    assert out["life"] == {"A": 20, "B": 18}


def test_704_3_all_deaths_before_any_trigger() -> None:
    """CR 704.3 / 603.3b: Finks (3/2) and Safehold Elite (2/2) both take 2 damage and die in
    one event; both persist triggers wait and go on the stack together (listed order: Finks,
    then Elite), so the Elite (on top) returns first."""
    out = run(
        board=board("finks: Kitchen Finks @A", "elite: Safehold Elite @A"),
        actions=[{"do": "damage", "target": "all_creatures", "amount": 2}],
    )
    assert out["stack_order"][:2] == [
        {"id": "finks", "controller": "A", "ability": "persist"},
        {"id": "elite", "controller": "A", "ability": "persist"},
    ]
    assert returned_ids(out) == ["elite", "finks"]


# ------------------------------------------------------------ Elesh Norn (611.3a, 613.4c)


def test_704_5f_elesh_norn_kills_opposing_returning_creatures_twice() -> None:
    """CR 611.3a, 613.4c, 704.5f: under A's Elesh Norn, B's Finks (1/0), Young Wolf (-1/-1)
    and Redcap (0/0) die as the game starts, and each returns (702.79a, 702.93a) only to die
    again: its counter leaves it 0/-1, 0/0 or -1/-1. The returned Redcap's power is -1, so
    its enters trigger deals no damage (120.8); Finks's gains B 2. A's Bears are 4/4, Norn
    is 4/7 (it is not "other"), B's Serra Angel 2/2 (both engines)."""
    out = run_both(
        board=board(
            "norn: Elesh Norn, Grand Cenobite @A",
            "bears: Grizzly Bears @A",
            "finks: Kitchen Finks @B",
            "wolf: Young Wolf @B",
            "redcap: Murderous Redcap @B",
            "angel: Serra Angel @B",
        ),
        actions=[{"do": "tap", "target": "angel"}],
    )
    assert returned_ids(out) == ["redcap", "wolf", "finks"]
    assert [(p["id"], p["power"], p["toughness"]) for p in out["battlefield"]] == [
        ("norn", 4, 7),
        ("bears", 4, 4),
        ("angel", 2, 2),
    ]
    assert out["life"] == {"A": 20, "B": 22}


def test_704_5g_damage_kills_once_elesh_norn_leaves() -> None:
    """CR 611.3a, 704.5g: A's Bears (4/4 under Norn) are dealt 3 damage and live; once Norn
    is destroyed they are 2/2 with 3 damage and die. B's Safehold Elite with two +1/+1
    counters, 2/2 under Norn with 1 damage, is 4/4 again and lives (both engines)."""
    out = run_both(
        board=board(
            "norn: Elesh Norn, Grand Cenobite @A",
            "bears: Grizzly Bears @A",
            "elite: Safehold Elite @B +1/+1=2",
        ),
        actions=[
            {"do": "damage", "target": "bears", "amount": 3},
            {"do": "damage", "target": "elite", "amount": 1},
            {"do": "destroy", "target": "norn"},
        ],
    )
    assert [(p["id"], p["power"], p["toughness"], p["damage"]) for p in out["battlefield"]] == [
        ("elite", 4, 4, 1)
    ]
    assert out["graveyard"]["A"] == ["Elesh Norn, Grand Cenobite", "Grizzly Bears"]
