"""The ``[players]`` table of an experiment file (both shapes): count, active seat, life."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from engine.batch.tables import CARDS
from sim.config.dists import Discrete, absolute_seat, uniforms
from sim.config.reader import MAX_PLAYERS, Reader, join
from sim.errors import echo


@dataclass(frozen=True)
class Players:
    """How many players, which seat is active, their starting life."""

    count: Discrete  # player counts, 2..MAX_PLAYERS
    active: int | None  # a fixed seat (0 = the first in turn order), None = uniform
    life: Discrete


def parse_players(r: Reader, data: Mapping[str, Any], least: int = 2) -> Players:
    """The ``[players]`` table; ``least`` is the fewest players the shape models."""
    where = "players"
    raw = r.table(data, "players", "")
    r.keys(raw, {"count", "active", "life"}, where)
    count = r.count(raw.get("count", 2), join(where, "count"), least, MAX_PLAYERS, prob=False)
    active_raw = raw.get("active", "random")
    active: int | None = None
    if active_raw != "random":
        if isinstance(active_raw, str):
            raise r.fail(
                join(where, "active"),
                f"unknown value {echo(active_raw)}",
                '"random" or a seat number from 0',
            )
        active = r.integer(active_raw, join(where, "active"), 0, count.low - 1)
    life = r.count(raw.get("life", 20), join(where, "life"), 1, 999, prob=False)
    return Players(count, active, life)


def draw_seats(rng: np.random.Generator, players: Players, t: int) -> tuple[np.ndarray, np.ndarray]:
    """Player counts and active seats of ``t`` trials, (T,) int8 each."""
    n_players = players.count.draw(rng, (t,), np.int8)
    if players.active is not None:
        active = np.full(t, players.active, dtype=np.int8)
    else:
        active = (rng.random(t) * n_players).astype(np.int8)
    return n_players, active


def other_seat(rng: np.random.Generator, seat: np.ndarray, n: np.ndarray) -> np.ndarray:
    """A seat other than ``seat``, uniform among the others (``n`` broadcasts over it)."""
    shift = 1 + (uniforms(rng, seat.shape) * (n - 1)).astype(np.int8)
    return absolute_seat(np.minimum(shift, n - 1), seat, n)


def join_groups(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The slot groups' drawn columns side by side (T, S) (a group's own, alone: no copy). The
    caller holds only the joined columns: a batch's board twice over was 15 MB of
    mixed_timeline's draw."""
    if len(parts) == 1:
        return parts[0]
    return {key: np.concatenate([p[key] for p in parts], axis=1) for key in parts[0]}


class SlotBoard:
    """What both shapes' configurations derive from their slot groups and players (a mixin
    for their dataclasses, which hold ``players`` and ``slots``)."""

    players: Players
    slots: tuple[Any, ...]  # groups with ``count`` and ``cards`` (card indices)

    @property
    def n_slots(self) -> int:
        return sum(int(g.count) for g in self.slots)

    @property
    def max_players(self) -> int:
        return int(self.players.count.high)

    @cached_property
    def board_cards(self) -> tuple[int, ...]:
        """Every card a slot can hold, sorted by name (the order of the by-card metrics); kept,
        as the statistics of every chunk ask for it."""
        cards = {int(c) for g in self.slots for c in g.cards}
        return tuple(sorted(cards, key=lambda c: CARDS[c].name))
