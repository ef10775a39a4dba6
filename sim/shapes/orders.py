"""The fixed order policy both shapes share: listed cards first, in the list's order."""

from __future__ import annotations

import numpy as np


def fixed_order_keys(cards: np.ndarray, listed: tuple[int, ...], n_cards: int) -> np.ndarray:
    """(T, W) int32 sort keys of the (T, W) card indices (-1: none) in ``cards``: a listed
    card's key is its place in ``listed``, every other card's comes after them all; ties
    (two of a card, unlisted cards) keep column order, so the keys are distinct per row.

    A lower key goes first: on the stack among a player's triggers (603.3b), in a tap order,
    or in a replacement order (616.1)."""
    width = cards.shape[1]
    position = np.full(n_cards, len(listed), dtype=np.int32)
    position[list(listed)] = np.arange(len(listed), dtype=np.int32)
    keys: np.ndarray = position[np.maximum(cards, 0)] * width + np.arange(width, dtype=np.int32)
    return keys.astype(np.int32)
