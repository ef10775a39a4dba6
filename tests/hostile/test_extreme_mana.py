"""Issue 12, classes 2 and 5: exponential mana and very long chains, exact or capped with a
reason, promptly.

Mana is counted per type (amounts, never symbols), so Forest plus n Nyxbloom Ancients makes
exactly 3^n G and n Mana Reflections 2^n G; past 64 bits (``MAX_AMOUNT``) the trial is
``unsupported`` with a reason naming the cap, never a saturated number. A chain of more than
``MAX_RESOLUTIONS`` resolutions is ``unsupported`` with a reason naming that cap. The time
limits are hang guards, not speed assertions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.reference.mana import MAX_AMOUNT
from engine.reference.stack import MAX_RESOLUTIONS
from sim.report.explain_text import render
from tests.helpers import board, cauldron, run, tap, time_limit

MG_CHAIN = Path(__file__).parents[2] / "experiments" / "scenarios" / "massacre_girl_chain.toml"


def _multipliers(card: str, n: int) -> dict[str, Any]:
    lines = [f"m{i}: {card} @A" for i in range(n)] + ["forest: Forest @A"]
    with time_limit(20):
        return run(board(*lines), [tap("forest")])


def test_106_4_thirty_nyxbloom_ancients_make_exactly_3_to_the_30() -> None:
    """CR 106.4, 616.1: each Nyxbloom Ancient triples the Forest's G: 3^30 G, exact."""
    out = _multipliers("Nyxbloom Ancient", 30)
    assert out["result"] == "ok"
    assert out["mana_pool"]["A"]["G"] == 3**30
    assert out["could_produce"]["forest"] == ["G"]


def test_106_4_forty_mana_reflections_make_exactly_2_to_the_40() -> None:
    """CR 106.4, 616.1: each Mana Reflection doubles: 2^40 G, exact."""
    out = _multipliers("Mana Reflection", 40)
    assert out["result"] == "ok"
    assert out["mana_pool"]["A"]["G"] == 2**40


def test_106_4_past_max_amount_is_unsupported_with_the_cap_named() -> None:
    """CR 106.4: 3^40 G does not fit in 64 bits: unsupported, the reason names MAX_AMOUNT,
    and no pool holds more than the cap."""
    assert 3**39 <= MAX_AMOUNT < 3**40
    out = _multipliers("Nyxbloom Ancient", 40)
    assert out["result"] == "unsupported"
    assert "MAX_AMOUNT" in out["reason"]
    assert all(n <= MAX_AMOUNT for pool in out["mana_pool"].values() for n in pool.values())


def test_text_mode_prints_large_pools_as_amounts() -> None:
    """The log and the final pools give 3^30 G as an amount, never symbol by symbol."""
    text = render(_multipliers("Nyxbloom Ancient", 30))
    assert f"A adds {3**30} G from forest" in text
    assert f"Mana pools: A: {3**30} G" in text
    assert "GGGGGGGGGGGGGGGGGGGGGGGGG" not in text


def _cli_file(tmp_path: Path, card: str, n: int) -> Path:
    lines = ['players = ["A", "B"]', 'active = "A"']
    for pid, name in [*((f"m{i}", card) for i in range(n)), ("forest", "Forest")]:
        lines += ["[[battlefield]]", f'id = "{pid}"', f'card = "{name}"', 'controller = "A"']
    lines += ["[[action]]", 'do = "tap_for_mana"', 'permanent = "forest"']
    path = tmp_path / "mana.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    ("card", "n", "pool"), [("Nyxbloom Ancient", 30, 3**30), ("Mana Reflection", 40, 2**40)]
)
def test_106_4_the_batch_engine_is_exact_in_64_bits(
    tmp_path: Path, card: str, n: int, pool: int
) -> None:
    """CR 106.4 on the batch engine (issue 12, class 2): the pool is exact, as the reference
    engine's, promptly."""
    with time_limit(120):  # a hang guard (the first call may compile the kernel)
        done = cauldron("explain", str(_cli_file(tmp_path, card, n)), "--engine", "batch", "--json")
    assert done.returncode == 0, done.stderr[-500:]
    assert json.loads(done.stdout)["mana_pool"]["A"]["G"] == pool


def test_batch_engine_past_max_amount_exits_3_with_the_reason(tmp_path: Path) -> None:
    """SPEC 7: past MAX_AMOUNT = 2^63 - 1 (3^40 G), ``explain --engine batch`` exits 3 with
    one line naming the cap, never a saturated pool."""
    done = cauldron(
        "explain", str(_cli_file(tmp_path, "Nyxbloom Ancient", 40)), "--engine", "batch"
    )
    assert done.returncode == 3, done.stderr[-500:]
    assert "Traceback" not in done.stderr
    assert "MAX_AMOUNT" in done.stderr
    assert done.stdout == ""


def _massacre_girls(n: int) -> str:
    head = MG_CHAIN.read_text().split("[[action]]")[0]
    cast = '[[action]]\ndo = "cast"\ncard = "Massacre Girl"\nby = "Ana"\nid = "girl{}"\n'
    return head + "".join(cast.format(i) for i in range(n))


def test_resolution_cap_is_unsupported_with_the_cap_named(tmp_path: Path) -> None:
    """CR 104.4b is not at issue (no position repeats): 500 Massacre Girls make more than
    MAX_RESOLUTIONS resolutions; the outcome is unsupported with the cap named, promptly."""
    path = tmp_path / "girls.toml"
    path.write_text(_massacre_girls(500))
    with time_limit(60):
        done = cauldron("explain", str(path), "--json")
    assert done.returncode == 0, done.stderr[-500:]
    assert '"result": "unsupported"' in done.stdout
    assert f"MAX_RESOLUTIONS = {MAX_RESOLUTIONS}" in done.stdout
    batch = cauldron("explain", str(path), "--engine", "batch")
    assert batch.returncode == 3, batch.stderr[-500:]
    assert "EFFECTS" in batch.stderr and "Traceback" not in batch.stderr


@pytest.mark.parametrize(("first", "want"), [(True, 3**30), (False, 1)])
def test_616_1_order_still_matters_with_thirty_multipliers(first: bool, want: int) -> None:
    """CR 616.1: Contamination applied first makes one B, which 30 Nyxbloom Ancients triple
    to 3^30 B; applied last it turns 3^30 G into one B. "Could produce" (106.7) tries every
    order of the distinct kinds of replacement, not 31! orders: B only."""
    lines = [f"m{i}: Nyxbloom Ancient @A" for i in range(30)]
    order = ["cont"] if first else [f"m{i}" for i in range(30)]
    with time_limit(20):
        out = run(
            board(*lines, "cont: Contamination @B", "forest: Forest @A"),
            [tap("forest", replacement_order=order)],
        )
    assert {t: n for t, n in out["mana_pool"]["A"].items() if n} == {"B": want}
    assert out["could_produce"]["forest"] == ["B"]
