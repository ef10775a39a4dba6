"""Draw what the ``tap_for_mana`` and ``activate`` events of a wipe-shape batch use and choose:
the permanent (from the starting board), the type named, the ability, the replacement order
(616.1) and the ability's targets (601.2c), event by event in file order.

A mixed timeline runs mana abilities (605), activated abilities (602) and wipes in one trial;
``draws`` calls this after its other sites, and a file without such events draws nothing here.
"""

from __future__ import annotations

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.wipe_state import EV_ACTIVATE, EV_CAST, EV_NONE, EV_TAP_MANA, ORDER_LEN
from sim.config.dists import categorical, uniform_pick
from sim.config.players import other_seat
from sim.shapes.mana_choices import is_replacer, replacement_orders
from sim.shapes.wipe.config import MAX_ABILITY, Event, WipeConfig

# what an activated ability's player chooses (engine.reference.targets): 1 a creature, 2 "any
# target" (a player or a creature), 0 nothing; by card and ability index
_CHOOSES = {
    "activated_remove_counter_ping": 2,
    "activated_targets_gain_keyword": 1,
    "activated_untap_target_creature": 1,
    "sacrifice_outlet": 1,
}
TARGETS = np.zeros((mt.N, MAX_ABILITY + 1), dtype=np.int8)
for _c, _card in enumerate(mt.CARDS):
    for _k, _ability in enumerate(_card.abilities_of("activated")):
        TARGETS[_c, _k] = _CHOOSES.get(_ability.template, 0)


def mana_sources(board: dict[str, np.ndarray]) -> np.ndarray:
    """(T, S) the board slots with a mana ability: printed, or granted to the creatures of a
    player who controls Cryptolith Rite (611.3a)."""
    card = board["card"]
    held, index = card >= 0, np.maximum(card, 0)
    source = held & (mt.N_AB[index] > 0)
    grant = held & mt.GRANT_ANY[index]
    if grant.any():
        controller = board["controller"]
        granted = (grant[:, :, None] & (controller[:, :, None] == controller[:, None, :])).any(1)
        source |= held & mt.IS_CREATURE[index] & ~board["not_creature"] & granted
    found: np.ndarray = source
    return found


def _pick(
    rng: np.random.Generator,
    config: WipeConfig,
    event: Event,
    fits: np.ndarray,
    board: dict[str, np.ndarray],
    active: np.ndarray,
) -> np.ndarray:
    """(T,) int16 the board slot an event uses, uniform among those its ``permanent`` and
    ``whose`` allow, -1 where none is (the event then does not happen)."""
    acting, card = event.acting, board["card"]
    mask = np.ones(card.shape, dtype=np.bool_) if acting.pick == "random" else fits
    if acting.pick == "group":
        start = sum(g.count for g in config.slots[: acting.group])
        in_group = np.zeros(card.shape[1], dtype=np.bool_)
        in_group[start : start + config.slots[acting.group].count] = True
        mask = mask & in_group
    elif acting.pick == "cards":
        mask = mask & np.isin(card, acting.cards)
    if acting.whose == "active":
        mask = mask & (board["controller"] == active[:, None])
    return uniform_pick(rng, np.broadcast_to(mask, card.shape)).astype(np.int16)


def _color(rng: np.random.Generator, event: Event, t: int) -> np.ndarray:
    """(T,) int8 the type named (WUBRGC index), -1 for the ability's first (no draw if fixed)."""
    weights = np.array(event.acting.color)
    if (weights > 0).sum() == 1:
        return np.full(t, int(weights.argmax()) - 1, dtype=np.int8)
    return (categorical(rng, event.acting.color, (t,)) - 1).astype(np.int8)


def _targets(
    rng: np.random.Generator,
    event: Event,
    slot: np.ndarray,
    ability: np.ndarray,
    board: dict[str, np.ndarray],
    n_players: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """The targets an activation names (T,): a bit set of board slots (int64, 0: none) and a
    player (int8, -1: none). ``listed`` names none (the engines' listed policy); ``creature``
    a random creature of the board, ``player`` a random opponent (for "any target" only)."""
    card, t = board["card"], len(slot)
    chosen, player = np.zeros(t, dtype=np.int64), np.full(t, -1, dtype=np.int8)
    if event.acting.target[0] >= 1.0:
        return chosen, player
    choice = categorical(rng, event.acting.target, (t,))
    held = np.take_along_axis(card, np.maximum(slot, 0)[:, None], axis=1)[:, 0]
    kind = TARGETS[np.maximum(held, 0), np.minimum(ability, MAX_ABILITY)] * (slot >= 0)
    creature = (card >= 0) & mt.IS_CREATURE[np.maximum(card, 0)] & ~board["not_creature"]
    pick = uniform_pick(rng, creature)
    named = (choice == 1) & (kind >= 1) & (pick >= 0)
    chosen[named] = np.left_shift(1, pick[named]).astype(np.int64)
    controller = np.take_along_axis(board["controller"], np.maximum(slot, 0)[:, None], axis=1)
    seat = other_seat(rng, controller[:, 0], n_players)
    player[(choice == 2) & (kind == 2)] = seat[(choice == 2) & (kind == 2)]
    return chosen, player


def _one_choice_per_permanent(
    kind: np.ndarray, slot: np.ndarray, chosen: np.ndarray, player: np.ndarray
) -> None:
    """A scenario names targets per permanent (``[choices] targets``), so every activation of
    one permanent in a trial uses the choice of the first of them that names one: ``chosen``
    and ``player`` (T, E) are updated in place."""
    first_chosen, first_player = chosen.copy(), player.copy()
    has = (chosen != 0) | (player >= 0)
    acts = kind == EV_ACTIVATE
    for e in range(kind.shape[1]):
        found = np.zeros(len(kind), dtype=np.bool_)
        for f in range(kind.shape[1]):
            take = acts[:, e] & acts[:, f] & (slot[:, f] == slot[:, e]) & has[:, f] & ~found
            chosen[take, e] = first_chosen[take, f]
            player[take, e] = first_player[take, f]
            found |= take


def _casts_replacers(
    config: WipeConfig, events: dict[str, np.ndarray], e: int
) -> np.ndarray | None:
    """(T, e + 1) the events up to ``e`` that cast a "tapped for mana" replacer (Mana
    Reflection): its id may come first in event ``e``'s order; None when none of them can."""
    if not any(is_replacer(np.array(ev.cards, dtype=np.int16)).any() for ev in config.events[:e]):
        return None
    cast = events["ev_kind"][:, : e + 1] == EV_CAST
    found: np.ndarray = cast & is_replacer(events["ev_card"][:, : e + 1])
    return found


def _order(
    rng: np.random.Generator,
    config: WipeConfig,
    e: int,
    board: dict[str, np.ndarray],
    events: dict[str, np.ndarray],
) -> np.ndarray:
    """(T, ORDER_LEN) event ``e``'s replacement order (616.1) under its policy: of the board's
    replacers, and the replacers earlier events cast (ids S + k)."""
    acting = config.events[e].acting
    casts = _casts_replacers(config, events, e)
    taps = 1 if casts is None else e + 1  # no earlier cast: one row draws as any other
    orders = replacement_orders(
        rng, acting.order, acting.order_weights, acting.order_cards, board["card"], casts, taps,
        board["replacer"],
    )  # fmt: skip
    last: np.ndarray = orders[:, -1]
    return last


def _event(
    rng: np.random.Generator,
    config: WipeConfig,
    e: int,
    board: dict[str, np.ndarray],
    events: dict[str, np.ndarray],
    active: np.ndarray,
    n_players: np.ndarray,
    out: dict[str, np.ndarray],
) -> None:
    """Event ``e``'s columns, written into column ``e`` of ``out`` (``_idle``'s); its kind and
    slot into ``events``. ``board`` holds the board's columns, ``source`` (``mana_sources``)
    and ``replacer`` (``is_replacer``)."""
    event, kind = config.events[e], events["ev_kind"][:, e]
    t, taps, acts = len(kind), kind == EV_TAP_MANA, kind == EV_ACTIVATE
    ability = event.acting.ability.draw(rng, (t,), np.int8)
    index = np.maximum(board["card"], 0)
    activatable = (board["card"] >= 0) & (mt.N_ACTIVATED[index] > ability[:, None])
    fits = np.where(taps[:, None], board["source"], activatable)
    slot = _pick(rng, config, event, fits, board, active)
    kind[(taps | acts) & (slot < 0)] = EV_NONE
    events["ev_target"][:, e] = np.where(taps | acts, slot, events["ev_target"][:, e])
    color = _color(rng, event, t) if EV_TAP_MANA in event.kinds else np.full(t, -1, np.int8)
    order = (
        _order(rng, config, e, board, events)
        if EV_TAP_MANA in event.kinds
        else np.full((t, ORDER_LEN), -1, np.int8)
    )
    chosen, player = _targets(rng, event, slot, ability, board, n_players)
    tapped, activated = kind == EV_TAP_MANA, kind == EV_ACTIVATE
    out["ev_color"][tapped, e] = color[tapped]
    out["ev_ability"][activated, e] = ability[activated]
    out["ev_order"][tapped, e] = order[tapped]
    out["ev_chosen"][activated, e] = chosen[activated]
    out["ev_chosen_player"][activated, e] = player[activated]


def _idle(t: int, e: int) -> dict[str, np.ndarray]:
    """The columns (T, E) of ``e`` events that neither tap nor activate (``_event`` writes
    each one's that does into them)."""
    return {
        "ev_color": np.full((t, e), -1, np.int8),
        "ev_ability": np.zeros((t, e), np.int8),
        "ev_order": np.full((t, e, ORDER_LEN), -1, np.int8),  # ids below S + E
        "ev_chosen": np.zeros((t, e), np.int64),
        "ev_chosen_player": np.full((t, e), -1, np.int8),
    }


def draw_timeline(
    rng: np.random.Generator,
    config: WipeConfig,
    board: dict[str, np.ndarray],
    events: dict[str, np.ndarray],
    active: np.ndarray,
    n_players: np.ndarray,
) -> dict[str, np.ndarray]:
    """The mana and activation columns of a batch (WipeInputs' ``ev_color``, ``ev_ability``,
    ``ev_order``, ``ev_chosen``, ``ev_chosen_player``); none (an empty table) when no event
    taps or activates. ``events``' kinds and targets are updated in place."""
    acting = {EV_TAP_MANA, EV_ACTIVATE}
    if not any(acting & set(ev.kinds) for ev in config.events):
        return {}
    t, e = events["ev_kind"].shape
    seen = {**board, "source": mana_sources(board), "replacer": is_replacer(board["card"])}
    out = _idle(t, e)
    for k in range(e):
        if acting & set(config.events[k].kinds):
            _event(rng, config, k, seen, events, active, n_players, out)
    kind, slot = events["ev_kind"], events["ev_target"]
    _one_choice_per_permanent(kind, slot, out["ev_chosen"], out["ev_chosen_player"])
    return out
