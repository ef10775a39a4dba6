"""Draw a whole batch of mana-shape trials from an experiment's distributions.

All randomness is drawn here from the batch's generator, before the engine runs: players,
each slot group in file order (cards, empty, controller, owner, flags, damage, counters), the
Auras' lands, the tap order, the number of activations, the type named at each activation,
each activation's replacement order, Springleaf Drum's creature, and the X spell's caster and
X. An X of "the most the pool pays" is not drawn: the runner computes it from the taps.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_state import (
    ACT_ACTIVATE,
    ACT_CAST,
    ACT_NONE,
    ACT_PASS,
    ACT_TAP,
    ORDER_LEN,
    ManaInputs,
)
from sim.config import slot_sites as site
from sim.config.dists import bernoulli, categorical, permutations, uniform_pick, uniforms
from sim.config.players import draw_seats, join_groups
from sim.shapes.mana.config import ManaConfig, ManaSlotGroup
from sim.shapes.mana_choices import LAST, attach_auras, replacement_orders
from sim.shapes.orders import fixed_order_keys


def _slot_group(
    rng: np.random.Generator,
    group: ManaSlotGroup,
    n_players: np.ndarray,
    active: np.ndarray,
    fused: bool = True,
) -> dict[str, np.ndarray]:
    """The group's columns (T, S): drawn in one compiled pass where ``slot_sites`` can draw
    every site (unless ``fused`` is False), else site by site; an empty slot holds nothing."""
    drawn = site.group_columns(
        rng, group, _sites(group) if fused else None,
        lambda: _site_by_site(rng, group, n_players, active), n_players, active,
    )  # fmt: skip
    filled = ~drawn["empty"]
    counters = np.zeros((*filled.shape, mt.K), dtype=np.int16)
    for kind, _ in group.counters:
        counters[..., kind] = drawn[f"counters{kind}"] * filled
    return {
        "card": np.where(filled, drawn["card"], np.int16(-1)).astype(np.int16),
        "controller": drawn["controller"],
        "owner": drawn["owner"],
        "token": drawn["token"] & filled,
        "tapped": drawn["tapped"] & filled,
        "since_turn_start": drawn["since_turn_start"] | ~filled,
        "granted_haste": drawn["granted_haste"] & filled,
        "not_creature": drawn["not_creature"] & filled,
        "damage": drawn["damage"] * filled,
        "counters": counters,
    }


def _sites(group: ManaSlotGroup) -> list[site.Named] | None:
    """The group's sites in ``_site_by_site``'s order, for ``slot_sites.fused_columns``; None
    with one it does not make (a foreign owner, seats drawn by weight)."""
    placed = site.placed_sites(group)
    if placed is None:
        return None
    return [
        *placed,
        ("token", np.bool_, site.bernoulli(group.token)),
        ("tapped", np.bool_, site.bernoulli(group.tapped)),
        ("since_turn_start", np.bool_, site.bernoulli(group.since_turn_start)),
        ("granted_haste", np.bool_, site.bernoulli(group.haste)),
        ("not_creature", np.bool_, site.bernoulli(group.not_creature)),
        ("damage", np.int16, site.discrete(group.damage)),
        *((f"counters{kind}", np.int16, site.discrete(dist)) for kind, dist in group.counters),
    ]


def _site_by_site(
    rng: np.random.Generator, group: ManaSlotGroup, n_players: np.ndarray, active: np.ndarray
) -> dict[str, np.ndarray]:
    """The group's columns, each site's draws over the whole batch (``_sites``' order and
    names, the owners among the first)."""
    drawn = site.placed_by_site(rng, group, n_players, active)
    shape = drawn["card"].shape
    drawn["token"] = bernoulli(rng, group.token, shape)
    drawn["tapped"] = bernoulli(rng, group.tapped, shape)
    drawn["since_turn_start"] = bernoulli(rng, group.since_turn_start, shape)
    drawn["granted_haste"] = bernoulli(rng, group.haste, shape)
    drawn["not_creature"] = bernoulli(rng, group.not_creature, shape)
    drawn["damage"] = group.damage.draw(rng, shape, np.int16)
    for kind, dist in group.counters:
        drawn[f"counters{kind}"] = dist.draw(rng, shape, np.int16)
    return drawn


def _order_keys(
    rng: np.random.Generator, policy: str, cards: tuple[int, ...], card: np.ndarray
) -> np.ndarray:
    """(T, S) int32 sort keys of the board slots under an order policy: ``random`` a uniform
    permutation, ``listed`` board order, ``fixed`` listed cards first (in the list's order),
    then board order."""
    t, s = card.shape
    if policy == "random":
        return permutations(rng, t, s)
    if policy == "listed":
        return np.broadcast_to(np.arange(s, dtype=np.int32), (t, s)).copy()
    return fixed_order_keys(card, cards, mt.N)


def _replacement_orders(
    rng: np.random.Generator, config: ManaConfig, card: np.ndarray, kind: np.ndarray
) -> np.ndarray:
    """(T, A, ORDER_LEN) the replacement effects each activation applies first (616.1), the
    policy drawn per activation (``sim.shapes.mana_choices.replacement_orders``)."""
    taps = config.taps
    casts = kind == ACT_CAST if taps.between.cast > 0 else None
    return replacement_orders(
        rng,
        taps.replacement_order,
        taps.replacement_weights,
        taps.replacement_cards,
        card,
        casts,
        kind.shape[1],
    )


def _tap_creatures(
    rng: np.random.Generator, config: ManaConfig, board: dict[str, np.ndarray], seq: _Sequence
) -> np.ndarray:
    """(T, A) the creature each activation names for Springleaf Drum's cost, -1 for the
    first that fits: a random one of the tapper's, or any creature (to be rejected)."""
    t, taps = seq.kind.shape
    named = np.full((t, taps), -1, dtype=np.int8)
    policies = config.taps.tap_creature
    if policies == ("first",) or not mt.HAS_TAP_CREATURE[np.maximum(board["card"], 0)].any():
        return named
    controller, creature = board["controller"], seq.creature
    s = controller.shape[1]
    picks: dict[str, np.ndarray] = {"first": named}
    if "random" in policies:
        tapper = np.take_along_axis(controller, np.maximum(seq.slot, 0) % s, axis=1)
        mine = creature[:, None, :] & (controller[:, None, :] == tapper[:, :, None])
        picks["random"] = np.where(seq.live, uniform_pick(rng, mine), -1)
    if "any" in policies:
        anyone = np.broadcast_to(creature[:, None, :], (t, taps, s))
        picks["any"] = np.where(seq.live, uniform_pick(rng, anyone), -1)
    if len(policies) == 1:
        return picks[policies[0]].astype(np.int8)
    drawn = categorical(rng, config.taps.tap_creature_weights, (t, taps))
    stacked = np.stack([picks[p] for p in policies])
    chosen: np.ndarray = np.take_along_axis(stacked, drawn[None], axis=0)[0].astype(np.int8)
    return chosen


@dataclass
class _Sequence:
    """The actions before the X spell (T, A): what each does, to which slot, which card a
    cast casts and who casts it; ``live`` marks the actions a trial has."""

    kind: np.ndarray
    slot: np.ndarray
    card: np.ndarray
    by: np.ndarray
    live: np.ndarray
    creature: np.ndarray  # (T, S) the board's creatures


def _sources(config: ManaConfig, board: dict[str, np.ndarray], active: np.ndarray) -> np.ndarray:
    """(T, S) the slots the tap order runs through first."""
    card = board["card"]
    held = card >= 0
    index = np.maximum(card, 0)
    source = held & (mt.N_AB[index] > 0)
    if config.grants_mana:
        source |= held & mt.IS_CREATURE[index] & ~board["not_creature"]
    if config.taps.whose == "active":
        source &= board["controller"] == active[:, None]
    out: np.ndarray = source
    return out


def _sequence(
    rng: np.random.Generator,
    config: ManaConfig,
    board: dict[str, np.ndarray],
    n_players: np.ndarray,
    active: np.ndarray,
) -> _Sequence:
    """The tap order and how many activations (each source once; with ``wrap`` round the
    order again), then what replaces some of them (a random slot, an activation, a cast,
    a turn pass)."""
    card, taps = board["card"], config.taps
    (t, s), index = card.shape, np.maximum(card, 0)
    source = _sources(config, board, active)
    keys = np.where(source, _order_keys(rng, taps.order, taps.order_cards, card), LAST)
    order = np.argsort(keys, axis=1, kind="stable").astype(np.int8)
    n_act = source.sum(1)
    if taps.count is not None:
        drawn = taps.count.draw(rng, (t,), np.int16)
        n_act = drawn if taps.wrap else np.minimum(n_act, drawn)
    width = max(s, taps.count.high) if taps.wrap and taps.count is not None else s
    live = np.arange(width)[None, :] < n_act[:, None]
    slot = np.where(live, order[:, np.arange(width) % s], -1).astype(np.int8)
    if taps.retap > 0:
        anywhere = (uniforms(rng, (t, width)) * s).astype(np.int8)
        slot = np.where(bernoulli(rng, taps.retap, (t, width)) & live, anywhere, slot)
    seq = _Sequence(
        kind=np.where(live, ACT_TAP, ACT_NONE).astype(np.int8),
        slot=slot.astype(np.int8),
        card=np.full((t, width), -1, dtype=np.int16),
        by=np.broadcast_to(active[:, None], (t, width)).astype(np.int8),
        live=live,
        creature=(card >= 0) & mt.IS_CREATURE[index] & ~board["not_creature"],
    )
    if taps.between.any:
        _between(rng, config, board, seq, n_players, active)
    return seq


def _between(
    rng: np.random.Generator,
    config: ManaConfig,
    board: dict[str, np.ndarray],
    seq: _Sequence,
    n_players: np.ndarray,
    active: np.ndarray,
) -> None:
    """Turn some activations into something else, in place: activating a permanent's other
    ability (Deep Water), casting a spell, passing the turn."""
    between, card = config.taps.between, board["card"]
    (t, width), s = seq.kind.shape, card.shape[1]
    u = uniforms(rng, (t, width))
    activatable = (card >= 0) & (mt.EFFECT_PRODUCE[np.maximum(card, 0)] >= 0)
    activate = seq.live & (u < between.activate) & activatable.any(1)[:, None]
    if activate.any():
        picked = uniform_pick(rng, np.broadcast_to(activatable[:, None, :], (t, width, s)))
        seq.kind[activate], seq.slot[activate] = ACT_ACTIVATE, picked[activate]
    cast = seq.live & ~activate & (u >= between.activate)
    cast &= u < between.activate + between.cast
    if between.spells:
        spells = np.array(between.spells, dtype=np.int16)
        picked = spells[categorical(rng, between.spell_weights, (t, width))]
        by = between.caster.draw(rng, n_players, active, width)
        seq.kind[cast], seq.slot[cast], seq.card[cast] = ACT_CAST, -1, picked[cast]
        seq.by[cast] = by[cast]
    passing = seq.live & ~activate & ~cast & bernoulli(rng, between.pass_turn, (t, width))
    seq.kind[passing], seq.slot[passing] = ACT_PASS, -1


def _x_spell(
    rng: np.random.Generator,
    config: ManaConfig,
    actions: dict[str, np.ndarray],
    n_players: np.ndarray,
    active: np.ndarray,
) -> None:
    """The X spell as the last action, in place: its card, caster and X (with ``x = "max"``
    X is left at 0 for the runner to fill in)."""
    x_spell = config.x_spell
    if x_spell is None:
        return
    t = len(active)
    actions["act_kind"][:, -1] = ACT_CAST
    actions["act_by"][:, -1] = x_spell.caster.draw(rng, n_players, active, 1)[:, 0]
    if x_spell.x is not None:
        actions["act_x"][:, -1] = x_spell.x.draw(rng, (t,), np.int16)
    cards = np.array(x_spell.cards, dtype=np.int16)
    many = len(cards) > 1
    actions["act_card"][:, -1] = (
        cards[categorical(rng, x_spell.weights, (t,))] if many else cards[0]
    )


def _board(
    rng: np.random.Generator, config: ManaConfig, n_players: np.ndarray, active: np.ndarray
) -> dict[str, np.ndarray]:
    board = join_groups([_slot_group(rng, g, n_players, active) for g in config.slots])
    board["attached_to"] = attach_auras(rng, board["card"])
    return board


def draw_mana_batch(rng: np.random.Generator, trials: int, config: ManaConfig) -> ManaInputs:
    """Draw ``trials`` independent trials of one sweep point. The X spell, if any, is the last
    action; with ``x = "max"`` its X is left at 0 for the runner to fill in."""
    from sim.config.draw_steps import orders_of_taps  # see ``sim.config.dists.permutations``

    n_players, active = draw_seats(rng, config.players, trials)
    life = config.players.life.draw(rng, (trials, config.max_players), np.int16)
    board = _board(rng, config, n_players, active)
    seq = _sequence(rng, config, board, n_players, active)
    extra = 1 if config.x_spell is not None else 0

    def padded(values: np.ndarray, fill: int) -> np.ndarray:
        if not extra:
            return values
        return np.pad(values, ((0, 0), (0, extra)), constant_values=fill).astype(values.dtype)

    actions = {
        "act_kind": padded(seq.kind, ACT_NONE),
        "act_slot": padded(seq.slot, -1),
        "act_card": padded(seq.card, -1),
        "act_by": padded(seq.by, 0),
        "act_x": np.zeros((trials, seq.kind.shape[1] + extra), dtype=np.int16),
    }
    color = categorical(rng, config.taps.color, actions["act_kind"].shape) - 1  # "none": -1
    actions["act_color"] = np.where(actions["act_kind"] == ACT_TAP, color, -1).astype(np.int8)
    order = np.empty((*actions["act_kind"].shape, ORDER_LEN), dtype=np.int8)
    drawn = _replacement_orders(rng, config, board["card"], seq.kind)
    orders_of_taps(order, drawn, actions["act_kind"], ACT_TAP)  # -1 for any other action
    actions["act_order"] = order
    actions["act_tap_creature"] = padded(_tap_creatures(rng, config, board, seq), -1)
    _x_spell(rng, config, actions, n_players, active)
    return ManaInputs(n_players=n_players, active=active, life=life, **board, **actions)
