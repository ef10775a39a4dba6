"""Read an experiment file (SPEC section 4): the run settings, the shape's distributions, and a
``[sweep]`` grid, validated strictly into one configuration per sweep point.

Every sweep point is the file with the swept values put in, validated in full before anything
runs, so a bad value anywhere in the grid fails at once with its key path.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sim.config.cards import file_cards, use_file_cards
from sim.config.compare import NO_COMPARE, Compare, parse_compare, sweep_values
from sim.config.reader import Reader, join, read_toml
from sim.errors import UserError, echo
from sim.shapes.base import Inlines, Shape
from sim.shapes.registry import SHAPES, shape_of

RUN_KEYS = {"name", "description", "shape", "trials", "seed", "batch_size", "metrics", "sweep"}
RUN_KEYS.add("compare")  # the comparison settings (sim.config.compare)
RUN_KEYS.add("cards")  # the user's card files (sim.config.cards), relative to the file
MAX_TRIALS = 10**12
# Trials per batch. Each batch is one task and one checkpoint file, so a tiny batch spends more
# on that overhead than on trials (batch_size = 1 wrote a file per trial); a huge one holds too
# much memory per worker. Out of range is an error naming the bounds, never a silent clamp.
MIN_BATCH = 256
MAX_BATCH = 1 << 20
MAX_POINTS = 10_000
DEFAULT_BATCH = 1 << 16
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
_SEGMENT = re.compile(r"^([^\[\]]+)((?:\[\d+\])*)$")


@dataclass(frozen=True)
class Point:
    """One sweep point: its index (the group), the swept values, and its configuration."""

    index: int
    params: tuple[tuple[str, Any], ...]
    config: Any

    @property
    def label(self) -> str:
        """``path=value; ...`` (empty without a sweep), values as compact JSON."""
        return "; ".join(f"{path}={_compact(value)}" for path, value in self.params)


@dataclass(frozen=True)
class Experiment:
    """A validated experiment: run settings and one configuration per sweep point."""

    source: str
    name: str
    shape: str
    trials: int  # per sweep point
    seed: int
    batch_size: int
    families: tuple[str, ...]
    sweep_paths: tuple[str, ...]
    points: tuple[Point, ...]
    data: dict[str, Any]  # the file as parsed (for the manifest and for replays)
    compare: Compare = NO_COMPARE  # the baseline, --target-ci target, labels in words

    def with_overrides(self, trials: int | None = None, seed: int | None = None) -> Experiment:
        """The same experiment with ``--trials`` and ``--seed`` applied (validated)."""
        r = Reader("flags")
        if trials is not None:
            trials = r.integer(trials, "--trials", 1, MAX_TRIALS)
        if seed is not None:
            seed = r.integer(seed, "--seed", 0, 2**63 - 1)
        return replace(
            self,
            trials=self.trials if trials is None else trials,
            seed=self.seed if seed is None else seed,
        )


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def load_experiment(path: Path, cards: Sequence[str] = ()) -> Experiment:
    """Parse and validate an experiment file; UserError (one line, key path) on any problem.

    Its card files (``cards``, the ``--cards`` flags, and its ``cards`` key) must be this
    process's (``sim.config.cards``): the CLI puts them in place before importing this."""
    data = read_toml(path)
    use_file_cards(data, path, cards)
    return parse_experiment(data, str(path), default_name=path.stem)


def parse_experiment(
    data: Mapping[str, Any], source: str = "<experiment>", default_name: str = "experiment"
) -> Experiment:
    """Validate an experiment given as parsed TOML; ``source`` names it in errors."""
    r = Reader(source)
    if "shape" not in data:
        raise r.fail("", "missing key 'shape'", 'shape = "wipe", "mana" or "deck"')
    shape = shape_of(r.text(data["shape"], "shape", tuple(SHAPES)))
    r.keys(data, RUN_KEYS | shape.keys, "")
    if isinstance(shape, Inlines):  # the files its keys name, read in (the manifest holds them)
        data = shape.inline(r, data, Path(source).parent)
    name = r.text(data.get("name", default_name), "name")
    if not _NAME.match(name):
        raise r.fail("name", f"{echo(name)} cannot name a folder", "letters, digits, _ . -")
    r.text(data.get("description", ""), "description")
    file_cards(data, source)  # its shape only: the files are in place (load_experiment)
    trials = r.integer(data.get("trials", 100_000), "trials", 1, MAX_TRIALS)
    seed = r.integer(data.get("seed", 0), "seed", 0, 2**63 - 1)
    batch_size = r.integer(
        data.get("batch_size", DEFAULT_BATCH), "batch_size", MIN_BATCH, MAX_BATCH
    )
    families = _families(r, data.get("metrics", list(shape.families)), shape.families)
    sweep = _sweep(r, sweep_values(r.table(data, "sweep", "")))
    points = []
    combos = list(itertools.product(*(values for _, values in sweep)))
    if len(combos) > MAX_POINTS:
        raise r.fail("sweep", f"{len(combos)} points; at most {MAX_POINTS}")
    for index, combo in enumerate(combos):
        params = tuple((path, value) for (path, _), value in zip(sweep, combo, strict=True))
        point_data = copy.deepcopy(dict(data))
        for path, value in params:
            _put(r, point_data, path, copy.deepcopy(value))
        label = "; ".join(f"{p}={_compact(v)}" for p, v in params)
        pr = Reader(f"{source} (sweep {label})") if params else r
        try:
            points.append(Point(index, params, shape.parse(pr, point_data)))
        except UserError as err:
            raise _unswept(err, pr, r, shape, data) from None
    return Experiment(
        source=source,
        name=name,
        shape=shape.name,
        trials=trials,
        seed=seed,
        batch_size=batch_size,
        families=families,
        sweep_paths=tuple(path for path, _ in sweep),
        points=tuple(points),
        data=json.loads(json.dumps(data, default=str)),
        compare=parse_compare(r, data, sweep, combos),
    )


def _unswept(
    err: UserError, pr: Reader, r: Reader, shape: Shape, data: Mapping[str, Any]
) -> UserError:
    """The error without the sweep label when the file fails the same way unswept (the
    problem is not in the swept values)."""
    if pr is r:
        return err
    try:
        shape.parse(r, data)
    except UserError as base:
        if str(base).removeprefix(r.source) == str(err).removeprefix(pr.source):
            return base
    return err


def _families(r: Reader, value: Any, known: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise r.fail("metrics", "expected a non-empty list of metric families", ", ".join(known))
    chosen = {r.text(v, join("metrics", i), known) for i, v in enumerate(value)}
    chosen.add("status")  # draws and unsupported trials are always reported
    return tuple(f for f in known if f in chosen)


def _segments(r: Reader, path: str, where: str) -> list[str | int]:
    """``slots[0].cards.Kitchen Finks`` -> ["slots", 0, "cards", "Kitchen Finks"]."""
    out: list[str | int] = []
    for part in path.split("."):
        m = _SEGMENT.match(part)
        if not m:
            raise r.fail(where, f"bad key path {echo(path)}", 'e.g. "events[0].x"')
        out.append(m.group(1))
        out += [int(i) for i in re.findall(r"\[(\d+)\]", m.group(2))]
    return out


def _sweep(r: Reader, table: Mapping[str, Any]) -> list[tuple[str, list[Any]]]:
    sweep = []
    for path, values in table.items():
        where = join("sweep", f'"{path}"')
        first = _segments(r, path, where)[0]
        if first in RUN_KEYS:
            raise r.fail(
                where, f"cannot sweep over {echo(first)}", "sweep distributions and choices"
            )
        if not isinstance(values, list) or not values:
            raise r.fail(where, "expected a non-empty list of values", f'"{path}" = [1, 2, 3]')
        sweep.append((path, values))
    return sweep


def _put(r: Reader, data: dict[str, Any], path: str, value: Any) -> None:
    """Set the value at ``path`` (the last key may be new; everything before must exist)."""
    where = join("sweep", f'"{path}"')
    keys = _segments(r, path, where)
    node: Any = data
    for depth, key in enumerate(keys[:-1]):
        nxt = keys[depth + 1]
        if isinstance(key, int):
            if not isinstance(node, list) or key >= len(node):
                raise r.fail(where, f"no item [{key}] in the file", "count [[tables]] from 0")
            node = node[key]
        else:
            if not isinstance(node, dict):
                raise r.fail(where, f"{echo(key)} is not inside a table")
            if key not in node:
                if isinstance(nxt, int):
                    raise r.fail(where, f"no list {echo(key)} in the file")
                node[key] = {}
            node = node[key]
    last = keys[-1]
    if isinstance(last, int):
        if not isinstance(node, list) or last >= len(node):
            raise r.fail(where, f"no item [{last}] in the file")
        node[last] = value
    elif isinstance(node, dict):
        node[last] = value
    else:
        raise r.fail(where, f"{echo(last)} is not inside a table")
