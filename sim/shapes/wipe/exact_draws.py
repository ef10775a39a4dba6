"""The draw sites of a wipe trial as enumerable factors, and the engine inputs of enumerated
draws: what both ``--exact`` enumerations (``exact`` naive, ``exact_reduce`` reduced) share.

Every distribution of the wipe shape is discrete, so each draw site of
``sim.shapes.wipe.draws`` is a ``Factor``: its values, each with an exact probability (the
file's decimals read back as the rationals they spell, e.g. 0.2 as 1/5: ``sim.shapes.exact``).
Enumerated draws are finished into ``WipeInputs`` exactly as ``draw_wipe_batch`` finishes
sampled ones.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_state import EV_CAST, WipeInputs
from sim.shapes.exact import (
    Factor,
    bernoulli,
    discrete,
    fractions_of,
    other,
    seat,
    uniform_seat,
)
from sim.shapes.orders import fixed_order_keys
from sim.shapes.wipe.config import Event, SlotGroup, WipeConfig
from sim.shapes.wipe.start import drop_dead_start

# The finished columns of one board slot, in this order (a slot's state in ``exact_reduce``).
SLOT_FIELDS = (
    "card", "controller", "owner", "plus", "minus", "damage", "token", "tapped",
    "not_creature", "granted_persist", "granted_undying",
)  # fmt: skip
_DTYPES = {"card": np.int16, "plus": np.int16, "minus": np.int16, "damage": np.int16}
_FLAGS = ("token", "tapped", "not_creature")


def life_factors(config: WipeConfig, seats: int) -> list[Factor]:
    """Each of the first ``seats`` seats' starting life."""
    return [discrete("life", k, config.players.life) for k in range(seats)]


def slot_factors(g: SlotGroup, n: int, column: int) -> list[Factor]:
    """The draw sites of one board slot of group ``g`` in ``column``."""
    return [
        Factor("card", column, np.array(g.cards), fractions_of(g.weights)),
        bernoulli("empty", column, g.empty),
        seat("controller", column, g.controller, n),
        other("owner", column, n, g.foreign_owner),
        discrete("plus", column, g.plus),
        discrete("minus", column, g.minus),
        discrete("damage", column, g.damage),
        bernoulli("token", column, g.token),
        bernoulli("tapped", column, g.tapped),
        bernoulli("not_creature", column, g.not_creature),
        discrete("granted_persist", column, g.persist),
        discrete("granted_undying", column, g.undying),
    ]


def event_factors(ev: Event, e: int, n: int) -> list[Factor]:
    """The draw sites of event ``e`` (a cast: its card, X and caster)."""
    return [
        Factor("ev_card", e, np.array(ev.cards), fractions_of(ev.weights)),
        discrete("ev_x", e, ev.x),
        seat("ev_by", e, ev.caster, n),
    ]


def ping_factor(config: WipeConfig, column: int, n: int) -> list[Factor]:
    """Redcap's target drawn for ``column`` (a slot, or S + an event), if the file draws it."""
    if config.targets == "random":
        return [other("ping", column, n)]
    if config.targets == "any":
        return [uniform_seat("ping", column, n)]
    return []


def draw_factors(config: WipeConfig, n: int) -> list[Factor]:
    """Every draw site of a trial with ``n`` players (``sim.shapes.wipe.draws``' order)."""
    out: list[Factor] = []
    if config.players.active is None:
        out.append(uniform_seat("active", -1, n))
    out += life_factors(config, config.max_players)
    column = 0
    for g in config.slots:
        for _ in range(g.count):
            out += slot_factors(g, n, column)
            column += 1
    for e, ev in enumerate(config.events):
        out += event_factors(ev, e, n)
    for k in range(config.n_slots + len(config.events)):
        out += ping_factor(config, k, n)
    return out


def empty_draws(config: WipeConfig, t: int) -> dict[str, np.ndarray]:
    """Arrays for ``t`` enumerated trials, every draw at its first value (zero)."""
    s, e, p = config.n_slots, len(config.events), config.max_players
    arrays: dict[str, np.ndarray] = {
        "active": np.full(t, config.players.active or 0, dtype=np.int8),
        "life": np.zeros((t, p), dtype=np.int16),
        "ev_card": np.zeros((t, e), dtype=np.int16),
        "ev_x": np.zeros((t, e), dtype=np.int16),
        "ev_by": np.zeros((t, e), dtype=np.int8),
        "rank": np.full((t, s + e), -1, dtype=np.int32),
        "ping": np.zeros((t, s + e), dtype=np.int8),
        "empty": np.zeros((t, s), dtype=np.bool_),
    }
    for key in SLOT_FIELDS:
        dtype = _DTYPES.get(key, np.bool_ if key in _FLAGS else np.int8)
        arrays[key] = np.zeros((t, s), dtype=dtype)
    return arrays


def fill(config: WipeConfig, n: int, factors: list[Factor]) -> tuple[WipeInputs, list[int], int]:
    """Every combination of ``factors`` for ``n`` players as one batch of inputs, their
    integer weights, and the denominator of the weights (the product of the factors')."""
    sizes = [len(f.values) for f in factors]
    t = math.prod(sizes)
    picks = np.unravel_index(np.arange(t), sizes) if factors else ()
    arrays = empty_draws(config, t)
    common = 1
    weights = np.ones(t, dtype=object)
    for f, pick in zip(factors, picks, strict=True):
        target = arrays[f.name]
        value = f.values[pick]
        if f.column >= 0:
            target[:, f.column] = value
        else:
            target[...] = value
        denom = math.lcm(*(pr.denominator for pr in f.probs))
        numerators = np.array([int(pr * denom) for pr in f.probs], dtype=object)
        weights = weights * numerators[pick]
        common *= denom
    return finish(config, n, arrays), [int(w) for w in weights], common


def _board(config: WipeConfig, n: int, drawn: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The enumerated board as ``draw_wipe_batch`` finishes it: empty slots, absolute seats,
    legal starting boards."""
    card = np.where(drawn["empty"], np.int16(-1), drawn["card"]).astype(np.int16)
    controller = ((drawn["controller"] + drawn["active"][:, None]) % n).astype(np.int8)
    column = 0
    for g in config.slots:
        cols = slice(column, column + g.count)
        column += g.count
        if g.legal_start and (g.minus.high > 0 or g.damage.high > 0):
            drop_dead_start(  # slices of the arrays: changed in place
                card[:, cols],
                drawn["plus"][:, cols],
                drawn["minus"][:, cols],
                drawn["damage"][:, cols],
                drawn["not_creature"][:, cols],
                g.cards,
            )
    board = {"card": card, "controller": controller}
    board["owner"] = ((controller + drawn["owner"]) % n).astype(np.int8)
    for key in ("plus", "minus", "damage", "granted_persist", "granted_undying"):
        board[key] = np.where(card < 0, 0, drawn[key]).astype(drawn[key].dtype)
    for key in _FLAGS:
        board[key] = drawn[key] & (card >= 0)
    return board


def finish(config: WipeConfig, n: int, drawn: dict[str, np.ndarray]) -> WipeInputs:
    """The engine's inputs from the enumerated draws, finished as ``draw_wipe_batch`` does:
    the board, absolute casters, trigger ranks, targets."""
    board = _board(config, n, drawn)
    ev_by = ((drawn["ev_by"] + drawn["active"][:, None]) % n).astype(np.int8)
    ping = np.full(drawn["rank"].shape, -1, dtype=np.int8)
    if config.targets == "random":
        seat = np.concatenate([board["controller"], ev_by], axis=1)
        ping = ((seat + drawn["ping"]) % n).astype(np.int8)
    elif config.targets == "any":
        ping = drawn["ping"].astype(np.int8)
    finished = {**drawn, **board, "ev_by": ev_by, "ping": ping}
    return assemble(config, n, finished)


def assemble(config: WipeConfig, n: int, done: dict[str, np.ndarray]) -> WipeInputs:
    """``WipeInputs`` from finished columns (absolute seats, final boards and targets); a
    ``fixed`` trigger order ranks the cards here."""
    t, e = len(done["card"]), len(config.events)
    rank = done["rank"]
    if config.trigger_order == "fixed":
        cards = np.concatenate([done["card"], done["ev_card"]], axis=1)
        rank = fixed_order_keys(cards, config.fixed_order, tb.N)
    zeros16 = np.zeros((t, e), dtype=np.int16)
    return WipeInputs(
        n_players=np.full(t, n, dtype=np.int8),
        active=done["active"],
        life=done["life"],
        **{key: done[key] for key in SLOT_FIELDS},
        rank=rank.astype(np.int32),
        ping_target=done["ping"],
        ev_kind=np.full((t, e), EV_CAST, dtype=np.int8),
        ev_card=done["ev_card"],
        ev_by=done["ev_by"],
        ev_x=done["ev_x"],
        ev_target=zeros16,
        ev_amount=zeros16.copy(),
        ev_counter=np.zeros((t, e), dtype=np.int8),
        ev_mode=np.tile(np.array([ev.modes[0][0] for ev in config.events], dtype=np.int8), (t, 1)),
        counter_policy=config.counter_policy(np.full(t, n, dtype=np.int8), done["active"]),
    )


def one_slot(config: WipeConfig, g: SlotGroup) -> WipeConfig:
    """The configuration with one slot of group ``g`` as its whole board (its states)."""
    return replace(config, slots=(replace(g, count=1),))
