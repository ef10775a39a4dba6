"""The reference deck game (issue #13): one player's first turns with a shuffled library.

A pure function of ``(DeckSetup, Deal)`` (``engine.deck``): the caller draws every shuffle
and the play/draw choice. The game is a reference ``Game`` with the player's library and hand
as its zones, and every land drop, mana ability and spell goes through the engine's own rules
(``actions.cast``, ``actions.pass_turn``, ``mana.tap_for_mana``, ``stack.settle``).

The game, by the rules:

- Opening hand (103.5, the London mulligan): draw seven; with ``mulligan = "london"`` keep if
  the lands are within ``keep_lands`` (or ``max_mulligans`` were taken), else shuffle the hand
  back and draw seven again. At keep, one card per mulligan goes to the bottom: nonland cards
  of highest mana value first, then lands; when the hand holds more lands than ``hi``, lands
  first (the ones the land drop would play last), then nonland cards.
- Each turn: untap (502.3, from turn 2: ``pass_turn`` also ends the last turn, 514.2, 500.4);
  draw (504.1; not on turn 1 on the play, 103.8a); play a land if the hand has one (305.2:
  one a turn; lands that enter untapped first, then ``land_order``, then name; a second
  legendary permanent of a name the player controls is never played, 704.5j), entering
  tapped or with counters as its replacements say (614.1c); then the measurement point;
  then cast permanents (601.2): the first of the hand in cast order (``cast_order``, then
  mana producers, then the cheapest, then by name) that some pool pays, paid by ``pay``
  (lands, then creatures, then the rest, in board order, each tapped for a choice that pays
  more of the cost and keeps it payable), and again until none can be paid. Instants and
  sorceries are held; a new creature cannot tap for mana that turn (302.6), a rock can. A
  land Aura (Wild Growth) targets a land as it is cast, before its mana is paid (303.4a,
  601.2c: ``engine.deck.host_key``), and does not resolve if that land left meanwhile
  (608.2b).
- The measurement point is the main phase after the land drop, before anything is cast:
  ``lands_in_play``; ``mana_total``, the largest total of any pool the untapped sources could
  make by some choice of activations (``mana_search.frontier``), and ``mana_by_type[t]``,
  the largest amount of type ``t`` in any such pool (each type maximized on its own, so the
  types need not add up to the total); ``cost_payable[i]``, whether some such pool pays
  ``costs[i]`` (colors and hybrid symbols, 107.4e); ``x_max``, the largest X some pool pays
  for ``x_spell`` (-1: not even X = 0); and, at the end of the turn, ``cast_by_turn[i]``,
  whether a copy of ``track[i]`` was cast (a land: played) by then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from engine.deck import (
    OPENING_HAND,
    PLAYER,
    STARTING_LIFE,
    Deal,
    Deals,
    DeckResults,
    DeckSetup,
    cast_key,
    check_deal,
    deck_refusal,
    empty_results,
    enchants_land,
    host_key,
    land_key,
    spell_bottom_key,
)
from engine.library import Card, ManaCost
from engine.mana_types import MANA_TYPES
from engine.reference.actions import cast, pass_turn, slug
from engine.reference.characteristics import is_creature, is_land
from engine.reference.log import Event
from engine.reference.mana import Mana, mana_abilities, paid_part, pay_cost, show_mana
from engine.reference.mana_search import (
    OptionCache,
    Pool,
    activate,
    choose_activation,
    frontier,
)
from engine.reference.stack import settle
from engine.reference.state import Game, Permanent, ZoneCard
from engine.reference.zones import draw_card
from engine.scenario import Action, Choices


@dataclass(frozen=True)
class TurnRecord:
    """One turn's measurements (see the module text for each)."""

    turn: int
    lands_in_play: int
    mana_total: int
    mana_by_type: tuple[int, ...]  # WUBRGC
    cost_payable: tuple[bool, ...]  # one per DeckSetup.costs
    x_max: int  # -1: x_spell cannot be cast (or there is none)
    cast: tuple[str, ...]  # the cards played and cast this turn, in order
    cast_by_turn: tuple[bool, ...]  # one per DeckSetup.track


@dataclass
class DeckGame:
    """A finished deck game: the mulligans, the turns measured, and the game (its ``result``
    is ``ok`` unless a cap stopped it; its ``log`` cites the rules)."""

    on_play: bool
    mulligans: int
    game: Game
    turns: list[TurnRecord] = field(default_factory=list)


def handles(cards: Sequence[Card]) -> list[str]:
    """A handle per copy in deck order: ``forest``, ``forest2``, ... (the log's names), each
    its own: a copy whose handle another card's copy holds already (the third "Elf 1" and
    the first "Elf 13" are both ``elf_13``) takes the next free number (``elf_14``)."""
    seen: dict[str, int] = {}
    taken: set[str] = set()
    out = []
    for card in cards:
        base = slug(card.name)
        k = seen.get(base, 0) + 1
        handle = base if k == 1 else f"{base}{k}"
        while handle in taken:
            k += 1
            handle = f"{base}{k}"
        seen[base] = k
        taken.add(handle)
        out.append(handle)
    return out


# ------------------------------------------------------------ the opening hand (103.5)


def _bottom(setup: DeckSetup, hand: list[int], k: int) -> list[int]:
    """The ``k`` cards of a kept hand that go to the bottom (103.5), in the order put there."""
    cards = setup.cards
    lands = sorted(
        (i for i in hand if cards[i].has_type("Land")),
        key=lambda i: (land_key(setup, cards[i]), i),
        reverse=True,
    )
    spells = sorted(
        (i for i in hand if not cards[i].has_type("Land")),
        key=lambda i: (spell_bottom_key(cards[i]), i),
    )
    first = lands + spells if len(lands) > setup.keep_lands[1] else spells + lands
    return first[:k]


def opening_hand(setup: DeckSetup, deal: Deal) -> tuple[list[int], list[int], int, list[Event]]:
    """CR 103.5: the kept hand and the library (deck indices, top first), the mulligans taken,
    and the events to log."""
    check_deal(setup, deal)
    events = []
    lo, hi = setup.keep_lands
    for k, order in enumerate(deal.orders):
        hand, library = list(order[:OPENING_HAND]), list(order[OPENING_HAND:])
        lands = sum(1 for i in hand if setup.cards[i].has_type("Land"))
        events.append(Event("103.5" if k else "103.4", f"{PLAYER} draws seven ({lands} lands)"))
        last = setup.mulligan == "never" or k == setup.max_mulligans
        if lo <= lands <= hi or last:
            bottom = _bottom(setup, hand, k)
            for i in bottom:
                hand.remove(i)
                library.append(i)
                events.append(Event("103.5", f"{setup.cards[i].name} goes to the bottom"))
            events.append(Event("103.5", f"{PLAYER} keeps {len(hand)} cards after {k} mulligans"))
            return hand, library, k, events
        events.append(Event("103.5", f"{PLAYER} mulligans: shuffles the hand into the library"))
    raise AssertionError("the hand after max_mulligans is kept, and check_deal found it")


# ------------------------------------------------------------ the turns


def _zone_cards(
    game: Game, setup: DeckSetup, indices: list[int], names: list[str]
) -> list[ZoneCard]:
    return [ZoneCard(names[i], setup.cards[i], PLAYER, game.new_stamp(), 0) for i in indices]


def _legend_held(game: Game, card: Card) -> bool:
    """The pilot never puts a second legendary permanent of one name into play (704.5j)."""
    return "Legendary" in card.supertypes and any(
        p.card.name == card.name and p.controller == PLAYER for p in game.battlefield
    )


def _put(game: Game, zc: ZoneCard, host: str | None = None) -> None:
    """Play or cast ``zc`` from the hand (its mana paid; a land Aura targeting ``host``),
    then settle (117.5)."""
    game.hand[PLAYER].remove(zc)
    action = {"card": zc.card, "by": PLAYER, "id": zc.id}
    cast(game, Action("cast", action if host is None else {**action, "enchant": host}))
    settle(game)


def _host(game: Game, card: Card) -> str | None:
    """The land a land Aura targets (``engine.deck.host_key``), None for another card; "" if
    the player controls no land (it cannot be cast, 601.2c)."""
    if not enchants_land(card):
        return None
    lands = [p for p in game.battlefield if is_land(p) and p.controller == PLAYER]
    return min(lands, key=lambda p: host_key(p.tapped, p.order)).id if lands else ""


def _land_drop(game: Game, setup: DeckSetup) -> ZoneCard | None:
    """CR 305.2: one land a turn, if the hand has one (the order of ``_land_key``)."""
    lands = [
        zc
        for zc in game.hand[PLAYER]
        if zc.card.has_type("Land") and not _legend_held(game, zc.card)
    ]
    if not lands:
        return None
    zc = min(lands, key=lambda z: land_key(setup, z.card))
    _put(game, zc)
    return zc


def _pool_dict(pool: Pool) -> dict[str, int]:
    return dict(zip(MANA_TYPES, pool, strict=True))


def _pays(pools: Sequence[Pool], cost: ManaCost) -> bool:
    return any(pay_cost(_pool_dict(p), cost) is not None for p in pools)


def _x_max(pools: list[Pool], cost: ManaCost) -> int:
    """The largest X some pool pays (CR 107.3, 601.2f), -1 if none pays X = 0."""
    best = -1
    for p in pools:
        left = pay_cost(_pool_dict(p), cost)
        if left is not None:
            best = max(best, sum(left.values()) // max(cost.x_count, 1))
    return best


def _measure(game: Game, setup: DeckSetup, turn: int, cache: OptionCache) -> TurnRecord:
    pools = frontier(game, PLAYER, cache)
    lands = sum(1 for p in game.battlefield if is_land(p) and p.controller == PLAYER)
    record = TurnRecord(
        turn=turn,
        lands_in_play=lands,
        mana_total=max(sum(p) for p in pools),
        mana_by_type=tuple(max(p[t] for p in pools) for t in range(len(MANA_TYPES))),
        cost_payable=tuple(_pays(pools, c) for c in setup.costs),
        x_max=_x_max(pools, setup.x_spell.mana_cost) if setup.x_spell is not None else -1,
        cast=(),
        cast_by_turn=(),
    )
    game.log.add(
        "505.1",
        f"main phase: {lands} lands, at most {record.mana_total} mana"
        + "".join(
            f"; {c.text} {'payable' if ok else 'not payable'}"
            for c, ok in zip(setup.costs, record.cost_payable, strict=True)
        ),
    )
    return record


def _payment_order(p: Permanent) -> tuple[int, int]:
    """The pilot pays with lands, then creatures, then the rest (artifacts), in board order."""
    return (0 if is_land(p) else 1 if is_creature(p) else 2, p.order)


def _gain(pool: Mana, cost: ManaCost, needed: bool) -> Callable[[Pool], bool]:
    """Whether a pool after an activation pays more of ``cost`` than ``pool`` (if ``needed``)."""
    before = paid_part(pool, cost)
    return lambda after: not needed or paid_part(_pool_dict(after), cost) > before


def pay(game: Game, cost: ManaCost, cache: OptionCache) -> None:
    """CR 601.2g-h: activate mana abilities, then pay ``cost`` from the pool (the caller knows
    some choice of activations pays it).

    The pilot goes through its sources in ``_payment_order``, activating each with the first
    choice that pays more of the cost (``paid_part``) and after which the cost can still be
    paid, until the pool pays. A pass that finds none (the cost needs first a choice that
    pays nothing of it: Pili-Pala's {Q}) takes any choice that keeps the cost payable."""
    gain_needed = True
    while pay_cost(game.pools[PLAYER], cost) is None:
        made = False
        sources = [q for q in game.battlefield if q.controller == PLAYER]
        for p in sorted(sources, key=_payment_order):
            pool = game.pools[PLAYER]
            if pay_cost(pool, cost) is not None:
                break
            if not any(q is p for q in game.battlefield) or not mana_abilities(game, p):
                continue  # gone paying for an earlier one (Gemstone Mine), or no source
            a = choose_activation(
                game, p, partial(_pays, cost=cost), _gain(pool, cost, gain_needed), cache
            )
            if a is not None:
                made = activate(game, a) or made
        assert made or gain_needed, "the frontier said the cost can be paid"
        gain_needed = made
    left = pay_cost(game.pools[PLAYER], cost)
    assert left is not None
    paid = {t: game.pools[PLAYER][t] - left[t] for t in MANA_TYPES}
    game.pools[PLAYER] = left
    game.log.add("601.2h", f"{PLAYER} pays {cost.text or '{0}'} with {show_mana(paid)}")


def _castable(game: Game, card: Card) -> bool:
    return (
        not card.has_type("Land")
        and card.is_permanent_card
        and deck_refusal(card) is None
        and not _legend_held(game, card)
        and _host(game, card) != ""
    )


def _cast_permanents(game: Game, setup: DeckSetup, cache: OptionCache) -> list[str]:
    """Cast the first permanent in ``_cast_key`` order the mana pays, and again, until none."""
    done = []
    while not game.finished:
        hand = sorted(
            (zc for zc in game.hand[PLAYER] if _castable(game, zc.card)),
            key=lambda z: cast_key(setup, z.card),
        )
        pools = frontier(game, PLAYER, cache)
        zc = next((z for z in hand if _pays(pools, z.card.mana_cost)), None)
        if zc is None or game.finished:
            break
        host = _host(game, zc.card)  # its target is chosen before its mana is paid
        pay(game, zc.card.mana_cost, cache)
        _put(game, zc, host)
        done.append(zc.card.name)
    return done


def play_deck_game(setup: DeckSetup, deal: Deal) -> DeckGame:
    """Play one deck game for ``setup.turns`` turns and measure every turn."""
    game = Game(
        players=[PLAYER],
        active=PLAYER,
        life={PLAYER: STARTING_LIFE},
        choices=Choices(),
        libraries_whole=True,
    )
    names = handles(setup.cards)
    hand, library, mulligans, events = opening_hand(setup, deal)
    game.log.events.extend(events)
    game.hand[PLAYER] = _zone_cards(game, setup, hand, names)
    game.library[PLAYER] = _zone_cards(game, setup, library, names)
    out = DeckGame(deal.on_play, mulligans, game)
    cache: OptionCache = {}  # one board of Forests is probed once a game
    seen: set[str] = set()
    for turn in range(1, setup.turns + 1):
        if turn > 1:
            pass_turn(game)  # 514.2, 500.4, then 502.3: untap
            settle(game)
        else:
            side = "on the play" if deal.on_play else "on the draw"
            game.log.add("500.1", f"{PLAYER}'s first turn ({side})")
        if turn == 1 and deal.on_play:
            game.log.add("103.8a", f"{PLAYER} plays first: no draw on the first turn")
        else:
            draw_card(game, PLAYER, "504.1")  # the draw step
        land = _land_drop(game, setup)
        if game.finished:
            break
        record = _measure(game, setup, turn, cache)
        if game.finished:
            break
        cast_now = ([land.card.name] if land is not None else []) + _cast_permanents(
            game, setup, cache
        )
        if game.finished:
            break
        seen.update(cast_now)
        tracked = tuple(name in seen for name in setup.track)
        out.turns.append(replace(record, cast=tuple(cast_now), cast_by_turn=tracked))
    return out


def play_deck_games(setup: DeckSetup, deals: Deals) -> DeckResults:
    """Every game of a batch of deals, one by one, in the batch engine's result arrays (the
    differential tests' and ``explain --run``'s side of the comparison)."""
    return results_of(
        setup, [play_deck_game(setup, deals.deal(t)) for t in range(len(deals.on_play))]
    )


def results_of(setup: DeckSetup, games: Sequence[DeckGame]) -> DeckResults:
    """Finished games' measurements in ``DeckResults`` arrays, one row per game."""
    out = empty_results(setup, len(games))
    reasons = [""]
    for t, game in enumerate(games):
        out.on_play[t] = game.on_play
        out.mulligans[t] = game.mulligans
        out.played[t] = len(game.turns)
        if game.game.finished:
            if game.game.reason not in reasons:
                reasons.append(game.game.reason)
            out.status[t] = reasons.index(game.game.reason)
        for u, record in enumerate(game.turns):
            out.lands[t, u] = record.lands_in_play
            out.mana_total[t, u] = record.mana_total
            out.mana_by_type[t, u] = record.mana_by_type
            out.cost_payable[t, u] = record.cost_payable
            out.x_max[t, u] = record.x_max
            out.cast_by_turn[t, u] = record.cast_by_turn
    return replace(out, reasons=tuple(reasons))
