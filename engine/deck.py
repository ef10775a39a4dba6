"""A deck game's inputs, shared by the engines: the deck, the game and pilot settings, and the
deal (every random draw of one game, made by the caller).

A deck game (issue #13) is one player's first turns with a shuffled library: draw an opening
hand (mulligans), then each turn untap, draw, play a land, measure the mana at the main phase,
and cast permanents by a declared policy (the pilot: not an AI). The engines are pure functions
of ``(DeckSetup, Deal)``: the shuffles and the play/draw choice are drawn by the caller
(``draw_deals``: a batch of deals, trial axis first), so a game is replayed exactly from its
deal.

Which cards a deck game can hold is decided here (``deck_refusal``), once for every engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from engine.library import MANA, TRIGGERED, Card, ManaCost

OPENING_HAND: Final = 7  # CR 103.5 (and 103.4: each player draws seven cards)
STARTING_LIFE: Final = 20  # CR 103.4 (two-player games)
PLAYER: Final = "A"  # the one player of a deck game
MIN_DECK, MAX_DECK = 40, 250
MAX_TURNS: Final = 20
MAX_MULLIGANS: Final = 6  # a seventh would put the whole hand on the bottom
PLAY_CHOICES: Final = ("play", "draw", "random")
# Why a game stops at a draw from an empty library (a deck of 40 or more cannot get there in
# 20 turns; the engines say so rather than play on).
EMPTY_LIBRARY: Final = "a draw from an empty library: a deck game has no loss"
MULLIGAN_CHOICES: Final = ("never", "london")

# Triggers that find nothing to do in a deck game: Rest in Peace's exile of the graveyards
# (nothing reads one), an attack trigger (the pilot never attacks), the triggers on a
# permanent entering from a graveyard or a spell cast from one, a Human dealing damage to the
# player (nothing deals the player damage), and the triggers whose only targets are an
# opponent, an opponent's card or a permanent the player does not control: a deck game has one
# player, so they have no legal target and are removed as they are put on the stack (603.3d).
# The reference engine plays them by the rules; the batch engine's deck game knows they change
# nothing (``engine.batch.deck.tables``).
QUIET_TRIGGERS: Final = frozenset(
    {
        "etb_exile_graveyards",
        "attacks_creatures_yours_gain_keyword",
        "permanent_enters_from_graveyard_draw",
        "spell_cast_from_graveyard_draw",
        "creature_enters_from_your_graveyard_damage",
        "human_damages_you_destroy",
        "etb_target_opponent_loses_life",
        "etb_destroy_noncreature_you_dont_control",
        "etb_reanimate_opponent_creature_card",
    }
)
# Triggered abilities a deck game plays (none asks the pilot for a choice): mana triggers
# resolve at once (605.4a); a karoo land's "return a land you control", a gain of life as a
# permanent enters (Kitchen Finks, the gainlands), a draw as a creature spell is cast
# (Zendikar Resurgent, 121.1), an upkeep removal of counters and the quiet ones go to the
# stack and resolve like any trigger (603.3).
DECK_TRIGGERS: Final = frozenset(
    {
        "tapped_for_mana_add",
        "etb_return_land_you_control",
        "etb_gain_life",
        "cast_creature_draw",
        "upkeep_remove_counter_each_creature_yours",
        *QUIET_TRIGGERS,
    }
)


@dataclass(frozen=True)
class DeckSetup:
    """One deck game's fixed settings: the deck and the ``[game]`` and ``[pilot]`` keys.

    ``cards`` is the deck in list order, one entry per copy (a deal's orders index it).
    ``land_order`` and ``cast_order`` rank card names ahead of the default order; ``costs``
    are the cost texts ``cost_payable`` tests, ``track`` the cards ``cast_by_turn`` follows,
    ``x_spell`` the X spell whose largest X ``x_max`` measures.
    """

    cards: tuple[Card, ...]
    turns: int
    play: str = "play"  # PLAY_CHOICES
    mulligan: str = "never"  # MULLIGAN_CHOICES
    keep_lands: tuple[int, int] = (2, 5)
    max_mulligans: int = 2
    land_order: tuple[str, ...] = ()
    cast_order: tuple[str, ...] = ()
    costs: tuple[ManaCost, ...] = ()
    track: tuple[str, ...] = ()
    x_spell: Card | None = None


@dataclass(frozen=True)
class Deal:
    """The random draws of one game: on the play or not, and one order of the deck (indices
    into ``DeckSetup.cards``, top of the library first) per shuffle: the first shuffle, then
    one per mulligan that may be taken (CR 103.5: the hand is shuffled back and seven drawn)."""

    on_play: bool
    orders: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Deals:
    """The deals of a batch of games, trial axis first: ``on_play`` (T,) bool and ``orders``
    (T, S, N) int16, S shuffles of the N-card deck per game (``Deal``'s, as arrays)."""

    on_play: np.ndarray
    orders: np.ndarray

    def deal(self, trial: int) -> Deal:
        """One game's deal, for the reference engine (a replay of trial ``trial``)."""
        orders = tuple(tuple(int(i) for i in row) for row in self.orders[trial])
        return Deal(bool(self.on_play[trial]), orders)

    @classmethod
    def of(cls, deal: Deal) -> Deals:
        """A batch of one game: ``deal``, for the batch engine."""
        return cls(np.array([deal.on_play]), np.array([deal.orders], dtype=np.int16))


def shuffles(setup: DeckSetup) -> int:
    """How many orders of the deck a game may need: the first, and one per mulligan."""
    return 1 + (setup.max_mulligans if setup.mulligan == "london" else 0)


def deal_chunks(
    rng: np.random.Generator, setup: DeckSetup, trials: int, size: int
) -> Iterator[Deals]:
    """``draw_deals(rng, setup, trials)``, ``size`` games at a time: the play/draw choices of
    every game first, then each chunk's shuffles as it is asked for (the draws run on from
    one chunk to the next, game by game, so the deals are the same whatever ``size``), and a
    batch's deals are never held at once."""
    if setup.play == "random":
        on_play = rng.integers(2, size=trials).astype(bool)
    else:
        on_play = np.full(trials, setup.play == "play")
    from engine.shuffle import permuted_rows  # see its docstring

    n = len(setup.cards)
    for start in range(0, max(trials, 1), size):
        part = on_play[start : start + size]
        # C order: the shuffles ``rng.permuted(decks, axis=2)`` makes of it, game by game
        decks = np.ascontiguousarray(
            np.broadcast_to(np.arange(n, dtype=np.int16), (len(part), shuffles(setup), n))
        )
        yield Deals(part, permuted_rows(rng, decks))


def draw_deals(rng: np.random.Generator, setup: DeckSetup, trials: int) -> Deals:
    """Draw ``trials`` games' deals from ``rng``: the play/draw choices, then every shuffle
    each game may need (drawn whether or not it is used, so the stream does not depend on
    the games)."""
    return next(deal_chunks(rng, setup, trials, max(trials, 1)))


def draw_deal(rng: np.random.Generator, setup: DeckSetup) -> Deal:
    """One game's deal: ``draw_deals`` of one trial."""
    return draw_deals(rng, setup, 1).deal(0)


def check_deal(setup: DeckSetup, deal: Deal) -> None:
    """A deal must hold a shuffle for every mulligan the settings allow, each an order of the
    whole deck (a bug in the caller otherwise: ValueError)."""
    n = len(setup.cards)
    if len(deal.orders) < shuffles(setup):
        raise ValueError(f"a deal needs {shuffles(setup)} shuffles, has {len(deal.orders)}")
    for order in deal.orders:
        if sorted(order) != list(range(n)):
            raise ValueError(f"a deal's order is not an order of the {n} cards of the deck")


def deck_refusal(card: Card) -> str | None:
    """Why the engines cannot yet play ``card`` in a deck game, or None if they can.

    The pilot plays lands and casts permanent spells without X; instants and sorceries are
    drawn and held, never cast. A permanent's activated abilities other than mana abilities
    are never activated (they change nothing); its statics and replacements apply as the
    reference engine applies them. What is refused needs a choice the pilot does not make
    or an effect a deck game does not play yet."""
    if card.token_only:
        return "a token, not a card: it cannot be in a deck"
    if not card.is_permanent_card:
        return None
    if card.mana_cost.x_count:
        return "X in its cost: the pilot does not choose X yet (x_spell measures the largest X)"
    if "Aura" in card.subtypes and not enchants_land(card):
        return "an Aura that is not a land's mana: the pilot does not choose what it enchants"
    for ability in card.abilities:
        if ability.kind == TRIGGERED and ability.template not in DECK_TRIGGERS:
            return f"its {ability.template} trigger is not played in deck games yet"
    return None


def enchants_land(card: Card) -> bool:
    """An Aura whose ability watches "enchanted land" being tapped for mana (Wild Growth,
    Overgrowth): it enchants a land (303.4a), the one ``host_key`` ranks first."""
    return "Aura" in card.subtypes and any(
        a.template == "tapped_for_mana_add" and a.text("source") == "enchanted"
        for a in card.abilities
    )


def host_key(tapped: bool, order: int) -> tuple[bool, int]:
    """The land a land Aura targets as it is cast (601.2c, before its mana is paid): the
    first by this key of the player's lands (``order``: its place in board order). Untapped
    lands first, so its mana may come this turn, then the last in board order: the payment
    taps lands in board order, so it taps that one last (and a karoo land returns the first)."""
    return (tapped, -order)


def is_mana_producer(card: Card) -> bool:
    """A card with a mana ability (CR 605.1a): the default cast order casts these first."""
    return bool(card.abilities_of(MANA))


# ------------------------------------------------------------ the pilot's orders (both engines)


def _rank(names: Sequence[str], name: str) -> int:
    return names.index(name) if name in names else len(names)


def land_key(setup: DeckSetup, card: Card) -> tuple[int, int, str]:
    """The land drop's order: untapped lands first (614.1c), then ``land_order``, then name."""
    tapped = card.ability("enters_tapped") is not None
    return (int(tapped), _rank(setup.land_order, card.name), card.name)


def cast_key(setup: DeckSetup, card: Card) -> tuple[int, int, int, str]:
    """``cast_order`` first, then mana producers, then the cheapest, then by name."""
    rank = _rank(setup.cast_order, card.name)
    return (rank, int(not is_mana_producer(card)), card.mana_cost.mana_value, card.name)


def spell_bottom_key(card: Card) -> tuple[int, str]:
    """At keep (103.5), nonland cards go to the bottom highest mana value first, then by name."""
    return (-card.mana_cost.mana_value, card.name)


@dataclass(frozen=True)
class DeckResults:
    """A batch of deck games' measurements, trial axis first, as both engines return them
    (T games, U = ``setup.turns``, C costs, K tracked cards).

    ``status[t]`` indexes ``reasons`` (``reasons[0] == ""``: the game was played to its last
    turn); a game stopped by a cap has its reason there, and only its first ``played[t]``
    turns measured (the cells of later turns are zero, ``x_max`` -1)."""

    on_play: np.ndarray  # (T,) bool
    mulligans: np.ndarray  # (T,) int64
    played: np.ndarray  # (T,) int64: turns measured
    status: np.ndarray  # (T,) int64 into reasons
    reasons: tuple[str, ...]
    lands: np.ndarray  # (T, U) int64
    mana_total: np.ndarray  # (T, U) int64
    mana_by_type: np.ndarray  # (T, U, 6) int64, WUBRGC
    cost_payable: np.ndarray  # (T, U, C) bool
    x_max: np.ndarray  # (T, U) int64, -1: no X paid (or no x_spell)
    cast_by_turn: np.ndarray  # (T, U, K) bool

    def row(self, t: int) -> dict[str, Any]:
        """Game ``t``'s measurements as plain data (two engines' games compare equal)."""
        out: dict[str, Any] = {"stopped": self.reasons[int(self.status[t])]}
        for name in ROW_FIELDS:
            out[name] = getattr(self, name)[t].tolist()
        return out


# The per-game fields of DeckResults, in its order.
ROW_FIELDS: Final = (
    "on_play",
    "mulligans",
    "played",
    "lands",
    "mana_total",
    "mana_by_type",
    "cost_payable",
    "x_max",
    "cast_by_turn",
)


def empty_results(setup: DeckSetup, trials: int) -> DeckResults:
    """Results of ``trials`` games with nothing measured yet, for an engine to fill."""
    u = setup.turns
    return DeckResults(
        on_play=np.zeros(trials, dtype=bool),
        mulligans=np.zeros(trials, dtype=np.int64),
        played=np.zeros(trials, dtype=np.int64),
        status=np.zeros(trials, dtype=np.int64),
        reasons=("",),
        lands=np.zeros((trials, u), dtype=np.int64),
        mana_total=np.zeros((trials, u), dtype=np.int64),
        mana_by_type=np.zeros((trials, u, 6), dtype=np.int64),
        cost_payable=np.zeros((trials, u, len(setup.costs)), dtype=bool),
        x_max=np.full((trials, u), -1, dtype=np.int64),
        cast_by_turn=np.zeros((trials, u, len(setup.track)), dtype=bool),
    )
