"""Where Cauldron stops on both engines, ``explain --engine batch`` answers as the reference
engine does (SPEC 2 and 7: the batch engine accepts every scenario the reference engine
accepts; exit 3 only at a named cap): a player's loss (704.5a) and a card drawn (121.1) are
outcomes, ``unsupported`` with the reason, exit 0. A cap of the batch engine's own is still
exit 3 with the cap named (``tests/hostile``, ``tests/test_worked_scenarios.py``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.batch.outcome import comparable
from tests.helpers import cauldron

ROOT = Path(__file__).resolve().parents[2]

CRYPT_RATS_AT_1_LIFE = """
players = ["Ana", "Ben"]
active = "Ben"

[life]
Ana = 1
Ben = 1

[[battlefield]]
id = "rats"
card = "Crypt Rats"
controller = "Ana"

[[battlefield]]
id = "finks"
card = "Kitchen Finks"
controller = "Ben"

[[action]]
do = "activate"
permanent = "rats"
x = 2
"""


def _explain(path: Path, engine: str) -> dict[str, Any]:
    done = cauldron("explain", str(path), "--json", "--engine", engine)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def test_704_5a_explain_batch_answers_a_loss_as_the_reference_does(tmp_path: Path) -> None:
    """CR 704.5a, 704.3: Crypt Rats deals 2 damage to each creature and each player; both
    players, at 1 life, lose in the state-based actions that put the Rats and Finks into the
    graveyard. Both engines stop there, name the same player (the first listed at 0 life or
    less, though Ben is active) and agree on the board, the graveyards and life: Finks's
    persist trigger never goes on the stack."""
    path = tmp_path / "rats.toml"
    path.write_text(CRYPT_RATS_AT_1_LIFE, "utf-8")
    reference, batch = (_explain(path, engine) for engine in ("reference", "batch"))
    assert batch["result"] == reference["result"] == "unsupported"
    assert batch["reason"] == reference["reason"]
    assert reference["reason"].startswith("Ana has -1 life and loses the game (704.5a)")
    assert comparable(batch) == comparable(reference)
    assert batch["graveyard"] == {"Ana": ["Crypt Rats"], "Ben": ["Kitchen Finks"]}
    assert batch["life"] == {"Ana": -1, "Ben": -1}


def test_704_5d_a_token_that_died_as_a_player_lost_is_still_in_the_graveyard(
    tmp_path: Path,
) -> None:
    """CR 704.5d, 704.5a, 704.3: Crypt Rats (X = 2) kills Ben's token copy of Kitchen Finks
    in the state-based actions that find Ana at 0 life; the game stops there, before the next
    check would make the token cease to exist: both engines list it in Ben's graveyard (the
    batch engine made it cease to exist in the same event)."""
    path = tmp_path / "token.toml"
    scenario = CRYPT_RATS_AT_1_LIFE.replace("Ben = 1", "Ben = 20").replace(
        'controller = "Ben"', 'controller = "Ben"\ntoken = true'
    )
    path.write_text(scenario, "utf-8")
    reference, batch = (_explain(path, engine) for engine in ("reference", "batch"))
    assert comparable(batch) == comparable(reference)
    assert batch["graveyard"] == {"Ana": ["Crypt Rats"], "Ben": ["Kitchen Finks"]}
    assert batch["reason"].startswith("Ana has -1 life")


def test_121_1_a_card_drawn_is_an_outcome_on_the_batch_engine() -> None:
    """CR 121.1: River Kelpie returns by persist and draws a card; libraries are not modeled,
    so the scenario is unsupported on both engines, each with its reason, exit 0 (the batch
    engine refused it with exit 3, as if it were past a cap of its own)."""
    path = ROOT / "tests" / "scenarios" / "rulings" / "r121_1_kelpie_draws.toml"
    reference, batch = (_explain(path, engine) for engine in ("reference", "batch"))
    assert batch["result"] == reference["result"] == "unsupported"
    assert "libraries are not modeled" in batch["reason"]
    assert "libraries are not modeled" in reference["reason"]


def test_704_5a_at_a_loss_the_engines_must_agree_on_where_they_stopped() -> None:
    """CR 704.5a: two outcomes stopped at a loss compare their board, zones and life, and who
    lost (both engines stop after the state-based actions that find it); two stopped for
    another reason compare nothing but that (where each stopped may differ)."""
    loss = "Ana has 0 life and loses the game (704.5a); Cauldron does not play on"
    base: dict[str, Any] = {
        "result": "unsupported",
        "reason": loss,
        "returned": [],
        "battlefield": [],
        "graveyard": {"Ana": [], "Ben": []},
        "exile": {"Ana": [], "Ben": []},
        "hand": {"Ana": [], "Ben": []},
        "life": {"Ana": 0, "Ben": 20},
        "rejected": [],
    }
    other_life = {**base, "life": {"Ana": 0, "Ben": 19}}
    other_loser = {**base, "reason": loss.replace("Ana has 0", "Ben has 0")}
    assert comparable(other_life) != comparable(base)
    assert comparable(other_loser) != comparable(base)
    capped = {**base, "reason": "more than STACK_DEPTH = 64 objects on the stack or waiting"}
    assert comparable(capped) == comparable({**other_life, "reason": capped["reason"]})
