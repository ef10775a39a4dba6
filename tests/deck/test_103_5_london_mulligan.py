"""CR 103.5: the London mulligan, against an exact enumeration for a small deck.

A player who mulligans shuffles the hand into the library and draws seven again; at keep,
they put one card on the bottom per mulligan taken. The pilot keeps a hand with ``lo`` to
``hi`` lands (or the hand after ``max_mulligans``), and bottoms nonland cards of highest mana
value first, then lands; lands first when the hand holds more than ``hi``.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

from engine.deck import Deal
from engine.reference.deck import opening_hand, play_deck_game
from tests.deck.decks import deck_of

# Four lands and five spells of mana value 1, 2, 3, 4 and 6.
SMALL = {
    "Forest": 4,
    "Llanowar Elves": 1,
    "Grizzly Bears": 1,
    "Glorious Anthem": 1,
    "Wrath of God": 1,
    "Farewell": 1,
}
LO, HI, MOST = 2, 3, 2


def _exact() -> dict[tuple[int, int], Fraction]:
    """P(mulligans, lands in the kept hand), from the hypergeometric law of one draw of
    seven: 4 lands among 9 cards."""
    hands = math.comb(9, 7)
    lands = {n: Fraction(math.comb(4, n) * math.comb(5, 7 - n), hands) for n in range(0, 5)}
    good = sum(p for n, p in lands.items() if LO <= n <= HI)
    out: Counter[tuple[int, int]] = Counter()
    for k in range(MOST + 1):
        reach = (1 - good) ** k  # the first k hands were sent back
        for n, p in lands.items():
            if k < MOST and not LO <= n <= HI:
                continue
            kept = n - min(k, n) if n > HI else n - max(0, k - (7 - n))
            out[(k, kept)] += reach * p
    return {key: p for key, p in out.items() if p}


def test_103_5_london_mulligan_matches_the_exact_law() -> None:
    """CR 103.5: every equally likely sequence of three seven-card draws from the nine-card
    deck (36^3), through the engine: the law of (mulligans, lands kept) is the exact one."""
    setup = deck_of(SMALL, 1, mulligan="london", keep_lands=(LO, HI), max_mulligans=MOST)
    draws = [
        (tuple(h), tuple(i for i in range(9) if i not in h))
        for h in itertools.combinations(range(9), 7)
    ]
    seen: Counter[tuple[int, int]] = Counter()
    for picks in itertools.product(draws, repeat=MOST + 1):
        deal = Deal(True, tuple(hand + rest for hand, rest in picks))
        hand, library, k, _ = opening_hand(setup, deal)
        assert len(hand) == 7 - k and len(library) == 2 + k
        seen[(k, sum(setup.cards[i].has_type("Land") for i in hand))] += 1
    total = len(draws) ** (MOST + 1)
    assert {key: Fraction(n, total) for key, n in seen.items()} == _exact()


def test_103_5_the_highest_mana_values_go_to_the_bottom() -> None:
    """CR 103.5: after two mulligans, a hand of 3 lands and Elves, Bears, Anthem, Wrath keeps
    the lands, Elves and Bears; Wrath of God (4) then Glorious Anthem (3) go to the bottom."""
    setup = deck_of(SMALL, 1, mulligan="london", keep_lands=(LO, HI), max_mulligans=MOST)
    names = [c.name for c in setup.cards]
    bad = tuple(range(9))  # Forest x4 first: four lands, sent back
    kept = [0, 1, 2, names.index("Llanowar Elves"), names.index("Grizzly Bears")]
    bottom = [names.index("Wrath of God"), names.index("Glorious Anthem")]
    rest = [i for i in range(9) if i not in kept + bottom]
    deal = Deal(True, (bad, bad, tuple(kept + bottom + rest)))
    hand, library, k, _ = opening_hand(setup, deal)
    assert (k, sorted(hand)) == (2, sorted(kept))
    assert library[-2:] == bottom


def test_103_5_a_land_heavy_last_hand_bottoms_lands() -> None:
    """CR 103.5: the last hand allowed holds 4 lands, more than hi = 3: lands go to the
    bottom first, so 2 lands and all the spells are kept."""
    setup = deck_of(SMALL, 1, mulligan="london", keep_lands=(LO, HI), max_mulligans=MOST)
    four_lands = tuple(range(9))
    hand, library, k, _ = opening_hand(setup, Deal(True, (four_lands,) * 3))
    assert k == 2
    assert sum(setup.cards[i].has_type("Land") for i in hand) == 2
    assert all(setup.cards[i].has_type("Land") for i in library[-2:])


def test_103_5_the_game_logs_each_mulligan_and_the_kept_hand() -> None:
    """CR 103.5: the deck game records the mulligans and logs them with the rule."""
    setup = deck_of(SMALL, 1, mulligan="london", keep_lands=(LO, HI), max_mulligans=MOST)
    four_lands = tuple(range(9))
    game = play_deck_game(setup, Deal(True, (four_lands,) * 3))
    assert game.mulligans == 2
    texts = [e.text for e in game.game.log.events if e.rule == "103.5"]
    assert sum("shuffles the hand" in t for t in texts) == 2
    assert any("keeps 5 cards" in t for t in texts)
