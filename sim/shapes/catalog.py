"""How a shape declares its metrics: once each, with everything the rest of the program reads.

A ``Metric`` names a metric of ``summary.csv`` (its family and name are the CSV's, a contract
other programs read: SPEC section 6), the integer statistics a batch sums for it (the fields
of the shape's ``Layout``, in catalog order), the words the report shows, and whether it is a
headline figure (the report's table and the ``--target-ci`` rule read those). A shape's
catalog is the tuple of its metrics and auxiliary statistics in layout order; the stats
module fills the fields by the metric's ``key``, the metrics module names rows by the metric.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Self, TypeVar

import numpy as np

from sim.run.stats import Estimate, normal_mean, wilson_cluster
from sim.shapes.base import Layout, Row

Config = TypeVar("Config")

Dim = int | str  # a fixed size, or a size the configuration decides ("seats", "cards", ...)


@dataclass(frozen=True)
class Stat:
    """One int64 array of a batch's statistics, by name and dimensions."""

    key: str
    dims: tuple[Dim, ...]


@dataclass(frozen=True)
class Headline:
    """A row of the report's headline table: one level, or every level (None) under a label."""

    level: str | None
    label: str | None = None  # None: the metric's own label


@dataclass(frozen=True)
class Curve:
    """A sweep curve of the metric: the levels drawn (None: every level) and the y label."""

    levels: tuple[str, ...] | None
    ylabel: str


@dataclass(frozen=True)
class Metric:
    """One metric of a shape: its CSV name and family, its statistics, its report words."""

    name: str  # the ``metric`` column of the CSVs
    family: str  # the ``family`` column, and the CSV file it goes to
    label: str  # what the report calls it
    stats: tuple[Stat, ...] = ()  # what a batch sums for it (none: it reads another's)
    headline: tuple[Headline, ...] = ()
    curve: Curve | None = None

    def headline_rows(self) -> list[tuple[str | None, str]]:
        """(level, label) of each headline row the metric has."""
        return [(h.level, h.label or self.label) for h in self.headline]

    @property
    def key(self) -> str:
        """The name of its (first) statistics array in the layout."""
        return self.stats[0].key if self.stats else self.name


def own(name: str, *dims: Dim) -> tuple[Stat, ...]:
    """The statistics of a metric that sums one array named after itself."""
    return (Stat(name, dims),)


Entry = Metric | Stat  # a catalog holds metrics and the auxiliary arrays they share


def stats_of(catalog: Sequence[Entry]) -> list[Stat]:
    """Every statistics array of a catalog, in layout order."""
    out: list[Stat] = []
    for entry in catalog:
        out.extend(entry.stats if isinstance(entry, Metric) else (entry,))
    return out


def layout_of(catalog: Sequence[Entry], sizes: Mapping[str, int]) -> Layout:
    """The layout of a catalog's statistics, with named dimensions resolved by ``sizes``."""
    return Layout(
        tuple(
            (s.key, tuple(d if isinstance(d, int) else sizes[d] for d in s.dims))
            for s in stats_of(catalog)
        )
    )


def metrics_of(catalog: Sequence[Entry]) -> tuple[Metric, ...]:
    return tuple(e for e in catalog if isinstance(e, Metric))


def families_of(catalog: Sequence[Entry]) -> tuple[str, ...]:
    """The metric families of a catalog, in the order their first metric comes."""
    return tuple(dict.fromkeys(m.family for m in metrics_of(catalog)))


# -- shared by every shape -----------------------------------------------------------------

UNSUPPORTED_RATE = Metric(
    "unsupported_rate",
    "status",
    "Unsupported trials",
    headline=(Headline("all"),),
)


@dataclass
class MetricRows(Generic[Config]):
    """A group's summed statistics by layout field, and the rows made from them so far: what
    every shape's metrics module fills, family by family. ``status`` is the shape's status
    statistic, whose second entry counts the OK trials every other metric is over."""

    config: Config
    sums: dict[str, np.ndarray]
    status: Stat
    rows: list[Row] = field(default_factory=list)

    @property
    def ok(self) -> int:
        return int(self.sums[self.status.key][1])

    def add(
        self,
        metric: Metric,
        level: str,
        value: Estimate,
        trials: int | None = None,
        turn: int | None = None,
    ) -> None:
        trials = self.ok if trials is None else trials
        self.rows.append(Row(metric.family, metric.name, level, value, trials, turn))

    def families(
        self: Self,
        order: Sequence[str],
        makers: Mapping[str, Callable[[Self], None]],
        asked: Sequence[str],
    ) -> list[Row]:
        """The rows of the ``asked`` families, made in the shape's family ``order``."""
        for family in order:
            if family in asked:
                makers[family](self)
        return self.rows


def mean_of(pair: np.ndarray, n: int) -> Estimate:
    """A mean from a statistic laid out as (sum, sum of squares) over ``n`` trials."""
    return normal_mean(int(pair[0]), int(pair[1]), n)


def cluster_of(stat: np.ndarray, clusters: int) -> Estimate:
    """A share of permanents from a statistic laid out as (n, y, n^2, n*y, y^2) summed over
    ``clusters`` trials (Wilson with the cluster design effect)."""
    n, y, snn, sny, syy = (int(a) for a in stat)
    return wilson_cluster(y, n, syy, sny, snn, clusters)
