"""The scenarios shipped in experiments/scenarios show off `explain`; check what they show."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engine import reference
from sim.config.scenario import load_scenario

SHIPPED = Path(__file__).parent.parent / "experiments" / "scenarios"


def _run(name: str) -> dict:
    return reference.run(load_scenario(SHIPPED / name))


def test_603_3b_four_player_wrath_log_shows_apnap_and_each_return() -> None:
    """CR 603.3b: Cy (active), Dee, Ana, Ben put triggers on the stack in that order, so Ben's
    return resolves first and Cy's last; Ana chose Elite first onto the stack, so her Finks
    returns before her Elite. Dee's Elite had a -1/-1 counter: no persist (702.79a)."""
    out = _run("apnap_4p_wrath.toml")
    puts = [e["text"].split()[0] for e in out["log"] if e["rule"] == "603.3b"]
    assert puts[:4] == ["Cy", "Ana", "Ana", "Ben"]  # Dee has no trigger
    assert [r["id"] for r in out["returned"]] == [
        "ben_redcap",
        "ana_finks",
        "ana_elite",
        "cy_finks",
    ]
    returns = [e for e in out["log"] if "returns by persist" in e["text"]]
    assert [e["rule"] for e in returns] == ["702.79a"] * 4
    # Redcap returned 1/1 and dealt 1 to Cy, who then gained 2 from Finks.
    assert out["life"] == {"Ana": 22, "Ben": 20, "Cy": 21, "Dee": 20}


def test_w9_massacre_girl_chain_ends_with_only_the_undying_wolf() -> None:
    """W9: each death gives the other creatures -1/-1; the persist returns (new objects,
    400.7) are shrunk by later deaths and die with their counter; Young Wolf's undying trigger,
    put on the stack first, resolves last, after the chain, and it survives 2/2."""
    out = _run("massacre_girl_chain.toml")
    assert [p["id"] for p in out["battlefield"]] == ["wolf", "girl"]
    wolf = out["battlefield"][0]
    assert (wolf["power"], wolf["toughness"], wolf["counters"]) == (2, 2, {"+1/+1": 1})
    assert [r["id"] for r in out["returned"]] == ["elite", "finks", "wolf"]


def test_704_5q_bsz_on_countered_finks() -> None:
    """Rulings 6 and 10: the Finks with a +1/+1 counter survives as 2/1 after annihilation; the
    fresh one dies with two -1/-1 counters (no persist), as does the one that had returned."""
    out = _run("bsz_countered_finks.toml")
    assert [p["id"] for p in out["battlefield"]] == ["pumped"]
    assert out["returned"] == []
    assert out["graveyard"]["Ana"] == ["Kitchen Finks", "Kitchen Finks"]


def test_603_3b_drains_in_apnap_order_leave_ben_at_1_life() -> None:
    """CR 603.10a, 603.3b: Blood Artist triggers for its own death and both of Ben's
    creatures, Zulaport Cutthroat for its own and the Bears'; Ana is active, so Ben's two
    triggers, put on the stack last, resolve first: Ben gains 2, then loses 3, and ends at 1
    (704.5a never applies)."""
    out = _run("drains_apnap.toml")
    resolved = [e["text"].split(":")[0] for e in out["log"] if e["rule"] == "608.2"]
    assert resolved == ["zulaport"] * 2 + ["artist"] * 3
    assert (out["result"], out["life"]) == ("ok", {"Ana": 21, "Ben": 1})


def test_702_79a_finks_returns_with_its_counter_once_melira_died_beside_it() -> None:
    """CR 120.3, 704.5g, 702.79a: the Wumpus's second activation kills Finks and Melira at
    once; persist's return resolves after Melira left, so Finks comes back with its -1/-1
    counter (a 2/1) and Ana gains 2: 20 - 2 + 2 for Ana, 18 for Ben."""
    out = _run("wumpus_melira.toml")
    assert [(p["id"], p["counters"]) for p in out["battlefield"]] == [
        ("wumpus", {}),
        ("finks", {"-1/-1": 1}),
    ]
    assert out["graveyard"]["Ana"] == ["Melira, Sylvok Outcast"]
    assert (out["result"], out["life"]) == ("ok", {"Ana": 20, "Ben": 18})


def test_602_2b_crypt_rats_x_2_then_x_1_leaves_only_the_undying_wolf() -> None:
    """CR 602.2b, 120.3, 702.79a, 702.93a: X = 2 kills Finks, the Wolf and the Elite, which
    return as new objects; X = 1 kills the Rats (3 damage this turn) and the persisted Finks
    and Elite for good, while the Wolf, 2/2 with none of its old damage (400.7), lives."""
    out = _run("crypt_rats_x.toml")
    announced = [e["text"] for e in out["log"] if e["rule"] == "602.2"]
    assert [t.rsplit(" ", 1)[-1] for t in announced] == ["2", "1"]
    assert [r["id"] for r in out["returned"]] == ["elite", "wolf", "finks"]
    assert [(p["id"], p["counters"], p["damage"]) for p in out["battlefield"]] == [
        ("wolf", {"+1/+1": 1}, 1)
    ]
    assert out["graveyard"] == {"Ana": ["Crypt Rats", "Kitchen Finks"], "Ben": ["Safehold Elite"]}
    assert (out["result"], out["life"]) == ("ok", {"Ana": 19, "Ben": 17})


def test_603_6c_thragtusk_leaves_twice_under_doubling_season() -> None:
    """CR 603.6c, 603.10a, 614.1, 702.79a: Wrath of God kills Thragtusk (persist granted): its
    leaves trigger makes two Beasts under Doubling Season, its persist return gets two -1/-1
    counters and gains Ana 5; 1 damage then kills the 3/1 for good, and it leaves again: four
    Beasts. Ana's triggers go on the stack after Ben's (APNAP, Ben active), so Thragtusk
    returns before Finks."""
    out = _run("thragtusk_leaves.toml")
    assert [r["id"] for r in out["returned"]] == ["tusk", "finks"]
    beasts = [p["id"] for p in out["battlefield"] if p["card"] == "Beast"]
    assert beasts == [f"tusk.beast{k}" for k in range(1, 5)]
    doubled = [e["text"] for e in out["log"] if e["rule"] == "614.1"]
    assert len(doubled) == 2 and all("doubles 1 token(s) to 2" in t for t in doubled)
    assert out["graveyard"] == {"Ana": ["Thragtusk"], "Ben": ["Wrath of God"]}
    assert (out["result"], out["life"]) == ("ok", {"Ana": 25, "Ben": 22})


def test_616_1_scales_and_season_in_the_order_ana_lists() -> None:
    """CR 616.1, 614.5: Ana lists Vizier of Remedies, then Hardened Scales. Young Wolf returns
    by undying with Scales' one plus one, then Season's twice that: 4 counters, a 5/5. Kitchen
    Finks returns by persist with the Vizier's one minus one: none, and Doubling Season no
    longer applies. Without the list (board order: Season first) Finks would be a 2/1."""
    out = _run("scales_and_season.toml")
    board = {p["id"]: (p["power"], p["toughness"], p["counters"]) for p in out["battlefield"]}
    assert board["wolf"] == (5, 5, {"+1/+1": 4})
    assert board["finks"] == (3, 2, {})
    scn = load_scenario(SHIPPED / "scales_and_season.toml")
    listed = reference.run(replace(scn, choices=replace(scn.choices, counter_order={})))
    finks = next(p for p in listed["battlefield"] if p["id"] == "finks")
    assert (finks["power"], finks["toughness"], finks["counters"]) == (2, 1, {"-1/-1": 1})
