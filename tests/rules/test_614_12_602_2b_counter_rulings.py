"""Counter replacement effects against their Gatherer rulings (issue 12).

CR 614.12: "Some replacement effects modify how a permanent enters the battlefield. ... Such
effects may come from the permanent itself if they affect only that permanent (as opposed to
a general subset of permanents that includes it). They may also come from other sources."
A source of a general effect must be on the battlefield before the permanent begins to enter.

CR 602.2b: costs are paid while activating; counters put on as a cost are not put by an
effect. "If an effect would put one or more counters" (Doubling Season) does not apply to
them; "If one or more -1/-1 counters would be put" (Vizier of Remedies) does.

Each scenario of ``tests/scenarios/rulings`` is checked on the reference engine and, where it
is inside the batch engine's shapes, on the batch engine too (``explain --engine batch``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import reference
from sim.cli.main import main
from sim.config.scenario import load_scenario
from tests.expectations import mismatches
from tests.helpers import board, permanent, run, run_both

RULINGS = Path(__file__).parents[1] / "scenarios" / "rulings"
OUTSIDE_SHAPES = 3  # the exit code of a scenario outside the batch engine's shapes


def _check(name: str) -> dict[str, Any]:
    path = RULINGS / f"{name}.toml"
    expected = json.loads(path.with_suffix(".expect.json").read_text())
    out = reference.run(load_scenario(path))
    assert mismatches(expected, out) == []
    return out


def test_614_12_vizier_returning_by_persist_gets_its_own_counter() -> None:
    """CR 614.12; Vizier of Remedies (2017-04-18): "If an effect puts Vizier of Remedies onto
    the battlefield with one or more -1/-1 counters on it, its effect won't apply." It returns
    2/1 with the counter, 1/0, and dies; persist does not trigger again (702.79a)."""
    out = _check("r614_12_vizier_own_persist")
    assert not any("Vizier of Remedies (vizier) changes" in e["text"] for e in out["log"])


def test_614_12_melira_returning_by_persist_gets_her_own_counter() -> None:
    """CR 614.12: Melira's "creatures you control can't have -1/-1 counters put on them" is a
    general ability: it does not apply to the counter she herself enters with."""
    _check("r614_12_melira_own_persist")


def test_614_12_vizier_already_there_reduces_a_returning_creatures_counter() -> None:
    """CR 614.12; Vizier of Remedies (2017-04-18): a creature entering under your control
    while you control the Vizier enters with one fewer -1/-1 counter: Finks returns 3/2."""
    out = run(
        board("vizier: Vizier of Remedies @A", "finks: Kitchen Finks @A"),
        [{"do": "destroy", "target": "finks"}],
    )
    finks = next(p for p in out["battlefield"] if p["id"] == "finks")
    assert (finks["power"], finks["toughness"], finks["counters"]) == (3, 2, {})


def test_614_12_hardened_scales_already_there_adds_to_entering_counters() -> None:
    """CR 614.12, 122.6: Hardened Scales is on the battlefield before Hangarback Walker
    begins to enter: X = 2 gives three +1/+1 counters."""
    _check("r614_12_scales_already_there")


def test_602_2b_doubling_season_does_not_double_a_cost_counter() -> None:
    """CR 602.2b; Doubling Season (2020-08-07): counters put on as a cost are not doubled.
    Devoted Druid's "Put a -1/-1 counter on Devoted Druid" puts one: -1/1, untapped."""
    out = _check("r602_2b_season_druid_cost")
    assert not any("Doubling Season" in e["text"] for e in out["log"])


def test_602_2b_vizier_applies_to_a_cost_counter() -> None:
    """CR 602.2b, 614.1: Vizier of Remedies is worded without "an effect", so it applies to
    Devoted Druid's cost: no counter is put, and the Druid untaps again and again, 0/2."""
    _check("r602_2b_vizier_druid_cost")


def test_602_2b_doubling_season_still_doubles_an_effects_counters() -> None:
    """CR 122.6, 614.1; Doubling Season (2020-08-07): it "affects permanents that enter the
    battlefield with counters": persist's counter, put by an effect, is doubled (1/0)."""
    out = run(
        board("season: Doubling Season @A", "finks: Kitchen Finks @A"),
        [{"do": "destroy", "target": "finks"}],
    )
    assert out["graveyard"]["A"] == ["Kitchen Finks"]


def test_118_3_melira_makes_the_druids_cost_unpayable() -> None:
    """CR 118.3, 602.2b: Melira says -1/-1 counters can't be put on creatures you control;
    a cost that puts one can't be paid, so the activation is rejected."""
    out = run(
        board("melira: Melira, Sylvok Outcast @A", "druid: Devoted Druid @A tapped"),
        [{"do": "activate", "permanent": "druid"}],
    )
    assert [r["rule"] for r in out["rejected"]] == ["118.3"]
    assert next(p for p in out["battlefield"] if p["id"] == "druid")["tapped"] is True


@pytest.mark.parametrize("path", sorted(RULINGS.glob("*.toml")), ids=lambda p: p.stem)
def test_rulings_on_the_batch_engine(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The batch engine agrees on every ruling scenario inside its shapes (exit 3 outside
    them, or where the expected result is unsupported, with one line saying why)."""
    code = main(["explain", str(path), "--json", "--engine", "batch"])
    captured = capsys.readouterr()
    expected = json.loads(path.with_suffix(".expect.json").read_text())
    if code == OUTSIDE_SHAPES:
        stops = expected.get("result") == "unsupported" and "batch engine stops" in captured.err
        assert stops or "outside the batch engine's shapes" in captured.err
        return
    assert code == 0, captured.err[-1000:]
    assert mismatches(expected, json.loads(captured.out)) == []


# ------------------------------------------------------------ Winding Constrictor (614.1a)


def test_614_1_winding_constrictor_makes_persist_return_with_two_counters() -> None:
    """CR 614.1a, 702.79a; Winding Constrictor: "that many plus one of each of those kinds":
    Finks returns by persist with two -1/-1 counters, a 1/0, and dies for good (704.5f); its
    enters trigger still gains 2 (603.6a). Young Wolf returns by undying with two +1/+1
    counters, a 3/3 (both engines)."""
    out = run_both(
        board(
            "snake: Winding Constrictor @A",
            "finks: Kitchen Finks @A",
            "wolf: Young Wolf @A",
        ),
        [{"do": "destroy", "target": "finks"}, {"do": "destroy", "target": "wolf"}],
    )
    assert [r["id"] for r in out["returned"]] == ["finks", "wolf"]
    assert [(p["id"], p["counters"]) for p in out["battlefield"]] == [
        ("snake", {}),
        ("wolf", {"+1/+1": 2}),
    ]
    assert out["graveyard"]["A"] == ["Kitchen Finks"] and out["life"]["A"] == 22


def test_614_1_winding_constrictor_covers_its_controllers_artifacts_and_creatures_only() -> None:
    """CR 614.1a: "an artifact or creature you control": a charge counter put on A's Sol Ring
    becomes two; one on A's Forest, on B's Sol Ring or on B's Bears stays one (both engines)."""
    out = run_both(
        board(
            "snake: Winding Constrictor @A",
            "ring: Sol Ring @A",
            "forest: Forest @A",
            "their_ring: Sol Ring @B",
            "bears: Grizzly Bears @B",
        ),
        [
            {"do": "counters", "target": t, "kind": kind, "amount": 1}
            for t, kind in (
                ("ring", "charge"),
                ("forest", "charge"),
                ("their_ring", "charge"),
                ("bears", "+1/+1"),
            )
        ],
    )
    assert {p["id"]: p["counters"] for p in out["battlefield"]} == {
        "snake": {},
        "ring": {"charge": 2},
        "forest": {"charge": 1},
        "their_ring": {"charge": 1},
        "bears": {"+1/+1": 1},
    }


def test_616_1_vizier_and_constrictor_apply_in_board_order() -> None:
    """CR 616.1, 614.5: the persist counter meets each replacement once, in board order here
    (the affected object's controller orders them; the scenario's policy is board order).
    Vizier first: one -1/-1 counter becomes none, and Constrictor has nothing to add to
    ("one or more counters would be put" no longer holds): Finks returns 3/2. Constrictor
    first: two, then Vizier: one; Finks returns 2/1 (both engines)."""
    vizier, snake = "vizier: Vizier of Remedies @A", "snake: Winding Constrictor @A"
    finks = [
        permanent(
            run_both(
                board(*first, "finks: Kitchen Finks @A"), [{"do": "destroy", "target": "finks"}]
            ),
            "finks",
        )
        for first in ((vizier, snake), (snake, vizier))
    ]
    assert [(f["counters"], f["power"], f["toughness"]) for f in finks] == [
        ({}, 3, 2),
        ({"-1/-1": 1}, 2, 1),
    ]
