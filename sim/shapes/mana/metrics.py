"""The mana experiments' metrics (SPEC section 4), each with its 95% interval, from totals.

Families and their metrics (``level`` breaks a metric down):

- ``status``: ``unsupported_rate`` (trials past the engine's caps), over all trials; every
  other metric is over the OK trials.
- ``mana``: ``mana_by_type`` (mean mana left in the pools after the taps: W U B R G C and
  ``total``), ``mana_by_seat`` (each seat's pool in all).
- ``mana_totals``: ``total_mana_count``: the share of trials making exactly ``level`` mana.
- ``rejections``: ``rejected_share``: the share of activations rejected (``any``, or by reason:
  summoning_sick, tapped, type_not_available, ...).
- ``mana_effects``: ``mana_from_triggers`` and ``mana_from_replacements`` (mean mana per trial
  added, or removed when negative, by "tapped for mana" triggers and replacement effects),
  ``undefined_mana_events`` (mean activations that made no mana, 106.5) and
  ``undefined_mana_trials`` (share of trials with one).
- ``could_produce``: ``could_produce_share``: for each card, the share of its permanents whose
  could-produce set at the end (106.7) is ``level`` (``Reflecting Pool: WG``, ``: none``).
- ``x_spell``: with ``x = "max"``: ``x_castable`` (the pool pays X = 0), ``max_x`` and
  ``max_x_count`` (the largest X the pool pays, over castable trials); with a drawn X:
  ``x_payable``. Both: ``etb_counters`` and ``etb_counters_count`` (counters the permanent
  has once it entered, 107.3m).
- ``costs``: ``cost_payable``: the share of trials whose active player's pool pays the cost.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_state import REJECTIONS
from engine.mana_types import MANA_TYPES
from sim.config.reader import SEAT_NAMES
from sim.run.stats import Estimate, normal_mean, wilson, wilson_cluster
from sim.shapes.base import Layout, Row
from sim.shapes.mana.config import ManaConfig

MANA_FAMILIES = (
    "status",
    "mana",
    "mana_totals",
    "rejections",
    "mana_effects",
    "could_produce",
    "x_spell",
    "costs",
)


def _set_name(bits: int) -> str:
    return "".join(t for k, t in enumerate(MANA_TYPES) if bits >> k & 1) or "none"


def _hist_rows(hist: np.ndarray, n: int) -> list[tuple[str, Estimate]]:
    top = int(np.flatnonzero(hist).max(initial=0))
    return [
        (f"{k}+" if k == len(hist) - 1 else str(k), wilson(int(hist[k]), n)) for k in range(top + 1)
    ]


def mana_rows(
    config: ManaConfig, layout: Layout, totals: np.ndarray, families: Sequence[str]
) -> list[Row]:
    """Rows in a fixed order: family, metric, then level."""
    t = layout.unpack(totals)
    trials, ok = (int(v) for v in t["status"])
    rows: list[Row] = []

    def add(family: str, metric: str, level: str, value: Estimate, n_trials: int = ok) -> None:
        rows.append(Row(family, metric, level, value, n_trials))

    def mean(v: np.ndarray, n: int) -> Estimate:
        return normal_mean(int(v[0]), int(v[1]), n)

    def cluster(v: np.ndarray) -> Estimate:
        n, y, snn, sny, syy = (int(a) for a in v)
        return wilson_cluster(y, n, syy, sny, snn, ok)

    if "status" in families:
        add("status", "unsupported_rate", "all", wilson(trials - ok, trials), trials)
    if "mana" in families:
        for k, level in enumerate((*MANA_TYPES, "total")):
            add("mana", "mana_by_type", level, mean(t["by_type"][k], ok))
        for k, seat in enumerate(SEAT_NAMES[: config.max_players]):
            n = int(t["seat_trials"][k])
            add("mana", "mana_by_seat", seat, mean(t["by_seat"][k], n), n)
    if "mana_totals" in families:
        for level, value in _hist_rows(t["total_hist"], ok):
            add("mana_totals", "total_mana_count", level, value)
    if "rejections" in families:
        add("rejections", "rejected_share", "any", cluster(t["rejected"][0]))
        for code in sorted(REJECTIONS):
            add("rejections", "rejected_share", REJECTIONS[code][0], cluster(t["rejected"][code]))
    if "mana_effects" in families:
        add("mana_effects", "mana_from_triggers", "all", mean(t["triggers"], ok))
        add("mana_effects", "mana_from_replacements", "all", mean(t["replaced"], ok))
        add("mana_effects", "undefined_mana_events", "all", mean(t["undefined"], ok))
        add(
            "mana_effects",
            "undefined_mana_trials",
            "all",
            wilson(int(t["undefined_trials"][0]), ok),
        )
    if "could_produce" in families:
        for k, card in enumerate(config.board_cards):
            n, snn = (int(v) for v in t["could_n"][k])
            for bits in range(64):
                y, sny, syy = (int(v) for v in t["could_set"][k, bits])
                if y:
                    level = f"{mt.CARDS[card].name}: {_set_name(bits)}"
                    value = wilson_cluster(y, n, syy, sny, snn, ok)
                    add("could_produce", "could_produce_share", level, value)
    if "x_spell" in families and config.x_spell is not None:
        castable = int(t["x_castable"][0])
        if config.x_spell.x is None:
            add("x_spell", "x_castable", "all", wilson(castable, ok))
            add("x_spell", "max_x", "all", mean(t["max_x"], castable), castable)
            for level, value in _hist_rows(t["max_x_hist"], castable):
                add("x_spell", "max_x_count", level, value, castable)
            cast = castable
        else:
            add("x_spell", "x_payable", "all", wilson(castable, ok))
            cast = ok
        add("x_spell", "etb_counters", "all", mean(t["etb"], cast), cast)
        for level, value in _hist_rows(t["etb_hist"], cast):
            add("x_spell", "etb_counters_count", level, value, cast)
    if "costs" in families:
        for k, cost in enumerate(config.costs):
            add("costs", "cost_payable", cost.text, wilson(int(t["costs"][k]), ok))
    return rows
