"""Every metric of the wipe shape, declared once (``sim.shapes.catalog``), in layout order.

Dimensions: ``seats`` is the file's largest player count, ``seats+all`` one more (an "all
seats" row), ``cards`` the cards a slot can hold. Per-permanent rates keep, besides their
totals, the per-trial sums of squares and cross products their clustered intervals need.
"""

from __future__ import annotations

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

HISTOGRAM = 129  # bins of the returns-per-trial histogram; the last holds 128 or more
CLUSTER = 5  # a clustered ratio: [N, Y, sum n², sum n·y, sum y²]
MOMENTS = 2  # a per-trial value: [sum x, sum x²]

STATUS = Stat("status", (3,))  # trials, OK, DRAW
SEAT_TRIALS = Stat("seat_trials", ("seats",))  # OK trials that have the seat

DRAW_RATE = Metric(
    "draw_rate",
    "status",
    "Draws (mandatory loop, CR 104.4b)",
    headline=(Headline("all"),),
)
RETURN_RATE = Metric(
    "return_rate",
    "returns",
    "Persist/undying creatures that returned",
    own("return_rate", CLUSTER),  # permanents with a return keyword: returned
    headline=(Headline("all"),),
    curve=Curve(("all",), "return rate"),
)
RETURN_RATE_IF_LEFT = Metric(
    "return_rate_if_left",
    "returns",
    "… of those that left the battlefield",
    own("return_rate_if_left", CLUSTER),
    headline=(Headline("all"),),
)
RETURN_RATE_BY_CARD = Metric(
    "return_rate_by_card",
    "returns",
    "Return rate by card",
    own("return_rate_by_card", "cards", CLUSTER),  # every permanent, by card
)
RETURN_RATE_BY_SEAT = Metric(
    "return_rate_by_seat",
    "returns",
    "Return rate by seat",
    own("return_rate_by_seat", "seats", CLUSTER),  # permanents with a return keyword
)
RETURNS_PER_TRIAL = Metric(
    "returns_per_trial",
    "returns",
    "Returns per trial",
    own("returns_per_trial", 3, MOMENTS),  # all, persist, undying
    headline=(
        Headline("all"),
        Headline("persist", "Persist returns per trial"),
        Headline("undying", "Undying returns per trial"),
    ),
    curve=Curve(None, "returns per trial"),
)
RETURNS_COUNT = Metric(
    "returns_count", "return_counts", "Returns per trial", own("returns_count", HISTOGRAM)
)
FIRST_RETURN_SHARE = Metric(
    "first_return_share",
    "return_order",
    "Return order split: first return by seat",
    own("first_return_share", "seats"),  # trials whose first return is that seat's
    headline=(Headline(None, "First return by seat:"),),
    curve=Curve(None, "share of first returns"),
)
RETURN_SHARE = Metric(
    "return_share",
    "return_order",
    "Share of returns by seat",
    own("return_share", "seats", CLUSTER),  # returns of each seat among a trial's returns
)
MEAN_RETURN_POSITION = Metric(
    "mean_return_position",
    "return_order",
    "Mean return position by seat",
    own("mean_return_position", "seats", CLUSTER),  # [returns, sum of positions, ...]
)
CREATURES_AFTER = Metric(
    "creatures_after",
    "board_after",
    "Creatures after",
    own("creatures_after", "seats+all", MOMENTS),
)
POWER_AFTER = Metric(
    "power_after", "board_after", "Total power after", own("power_after", "seats+all", MOMENTS)
)
SURVIVORS = Metric(
    "survivors", "board_after", "Starting permanents left", own("survivors", "seats+all", MOMENTS)
)
LIFE_AFTER = Metric("life_after", "board_after", "Life after", own("life_after", "seats", MOMENTS))

WIPE_CATALOG: tuple[Entry, ...] = (
    STATUS,
    DRAW_RATE,
    UNSUPPORTED_RATE,
    RETURN_RATE,
    RETURN_RATE_IF_LEFT,
    RETURN_RATE_BY_CARD,
    RETURN_RATE_BY_SEAT,
    RETURNS_PER_TRIAL,
    RETURNS_COUNT,
    FIRST_RETURN_SHARE,
    RETURN_SHARE,
    MEAN_RETURN_POSITION,
    SEAT_TRIALS,
    CREATURES_AFTER,
    POWER_AFTER,
    SURVIVORS,
    LIFE_AFTER,
)
WIPE_FAMILIES = families_of(WIPE_CATALOG)
