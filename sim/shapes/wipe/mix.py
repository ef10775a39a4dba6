"""Draw whole batches of shape-1 trials (boards, wipes and choices) from one generator.

All randomness of a trial is drawn here, before any engine runs, so the reference and the
batch engine are fed the very same inputs (SPEC section 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_state import (
    EV_ATTACK,
    EV_BOUNCE,
    EV_CAST,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DAMAGE_ALL,
    EV_DAMAGE_PLAYER,
    EV_DESTROY,
    EV_EXILE,
    EV_PASS_TURN,
    EV_SACRIFICE,
    WipeInputs,
)


def card_indices(names: Sequence[str]) -> np.ndarray:
    return np.array([tb.INDEX[n.lower()] for n in names], dtype=np.int16)


@dataclass(frozen=True)
class WipeMix:
    """Distributions of a shape-1 batch; every probability is per slot or per event."""

    players: tuple[int, ...] = (2,)  # player counts to draw from, uniformly
    slots: int = 12
    board: tuple[str, ...] = ("Kitchen Finks", "Safehold Elite", "Grizzly Bears")
    board_weights: tuple[float, ...] | None = None
    empty: float = 0.0  # chance a board slot is empty
    plus_counter: float = 0.0  # chance of one +1/+1 counter (two with half that chance)
    minus_counter: float = 0.0  # chance of one -1/-1 counter
    token: float = 0.0
    extra_persist: float = 0.0  # chance of a granted persist instance
    extra_undying: float = 0.0
    not_creature: float = 0.0
    damage: float = 0.0  # chance of 1 damage marked
    foreign_owner: float = 0.0  # chance the owner is another player
    wipes: tuple[str, ...] = ("Wrath of God",)
    wipe_weights: tuple[float, ...] | None = None
    x: tuple[int, ...] = (1, 2)  # X values for X spells, uniformly
    events: int = 1
    other_events: float = 0.0  # chance an event is a targeted or other non-wipe event
    life: int = 20
    random_order: bool = True  # the random trigger-order policy (else listed)
    random_targets: bool = False
    modes: tuple[int, ...] = field(default=(2,))  # modal spells' mode bit sets
    legal_start: bool = True  # drop counters and damage that would kill a creature at once
    sick: float = 0.0  # chance a permanent came under its controller's control this turn
    keyword: float = 0.0  # chance of one granted combat keyword (flying, trample, ...)
    combat: float = 0.0  # chance an event is an attack with random attackers and blockers


def draw_wipes(rng: np.random.Generator, trials: int, mix: WipeMix) -> WipeInputs:
    """Draw ``trials`` independent shape-1 trials."""
    t, s, e = trials, mix.slots, mix.events
    n_players = rng.choice(np.array(mix.players, dtype=np.int8), size=t)
    p_max = int(max(mix.players))
    active = (rng.random(t) * n_players).astype(np.int8)
    pool = card_indices(mix.board)
    weights = _normalized(mix.board_weights, len(pool))
    card = pool[rng.choice(len(pool), size=(t, s), p=weights)]
    card[rng.random((t, s)) < mix.empty] = -1
    controller = (rng.random((t, s)) * n_players[:, None]).astype(np.int8)
    owner = controller.copy()
    foreign = rng.random((t, s)) < mix.foreign_owner
    shift = 1 + (rng.random((t, s)) * (n_players[:, None] - 1)).astype(np.int8)
    owner[foreign] = ((controller + shift) % n_players[:, None])[foreign]
    u = rng.random((t, s))
    plus = (u < mix.plus_counter).astype(np.int16) + (u < mix.plus_counter / 2)
    minus = (rng.random((t, s)) < mix.minus_counter).astype(np.int16)
    wipe_pool = card_indices(mix.wipes)
    ev_card = wipe_pool[
        rng.choice(len(wipe_pool), size=(t, e), p=_normalized(mix.wipe_weights, len(wipe_pool)))
    ]
    ev_kind = np.full((t, e), EV_CAST, dtype=np.int8)
    other = rng.random((t, e)) < mix.other_events
    kinds = np.array(
        [EV_DESTROY, EV_SACRIFICE, EV_EXILE, EV_BOUNCE, EV_DAMAGE, EV_DAMAGE_PLAYER,
         EV_DAMAGE_ALL, EV_COUNTERS, EV_PASS_TURN], dtype=np.int8)  # fmt: skip
    ev_kind[other] = kinds[rng.integers(0, len(kinds), size=(t, e))][other]
    ev_card[other] = -1
    ev_target = rng.integers(0, s, size=(t, e)).astype(np.int16)
    players_hit = (rng.random((t, e)) * n_players[:, None]).astype(np.int16)
    ev_target[ev_kind == EV_DAMAGE_PLAYER] = players_hit[ev_kind == EV_DAMAGE_PLAYER]
    rank = np.full((t, s + e), -1, dtype=np.int32)
    if mix.random_order:
        rank = rng.permuted(np.tile(np.arange(s + e, dtype=np.int32), (t, 1)), axis=1)
    ping = np.full((t, s + e), -1, dtype=np.int8)
    if mix.random_targets:
        ping = (rng.random((t, s + e)) * n_players[:, None]).astype(np.int8)
    damage = (rng.random((t, s)) < mix.damage).astype(np.int16)
    # Combat parts are drawn only when asked for, so other mixes keep their random streams.
    keywords = since = None
    if mix.keyword > 0:
        bits = np.array(list(tb.KEYWORD_BITS.values()), dtype=np.uint8)
        granted = rng.random((t, s)) < mix.keyword
        keywords = (bits[rng.integers(0, len(bits), size=(t, s))] * granted).astype(np.uint8)
    if mix.sick > 0:
        since = rng.random((t, s)) >= mix.sick
    attack = block = block_order = None
    if mix.combat > 0:
        creature = tb.IS_CREATURE[np.maximum(card, 0)] & (card >= 0)
        attack, block, block_order = _combat(
            rng, mix.combat, ev_kind, controller, creature, active, n_players
        )
    if mix.legal_start:
        # A board from a game in progress has no creature already dead on it (704.5f/g).
        c = np.maximum(card, 0)
        toughness = tb.BASE_T[c] + plus - minus
        doomed = tb.IS_CREATURE[c] & (card >= 0) & ((toughness <= 0) | (damage >= toughness))
        minus[doomed] = 0
        damage[doomed] = 0
    return WipeInputs(
        n_players=n_players,
        active=active,
        life=np.full((t, p_max), mix.life, dtype=np.int16),
        card=card,
        controller=controller,
        owner=owner,
        token=rng.random((t, s)) < mix.token,
        plus=plus,
        minus=minus,
        damage=damage,
        tapped=rng.random((t, s)) < 0.2,
        persist_extra=(rng.random((t, s)) < mix.extra_persist).astype(np.int8),
        undying_extra=(rng.random((t, s)) < mix.extra_undying).astype(np.int8),
        not_creature=rng.random((t, s)) < mix.not_creature,
        rank=rank,
        ping_target=ping,
        ev_kind=ev_kind,
        ev_card=ev_card,
        ev_by=(rng.random((t, e)) * n_players[:, None]).astype(np.int8),
        ev_x=rng.choice(np.array(mix.x, dtype=np.int16), size=(t, e)),
        ev_target=ev_target,
        ev_amount=rng.integers(0, 4, size=(t, e)).astype(np.int16),
        ev_counter=rng.integers(0, 2, size=(t, e)).astype(np.int8),
        ev_mode=rng.choice(np.array(mix.modes, dtype=np.int8), size=(t, e)),
        since_turn_start=since,
        keywords=keywords,
        ev_attack=attack,
        ev_block=block,
        ev_block_order=block_order,
    )


def _combat(
    rng: np.random.Generator,
    chance: float,
    ev_kind: np.ndarray,
    controller: np.ndarray,
    creature: np.ndarray,
    active: np.ndarray,
    n_players: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Attack events: the active player's creature cards attack with chance 3/4, anything else
    with 1/20 (in a random listed order); the defending player's creature cards block a random
    attacker with chance 1/2, anything else with 1/20 (in a random table order). Illegal
    choices are kept on purpose: the engines must reject them alike."""
    t, e = ev_kind.shape
    s = controller.shape[1]
    attacking = rng.random((t, e)) < chance
    ev_kind[attacking] = EV_ATTACK
    order = rng.permuted(np.tile(np.arange(s, dtype=np.int16), (t, e, 1)), axis=2)
    mine = (creature & (controller == active[:, None]))[:, None, :]
    defends = (creature & (controller == ((active + 1) % n_players)[:, None]))[:, None, :]
    u = rng.random((t, e, s))
    is_attacker = np.where(mine, u < 0.75, u < 0.05) & attacking[:, :, None]
    attack = np.where(is_attacker, order, -1).astype(np.int16)
    pick = rng.integers(0, s, size=(t, e, s)).astype(np.int16)
    u = rng.random((t, e, s))
    blocks = np.where(defends, u < 0.5, u < 0.05) & ~is_attacker & attacking[:, :, None]
    picked_attacks = np.take_along_axis(is_attacker, pick.astype(np.intp), axis=2)
    block = np.where(blocks & picked_attacks, pick, -1).astype(np.int16)
    block_order = np.where(block >= 0, order[:, :, ::-1], -1).astype(np.int16)
    return attack, block, block_order


def _normalized(weights: Sequence[float] | None, n: int) -> np.ndarray:
    w = np.ones(n) if weights is None else np.asarray(weights, dtype=float)
    normalized: np.ndarray = w / w.sum()
    return normalized
