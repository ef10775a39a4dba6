"""The keys of a deck game (issue #13), validated into an ``engine.deck.DeckSetup``.

The keys of the deck experiment shape (``shape = "deck"``, ``sim.shapes.deck``), each checked
like every experiment key (one line: file, key path, hint)::

    [deck]                    # one of:
    cards = { "Forest" = 16, "Llanowar Elves" = 4, "Grizzly Bears" = 20 }
    file = "decks/green.txt"  # MTGO/Arena text (sim.config.decklist), relative to the file

    [game]
    turns = 6                 # 1 to 20 (required)
    play = "play"             # "play", "draw" or "random" (no draw on turn 1 on the play)
    mulligan = "never"        # "never" or "london"
    keep_lands = [2, 5]       # London: keep a hand with lo to hi lands (0 <= lo <= hi <= 7)
    max_mulligans = 2         # London: at most this many (0 to 6); the last hand is kept

    [pilot]
    land_order = ["Reflecting Pool"]  # lands of the deck, played before unlisted ones
    cast_order = ["Sol Ring"]         # permanents of the deck, cast before unlisted ones

    costs = ["{2}{G}{G}", "{G/W}"]    # cost_payable: each cost's text, no X
    track = ["Sol Ring"]              # cast_by_turn: cards of the deck
    x_spell = "Hangarback Walker"     # x_max: a card with X in its cost (in the deck or not)

A deck has 40 to 250 cards, each in the card library (``--cards`` files included) and one the
engines can play in a deck game (``engine.deck.deck_refusal`` says which cannot, and why).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from engine.deck import (
    MAX_DECK,
    MAX_MULLIGANS,
    MAX_TURNS,
    MIN_DECK,
    MULLIGAN_CHOICES,
    OPENING_HAND,
    PLAY_CHOICES,
    DeckSetup,
    deck_refusal,
)
from engine.library import Card, LibraryError, ManaCost, parse_mana_cost
from sim.config.decklist import read_decklist
from sim.config.reader import Reader, join
from sim.errors import echo

GAME_KEYS: Final = frozenset({"turns", "play", "mulligan", "keep_lands", "max_mulligans"})
PILOT_KEYS: Final = frozenset({"land_order", "cast_order"})
HINT_SIZE = f"a deck has {MIN_DECK} to {MAX_DECK} cards"


def _deck_card(r: Reader, name: str, where: str) -> Card:
    """A card of the library that a deck game can play (``deck_refusal``)."""
    card = r.card(name, where)
    why = deck_refusal(card)
    if why is not None:
        raise r.fail(
            where, f"{card.name} cannot be played in a deck game yet: {why}", "leave it out"
        )
    return card


def _counted(r: Reader, entries: list[tuple[Card, int]], where: str, hint: str) -> list[Card]:
    """The deck in list order, one entry per copy; its size checked."""
    total = sum(n for _, n in entries)
    if not MIN_DECK <= total <= MAX_DECK:
        few = "too few" if total < MIN_DECK else "too many"
        raise r.fail(where, f"{total} cards: {few}", hint)
    return [card for card, n in entries for _ in range(n)]


def _inline_cards(r: Reader, value: Any) -> list[Card]:
    where = "deck.cards"
    if not isinstance(value, dict) or not value:
        raise r.fail(where, "expected a table of card counts", '{ "Forest" = 16, ... }')
    entries: list[tuple[Card, int]] = []
    for name, n in value.items():
        path = join(where, name)
        card = _deck_card(r, name, path)
        if any(card is c for c, _ in entries):
            raise r.fail(path, f"{card.name} is listed twice", "one key per card")
        entries.append((card, r.integer(n, path, 1, MAX_DECK)))
    return _counted(r, entries, where, HINT_SIZE)


def _file_cards(r: Reader, value: Any, folder: Path) -> list[Card]:
    path = folder / r.text(value, "deck.file")
    lines, split_by_blank = read_decklist(path, "deck.file", r, MAX_DECK)
    fr = Reader(str(path))
    entries: dict[str, tuple[Card, int]] = {}
    for line in lines:
        card = _deck_card(fr, line.name, f"line {line.line}")
        _, before = entries.get(card.name, (card, 0))
        entries[card.name] = (card, before + line.count)
    hint = HINT_SIZE
    if split_by_blank:
        hint += "; in a file without headings a blank line starts the sideboard (MTGO)"
        hint += ": write Deck on the first line to keep blank lines in the deck"
    return _counted(fr, list(entries.values()), "", hint)


def read_deck(r: Reader, data: Mapping[str, Any], folder: Path) -> list[Card]:
    """The ``[deck]`` of a parsed file (its ``cards``, or the decklist ``file`` relative to
    ``folder``), one entry per copy, in list order; validated."""
    table = r.table(data, "deck", "")
    r.keys(table, {"cards", "file"}, "deck")
    if ("cards" in table) == ("file" in table):
        raise r.fail("deck", "give either cards or file", 'cards = { "Forest" = 16, ... }')
    if "cards" in table:
        return _inline_cards(r, table["cards"])
    return _file_cards(r, table["file"], folder)


def _keep_lands(r: Reader, value: Any) -> tuple[int, int]:
    where = "game.keep_lands"
    if not isinstance(value, list) or len(value) != 2:
        raise r.fail(where, f"expected [lo, hi], got {echo(value)}", "e.g. keep_lands = [2, 5]")
    lo = r.integer(value[0], join(where, 0), 0, OPENING_HAND)
    hi = r.integer(value[1], join(where, 1), 0, OPENING_HAND)
    if lo > hi:
        raise r.fail(where, f"lo {lo} is above hi {hi}", "e.g. keep_lands = [2, 5]")
    return lo, hi


def _names(
    r: Reader, value: Any, where: str, deck: Sequence[Card], fits: str, kind: str = ""
) -> tuple[str, ...]:
    """A list of distinct cards of the deck (``kind``: ``land`` or ``permanent``: only those)."""
    if not isinstance(value, list):
        raise r.fail(where, f"expected a list of cards, got {echo(value)}", fits)
    in_deck = {c.name for c in deck}
    names = []
    for i, v in enumerate(value):
        path = join(where, i)
        card = r.card(r.text(v, path), path)
        if card.name not in in_deck:
            raise r.fail(path, f"{card.name} is not in the deck", fits)
        if kind == "land" and not card.has_type("Land"):
            raise r.fail(path, f"{card.name} is not a land", fits)
        if kind == "permanent" and (card.has_type("Land") or not card.is_permanent_card):
            raise r.fail(path, f"{card.name} is not a permanent spell", fits)
        names.append(card.name)
    if len(set(names)) != len(names):
        raise r.fail(where, "a card is listed twice")
    return tuple(names)


def _costs(r: Reader, value: Any) -> tuple[ManaCost, ...]:
    if not isinstance(value, list):
        raise r.fail("costs", f"expected a list of mana costs, got {echo(value)}", '["{2}{G}"]')
    costs = []
    for i, text in enumerate(value):
        where = join("costs", i)
        try:
            cost = parse_mana_cost(r.text(text, where))
        except LibraryError as err:
            raise r.fail(where, str(err), 'e.g. "{2}{G}{G}" or "{G/W}"') from None
        if not cost.text:
            raise r.fail(where, "an empty cost", 'e.g. "{1}"')
        if cost.x_count:
            raise r.fail(where, "a cost with X", "give X a value ({X}{G} with X = 2 is {2}{G})")
        costs.append(cost)
    if len({c.text for c in costs}) != len(costs):
        raise r.fail("costs", "a cost is listed twice")
    return tuple(costs)


def _x_spell(r: Reader, value: Any) -> Card:
    card = r.card(r.text(value, "x_spell"), "x_spell")
    if not card.mana_cost.x_count:
        raise r.fail("x_spell", f"{card.name} has no X in its cost", "e.g. Hangarback Walker")
    return card


def parse_deck(r: Reader, data: Mapping[str, Any], folder: Path) -> DeckSetup:
    """Validate a deck game's keys (``deck``, ``game``, ``pilot``, ``costs``, ``track``,
    ``x_spell``) of a parsed file, the others left to the caller; ``folder`` is the file's
    (``deck.file`` is relative to it)."""
    deck = read_deck(r, data, folder)
    game = r.table(data, "game", "")
    r.keys(game, set(GAME_KEYS), "game")
    if "turns" not in game:
        raise r.fail("game", "missing key 'turns'", f"turns = 6 (1 to {MAX_TURNS})")
    pilot = r.table(data, "pilot", "")
    r.keys(pilot, set(PILOT_KEYS), "pilot")
    return DeckSetup(
        cards=tuple(deck),
        turns=r.integer(game["turns"], "game.turns", 1, MAX_TURNS),
        play=r.text(game.get("play", "play"), "game.play", PLAY_CHOICES),
        mulligan=r.text(game.get("mulligan", "never"), "game.mulligan", MULLIGAN_CHOICES),
        keep_lands=_keep_lands(r, game.get("keep_lands", [2, 5])),
        max_mulligans=r.integer(
            game.get("max_mulligans", 2), "game.max_mulligans", 0, MAX_MULLIGANS
        ),
        land_order=_names(
            r, pilot.get("land_order", []), "pilot.land_order", deck, "lands of the deck", "land"
        ),
        cast_order=_names(
            r,
            pilot.get("cast_order", []),
            "pilot.cast_order",
            deck,
            "permanent spells of the deck",
            "permanent",
        ),
        costs=_costs(r, data.get("costs", [])),
        track=_names(r, data.get("track", []), "track", deck, "cards of the deck"),
        x_spell=_x_spell(r, data["x_spell"]) if "x_spell" in data else None,
    )
