"""Draw a whole batch of wipe-shape trials from an experiment's distributions.

All randomness of a trial (board, wipes, X, caster, trigger order, targets) is drawn here from
the batch's generator, before the engine runs (SPEC section 2). The draw sites run in one fixed
order: players, each slot group in file order (cards, empty, controller, owner, counters,
damage, flags, grants), each event (card, X, caster), then the trigger-order ranks and targets.
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_state import EV_CAST, WipeInputs
from sim.config.dists import bernoulli, categorical, permutations
from sim.config.players import absolute_seat, draw_seats, other_seat
from sim.shapes.wipe.config import Event, SlotGroup, WipeConfig


def _slot_group(
    rng: np.random.Generator, g: SlotGroup, n_players: np.ndarray, active: np.ndarray
) -> dict[str, np.ndarray]:
    t, k = len(n_players), g.count
    pool = np.array(g.cards, dtype=np.int16)
    card = pool[categorical(rng, g.weights, (t, k))] if len(pool) > 1 else np.full((t, k), pool[0])
    filled = ~bernoulli(rng, g.empty, (t, k))
    card = np.where(filled, card, np.int16(-1)).astype(np.int16)
    n = n_players[:, None]
    controller = absolute_seat(g.controller.draw(rng, n_players, k), active[:, None], n)
    foreign = bernoulli(rng, g.foreign_owner, (t, k))
    owner = controller.copy()
    if foreign.any():
        owner = np.where(foreign, other_seat(rng, controller, n), controller).astype(np.int8)
    plus = g.plus.draw(rng, (t, k), np.int16)
    minus = g.minus.draw(rng, (t, k), np.int16)
    damage = g.damage.draw(rng, (t, k), np.int16)
    token = bernoulli(rng, g.token, (t, k))
    tapped = bernoulli(rng, g.tapped, (t, k))
    not_creature = bernoulli(rng, g.not_creature, (t, k))
    persist = g.persist.draw(rng, (t, k), np.int8)
    undying = g.undying.draw(rng, (t, k), np.int8)
    c = np.maximum(card, 0)
    if g.legal_start and (g.minus.high > 0 or g.damage.high > 0):
        # A board from a game in progress has no creature already dead on it (704.5f/g).
        toughness = tb.BASE_T[c] + plus - minus
        creature = tb.IS_CREATURE[c] & ~not_creature
        doomed = creature & ((toughness <= 0) | (damage >= toughness))
        minus[doomed] = 0
        damage[doomed] = 0
    if g.empty > 0:
        empty = ~filled
        for arr in (plus, minus, damage, persist, undying):
            arr[empty] = 0
        for flags in (token, tapped, not_creature):
            flags[empty] = False
    return {
        "card": card,
        "controller": controller,
        "owner": owner,
        "token": token,
        "plus": plus,
        "minus": minus,
        "damage": damage,
        "tapped": tapped,
        "persist_extra": persist,
        "undying_extra": undying,
        "not_creature": not_creature,
    }


def _event(
    rng: np.random.Generator, ev: Event, n_players: np.ndarray, active: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    t = len(n_players)
    pool = np.array(ev.cards, dtype=np.int16)
    card = pool[categorical(rng, ev.weights, (t,))] if len(pool) > 1 else np.full(t, pool[0])
    x = ev.x.draw(rng, (t,), np.int16)
    by = absolute_seat(ev.caster.draw(rng, n_players, 1)[:, 0], active, n_players)
    return card.astype(np.int16), x, by


def _ranks(rng: np.random.Generator, config: WipeConfig, cards: np.ndarray) -> np.ndarray:
    """Trigger-order ranks (T, S + E): lower goes on the stack first among a player's triggers
    (603.3b). ``random``: a uniform permutation; ``listed``: board order (-1, the engine's
    default); ``fixed``: by position of the card in the file's list, then board order."""
    t, width = cards.shape
    if config.trigger_order == "random":
        return permutations(rng, t, width)
    if config.trigger_order == "listed":
        return np.full((t, width), -1, dtype=np.int32)
    position = np.full(tb.N, len(config.fixed_order), dtype=np.int32)
    position[list(config.fixed_order)] = np.arange(len(config.fixed_order), dtype=np.int32)
    fixed: np.ndarray = position[np.maximum(cards, 0)] * width + np.arange(width, dtype=np.int32)
    return fixed.astype(np.int32)


def draw_wipe_batch(rng: np.random.Generator, trials: int, config: WipeConfig) -> WipeInputs:
    """Draw ``trials`` independent trials of one sweep point."""
    t = trials
    n_players, active = draw_seats(rng, config.players, t)
    p_max = config.max_players
    life = config.players.life.draw(rng, (t, p_max), np.int16)
    parts = [_slot_group(rng, g, n_players, active) for g in config.slots]
    board = {key: np.concatenate([p[key] for p in parts], axis=1) for key in parts[0]}
    events = [_event(rng, ev, n_players, active) for ev in config.events]
    ev_card = np.stack([e[0] for e in events], axis=1)
    ev_x = np.stack([e[1] for e in events], axis=1)
    ev_by = np.stack([e[2] for e in events], axis=1)
    e = len(events)
    rank = _ranks(rng, config, np.concatenate([board["card"], ev_card], axis=1))
    if config.targets == "random":
        seat = np.concatenate([board["controller"], ev_by], axis=1)
        ping = other_seat(rng, seat, n_players[:, None])
    else:
        ping = np.full(rank.shape, -1, dtype=np.int8)
    zeros16 = np.zeros((t, e), dtype=np.int16)
    return WipeInputs(
        n_players=n_players,
        active=active,
        life=life,
        rank=rank,
        ping_target=ping,
        ev_kind=np.full((t, e), EV_CAST, dtype=np.int8),
        ev_card=ev_card,
        ev_by=ev_by,
        ev_x=ev_x,
        ev_target=zeros16,
        ev_amount=zeros16.copy(),
        ev_counter=np.zeros((t, e), dtype=np.int8),
        ev_mode=np.tile(np.array([ev.modes for ev in config.events], dtype=np.int8), (t, 1)),
        **board,
    )
