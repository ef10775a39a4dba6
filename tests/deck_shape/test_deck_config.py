"""The deck shape's keys and statistics, in process: what parse refuses, what the stored
configuration holds, and which games the metrics by turn rest on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.deck import empty_results
from sim.config.experiment import parse_experiment
from sim.errors import UserError
from sim.shapes.deck.shape import DeckShape
from sim.shapes.deck.stats import deck_stats
from tests.deck.decks import validate_deck

DECK: dict[str, Any] = {
    "name": "d",
    "shape": "deck",
    "deck": {"cards": {"Forest": 20, "Llanowar Elves": 4, "Grizzly Bears": 16}},
    "game": {"turns": 2},
    "costs": ["{G}"],
}


def test_a_decklist_file_is_read_into_the_stored_configuration(tmp_path: Path) -> None:
    """The run's manifest holds the deck itself (a replay reads no list that may change)."""
    (tmp_path / "list.txt").write_text("20 Forest\n20 Grizzly Bears\n\n2 Naturalize\n")
    data = {**DECK, "deck": {"file": "list.txt"}}
    exp = parse_experiment(data, str(tmp_path / "exp.toml"))
    assert exp.data["deck"] == {"cards": {"Forest": 20, "Grizzly Bears": 20}}
    assert len(exp.points[0].config.cards) == 40


def test_a_decklist_file_cannot_be_swept(tmp_path: Path) -> None:
    data = {**DECK, "deck": {"file": "a.txt"}, "sweep": {"deck.file": ["a.txt", "b.txt"]}}
    with pytest.raises(UserError, match=r'sweep\."deck\.file": a decklist file cannot be swept'):
        parse_experiment(data, str(tmp_path / "exp.toml"))


def test_a_count_of_the_deck_can_be_swept() -> None:
    exp = parse_experiment({**DECK, "sweep": {"deck.cards.Forest": [20, 24]}})
    assert [len(p.config.cards) for p in exp.points] == [40, 44]


def test_a_comparison_with_a_baseline_is_read() -> None:
    """Deck points are compared with a baseline like any shape's (``test_deck_compare``)."""
    data = {**DECK, "sweep": {"game.play": ["play", "draw"]}, "compare": {"baseline": 1}}
    assert parse_experiment(data).compare.baseline == 1


def test_a_card_the_batch_engine_refuses_is_named_with_its_reason() -> None:
    """``engine.batch.deck.batch_refusal``'s reason, in one line naming the card: Phyrexian
    Altar's cost, sacrificing a creature, is not played by the batch deck game yet."""
    data = {**DECK, "deck": {"cards": {"Forest": 36, "Phyrexian Altar": 4, "Llanowar Elves": 4}}}
    with pytest.raises(UserError) as err:
        parse_experiment(data)
    assert str(err.value) == (
        "<experiment>: deck: the batch engine cannot play this deck yet: Phyrexian Altar: a"
        " mana ability with a cost besides {T}, {1}, a counter, life, sacrificing it and"
        " tapping a creature, or an effect besides mana and damage to you, is not played in"
        " deck games yet (hint: leave it out)"
    )


_GEYSER = """
[[card]]
name = "Geyser Stone"
mana_cost = "{3}"
types = ["Artifact"]
oracle = "{T}: Add six hundred mana of any one color."
abilities = [{ template = "mana_any_color", tap = true, amount = 600 }]
"""


def test_a_card_past_max_per_type_at_once_is_refused_with_the_cap_named(tmp_path: Path) -> None:
    """One activation's mana is packed in one field of a pool: a card that makes more than
    MAX_PER_TYPE of one type at once is refused by name when the file is read (exit 2). What
    a board makes in all stops a game instead (``game.POOL_CAP``)."""
    code, out = validate_deck(tmp_path, _GEYSER, {"Forest": 36, "Geyser Stone": 4})
    assert code == 2, out
    assert "Geyser Stone" in out and "MAX_PER_TYPE = 511" in out


def test_a_stopped_game_counts_as_unsupported_and_in_no_turn() -> None:
    """A game a cap stopped (status not 0) is in ``unsupported_rate`` only: every turn's
    cells rest on the games played to the last turn."""
    shape = DeckShape()
    setup = parse_experiment(DECK).points[0].config
    res = empty_results(setup, 3)
    res.lands[:] = [[1, 2], [1, 1], [0, 0]]
    res.cost_payable[:, :, 0] = [[True, True], [True, False], [False, False]]
    res.status[2] = 1
    stopped = type(res)(**{**vars(res), "reasons": ("", "a cap")})
    totals = shape.layout(setup).pack(deck_stats(setup, stopped))
    rows = {(r.metric, r.level, r.turn): r for r in shape.rows(setup, totals, shape.families)}
    assert rows[("unsupported_rate", "all", None)].value.estimate == pytest.approx(1 / 3)
    assert rows[("lands_in_play", "all", 2)].value.estimate == 1.5
    assert rows[("lands_in_play", "all", 2)].trials == 2
    assert rows[("cost_payable", "{G}", 2)].value.estimate == 0.5
    assert rows[("mulligans_count", "0", None)].value.n == 2
    assert rows[("mulligans", "all", None)].trials == 2
