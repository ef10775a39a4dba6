"""The batch engine's deck games against the reference engine's, game by game (issue #13).

Both engines play the same deals (``draw_deals``) and must fill the same ``DeckResults``:
mulligans, every turn's lands, mana (in all and by type), each cost's payability, the largest
X, the tracked cards cast, and why a game stopped. The decks cover every rule the deck game
plays: summoning sickness (302.6) and haste (702.10c), enters tapped (614.1c), could-produce
(106.7: Reflecting Pool, and Exotic Orchard with no opponent's land), choices of type and
amount (605.3b: Guildgates, Birds of Paradise, Gilded Lotus), damage from mana abilities
(120.3a) and a loss at 0 life (704.5a), life paid as a land enters (614.12), amounts that
count permanents
(106.4: Gaea's Cradle, Priest of Titania; a Reflecting Pool reads Cradle's G only once a
creature is there), hybrid costs (107.4e), X
(107.3), the London mulligan (103.5), no draw on the play (103.8a), the pilot's orders; then
every card the batch engine plays, and seeded random decks of them.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from engine.batch import mana_tables as mt
from engine.batch.deck import REASONS, batch_refusal, kernel_refusal, play_deck_games
from engine.batch.deck.tables import deck_tables, is_filter
from engine.batch.kernel.deck.columns import (
    B_CARD,
    N_BOARD_COLUMNS,
    N_SCALARS,
    S_POOL_CAP,
    ST_BOARD,
    ST_TURN,
)
from engine.batch.kernel.deck.frontier import SEVERAL_WIDTH, frontier, spare_len
from engine.batch.kernel.deck.game import POOL_CAP
from engine.batch.kernel.deck.pools import amount
from engine.deck import ROW_FIELDS, DeckResults, DeckSetup, deck_refusal, draw_deals
from engine.library import library
from engine.reference.deck import play_deck_games as reference_games
from tests.deck.decks import agree_game_by_game, deck_of

DECKS: dict[str, tuple[dict[str, int], dict[str, Any]]] = {
    "lands_and_bears": ({"Forest": 24, "Grizzly Bears": 36}, {"costs": ["{G}", "{2}{G}{G}"]}),
    "green_ramp": (
        {
            "Forest": 14,
            "Reflecting Pool": 2,
            "Selesnya Guildgate": 4,
            "Llanowar Elves": 4,
            "Elvish Mystic": 4,
            "Birds of Paradise": 2,
            "Sol Ring": 2,
            "Gilded Lotus": 1,
            "Grizzly Bears": 27,
        },
        {
            "costs": ["{2}{G}{G}", "{W}", "{1}{G/W}{G/W}", "{6}"],
            "track": ("Sol Ring", "Birds of Paradise"),
            "x_spell": "Hangarback Walker",
            "mulligan": "london",
            "play": "random",
        },
    ),
    "five_colors": (
        {
            "Plains": 5,
            "Island": 5,
            "Swamp": 4,
            "Mountain": 4,
            "Forest": 4,
            "Azorius Guildgate": 3,
            "Reflecting Pool": 2,
            "Birds of Paradise": 4,
            "Gilded Lotus": 2,
            "Serra Angel": 7,
            "Vampire Nighthawk": 10,
            "Wastes": 2,
        },
        {
            "costs": ["{W}{U}{B}{R}{G}", "{U/B}{U/B}{R/G}", "{C}{W}", "{3}{W}{W}"],
            "x_spell": "Hangarback Walker",
            "mulligan": "london",
            "keep_lands": (3, 4),
            "max_mulligans": 4,
            "play": "draw",
            "turns": 7,
        },
    ),
    "reflections_alone": (
        {"Reflecting Pool": 14, "Exotic Orchard": 4, "Plains": 4, "Fellwar Stone": 4},
        {"costs": ["{W}", "{W}{W}", "{1}"], "track": ("Fellwar Stone",), "turns": 7},
    ),
    "haste_and_land_creatures": (
        {
            "Forest": 16,
            "Dryad Arbor": 4,
            "Llanowar Elves": 8,
            "Fervor": 3,
            "Thousand-Year Elixir": 2,
            "Grizzly Bears": 27,
        },
        {"costs": ["{3}", "{1}{G}{G}"], "track": ("Fervor", "Dryad Arbor")},
    ),
    "elves_count": (
        {
            "Forest": 14,
            "Gaea's Cradle": 3,
            "Reflecting Pool": 3,
            "Wastes": 2,
            "Priest of Titania": 4,
            "Llanowar Elves": 4,
            "Elvish Mystic": 4,
            "Dryad Arbor": 2,
            "Grizzly Bears": 24,
        },
        {"costs": ["{G}{G}{G}", "{C}{G}", "{6}"], "x_spell": "Hangarback Walker", "turns": 8},
    ),
    "pain_and_shocks": (
        {
            "Adarkar Wastes": 4,
            "Ancient Tomb": 12,
            "Temple Garden": 4,
            "Plains": 8,
            "Sol Ring": 4,
            "Fellwar Stone": 12,
            "Gilded Lotus": 4,
            "Youthful Knight": 12,
        },
        {"costs": ["{W}{U}", "{G}{W}", "{4}"], "turns": 10, "x_spell": "Hangarback Walker"},
    ),
    "declared_orders": (
        {
            "Forest": 10,
            "Selesnya Guildgate": 6,
            "Plains": 6,
            "Sol Ring": 3,
            "Nevinyrral's Disk": 3,
            "Llanowar Elves": 4,
            "Serra Angel": 14,
            "Youthful Knight": 14,
        },
        {
            "land_order": ("Selesnya Guildgate", "Plains"),
            "cast_order": ("Serra Angel", "Nevinyrral's Disk"),
            "costs": ["{W}{W}", "{G}{W}"],
            "track": ("Serra Angel", "Nevinyrral's Disk"),
            "mulligan": "london",
            "keep_lands": (1, 7),
        },
    ),
    "counters_and_sacrifices": (
        {
            "Gemstone Mine": 6,
            "Vivid Crag": 4,
            "Gemstone Caverns": 2,
            "Crystal Vein": 3,
            "Reflecting Pool": 3,
            "Forest": 6,
            "Lotus Petal": 4,
            "Doubling Season": 2,
            "Solemnity": 1,
            "Grizzly Bears": 15,
            "Viscera Seer": 8,
        },
        {"costs": ["{W}{U}{B}", "{R}{R}", "{3}"], "turns": 7, "mulligan": "london"},
    ),
    "granted_any_color": (
        {
            "Chromatic Lantern": 3,
            "Cryptolith Rite": 3,
            "Forest": 16,
            "Dryad Arbor": 2,
            "Llanowar Elves": 4,
            "Gemstone Mine": 2,
            "Grizzly Bears": 10,
        },
        {"costs": ["{W}{U}", "{B}{R}{G}"], "turns": 4},
    ),
    "multiplied": (
        {
            "Mana Reflection": 2,
            "Nyxbloom Ancient": 1,
            "Forest": 16,
            "Reflecting Pool": 2,
            "Adarkar Wastes": 2,
            "Llanowar Elves": 4,
            "Sol Ring": 2,
            "Grizzly Bears": 9,
        },
        {"costs": ["{G}{G}{G}{G}{G}{G}", "{W}{U}"], "x_spell": "Hangarback Walker", "turns": 8},
    ),
    "triggered": (
        {
            "Mana Flare": 3,
            "Heartbeat of Spring": 2,
            "Leyline of Abundance": 3,
            "Mana Reflection": 1,
            "Forest": 12,
            "Mountain": 4,
            "Reflecting Pool": 2,
            "Gaea's Cradle": 1,
            "Llanowar Elves": 4,
            "Birds of Paradise": 2,
            "Sol Ring": 1,
            "Grizzly Bears": 6,
        },
        {"costs": ["{R}{R}{R}", "{G}{G}{G}{G}{G}{G}"], "x_spell": "Hangarback Walker"},
    ),
    # Boros Garrison returning lands (a played-again land keeps its place in the payment
    # order), Gemstone Mine's counters and Temple Garden's life again, Dryad Arbor sick again
    "karoo_lands": (
        {
            "Boros Garrison": 8,
            "Mountain": 6,
            "Plains": 6,
            "Gemstone Mine": 3,
            "Temple Garden": 3,
            "Dryad Arbor": 2,
            "Llanowar Elves": 4,
            "Grizzly Bears": 8,
        },
        {"costs": ["{R}{W}{2}", "{W}{W}", "{G}{G}"], "turns": 8},
    ),
    # Mana Confluence paid down to the last life (119.4), beside Ancient Tomb's damage
    "life_payments": (
        {
            "Mana Confluence": 9,
            "Ancient Tomb": 3,
            "Forest": 9,
            "Serra Angel": 19,
            "Grizzly Bears": 20,
        },
        {"costs": ["{W}{W}{2}", "{B}{B}{B}"], "turns": 14},
    ),
}


def _setup(counts: dict[str, int], settings: dict[str, Any]) -> DeckSetup:
    settings = dict(settings)
    turns = settings.pop("turns", 6)
    x_spell = settings.pop("x_spell", None)
    setup = deck_of(counts, turns, **settings)
    if x_spell is not None:
        setup = replace(setup, x_spell=library()[x_spell.lower()])
    return setup


def _disagreements(batch: DeckResults, reference: DeckResults) -> dict[str, list[int]]:
    out = {}
    for name in ROW_FIELDS:
        a, b = getattr(batch, name), getattr(reference, name)
        bad = np.nonzero((a != b).reshape(len(a), -1).any(axis=1))[0]
        if len(bad):
            out[name] = [int(t) for t in bad[:5]]
    reasons_b = [batch.reasons[s] for s in batch.status]
    reasons_r = [reference.reasons[s] for s in reference.status]
    bad = [t for t, (x, y) in enumerate(zip(reasons_b, reasons_r, strict=True)) if x != y]
    if bad:
        out["status"] = bad[:5]
    return out


def _agree(setup: DeckSetup, seed: int, games: int) -> DeckResults:
    assert batch_refusal(setup) is None
    deals = draw_deals(np.random.default_rng(seed), setup, games)
    batch = play_deck_games(setup, deals)
    assert _disagreements(batch, reference_games(setup, deals)) == {}
    return batch


def _reaches_mulligans_hybrids_and_x(out: DeckResults) -> bool:
    payable = out.cost_payable[:, :, 1]
    return bool(out.mulligans.max() >= 1 and (out.x_max >= 1).any() and payable.any())


def _meets_a_pool_with_nothing_to_reflect(out: DeckResults) -> bool:
    return bool((out.mana_total[:, 0] == 0).any())


def _counts_several_permanents(out: DeckResults) -> bool:
    return bool((out.mana_total - out.lands >= 10).any())  # a Cradle or Priest counting many


def _sacrifices_some_lands(out: DeckResults) -> bool:
    return bool((np.diff(out.lands, axis=1) < 0).any())  # a Gemstone Mine's last counter


def _pays_colors_its_lands_do_not_make(out: DeckResults) -> bool:
    return bool(out.cost_payable[:, :, 0].any())  # {W}{U}: only from a granted ability


def _makes_more_than_its_sources(out: DeckResults) -> bool:
    return bool((out.mana_total > out.lands + 8).any())  # a multiplier or trigger in play


def _loses_some_games_to_its_lands(out: DeckResults) -> bool:
    lost = [r for r in out.reasons if "loses the game (704.5a)" in r]
    return bool(lost) and 0 < out.status.astype(bool).mean() < 1


# the reference engine's slowest decks
SLOW = {
    "five_colors", "pain_and_shocks", "counters_and_sacrifices", "granted_any_color",
    "life_payments",
}  # fmt: skip
STOPS = {"pain_and_shocks", "life_payments"}  # the decks whose games may stop (a loss, 704.5a)
# What a deck is there for, checked on its games: the test is not vacuous.
REACHES = {
    "pain_and_shocks": _loses_some_games_to_its_lands,
    "life_payments": _loses_some_games_to_its_lands,
    "elves_count": _counts_several_permanents,
    "five_colors": _reaches_mulligans_hybrids_and_x,
    "reflections_alone": _meets_a_pool_with_nothing_to_reflect,
    "counters_and_sacrifices": _sacrifices_some_lands,
    "granted_any_color": _pays_colors_its_lands_do_not_make,
    "multiplied": _makes_more_than_its_sources,
    "triggered": _makes_more_than_its_sources,
}


@pytest.mark.parametrize("name", sorted(DECKS))
def test_the_engines_play_the_same_deck_games(name: str) -> None:
    """CR 103.5, 103.8a, 302.6, 305.2, 106.7, 601.2, 605.3b, 614.1c: game by game, turn by
    turn, the batch engine's measurements are the reference engine's."""
    counts, settings = DECKS[name]
    games = 60 if name in SLOW else 160
    out = _agree(_setup(counts, settings), seed=sum(map(ord, name)), games=games)
    assert not out.status.any() or name in STOPS
    assert REACHES.get(name, bool)(out)


BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
PLAYED = sorted(
    c.name
    for c in library().values()
    if not c.token_only and deck_refusal(c) is None and kernel_refusal(c) is None
)


@pytest.mark.parametrize("name", PLAYED)
def test_every_card_the_batch_engine_plays_plays_as_on_the_reference(name: str) -> None:
    """Each card the batch engine plays in a deck game, four copies in a five-color deck of
    basic lands, over many deals: the same games on both engines."""
    card = library()[name.lower()]
    counts = {b: 9 for b in BASICS if b != name}
    counts[name] = counts.get(name, 0) + 6
    cost = [card.mana_cost.text] if card.mana_cost.text and not card.mana_cost.x_count else []
    _agree(deck_of(counts, 5, costs=cost, track=(name,)), seed=len(name), games=40)


@pytest.mark.parametrize("seed", range(19))  # seed 19: 2 minutes on the reference
def test_seeded_random_decks_of_playable_cards_agree(seed: int) -> None:
    """A random deck of the cards the batch engine plays, with random settings: the same
    games on both engines (seeded, so a failure replays). A draw of cards the batch engine
    refuses together (a granted mana ability beside Priest of Titania's) is drawn again."""
    rng = random.Random(seed)
    setup = _random_deck(rng)
    while batch_refusal(setup) is not None:
        setup = _random_deck(rng)
    _agree(setup, seed=seed, games=24)


def _random_deck(rng: random.Random) -> DeckSetup:
    """A random deck of PLAYED but the Signets (``test_deck_signets`` plays them) and the
    cards played since (``LATER``), so that each seed deals the deck it did before they were
    played: seeds whose decks the reference engine plays in seconds."""
    lands = [n for n in PLAYED if library()[n.lower()].has_type("Land")]
    others = [
        n
        for n in PLAYED
        if n not in lands and not is_filter(mt.INDEX[n.lower()]) and n not in LATER
    ]
    counts: dict[str, int] = {}
    for name in rng.sample(lands, 4):
        counts[name] = rng.randint(3, 8)
    for name in rng.sample(others, 6):
        counts[name] = rng.randint(1, 6)
    counts["Forest"] = counts.get("Forest", 0) + max(0, 40 - sum(counts.values()))
    settings: dict[str, Any] = {
        "costs": rng.sample(["{G}", "{1}{W}", "{W/U}{B/R}", "{2}{C}", "{R}{R}{R}", "{4}"], 3),
        "mulligan": rng.choice(["never", "london"]),
        "play": rng.choice(["play", "draw", "random"]),
        "turns": rng.randint(1, 10),
        "track": tuple(rng.sample(sorted(counts), 2)),
    }
    return _setup(counts, settings)


# Played after the seeds above were chosen, each in its own tests: test_deck_untap_only,
# test_deck_toughness, test_deck_tap_creature.
LATER = frozenset({"Pili-Pala", "Night of Souls' Betrayal", "Springleaf Drum"})


def test_a_deck_the_batch_engine_cannot_play_is_refused_with_the_card_named() -> None:
    """A card outside the batch engine's deck game is refused by name, with why."""
    setup = deck_of({"Forest": 36, "Phyrexian Altar": 4}, 3)
    why = batch_refusal(setup)
    assert why is not None and why.startswith("Phyrexian Altar: ")
    with pytest.raises(ValueError, match="Phyrexian Altar"):
        play_deck_games(setup, draw_deals(np.random.default_rng(0), setup, 2))


def test_max_per_type_is_a_named_cap() -> None:
    """Sources that could make more than MAX_PER_TYPE mana in all stop a game, the cap named
    (never wrapped: ``test_deck_multipliers``); a deck whose cards could in all is played, as
    240 mana creatures drawn three a turn never could by turn 3."""
    setup = deck_of({"Priest of Titania": 120, "Llanowar Elves": 120}, 3)  # 240 {G} each
    assert batch_refusal(setup) is None
    assert "MAX_PER_TYPE = 511" in REASONS[POOL_CAP]
    assert not agree_game_by_game(setup, 7, 20).status.any()
    # only the games of a deck whose cards could pass the cap at all check their board
    assert deck_tables(setup).settings[S_POOL_CAP] == 1
    assert deck_tables(deck_of({"Forest": 24, "Llanowar Elves": 16}, 6)).settings[S_POOL_CAP] == 0


def test_the_stop_reasons_name_their_caps() -> None:
    """Every reason a batch deck game stops names its cap or its rule."""
    assert REASONS[0] == ""
    assert "MAX_FRONTIER_POOLS = 4096" in REASONS[1]
    assert "empty library" in REASONS[2]
    assert "MAX_PER_TYPE = 511" in REASONS[3]


def _birds_frontier(birds: int, buffer: int) -> list[int] | None:
    """The frontier of ``birds`` untapped Birds of Paradise that can tap, into a buffer of
    ``buffer`` pools (None: past it)."""
    tables = deck_tables(deck_of({"Birds of Paradise": 40}, 3))
    board = np.zeros((40, N_BOARD_COLUMNS), dtype=np.int64)
    board[:birds, B_CARD] = range(birds)  # tapped 0, entered on turn 0: they can tap
    st = np.zeros(N_SCALARS, dtype=np.int64)
    st[ST_BOARD], st[ST_TURN] = birds, 2
    several = np.zeros((40, SEVERAL_WIDTH), dtype=np.int64)
    out, spare = np.zeros(buffer, np.int64), np.zeros(spare_len(buffer), np.int64)
    n = frontier(board, st, tables.cards, tables.choices, 0, -1, 0, out, spare, several)
    return None if n < 0 else [int(pool) for pool in out[:n]]


def test_a_frontier_past_its_buffer_is_reported_not_truncated() -> None:
    """CR 106.7: three untapped Birds of Paradise could make 35 different pools; a frontier
    buffer of 4 reports the cap (-1) rather than keep some of them, and one of 64 holds all."""
    assert _birds_frontier(3, 4) is None
    found = _birds_frontier(3, 64)
    assert found is not None and len(found) == 35  # the ways to split three mana over five colors


def test_many_any_color_sources_make_each_split_once() -> None:
    """CR 106.7, 605.3b: eight Birds of Paradise could make every split of eight mana over
    W, U, B, R and G (495 pools), each once, though most are made many ways (the frontier
    looks a pool up in a hash table); a buffer of exactly 495 holds them, one of 494 is past
    its cap."""
    found = _birds_frontier(8, 495)
    assert found is not None
    splits = {tuple(amount(pool, t) for t in range(6)) for pool in found}
    expected = {
        (w, u, b, r, 8 - w - u - b - r, 0)
        for w in range(9)
        for u in range(9 - w)
        for b in range(9 - w - u)
        for r in range(9 - w - u - b)
    }
    assert len(found) == len(splits) == 495
    assert splits == expected
    assert _birds_frontier(8, 494) is None
