"""The deck experiments' metrics (issue #13), each with its 95% interval, from totals.

Every metric but ``mulligans`` is by turn: one row per turn (``Row.turn``, the ``turn`` column
of the CSVs) and level, measured in the main phase after the land drop, before anything is
cast. Families and their metrics:

- ``status``: ``unsupported_rate``: games a cap stopped before the last turn, over all games.
  Every other metric is over the games played to the last turn.
- ``lands``: ``lands_in_play`` (mean; level ``all``).
- ``mana``: ``mana_available`` (mean of the most mana the untapped sources could make:
  ``total``, and each type W U B R G C maximized on its own).
- ``costs``: ``cost_payable``: the share of games whose sources could pay the cost (level: the
  cost's text, as ``costs`` spells it).
- ``cast``: ``cast_by_turn``: the share of games that cast (a land: played) a copy of the
  card (level: its name) on that turn or before.
- ``x_spell``: ``x_castable``, the share of games whose sources could pay the X spell with
  X = 0, and ``x_max``, the mean largest X over those games only (its ``trials`` counts
  them): together they say how often the spell is castable and how big it is then.
- ``mulligans``: ``mulligans`` (mean per game; level ``all``; no turn) and
  ``mulligans_count`` (the share of games that took exactly ``level`` mulligans, 0 to
  ``max_mulligans``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from engine.deck import DeckSetup
from sim.run.stats import normal_mean, wilson
from sim.shapes.base import Layout, Row
from sim.shapes.catalog import UNSUPPORTED_RATE, MetricRows, mean_of
from sim.shapes.deck import catalog
from sim.shapes.deck.catalog import DECK_FAMILIES, MANA_LEVELS, STATUS
from sim.shapes.deck.stats import MULLIGAN_LEVELS

__all__ = ["DECK_FAMILIES", "deck_rows"]


class _Rows(MetricRows[DeckSetup]):
    """The deck shape's rows of one group."""

    @property
    def turns(self) -> range:
        return range(1, self.config.turns + 1)


def _status(out: _Rows) -> None:
    games, ok = (int(v) for v in out.sums[STATUS.key])
    out.add(UNSUPPORTED_RATE, "all", wilson(games - ok, games), games)


def _lands(out: _Rows) -> None:
    lands = out.sums[catalog.LANDS_IN_PLAY.key]
    for u in out.turns:
        out.add(catalog.LANDS_IN_PLAY, "all", mean_of(lands[u - 1], out.ok), turn=u)


def _mana(out: _Rows) -> None:
    mana = out.sums[catalog.MANA_AVAILABLE.key]
    for u in out.turns:
        for k, level in enumerate(MANA_LEVELS):
            out.add(catalog.MANA_AVAILABLE, level, mean_of(mana[u - 1, k], out.ok), turn=u)


def _costs(out: _Rows) -> None:
    payable = out.sums[catalog.COST_PAYABLE.key]
    for u in out.turns:
        for k, cost in enumerate(out.config.costs):
            out.add(catalog.COST_PAYABLE, cost.text, wilson(int(payable[u - 1, k]), out.ok), turn=u)


def _cast(out: _Rows) -> None:
    cast = out.sums[catalog.CAST_BY_TURN.key]
    for u in out.turns:
        for k, name in enumerate(out.config.track):
            out.add(catalog.CAST_BY_TURN, name, wilson(int(cast[u - 1, k]), out.ok), turn=u)


def _x_spell(out: _Rows) -> None:
    spell = out.config.x_spell
    if spell is None:
        return
    x = out.sums[catalog.X_CASTABLE.key]  # by turn: [castable games, Σ X, Σ X²]
    for u in out.turns:
        out.add(catalog.X_CASTABLE, spell.name, wilson(int(x[u - 1, 0]), out.ok), turn=u)
    for u in out.turns:
        castable, total, squares = (int(v) for v in x[u - 1])
        largest = normal_mean(total, squares, castable)
        out.add(catalog.X_MAX, spell.name, largest, castable, turn=u)


def _mulligans(out: _Rows) -> None:
    out.add(catalog.MULLIGANS, "all", mean_of(out.sums[catalog.MULLIGANS.key], out.ok))
    hist = out.sums[catalog.MULLIGANS_COUNT.key]
    for k in MULLIGAN_LEVELS:
        out.add(catalog.MULLIGANS_COUNT, str(k), wilson(int(hist[k]), out.ok))


_FAMILY_ROWS: dict[str, Callable[[_Rows], None]] = {
    "status": _status,
    "lands": _lands,
    "mana": _mana,
    "costs": _costs,
    "cast": _cast,
    "x_spell": _x_spell,
    "mulligans": _mulligans,
}


def deck_rows(
    setup: DeckSetup, layout: Layout, totals: np.ndarray, families: Sequence[str]
) -> list[Row]:
    """Rows in a fixed order: family, metric, turn, then level."""
    out = _Rows(setup, layout.unpack(totals), STATUS)
    return out.families(DECK_FAMILIES, _FAMILY_ROWS, families)
