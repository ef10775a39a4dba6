"""CR 107.5 and 107.6: the tap symbol {T} and the untap symbol {Q} as costs (M1, M2).

CR 107.5: {T} in a cost means "tap this permanent"; a permanent that is already tapped can't pay
it. CR 107.6: {Q} means "untap this permanent"; a permanent that is already untapped can't pay
it. An activation whose cost can't be paid is illegal and the game returns to the moment before
it (602.2, 118.3): the rejected action changes nothing.

Springleaf Drum ({T}, Tap an untapped creature you control: Add one mana of any color) taps the
creature as a cost of the Drum's ability: that is neither the creature's own {T} ability (so
302.6 does not care whether the creature is summoning sick) nor "tapping that creature for
mana" (106.12), so Leyline of Abundance does not trigger.
"""

from __future__ import annotations

from typing import Any

from tests.helpers import board, permanent, play, pool, run, tap

TWO_FORESTS = ("f1: Forest @A", "f2: Forest @A")  # lines of tests.helpers.board


def settled(out: dict[str, Any]) -> dict[str, Any]:
    """The outcome without the parts a rejection is allowed to change (log, rejected)."""
    return {k: v for k, v in out.items() if k not in ("log", "rejected")}


def test_107_5_tapped_creature_cannot_pay_tap_symbol() -> None:
    """CR 107.5 (S21): a tapped Llanowar Elves can't pay {T}; the activation is rejected."""
    out = run(
        board=board("elves: Llanowar Elves @A tapped"),
        actions=[tap("elves")],
    )
    assert [(r["action"], r["rule"]) for r in out["rejected"]] == [(0, "107.5")]
    assert pool(out) == {}
    assert permanent(out, "elves")["tapped"] is True


def test_107_5_tapped_land_cannot_pay_tap_symbol() -> None:
    """CR 107.5: a tapped Forest can't pay {T} either (no summoning sickness involved)."""
    out = run(
        board=board("f1: Forest @A tapped"),
        actions=[tap("f1")],
    )
    assert [(r["action"], r["rule"]) for r in out["rejected"]] == [(0, "107.5")]
    assert pool(out) == {}


def test_107_5_rejected_tap_changes_nothing() -> None:
    """CR 107.5, 602.2: the rejected {T} activation leaves the game exactly as without it.

    The whole outcome (but its log and rejected list) equals that of the same scenario with the
    rejected action removed, including the engine's counters of mana events.
    """
    battlefield = board(
        *TWO_FORESTS,
        "elves: Llanowar Elves @A tapped",
        "flare: Mana Flare @B",
        "refl: Mana Reflection @A",
    )
    with_rejected = [tap("f1"), tap("elves"), tap("f2")]
    without = [tap("f1"), tap("f2")]
    out = run(board=battlefield, actions=with_rejected)
    assert [(r["action"], r["rule"]) for r in out["rejected"]] == [(1, "107.5")]
    assert settled(out) == settled(run(board=battlefield, actions=without))
    assert (
        play(board=battlefield, actions=with_rejected).stats
        == play(board=battlefield, actions=without).stats
    )


def test_107_6_untapped_permanent_cannot_pay_untap_symbol() -> None:
    """CR 107.6 (S22): an untapped Pili-Pala can't pay {Q}; the {2} already made stays unspent.

    The two Forests make GG; the {2},{Q} activation is rejected, so nothing is paid: GG remains.
    """
    battlefield = board("pili: Pili-Pala @A", *TWO_FORESTS)
    out = run(board=battlefield, actions=[tap("f1"), tap("f2"), tap("pili", color="R")])
    assert [(r["action"], r["rule"]) for r in out["rejected"]] == [(2, "107.6")]
    assert pool(out) == {"G": 2}
    assert permanent(out, "pili")["tapped"] is False


def test_107_6_rejected_untap_changes_nothing() -> None:
    """CR 107.6, 602.2: the rejected {Q} activation leaves the game exactly as without it."""
    battlefield = board("pili: Pili-Pala @A", *TWO_FORESTS)
    with_rejected = [tap("f1"), tap("pili", color="R"), tap("f2")]
    without = [tap("f1"), tap("f2")]
    out = run(board=battlefield, actions=with_rejected)
    assert [(r["action"], r["rule"]) for r in out["rejected"]] == [(1, "107.6")]
    assert settled(out) == settled(run(board=battlefield, actions=without))
    assert (
        play(board=battlefield, actions=with_rejected).stats
        == play(board=battlefield, actions=without).stats
    )


def test_107_6_tapped_pili_pala_untaps_for_one_mana() -> None:
    """CR 107.6 (S23): a tapped Pili-Pala pays {Q} by untapping; the Forests' GG pay {2}.

    Pool: GG from the Forests, minus {2}, plus one mana of the chosen color (R) = R.
    """
    battlefield = board("pili: Pili-Pala @A tapped", *TWO_FORESTS)
    out = run(board=battlefield, actions=[tap("f1"), tap("f2"), tap("pili", color="R")])
    assert out["rejected"] == []
    assert pool(out) == {"R": 1}
    assert permanent(out, "pili")["tapped"] is False


def test_107_6_pili_pala_cannot_untap_again_once_untapped() -> None:
    """CR 107.6: after paying {Q} Pili-Pala is untapped, so a second {Q} activation is rejected.

    Four Forests make GGGG; the first activation spends GG and adds R; the second is rejected
    with GG still in the pool: R + GG.
    """
    battlefield = board("pili: Pili-Pala @A tapped", *(f"f{i}: Forest @A" for i in range(1, 5)))
    actions = [tap("f1"), tap("f2"), tap("pili", color="R"), tap("f3"), tap("f4")]
    out = run(board=battlefield, actions=[*actions, tap("pili", color="W")])
    assert [(r["action"], r["rule"]) for r in out["rejected"]] == [(5, "107.6")]
    assert pool(out) == {"R": 1, "G": 2}


def test_107_5_springleaf_drum_taps_a_summoning_sick_creature() -> None:
    """CR 107.5, 302.6: tapping a creature for the Drum's cost is legal even if it is sick.

    302.6 restricts a creature's own {T} abilities; the Drum's cost only needs an untapped
    creature you control. Drum and Elves end tapped; one mana of the chosen color (U).
    """
    out = run(
        board=board("drum: Springleaf Drum @A", "elves: Llanowar Elves @A sick"),
        actions=[tap("drum", color="U", tap_creature="elves")],
    )
    assert out["rejected"] == []
    assert pool(out) == {"U": 1}
    assert permanent(out, "drum")["tapped"] is True
    assert permanent(out, "elves")["tapped"] is True


def test_106_12_drum_tapping_a_creature_is_not_tapping_it_for_mana() -> None:
    """CR 106.12, 106.12a: Leyline of Abundance does not trigger for the Drum's tapped creature.

    The creature was tapped to pay a cost, not by activating its own {T} mana ability; the Drum
    is not a creature. So the pool holds only the Drum's one mana (U), no additional G.
    """
    battlefield = board(
        "drum: Springleaf Drum @A",
        "elves: Llanowar Elves @A sick",
        "leyline: Leyline of Abundance @A",
    )
    actions = [tap("drum", color="U", tap_creature="elves")]
    out = run(board=battlefield, actions=actions)
    assert out["rejected"] == []
    assert pool(out) == {"U": 1}
    assert play(board=battlefield, actions=actions).stats.get("mana_from_triggers", 0) == 0


def test_107_5_drum_then_the_tapped_creature_cannot_pay_its_own_tap() -> None:
    """CR 107.5: once the Drum's cost tapped the Elves, the Elves can't pay their own {T}."""
    out = run(
        board=board("drum: Springleaf Drum @A", "elves: Llanowar Elves @A"),
        actions=[tap("drum", color="W", tap_creature="elves"), tap("elves")],
    )
    assert [(r["action"], r["rule"]) for r in out["rejected"]] == [(1, "107.5")]
    assert pool(out) == {"W": 1}


def test_107_5_drum_needs_an_untapped_creature_you_control() -> None:
    """CR 107.5, 118.3: "Tap an untapped creature you control" can't be paid with a tapped
    creature or an opponent's creature; the Drum's activation is then rejected and the Drum
    stays untapped."""
    creatures = board("elves: Llanowar Elves @A tapped", "elves: Llanowar Elves @B")
    checked = 0
    for creature in creatures:
        out = run(
            board=[*board("drum: Springleaf Drum @A"), creature],
            actions=[tap("drum", color="G", tap_creature="elves")],
        )
        assert [r["action"] for r in out["rejected"]] == [0]
        assert pool(out) == {}
        assert permanent(out, "drum")["tapped"] is False
        assert permanent(out, "elves")["tapped"] is creature.get("tapped", False)
        checked += 1
    assert checked == len(creatures) == 2


def test_106_12_drum_tapping_a_land_creature_triggers_no_land_trigger() -> None:
    """CR 106.12, 106.12a: Dryad Arbor tapped for the Drum's cost was not tapped for mana, so
    neither Mana Flare (land) nor Leyline of Abundance (creature) triggers: only the Drum's G."""
    battlefield = board(
        "drum: Springleaf Drum @A",
        "arbor: Dryad Arbor @A",
        "flare: Mana Flare @A",
        "leyline: Leyline of Abundance @A",
    )
    out = run(board=battlefield, actions=[tap("drum", color="G", tap_creature="arbor")])
    assert out["rejected"] == []
    assert pool(out) == {"G": 1}
    assert permanent(out, "arbor")["tapped"] is True


def test_106_12b_the_drum_itself_is_tapped_for_mana() -> None:
    """CR 106.12, 106.12b: the Drum's own ability has {T}, so the Drum is tapped for mana and
    Mana Reflection doubles it (U -> UU); the creature paying the cost still triggers no
    Leyline of Abundance: UU and no G."""
    battlefield = board(
        "drum: Springleaf Drum @A",
        "elves: Llanowar Elves @A",
        "refl: Mana Reflection @A",
        "leyline: Leyline of Abundance @A",
    )
    out = run(board=battlefield, actions=[tap("drum", color="U", tap_creature="elves")])
    assert out["rejected"] == []
    assert pool(out) == {"U": 2}
