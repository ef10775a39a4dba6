"""Draw a whole batch of mana-shape trials from an experiment's distributions.

All randomness is drawn here from the batch's generator, before the engine runs: players,
each slot group in file order (cards, empty, controller, owner, flags, damage, counters), the
Auras' lands, the tap order, the number of activations, the type named at each activation,
each activation's replacement order, Springleaf Drum's creature, and the X spell's caster and
X. An X of "the most the pool pays" is not drawn: the runner computes it from the taps.
"""

from __future__ import annotations

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_state import ACT_CAST, ACT_NONE, ACT_TAP, ORDER_LEN, ManaInputs
from sim.config.dists import bernoulli, categorical, permutations
from sim.config.players import absolute_seat, draw_seats, other_seat
from sim.shapes.mana.config import ManaConfig, ManaSlotGroup

_LAST = np.int32(1 << 20)  # a sort key after every slot


def _slot_group(
    rng: np.random.Generator, g: ManaSlotGroup, n_players: np.ndarray, active: np.ndarray
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
    counters = np.zeros((t, k, mt.K), dtype=np.int16)
    out = {
        "card": card,
        "controller": controller,
        "owner": owner,
        "token": bernoulli(rng, g.token, (t, k)) & filled,
        "tapped": bernoulli(rng, g.tapped, (t, k)) & filled,
        "since_turn_start": bernoulli(rng, g.since_turn_start, (t, k)) | ~filled,
        "haste": bernoulli(rng, g.haste, (t, k)) & filled,
        "not_creature": bernoulli(rng, g.not_creature, (t, k)) & filled,
        "damage": g.damage.draw(rng, (t, k), np.int16) * filled,
        "counters": counters,
    }
    for kind, dist in g.counters:
        counters[..., kind] = dist.draw(rng, (t, k), np.int16) * filled
    return out


def _attach(rng: np.random.Generator, card: np.ndarray) -> np.ndarray:
    """Each Aura ("Enchant land", Wild Growth) on a random land of the battlefield, -1 if none."""
    c = np.maximum(card, 0)
    held = card >= 0
    aura = held & mt.IS_AURA[c]
    if not aura.any():
        return np.full(card.shape, -1, dtype=np.int8)
    land_key = np.where(held & mt.IS_LAND[c], rng.random(card.shape, dtype=np.float32), -1.0)
    target = land_key.argmax(1)
    has_land = land_key.max(1) >= 0
    return np.where(aura & has_land[:, None], target[:, None], -1).astype(np.int8)


def _order_keys(
    rng: np.random.Generator, policy: str, cards: tuple[int, ...], card: np.ndarray
) -> np.ndarray:
    """(T, S) int32 sort keys of the board slots under an order policy: ``random`` a uniform
    permutation, ``listed`` board order, ``fixed`` listed cards first (in the list's order),
    then board order."""
    t, s = card.shape
    if policy == "random":
        return permutations(rng, t, s)
    slots = np.broadcast_to(np.arange(s, dtype=np.int32), (t, s))
    if policy == "listed":
        return slots.copy()
    position = np.full(mt.N, len(cards), dtype=np.int32)
    position[list(cards)] = np.arange(len(cards), dtype=np.int32)
    keys: np.ndarray = position[np.maximum(card, 0)] * s + slots
    return keys.astype(np.int32)


def _replacement_orders(
    rng: np.random.Generator, config: ManaConfig, card: np.ndarray, taps: int
) -> np.ndarray:
    """(T, A, ORDER_LEN) the replacement effects each activation applies first (616.1): the
    board's "tapped for mana" replacers in the policy's order (at most ORDER_LEN listed; the
    engine applies any others after them, in board order)."""
    t, s = card.shape
    order = np.full((t, taps, ORDER_LEN), -1, dtype=np.int8)
    c = np.maximum(card, 0)
    replacer = (card >= 0) & ((mt.REP_KIND[c] > 0) | (mt.EFFECT_PRODUCE[c] >= 0))
    policy = config.taps.replacement_order
    if policy == "listed" or not replacer.any() or taps == 0:
        return order
    width = min(ORDER_LEN, s)
    if policy == "fixed":
        listed = replacer & np.isin(card, config.taps.replacement_cards)
        keys = np.where(
            listed, _order_keys(rng, "fixed", config.taps.replacement_cards, card), _LAST
        )
        perm = np.argsort(keys, axis=1, kind="stable")[:, :width]
        chosen = np.take_along_axis(keys, perm, axis=1) < _LAST
        order[:, :, :width] = np.where(chosen, perm, -1)[:, None, :]
        return order
    keys3 = np.where(replacer[:, None, :], rng.random((t, taps, s), dtype=np.float32), 2.0)
    perm3 = np.argsort(keys3, axis=2)[:, :, :width]
    chosen3 = np.take_along_axis(keys3, perm3, axis=2) < 2.0
    order[:, :, :width] = np.where(chosen3, perm3, -1)
    return order


def draw_mana_batch(rng: np.random.Generator, trials: int, config: ManaConfig) -> ManaInputs:
    """Draw ``trials`` independent trials of one sweep point. The X spell, if any, is the last
    action; with ``x = "max"`` its X is left at 0 for the runner to fill in."""
    t = trials
    n_players, active = draw_seats(rng, config.players, t)
    life = config.players.life.draw(rng, (t, config.max_players), np.int16)
    parts = [_slot_group(rng, g, n_players, active) for g in config.slots]
    board = {key: np.concatenate([p[key] for p in parts], axis=1) for key in parts[0]}
    card = board["card"]
    s = card.shape[1]
    board["attached"] = _attach(rng, card)
    c = np.maximum(card, 0)
    held = card >= 0
    creature = held & mt.IS_CREATURE[c] & ~board["not_creature"]
    source = held & (mt.N_AB[c] > 0)
    if config.grants_mana:
        source |= creature
    if config.taps.whose == "active":
        source &= board["controller"] == active[:, None]
    keys = np.where(
        source, _order_keys(rng, config.taps.order, config.taps.order_cards, card), _LAST
    )
    order = np.argsort(keys, axis=1, kind="stable").astype(np.int8)
    n_act = source.sum(1)
    if config.taps.count is not None:
        n_act = np.minimum(n_act, config.taps.count.draw(rng, (t,), np.int16))
    x = config.x_spell
    a = s + (1 if x is not None else 0)
    live = np.arange(s)[None, :] < n_act[:, None]
    act_kind = np.full((t, a), ACT_NONE, dtype=np.int8)
    act_kind[:, :s][live] = ACT_TAP
    act_slot = np.full((t, a), -1, dtype=np.int8)
    act_slot[:, :s] = np.where(live, order, -1)
    color = categorical(rng, config.taps.color, (t, a)) - 1  # "none" -> -1, then WUBRGC
    act_color = np.where(act_kind == ACT_TAP, color, -1).astype(np.int8)
    act_order = np.full((t, a, ORDER_LEN), -1, dtype=np.int8)
    act_order[:, :s] = _replacement_orders(rng, config, card, s)
    act_order[act_kind != ACT_TAP] = -1
    act_tap_creature = np.full((t, a), -1, dtype=np.int8)
    if config.taps.tap_creature == "random" and mt.HAS_TAP_CREATURE[c].any():
        tapper = np.take_along_axis(board["controller"], np.maximum(act_slot[:, :s], 0), axis=1)
        mine = creature[:, None, :] & (board["controller"][:, None, :] == tapper[:, :, None])
        pick = np.where(mine, rng.random((t, s, s), dtype=np.float32), -1.0)
        named = (pick.max(2) >= 0) & live
        act_tap_creature[:, :s] = np.where(named, pick.argmax(2), -1)
    act_card = np.full((t, a), -1, dtype=np.int16)
    act_by = np.broadcast_to(active[:, None], (t, a)).astype(np.int8)
    act_x = np.zeros((t, a), dtype=np.int16)
    if x is not None:
        act_kind[:, -1] = ACT_CAST
        act_card[:, -1] = x.card
        act_by[:, -1] = absolute_seat(x.caster.draw(rng, n_players, 1)[:, 0], active, n_players)
        if x.x is not None:
            act_x[:, -1] = x.x.draw(rng, (t,), np.int16)
    return ManaInputs(
        n_players=n_players,
        active=active,
        life=life,
        **board,
        act_kind=act_kind,
        act_slot=act_slot,
        act_card=act_card,
        act_by=act_by,
        act_x=act_x,
        act_color=act_color,
        act_tap_creature=act_tap_creature,
        act_order=act_order,
    )
