"""Mana draws both shapes share: the land each Aura enchants, and the order in which a tap's
"tapped for mana" replacement effects apply (616.1).

The mana shape draws them for its tap sequence, the wipe shape for its ``tap_for_mana``
events; one implementation, so a policy means the same in both files.
"""

from __future__ import annotations

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.wipe_state import ORDER_LEN
from sim.config.dists import categorical
from sim.shapes.orders import fixed_order_keys

LAST = np.int32(1 << 20)  # a sort key after every slot


def attach_auras(rng: np.random.Generator, card: np.ndarray) -> np.ndarray:
    """Each Aura ("Enchant land", Wild Growth) on a random land of the battlefield, -1 if none."""
    index = np.maximum(card, 0)
    held = card >= 0
    aura = held & mt.IS_AURA[index]
    if not aura.any():
        return np.full(card.shape, -1, dtype=np.int8)
    land_key = np.where(held & mt.IS_LAND[index], rng.random(card.shape, dtype=np.float32), -1.0)
    target = land_key.argmax(1)
    has_land = land_key.max(1) >= 0
    return np.where(aura & has_land[:, None], target[:, None], -1).astype(np.int8)


def first_listed(keys: np.ndarray, width: int) -> np.ndarray:
    """The columns of the ``width`` lowest keys along the last axis, -1 past the listed ones
    (a key of 2.0 or LAST marks a column that is not listed)."""
    perm = np.argsort(keys, axis=-1, kind="stable")[..., :width]
    listed = np.take_along_axis(keys, perm, axis=-1) < (2.0 if keys.dtype.kind == "f" else LAST)
    return np.where(listed, perm, -1).astype(np.int8)


def _random_orders(
    rng: np.random.Generator, replacer: np.ndarray, casts: np.ndarray | None, taps: int
) -> np.ndarray:
    """(T, A, <= ORDER_LEN) a uniform order per activation of the replacement effects there:
    the board's, and with ``casts`` (T, A) those of the spells cast by earlier actions (id
    code S + a)."""
    t, s = replacer.shape
    if casts is None:
        keys = np.where(replacer[:, None, :], rng.random((t, taps, s), dtype=np.float32), 2.0)
        return first_listed(keys, min(ORDER_LEN, s))
    earlier = np.tri(taps, taps, -1, dtype=bool)[None, :, :] & casts[:, None, :]
    codes = np.concatenate([np.broadcast_to(replacer[:, None, :], (t, taps, s)), earlier], 2)
    keys = np.where(codes, rng.random(codes.shape, dtype=np.float32), 2.0)
    return first_listed(keys, min(ORDER_LEN, s + taps))


def is_replacer(card: np.ndarray) -> np.ndarray:
    """Which cards (indices, -1 none) have a "tapped for mana" replacement effect or make one
    (Deep Water's ability): the ids a replacement order lists."""
    held = np.maximum(card, 0)
    found: np.ndarray = (card >= 0) & ((mt.REP_KIND[held] > 0) | (mt.EFFECT_PRODUCE[held] >= 0))
    return found


def replacement_orders(
    rng: np.random.Generator,
    policies: tuple[str, ...],
    weights: tuple[float, ...],
    listed_cards: tuple[int, ...],
    card: np.ndarray,
    casts: np.ndarray | None,
    taps: int,
) -> np.ndarray:
    """(T, A, ORDER_LEN) the replacement effects each of ``taps`` activations applies first
    (616.1): the board's (``card`` (T, S)) "tapped for mana" replacers in the policy's order (at
    most ORDER_LEN listed; the engines apply any others after them, in board order), the policy
    drawn per activation among ``policies`` ("random", "listed", or the one "fixed": by
    ``listed_cards``). ``casts`` (T, A): the actions that cast a spell, whose ids (S + a) a
    random order may list for later actions (None: none do)."""
    t = card.shape[0]
    order = np.full((t, taps, ORDER_LEN), -1, dtype=np.int8)
    replacer = is_replacer(card)
    if policies == ("listed",) or not replacer.any() or taps == 0:
        return order
    if policies == ("fixed",):
        listed = replacer & np.isin(card, listed_cards)
        keys = np.where(listed, fixed_order_keys(card, listed_cards, mt.N), LAST)
        chosen = first_listed(keys, min(ORDER_LEN, card.shape[1]))
        order[:, :, : chosen.shape[1]] = chosen[:, None, :]
        return order
    chosen = _random_orders(rng, replacer, casts, taps)
    order[:, :, : chosen.shape[2]] = chosen
    if len(policies) > 1:
        drawn = np.array(policies)[categorical(rng, weights, (t, taps))]
        order[drawn == "listed"] = -1
    return order
