"""``cauldron bench``: its workloads, flags and figures (tiny trial counts; speed is never
asserted, the machines are noisy)."""

from __future__ import annotations

import importlib
import json
import sys
import types

import pytest

from engine.reference.sba import LOSS
from sim.bench import WORKLOADS, verdict
from sim.cli import main as cli
from tests.helpers import cauldron

TINY = ("--trials", "64", "--reference-trials", "2")
KEYS = {
    "name",
    "trials",
    "batch_trials_per_s",
    "reference_trials_per_s",
    "ratio",
    "reference_trials",
    "disagreements",
    "capped",
    "peak_rss_mb",
}


def test_json_has_every_workload_with_its_figures() -> None:
    done = cauldron("bench", "--json", *TINY)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    found = doc["workloads"]
    assert [w["name"] for w in found] == list(WORKLOADS)
    named = {"persist-wipe-2p-12", "mana-tap-2p-10", "counters-4p", "massacre-chain"}
    assert named | {"mixed-timeline"} <= set(WORKLOADS)
    for w in found:
        assert set(w) == KEYS, w["name"]
        assert (w["trials"], w["reference_trials"]) == (64, 2)
        assert w["disagreements"] == 0 and w["capped"] == 0, w["name"]
        assert isinstance(w["peak_rss_mb"], float) and w["peak_rss_mb"] > 0, w["name"]
        assert w["batch_trials_per_s"] > 0 and w["reference_trials_per_s"] > 0
    assert ("compile_s" in doc) == _has_kernel()


def _has_kernel() -> bool:
    """Whether ``from engine.batch.kernel import warm_up`` works (the compiled kernel)."""
    try:
        return hasattr(importlib.import_module("engine.batch.kernel"), "warm_up")
    except ImportError:
        return False


def test_workload_selects_in_bench_order() -> None:
    done = cauldron("bench", *TINY, "--workload", "massacre-chain", "--workload", "mana-tap-2p-10")
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if not line.startswith("compile: ")]
    assert [line.split(":")[0] for line in lines] == ["mana-tap-2p-10", "massacre-chain"]
    assert all("peak memory" in line and "disagreements 0" in line for line in lines)


def test_unknown_workload_is_one_line_with_the_names() -> None:
    done = cauldron("bench", "--workload", "mixed-timelines")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "'mixed-timelines'" in done.stderr and "counters-4p" in done.stderr


def test_a_trial_count_below_one_is_one_line() -> None:
    done = cauldron("bench", "--reference-trials", "0")
    assert (done.returncode, done.stderr.count("\n")) == (2, 1)
    assert "--reference-trials" in done.stderr


def test_compile_time_is_reported_when_the_kernel_exists(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    kernel = types.ModuleType("engine.batch.kernel")
    kernel.warm_up = lambda: 1.234  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "engine.batch.kernel", kernel)
    figures = {k: 1 for k in KEYS} | {"name": "persist-wipe-2p-12", "peak_rss_mb": 50.0}
    monkeypatch.setattr("sim.bench.bench", lambda **_: [figures])  # no workload runs here
    assert cli.main(["bench", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["compile_s"] == 1.234
    assert cli.main(["bench"]) == 0
    assert capsys.readouterr().out.startswith("compile: 1.23 s (first call, cached afterwards)\n")


def test_a_trial_stopped_at_a_cap_is_counted_apart_from_disagreements() -> None:
    """SPEC section 3: the batch engine stops a trial past a declared cap as unsupported, with
    the cap named, where the reference engine plays on; that is the contract, so the bench
    counts it as ``capped``, not as a disagreement. A loss (704.5a) stops both engines: an
    unsupported outcome at a loss that differs from the reference's is a disagreement."""
    played = {"result": "ok", "returned": ["Kitchen Finks"], "life": [20, 22]}
    capped = {"result": "unsupported"}  # ``comparable``'s form of a stop at a cap
    lost = {"result": "unsupported", "reason": f"{LOSS}: Ana", "life": [0, 20]}
    assert verdict(dict(played), played) == "agree"
    assert verdict(capped, played) == "capped"
    assert verdict({**played, "returned": []}, played) == "disagree"
    assert verdict(lost, played) == "disagree"
