"""Land Auras in deck games (Wild Growth, Overgrowth), on both engines, one ruling a test.

An Aura spell targets what it will enchant as it is cast (303.4a, 601.2c), before its mana is
paid: the pilot takes the last untapped land in board order, else the last land
(``engine.deck.host_key``). It enters attached to that land (608.3); its "tapped for mana"
trigger adds its mana each time the land is tapped for mana (106.12a, 605.4a). A host that
leaves takes its Auras to the graveyard (704.5m); an Aura whose host was sacrificed while its
mana was paid does not resolve (608.2b).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.batch.deck import batch_refusal, kernel_refusal, play_deck_games
from engine.deck import Deals, deck_refusal
from engine.library import card_from_dict, find_card
from engine.reference.deck import DeckGame, play_deck_game, results_of
from tests.deck.decks import agree_game_by_game, deck_of, stacked, validate_deck


def _rules(game: DeckGame, *rules: str) -> list[tuple[str, str]]:
    return [(e.rule, e.text) for e in game.game.log.events if e.rule in rules]


def _agree(game: DeckGame, setup: object, deal: object) -> bool:
    batch = play_deck_games(setup, Deals.of(deal))  # type: ignore[arg-type]
    return batch.row(0) == results_of(setup, [game]).row(0)  # type: ignore[arg-type]


def test_303_4a_wild_growth_enchants_the_last_untapped_land() -> None:
    """CR 303.4a, 601.2c, 106.12a: turn 1 Forest and Wild Growth on it; turn 2 a second Forest,
    Wild Growth on it (the first Forest, tapped to pay, is not untapped), then Overgrowth
    paid by the second Forest and its Wild Growth, on that Forest too. From turn 3 the lands
    make 2, 4 and 1 mana: 7, then 8 and 9 with a Forest a turn."""
    setup = deck_of({"Forest": 20, "Wild Growth": 10, "Overgrowth": 10}, 5)
    top = ["Forest", "Wild Growth", "Forest", "Overgrowth", "Forest", "Forest", "Forest"]
    deal = stacked(setup, [*top, "Wild Growth", "Forest", "Forest", "Forest"])
    game = play_deck_game(setup, deal)
    assert [t.mana_total for t in game.turns] == [1, 3, 7, 8, 9]
    assert _rules(game, "303.4a") == [
        ("303.4a", "wild_growth enters attached to forest"),
        ("303.4a", "wild_growth2 enters attached to forest2"),
        ("303.4a", "overgrowth enters attached to forest2"),
    ]
    assert _agree(game, setup, deal)


def test_704_5m_a_karoo_land_returning_the_host_puts_its_aura_into_the_graveyard() -> None:
    """CR 704.5m, 400.7: Wild Growth on the only Forest; Boros Garrison returns the first
    land in board order, that Forest, to the hand: the Aura is attached to nothing and goes to
    the graveyard, and the Forest played again makes one mana."""
    setup = deck_of({"Forest": 14, "Boros Garrison": 6, "Wild Growth": 10, "Grizzly Bears": 10}, 4)
    top = ["Forest", "Wild Growth", "Boros Garrison", *["Grizzly Bears"] * 5, "Forest"]
    deal = stacked(setup, top)
    game = play_deck_game(setup, deal)
    assert [r for r, _ in _rules(game, "303.4a", "704.5m")] == ["303.4a", "704.5m"]
    assert [t.mana_total for t in game.turns] == [1, 0, 3, 4]
    assert _agree(game, setup, deal)


def test_608_2b_an_aura_whose_land_is_sacrificed_paying_for_it_does_not_resolve() -> None:
    """CR 608.2b, 701.21a, 704.5m: the third Wild Growth targets the Gemstone Mine, whose last
    counter pays for it: the Mine is sacrificed, the two Wild Growths on it go to the
    graveyard and the third does not resolve (its target is gone); the mana it made casts a
    Grizzly Bears."""
    setup = deck_of({"Gemstone Mine": 1, "Forest": 15, "Wild Growth": 14, "Grizzly Bears": 10}, 4)
    top = ["Gemstone Mine", "Wild Growth", *["Grizzly Bears"] * 5, "Wild Growth", "Wild Growth"]
    deal = stacked(setup, top)
    game = play_deck_game(setup, deal)
    rules = [r for r, _ in _rules(game, "303.4a", "701.21a", "704.5m", "608.2b")]
    assert rules == ["303.4a", "303.4a", "701.21a", "704.5m", "704.5m", "608.2b", "608.2b"]
    assert game.turns[2].cast == ("Wild Growth", "Grizzly Bears")
    assert _agree(game, setup, deal)


@pytest.mark.parametrize(
    "counts",
    [
        {"Forest": 20, "Wild Growth": 10, "Overgrowth": 10},
        {"Forest": 16, "Wild Growth": 8, "Chromatic Lantern": 4, "Gemstone Mine": 8,
         "Overgrowth": 4},
        {"Forest": 14, "Island": 6, "Wild Growth": 6, "Overgrowth": 4, "Llanowar Elves": 6,
         "Boros Garrison": 4},
        {"Gemstone Mine": 20, "Wild Growth": 12, "Lotus Petal": 8},
    ],
)  # fmt: skip
def test_303_4a_land_auras_play_alike_on_both_engines(counts: dict[str, int]) -> None:
    """CR 303.4a, 106.12a, 611.3a, 704.5m: random deals of decks with land Auras beside a
    grant of any color (the Aura's mana stays on a land the grant rewrites), karoo lands and
    lands sacrificed for mana: every game the same on both engines."""
    setup = deck_of(counts, 8, costs=("{G}", "{4}", "{6}"))
    assert batch_refusal(setup) is None
    agree_game_by_game(setup, 12, 40)


def test_303_4a_an_aura_the_pilot_cannot_place_is_refused() -> None:
    """CR 303.4a: an Aura without "enchanted land" mana has no target the pilot chooses:
    refused by name; Fertile Ground's mana of any color is played by both engines
    (``test_deck_fertile_ground``)."""
    pacifism = card_from_dict(
        {"name": "Calm Aura", "mana_cost": "{1}{W}", "types": ["Enchantment"],
         "subtypes": ["Aura"], "oracle": "Enchant creature"}
    )  # fmt: skip
    assert "Aura" in (deck_refusal(pacifism) or "")
    fertile = find_card("Fertile Ground")
    assert fertile is not None and deck_refusal(fertile) is None
    assert kernel_refusal(fertile) is None


def test_119_4_the_mana_confluence_with_an_aura_is_not_like_the_others() -> None:
    """CR 119.4, 106.12a: Mana Confluences are played as alike (as many as the life total
    pays for), but one enchanted by Overgrowth makes two more mana: the batch engine counted
    the last Confluence's mana for each (found by ``scripts/fuzz_decks.py``: its payment then
    failed on a cost the frontier said was payable). At 2 life only two Confluences can be
    activated, the enchanted one among them: random deals agree game by game."""
    counts = {"Mana Confluence": 14, "Plains": 6, "Overgrowth": 8, "Wild Growth": 4,
              "Sol Ring": 4, "Woodfall Primus": 4}  # fmt: skip
    setup = deck_of(counts, 7, costs=("{G}{G}{G}", "{4}{W}", "{7}"))
    assert batch_refusal(setup) is None
    agree_game_by_game(setup, 25, 60)


_BLUE_GROWTH = '''
[[card]]
name = "Blue Growth"
mana_cost = "{U}"
types = ["Enchantment"]
subtypes = ["Aura"]
oracle = """Enchant land
Whenever enchanted land is tapped for mana, its controller adds an additional {U}."""
abilities = [
    { template = "tapped_for_mana_add", source = "enchanted", whose = "all", produce = "U" },
]
'''


@pytest.mark.parametrize(
    ("cards", "refused"),
    [
        ({"Forest": 30, "Blue Growth": 5, "Wild Growth": 5}, None),
        ({"Mana Confluence": 30, "Wild Growth": 5, "Overgrowth": 5}, None),
        ({"Mana Confluence": 30, "Blue Growth": 5, "Wild Growth": 5},
         "Mana Confluence: a land whose mana costs life beside land Auras"),
    ],
)  # fmt: skip
def test_119_4_confluences_beside_auras_of_two_types_are_refused(
    tmp_path: Path, cards: dict[str, int], refused: str | None
) -> None:
    """CR 119.4: which Confluences the life total pays for is the choice of those whose Auras
    add the most, exact while every Aura adds one type of mana: beside a user's {U} Aura and
    Wild Growth's {G}, ``cauldron validate`` refuses the deck by name (exit 2)."""
    code, out = validate_deck(tmp_path, _BLUE_GROWTH, cards)
    assert code == (2 if refused else 0), out
    if refused:
        assert refused in out


_DRUM_FIELD = """[[card]]
name = "Drum Field"
types = ["Land"]
oracle = "{T}, Tap an untapped creature you control: Add one mana of any color."
abilities = [{ template = "mana_any_color", tap = true, tap_creature = true }]
"""


@pytest.mark.parametrize(
    ("cards", "refused"),
    [
        ({"Drum Field": 20, "Llanowar Elves": 20}, None),
        ({"Drum Field": 20, "Llanowar Elves": 15, "Wild Growth": 5},
         "Drum Field: a land whose mana ability taps a creature, beside Wild Growth"),
    ],
)  # fmt: skip
def test_106_12a_lands_that_tap_a_creature_beside_land_auras_are_refused(
    tmp_path: Path, cards: dict[str, int], refused: str | None
) -> None:
    """CR 106.12a, 605.4a: the frontier taps a creature for the first of the lands whose mana
    ability taps one, as if they were alike; a land Aura on one copy and not another makes
    the choice of which matter (a fuzzed deck found the reference engine 1 {G} ahead), so a
    user's such land beside Wild Growth is refused by name (exit 2)."""
    code, out = validate_deck(tmp_path, _DRUM_FIELD, cards)
    assert code == (2 if refused else 0), out
    if refused:
        assert refused in out
