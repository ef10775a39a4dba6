"""The report's charts: matplotlib (Agg, no display, no network) drawn to inline SVG text.

Text is written as SVG ``<text>`` (escaped by matplotlib), ids are salted with a fixed string
so the same numbers give the same SVG, and every chart shares one look so a reader compares
them at a glance.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from io import StringIO
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")  # before anything draws: no display is ever needed

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

_METADATA = re.compile(r"<metadata>.*?</metadata>\s*", re.DOTALL)
PALETTE = ("#3b6fb6", "#e07b39", "#4a9d5b", "#c44e52", "#8172b2", "#937860", "#d684bd")
MANA_COLORS = {
    "W": "#e9dfa6",
    "U": "#3f7fc1",
    "B": "#4b4346",
    "R": "#d0473a",
    "G": "#3f9a4f",
    "C": "#a9a9a9",
}
STYLE: dict[RcKeyType, Any] = {
    "svg.fonttype": "none",  # real <text>: small, selectable, escaped
    "svg.hashsalt": "cauldron-report",  # stable ids: same numbers, same SVG
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans", "Liberation Sans", "Arial", "Helvetica"],
    "font.size": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titlesize": 11,
    "axes.titleweight": "bold",
    "axes.titlelocation": "left",
}


@dataclass(frozen=True)
class Series:
    """One named line or set of bars: estimates with their 95% interval (NaN: no value)."""

    name: str
    estimate: np.ndarray  # (K,) float64
    low: np.ndarray  # (K,) float64
    high: np.ndarray  # (K,) float64


def _text(value: str, width: int = 0) -> str:
    """Keep matplotlib from reading ``$...$`` in card names or sweep values as math; with
    ``width``, wrap a long label onto lines of at most that many characters, so a label of
    any length fits beside the plot instead of squeezing it to nothing."""
    lines = textwrap.wrap(value, width, break_on_hyphens=False) if width > 0 else [value]
    return "\n".join(lines or [value]).replace("$", r"\$")


LABEL_CHARS = 30  # a tick label's line beside a plot
LEGEND_CHARS = 40  # a legend entry's line
AXIS_CHARS = 48  # an axis label's line (centred under the axes, which long tick labels narrow)


def _legend_columns(names: Sequence[str]) -> int:
    """Legend columns that fit the figure's width: fewer as the entries get longer."""
    longest = max((min(len(n), LEGEND_CHARS) for n in names), default=0)
    return max(1, min(len(names), 4, 72 // max(longest + 6, 1)))


def _legend_inches(names: Sequence[str]) -> float:
    """The height a legend above the plot takes (it adds to the figure's)."""
    if len(names) <= 1:
        return 0.3
    rows = -(-len(names) // _legend_columns(names))
    lines = max(len(textwrap.wrap(n, LEGEND_CHARS)) or 1 for n in names)
    return 0.2 * rows * lines + 0.1


@contextmanager
def _figure(width: float, height: float) -> Iterator[tuple[Figure, Axes]]:
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=(width, height), layout="constrained")
        yield fig, fig.add_subplot()


def _svg(fig: Figure) -> str:
    """The figure as an ``<svg>`` element only (no XML prolog: it sits inside HTML)."""
    buffer = StringIO()
    with matplotlib.rc_context(STYLE):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    return _METADATA.sub("", text, count=1)  # RDF with vocabulary URLs: nothing to show


def _percent_axis(axis: matplotlib.axis.Axis) -> None:
    axis.set_major_formatter(PercentFormatter(xmax=1.0))


def _legend_above(ax: Axes, names: Sequence[str]) -> None:
    """A legend above the plot, never over a bar or a line, its entries wrapped and in as
    many columns as fit: constrained layout then makes room for it."""
    handles, _ = ax.get_legend_handles_labels()
    labels = [_text(n, LEGEND_CHARS) for n in names]
    ax.legend(handles, labels, fontsize=8, loc="lower left", bbox_to_anchor=(0, 1),
              ncols=_legend_columns(names), frameon=False)  # fmt: skip


def _value_label(value: float, percent: bool) -> str:
    if np.isnan(value):
        return ""
    return f"{value * 100:.1f}%" if percent else f"{value:.3g}"


def bars(
    labels: Sequence[str],
    series: Sequence[Series],
    *,
    xlabel: str,
    percent: bool,
    colors: Sequence[str] | None = None,
) -> str:
    """Horizontal bars with 95% error bars, one bar per series within each label."""
    n, k = len(labels), max(len(series), 1)
    lines = max((len(_text(lb, LABEL_CHARS).split("\n")) for lb in labels), default=1)
    height = 0.38 * n * max(1 + 0.5 * (k - 1), 0.6 * lines) + 1.0
    legend = _legend_inches([s.name for s in series]) if k > 1 else 0.0
    with _figure(6.2, min(max(height, 2.0), 9.0) + legend) as (fig, ax):
        step = 0.8 / k
        positions = np.arange(n, dtype=np.float64)
        for j, s in enumerate(series):
            y = positions - 0.4 + step * (j + 0.5)
            color = colors if colors is not None and k == 1 else PALETTE[j % len(PALETTE)]
            est = np.nan_to_num(s.estimate)
            err = np.vstack([est - np.nan_to_num(s.low), np.nan_to_num(s.high) - est])
            ax.barh(y, est, height=step * 0.9, color=color, label=_text(s.name))
            ax.errorbar(est, y, xerr=np.clip(err, 0, None), fmt="none", ecolor="#222", lw=1)
            top = float(np.nanmax(s.high)) if np.isfinite(s.high).any() else 0.0
            for yy, value, high in zip(y, s.estimate, s.high, strict=True):
                ax.text(  # beyond the whisker, so the number stays readable
                    float(np.nan_to_num(max(value, high))) + 0.01 * max(top, 1e-9),
                    yy,
                    " " + _value_label(float(value), percent),
                    va="center",
                    fontsize=9 if k == 1 else 8,
                )
        ax.set_yticks(positions, [_text(label, LABEL_CHARS) for label in labels])
        ax.invert_yaxis()
        ax.set_xlabel(_text(xlabel, AXIS_CHARS))
        ax.margins(x=0.16)
        if percent:
            _percent_axis(ax.xaxis)
        if k > 1:
            _legend_above(ax, [s.name for s in series])
        return _svg(fig)


def stacked_shares(rows: Sequence[str], parts: Sequence[str], shares: np.ndarray) -> str:
    """One 100% bar per row (a sweep point), split into parts (seats), each labelled."""
    lines = max((len(_text(r, LABEL_CHARS).split("\n")) for r in rows), default=1)
    with _figure(6.2, min(0.6 * len(rows) * max(1, 0.6 * lines) + 1.3, 9.0)) as (fig, ax):
        left = np.zeros(len(rows))
        y = np.arange(len(rows), dtype=np.float64)
        for j, part in enumerate(parts):
            width = np.nan_to_num(shares[:, j])
            label = f"{part} {width[0] * 100:.1f}%" if len(rows) == 1 else part
            color = PALETTE[j % len(PALETTE)]
            ax.barh(y, width, left=left, height=0.6, color=color, label=_text(label))
            for yy, x0, w in zip(y, left, width, strict=True):
                if w >= 0.1:  # narrower parts: the legend and the table give the value
                    ax.text(
                        x0 + w / 2,
                        yy,
                        f"{_text(part)}\n{w * 100:.1f}%",
                        ha="center",
                        va="center",
                        color="white",
                        fontsize=8.5,
                        fontweight="bold",
                    )
            left += width
        ax.set_yticks(y, [_text(r, LABEL_CHARS) for r in rows])
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        _percent_axis(ax.xaxis)
        ax.set_xlabel("share of trials in which this seat's creature returned first")
        ax.legend(ncols=min(len(parts), 4), fontsize=8, frameon=False, loc="lower center",
                  bbox_to_anchor=(0.5, 1.0))  # fmt: skip
        return _svg(fig)


def distribution(values: Sequence[int], series: Sequence[Series], *, xlabel: str) -> str:
    """The share of trials at each count: bars for one group, lines for several."""
    x = np.asarray(values, dtype=np.float64)
    legend = _legend_inches([s.name for s in series]) if len(series) > 1 else 0.0
    with _figure(6.2, 3.0 + legend) as (fig, ax):
        if len(series) == 1:
            s = series[0]
            ax.bar(x, np.nan_to_num(s.estimate), width=0.8, color=PALETTE[0])
            err = np.vstack([s.estimate - s.low, s.high - s.estimate])
            ax.errorbar(x, s.estimate, yerr=np.clip(np.nan_to_num(err), 0, None), fmt="none",
                        ecolor="#222", lw=0.8)  # fmt: skip
        else:
            for j, s in enumerate(series):
                color = PALETTE[j % len(PALETTE)]
                ax.plot(x, s.estimate, marker="o", ms=3, color=color, label=_text(s.name))
                ax.fill_between(x, s.low, s.high, color=color, alpha=0.2, lw=0)
            _legend_above(ax, [s.name for s in series])
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(_text(xlabel, AXIS_CHARS))
        ax.set_ylabel("share of trials")
        _percent_axis(ax.yaxis)
        return _svg(fig)


def sweep_curves(
    x: Sequence[float] | None,
    ticks: Sequence[str],
    series: Sequence[Series],
    *,
    xlabel: str,
    ylabel: str,
    percent: bool,
) -> str:
    """Each series over the sweep points, with its 95% interval as a band. ``x`` None: the
    points are categories (evenly spaced, labelled by ``ticks``)."""
    pos = np.arange(len(ticks), dtype=np.float64) if x is None else np.asarray(x, np.float64)
    width = max(8, 64 // max(len(ticks), 1))  # characters a tick's line may take
    lines = max((len(_text(t, width).split("\n")) for t in ticks), default=1)
    legend = _legend_inches([s.name for s in series]) if len(series) > 1 else 0.0
    with _figure(6.2, 3.0 + 0.16 * lines + legend) as (fig, ax):
        for j, s in enumerate(series):
            color = PALETTE[j % len(PALETTE)]
            ax.plot(pos, s.estimate, marker="o", ms=4, color=color, label=_text(s.name))
            ax.fill_between(pos, s.low, s.high, color=color, alpha=0.2, lw=0)
        ax.set_xticks(pos, [_text(t, width) for t in ticks], fontsize=8)
        ax.set_xlabel(_text(xlabel, AXIS_CHARS))
        _y_axis_and_legend(ax, series, ylabel, percent)
        return _svg(fig)


def _y_axis_and_legend(ax: Any, series: Sequence[Series], ylabel: str, percent: bool) -> None:
    """A line chart's y label (a share's axis in percent) and, for several series, a legend."""
    ax.set_ylabel(_text(ylabel, AXIS_CHARS // 2))
    if percent:
        _percent_axis(ax.yaxis)
    if len(series) > 1:
        _legend_above(ax, [s.name for s in series])


DASHES = ("-", "--", ":", "-.")  # line styles of the sweep points when colors name levels


def turn_curves(
    turns: Sequence[int],
    series: Sequence[Series],
    *,
    colors: Sequence[int],
    dashes: Sequence[int],
    ylabel: str,
    percent: bool,
) -> str:
    """Each series over the turns with its 95% interval as a band; ``colors`` and ``dashes``
    index each series' color and line style (a level's color, a sweep point's style)."""
    x = np.asarray(turns, dtype=np.float64)
    legend = _legend_inches([s.name for s in series]) if len(series) > 1 else 0.0
    with _figure(6.2, 3.2 + legend) as (fig, ax):
        for s, c, d in zip(series, colors, dashes, strict=True):
            color = PALETTE[c % len(PALETTE)]
            style = DASHES[d % len(DASHES)]
            ax.plot(x, s.estimate, style, marker="o", ms=3.5, color=color, label=_text(s.name))
            ax.fill_between(x, s.low, s.high, color=color, alpha=0.18, lw=0)
        ax.set_xticks(x, [str(t) for t in turns])
        ax.set_xlabel("turn")
        _y_axis_and_legend(ax, series, ylabel, percent)
        return _svg(fig)


def forest(
    labels: Sequence[str], deltas: Series, unpaired_half: np.ndarray, *, xlabel: str, percent: bool
) -> str:
    """A forest plot: each delta with its paired 95% interval (dark), over the wider interval
    an unpaired comparison of the same precision would have had (light), and a line at 0."""
    n = len(labels)
    wrapped = [_text(label, LABEL_CHARS) for label in labels]
    lines = sum(len(w.split("\n")) for w in wrapped)
    with _figure(6.2, min(0.2 * lines + 0.14 * n + 1.5, 16.0)) as (fig, ax):
        y = np.arange(n, dtype=np.float64)
        est = deltas.estimate
        ax.axvline(0.0, color="#888", lw=0.8, zorder=0)
        names = ["unpaired 95% interval (for comparison)", "paired 95% interval"]
        ax.hlines(y, est - unpaired_half, est + unpaired_half, color="#c9d5ea", lw=6,
                  label=names[0])  # fmt: skip
        ax.hlines(y, deltas.low, deltas.high, color=PALETTE[0], lw=2.2, label=names[1])
        ax.plot(est, y, "o", color=PALETTE[0], ms=4.5)
        ax.set_yticks(y, wrapped)
        ax.invert_yaxis()
        ax.set_xlabel(_text(xlabel, AXIS_CHARS))
        if percent:
            ax.xaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=1))
        ax.margins(y=0.6 / max(n, 1))
        _legend_above(ax, names)
        return _svg(fig)
