"""Draw whole batches of shape-2 trials (boards, tap sequences and choices) from one generator.

All randomness of a trial is drawn here, before any engine runs, so the reference and the
batch engine are fed the very same inputs (SPEC section 2). Decision sites: the board (cards,
controllers, tapped, since-turn-start, counters, attachments), the tap order over the board's
sources, each activation's color, replacement order and creature for Springleaf Drum, the
other actions (turn passes, Deep Water, Pale Moon) and the X spell with its X.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_state import (
    ACT_ACTIVATE,
    ACT_CAST,
    ACT_NONE,
    ACT_PASS,
    ACT_TAP,
    MAX_ACTIONS,
    MAX_SLOTS,
    ORDER_LEN,
    ManaInputs,
)


def card_indices(names: Sequence[str], modeled: np.ndarray) -> np.ndarray:
    """Card indices of library names; a name unknown, or not ``modeled`` (a mana_tables
    column: BOARD_OK or CAST_OK), is a ValueError."""
    out = []
    for name in names:
        i = mt.INDEX.get(name.lower())
        if i is None:
            raise ValueError(f"ManaMix: unknown card {name!r}")
        if not modeled[i]:
            raise ValueError(f"ManaMix: {name} is not modeled by the batch mana shape here")
        out.append(i)
    return np.array(out, dtype=np.int16)


@dataclass(frozen=True)
class ManaMix:
    """Distributions of a shape-2 batch; probabilities are per slot or per action."""

    players: tuple[int, ...] = (2,)  # player counts to draw from, uniformly
    slots: int = 10
    board: tuple[str, ...] = ("Forest", "Island", "Llanowar Elves", "Sol Ring")
    board_weights: tuple[float, ...] | None = None
    empty: float = 0.0  # chance a board slot is empty
    tapped: float = 0.1
    since_turn_start: float = 0.8  # else it came under its controller's control this turn
    haste: float = 0.0  # chance of granted haste
    not_creature: float = 0.0
    token: float = 0.0
    counters: tuple[int, ...] = (0, 1, 2, 3)  # luck, charge, mining: drawn uniformly where used
    plus_counter: float = 0.0  # chance of one +1/+1 counter (creatures)
    actions: tuple[int, int] = (4, 8)  # number of actions, uniformly in [low, high]
    color: float = 0.5  # chance an activation names a type (uniform over WUBRGC)
    random_order: float = 0.5  # chance an activation lists every replacement in random order
    tap_creature: float = 0.3  # chance an activation names a random creature for Drum's cost
    retap: float = 0.1  # chance an activation taps a random slot, not the next in tap order
    pass_turn: float = 0.0  # chance an action passes the turn
    activate: float = 0.0  # chance an action activates a Deep Water-style permanent
    spells: tuple[str, ...] = ()  # instants that may be cast (Pale Moon)
    spell: float = 0.0  # chance an action casts one of them
    x_spells: tuple[str, ...] = ()  # a last action casting one of these, if any
    x_values: tuple[int, ...] = (0, 1, 2, 3)
    life: int = 20


def _board(
    rng: np.random.Generator, t: int, mix: ManaMix, n_players: np.ndarray
) -> dict[str, np.ndarray]:
    s = mix.slots
    pool = card_indices(mix.board, mt.BOARD_OK)
    card = pool[rng.choice(len(pool), size=(t, s), p=_normalized(mix.board_weights, len(pool)))]
    card[rng.random((t, s)) < mix.empty] = -1
    c = np.maximum(card, 0)
    held = card >= 0
    counters = np.zeros((t, s, mt.K), dtype=np.int16)
    values = np.array(mix.counters, dtype=np.int16)
    for k in range(mt.K):
        uses = (mt.AB_REMOVE[c] == k).any(-1) | (mt.AB_KIND[c] == k).any(-1)
        counters[..., k] = np.where(uses & held, rng.choice(values, size=(t, s)), 0)
    plus = held & mt.IS_CREATURE[c] & (rng.random((t, s)) < mix.plus_counter)
    counters[..., mt.PLUS] += plus.astype(np.int16)
    # An Aura is attached to a random land on the battlefield (Wild Growth: "Enchant land").
    land_key = np.where(held & mt.IS_LAND[c], rng.random((t, s)), -1.0)
    target = land_key.argmax(1)
    has_land = land_key.max(1) >= 0
    attached = np.where(held & mt.IS_AURA[c] & has_land[:, None], target[:, None], -1)
    controller = (rng.random((t, s)) * n_players[:, None]).astype(np.int8)
    return {
        "card": card,
        "controller": controller,
        "owner": controller.copy(),
        "token": rng.random((t, s)) < mix.token,
        "tapped": rng.random((t, s)) < mix.tapped,
        "since_turn_start": rng.random((t, s)) < mix.since_turn_start,
        "haste": rng.random((t, s)) < mix.haste,
        "not_creature": rng.random((t, s)) < mix.not_creature,
        "attached": attached.astype(np.int8),
        "damage": np.zeros((t, s), dtype=np.int16),
        "counters": counters,
    }


def draw_manas(rng: np.random.Generator, trials: int, mix: ManaMix) -> ManaInputs:
    """Draw ``trials`` independent shape-2 trials."""
    t, s = trials, mix.slots
    low, high = mix.actions
    a = high + (1 if mix.x_spells else 0)
    if a > MAX_ACTIONS or s + 1 > MAX_SLOTS:
        raise ValueError(f"ManaMix: at most {MAX_ACTIONS} actions and {MAX_SLOTS - 1} slots")
    n_players = rng.choice(np.array(mix.players, dtype=np.int8), size=t)
    board = _board(rng, t, mix, n_players)
    card = board["card"]
    c = np.maximum(card, 0)
    held = card >= 0
    # -- the tap order: every source in random order, then the other slots
    source = held & ((mt.N_AB[c] > 0) | mt.IS_CREATURE[c])
    tap_order = np.argsort(rng.random((t, s)) + ~source, axis=1)
    n_act = rng.integers(low, high + 1, size=t)
    kind = np.full((t, a), ACT_NONE, dtype=np.int8)
    slot = np.full((t, a), -1, dtype=np.int8)
    act_card = np.full((t, a), -1, dtype=np.int16)
    order = np.full((t, a, ORDER_LEN), -1, dtype=np.int8)
    replacer = held & ((mt.REP_KIND[c] > 0) | (mt.EFFECT_PRODUCE[c] >= 0))
    activatable = held & (mt.EFFECT_PRODUCE[c] >= 0)
    spells = card_indices(mix.spells, mt.CAST_OK) if mix.spells else np.zeros(1, np.int16)
    rows = np.arange(t)
    for k in range(high):
        u = rng.random(t)
        live = k < n_act
        kind[:, k] = np.where(live, ACT_TAP, ACT_NONE)
        nxt = tap_order[rows, k % s]
        retap = rng.random(t) < mix.retap
        slot[:, k] = np.where(retap, rng.integers(0, s, size=t), nxt)
        dw_key = np.where(activatable, rng.random((t, s)), -1.0)
        dw = live & (u < mix.activate) & (dw_key.max(1) >= 0)
        kind[dw, k], slot[dw, k] = ACT_ACTIVATE, dw_key.argmax(1)[dw]
        cast = live & ~dw & (u >= mix.activate) & (u < mix.activate + mix.spell) & bool(mix.spells)
        kind[cast, k] = ACT_CAST
        act_card[:, k] = np.where(cast, spells[rng.integers(0, len(spells), size=t)], -1)
        passing = live & ~dw & ~cast & (rng.random(t) < mix.pass_turn)
        kind[passing, k] = ACT_PASS
        # a random permutation of every replacement source: board slots, spells cast before
        # (a column is an id code: board slot s, or S + a' for what action a' cast)
        codes = np.concatenate([replacer, (kind[:, :k] == ACT_CAST)], axis=1)
        keys = np.where(codes, rng.random(codes.shape), 2.0)
        perm = np.argsort(keys, axis=1)[:, :ORDER_LEN]
        listed = np.take_along_axis(keys, perm, axis=1) < 2.0
        ordered = (rng.random(t) < mix.random_order) & (kind[:, k] == ACT_TAP)
        width = min(ORDER_LEN, codes.shape[1])
        order[:, k, :width] = np.where(listed & ordered[:, None], perm, -1)[:, :width]
    if mix.x_spells:
        pool = card_indices(mix.x_spells, mt.CAST_OK)
        kind[rows, n_act] = ACT_CAST
        act_card[rows, n_act] = pool[rng.integers(0, len(pool), size=t)]
    creature_key = np.where((held & mt.IS_CREATURE[c])[:, None, :], rng.random((t, a, s)), -1.0)
    named = (rng.random((t, a)) < mix.tap_creature) & (creature_key.max(2) >= 0)
    tap_creature = np.where(named, creature_key.argmax(2), -1)
    color = np.where(rng.random((t, a)) < mix.color, rng.integers(0, 6, size=(t, a)), -1)
    return ManaInputs(
        n_players=n_players,
        active=(rng.random(t) * n_players).astype(np.int8),
        life=np.full((t, int(max(mix.players))), mix.life, dtype=np.int16),
        **board,
        act_kind=kind,
        act_slot=slot,
        act_card=act_card,
        act_by=(rng.random((t, a)) * n_players[:, None]).astype(np.int8),
        act_x=rng.choice(np.array(mix.x_values, dtype=np.int16), size=(t, a)),
        act_color=color.astype(np.int8),
        act_tap_creature=tap_creature.astype(np.int8),
        act_order=order,
    )


def _normalized(weights: Sequence[float] | None, n: int) -> np.ndarray:
    w = np.ones(n) if weights is None else np.asarray(weights, dtype=float)
    normalized: np.ndarray = w / w.sum()
    return normalized
