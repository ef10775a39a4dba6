"""Read the comparison settings of an experiment file (issue 15): which sweep point is the
baseline of paired A/B comparisons, what ``--target-ci`` waits for, and sweep labels in words.

A designer asks "does Melira help?", not "what is the return rate at ``slots[1].empty=0``":
the ``[compare]`` table (or ``baseline = N`` in ``[sweep]``) names the reference point, and
``labels`` in ``[sweep]`` give each swept value the words the report and ``comparison.csv``
show instead of its key path::

    [sweep]
    "slots[1].empty" = [0.0, 1.0]
    labels = { "slots[1].empty" = ["Melira present", "no Melira"] }

    [compare]
    baseline = 1              # the group every other point is compared with
    target_ci = "deltas"      # --target-ci waits for the deltas' intervals ("shares": default)
    pairing = "trials"        # pair trial by trial (default; shapes without per-trial cells
                              # pair batches), or "batches"
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sim.config.reader import Reader, join
from sim.errors import echo

SWEEP_KEYS = frozenset({"baseline", "labels"})  # keys of [sweep] that are not swept paths
COMPARE_KEYS = frozenset({"baseline", "target_ci", "pairing"})
TARGETS = ("shares", "deltas")
PAIRINGS = ("trials", "batches")  # the unit of paired differences (sim.run.trial_pairs)
MAX_LABEL = 80  # characters of one label: it heads a table column and a chart row


@dataclass(frozen=True)
class Compare:
    """The comparison settings of an experiment (baseline None: no comparison)."""

    baseline: int | None
    target: str  # what --target-ci waits for: "shares" or "deltas"
    words: tuple[str, ...]  # each sweep point in words ("" without a sweep)
    pairing: str = "trials"  # the unit of paired differences: "trials" or "batches"


NO_COMPARE = Compare(None, "shares", ())  # an experiment built without a file


def sweep_values(table: Mapping[str, Any]) -> dict[str, Any]:
    """The swept paths of a ``[sweep]`` table, without its comparison keys."""
    return {k: v for k, v in table.items() if k not in SWEEP_KEYS}


def parse_compare(
    r: Reader,
    data: Mapping[str, Any],
    sweep: Sequence[tuple[str, list[Any]]],
    combos: Sequence[Sequence[Any]],
) -> Compare:
    """Validate ``[compare]`` and the comparison keys of ``[sweep]`` against the grid
    (``combos``: each point's swept values, in group order)."""
    table = r.table(data, "compare", "")
    r.keys(table, set(COMPARE_KEYS), "compare")
    raw = r.table(data, "sweep", "")
    if "baseline" in table and "baseline" in raw:
        raise r.fail("sweep.baseline", "the baseline is named twice", "keep [compare] baseline")
    at = "compare.baseline" if "baseline" in table else "sweep.baseline"
    baseline = table.get("baseline", raw.get("baseline"))
    if baseline is not None:
        if len(combos) < 2:
            raise r.fail(at, "a comparison needs a [sweep] with two or more points")
        baseline = r.integer(baseline, at, 0, len(combos) - 1)
    target = r.text(table.get("target_ci", "shares"), "compare.target_ci", TARGETS)
    if target == "deltas" and baseline is None:
        raise r.fail("compare.target_ci", "deltas need a baseline", "[compare] baseline = 0")
    pairing = r.text(table.get("pairing", "trials"), "compare.pairing", PAIRINGS)
    labels = _labels(r, raw.get("labels", {}), sweep)
    words = tuple(point_words(sweep, combo, labels) for combo in combos)
    return Compare(baseline, target, words, pairing)


def _labels(
    r: Reader, value: Any, sweep: Sequence[tuple[str, list[Any]]]
) -> dict[str, tuple[str, ...]]:
    """``labels = { path = [one label per value] }``, checked against the swept paths."""
    if not isinstance(value, Mapping):
        raise r.fail("sweep.labels", "expected a table", '{ "path" = ["words", ...] }')
    counts = {path: len(values) for path, values in sweep}
    out: dict[str, tuple[str, ...]] = {}
    for path, names in value.items():
        where = join("sweep.labels", f'"{path}"')
        if path not in counts:
            raise r.fail(where, f"{echo(path)} is not swept", "label a path of [sweep]")
        if not isinstance(names, list) or len(names) != counts[path]:
            raise r.fail(where, f"expected a list of {counts[path]} labels, one per value")
        texts = [r.text(name, join(where, i)) for i, name in enumerate(names)]
        for i, text in enumerate(texts):
            if not text.strip() or len(text) > MAX_LABEL:
                raise r.fail(join(where, i), f"a label of 1 to {MAX_LABEL} characters")
        out[path] = tuple(texts)
    return out


def point_words(
    sweep: Sequence[tuple[str, list[Any]]],
    combo: Sequence[Any],
    labels: Mapping[str, tuple[str, ...]],
) -> str:
    """A sweep point in words: each swept value's label, else ``path=value``."""
    parts = []
    for (path, values), value in zip(sweep, combo, strict=True):
        if path in labels:
            parts.append(labels[path][_index(values, value)])
        else:
            parts.append(f"{path}={json.dumps(value, separators=(',', ':'), sort_keys=True)}")
    return ", ".join(parts)


def _index(values: Sequence[Any], value: Any) -> int:
    """Where ``value`` sits among a path's values (by identity first: 1 == 1.0 == True)."""
    for i, v in enumerate(values):
        if v is value:
            return i
    return list(values).index(value)
