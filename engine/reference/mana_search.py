"""What a player's mana sources could make now: the exact set of pools (CR 106.7, 605).

Every activation here is made by the engine's own mana rules (``mana.tap_for_mana``) on a copy
of the game, so {T} and {Q} costs, summoning sickness (302.6), counters (Gemstone Mine,
Vivid Crag), could-produce (106.7: Reflecting Pool), "tapped for mana" replacements (in
every order, 616.1) and mana triggers (106.12a) are exactly as the engine plays them.

The answer is the frontier: every pool the player could hold after some sequence of
activations (none included), less those another reachable pool holds at least as much of
every type as. Whether a cost can be paid, the largest X, the most mana in all or of one type
are all monotone in the pool, so the frontier answers each of them exactly.

Sources whose activations commute (a {T} ability with no other cost: its mana depends only on
the board, never on the pool or on which other sources are tapped) are combined by adding
their choices. Springleaf Drum and the creatures it may tap, and, when a source may be
sacrificed for its last counter (Gemstone Mine) while another's mana depends on the board
(Reflecting Pool, Gaea's Cradle), those two kinds, are searched activation by activation and
their pools added to the others'. So are the sources that pay life (Mana Confluence) and
those that deal damage when the player's life might not pay for every one (119.4). An ability
with a mana cost (Pili-Pala's {2}, paid from the pool) depends on what the pool holds when it
is activated: with one, every source is searched in every order, and the cost paid in every
way the pool can pay it (601.2h, 605.3b: the player chooses the mana). Signets (a noncreature,
nonland permanent whose one mana ability makes a fixed pool for {T} and mana) and Cabal
Coffers ({2}, {T}: {B} for each Swamp you control, while no Swamp may leave) are the
exception: their mana depends on nothing the other sources change, so they are searched, in
every order and way of paying, after the other sources' frontier, from each of its pools
(``_is_signet``). An untapped permanent whose
only mana ability costs {Q} is left out when nothing could tap it (107.6).
``exhaustive_frontier`` is the plain search, the tests' check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement, permutations

from engine.library import MANA, REPLACEMENT, STATIC, TRIGGERED, Ability, parse_mana_cost
from engine.mana_types import COLORS, MANA_TYPES
from engine.reference.characteristics import is_creature, is_land
from engine.reference.mana import (
    NO_TRIGGER_CHOICES,
    TriggerChoices,
    generic_payments,
    is_tap_ability,
    mana_abilities,
    named_types,
    replacements,
    tap_for_mana,
    tapped_for_mana_triggers,
    types_made_at_once,
)
from engine.reference.state import Game, Permanent

Pool = tuple[int, ...]  # an amount per mana type, in WUBRGC order

# The most game positions the activation-by-activation search visits for one frontier; a
# board that needs more stops its game as ``unsupported`` with a reason naming this cap.
MAX_SEARCH_STATES = 20_000
# Mana abilities whose mana depends on other permanents (could-produce, a creature count).
_BOARD_DEPENDENT = frozenset({"mana_reflect_lands", "mana_per_creature_yours"})
_PER_SUBTYPE = "mana_per_subtype"  # one mana per permanent of a subtype (``_context``)


@dataclass(frozen=True)
class Activation:
    """One way to activate a mana ability: the permanent, the type named (None: the engine's
    first), the replacement order (616.1), the creature a Springleaf Drum cost taps, the
    mana that pays a generic cost (Pili-Pala's {2}; None: there is none) and the choices
    made for the "tapped for mana" triggers it sets off (Fertile Ground, Mana Flare, 106.12a)."""

    pid: str
    color: str | None
    order: tuple[str, ...] = ()
    tap_creature: str | None = None
    paid: tuple[tuple[str, int], ...] | None = None
    triggers: TriggerChoices = NO_TRIGGER_CHOICES


def pool_of(game: Game, player: str) -> Pool:
    pool = game.pools[player]
    return tuple(pool[t] for t in MANA_TYPES)


def probe_copy(game: Game) -> Game:
    """A copy of the board and pools to try activations on (no log, zones empty)."""
    return Game(
        players=list(game.players),
        active=game.active,
        life=dict(game.life),
        choices=game.choices,
        battlefield=[p.snapshot() for p in game.battlefield],
        pools={k: dict(v) for k, v in game.pools.items()},
        effects=list(game.effects),
        objects=dict(game.objects),
        board_order=dict(game.board_order),
        next_uid=game.next_uid,
        next_stamp=game.next_stamp,
        next_order=game.next_order,
    )


def _replacement_orders(game: Game, p: Permanent) -> list[tuple[str, ...]]:
    """Every order of the replacements that apply to tapping ``p``, one per order of kinds."""
    reps = replacements(game, p)
    seen: dict[tuple[tuple[int, str, bool], ...], tuple[str, ...]] = {}
    for order in permutations(reps):
        kinds = tuple((r.factor, r.produce, r.one_mana) for r in order)
        seen.setdefault(kinds, tuple(r.id for r in order))
    return list(seen.values())


def _needs_creature(ability: Ability) -> bool:
    return bool(ability.params.get("tap_creature"))


def _trigger_choices(game: Game, p: Permanent, color: str | None) -> list[TriggerChoices]:
    """The choices for the "tapped for mana" triggers activating ``p`` for ``color`` sets
    off (106.12a): for the "that type" ones (Mana Flare) one of the types it makes at once
    each, for the "any color" ones (Fertile Ground) a color each; one choice per multiset of
    each (only the mana they add differs: the multisets in WUBRGC order, each the first of
    its orders), the types outer."""
    made = types_made_at_once(game, p, color)
    same = tapped_for_mana_triggers(game, p, "same") if made else 0
    colors = tapped_for_mana_triggers(game, p, "any")
    return [
        TriggerChoices(chosen, typed)
        for typed in combinations_with_replacement(made, same)
        for chosen in combinations_with_replacement(COLORS, colors)
    ]


def activations(game: Game, p: Permanent) -> Iterator[Activation]:
    """Every choice the player has when activating ``p``'s mana abilities (the choices for
    its "tapped for mana" triggers: ``_trigger_choices``)."""
    creatures: list[str | None] = [None]
    if any(_needs_creature(a) for a in mana_abilities(game, p)):
        creatures = [
            q.id
            for q in game.battlefield
            if is_creature(q) and not q.tapped and q.controller == p.controller and q is not p
        ] or [None]
    for color in named_types(game, p):
        payments: list[tuple[tuple[str, int], ...] | None] = [
            tuple(paid.items()) for paid in generic_payments(game, p, color)
        ]
        for chosen in _trigger_choices(game, p, color):
            for order in _replacement_orders(game, p):
                for creature in creatures:
                    for paid in payments or [None]:
                        yield Activation(p.id, color, order, creature, paid, chosen)


def activate(game: Game, a: Activation) -> bool:
    """Make activation ``a`` on ``game`` by the engine's rules; False if it was rejected."""
    p = game.permanent(a.pid)
    if p is None:
        return False
    paid = dict(a.paid) if a.paid is not None else None
    rejection = tap_for_mana(game, p, a.color, list(a.order), a.tap_creature, paid, a.triggers)
    return rejection is None and not game.finished


def _commutes(game: Game, p: Permanent) -> bool:
    """A {T} ability with no other cost: its mana depends on the board alone."""
    return not _costs_mana(game, p) and all(
        is_tap_ability(a) and not _needs_creature(a) for a in mana_abilities(game, p)
    )


def _acts_on_others(p: Permanent) -> bool:
    """Whether ``p`` has an ability that changes other permanents' mana while it is on the
    battlefield: a static, a trigger, a replacement other than how it enters."""
    return any(
        a.kind in (STATIC, TRIGGERED)
        or (a.kind == REPLACEMENT and not a.template.startswith("enters_"))
        for a in p.card.abilities
    )


def _searched(game: Game, sources: list[Permanent]) -> list[Permanent]:
    """The sources whose activations must be searched one by one (see the module text)."""
    abilities = {p.uid: mana_abilities(game, p) for p in sources}
    leaving = [
        p
        for p in sources
        if any(
            a.params.get("sacrifice_when_none") and p.count(a.text("remove_counter")) <= 1
            for a in abilities[p.uid]
        )
    ]
    readers = [p for p in sources if any(a.template in _BOARD_DEPENDENT for a in abilities[p.uid])]
    if any(_acts_on_others(p) for p in leaving):
        return sources  # a source that leaves takes more than its mana ability with it
    taps_creature = any(_needs_creature(a) for p in sources for a in abilities[p.uid])
    order_matters = {p.uid for p in leaving + readers} if leaving and readers else set()
    order_matters |= _short_of_life(game, sources, abilities)
    return [
        p
        for p in sources
        if not _commutes(game, p) or (taps_creature and is_creature(p)) or p.uid in order_matters
    ]


def _short_of_life(
    game: Game, sources: list[Permanent], abilities: dict[int, list[Ability]]
) -> set[int]:
    """The sources that pay life (Mana Confluence), when the player's life might not cover
    every payment in every order: life can be paid only while the total is at least the
    amount (119.4), and a painland's damage (120.3a) lowers it first in some orders. Covered
    in the worst order, they commute like any {T} source; short, they are searched, with the
    sources whose damage could leave too little life for them."""
    paying = {p.uid for p in sources if any(a.params.get("life") for a in abilities[p.uid])}
    if not paying:
        return set()
    taken = {p.uid: max(_life_taken(a) for a in abilities[p.uid]) for p in sources}
    if sum(taken.values()) <= game.life[sources[0].controller]:
        return set()
    return {uid for uid, amount in taken.items() if amount}


def _life_taken(ability: Ability) -> int:
    """The life an activation costs (119.4) and its damage to its controller (120.3a)."""
    return int(ability.params.get("life", 0)) + int(ability.params.get("damage", 0))


def pareto(pools: set[Pool]) -> list[Pool]:
    """The pools no other pool of the set holds at least as much of every type as.

    A pool that holds at least as much of every type as another, and is not that pool, holds
    more in all: a pool is checked against the kept pools of larger totals only (with many
    any-color sources most pools have one total, and were compared two by two for nothing)."""
    kept: list[Pool] = []
    larger = 0  # kept[:larger]: the kept pools of larger totals than the one checked
    last = -1
    for pool in sorted(pools, key=sum, reverse=True):
        total = sum(pool)
        if total != last:
            larger, last = len(kept), total
        if not _covered(kept[:larger], pool, dominance=True):
            kept.append(pool)
    return kept


def _add(a: Pool, b: Pool) -> Pool:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _option_key(game: Game, p: Permanent) -> tuple[object, ...]:
    """What a commuting source's choices depend on besides the board: equal keys, equal
    choices (lands of one name are tried once)."""
    attached = tuple(q.card.name for q in game.battlefield if q.attached_to == p.id)
    counters = tuple(sorted((k, v) for k, v in p.counters.items() if v))
    sick = not p.since_turn_start and is_creature(p)  # 302.6 concerns creatures only
    granted = tuple(sorted(p.granted + p.granted_eot))  # haste (702.10c)
    return (p.card.name, p.controller, p.tapped, sick, p.not_creature, counters, attached, granted)


def options(game: Game, p: Permanent) -> dict[Pool, Activation | None]:
    """The mana each activation of ``p`` adds (None: not activating it, adding nothing)."""
    found: dict[Pool, Activation | None] = {(0,) * len(MANA_TYPES): None}
    for a in activations(game, p):
        probe = probe_copy(game)
        before = pool_of(probe, p.controller)
        if activate(probe, a):
            after = pool_of(probe, p.controller)
            found.setdefault(tuple(x - y for x, y in zip(after, before, strict=True)), a)
    return found


# Options of commuting sources already tried, by the source's ``_option_key`` and the board's
# ``_context``: a deck game keeps one for the whole game (a board of Forests is probed once).
OptionCache = dict[tuple[object, ...], dict[Pool, Activation | None]]


def _context(game: Game) -> tuple[object, ...]:
    """What a commuting source's mana depends on besides itself: the permanents with abilities
    (not whether they are tapped: could-produce and statics ignore it; of those with only
    mana abilities, which there are, not how many: could-produce is a set of types), each
    player's number of creatures (Gaea's Cradle) and of permanents of each subtype a count
    reads (Priest of Titania's Elves; a source making one mana per Forest once kept its count
    of the turn before, the new Forest a land with only a mana ability), and the effects
    (Deep Water)."""
    mana_only: set[tuple[object, ...]] = set()
    others: list[tuple[object, ...]] = []
    counted: set[str] = set()
    for q in game.battlefield:
        if q.card.abilities:
            entry = (q.card.name, q.controller, q.not_creature, tuple(sorted(q.counters.items())))
            if all(a.kind == MANA for a in q.card.abilities):
                mana_only.add(entry)
            else:
                others.append(entry)
            counted |= {a.text("subtype") for a in q.card.abilities if a.template == _PER_SUBTYPE}
    creatures = tuple(
        sum(1 for q in game.battlefield if is_creature(q) and q.controller == who)
        for who in game.players
    )
    subtypes = tuple(
        sum(1 for q in game.battlefield if sub in q.card.subtypes and q.controller == who)
        for sub in sorted(counted)
        for who in game.players
    )
    effects = tuple((e.kind, e.id, e.controller) for e in game.effects)
    return (tuple(sorted(mana_only)), tuple(sorted(others)), creatures, subtypes, effects)


def _commuting_options(
    game: Game, p: Permanent, cache: OptionCache | None, context: tuple[object, ...]
) -> dict[Pool, Activation | None]:
    if cache is None:
        return options(game, p)
    key = (_option_key(game, p), context)
    if key not in cache:
        cache[key] = options(game, p)
    return {d: None if a is None else replace(a, pid=p.id) for d, a in cache[key].items()}


def _sources(game: Game, player: str) -> list[Permanent]:
    """``player``'s permanents with a mana ability that may be activated now or after others:
    not an untapped permanent whose every mana ability costs {Q} (107.6) when nothing could
    tap it (only Springleaf Drum's cost taps a creature)."""
    found = [p for p in game.battlefield if p.controller == player and mana_abilities(game, p)]
    taps_creature = any(_needs_creature(a) for p in found for a in mana_abilities(game, p))

    def inert(p: Permanent) -> bool:
        only_q = all(a.params.get("untap") for a in mana_abilities(game, p))
        return only_q and not p.tapped and not (taps_creature and is_creature(p))

    return [p for p in found if not inert(p)]


def frontier(game: Game, player: str, cache: OptionCache | None = None) -> list[Pool]:
    """The frontier of the pools ``player``'s sources could make from here (the pool they
    hold now included). A search past MAX_SEARCH_STATES stops ``game`` as unsupported."""
    sources = _sources(game, player)
    signets = [p for p in sources if _is_signet(game, p, sources)]
    rest = [p for p in sources if p not in signets]
    takes_more = any(_leaves(game, p) and _acts_on_others(p) for p in sources)
    if signets and not takes_more and not any(_costs_mana(game, p) for p in rest):
        return _after_signets(game, player, _frontier_of(game, player, rest, cache), signets)
    return _frontier_of(game, player, sources, cache)


def _is_signet(game: Game, p: Permanent, sources: list[Permanent]) -> bool:
    """A permanent whose one mana ability costs {T} and mana from the pool, with no other
    cost or effect, whose mana depends on nothing the other ``sources`` change: a fixed pool
    of a noncreature, nonland permanent (601.2h: Azorius Signet), or one mana per permanent
    of a subtype (Cabal Coffers) when no source of that subtype may leave (701.21a). Only
    its cost depends on the pool, so it is searched after the others (``_after_signets``)."""
    abilities = mana_abilities(game, p)
    if len(abilities) != 1:
        return False
    a = abilities[0]
    extra = ("untap", "tap_creature", "remove_counter", "life", "damage", "sacrifice")
    if any(a.params.get(k) for k in extra) or not is_tap_ability(a) or not _costs_mana(game, p):
        return False
    if a.template == _PER_SUBTYPE:
        subtype = a.text("subtype")
        return not any(_leaves(game, q) and subtype in q.card.subtypes for q in sources)
    return a.template == "mana_fixed" and not is_land(p) and not is_creature(p)


def _leaves(game: Game, p: Permanent) -> bool:
    """Whether activating ``p`` for mana may put it into a graveyard (701.21a)."""
    return any(
        a.params.get("sacrifice_when_none") or a.params.get("sacrifice")
        for a in mana_abilities(game, p)
    )


def _after_signets(
    game: Game, player: str, pools: list[Pool], signets: list[Permanent]
) -> list[Pool]:
    """The frontier once the ``signets`` are activated too, from each pool of the others'
    frontier ``pools``: every activation of theirs, paid in every way the pool can (601.2h),
    in every order, is searched (``_search``) after the others' mana is made. Making the
    others' mana first loses nothing: it does not depend on the pool, and a larger pool pays
    every cost a smaller one does and is left the larger (their mana is fixed)."""
    found: set[Pool] = set()
    seen = _Seen()
    ids = [p.id for p in signets]
    for pool in pools:
        start = probe_copy(game)
        start.pools[player] = dict(zip(MANA_TYPES, pool, strict=True))
        if not _search(start, player, ids, found, seen):
            _stop(game)
            break
    return pareto(found)


def _frontier_of(
    game: Game, player: str, sources: list[Permanent], cache: OptionCache | None
) -> list[Pool]:
    """``frontier`` of ``sources`` alone."""
    searched = {p.uid for p in _searched(game, sources)}
    found: set[Pool] = set()
    if any(_costs_mana(game, p) for p in sources if p.uid in searched):
        # An ability paid from the pool depends on what the pool holds when it is activated,
        # so on which sources were tapped before it: search every source, in every order.
        if not _search(probe_copy(game), player, [p.id for p in sources], found, _Seen()):
            _stop(game)
        return pareto(found)
    pools = {pool_of(game, player)}
    cache = {} if cache is None else cache
    context = _context(game)
    for p in sources:
        if p.uid not in searched:
            made = _commuting_options(game, p, cache, context)
            pools = set(pareto({_add(a, b) for a in pools for b in made}))
    if not searched:
        return pareto(pools)
    # The searched activations add the same mana whatever the pool: search them once, from
    # an empty pool, and add the two parts.
    start = probe_copy(game)
    start.pools[player] = dict.fromkeys(MANA_TYPES, 0)
    if not _search(start, player, [p.id for p in sources if p.uid in searched], found, _Seen()):
        _stop(game)
    return pareto({_add(a, b) for a in pools for b in pareto(found)})


def _costs_mana(game: Game, p: Permanent) -> bool:
    return any(parse_mana_cost(a.params.get("cost", "")).text for a in mana_abilities(game, p))


def _stop(game: Game) -> None:
    game.stop(
        "unsupported",
        f"more than MAX_SEARCH_STATES = {MAX_SEARCH_STATES} positions to find what the mana"
        " sources could make: Cauldron does not search past that cap",
        "106.7",
    )


def _board_key(game: Game) -> tuple[object, ...]:
    """A board, up to permanents that differ only in identity (two untapped Reflecting Pools
    are one choice, whichever is tapped first): ``_option_key`` holds what else counts."""
    life = tuple(sorted(game.life.items()))  # a life payment's legality (119.4)
    return (life, *sorted(_option_key(game, p) for p in game.battlefield))


def _exact_board_key(game: Game) -> tuple[object, ...]:
    """A board, each permanent by its identity (the plain search of ``exhaustive_frontier``)."""
    permanents = tuple(
        (p.uid, p.tapped, tuple(sorted(p.counters.items()))) for p in game.battlefield
    )
    return (tuple(sorted(game.life.items())), *permanents)


def _covered(pools: list[Pool], pool: Pool, dominance: bool) -> bool:
    if not dominance:
        return pool in pools
    return any(all(a >= b for a, b in zip(other, pool, strict=True)) for other in pools)


@dataclass
class _Seen:
    """The positions a search has been to: the pools seen with each board, and how many."""

    pools: dict[tuple[object, ...], list[Pool]] = field(default_factory=dict)
    count: int = 0


def _search(
    game: Game,
    player: str,
    ids: list[str],
    found: set[Pool],
    seen: _Seen,
    exact: bool = False,
) -> bool:
    """Depth first over the sources' activations; False past MAX_SEARCH_STATES. A position
    whose board was seen with a pool holding at least as much of every type is not searched
    again: every activation is as legal, and makes as much, from the larger pool (a mana cost
    is paid from the pool in every way it can be, ``generic_payments``: the larger pool pays
    each way the smaller one does and is left the larger)."""
    board = _exact_board_key(game) if exact else _board_key(game)
    pool = pool_of(game, player)
    pools = seen.pools.setdefault(board, [])
    if _covered(pools, pool, dominance=not exact):
        return True
    pools.append(pool)
    seen.count += 1
    if seen.count > MAX_SEARCH_STATES:
        return False
    found.add(pool)
    for pid in ids:
        p = game.permanent(pid)
        if p is None:
            continue
        for a in activations(game, p):
            nxt = probe_copy(game)
            if activate(nxt, a) and not _search(nxt, player, ids, found, seen, exact):
                return False
    return True


def exhaustive_frontier(game: Game, player: str) -> list[Pool]:
    """``frontier``'s answer the plain way: every source's every activation in every order,
    each permanent by its identity, nothing added up. Slow: the check of ``frontier``'s
    shortcuts (commuting sources, symmetric positions) in the tests."""
    ids = [p.id for p in game.battlefield if p.controller == player and mana_abilities(game, p)]
    found: set[Pool] = set()
    if not _search(probe_copy(game), player, ids, found, _Seen(), exact=True):
        _stop(game)
    return pareto(found)


def choose_activation(
    game: Game,
    p: Permanent,
    still: Callable[[list[Pool]], bool],
    useful: Callable[[Pool], bool],
    cache: OptionCache | None = None,
) -> Activation | None:
    """The first activation of ``p`` that makes a ``useful`` pool and after which the frontier
    still satisfies ``still`` (the cost can still be paid), or None. A commuting source with
    one choice never loses a pool (every pool reachable without it is held by one with it),
    so only its use is checked."""
    player = p.controller
    now = pool_of(game, player)
    if p.uid not in {q.uid for q in _searched(game, _sources(game, player))}:
        made = _commuting_options(game, p, cache, _context(game))
        choices = [(delta, a) for delta, a in made.items() if a is not None]
        if len(choices) == 1:
            delta, a = choices[0]
            return a if useful(_add(now, delta)) else None
    for a in activations(game, p):
        probe = probe_copy(game)
        if (
            activate(probe, a)
            and useful(pool_of(probe, player))
            and still(frontier(probe, player, cache))
        ):
            return a
    return None
