"""A deck experiment through the runner against the exact hypergeometric answer.

24 Forests and 36 Grizzly Bears, no mulligans, on the play and on the draw (a sweep): at the
measurement point (the main phase after the land drop, before casting) every land is
untapped and the only mana source, so ``lands_in_play`` by turn follows the exact law of
``tests.deck.decks.lands_law`` and a cost of mana value k is payable exactly when k lands are
in play (``cost_payable``). Every row's reported 95% interval is checked against the exact
value: the misses must be as few as 95% intervals allow (a binomial tail of 1e-4 over the
cells), and none may miss the interval widened to 99.9% (Z 3.29 for 1.96).
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest

import sim
from engine.library import parse_mana_cost
from tests.deck.decks import lands_law
from tests.helpers import misses_allowed

LANDS, SPELLS, TURNS, GAMES = 24, 36, 4, 3_000
COSTS = ("{G}", "{1}{G}", "{2}{G}", "{2}{G}{G}")
Z95, Z999 = 1.959963984540054, 3.2905267314919255

EXPERIMENT = {
    "name": "bears",
    "shape": "deck",
    "seed": 1303,
    "batch_size": 1_024,
    "costs": list(COSTS),
    "deck": {"cards": {"Forest": LANDS, "Grizzly Bears": SPELLS}},
    "game": {"turns": TURNS},
    "sweep": {"game.play": ["play", "draw"]},
}


def _widened(row: pd.Series) -> tuple[float, float]:
    """The row's 95% interval widened about its estimate to 99.9%."""
    est, scale = row["estimate"], Z999 / Z95
    return est - (est - row["ci_low"]) * scale, est + (row["ci_high"] - est) * scale


@pytest.fixture(scope="module")
def summary() -> pd.DataFrame:
    return sim.run_experiment(EXPERIMENT, trials=GAMES, jobs=1).summary


def _exact(metric: str, level: str, law: dict[int, Fraction]) -> float:
    if metric == "lands_in_play":
        return float(sum(k * p for k, p in law.items()))
    need = parse_mana_cost(level).mana_value  # Forests only: k lands pay mana value k
    return float(sum((p for k, p in law.items() if k >= need), Fraction(0)))


def test_lands_in_play_and_cost_payable_by_turn_match_the_hypergeometric_law(
    summary: pd.DataFrame,
) -> None:
    """CR 103.8a (no draw on turn 1 on the play), 504.1, 305.2: on the play and on the draw,
    the mean lands in play and the share of games that can pay each cost, turn by turn, hold
    the exact answer within their reported 95% intervals."""
    checked, misses = 0, []
    for group, on_play in ((0, True), (1, False)):
        laws = lands_law(LANDS, SPELLS, TURNS, on_play)
        rows = summary[(summary["group"] == group) & summary["family"].isin(["lands", "costs"])]
        assert len(rows) == TURNS * (1 + len(COSTS))
        for _, row in rows.iterrows():
            exact = _exact(str(row["metric"]), str(row["level"]), laws[int(row["turn"]) - 1])
            assert row["trials"] == GAMES and row["n"] == GAMES
            low, high = _widened(row)
            assert low - 1e-12 <= exact <= high + 1e-12, (group, dict(row), exact)
            if not row["ci_low"] - 1e-12 <= exact <= row["ci_high"] + 1e-12:
                misses.append((group, row["metric"], row["level"], row["turn"], exact))
            checked += 1
    assert checked == 2 * TURNS * (1 + len(COSTS))
    assert len(misses) <= misses_allowed(checked), misses


def test_the_draw_sees_one_more_card(summary: pd.DataFrame) -> None:
    """CR 103.8a: on turn 1 the player on the draw has seen eight cards, on the play seven,
    so the draw has a land in play on turn 1 more often."""
    lands = summary[(summary["metric"] == "lands_in_play") & (summary["turn"] == 1)]
    play, draw = (float(lands[lands["group"] == g]["estimate"].iloc[0]) for g in (0, 1))
    assert draw > play
