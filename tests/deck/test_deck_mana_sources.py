"""The mana of a deck game's board at the measurement point, one ruling a test.

The measurement point is the main phase after the land drop, before anything is cast; the
mana is the frontier of the pools the untapped sources could make (``mana_search``), every
activation made by the reference engine's mana rules. The games are stacked: the deck's
first cards are the opening hand and the draws, in order; the filler (Wrath of God) is never
cast, so the board holds only what the test puts there.
"""

from __future__ import annotations

from engine.library import parse_mana_cost
from engine.reference.deck import DeckGame, pay
from engine.reference.mana import pay_cost
from engine.reference.mana_search import frontier
from tests.deck.decks import card, play, rules_cited, turn
from tests.helpers import board
from tests.helpers import play as play_scenario

FILL = "Wrath of God"


def _deck(cards: dict[str, int]) -> dict[str, int]:
    """A 40-card deck: ``cards`` and Wrath of God."""
    return {**cards, FILL: 40 - sum(cards.values())}


def test_302_6_a_dork_cast_this_turn_cannot_pay_for_another_spell() -> None:
    """CR 302.6: turn 1, Forest pays for Llanowar Elves; the Elves cannot tap for the second
    Elves that turn. Turn 2 they are counted: two lands and one Elves make 3 G."""
    deck = {"Forest": 10, "Llanowar Elves": 2, FILL: 28}
    hand = ["Forest", "Llanowar Elves", "Llanowar Elves", "Forest", FILL, FILL, FILL]
    game = play(deck, hand, turns=2)
    assert turn(game, 1).cast == ("Forest", "Llanowar Elves")
    assert turn(game, 2).mana_total == 3
    assert turn(game, 2).cast == ("Forest", "Llanowar Elves")


def test_302_6_a_land_creature_played_this_turn_makes_no_mana_yet() -> None:
    """CR 302.6: Dryad Arbor is a creature: the turn it is played it is a land in play that
    cannot tap for mana; the next turn it can."""
    game = play(_deck({"Dryad Arbor": 1}), ["Dryad Arbor"] + [FILL] * 7, turns=2)
    assert (turn(game, 1).lands_in_play, turn(game, 1).mana_total) == (1, 0)
    assert (turn(game, 2).lands_in_play, turn(game, 2).mana_total) == (1, 1)


def test_614_1c_an_enters_tapped_land_makes_no_mana_the_turn_it_is_played() -> None:
    """CR 614.1c: Vivid Crag enters tapped (and with two charge counters): no mana turn 1;
    turn 2 it makes R, or any color by removing a charge counter."""
    game = play(_deck({"Vivid Crag": 1}), ["Vivid Crag"] + [FILL] * 7, turns=2)
    assert turn(game, 1).mana_total == 0
    assert turn(game, 2).mana_total == 1
    assert turn(game, 2).mana_by_type == (1, 1, 1, 1, 1, 0)
    assert "614.1c" in rules_cited(game)


def test_305_2_untapped_lands_are_played_before_enters_tapped_ones() -> None:
    """CR 305.2 (one land a turn), the pilot's order: Forest (untapped) before Vivid Crag
    though the Crag comes first in the hand."""
    game = play(
        _deck({"Forest": 1, "Vivid Crag": 1}), ["Vivid Crag", "Forest"] + [FILL] * 6, turns=2
    )
    assert turn(game, 1).cast == ("Forest",)
    assert turn(game, 2).cast == ("Vivid Crag",)
    assert (turn(game, 2).lands_in_play, turn(game, 2).mana_total) == (2, 1)


def test_106_7_reflecting_pool_makes_what_your_other_lands_could() -> None:
    """CR 106.7: Reflecting Pool alone could produce nothing (turn 1: no mana); with a Forest
    it makes G; with an Island too, G or U (each type's most is 2, the total 3)."""
    deck = _deck({"Reflecting Pool": 1, "Forest": 1, "Island": 1})
    hand = ["Reflecting Pool", "Forest", "Island"] + [FILL] * 5
    game = play(deck, hand, turns=3, land_order=("Reflecting Pool", "Forest"), costs=["{U}{U}"])
    assert [turn(game, t).mana_total for t in (1, 2, 3)] == [0, 2, 3]
    assert turn(game, 3).mana_by_type == (0, 2, 0, 0, 2, 0)
    assert [turn(game, t).cost_payable for t in (2, 3)] == [(False,), (True,)]


def test_sol_ring_pays_the_turn_it_is_cast() -> None:
    """CR 302.6 exempts noncreatures: Sol Ring, cast with the Forest on turn 1, taps at once
    for {C}{C}, which pays for Pili-Pala ({2}) the same turn; turn 2 the board makes 4."""
    deck = _deck({"Forest": 2, "Sol Ring": 1, "Pili-Pala": 1})
    hand = ["Forest", "Sol Ring", "Pili-Pala", "Forest"] + [FILL] * 4
    game = play(deck, hand, turns=2, track=("Sol Ring", "Forest", "Llanowar Elves"))
    assert turn(game, 1).cast == ("Forest", "Sol Ring", "Pili-Pala")
    assert turn(game, 1).cast_by_turn == (True, True, False)
    assert turn(game, 2).mana_total == 4
    assert turn(game, 2).mana_by_type == (0, 0, 0, 0, 2, 2)


def test_107_6_an_untapped_q_source_adds_nothing() -> None:
    """CR 107.6: Pili-Pala's ability costs {Q} (untap it): untapped, as a deck game leaves
    it, it cannot be activated, so it adds nothing to the lands' mana."""
    deck = _deck({"Forest": 3, "Pili-Pala": 1})
    hand = ["Forest", "Forest", "Pili-Pala", "Forest"] + [FILL] * 4
    game = play(deck, hand, turns=3, costs=["{W}"])
    assert turn(game, 2).cast == ("Forest", "Pili-Pala")
    assert turn(game, 3).mana_total == 3
    assert turn(game, 3).cost_payable == (False,)


def test_107_6_a_tapped_q_source_turns_two_mana_into_one_of_any_color() -> None:
    """CR 107.6, 605.3b: a tapped Pili-Pala pays {2} and untaps for one mana of any color:
    three Forests could make GGG, or G and one W (the search tries the order)."""
    game = play_scenario(
        board=board("pp: Pili-Pala @A tapped", "f1: Forest @A", "f2: Forest @A", "f3: Forest @A")
    )
    pools = frontier(game, "A")
    assert (0, 0, 0, 0, 3, 0) in pools
    assert (1, 0, 0, 0, 1, 0) in pools
    assert max(sum(p) for p in pools) == 3


def test_gemstone_mine_tapped_after_reflecting_pool_lets_the_pool_reflect_it() -> None:
    """CR 106.7, 701.21a: Gemstone Mine with its last mining counter is sacrificed when it
    taps; Reflecting Pool tapped first still reflects it, so W and W is a reachable pool."""
    game = play_scenario(board=board("m: Gemstone Mine @A mining=1", "rp: Reflecting Pool @A"))
    pools = frontier(game, "A")
    assert (2, 0, 0, 0, 0, 0) in pools
    assert max(sum(p) for p in pools) == 2


def test_springleaf_drum_taps_a_summoning_sick_creature() -> None:
    """CR 302.6, 118.3: Springleaf Drum's cost taps a creature (not its {T} ability), so a
    creature that came this turn pays it: one mana of any color besides the Forest's."""
    game = play_scenario(
        board=board("d: Springleaf Drum @A", "e: Llanowar Elves @A sick", "f: Forest @A")
    )
    pools = frontier(game, "A")
    assert max(sum(p) for p in pools) == 2
    assert (0, 1, 0, 0, 1, 0) in pools


def test_107_4e_a_hybrid_symbol_is_paid_with_either_color() -> None:
    """CR 107.4e: {G/W} is paid with G or W: a Forest pays {G/W}; Forest and Plains pay
    {W}{G/W} and {G/W}{G/W}, not {W}{W}."""
    game = play(
        _deck({"Forest": 1, "Plains": 1}),
        ["Forest", "Plains"] + [FILL] * 6,
        turns=2,
        costs=["{G/W}", "{W}{G/W}", "{G/W}{G/W}", "{W}{W}"],
    )
    assert turn(game, 1).cost_payable == (True, False, False, False)
    assert turn(game, 2).cost_payable == (True, True, True, False)


def test_601_2h_pay_cost_leaves_the_rest_of_the_pool() -> None:
    """CR 601.2h, 107.4: colored symbols from their type, a hybrid from its first type that
    leaves enough (107.4e), generic last, colorless first."""
    pool = {"W": 1, "U": 0, "B": 0, "R": 0, "G": 2, "C": 1}
    left = pay_cost(pool, parse_mana_cost("{1}{G/W}{G}"))
    assert left == {"W": 1, "U": 0, "B": 0, "R": 0, "G": 0, "C": 0}
    left = pay_cost(pool, parse_mana_cost("{1}{G/W}{G}{G}"))
    assert left == dict.fromkeys(pool, 0)
    assert pay_cost(pool, parse_mana_cost("{W}{W}")) is None
    assert pay_cost(pool, parse_mana_cost("{X}{G}"), x=3) == dict.fromkeys(pool, 0)


def test_x_max_is_the_largest_x_the_sources_pay() -> None:
    """CR 107.3, 601.2f: Hangarback Walker costs {X}{X}: three lands pay X = 1, four X = 2;
    with no land, X = 0 is still castable."""
    game = play(
        _deck({"Forest": 4}),
        ["Forest"] * 4 + [FILL] * 4,
        turns=4,
        x_spell=card("Hangarback Walker"),
    )
    assert [turn(game, t).x_max for t in (1, 2, 3, 4)] == [0, 1, 1, 2]


def test_karoo_enters_tapped_and_returns_a_land() -> None:
    """CR 614.1c, 603.3: Boros Garrison enters tapped and its trigger returns a land (the
    first in board order: the Forest) to the hand; the Forest is played again next turn."""
    game = play(
        _deck({"Forest": 1, "Boros Garrison": 1}),
        ["Forest", "Boros Garrison"] + [FILL] * 6,
        turns=3,
    )
    assert (turn(game, 2).lands_in_play, turn(game, 2).mana_total) == (1, 0)
    assert turn(game, 3).cast == ("Forest",)
    assert (turn(game, 3).lands_in_play, turn(game, 3).mana_total) == (2, 3)


def test_704_5j_a_second_legendary_land_is_never_played() -> None:
    """CR 704.5j (the legend rule): the pilot never plays a second Gaea's Cradle; the Forest
    is played instead, and Cradle makes G for each creature (none: nothing)."""
    game = play(
        _deck({"Gaea's Cradle": 2, "Forest": 1}),
        ["Gaea's Cradle", "Gaea's Cradle", "Forest"] + [FILL] * 5,
        turns=3,
        land_order=("Gaea's Cradle",),
    )
    assert [turn(game, t).cast for t in (1, 2, 3)] == [("Gaea's Cradle",), ("Forest",), ()]
    assert turn(game, 3).lands_in_play == 2


def _taps(game: DeckGame, n: int) -> list[str]:
    """The permanents tapped for mana on turn ``n``, in order (from the log)."""
    turns, taps = 0, []
    for e in game.game.log.events:
        if e.rule == "500.1":
            turns += 1
        elif e.rule == "107.5" and turns == n:
            taps.append(e.text.split(" ")[0])
    return taps


def test_601_2g_the_pilot_pays_with_lands_before_creatures() -> None:
    """CR 601.2g, the pilot's order: turn 2, Llanowar Elves (cast first: a mana producer) is
    paid with a Forest; Grizzly Bears then with the other Forest and the turn-1 Elves."""
    deck = {"Forest": 2, "Llanowar Elves": 2, "Grizzly Bears": 1, FILL: 35}
    hand = ["Forest", "Llanowar Elves", "Llanowar Elves", "Grizzly Bears"] + [FILL] * 3
    game = play(deck, [*hand, "Forest"], turns=2)
    assert turn(game, 2).cast == ("Forest", "Llanowar Elves", "Grizzly Bears")
    first_elves = next(e.text.split(" ")[0] for e in game.game.log.events if e.rule == "608.3")
    assert _taps(game, 2) == ["forest", "forest2", first_elves]


def test_601_2g_a_source_that_pays_nothing_of_the_cost_is_not_tapped() -> None:
    """CR 601.2g: Deep Water ({U}{U}) is paid with the two Islands; the Forest, first in
    board order, would pay none of it and stays untapped."""
    deck = _deck({"Forest": 1, "Island": 2, "Deep Water": 1})
    hand = ["Forest", "Island", "Island", "Deep Water"] + [FILL] * 4
    game = play(deck, hand, turns=3)
    assert turn(game, 3).cast == ("Island", "Deep Water")
    assert _taps(game, 3) == ["island", "island2"]


def test_601_2g_the_pilot_taps_reflecting_pool_before_the_mines_last_counter() -> None:
    """CR 106.7, 601.2g: to pay {W}{W} with Gemstone Mine (one mining counter, first in board
    order) and Reflecting Pool, the Pool must tap first, while the Mine is there to reflect;
    the Mine then pays its W and is sacrificed."""
    game = play_scenario(board=board("m: Gemstone Mine @A mining=1", "rp: Reflecting Pool @A"))
    pay(game, parse_mana_cost("{W}{W}"), {})
    taps = [e.text.split(" ")[0] for e in game.log.events if e.rule == "107.5"]
    assert taps == ["rp", "m"]
    assert game.permanent("m") is None
    assert game.pools["A"] == dict.fromkeys(game.pools["A"], 0)


def test_601_2g_the_pilot_uses_springleaf_drum_on_a_summoning_sick_creature() -> None:
    """CR 302.6, 118.3: {1}{U} with a Forest, a Llanowar Elves that came this turn and
    Springleaf Drum: the Forest pays {1}, the Drum (tapping the Elves) pays {U}."""
    game = play_scenario(
        board=board("f: Forest @A", "e: Llanowar Elves @A sick", "d: Springleaf Drum @A")
    )
    pay(game, parse_mana_cost("{1}{U}"), {})
    assert [p.id for p in game.battlefield if p.tapped] == ["f", "e", "d"]


def test_107_4e_a_hybrid_cost_card_is_cast_with_either_color() -> None:
    """CR 107.4e: Safehold Elite ({1}{G/W}) is cast on turn 2 with a Plains (W for {G/W})
    and an Island ({1}); with two Islands it is not."""
    hand = ["Plains", "Island", "Safehold Elite"] + [FILL] * 4
    game = play(_deck({"Plains": 1, "Island": 1, "Safehold Elite": 1}), hand, turns=2)
    assert turn(game, 2).cast == ("Plains", "Safehold Elite")
    hand = ["Island", "Island", "Safehold Elite"] + [FILL] * 4
    game = play(_deck({"Island": 2, "Safehold Elite": 1}), hand, turns=2)
    assert turn(game, 2).cast == ("Island",)


def test_302_6_702_10c_a_dork_with_haste_counts_the_turn_it_comes() -> None:
    """CR 302.6, 702.10c: a summoning-sick Llanowar Elves makes no mana, unless it has haste
    (Fervor) or may act as though it had (Thousand-Year Elixir)."""
    sick = "e: Llanowar Elves @A sick"
    assert max(map(sum, frontier(play_scenario(board=board(sick)), "A"))) == 0
    for helper in ("Fervor", "Thousand-Year Elixir"):
        game = play_scenario(board=board(sick, f"h: {helper} @A"))
        assert frontier(game, "A") == [(0, 0, 0, 0, 1, 0)], helper
