"""Every metric of the mana shape, declared once (``sim.shapes.catalog``), in layout order.

Dimensions: ``seats`` is the file's largest player count, ``cards`` the cards a slot can
hold, ``costs`` the file's costs (at least one row, so the layout never has an empty field).
"""

from __future__ import annotations

from engine.batch.mana_state import MANA_REJECTIONS
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

TOTAL_BINS = 257  # total mana per trial: 0..255, and 256 or more
X_BINS = 65  # max X and counters: 0..63, and 64 or more
REASONS = max(MANA_REJECTIONS) + 1  # rows by the engine's rejection code
SETS = 64  # could-produce sets: bits of W U B R G C
MOMENTS = 2  # a per-trial value: [sum x, sum x²]

STATUS = Stat("status", (2,))  # trials, OK
SEAT_TRIALS = Stat("seat_trials", ("seats",))

MANA_BY_TYPE = Metric(
    "mana_by_type",
    "mana",
    "Mana by type",
    own("mana_by_type", 7, MOMENTS),  # W U B R G C and total, over every pool
    headline=(Headline("total", "Total mana per trial"),),
    curve=Curve(("total",), "total mana per trial"),
)
MANA_BY_SEAT = Metric("mana_by_seat", "mana", "Mana by seat", own("mana_by_seat", "seats", 2))
TOTAL_MANA_COUNT = Metric(
    "total_mana_count", "mana_totals", "Total mana", own("total_mana_count", TOTAL_BINS)
)
REJECTED_SHARE = Metric(
    "rejected_share",
    "rejections",
    "Rejected activations",
    own("rejected_share", REASONS, 5),  # row 0: any reason; [N activations, Y, Σn², Σny, Σy²]
)
MANA_FROM_TRIGGERS = Metric(
    "mana_from_triggers", "mana_effects", "Mana from triggers", own("mana_from_triggers", 2)
)
MANA_FROM_REPLACEMENTS = Metric(
    "mana_from_replacements",
    "mana_effects",
    "Mana from replacement effects",
    own("mana_from_replacements", 2),
)
UNDEFINED_MANA_EVENTS = Metric(
    "undefined_mana_events",
    "mana_effects",
    "Activations that made no mana",
    own("undefined_mana_events", 2),
)
UNDEFINED_MANA_TRIALS = Metric(
    "undefined_mana_trials",
    "mana_effects",
    "Trials with undefined mana",
    own("undefined_mana_trials", 1),
)
COULD_PRODUCE_SHARE = Metric(
    "could_produce_share",
    "could_produce",
    "Could-produce sets",
    (
        Stat("could_produce_n", ("cards", 2)),  # permanents with a mana ability: [N, Σn²]
        Stat("could_produce_share", ("cards", SETS, 3)),  # ... with this set: [Y, Σny, Σy²]
    ),
)
X_CASTABLE = Metric(
    "x_castable",
    "x_spell",
    "X spell castable",
    own("x_castable", 1),  # trials whose pool pays the X spell (X = 0, or the drawn X)
    headline=(Headline("all"),),
)
X_PAYABLE = Metric("x_payable", "x_spell", "X spell payable with the drawn X")
MAX_X = Metric(
    "max_x",
    "x_spell",
    "Max X (when castable)",
    own("max_x", 2),
    headline=(Headline("all"),),
    curve=Curve(("all",), "max X"),
)
X_CAPPED = Metric(
    "x_capped",
    "x_spell",
    "Max X held at MAX_X_VALUE (the pool paid more)",
    own("x_capped", 1),  # castable trials whose pool paid more than MAX_X_VALUE
)
MAX_X_COUNT = Metric("max_x_count", "x_spell", "X", own("max_x_count", X_BINS))
ETB_COUNTERS = Metric("etb_counters", "x_spell", "Counters on entering", own("etb_counters", 2))
ETB_COUNTERS_COUNT = Metric(
    "etb_counters_count", "x_spell", "Counters on entering", own("etb_counters_count", X_BINS)
)
COST_PAYABLE = Metric(
    "cost_payable",
    "costs",
    "Costs payable",
    own("cost_payable", "costs"),
    headline=(Headline(None, "Cost payable:"),),
    curve=Curve(None, "share of trials"),
)

MANA_CATALOG: tuple[Entry, ...] = (
    STATUS,
    UNSUPPORTED_RATE,
    MANA_BY_TYPE,
    MANA_BY_SEAT,
    SEAT_TRIALS,
    TOTAL_MANA_COUNT,
    REJECTED_SHARE,
    MANA_FROM_TRIGGERS,
    MANA_FROM_REPLACEMENTS,
    UNDEFINED_MANA_EVENTS,
    UNDEFINED_MANA_TRIALS,
    COULD_PRODUCE_SHARE,
    X_CASTABLE,
    X_PAYABLE,
    MAX_X,
    X_CAPPED,
    MAX_X_COUNT,
    ETB_COUNTERS,
    ETB_COUNTERS_COUNT,
    COST_PAYABLE,
)
MANA_FAMILIES = families_of(MANA_CATALOG)
