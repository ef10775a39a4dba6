"""Sufficient statistics of a batch of deck games: integer sums over the games, by turn.

Only games played to their last turn (status 0) feed the metrics; a game a cap stopped is
counted in ``status`` (``unsupported_rate``) and nowhere else, so every turn's cells rest on
the same games.
"""

from __future__ import annotations

import numpy as np

from engine.deck import MAX_MULLIGANS, DeckResults, DeckSetup
from sim.shapes.base import Layout
from sim.shapes.catalog import layout_of
from sim.shapes.deck import catalog
from sim.shapes.deck.catalog import DECK_CATALOG, STATUS


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


def deck_stats(setup: DeckSetup, res: DeckResults) -> dict[str, np.ndarray]:
    """Reduce a batch's results to the layout's sums."""
    ok = res.status == 0
    games = ok[:, None]  # (T, 1): the games every by-turn cell counts
    mana = np.concatenate([res.mana_total[:, :, None], res.mana_by_type], axis=2)
    castable = (res.x_max >= 0) & games
    x = np.where(castable, res.x_max, 0)
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
