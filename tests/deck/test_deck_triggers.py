"""Triggered abilities in deck games, on both engines, one ruling a test.

Kitchen Finks and the gainlands gain life as they enter (603.6a, 119.3); the trigger waits for
the state-based actions (603.3), so a player at 0 life after paying for the spell loses first
(704.5a). Rest in Peace, Pyreheart Wolf, River Kelpie, Flayer of the Hatebound and Heartmender
hold triggers that find nothing to do in a deck game (no graveyard is read, the pilot never
attacks, nothing returns, no -1/-1 counter is put): the reference engine plays them, the batch
engine knows they change nothing. Geralf's Messenger, Woodfall Primus and Puppeteer Clique
target what a one-player game lacks: their triggers are removed (603.3d). A permanent with
persist or undying that its own mana ability sacrifices would return (702.79a, 702.93a): the
batch engine refuses it by name.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.batch.deck import batch_refusal, play_deck_games
from engine.deck import Deals, deck_refusal, draw_deals
from engine.library import find_card
from engine.reference.deck import play_deck_game, results_of
from engine.reference.deck import play_deck_games as reference_games
from tests.deck.decks import agree_game_by_game, deck_of, stacked, validate_deck
from tests.rules.test_702_79b_persist_and_undying_given_to_a_kind import DEATHLESS_FORGE


def test_603_6a_kitchen_finks_gains_2_life_as_it_enters() -> None:
    """CR 603.6a, 119.3: three Plains cast Kitchen Finks on turn 3 and a second on turn 4
    ({1}{G/W}{G/W}): the player is at 24 life, and both engines play the game alike."""
    setup = deck_of({"Plains": 20, "Kitchen Finks": 20}, 5)
    deal = stacked(setup, ["Plains"] * 3 + ["Kitchen Finks"] * 2 + ["Plains"] * 4)
    game = play_deck_game(setup, deal)
    assert game.game.life["A"] == 24
    assert [t.cast for t in game.turns][2:4] == [("Plains", "Kitchen Finks")] * 2
    assert play_deck_games(setup, Deals.of(deal)).row(0) == results_of(setup, [game]).row(0)


# Ancient Tomb's damage (120.3a) and Mana Confluence's life (119.4) against Kitchen Finks'
# gains: a game runs out of life sooner or later, sometimes in the payment for a Finks.
_PAINFUL = {"Ancient Tomb": 14, "Mana Confluence": 6, "Kitchen Finks": 12, "Fellwar Stone": 8}


def test_704_5a_a_player_at_0_life_loses_before_finks_gains() -> None:
    """CR 704.5a, 603.3: deal 6 of this seed gains life from five Kitchen Finks, then pays
    for a sixth with the last of the player's life; the state-based actions are checked before
    its trigger is put on the stack, so the player loses at 0 life and never gains the 2.
    Both engines stop there, and agree on every other game."""
    setup = deck_of(_PAINFUL, 8, costs=("{W}", "{3}"))
    assert batch_refusal(setup) is None
    deals = draw_deals(np.random.default_rng(5), setup, 12)
    game = play_deck_game(setup, deals.deal(6))
    assert game.game.result == "unsupported" and game.game.life["A"] == 0
    events = game.game.log.events
    gains = [i for i, e in enumerate(events) if e.rule == "119.3" and " gains " in e.text]
    last_cast = max(i for i, e in enumerate(events) if e.rule == "601.2")
    assert events[last_cast].text == "A casts Kitchen Finks" and events[-1].rule == "704.5a"
    assert len(gains) == 5 and gains[-1] < last_cast  # none after the last cast
    batch, reference = play_deck_games(setup, deals), reference_games(setup, deals)
    for k in range(12):
        assert batch.row(k) == reference.row(k), k


@pytest.mark.parametrize(
    "name",
    ["Rest in Peace", "Pyreheart Wolf", "River Kelpie", "Flayer of the Hatebound", "Heartmender"],
)
def test_603_2_a_trigger_that_finds_nothing_to_do_changes_no_deck_game(name: str) -> None:
    """CR 603.2: no graveyard is read, no attack declared, nothing enters from a graveyard or
    is cast from one, no -1/-1 counter put in a deck game: with four copies of the card, the
    games are the same on both engines (the reference engine plays the trigger by the rules)."""
    card = find_card(name)
    assert card is not None and deck_refusal(card) is None
    setup = deck_of(
        {"Forest": 16, "Plains": 8, "Llanowar Elves": 4, name: 4, "Grizzly Bears": 8}, 8,
        costs=("{G}", "{2}{W}", "{4}"),
    )  # fmt: skip
    assert batch_refusal(setup) is None
    agree_game_by_game(setup, 3, 16)


@pytest.mark.parametrize(
    ("name", "mana"),
    [("Geralf's Messenger", "Swamp"), ("Woodfall Primus", "Forest"),
     ("Puppeteer Clique", "Swamp")],
)  # fmt: skip
def test_603_3d_a_trigger_with_no_opponent_to_target_is_removed(name: str, mana: str) -> None:
    """CR 603.3d, 115.1: a deck game has one player, so "target opponent", a card in an
    opponent's graveyard and a permanent the player doesn't control have no legal target: the
    trigger is removed as it would be put on the stack (Geralf's Messenger takes no life from
    the player), and the games are the same on both engines."""
    setup = deck_of({mana: 24, name: 16}, 9)
    game = play_deck_game(setup, stacked(setup, [mana] * 7 + [name] * 3 + [mana] * 4))
    events = game.game.log.events
    cast = [i for i, e in enumerate(events) if e.text == f"A casts {name}"]
    removed = [i for i, e in enumerate(events) if e.rule == "603.3d"]
    assert len(cast) == len(removed) >= 1 and game.game.life["A"] == 20
    assert all(r > c for r, c in zip(removed, cast, strict=True))
    agree_game_by_game(setup, 8, 12)


_CARDS = (
    """
[[card]]
name = "Persistent Petal"
mana_cost = "{0}"
types = ["Creature"]
subtypes = ["Plant"]
power = 2
toughness = 2
keywords = ["persist", "haste"]
oracle = "Persist, haste. {T}, Sacrifice Persistent Petal: Add one mana of any color."
abilities = [{ template = "mana_any_color", tap = true, sacrifice = true }]

[[card]]
name = "Blooming Sprite"
mana_cost = "{0}"
types = ["Creature"]
subtypes = ["Faerie"]
power = 2
toughness = 2
keywords = ["haste"]
oracle = "Haste. {T}, Sacrifice Blooming Sprite: Add one mana of any color."
abilities = [{ template = "mana_any_color", tap = true, sacrifice = true }]

[[card]]
name = "Banner of Undying"
mana_cost = "{3}"
types = ["Enchantment"]
oracle = "Creatures you control have undying."
abilities = [{ template = "grant_keyword", keyword = "undying", scope = "yours" }]


[[card]]
name = "Charge Mender"
mana_cost = "{2}"
types = ["Creature"]
subtypes = ["Elemental"]
power = 1
toughness = 1
oracle = "At the beginning of your upkeep, remove a charge counter from each creature you control."
abilities = [{ template = "upkeep_remove_counter_each_creature_yours", kind = "charge" }]
"""
    + DEATHLESS_FORGE
)


@pytest.mark.parametrize(
    ("cards", "refused"),
    [
        ({"Forest": 30, "Persistent Petal": 10}, "Persistent Petal: a permanent with persist"),
        ({"Forest": 30, "Blooming Sprite": 10}, None),
        ({"Forest": 30, "Blooming Sprite": 6, "Banner of Undying": 4}, "Blooming Sprite: "),
        ({"Forest": 30, "Lotus Petal": 6, "Deathless Forge": 4}, "Lotus Petal: "),
        ({"Forest": 30, "Blooming Sprite": 6, "Deathless Forge": 4}, None),
        ({"Forest": 30, "Charge Mender": 10}, "Charge Mender: its upkeep_remove_counter"),
    ],
)
def test_702_79a_a_source_that_could_return_is_refused_by_name(
    tmp_path: Path, cards: dict[str, int], refused: str | None
) -> None:
    """CR 702.79a, 702.93a, 701.21a: a permanent its own mana ability sacrifices, with
    persist printed or undying given by a static, would return, and the batch engine plays no
    return (Lotus Petal under "Artifacts you control have persist" too); a sacrificed one that
    cannot return is played (Blooming Sprite, not an artifact, under it). An upkeep trigger
    that removes counters of a kind a deck game may hold is refused too (only -1/-1 ones are
    never there). One line, exit 2, the card named."""
    code, out = validate_deck(tmp_path, _CARDS, cards)
    if refused is None:
        assert code == 0, out
        return
    assert code == 2 and out.count("\n") == 1 and refused in out, out


def test_121_1_zendikar_resurgent_draws_a_card_as_each_creature_spell_is_cast() -> None:
    """CR 121.1, 603.3: with Zendikar Resurgent on the battlefield, each creature spell the
    pilot casts draws a card before it resolves, and the card drawn may be cast that turn;
    both engines play the game alike."""
    setup = deck_of({"Forest": 24, "Zendikar Resurgent": 1, "Llanowar Elves": 15}, 9)
    top = ["Forest"] * 7 + ["Zendikar Resurgent"] + ["Llanowar Elves"] * 6 + ["Forest"] * 2
    game = play_deck_game(setup, stacked(setup, top))
    events = game.game.log.events
    since = next(i for i, e in enumerate(events) if e.text == "A casts Zendikar Resurgent")
    elves = [i for i, e in enumerate(events) if e.text == "A casts Llanowar Elves" and i > since]
    draws = [i for i, e in enumerate(events) if e.rule == "121.1"]
    assert len(draws) == len(elves) >= 2
    assert all(d > e for d, e in zip(draws, elves, strict=True))  # each after its cast
    batch = play_deck_games(setup, Deals.of(stacked(setup, top)))
    assert batch.row(0) == results_of(setup, [game]).row(0)


def test_704_5b_a_resurgent_drawing_past_the_library_stops_the_game() -> None:
    """CR 121.1, 704.5b: a 40-card deck of Forests, Zendikar Resurgents and Llanowar Elves
    draws through its library in 20 turns; a game whose Resurgent draws from an empty
    library stops there (a deck game has no loss: unsupported, the reason named) on both
    engines, game by game."""
    setup = deck_of({"Forest": 14, "Zendikar Resurgent": 6, "Llanowar Elves": 20}, 20)
    batch = agree_game_by_game(setup, 4, 12)
    stopped = [batch.reasons[s] for s in batch.status if s]
    assert stopped and all("empty library" in why for why in stopped)
    assert (batch.played[batch.status != 0] < 20).all()  # stopped before the last turn
