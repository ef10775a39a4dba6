"""What the report shows, chosen by the metrics a run folder holds (any shape, any sweep):
the headline findings in words, the headline table, the charts and the status counts.

A section appears only when its metric is in ``summary.csv``, so one page serves the wipe
and the mana shapes and whatever metric families an experiment asked for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sim.report import charts as rc
from sim.report.data import PROPORTION_METHODS, RunData

TAIL = 0.001  # distributions stop at the last count with at least this share of trials
MAX_GROUPS_IN_BARS = 6  # more sweep points than this: bar charts show the first and the last

# (metric, level or None for every level, label) in the order a reader asks about them
HEADLINE: tuple[tuple[str, str | None, str], ...] = (
    ("return_rate", "all", "Persist/undying creatures that returned"),
    ("return_rate_if_left", "all", "… of those that left the battlefield"),
    ("returns_per_trial", "all", "Returns per trial"),
    ("returns_per_trial", "persist", "Persist returns per trial"),
    ("returns_per_trial", "undying", "Undying returns per trial"),
    ("first_return_share", None, "First return by seat:"),
    ("mana_by_type", "total", "Total mana per trial"),
    ("x_castable", "all", "X spell castable"),
    ("max_x", "all", "Max X (when castable)"),
    ("cost_payable", None, "Cost payable:"),
    ("draw_rate", "all", "Draws (mandatory loop, CR 104.4b)"),
    ("unsupported_rate", "all", "Unsupported trials"),
)

# sweep curves: (metric, levels or None for every level, y label)
SWEEP: tuple[tuple[str, tuple[str, ...] | None, str], ...] = (
    ("return_rate", ("all",), "return rate"),
    ("first_return_share", None, "share of first returns"),
    ("returns_per_trial", None, "returns per trial"),
    ("mana_by_type", ("total",), "total mana per trial"),
    ("max_x", ("all",), "max X"),
    ("cost_payable", None, "share of trials"),
)


@dataclass(frozen=True)
class Chart:
    title: str
    caption: str
    svg: str


Formatter = Callable[[float, float, float, str], str]


def _is_share(rows: pd.DataFrame) -> bool:
    return bool(rows["method"].isin(PROPORTION_METHODS).all()) if "method" in rows else False


def _bar_groups(run: RunData) -> list[int]:
    groups = run.groups
    return groups if len(groups) <= MAX_GROUPS_IN_BARS else [groups[0], groups[-1]]


def _series(run: RunData, metric: str, group: int, levels: Sequence[str]) -> rc.Series:
    rows = run.rows(metric, group).set_index("level")
    rows = rows.reindex(list(levels))
    return rc.Series(
        run.group_label(group),
        rows["estimate"].to_numpy(np.float64),
        rows["ci_low"].to_numpy(np.float64),
        rows["ci_high"].to_numpy(np.float64),
    )


def _levels(run: RunData, metric: str, *, skip: Sequence[str] = ()) -> list[str]:
    levels = list(dict.fromkeys(run.rows(metric)["level"]))
    return [lv for lv in levels if lv not in skip]


def _bar_chart(
    run: RunData, metric: str, title: str, caption: str, *, skip: Sequence[str] = ()
) -> Chart:
    levels = _levels(run, metric, skip=skip)
    if metric == "rejected_share":  # reasons that never happened: listed in the CSV only
        rows = run.rows(metric)
        levels = [lv for lv in levels if (rows[rows["level"] == lv]["estimate"] > 0).any()]
    series = [_series(run, metric, g, levels) for g in _bar_groups(run)]
    percent = _is_share(run.rows(metric))
    colors = (
        [rc.MANA_COLORS.get(lv, rc.PALETTE[0]) for lv in levels]
        if metric == "mana_by_type"
        else None
    )
    xlabel = "share" if percent else "mean per trial"
    svg = rc.bars(levels, series, xlabel=xlabel, percent=percent, colors=colors)
    return Chart(title, caption, svg)


def _distribution(run: RunData, metric: str, title: str, xlabel: str, caption: str) -> Chart:
    levels = sorted(_levels(run, metric), key=int)
    rows = run.rows(metric)
    seen = rows[rows["estimate"] >= TAIL]["level"].astype(int)
    if not seen.empty and int(levels[-1]) > seen.max():  # a long near-empty tail squashes
        levels = [lv for lv in levels if int(lv) <= seen.max()]
        caption += f" Counts above {seen.max()} (each under {TAIL:.1%} of trials) not drawn."
    series = [_series(run, metric, g, levels) for g in _bar_groups(run)]
    svg = rc.distribution([int(lv) for lv in levels], series, xlabel=xlabel)
    return Chart(title, caption, svg)


def _order_split(run: RunData) -> Chart:
    seats = _levels(run, "first_return_share")
    groups = run.groups
    shares = np.array([_series(run, "first_return_share", g, seats).estimate for g in groups])
    svg = rc.stacked_shares([run.group_label(g) for g in groups], seats, shares)
    caption = (
        "Among trials with at least one return: whose creature came back first. APNAP (CR"
        " 603.3b): the active player's triggers go on the stack first, so they resolve last."
    )
    return Chart("Return order split: first return by seat", caption, svg)


def _sweep_x(run: RunData) -> tuple[list[float] | None, list[str], str]:
    points = run.manifest.get("points", [])
    params = [p.get("params", {}) for p in points]
    keys = list(params[0]) if params else []
    ticks = [run.group_label(g) for g in run.groups]
    if len(keys) == 1:
        values = [p[keys[0]] for p in params]
        ticks = [str(v) for v in values]
        numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
        return ([float(v) for v in values] if numeric else None), ticks, keys[0]
    return None, ticks, "sweep point"


def _sweep_charts(run: RunData) -> list[Chart]:
    x, ticks, xlabel = _sweep_x(run)
    out = []
    for metric, wanted, ylabel in SWEEP:
        if not run.has(metric):
            continue
        levels = list(wanted) if wanted is not None else _levels(run, metric)
        series = []
        for level in levels:
            rows = run.rows(metric)
            rows = rows[rows["level"] == level].set_index("group").reindex(run.groups)
            series.append(
                rc.Series(
                    level,
                    rows["estimate"].to_numpy(np.float64),
                    rows["ci_low"].to_numpy(np.float64),
                    rows["ci_high"].to_numpy(np.float64),
                )
            )
        svg = rc.sweep_curves(
            x, ticks, series, xlabel=xlabel, ylabel=ylabel, percent=_is_share(run.rows(metric))
        )
        caption = "Each sweep point with its 95% confidence band."
        out.append(Chart(f"Sweep: {metric} over {xlabel}", caption, svg))
    return out


def charts(run: RunData) -> list[Chart]:
    """Every chart the run's metrics allow, the ones answering the main question first."""
    out: list[Chart] = []
    ci = "Bars: estimate; whiskers: 95% confidence interval."
    if run.has("return_rate_by_card"):
        cap = "Share of each card's starting permanents that returned (persist or undying). " + ci
        out.append(_bar_chart(run, "return_rate_by_card", "Return rate by card", cap))
    if run.has("first_return_share"):
        out.append(_order_split(run))
    if run.has("return_rate_by_seat"):
        cap = "Persist/undying permanents that returned, by their controller's seat. " + ci
        out.append(_bar_chart(run, "return_rate_by_seat", "Return rate by seat", cap))
    if run.has("returns_count"):
        cap = "Share of trials with each number of returns (95% intervals)."
        out.append(_distribution(run, "returns_count", "Returns per trial", "returns", cap))
    if run.has("mana_by_type"):
        cap = "Mean mana of each type added per trial. " + ci
        out.append(_bar_chart(run, "mana_by_type", "Mana by type", cap, skip=("total",)))
    if run.has("total_mana_count"):
        cap = "Share of trials by total mana added."
        out.append(_distribution(run, "total_mana_count", "Total mana", "total mana", cap))
    if run.has("max_x_count"):
        cap = "Share of trials (where the X spell is castable) by the largest X paid for."
        out.append(_distribution(run, "max_x_count", "X", "max X", cap))
    if run.has("cost_payable"):
        cap = "Share of trials whose mana could pay each cost. " + ci
        out.append(_bar_chart(run, "cost_payable", "Costs payable", cap))
    if run.has("rejected_share"):
        cap = "Share of attempted activations rejected, by reason. " + ci
        out.append(_bar_chart(run, "rejected_share", "Rejected activations", cap))
    if run.is_sweep:
        out.extend(_sweep_charts(run))
    return out


def headline(run: RunData, fmt: Formatter) -> list[tuple[str, list[str]]]:
    """Rows of (label, one cell per group) for the key metrics, each with its interval."""
    out = []
    for metric, level, label in HEADLINE:
        if not run.has(metric):
            continue
        levels = [level] if level is not None else _levels(run, metric)
        if level is None:
            out.append((label, ["" for _ in run.groups]))
        for lv in levels:
            cells = []
            for g in run.groups:
                rows = run.rows(metric, g)
                rows = rows[rows["level"] == lv]
                if rows.empty:
                    cells.append("—")
                    continue
                r = rows.iloc[0]
                cells.append(fmt(r["estimate"], r["ci_low"], r["ci_high"], str(r["method"])))
            out.append((label if level is not None else f"    {lv}", cells))
    return out


def _pct(value: float) -> str:
    return "—" if math.isnan(value) else f"{value * 100:.1f}%"


def findings(run: RunData) -> list[str]:
    """The answers in words, one line per sweep point (escaped by the template)."""
    out = []
    for g in run.groups:
        prefix = f"{run.group_label(g)}: " if run.is_sweep else ""
        rate = run.rows("return_rate", g)
        if not rate.empty:
            r = rate.iloc[0]
            text = (
                f"{prefix}{_pct(r['estimate'])} of persist/undying creatures returned"
                f" (95% CI {_pct(r['ci_low'])}–{_pct(r['ci_high'])})"
            )
            first = run.rows("first_return_share", g)
            if not first.empty:
                split = ", ".join(
                    f"{row['level']} {_pct(row['estimate'])}" for _, row in first.iterrows()
                )
                text += f"; first return by seat: {split}"
            out.append(text + ".")
        total = run.rows("mana_by_type", g)
        total = total[total["level"] == "total"]
        if not total.empty:
            t = total.iloc[0]
            text = f"{prefix}{t['estimate']:.2f} mana per trial on average"
            max_x = run.rows("max_x", g)
            if not max_x.empty:
                text += f"; mean max X {max_x.iloc[0]['estimate']:.2f}"
            out.append(text + ".")
    return out


def status_rows(run: RunData) -> list[dict[str, str]]:
    """Trials by status (ok, draw, unsupported) for each group, as counts and shares."""
    out = []
    for g in run.groups:
        rows = run.rows("draw_rate", g), run.rows("unsupported_rate", g)
        any_rows = run.summary[run.summary["group"] == g]
        trials = int(any_rows["trials"].max()) if not any_rows.empty else 0
        counts: list[int | None] = []
        for part in rows:
            if part.empty:
                counts.append(None)
                continue
            trials = int(part.iloc[0]["trials"])
            counts.append(round(float(part.iloc[0]["estimate"]) * trials))
        ok = trials - sum(c for c in counts if c is not None)
        draw, unsupported = counts

        def cell(n: int | None, trials: int = trials) -> str:
            if n is None:
                return "not measured"
            return f"{n:,} ({n / trials * 100:.2f}%)" if trials else f"{n:,}"

        out.append(
            {
                "group": run.group_label(g),
                "trials": f"{trials:,}",
                "ok": cell(ok),
                "draw": cell(draw),
                "unsupported": cell(unsupported),
            }
        )
    return out
