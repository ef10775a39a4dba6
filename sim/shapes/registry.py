"""The experiment shapes by name (``shape = "wipe"``, ``"mana"`` or ``"deck"`` in a file)."""

from __future__ import annotations

from sim.shapes.base import Shape
from sim.shapes.catalog import Entry
from sim.shapes.deck.shape import DeckShape
from sim.shapes.mana.shape import ManaShape
from sim.shapes.wipe.shape import WipeShape

SHAPES: dict[str, Shape] = {"wipe": WipeShape(), "mana": ManaShape(), "deck": DeckShape()}
CATALOGS: dict[str, tuple[Entry, ...]] = {name: shape.catalog for name, shape in SHAPES.items()}


def shape_of(name: str) -> Shape:
    """The shape called ``name`` (the caller has validated the name)."""
    return SHAPES[name]
