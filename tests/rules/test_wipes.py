"""Board wipes and mass deaths W1-W9, graveyard replacement, Redcap and Hangarback.

Each wipe is a card of the library; what dies (CR 700.4: put into a graveyard from the
battlefield) triggers persist/undying, what is exiled or returned to hand does not.
Two players A -> B, A active, 20 life, unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.reference.outcome import outcome
from tests.helpers import board, cast, permanent, play, pt, returned_ids, run, run_both


def ids(out: dict[str, Any]) -> list[str]:
    return sorted(p["id"] for p in out["battlefield"])


def abilities(out: dict[str, Any]) -> list[str]:
    return [s["ability"] for s in out["stack_order"]]


# --------------------------------------------------------------------------- W1


@pytest.mark.parametrize("wipe", ["Wrath of God", "Damnation"])
def test_w1_701_8a_destroy_all_creatures(wipe: str) -> None:
    """W1, CR 701.8a / 603.3b: destroy all creatures. A: Finks, Grizzly Bears; B: Glorious
    Anthem, Safehold Elite, Young Wolf. All creatures die; the Anthem (not a creature) stays.
    B's triggers are on top (B's Wolf above B's Elite, listed order), so returns are Wolf,
    Elite, then A's Finks. With B's Anthem: Wolf 1/1 + 1/1 + 1/1 = 3/3, Elite 2/2 - 1/1 + 1/1
    = 2/2; A's Finks 2/1. The Bears stay dead."""
    out = run(
        board=board(
            "finks: Kitchen Finks @A",
            "bears: Grizzly Bears @A",
            "anthem: Glorious Anthem @B",
            "elite: Safehold Elite @B",
            "wolf: Young Wolf @B",
        ),
        actions=[cast(wipe)],
    )
    assert returned_ids(out) == ["wolf", "elite", "finks"]
    assert pt(out, "finks") == (2, 1)
    assert pt(out, "elite") == (2, 2)  # 2/2 - 1/1 + 1/1 (B's Anthem)
    assert pt(out, "wolf") == (3, 3)  # 1/1 + 1/1 + 1/1 (B's Anthem)
    assert ids(out) == ["anthem", "elite", "finks", "wolf"]
    assert sorted(out["graveyard"]["A"]) == sorted(["Grizzly Bears", wipe])
    assert out["life"] == {"A": 22, "B": 20}


# --------------------------------------------------------------------------- W2


def test_w2_s12_pyroclasm() -> None:
    """S12, CR 120.3e / 704.5g: 2 damage to each creature. A's Finks (3/2) and Elite (2/2)
    die and return (2/1, 1/1, no damage); B's Finks with a +1/+1 counter (4/3) survives with 2
    damage marked. A at 22."""
    out = run(
        board=board(
            "finks: Kitchen Finks @A",
            "elite: Safehold Elite @A",
            "b_finks: Kitchen Finks @B +1/+1=1",
        ),
        actions=[cast("Pyroclasm")],
    )
    assert sorted(returned_ids(out)) == ["elite", "finks"]
    assert pt(out, "finks") == (2, 1)
    assert pt(out, "elite") == (1, 1)
    f = permanent(out, "finks")
    assert f is not None and f["damage"] == 0
    b = permanent(out, "b_finks")
    assert b is not None
    assert (b["power"], b["toughness"], b["damage"]) == (4, 3, 2)
    assert out["life"] == {"A": 22, "B": 20}


def test_w2_anger_of_the_gods_exiles_instead_no_persist() -> None:
    """W2, CR 614.1a / 603.2g: Anger of the Gods deals 3 damage and exiles a creature dealt
    damage this way that would die. Finks and Young Wolf are exiled, not put into a graveyard:
    they never die, so no persist, no undying, and Massacre Wurm (6/5, survives with 3 damage)
    sees no creature die: B loses no life."""
    out = run(
        board=board(
            "wurm: Massacre Wurm @A",
            "finks: Kitchen Finks @B",
            "wolf: Young Wolf @B",
        ),
        actions=[cast("Anger of the Gods")],
    )
    assert out["stack_order"] == []
    assert out["returned"] == []
    assert sorted(out["exile"]["B"]) == ["Kitchen Finks", "Young Wolf"]
    assert out["graveyard"] == {"A": ["Anger of the Gods"], "B": []}
    assert ids(out) == ["wurm"]
    assert out["life"] == {"A": 20, "B": 20}


def test_w2_anger_of_the_gods_replacement_lasts_the_turn() -> None:
    """W2, Anger of the Gods: "would die this turn". Finks with two +1/+1 counters (5/4)
    survives the 3 damage; sacrificed later this turn it is exiled instead: no persist."""
    out = run(
        board=board("finks: Kitchen Finks @A +1/+1=2"),
        actions=[cast("Anger of the Gods"), {"do": "sacrifice", "target": "finks"}],
    )
    assert out["returned"] == []
    assert out["exile"]["A"] == ["Kitchen Finks"]
    assert "persist" not in abilities(out)


def test_w2_pyroclasm_undying_returns_undamaged() -> None:
    """W2 with CR 702.93a / 400.7: Young Wolf dies to Pyroclasm and returns 2/2 with no
    damage."""
    out = run(board=board("wolf: Young Wolf @A"), actions=[cast("Pyroclasm")])
    assert returned_ids(out) == ["wolf"]
    w = permanent(out, "wolf")
    assert w is not None
    assert (w["power"], w["toughness"], w["damage"]) == (2, 2, 0)


# --------------------------------------------------------------------------- W3


def test_w3_s11_infest() -> None:
    """S11, CR 611.2c: Infest (-2/-2 until end of turn) kills A's Finks, B's Elite and Elves.
    B's Elite returns first (1/1), then A's Finks (2/1); neither new object gets -2/-2; the
    Elves stay dead; A at 22."""
    out = run(
        board=board(
            "finks: Kitchen Finks @A",
            "elite: Safehold Elite @B",
            "elves: Llanowar Elves @B",
        ),
        actions=[cast("Infest")],
    )
    assert returned_ids(out) == ["elite", "finks"]
    assert pt(out, "elite") == (1, 1)
    assert pt(out, "finks") == (2, 1)
    assert out["graveyard"] == {"A": ["Infest"], "B": ["Llanowar Elves"]}
    assert out["life"] == {"A": 22, "B": 20}


def test_w3_toxic_deluge_pays_x_life() -> None:
    """W3, Toxic Deluge X=3: A pays 3 life (17); -3/-3 until end of turn kills Finks (returns
    2/1, A gains 2: 19) and B's Grizzly Bears; B's Nyxbloom Ancient (5/5) is 2/2."""
    out = run(
        board=board(
            "finks: Kitchen Finks @A",
            "bears: Grizzly Bears @B",
            "nyx: Nyxbloom Ancient @B",
        ),
        actions=[cast("Toxic Deluge", x=3)],
    )
    assert returned_ids(out) == ["finks"]
    assert pt(out, "finks") == (2, 1)
    assert pt(out, "nyx") == (2, 2)
    assert out["graveyard"]["B"] == ["Grizzly Bears"]
    assert out["life"] == {"A": 19, "B": 20}


def test_119_4_toxic_deluge_cannot_pay_more_life_than_you_have() -> None:
    """CR 119.4: a player can pay life only if their life total is at least the payment. A at
    2 life cannot cast Toxic Deluge with X=3: rejected, nothing changes."""
    out = run(
        board=board("finks: Kitchen Finks @A"),
        actions=[cast("Toxic Deluge", x=3)],
        life={"A": 2},
    )
    assert out["rejected"] == [{"action": 0, "reason": "cannot_pay_life", "rule": "119.4"}]
    assert out["life"]["A"] == 2
    assert pt(out, "finks") == (3, 2)
    assert out["graveyard"]["A"] == []


def test_704_5a_paying_down_to_0_life_loses_before_toxic_deluge_resolves() -> None:
    """CR 601.2i, 117.5, 704.5a: A at 3 life casts Toxic Deluge with X=3 and pays 3 life. The
    spell waits on the stack while state-based actions are checked: A is at 0 life and loses
    before it resolves, so every creature is still on the battlefield, 3/2, and nothing is in
    a graveyard. Both engines (the batch engine resolved it first: fuzz_timelines seed 9100)."""
    out = run_both(
        board=board("finks: Kitchen Finks @A", "redcap: Murderous Redcap @B"),
        actions=[cast("Toxic Deluge", x=3), cast("Wrath of God", by="B")],
        life={"A": 3},
    )
    assert out["result"] == "unsupported" and "704.5a" in out["reason"]
    assert out["life"]["A"] == 0
    assert pt(out, "finks") == (3, 2) and pt(out, "redcap") == (2, 2)
    assert out["graveyard"] == {"A": [], "B": []}


# --------------------------------------------------------------------------- W4


def test_w4_s10_black_suns_zenith() -> None:
    """S10: Black Sun's Zenith X=1. Finks (2/1) and Elite (1/1) survive with a -1/-1 counter;
    Llanowar Elves granted persist die with a counter (0/0): no persist. The Zenith is
    shuffled into its owner's library, not put into the graveyard."""
    game = play(
        board=board(
            "finks: Kitchen Finks @A",
            "elite: Safehold Elite @A",
            "elves: Llanowar Elves @A grant=persist",
        ),
        actions=[cast("Black Sun's Zenith", x=1, id="bsz")],
    )
    out = outcome(game)
    assert pt(out, "finks") == (2, 1)
    assert pt(out, "elite") == (1, 1)
    f = permanent(out, "finks")
    assert f is not None and f["counters"] == {"-1/-1": 1}
    assert out["returned"] == []
    assert out["graveyard"]["A"] == ["Llanowar Elves"]
    assert [zc.card.name for zc in game.library["A"]] == ["Black Sun's Zenith"]


def test_w4_s9_black_suns_zenith_on_a_plus_counter_creature() -> None:
    """S9 (ruling 6): Finks with a +1/+1 counter, Black Sun's Zenith X=3: 1/0 with both kinds
    of counter on it; it dies and does not persist."""
    out = run(
        board=board("finks: Kitchen Finks @A +1/+1=1"),
        actions=[cast("Black Sun's Zenith", x=3)],
    )
    assert out["returned"] == []
    assert out["battlefield"] == []


# --------------------------------------------------------------------------- W5


def test_w5_massacre_wurm_one_sided_with_life_loss() -> None:
    """W5: Massacre Wurm enters; B's creatures get -2/-2 (A's Elite does not). B's Finks (1/0)
    and Bears (0/0) die: two of A's life-loss triggers and B's persist. A is active, so B's
    persist is on top: Finks returns 2/1 (the -2/-2 was locked to the old object, 611.2c),
    B gains 2, then B loses 2 twice: 18."""
    out = run(
        board=board(
            "elite: Safehold Elite @A",
            "finks: Kitchen Finks @B",
            "bears: Grizzly Bears @B",
        ),
        actions=[cast("Massacre Wurm", id="wurm")],
    )
    assert returned_ids(out) == ["finks"]
    assert pt(out, "finks") == (2, 1)
    assert pt(out, "elite") == (2, 2)
    assert pt(out, "wurm") == (6, 5)
    assert abilities(out).count("life_loss") == 2
    assert out["graveyard"]["B"] == ["Grizzly Bears"]
    assert out["life"] == {"A": 20, "B": 18}


def test_w5_massacre_wurm_sees_deaths_it_dies_with() -> None:
    """W5, CR 603.10a: Wrath destroys Massacre Wurm with B's Bears and Elite and A's Bears.
    Looking back in time, the Wurm saw two opponent's creatures die: B loses 4; A's own Bears
    cost A nothing. B's Elite persists."""
    out = run(
        board=board(
            "wurm: Massacre Wurm @A",
            "a_bears: Grizzly Bears @A",
            "b_bears: Grizzly Bears @B",
            "elite: Safehold Elite @B",
        ),
        actions=[cast("Wrath of God")],
    )
    assert returned_ids(out) == ["elite"]
    assert out["life"] == {"A": 20, "B": 16}


# --------------------------------------------------------------------------- W6


def test_w6_all_is_dust_sacrifices_colored_permanents() -> None:
    """W6, CR 701.21a / 105.2: each player sacrifices every permanent that is one or more
    colors. Finks (green-white), Glorious Anthem (white), Elite and Dryad Arbor (green by its
    color indicator) are sacrificed; colorless Hangarback Walker, Forest and Sol Ring stay.
    Sacrificed is dying: Finks (2/1, the Anthem is gone) and Elite (1/1) return."""
    out = run(
        board=board(
            "finks: Kitchen Finks @A",
            "anthem: Glorious Anthem @A",
            "hb: Hangarback Walker @A +1/+1=1 x=1",
            "forest: Forest @A",
            "elite: Safehold Elite @B",
            "arbor: Dryad Arbor @B",
            "ring: Sol Ring @B",
        ),
        actions=[cast("All Is Dust")],
    )
    assert returned_ids(out) == ["elite", "finks"]
    assert ids(out) == ["elite", "finks", "forest", "hb", "ring"]
    assert pt(out, "finks") == (2, 1)
    assert pt(out, "elite") == (1, 1)
    assert pt(out, "hb") == (1, 1)
    assert sorted(out["graveyard"]["A"]) == ["All Is Dust", "Glorious Anthem"]
    assert out["graveyard"]["B"] == ["Dryad Arbor"]


# --------------------------------------------------------------------------- W7


def test_w7_farewell_exiles_creatures_no_persist() -> None:
    """W7, CR 406.2 / 700.4: Farewell (creatures) exiles Finks, a Finks token and Young Wolf:
    none dies, nothing triggers; the token ceases to exist (704.5d). Solemnity, an enchantment,
    stays."""
    out = run(
        board=board(
            "finks: Kitchen Finks @A",
            "tok: Kitchen Finks @A token",
            "wolf: Young Wolf @B",
            "solemnity: Solemnity @B",
        ),
        actions=[cast("Farewell", mode=["creatures"])],
    )
    assert out["stack_order"] == []
    assert out["returned"] == []
    assert ids(out) == ["solemnity"]
    assert out["exile"] == {"A": ["Kitchen Finks"], "B": ["Young Wolf"]}
    assert out["graveyard"] == {"A": ["Farewell"], "B": []}


def test_w7_farewell_modes_together() -> None:
    """W7, Farewell "choose one or more": creatures and graveyards. Grizzly Bears destroyed
    earlier are exiled from the graveyard; Finks is exiled; Farewell itself goes to the
    graveyard after it has resolved (608.2n)."""
    out = run(
        board=board("bears: Grizzly Bears @A", "finks: Kitchen Finks @A"),
        actions=[
            {"do": "destroy", "target": "bears"},
            cast("Farewell", mode=["creatures", "graveyards"]),
        ],
    )
    assert out["returned"] == []
    assert out["graveyard"]["A"] == ["Farewell"]
    assert sorted(out["exile"]["A"]) == ["Grizzly Bears", "Kitchen Finks"]


def test_w7_s13_merciless_eviction_creatures() -> None:
    """S13: Merciless Eviction (exile all creatures): Finks and a Finks token are exiled, no
    persist trigger at all."""
    out = run(
        board=board("finks: Kitchen Finks @A", "tok: Kitchen Finks @A token"),
        actions=[cast("Merciless Eviction", mode="creatures")],
    )
    assert out["stack_order"] == []
    assert out["battlefield"] == []
    assert out["exile"]["A"] == ["Kitchen Finks"]


def test_w7_merciless_eviction_other_mode_spares_creatures() -> None:
    """Merciless Eviction, mode enchantments: Solemnity is exiled, Finks stays."""
    out = run(
        board=board("finks: Kitchen Finks @A", "solemnity: Solemnity @B"),
        actions=[cast("Merciless Eviction", mode="enchantments")],
    )
    assert ids(out) == ["finks"]
    assert out["exile"]["B"] == ["Solemnity"]


def test_w7_evacuation_returns_creatures_to_owners_hands() -> None:
    """W7, Evacuation: "Return all creatures to their owners' hands." No persist (not dying).
    A's Finks goes to A's hand; the Elite A controls but B owns goes to B's hand; the token
    ceases to exist (704.5d)."""
    out = run(
        board=board(
            "finks: Kitchen Finks @A",
            "elite: Safehold Elite @A owner=B",
            "tok: Kitchen Finks @A token",
        ),
        actions=[cast("Evacuation", by="B")],
    )
    assert out["stack_order"] == []
    assert out["battlefield"] == []
    assert out["hand"] == {"A": ["Kitchen Finks"], "B": ["Safehold Elite"]}
    assert out["graveyard"] == {"A": [], "B": ["Evacuation"]}


# --------------------------------------------------------------------------- W8


def test_w8_combat_damage_kills_and_persist_returns() -> None:
    """W8, CR 510.2 / 704.5g: A's Finks and Elite attack; B's Grizzly Bears block Finks. Finks
    deals 3 to the Bears, the Bears 2 to Finks: both die, Finks returns untapped as a new
    object (2/1). The unblocked Elite deals 2 to B and stays tapped. A at 22, B at 18."""
    out = run(
        board=board(
            "finks: Kitchen Finks @A",
            "elite: Safehold Elite @A",
            "bears: Grizzly Bears @B",
        ),
        actions=[{"do": "attack", "attackers": ["finks", "elite"], "blockers": {"bears": "finks"}}],
    )
    assert out["rejected"] == []
    assert returned_ids(out) == ["finks"]
    f = permanent(out, "finks")
    assert f is not None
    assert (f["tapped"], f["power"], f["toughness"]) == (False, 2, 1)
    e = permanent(out, "elite")
    assert e is not None and e["tapped"] is True
    assert out["graveyard"]["B"] == ["Grizzly Bears"]
    assert out["life"] == {"A": 22, "B": 18}


def test_w8_combat_deaths_on_both_sides_apnap() -> None:
    """W8 with CR 603.3b: A's Elite attacks, B's Elite blocks; each deals 2: both die at once.
    A is active, so B's persist is on top: B's Elite returns first."""
    out = run(
        board=board("a_elite: Safehold Elite @A", "b_elite: Safehold Elite @B"),
        actions=[{"do": "attack", "attackers": ["a_elite"], "blockers": {"b_elite": "a_elite"}}],
    )
    assert returned_ids(out) == ["b_elite", "a_elite"]


def test_w8_double_block_and_lki_of_the_wurm() -> None:
    """W8: A's Massacre Wurm (6/5) is blocked by B's Finks and Elite. 6 power is lethal to both
    (2 + 2), and they deal 3 + 2 = 5 to the Wurm: all three die at once. The Wurm sees both of
    B's creatures die (603.10a): B loses 4; both persist (B's Finks ETB: +2). B at 18."""
    out = run(
        board=board(
            "wurm: Massacre Wurm @A",
            "finks: Kitchen Finks @B",
            "elite: Safehold Elite @B",
        ),
        actions=[
            {"do": "attack", "attackers": ["wurm"], "blockers": {"finks": "wurm", "elite": "wurm"}}
        ],
    )
    assert sorted(returned_ids(out)) == ["elite", "finks"]
    assert out["graveyard"]["A"] == ["Massacre Wurm"]
    assert out["life"] == {"A": 20, "B": 18}


def test_w8_returned_creature_cannot_attack() -> None:
    """CR 302.6 / 508.1a: a Finks returned by persist is a new object, summoning sick: declaring
    it as an attacker is rejected."""
    out = run(
        board=board("finks: Kitchen Finks @A"),
        actions=[
            {"do": "destroy", "target": "finks"},
            {"do": "attack", "attackers": ["finks"]},
        ],
    )
    assert out["rejected"] == [{"action": 1, "reason": "summoning_sick", "rule": "302.6"}]
    assert out["life"]["B"] == 20


# --------------------------------------------------------------------------- W9


def test_w9_massacre_girl_chain_shrinks_returned_creatures() -> None:
    """W9: A casts Massacre Girl. ETB: others -1/-1 (B's Elite 1/1, Finks 2/1, Nyxbloom 4/4,
    Elves 0/0 die). Each death triggers the delayed -1/-1. D1 (Elves): Elite and Finks die,
    Nyxbloom 3/3. A's D2, D3 go under B's persists (A active): Finks returns (2/1, B +2), then
    Elite (1/1). D3: both new objects die with -1/-1 counters (no persist), Nyxbloom 2/2; D4,
    D5: Nyxbloom 0/0, dies; D6 and D2 find no one. Six deaths, six delayed triggers; only the
    Girl is left."""
    out = run(
        board=board(
            "elite: Safehold Elite @B",
            "finks: Kitchen Finks @B",
            "nyx: Nyxbloom Ancient @B",
            "elves: Llanowar Elves @B",
        ),
        actions=[cast("Massacre Girl", id="girl")],
    )
    assert returned_ids(out) == ["finks", "elite"]
    assert ids(out) == ["girl"]
    assert abilities(out).count("delayed") == 6
    assert sorted(out["graveyard"]["B"]) == [
        "Kitchen Finks",
        "Llanowar Elves",
        "Nyxbloom Ancient",
        "Safehold Elite",
    ]
    assert out["life"] == {"A": 20, "B": 22}


# ------------------------------------------------------------ graveyard replacement


def test_614_1a_rest_in_peace_nothing_dies() -> None:
    """CR 614.1a / 603.2g: under Rest in Peace every card and token that would go to a
    graveyard is exiled instead: Wrath's creatures never die, so no persist and no undying;
    the Wrath card itself is exiled too."""
    out = run(
        board=board(
            "rip: Rest in Peace @A",
            "finks: Kitchen Finks @A",
            "elite: Safehold Elite @B",
            "wolf: Young Wolf @B",
            "tok: Kitchen Finks @B token",
        ),
        actions=[cast("Wrath of God")],
    )
    assert out["stack_order"] == []
    assert out["returned"] == []
    assert ids(out) == ["rip"]
    assert out["graveyard"] == {"A": [], "B": []}
    assert sorted(out["exile"]["A"]) == ["Kitchen Finks", "Wrath of God"]
    assert sorted(out["exile"]["B"]) == ["Safehold Elite", "Young Wolf"]


def test_614_1a_rest_in_peace_no_dies_trigger_for_the_wurm() -> None:
    """CR 603.2g: Rest in Peace turns the Bears' death into an exile; Massacre Wurm's "dies"
    trigger has no event: B loses no life."""
    out = run(
        board=board(
            "rip: Rest in Peace @A",
            "wurm: Massacre Wurm @A",
            "bears: Grizzly Bears @B",
        ),
        actions=[cast("Pyroclasm")],
    )
    assert out["exile"]["B"] == ["Grizzly Bears"]
    assert out["life"] == {"A": 20, "B": 20}


def test_614_1a_leyline_of_the_void_only_opponents_cards() -> None:
    """Leyline of the Void (A): "If a card would be put into an opponent's graveyard from
    anywhere, exile it instead." B's Finks is exiled (no persist); A's Finks dies and persists;
    B's Elite token is not a card: it goes to the graveyard, persist triggers, and the token
    ceases to exist. A's Wrath goes to A's graveyard."""
    out = run(
        board=board(
            "leyline: Leyline of the Void @A",
            "a_finks: Kitchen Finks @A",
            "b_finks: Kitchen Finks @B",
            "b_tok: Safehold Elite @B token",
        ),
        actions=[cast("Wrath of God")],
    )
    persist = [(s["id"], s["controller"]) for s in out["stack_order"] if s["ability"] == "persist"]
    assert persist == [("a_finks", "A"), ("b_tok", "B")]
    assert returned_ids(out) == ["a_finks"]
    assert out["exile"] == {"A": [], "B": ["Kitchen Finks"]}
    assert out["graveyard"] == {"A": ["Wrath of God"], "B": []}
    assert out["life"] == {"A": 22, "B": 20}


def test_614_1a_leyline_of_the_void_goes_by_owner() -> None:
    """CR 404.2 with Leyline of the Void (A): a card goes to its owner's graveyard. The Finks A
    controls but B owns would go to B's graveyard: exiled, no persist."""
    out = run(
        board=board("leyline: Leyline of the Void @A", "finks: Kitchen Finks @A owner=B"),
        actions=[{"do": "destroy", "target": "finks"}],
    )
    assert out["returned"] == []
    assert out["exile"]["B"] == ["Kitchen Finks"]


# --------------------------------------------------------------------------- Redcap


def test_603_3d_murderous_redcap_etb_hits_its_target() -> None:
    """Murderous Redcap (2/2): "When it enters, it deals damage equal to its power to any
    target." Cast targeting B: B at 18."""
    out = run(actions=[cast("Murderous Redcap", id="redcap")], choices={"targets": {"redcap": "B"}})
    assert out["life"] == {"A": 20, "B": 18}


def test_603_3d_redcap_returned_by_persist_kills_a_returned_creature() -> None:
    """Wrath kills A's Redcap and B's Finks. A active: B's Finks returns first (2/1, B at 22),
    then Redcap (1/1). Its ETB target is chosen as it goes on the stack (603.3d): the new Finks,
    dealt 1 damage, dies with its -1/-1 counter and stays dead."""
    out = run(
        board=board("redcap: Murderous Redcap @A", "finks: Kitchen Finks @B"),
        actions=[cast("Wrath of God")],
        choices={"targets": {"redcap": "finks"}},
    )
    assert returned_ids(out) == ["finks", "redcap"]
    assert ids(out) == ["redcap"]
    assert pt(out, "redcap") == (1, 1)
    assert out["graveyard"]["B"] == ["Kitchen Finks"]
    assert out["life"] == {"A": 20, "B": 22}


def test_608_2h_redcap_damage_uses_its_current_power() -> None:
    """Redcap under Glorious Anthem returns 2/2 - 1/1 + 1/1 = 2/2 and deals 2 to B."""
    out = run(
        board=board("anthem: Glorious Anthem @A", "redcap: Murderous Redcap @A"),
        actions=[{"do": "destroy", "target": "redcap"}],
        choices={"targets": {"redcap": "B"}},
    )
    assert out["life"] == {"A": 20, "B": 18}


# --------------------------------------------------------------------------- Hangarback


def test_603_10a_s17_hangarback_thopters_from_lki() -> None:
    """S17, CR 603.10a / 107.3m: Hangarback Walker with two +1/+1 counters, granted persist,
    dies to Wrath: its dies trigger counts 2 counters as it last existed: two 1/1 Thopters.
    Persist returns it with X = 0 (no +1/+1 counters) and a -1/-1 counter: -1/-1, it dies at
    once with a -1/-1 counter (no persist) and 0 counters: no more Thopters."""
    out = run(
        board=board("hb: Hangarback Walker @A +1/+1=2 x=2 grant=persist"),
        actions=[cast("Wrath of God")],
    )
    assert returned_ids(out) == ["hb"]
    assert ids(out) == ["hb.thopter1", "hb.thopter2"]
    for t in out["battlefield"]:
        assert (t["card"], t["token"], t["power"], t["toughness"]) == ("Thopter", True, 1, 1)
    assert sorted(out["graveyard"]["A"]) == ["Hangarback Walker", "Wrath of God"]


def test_603_10a_hangarback_without_persist() -> None:
    """Hangarback Walker with three +1/+1 counters, destroyed: three Thopters."""
    out = run(
        board=board("hb: Hangarback Walker @A +1/+1=3 x=3"),
        actions=[{"do": "destroy", "target": "hb"}],
    )
    assert len([p for p in out["battlefield"] if p["card"] == "Thopter"]) == 3
