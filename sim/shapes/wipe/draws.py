"""Draw a whole batch of wipe-shape trials from an experiment's distributions.

All randomness of a trial (board, events, X, caster, trigger order, targets, attacks) is drawn
here from the batch's generator, before the engine runs (SPEC section 2); experiments, ``cauldron
bench`` and the differential tests all draw through ``draw_wipe_batch``. The draw sites run in
one fixed order: players, each slot group in file order (cards, empty, controller, owner,
counters, damage, flags, grants, since-turn-start, combat keywords), each event (card, X,
caster, kind, modes, amount, counter, target), then the trigger-order ranks, Redcap's targets
and the attacks; then the sites added since, each drawing nothing for a file without them: the
slots' other counters (by group), each ``tap_for_mana`` or ``activate`` event's permanent, type,
ability, replacement order and targets (by event), and the land each Aura enchants. A site
whose distribution is fixed draws nothing, so a file that does not use a key draws the same
trials as before the key existed.
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_state import (
    EV_ACTIVATE,
    EV_ATTACK,
    EV_CAST,
    EV_DAMAGE_ALL,
    EV_DAMAGE_PLAYER,
    EV_PASS_TURN,
    EV_TAP_MANA,
    WipeInputs,
)
from sim.config import slot_sites as site
from sim.config.dists import bernoulli, categorical, permutations, uniforms
from sim.config.players import draw_seats, join_groups, other_seat
from sim.shapes.mana_choices import attach_auras
from sim.shapes.orders import fixed_order_keys
from sim.shapes.wipe.config import OTHER_COUNTERS, Event, SlotGroup, WipeConfig
from sim.shapes.wipe.start import drop_dead_start
from sim.shapes.wipe.timeline import draw_timeline

# kinds without a random target (a tap or an activation picks its permanent in ``timeline``)
_UNTARGETED = (EV_CAST, EV_DAMAGE_ALL, EV_PASS_TURN, EV_ATTACK, EV_TAP_MANA, EV_ACTIVATE)


def _keywords(rng: np.random.Generator, group: SlotGroup, shape: tuple[int, int]) -> np.ndarray:
    """(T, K) uint32 combat keywords granted (tables.KEYWORD_BITS), each on its own chance."""
    bits = np.zeros(shape, dtype=np.uint32)
    for bit, chance in group.keywords:
        bits |= np.where(bernoulli(rng, chance, shape), np.uint32(bit), np.uint32(0))
    return bits


def _slot_group(
    rng: np.random.Generator,
    group: SlotGroup,
    n_players: np.ndarray,
    active: np.ndarray,
    fused: bool = True,
) -> dict[str, np.ndarray]:
    """The group's columns (T, S): drawn in one compiled pass where ``slot_sites`` can draw
    every site (unless ``fused`` is False), else site by site; then a legal start, and
    nothing in an empty slot."""
    drawn = site.group_columns(
        rng, group, _sites(group) if fused else None,
        lambda: _site_by_site(rng, group, n_players, active), n_players, active,
    )  # fmt: skip
    card, filled = drawn.pop("card"), ~drawn.pop("empty")
    if group.empty > 0:
        card = np.where(filled, card, np.int16(-1)).astype(np.int16)
    if group.legal_start and (group.minus.high > 0 or group.damage.high > 0):
        counters = (drawn["plus"], drawn["minus"], drawn["damage"])
        drop_dead_start(card, *counters, drawn["not_creature"], group.cards)
    seats = ("controller", "owner")
    for name, values in drawn.items() if group.empty > 0 else ():
        # an empty slot holds nothing (False for the flags): a product, not a masked store
        # (values[~filled] = 0 cost 60% of a slot group's draw)
        if name not in seats:
            np.multiply(values, filled, out=values, casting="unsafe")
    return {"card": card, **drawn}


def _sites(group: SlotGroup) -> list[site.Named] | None:
    """The group's sites in ``_site_by_site``'s order, for ``slot_sites.fused_columns``; None
    with one it does not make (granted keywords, a foreign owner, seats drawn by weight)."""
    placed = site.placed_sites(group)
    if group.keywords or placed is None:
        return None
    return [
        *placed,
        ("plus", np.int16, site.discrete(group.plus)),
        ("minus", np.int16, site.discrete(group.minus)),
        ("damage", np.int16, site.discrete(group.damage)),
        ("token", np.bool_, site.bernoulli(group.token)),
        ("tapped", np.bool_, site.bernoulli(group.tapped)),
        ("not_creature", np.bool_, site.bernoulli(group.not_creature)),
        ("granted_persist", np.int8, site.discrete(group.persist)),
        ("granted_undying", np.int8, site.discrete(group.undying)),
        ("since_turn_start", np.bool_, site.bernoulli(group.since_turn_start)),
        ("granted", np.uint32, site.fixed(0)),  # no keywords (else drawn site by site)
    ]


def _site_by_site(
    rng: np.random.Generator, group: SlotGroup, n_players: np.ndarray, active: np.ndarray
) -> dict[str, np.ndarray]:
    """The group's columns, each site's draws over the whole batch (``_sites``' order and
    names, the owners among the first, then the keywords)."""
    placed = site.placed_by_site(rng, group, n_players, active)
    shape = placed["card"].shape
    return {
        **placed,
        "plus": group.plus.draw(rng, shape, np.int16),
        "minus": group.minus.draw(rng, shape, np.int16),
        "damage": group.damage.draw(rng, shape, np.int16),
        "token": bernoulli(rng, group.token, shape),
        "tapped": bernoulli(rng, group.tapped, shape),
        "not_creature": bernoulli(rng, group.not_creature, shape),
        "granted_persist": group.persist.draw(rng, shape, np.int8),
        "granted_undying": group.undying.draw(rng, shape, np.int8),
        "since_turn_start": bernoulli(rng, group.since_turn_start, shape),
        "granted": _keywords(rng, group, shape),
    }


def _mode(rng: np.random.Generator, event: Event, card: np.ndarray) -> np.ndarray:
    """(T,) int8 the modes each trial's card is cast with, uniform among the card's sets (no
    draw when every card has one set)."""
    counts = np.array([len(sets) for sets in event.modes])
    table = np.zeros((len(event.modes), counts.max()), dtype=np.int8)
    for k, sets in enumerate(event.modes):
        table[k, : len(sets)] = sets
    if counts.max() == 1 and (table[:, 0] == table[0, 0]).all():  # one set, the same for all
        return np.full(len(card), table[0, 0], dtype=np.int8)
    if len(event.modes) == 1 or not event.cards:
        row = np.zeros(len(card), dtype=np.intp)
    else:
        place = np.zeros(tb.N, dtype=np.intp)
        place[list(event.cards)] = np.arange(len(event.cards))
        row = place[card]
    if counts.max() == 1:
        only: np.ndarray = table[row, 0]
        return only
    pick = (uniforms(rng, len(card)) * counts[row]).astype(np.intp)
    mode: np.ndarray = table[row, np.minimum(pick, counts[row] - 1)]
    return mode


def _event(
    rng: np.random.Generator, event: Event, n_players: np.ndarray, active: np.ndarray, slots: int
) -> dict[str, np.ndarray]:
    """One event's columns (T,): what it is, and every part of it a trial draws."""
    t = len(n_players)
    card = (
        site.pick(rng, event.cards, event.weights, (t,))
        if event.cards
        else np.full(t, -1, dtype=np.int16)
    )
    x = event.x.draw(rng, (t,), np.int16)
    by = event.caster.draw(rng, n_players, active, 1)[:, 0]
    kinds = np.array(event.kinds, dtype=np.int8)
    kind = kinds[categorical(rng, event.kind_weights, (t,))] if len(kinds) > 1 else kinds[0]
    kind = np.broadcast_to(kind, (t,)).astype(np.int8)
    mode = _mode(rng, event, card)
    counters = tuple(k for k, p in enumerate(event.counter) if p > 0)
    counter = (
        categorical(rng, event.counter, (t,)) if len(counters) > 1 else np.full(t, counters[0])
    )
    amount = event.amount.draw(rng, (t,), np.int16)
    target = np.zeros(t, dtype=np.int16)
    if not set(event.kinds) <= set(_UNTARGETED):
        # any board slot (an empty one too: the engines reject the event alike), or any seat
        slot = (uniforms(rng, t) * slots).astype(np.int16)
        seat = (uniforms(rng, t) * n_players).astype(np.int16)
        target = np.where(kind == EV_DAMAGE_PLAYER, seat, np.minimum(slot, slots - 1))
    return {
        "ev_kind": kind,
        "ev_card": np.where(kind == EV_CAST, card, np.int16(-1)).astype(np.int16),
        "ev_by": by,
        "ev_x": x,
        "ev_target": target.astype(np.int16),
        "ev_amount": np.where(kind == EV_CAST, 0, amount).astype(np.int16),
        "ev_counter": counter.astype(np.int8),
        "ev_mode": np.broadcast_to(mode, (t,)).astype(np.int8),
    }


def trigger_ranks(
    rng: np.random.Generator, config: WipeConfig, board: np.ndarray, cast: np.ndarray
) -> np.ndarray:
    """Trigger-order ranks (T, S + E) of the slots' cards, ``board`` (T, S) then ``cast``
    (T, E): lower goes on the stack first among a player's triggers (603.3b). ``random``: a
    uniform permutation; ``listed``: board order (-1, the engine's default); ``fixed``: by
    position of the card in the file's list, then board order."""
    t, width = board.shape[0], board.shape[1] + cast.shape[1]
    if config.trigger_order == "random":
        return permutations(rng, t, width)
    if config.trigger_order == "listed":
        return np.full((t, width), -1, dtype=np.int32)
    return fixed_order_keys(np.concatenate([board, cast], axis=1), config.fixed_order, tb.N)


def ping_targets(
    rng: np.random.Generator,
    config: WipeConfig,
    seats: tuple[np.ndarray, np.ndarray],
    n_players: np.ndarray,
) -> np.ndarray:
    """(T, S + E) the seat each enters-the-battlefield "any target" trigger hits: -1 for the
    next player (the engine's default), another seat at random, or any seat at random.
    ``seats``: the controllers (T, S) and the casters (T, E)."""
    if config.targets not in ("random", "any"):
        return np.full((len(n_players), sum(a.shape[1] for a in seats)), -1, dtype=np.int8)
    seat = np.concatenate(seats, axis=1)
    n = n_players[:, None]
    if config.targets == "random":
        return other_seat(rng, seat, n)
    anyone: np.ndarray = (uniforms(rng, seat.shape) * n).astype(np.int8)
    return anyone


def _stack(columns: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    return {key: np.stack([c[key] for c in columns], axis=1) for key in columns[0]}


def draw_wipe_batch(rng: np.random.Generator, trials: int, config: WipeConfig) -> WipeInputs:
    """Draw ``trials`` independent trials of one sweep point."""
    n_players, active = draw_seats(rng, config.players, trials)
    life = config.players.life.draw(rng, (trials, config.max_players), np.int16)
    board = join_groups([_slot_group(rng, g, n_players, active) for g in config.slots])
    events = _stack([_event(rng, ev, n_players, active, config.n_slots) for ev in config.events])
    rank = trigger_ranks(rng, config, board["card"], events["ev_card"])
    ping = ping_targets(rng, config, (board["controller"], events["ev_by"]), n_players)
    combat = draw_attacks(rng, config, board, events, active, n_players)
    counters = _other_counters(rng, config, board["card"])
    timeline = draw_timeline(rng, config, board, events, active, n_players)
    taps = any(EV_TAP_MANA in ev.kinds for ev in config.events)
    since, granted = board.pop("since_turn_start"), board.pop("granted")
    return WipeInputs(
        n_players=n_players,
        active=active,
        life=life,
        rank=rank,
        ping_target=ping,
        **board,
        **events,
        ev_attack=combat["ev_attack"],
        ev_block=combat["ev_block"],
        ev_block_order=combat["ev_block_order"],
        since_turn_start=None if all(g.since_turn_start >= 1 for g in config.slots) else since,
        granted=granted if any(g.keywords for g in config.slots) else None,
        counters=counters,
        attached_to=attach_auras(rng, board["card"]) if taps else None,
        counter_policy=config.counter_policy(n_players, active),
        **timeline,
    )


def _other_counters(
    rng: np.random.Generator, config: WipeConfig, card: np.ndarray
) -> np.ndarray | None:
    """(T, S, K) int16 counters of OTHER_COUNTERS (luck, charge...) by slot group (a file
    draws at most MAX_COUNT of a kind: the engines count them in 64 bits once they play), or
    None when no group has any."""
    if not any(g.counters for g in config.slots):
        return None
    out = np.zeros((*card.shape, len(OTHER_COUNTERS)), dtype=np.int16)
    start = 0
    for group in config.slots:
        for kind, count in group.counters:
            out[:, start : start + group.count, kind] = count.draw(
                rng, (len(card), group.count), np.int16
            )
        start += group.count
    out *= (card >= 0)[:, :, None]  # an empty slot holds nothing
    return out


def draw_attacks(
    rng: np.random.Generator,
    config: WipeConfig,
    board: dict[str, np.ndarray],
    events: dict[str, np.ndarray],
    active: np.ndarray,
    n_players: np.ndarray,
) -> dict[str, np.ndarray | None]:
    """The attackers and blockers of every attack event (T, E, S), or None without attacks.

    The active player's creatures attack, in a random listed order, each on the event's
    ``attack`` chance; the next player's creatures each block a random attacker on its
    ``block`` chance; every other permanent is declared anyway on its ``illegal`` chance,
    for the engines to reject alike (506-509)."""
    if not any(EV_ATTACK in ev.kinds for ev in config.events):
        return {"ev_attack": None, "ev_block": None, "ev_block_order": None}
    card, controller = board["card"], board["controller"]
    (t, s), e = card.shape, len(config.events)
    attacking = events["ev_kind"] == EV_ATTACK
    creature = tb.IS_CREATURE[np.maximum(card, 0)] & (card >= 0)

    def chances(name: str) -> np.ndarray:
        return np.array([getattr(ev.combat, name) for ev in config.events])[None, :, None]

    order = permutations(rng, t * e, s).reshape(t, e, s).astype(np.int16)
    mine = (creature & (controller == active[:, None]))[:, None, :]
    defends = (creature & (controller == ((active + 1) % n_players)[:, None]))[:, None, :]
    illegal = chances("illegal")
    u = rng.random((t, e, s))
    is_attacker = np.where(mine, u < chances("attack"), u < illegal) & attacking[:, :, None]
    pick = rng.integers(0, s, size=(t, e, s)).astype(np.int16)
    u = rng.random((t, e, s))
    blocks = np.where(defends, u < chances("block"), u < illegal)
    blocks &= ~is_attacker & attacking[:, :, None]
    picked_attacks = np.take_along_axis(is_attacker, pick.astype(np.intp), axis=2)
    block = np.where(blocks & picked_attacks, pick, -1).astype(np.int16)
    return {
        "ev_attack": np.where(is_attacker, order, -1).astype(np.int16),
        "ev_block": block,
        "ev_block_order": np.where(block >= 0, order[:, :, ::-1], -1).astype(np.int16),
    }
