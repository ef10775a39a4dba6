"""Sufficient statistics of a batch of deck games: integer sums over the games, by turn;
and each game's (n, y) of every row, for comparisons paired game by game.

Only games played to their last turn (status 0) feed the metrics; a game a cap stopped is
counted in ``status`` (``unsupported_rate``) and nowhere else, so every turn's cells rest on
the same games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from engine.deck import MAX_MULLIGANS, DeckResults, DeckSetup, empty_results
from sim.shapes.base import Layout, RowKey, TrialCells
from sim.shapes.catalog import UNSUPPORTED_RATE, Metric, layout_of
from sim.shapes.deck import catalog
from sim.shapes.deck.catalog import DECK_CATALOG, MANA_LEVELS, STATUS


def deck_layout(setup: DeckSetup) -> Layout:
    """The statistics of one batch (``DECK_CATALOG``)."""
    return layout_of(DECK_CATALOG, {"turns": setup.turns, **_widths(setup)})


def _widths(setup: DeckSetup) -> dict[str, int]:
    """Columns of the costs and tracked cards: one at least (the layout has no empty field)."""
    return {"costs": max(len(setup.costs), 1), "track": max(len(setup.track), 1)}


def _moments(values: np.ndarray) -> np.ndarray:
    """(..., 2) [Σx, Σx²] over the game axis (first) of ``values`` (zero where not counted)."""
    v = values.astype(np.int64)
    out: np.ndarray = np.stack([v.sum(0), (v * v).sum(0)], axis=-1)
    return out


def _padded(counts: np.ndarray, width: int) -> np.ndarray:
    """(U, width) ``counts`` (U, k) with zero columns after it (an empty list has one)."""
    out = np.zeros((counts.shape[0], width), dtype=np.int64)
    out[:, : counts.shape[1]] = counts
    return out


def _mana(res: DeckResults) -> np.ndarray:
    """(T, U, 7) the mana available by game and turn: in all, then by type (MANA_LEVELS)."""
    return np.concatenate([res.mana_total[:, :, None], res.mana_by_type], axis=2)


def _largest_x(res: DeckResults, ok: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(T, U) the counted games (``ok``) whose sources could pay the X spell, and their
    largest X (0 elsewhere): ``x_max`` is an average over those games only."""
    castable = (res.x_max >= 0) & ok[:, None]
    return castable, np.where(castable, res.x_max, 0)


def deck_stats(setup: DeckSetup, res: DeckResults) -> dict[str, np.ndarray]:
    """Reduce a batch's results to the layout's sums."""
    ok = res.status == 0
    games = ok[:, None]  # (T, 1): the games every by-turn cell counts
    mana = _mana(res)
    castable, x = _largest_x(res, ok)
    widths = _widths(setup)
    return {
        STATUS.key: np.array([len(ok), ok.sum()], dtype=np.int64),
        catalog.LANDS_IN_PLAY.key: _moments(res.lands * games),
        catalog.MANA_AVAILABLE.key: _moments(mana * games[:, :, None]),
        catalog.COST_PAYABLE.key: _padded(
            (res.cost_payable & games[:, :, None]).sum(0), widths["costs"]
        ),
        catalog.CAST_BY_TURN.key: _padded(
            (res.cast_by_turn & games[:, :, None]).sum(0), widths["track"]
        ),
        catalog.X_CASTABLE.key: np.concatenate([castable.sum(0)[:, None], _moments(x)], axis=1),
        catalog.MULLIGANS.key: _moments(res.mulligans * ok),
        catalog.MULLIGANS_COUNT.key: np.bincount(
            res.mulligans[ok], minlength=MAX_MULLIGANS + 1
        ).astype(np.int64),
    }


# ``mulligans_count``'s levels: every count of mulligans a deck game may take, whatever a
# point's settings allow (the share of a count they do not is 0), so every sweep point has the
# same rows and compares level by level (a baseline that never mulligans once lacked the rows
# past 0, and their deltas were empty)
MULLIGAN_LEVELS: Final = range(MAX_MULLIGANS + 1)


# rows' keys, and each game's n and y of them: (T, R) each (an n of (T,) for every row)
Cells = tuple[Sequence[RowKey], np.ndarray, np.ndarray]


def _by_turn(metric: Metric, level: str, n: np.ndarray, y: np.ndarray) -> Cells:
    """A metric's cells of one level, turn by turn (``y`` (T, U); ``n`` (T,) or (T, U))."""
    keys = [(metric.family, metric.name, level, u + 1) for u in range(y.shape[1])]
    return keys, n, y


def _cells(setup: DeckSetup, res: DeckResults) -> list[Cells]:
    """Every row's cells, in ``deck_rows``' order of families (``deck_cell_keys`` are their
    keys): the same games, counts and sums as ``deck_stats``, game by game."""
    counted = res.status == 0
    ok = counted.astype(np.int64)
    games = ok[:, None]
    one = np.ones_like(ok)
    out: list[Cells] = [([(UNSUPPORTED_RATE.family, UNSUPPORTED_RATE.name, "all")], one, 1 - ok)]
    out.append(_by_turn(catalog.LANDS_IN_PLAY, "all", ok, res.lands * games))
    mana = _mana(res) * games[:, :, None]
    for k, level in enumerate(MANA_LEVELS):
        out.append(_by_turn(catalog.MANA_AVAILABLE, level, ok, mana[:, :, k]))
    for k, cost in enumerate(setup.costs):
        out.append(_by_turn(catalog.COST_PAYABLE, cost.text, ok, res.cost_payable[:, :, k] * games))
    for k, name in enumerate(setup.track):
        out.append(_by_turn(catalog.CAST_BY_TURN, name, ok, res.cast_by_turn[:, :, k] * games))
    if setup.x_spell is not None:
        castable, x = _largest_x(res, counted)
        name = setup.x_spell.name
        out.append(_by_turn(catalog.X_CASTABLE, name, ok, castable.astype(np.int64)))
        out.append(_by_turn(catalog.X_MAX, name, castable.astype(np.int64), x))
    out.append(
        ([(catalog.MULLIGANS.family, catalog.MULLIGANS.name, "all")], ok, res.mulligans * ok)
    )
    count = catalog.MULLIGANS_COUNT
    keys = [(count.family, count.name, str(k)) for k in MULLIGAN_LEVELS]
    levels = np.array(MULLIGAN_LEVELS)
    out.append((keys, ok, (res.mulligans[:, None] == levels[None, :]) * games))
    return out


def deck_cell_keys(setup: DeckSetup) -> tuple[RowKey, ...]:
    """The rows ``deck_trial_cells`` holds."""
    return tuple(key for keys, _, _ in _cells(setup, empty_results(setup, 0)) for key in keys)


def deck_trial_cells(setup: DeckSetup, res: DeckResults) -> TrialCells:
    """Each game's (n, y) of every row (``sim.shapes.base.TrialCells``), written block by
    block (a column at a time, numpy stacked a hundred strided columns twice)."""
    cells = _cells(setup, res)
    keys = tuple(key for keys, _, _ in cells for key in keys)
    t = len(res.status)
    n = np.empty((t, len(keys)), dtype=np.int64)
    y = np.empty((t, len(keys)), dtype=np.int64)
    at = 0
    for row_keys, cell_n, cell_y in cells:
        width = len(row_keys)
        n[:, at : at + width] = cell_n if cell_n.ndim == 2 else cell_n[:, None]
        y[:, at : at + width] = cell_y.reshape(t, width)
        at += width
    return TrialCells(keys, n, y)
