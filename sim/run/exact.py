"""``--exact`` for every shape that enumerates: the cap checked on every sweep point before
anything runs, then each point enumerated (``sim.shapes.exact``, and each shape's own
``exact`` module: ``sim.shapes.wipe.exact``, ``sim.shapes.mana.exact``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from sim.config.experiment import Experiment
from sim.errors import UserError
from sim.shapes.base import Row
from sim.shapes.exact import MAX_SUPPORT, ExactPoint, check_cap
from sim.shapes.mana import exact as mana_exact
from sim.shapes.wipe import exact as wipe_exact

__all__ = ["MAX_SUPPORT", "check_exact", "exact_rows"]


class Enumerator(NamedTuple):
    """A shape's enumeration: why a point is not enumerated ("" if it is), its support sizes
    (reduced, None past the cap; and naive), its points, their rows."""

    not_enumerated: Callable[[Any], str]
    reduced_size: Callable[[Any, int], int | None]
    support_size: Callable[[Any], int]
    point: Callable[[Any], ExactPoint]
    rows: Callable[[Any, ExactPoint, Any], list[Row]]


def _enumerator(module: Any) -> Enumerator:
    """A shape's ``exact`` module as an Enumerator (each has the five functions)."""
    return Enumerator(
        module.not_enumerated,
        module.reduced_size,
        module.support_size,
        module.exact_point,
        module.exact_rows,
    )


ENUMERATORS = {"wipe": _enumerator(wipe_exact), "mana": _enumerator(mana_exact)}


def check_exact(exp: Experiment, max_support: int) -> list[int]:
    """The support size of every sweep point, or a one-line error saying why not exact."""
    if exp.shape not in ENUMERATORS:
        raise UserError(f"--exact: does not enumerate shape {exp.shape!r}")
    if max_support < 1:
        raise UserError(f"--max-support {max_support}: expected a positive number")
    how = ENUMERATORS[exp.shape]
    for p in exp.points:
        why = how.not_enumerated(p.config)
        if why:
            raise UserError(f"--exact: {why} (hint: sample it: run without --exact)")
    reduced = [how.reduced_size(p.config, max_support) for p in exp.points]
    return check_cap(reduced, [how.support_size(p.config) for p in exp.points], max_support)


def exact_rows(exp: Experiment) -> list[list[Row]]:
    """Every sweep point enumerated: its rows, marked exact."""
    how = ENUMERATORS[exp.shape]
    return [how.rows(p.config, how.point(p.config), exp.families) for p in exp.points]
