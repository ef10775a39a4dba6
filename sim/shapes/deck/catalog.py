"""Every metric of the deck shape, declared once (``sim.shapes.catalog``), in layout order.

Dimensions: ``turns`` is the file's ``game.turns``, ``costs`` its costs and ``track`` its
tracked cards (each at least one row, so the layout never has an empty field). A metric by
turn has one row per turn and level (``Row.turn``); its curve is drawn over the turns.
"""

from __future__ import annotations

from engine.deck import MAX_MULLIGANS
from engine.mana_types import MANA_TYPES
from sim.shapes.catalog import (
    UNSUPPORTED_RATE,
    Curve,
    Entry,
    Headline,
    Metric,
    Stat,
    families_of,
    own,
)

MOMENTS = 2  # a per-game value: [sum x, sum x²]
MANA_LEVELS = ("total", *MANA_TYPES)  # the order of ``mana_available``'s statistics
TYPES = len(MANA_LEVELS)  # total, then W U B R G C

STATUS = Stat("status", (2,))  # games, games played to the last turn (OK)

LANDS_IN_PLAY = Metric(
    "lands_in_play",
    "lands",
    "Lands in play",
    own("lands_in_play", "turns", MOMENTS),
    headline=(Headline("all"),),
    curve=Curve(("all",), "lands in play (mean)"),
)
MANA_AVAILABLE = Metric(
    "mana_available",
    "mana",
    "Mana available",
    own("mana_available", "turns", TYPES, MOMENTS),
    headline=(Headline("total"),),
    curve=Curve(("total",), "mana available (mean)"),
)
COST_PAYABLE = Metric(
    "cost_payable",
    "costs",
    "Cost payable",
    own("cost_payable", "turns", "costs"),  # games whose sources could pay it
    headline=(Headline(None, "Cost payable:"),),
    curve=Curve(None, "share of games"),
)
CAST_BY_TURN = Metric(
    "cast_by_turn",
    "cast",
    "Tracked cards cast",
    own("cast_by_turn", "turns", "track"),  # games that cast (a land: played) a copy so far
    curve=Curve(None, "share of games"),
)
X_CASTABLE = Metric(
    "x_castable",
    "x_spell",
    "X spell castable (X = 0)",
    own("x_max", "turns", 3),  # [games that pay X = 0, Σ largest X, Σ largest X²]
)
X_MAX = Metric("x_max", "x_spell", "Largest X (where castable)", curve=Curve(None, "largest X"))
MULLIGANS = Metric(
    "mulligans",
    "mulligans",
    "Mulligans per game",
    own("mulligans", MOMENTS),
    headline=(Headline("all"),),
)
MULLIGANS_COUNT = Metric(
    "mulligans_count", "mulligans", "Mulligans", own("mulligans_count", MAX_MULLIGANS + 1)
)

DECK_CATALOG: tuple[Entry, ...] = (
    STATUS,
    UNSUPPORTED_RATE,
    LANDS_IN_PLAY,
    MANA_AVAILABLE,
    COST_PAYABLE,
    CAST_BY_TURN,
    X_CASTABLE,
    X_MAX,
    MULLIGANS,
    MULLIGANS_COUNT,
)
DECK_FAMILIES = families_of(DECK_CATALOG)
