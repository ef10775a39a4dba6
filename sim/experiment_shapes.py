"""The experiment shapes by name (``shape = "wipe"`` or ``"mana"`` in a file)."""

from __future__ import annotations

from sim.experiment_mana_shape import ManaShape
from sim.experiment_shape import Shape
from sim.experiment_wipe_shape import WipeShape

SHAPES: dict[str, Shape] = {"wipe": WipeShape(), "mana": ManaShape()}


def shape_of(name: str) -> Shape:
    """The shape called ``name`` (the caller has validated the name)."""
    return SHAPES[name]
