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
    """A shape's enumeration: its sizes (or why not), its points, their rows."""

    check: Callable[[Any, int], tuple[int | None, int]]
    point: Callable[[Any], ExactPoint]
    rows: Callable[[Any, ExactPoint, Any], list[Row]]


ENUMERATORS = {
    "wipe": Enumerator(wipe_exact.check_exact, wipe_exact.exact_point, wipe_exact.exact_rows),
    "mana": Enumerator(mana_exact.check_exact, mana_exact.exact_point, mana_exact.exact_rows),
}


def check_exact(exp: Experiment, max_support: int) -> list[int]:
    """The support size of every sweep point, or a one-line error saying why not exact."""
    if exp.shape not in ENUMERATORS:
        raise UserError(f"--exact: does not enumerate shape {exp.shape!r}")
    if max_support < 1:
        raise UserError(f"--max-support {max_support}: expected a positive number")
    check = ENUMERATORS[exp.shape].check
    sizes = [check(p.config, max_support) for p in exp.points]
    return check_cap([size for size, _ in sizes], [naive for _, naive in sizes], max_support)


def exact_rows(exp: Experiment) -> list[list[Row]]:
    """Every sweep point enumerated: its rows, marked exact."""
    how = ENUMERATORS[exp.shape]
    return [how.rows(p.config, how.point(p.config), exp.families) for p in exp.points]
