"""What the runner needs from an experiment shape (wipe, mana, deck), and the layout of its
sufficient statistics.

A shape parses its part of the file, draws and runs one batch, reduces it to integer sums
laid out in a ``Layout`` (one flat int64 vector per batch: cheap to send between processes
and to checkpoint), and turns the totals into metric rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

import numpy as np

from engine.batch import mana_tables as mt
from sim.config.reader import Reader
from sim.run.stats import Estimate

if TYPE_CHECKING:  # the catalog module builds on Layout
    from sim.shapes.catalog import Entry

# trials (or games) an engine runs at once, in every shape and in ``cauldron bench``: the
# state of this many stays small, so a worker's peak memory is flat in the trial count
CHUNK = 4_096


@dataclass(frozen=True)
class Layout:
    """Named int64 arrays of fixed shapes, packed end to end into one vector."""

    fields: tuple[tuple[str, tuple[int, ...]], ...]

    @cached_property
    def size(self) -> int:
        """The vector's length (kept: ``pack`` asks once a chunk)."""
        return sum(int(np.prod(shape)) for _, shape in self.fields)

    def pack(self, parts: Mapping[str, np.ndarray]) -> np.ndarray:
        """One vector from arrays of the layout's names and shapes (a missing name is a bug)."""
        out = np.empty(self.size, dtype=np.int64)
        at = 0
        for name, shape in self.fields:
            value = np.asarray(parts[name], dtype=np.int64)
            if value.shape != shape:
                raise ValueError(f"statistic {name}: shape {value.shape}, layout says {shape}")
            n = value.size
            out[at : at + n] = value.ravel()
            at += n
        return out

    def unpack(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        if vector.shape != (self.size,):
            raise ValueError(f"statistics vector of shape {vector.shape}, expected ({self.size},)")
        parts: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in self.fields:
            n = int(np.prod(shape))
            parts[name] = vector[at : at + n].reshape(shape)
            at += n
        return parts


@dataclass(frozen=True)
class Row:
    """One metric of one group: ``level`` breaks it down (a card, a seat, a count)."""

    family: str
    metric: str
    level: str
    value: Estimate
    trials: int  # trials the estimate rests on
    turn: int | None = None  # a metric by turn (deck games): the turn it was measured on


@dataclass(frozen=True)
class Replayed:
    """A trial replayed on the reference engine, as ``explain --run`` and the report show it."""

    outcome: dict[str, Any]  # the reference engine's outcome as JSON (``explain --json``)
    text: str  # the replay in words: the rule-cited log, then the result and the state
    log: tuple[tuple[str, str], ...]  # (rule, what happened), in order
    state: str  # the end state in words (the report shows it under the log)
    agrees: bool  # whether the batch engine's result of the trial is the reference engine's
    eventful: bool  # something happened in it (the report's examples prefer those)
    seats: dict[str, str]  # each player by the seat the tables name (none: one player)
    # why the batch engine stopped the trial at a declared cap where the reference engine
    # played on ("" if it did not): a cap is the contract, not a rule broken
    batch_cap: str = ""


class Replay(Protocol):
    """One trial rebuilt from the seeds, ready to play again on the reference engine."""

    def replayed(self) -> Replayed:
        """Play the trial on the reference engine and compare with the batch engine's."""
        ...


class Shape(Protocol):
    """An experiment shape: the keys it reads, its metric families and its batch kernel."""

    name: str
    keys: frozenset[str]
    families: tuple[str, ...]
    catalog: tuple[Entry, ...]  # its metrics and statistics, in layout order

    def parse(self, r: Reader, data: Mapping[str, Any]) -> Any:
        """Validate the shape's keys of one sweep point into a configuration (plain data)."""
        ...

    def layout(self, config: Any) -> Layout: ...

    def run_batch(self, config: Any, rng: np.random.Generator, trials: int) -> np.ndarray:
        """Draw ``trials`` trials from ``rng``, run them, return the packed statistics."""
        ...

    def rows(self, config: Any, totals: np.ndarray, families: Sequence[str]) -> list[Row]:
        """The metric rows of the families asked for, from a group's summed statistics."""
        ...

    def replay(self, config: Any, rng: np.random.Generator, trials: int, index: int) -> Replay:
        """Redraw a batch of ``trials`` from ``rng`` and rebuild its trial ``index``."""
        ...

    def stops(self, config: Any, rng: np.random.Generator, trials: int) -> list[Stop]:
        """Redraw a batch of ``trials`` from ``rng``, run it as ``run_batch`` does, and list
        its trials that did not end ok."""
        ...


@runtime_checkable
class Inlines(Protocol):
    """A shape whose keys may name other files (a decklist): the experiment stores the file
    with their contents put in, so a run's manifest holds everything its numbers rest on
    (a replay or ``--resume`` reads no file that may have changed since)."""

    def inline(self, r: Reader, data: Mapping[str, Any], folder: Path) -> dict[str, Any]:
        """``data`` with the files it names (relative to ``folder``) read into it."""
        ...


Key = tuple[str, str, str]  # a metric row: family, metric, level
# a row of one group as comparisons pair it: its Key, and the turn of a metric by turn (a
# deck's metrics have a row per turn and level)
RowKey = Key | tuple[str, str, str, int]


R = TypeVar("R")  # what a chunk is reduced to


@dataclass(frozen=True)
class Stop:
    """A trial the batch engine did not play to an ok end: a draw (104.4b) or unsupported."""

    trial: int  # in its batch
    result: str  # "draw" or "unsupported", as its outcome says
    reason: str  # why, as its outcome says (a draw: ``engine.batch.outcome.LOOP``)


def chunk_stops(chunks: Iterable[list[tuple[int, str, str]]]) -> list[Stop]:
    """The stops of a batch run CHUNK trials at a time, from each chunk's (trial in the
    chunk, result, reason)."""
    return [
        Stop(k * CHUNK + i, result, reason)
        for k, found in enumerate(chunks)
        for i, result, reason in found
    ]


def reduced_chunks(
    inputs: Any, run: Callable[[Any], tuple[Any, ...]], reduce: Callable[..., R]
) -> Iterator[R]:
    """A drawn batch ``inputs`` run CHUNK trials at a time (``run``: a chunk's inputs to what
    its engine finished with), each chunk reduced as it finishes: a chunk's final state lives
    until it is reduced, not while the next chunk runs (a worker held two, 20 MB each in
    mana_tap_orders)."""
    for part in inputs.chunks(CHUNK):
        yield reduce(*run(part))


def row_key(row: Row) -> RowKey:
    """The row's key, with its turn if it has one."""
    key = (row.family, row.metric, row.level)
    return key if row.turn is None else (*key, row.turn)


@dataclass(frozen=True)
class Levels:
    """A metric whose levels are the values of one per-trial count (a histogram): trial t is
    a unit of ``n[t]`` at level ``value[t]``, so its cell of level k is (n, n [value = k])."""

    family: str
    metric: str
    labels: tuple[str, ...]  # level k's name
    n: np.ndarray  # (T,) int64
    value: np.ndarray  # (T,) int64 in [0, len(labels))


@dataclass(frozen=True)
class TrialCells:
    """Each trial's (n, y) of every ratio-of-sums row of one engine chunk (a row's estimate
    is Σy / Σn over trials), so two sweep points can be paired trial by trial (issue 15)."""

    keys: tuple[RowKey, ...]  # the row of each column
    n: np.ndarray  # (T, K) int64
    y: np.ndarray  # (T, K) int64
    levels: tuple[Levels, ...] = ()


@runtime_checkable
class PairsTrials(Protocol):
    """A shape that can hand out per-trial cells (optional: without it comparisons pair
    whole batches)."""

    def cell_keys(self, config: Any) -> tuple[RowKey, ...]:
        """Every row a chunk's cells hold: ``TrialCells.keys``, then each level's."""
        ...

    def run_chunks(
        self, config: Any, rng: np.random.Generator, trials: int
    ) -> Iterator[tuple[np.ndarray, TrialCells]]:
        """``run_batch`` chunk by chunk: each engine chunk's packed statistics and cells
        (the chunks' statistics sum to ``run_batch``'s)."""
        ...


def batch_card(r: Reader, name: str, where: str) -> int:
    """The batch tables' index of a card an experiment names; a card whose parameters or
    numbers they cannot hold (a user's factor of 1000) is one line, whatever the shape."""
    i = mt.INDEX[r.card(name, where).name.lower()]
    if not mt.ENCODED[i]:
        raise r.fail(
            where,
            mt.not_encoded(i),
            "the reference engine answers a scenario with it (cauldron explain FILE)",
        )
    return i
