"""Mana draws both shapes share: the land each Aura enchants, and the order in which a tap's
"tapped for mana" replacement effects apply (616.1).

The mana shape draws them for its tap sequence, the wipe shape for its ``tap_for_mana``
events; one implementation, so a policy means the same in both files.
"""

from __future__ import annotations

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.kernel.jit import inline, njit
from engine.batch.wipe_state import ORDER_LEN
from engine.raw_draws import ROUND_WORDS, Halves
from sim.config.dists import categorical, uniform_pick, uniforms
from sim.shapes.orders import fixed_order_keys

LAST = np.int32(1 << 20)  # a sort key after every slot
# Trials whose random order keys are held at once: a key per activation and id, float32, so
# a 32,768-trial batch of 11 activations of 11 ids drew 16 MB of them (mana_tap_orders)
ORDER_BLOCK = 4096


def attach_auras(rng: np.random.Generator, card: np.ndarray) -> np.ndarray:
    """Each Aura ("Enchant land", Wild Growth) on a random land of the battlefield, -1 if none."""
    index = np.maximum(card, 0)
    held = card >= 0
    aura = held & mt.IS_AURA[index]
    if not aura.any():
        return np.full(card.shape, -1, dtype=np.int8)
    land = uniform_pick(rng, held & mt.IS_LAND[index]).astype(np.int8)  # -1: none
    return np.where(aura, land[:, None], np.int8(-1))


@njit
def _lowest_listed(keys: np.ndarray, listed: np.ndarray, out: np.ndarray) -> None:
    """Along the last axis of ``keys`` (T, A, W): the columns of the listed keys, lowest
    first and ties in column order (a stable sort), as many as ``out`` (T, A, width) holds,
    then -1. Each row keeps its picks in order as it goes: a few compares a column where
    numpy's argsort sorted every column of every row (the mana shape's random replacement
    orders, T x A rows of up to S + A columns: a microsecond of mana_tap_orders' trials)."""
    for t in range(keys.shape[0]):
        for a in range(keys.shape[1]):
            n = 0  # listed columns kept, in out[t, a, :n]
            for j in range(keys.shape[2]):
                if listed[t, a, j]:
                    n = _keep(out[t, a], keys[t, a], n, j)
            out[t, a, n:] = -1


@inline
def _keep(out: np.ndarray, keys: np.ndarray, n: int, j: int) -> int:
    """Column ``j`` into a row's kept columns ``out[:n]`` (lowest ``keys`` first, ties in
    column order, as many as ``out`` holds); returns how many are kept."""
    width: int = out.shape[0]
    key = keys[j]
    at = n
    while at > 0 and keys[out[at - 1]] > key:
        at -= 1
    if at == width:
        return n
    for q in range(min(n, width - 1), at, -1):
        out[q] = out[q - 1]
    out[at] = j
    return min(n + 1, width)


@njit
def _random_listed(keys: np.ndarray, replacer: np.ndarray, casts: np.ndarray, out: np.ndarray,
                   ids: np.ndarray) -> None:  # fmt: skip
    """``_lowest_listed`` of ``_random_orders``' codes, without them: a trial's replacers
    (``replacer`` (T, S)) are listed in every activation's row, then the spells cast by
    earlier actions (``casts`` (T, A), or (T, 0) for none: ids S + k). ``keys`` (T, A, W),
    the 24-bit draws (a float32 uniform's order); ``ids`` (S,) holds a trial's replacers.
    Only the listed columns are visited, where a pass over the broadcast codes tested every
    column (280 ns of a mana_tap_orders trial)."""
    s = replacer.shape[1]
    for t in range(keys.shape[0]):
        m = 0
        for j in range(s):
            ids[m] = j
            m += replacer[t, j]
        for a in range(keys.shape[1]):
            n = 0
            for q in range(m):
                n = _keep(out[t, a], keys[t, a], n, ids[q])
            for k in range(min(a, casts.shape[1])):
                if casts[t, k]:
                    n = _keep(out[t, a], keys[t, a], n, s + k)
            out[t, a, n:] = -1


def first_listed(keys: np.ndarray, listed: np.ndarray, width: int) -> np.ndarray:
    """(T, A, width) int8: per row of ``keys`` (T, A, W), the columns of the ``width`` lowest
    keys where ``listed`` (T, A, W, a broadcast view will do) holds, ties in column order, -1
    past the listed ones."""
    out = np.empty((*keys.shape[:2], width), dtype=np.int8)
    _lowest_listed(keys, listed, out)
    return out


def _random_orders(
    rng: np.random.Generator, replacer: np.ndarray, casts: np.ndarray | None, taps: int
) -> np.ndarray:
    """(T, A, <= ORDER_LEN) a uniform order per activation of the replacement effects there:
    the board's, and with ``casts`` (T, A) those of the spells cast by earlier actions (id
    code S + a). The keys are drawn a block of trials at a time: one uniform per trial,
    activation and id, in that order, so the blocks draw what one draw of them all would.
    With PCG64 a key is the uniform's 24 bits (``engine.raw_draws``: its order, without the
    float), and only the listed ids are visited (``_random_listed``)."""
    t, s = replacer.shape
    width = min(ORDER_LEN, s if casts is None else s + taps)
    out = np.empty((t, taps, width), dtype=np.int8)
    halves = Halves.of(rng)
    if halves is not None:
        ids = s if casts is None else s + taps
        block = max(2 * ROUND_WORDS // max(taps * ids, 1) - 1, 1)  # a block's draws: a round
        cast = np.zeros((t, 0), dtype=np.bool_) if casts is None else casts
        listed = np.empty(s, dtype=np.int64)
        for start in range(0, t, block):
            n = min(block, t - start)
            count = n * taps * ids
            keys = halves.draws((count - halves.lead + 1) // 2)[:count] >> np.uint32(8)
            part = slice(start, start + n)
            keyed = keys.reshape(n, taps, ids)
            _random_listed(keyed, replacer[part], cast[part], out[part], listed)
            halves.taken(count)
        halves.close()
        return out
    for start in range(0, t, ORDER_BLOCK):
        rows = slice(start, start + ORDER_BLOCK)
        n = min(ORDER_BLOCK, t - start)
        codes = np.broadcast_to(replacer[rows, None, :], (n, taps, s))
        if casts is not None:
            earlier = np.tri(taps, taps, -1, dtype=bool)[None, :, :] & casts[rows, None, :]
            codes = np.concatenate([codes, earlier], 2)
        out[rows] = first_listed(uniforms(rng, codes.shape), codes, width)
    return out


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
    replacer: np.ndarray | None = None,
) -> np.ndarray:
    """(T, A, ORDER_LEN) the replacement effects each of ``taps`` activations applies first
    (616.1): the board's (``card`` (T, S)) "tapped for mana" replacers in the policy's order (at
    most ORDER_LEN listed; the engines apply any others after them, in board order), the policy
    drawn per activation among ``policies`` ("random", "listed", or the one "fixed": by
    ``listed_cards``). ``casts`` (T, A): the actions that cast a spell, whose ids (S + a) a
    random order may list for later actions (None: none do). ``replacer``: the board's
    ``is_replacer``, when the caller has it already (a timeline asks once per tap event)."""
    t = card.shape[0]
    order = np.full((t, taps, ORDER_LEN), -1, dtype=np.int8)
    replacer = is_replacer(card) if replacer is None else replacer
    if policies == ("listed",) or not replacer.any() or taps == 0:
        return order
    if policies == ("fixed",):
        listed = replacer & np.isin(card, listed_cards)
        keys = fixed_order_keys(card, listed_cards, mt.N)
        chosen = first_listed(keys[:, None, :], listed[:, None, :], min(ORDER_LEN, card.shape[1]))
        order[:, :, : chosen.shape[2]] = chosen
        return order
    chosen = _random_orders(rng, replacer, casts, taps)
    order[:, :, : chosen.shape[2]] = chosen
    if len(policies) > 1:
        drawn = np.array(policies)[categorical(rng, weights, (t, taps))]
        order[drawn == "listed"] = -1
    return order
