"""Golden traces: the `cauldron explain FILE` text of a few canonical scenarios, line by line.

An outcome check sees where things end up; a trace also pins down the order they happened in
and the rule cited for each step. Each ``tests/golden/NAME.toml`` has its expected trace in
``NAME.txt`` beside it, read and checked by hand against the rules before it was committed:

- ``apnap_3p`` (S8): CR 603.3b, triggers go on the stack in APNAP order with three players,
  each player ordering their own; the last put on resolves first; 702.79a persist returns.
- ``mana_replacement_order`` (S29): CR 616.1 / 614.5, the tapping player orders Contamination
  and Mana Reflection; each applies once: BB one way, B the other.
- ``counter_replacement_order``: CR 616.1 / 614.1 with 702.93a, Hardened Scales then Doubling
  Season on undying's counter: (1 + 1) x 2 = 4.
- ``massacre_girl_chain`` (W9): CR 603.7 delayed triggers, 603.3b, 704.5f, 702.79a with
  last-known counters (603.10a), new objects escaping earlier effects (400.7, 611.2c).
- ``persist_solemnity_loop``: CR 104.4b, a mandatory persist loop under Solemnity is a draw.
- ``x_spells``: CR 107.3m (enters with X counters), 704.5q (counters annihilate), 603.10a
  (the dies trigger counts the counters it last had).

A change to the engine or to the text format that alters a trace fails here with a diff.
When the change is meant, regenerate the files and review their diff before committing:

    pytest tests/test_golden_traces.py --update-golden
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from sim.cli.main import main

GOLDEN = Path(__file__).parent / "golden"
SCENARIOS = sorted(GOLDEN.glob("*.toml"))


def explain(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What `cauldron explain FILE` prints for ``path``."""
    assert main(["explain", str(path)]) == 0
    return capsys.readouterr().out


def test_the_golden_scenarios_are_here() -> None:
    assert {p.stem for p in SCENARIOS} >= {
        "apnap_3p",
        "mana_replacement_order",
        "counter_replacement_order",
        "massacre_girl_chain",
        "persist_solemnity_loop",
        "x_spells",
    }


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_explain_matches_its_golden_trace(
    path: Path, capsys: pytest.CaptureFixture[str], update_golden: bool
) -> None:
    golden = path.with_suffix(".txt")
    actual = explain(path, capsys)
    if update_golden:
        golden.write_text(actual, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    assert expected.strip() and actual.strip(), f"{golden.name}: an empty trace checks nothing"
    diff = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            fromfile=f"golden/{golden.name}",
            tofile="cauldron explain (now)",
            lineterm="",
        )
    )
    if diff:
        pytest.fail(
            f"{path.name}: the trace is not the golden one. If the change is meant, run "
            "`pytest tests/test_golden_traces.py --update-golden` and review the diff.\n"
            + "\n".join(diff),
            pytrace=False,
        )
