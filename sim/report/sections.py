"""What the report shows, chosen by the metrics a run folder holds (any shape, any sweep):
the headline findings in words, the headline table, the charts and the status counts.

A section appears only when its metric is in ``summary.csv``, so one page serves the wipe,
mana and deck shapes and whatever metric families an experiment asked for. A metric by turn
(a deck game's) is drawn over the turns, one line per sweep point and level.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from engine.batch import tables as tb
from sim.errors import UserError
from sim.report import charts as rc
from sim.report.data import PROPORTION_METHODS, RunData
from sim.run.experiment import experiment_of_run
from sim.shapes.catalog import UNSUPPORTED_RATE, Entry, Metric, metrics_of
from sim.shapes.deck import catalog as deck_metrics
from sim.shapes.mana import catalog as mana_metrics
from sim.shapes.mana.stats import MAX_X_VALUE
from sim.shapes.registry import CATALOGS
from sim.shapes.wipe import catalog as wipe_metrics

TAIL = 0.001  # distributions stop at the last count with at least this share of trials
MAX_GROUPS_IN_BARS = 6  # more sweep points than this: bar charts show the first and the last


def _catalogs(shape: str | None) -> list[tuple[Entry, ...]]:
    """The catalogs a run's metrics come from: its shape's, or every shape's (an older run)."""
    return [CATALOGS[shape]] if shape in CATALOGS else list(CATALOGS.values())


def _metrics(shape: str | None) -> list[Metric]:
    """Every metric of the shape(s), once each by name, the status family last (a reader
    asks about the findings before the trials that were set aside)."""
    seen: dict[str, Metric] = {}
    for cat in _catalogs(shape):
        for metric in metrics_of(cat):
            seen.setdefault(metric.name, metric)
    return sorted(seen.values(), key=lambda metric: metric.family == "status")


def headline_rows(shape: str | None = None) -> tuple[tuple[str, str | None, str], ...]:
    """(metric, level or None for every level, label) of the headline table, in the order a
    reader asks about them, read from the shape's catalog."""
    return tuple(
        (metric.name, level, label)
        for metric in _metrics(shape)
        for level, label in metric.headline_rows()
    )


def label(shape: str | None, metric: str) -> str:
    """What the report calls a metric of a shape (its CSV name when no catalog has it)."""
    found = [m.label for m in _metrics(shape) if m.name == metric]
    return found[0] if found else metric


HEADLINE = headline_rows()  # every shape's headline rows (``--target-ci`` waits for these)


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
    if (
        metric == mana_metrics.REJECTED_SHARE.name
    ):  # reasons that never happened: listed in the CSV only
        rows = run.rows(metric)
        levels = [lv for lv in levels if (rows[rows["level"] == lv]["estimate"] > 0).any()]
    series = [_series(run, metric, g, levels) for g in _bar_groups(run)]
    percent = _is_share(run.rows(metric))
    colors = (
        [rc.MANA_COLORS.get(lv, rc.PALETTE[0]) for lv in levels]
        if metric == mana_metrics.MANA_BY_TYPE.name
        else None
    )
    xlabel = "share" if percent else "mean per trial"
    svg = rc.bars(levels, series, xlabel=xlabel, percent=percent, colors=colors)
    return Chart(title, caption, svg)


def _count(level: str) -> int:
    """A histogram level as a number: '12', or an open-ended last level '256+' (256 or
    more), drawn at 256."""
    return int(level.rstrip("+"))


def _distribution(run: RunData, metric: str, title: str, xlabel: str, caption: str) -> Chart:
    levels = sorted(_levels(run, metric), key=_count)
    rows = run.rows(metric)
    seen = rows[rows["estimate"] >= TAIL]["level"].map(_count)
    if not seen.empty and _count(levels[-1]) > seen.max():  # a long near-empty tail squashes
        levels = [lv for lv in levels if _count(lv) <= seen.max()]
        caption += f" Counts above {seen.max()} (each under {TAIL:.1%} of trials) not drawn."
    if levels and levels[-1].endswith("+"):
        caption += f" The last bar, {levels[-1]}, counts {levels[-1][:-1]} or more."
    series = [_series(run, metric, g, levels) for g in _bar_groups(run)]
    svg = rc.distribution([_count(lv) for lv in levels], series, xlabel=xlabel)
    return Chart(title, caption, svg)


def _order_split(run: RunData) -> Chart:
    metric = wipe_metrics.FIRST_RETURN_SHARE
    seats = _levels(run, metric.name)
    groups = run.groups
    shares = np.array([_series(run, metric.name, g, seats).estimate for g in groups])
    svg = rc.stacked_shares([run.group_label(g) for g in groups], seats, shares)
    caption = (
        "Among trials with at least one return: whose creature came back first. APNAP (CR"
        " 603.3b): the active player's triggers go on the stack first, so they resolve last."
    )
    return Chart(metric.label, caption, svg)


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
    for metric in _metrics(run.manifest.get("shape")):
        if metric.curve is None or not run.has(metric.name) or run.by_turn(metric.name):
            continue
        levels = metric.curve.levels or _levels(run, metric.name)
        rows = run.rows(metric.name)
        series = []
        for level in levels:
            at = rows[rows["level"] == level].set_index("group").reindex(run.groups)
            series.append(
                rc.Series(
                    level,
                    at["estimate"].to_numpy(np.float64),
                    at["ci_low"].to_numpy(np.float64),
                    at["ci_high"].to_numpy(np.float64),
                )
            )
        svg = rc.sweep_curves(
            x, ticks, series, xlabel=xlabel, ylabel=metric.curve.ylabel, percent=_is_share(rows)
        )
        caption = "Each sweep point with its 95% confidence band."
        out.append(Chart(f"Sweep: {metric.name} over {xlabel}", caption, svg))
    return out


def _turn_name(run: RunData, level: str, group: int, levels: int) -> str:
    """A line of a chart by turn: its level, its sweep point, or both."""
    if not run.is_sweep:
        return level
    return run.group_label(group) if levels == 1 else f"{level}, {run.group_label(group)}"


def _turn_chart(run: RunData, metric: Metric, ylabel: str, wanted: Sequence[str] | None) -> Chart:
    """One metric over the turns: a line with its 95% band per level and sweep point (colors
    the levels, line styles the points; with one level, colors the points)."""
    rows = run.rows(metric.name)
    levels = [lv for lv in (wanted or _levels(run, metric.name)) if lv in set(rows["level"])]
    turns = sorted(int(t) for t in rows["turn"].dropna().unique())
    series, colors, dashes = [], [], []
    for i, level in enumerate(levels):
        for j, group in enumerate(run.groups):
            part = rows[(rows["level"] == level) & (rows["group"] == group)]
            at = part.set_index("turn").reindex(turns)
            series.append(
                rc.Series(
                    _turn_name(run, level, group, len(levels)),
                    at["estimate"].to_numpy(np.float64),
                    at["ci_low"].to_numpy(np.float64),
                    at["ci_high"].to_numpy(np.float64),
                )
            )
            colors.append(i if len(levels) > 1 else j)
            dashes.append(j if len(levels) > 1 else 0)
    svg = rc.turn_curves(
        turns, series, colors=colors, dashes=dashes, ylabel=ylabel, percent=_is_share(rows)
    )
    caption = (
        "Measured each turn in the main phase, after the land drop and before casting;"
        " bands: 95% confidence intervals."
    )
    if len(levels) > 1 and run.is_sweep:
        caption += " Colors: levels; line styles: sweep points."
    return Chart(f"{metric.label} by turn", caption, svg)


def _turn_charts(run: RunData) -> list[Chart]:
    """Every metric by turn that declares a curve, over the turns."""
    return [
        _turn_chart(run, metric, metric.curve.ylabel, metric.curve.levels)
        for metric in _metrics(run.manifest.get("shape"))
        if metric.curve is not None and run.has(metric.name) and run.by_turn(metric.name)
    ]


_CI = "Bars: estimate; whiskers: 95% confidence interval."

# (metric, caption, x label of a distribution or None for bars), in the order a reader asks
_CHARTS: tuple[tuple[Metric, str, str | None], ...] = (
    (
        wipe_metrics.RETURN_RATE_BY_CARD,
        "Share of each card's starting permanents that returned (persist or undying). " + _CI,
        None,
    ),
    (wipe_metrics.FIRST_RETURN_SHARE, "", None),  # the stacked return order split
    (
        wipe_metrics.RETURN_RATE_BY_SEAT,
        "Persist/undying permanents that returned, by their controller's seat. " + _CI,
        None,
    ),
    (
        wipe_metrics.RETURNS_COUNT,
        "Share of trials with each number of returns (95% intervals).",
        "returns",
    ),
    (
        wipe_metrics.LIFE_AFTER,
        "Mean life of each seat as the trial ends (trials that ended ok): life gained (Kitchen"
        " Finks) and lost (Blood Artist, damage to players). " + _CI,
        None,
    ),
    (mana_metrics.MANA_BY_TYPE, "Mean mana of each type added per trial. " + _CI, None),
    (mana_metrics.TOTAL_MANA_COUNT, "Share of trials by total mana added.", "total mana"),
    (
        mana_metrics.MAX_X_COUNT,
        "Share of trials (where the X spell is castable) by the largest X paid for.",
        "max X",
    ),
    (mana_metrics.COST_PAYABLE, "Share of trials whose mana could pay each cost. " + _CI, None),
    (
        mana_metrics.REJECTED_SHARE,
        "Share of attempted activations rejected, by reason. " + _CI,
        None,
    ),
    (
        deck_metrics.MULLIGANS_COUNT,
        "Share of games by the mulligans taken (CR 103.5, the London mulligan).",
        "mulligans",
    ),
)


def _chart(run: RunData, metric: Metric, caption: str, xlabel: str | None) -> Chart:
    if metric is wipe_metrics.FIRST_RETURN_SHARE:
        return _order_split(run)
    if xlabel is not None:
        return _distribution(run, metric.name, metric.label, xlabel, caption)
    skip: Sequence[str] = ("total",) if metric is mana_metrics.MANA_BY_TYPE else ()
    if metric is wipe_metrics.RETURN_RATE_BY_CARD:
        skip = _cannot_return(run)
        if skip:
            caption += " Cards without persist or undying (printed or granted) are left out."
    return _bar_chart(run, metric.name, metric.label, caption, skip=skip)


def _cannot_return(run: RunData) -> list[str]:
    """Cards of ``return_rate_by_card`` that cannot return: no printed persist or undying,
    none granted by their slot, and no return seen (an effect such as Mikaeus's may grant
    one during the trial)."""
    try:
        exp = experiment_of_run(run.folder)
    except UserError:
        return []
    can: set[str] = set()
    for point in exp.points:
        for slot in getattr(point.config, "slots", ()):
            granted = slot.persist.high > 0 or slot.undying.high > 0
            for k in slot.cards:
                if granted or tb.PERSIST[k] > 0 or tb.UNDYING[k] > 0:
                    can.add(tb.CARDS[k].name)
    rows = run.rows(wipe_metrics.RETURN_RATE_BY_CARD.name)
    seen = set(rows[rows["estimate"] > 0]["level"])
    return [lv for lv in dict.fromkeys(rows["level"]) if lv not in can | seen]


def charts(run: RunData) -> list[Chart]:
    """Every chart the run's metrics allow, the ones answering the main question first."""
    out = [
        _chart(run, *spec)
        for spec in _CHARTS
        if run.has(spec[0].name) and not run.by_turn(spec[0].name)
    ]
    out.extend(_turn_charts(run))
    if run.is_sweep:
        out.extend(_sweep_charts(run))
    return out


def _last_turn(run: RunData, metric: str) -> int | None:
    """The last turn of a metric by turn (the headline table shows it), None for others."""
    turns = run.rows(metric)["turn"].dropna()
    return int(turns.max()) if not turns.empty else None


def _cells(run: RunData, metric: str, level: str, fmt: Formatter) -> list[str]:
    cells = []
    turn = _last_turn(run, metric)
    for g in run.groups:
        rows = run.rows(metric, g)
        rows = rows[rows["level"] == level]
        if turn is not None:
            rows = rows[rows["turn"] == turn]
        if rows.empty:
            cells.append("—")
            continue
        first = rows.iloc[0]
        cells.append(
            fmt(first["estimate"], first["ci_low"], first["ci_high"], str(first["method"]))
        )
    return cells


def headline(run: RunData, fmt: Formatter) -> list[tuple[str, list[str]]]:
    """Rows of (label, one cell per group) for the key metrics, each with its interval."""
    out = []
    for metric, level, text in headline_rows(run.manifest.get("shape")):
        if not run.has(metric):
            continue
        turn = _last_turn(run, metric)
        if turn is not None:
            where = f" on turn {turn}"
            text = f"{text}{where}" if level is not None else f"{text.rstrip(':')}{where}:"
        if level is not None:
            out.append((text, _cells(run, metric, level, fmt)))
            continue
        out.append((text, ["" for _ in run.groups]))
        out.extend((f"    {lv}", _cells(run, metric, lv, fmt)) for lv in _levels(run, metric))
    return out


def _pct(value: float) -> str:
    return "—" if math.isnan(value) else f"{value * 100:.1f}%"


def findings(run: RunData) -> list[str]:
    """The answers in words, one line per sweep point (escaped by the template)."""
    out = []
    for g in run.groups:
        prefix = f"{run.group_label(g)}: " if run.is_sweep else ""
        rate = run.rows(wipe_metrics.RETURN_RATE.name, g)
        if not rate.empty:
            row = rate.iloc[0]
            text = (
                f"{prefix}{_pct(row['estimate'])} of persist/undying creatures returned"
                f" (95% CI {_pct(row['ci_low'])}–{_pct(row['ci_high'])})"
            )
            first = run.rows(wipe_metrics.FIRST_RETURN_SHARE.name, g)
            if not first.empty:
                split = ", ".join(
                    f"{seat['level']} {_pct(seat['estimate'])}" for _, seat in first.iterrows()
                )
                text += f"; first return by seat: {split}"
            out.append(text + ".")
        total = run.rows(mana_metrics.MANA_BY_TYPE.name, g)
        total = total[total["level"] == "total"]
        if not total.empty:
            mean = total.iloc[0]
            text = f"{prefix}{mean['estimate']:.2f} mana per trial on average"
            max_x = run.rows(mana_metrics.MAX_X.name, g)
            if not max_x.empty:
                text += f"; mean max X {max_x.iloc[0]['estimate']:.2f}"
            capped = run.rows(mana_metrics.X_CAPPED.name, g)
            if not capped.empty and capped.iloc[0]["estimate"] > 0:
                text += (
                    f" ({_pct(capped.iloc[0]['estimate'])} of castable trials paid more than"
                    f" the cap MAX_X_VALUE = {MAX_X_VALUE:,} and were cast with it)"
                )
            out.append(text + ".")
        lands = run.rows(deck_metrics.LANDS_IN_PLAY.name, g)
        if not lands.empty:
            last = lands.iloc[-1]  # rows by turn: the last turn's
            text = f"{prefix}on turn {int(last['turn'])}, {last['estimate']:.2f} lands in play"
            mana = run.rows(deck_metrics.MANA_AVAILABLE.name, g)
            mana = mana[(mana["level"] == "total") & (mana["turn"] == last["turn"])]
            if not mana.empty:
                text += f" and {mana.iloc[0]['estimate']:.2f} mana available"
            out.append(text + " on average (main phase, before casting).")
    return out


def status_rows(run: RunData) -> list[dict[str, str]]:
    """Trials by status (ok, draw, unsupported) for each group, as counts and shares."""
    out = []
    for g in run.groups:
        rows = run.rows(wipe_metrics.DRAW_RATE.name, g), run.rows(UNSUPPORTED_RATE.name, g)
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


def _comparison_headline(run: RunData) -> pd.DataFrame:
    """The comparison rows of the headline metrics, in headline order, then by point; a
    metric by turn at its last turn, as the headline table reads it."""
    frame = run.comparison
    if frame is None or frame.empty:
        return pd.DataFrame()
    order = []
    for metric, level, _ in headline_rows(run.manifest.get("shape")):
        rows = frame[frame["metric"] == metric]
        order.append(rows if level is None else rows[rows["level"] == level])
    rows = _at_last_turn(pd.concat(order) if order else frame.iloc[:0])
    return rows[rows["estimate"].notna()].reset_index(drop=True)


def _row_label(run: RunData, row: pd.Series, many: bool) -> str:
    level = "" if row["level"] == "all" else f" ({row['level']})"
    turn = str(row.get("turn", ""))  # a metric by turn (deck games); "" else
    when = f", turn {turn}" if turn else ""
    text = f"{label(run.manifest.get('shape'), str(row['metric']))}{level}{when}"
    return f"{row['label'] or run.group_label(int(row['group']))}: {text}" if many else text


def comparison_charts(run: RunData) -> list[Chart]:
    """Forest plots of the headline deltas: shares in percentage points, then the others."""
    rows = _comparison_headline(run)
    if rows.empty:
        return []
    many = rows["group"].nunique() > 1
    shares = rows["share"]
    base = str(rows.iloc[0]["baseline_label"]) or run.group_label(int(rows.iloc[0]["baseline"]))
    out = []
    for part, percent in ((rows[shares], True), (rows[~shares], False)):
        if part.empty:
            continue
        series = rc.Series(
            "delta",
            part["estimate"].to_numpy(np.float64),
            part["ci_low"].to_numpy(np.float64),
            part["ci_high"].to_numpy(np.float64),
        )
        half = part["unpaired_ci_width"].to_numpy(np.float64) / 2
        labels = [_row_label(run, row, many) for _, row in part.iterrows()]
        xlabel = f"difference from {base}" + (" (percentage points)" if percent else "")
        svg = rc.forest(labels, series, half, xlabel=xlabel, percent=percent)
        caption = (
            f"Each point minus the baseline ({base}), paired on the same random trials: dark,"
            " the paired 95% interval; light, the interval unpaired draws would have given."
        )
        out.append(Chart("Paired comparison: " + ("shares" if percent else "means"), caption, svg))
    return out


def comparison_rows(run: RunData, fmt: Formatter) -> list[dict[str, str]]:
    """The headline deltas as table rows: delta and interval, ratio, widths, the gain."""
    out = []
    for _, row in _comparison_headline(run).iterrows():
        method = "wilson" if row["share"] else "normal"
        paired, unpaired = row["paired_ci_width"], row["unpaired_ci_width"]
        gain = unpaired / paired if paired > 0 else math.inf if unpaired > 0 else math.nan
        out.append(
            {
                "point": str(row["label"]) or run.group_label(int(row["group"])),
                "metric": _row_label(run, row, False),
                "delta": _signed(fmt(row["estimate"], row["ci_low"], row["ci_high"], method)),
                "ratio": "—"
                if np.isnan(row["ratio"])
                else f"{row['ratio']:.3f} [{row['ratio_ci_low']:.3f}, {row['ratio_ci_high']:.3f}]",
                "widths": _widths(paired, unpaired, bool(row["share"])),
                "gain": "exact" if row["method"] == "exact" else _gain(gain),
                "correlation": "—" if np.isnan(row["correlation"]) else f"{row['correlation']:.3f}",
            }
        )
    return out


def _signed(text: str) -> str:
    return text if text.startswith(("-", "—")) else "+" + text


def _gain(gain: float) -> str:
    if math.isnan(gain):
        return "—"
    return "∞ (no paired variation)" if math.isinf(gain) else f"{gain:.1f}x"


def _widths(paired: float, unpaired: float, share: bool) -> str:
    if share:
        return f"{paired * 100:.3g} vs {unpaired * 100:.3g} points"
    return f"{paired:.3g} vs {unpaired:.3g}"


def answers(run: RunData) -> str:
    """What this run answers, in one line: the file's question, then for each point the
    headline deltas whose paired interval excludes 0 (the first two), or that none does;
    "" without a comparison."""
    question = str(run.manifest.get("config", {}).get("description", "")).strip()
    rows = _comparison_headline(run)
    if rows.empty:
        return ""  # no comparison: the page leads with the description alone
    base = str(rows.iloc[0]["baseline_label"]) or run.group_label(int(rows.iloc[0]["baseline"]))
    parts, same = [], []
    for _, part in rows.groupby("group", sort=False):
        point = str(part.iloc[0]["label"]) or run.group_label(int(part.iloc[0]["group"]))
        clear = part[(part["ci_low"] > 0) | (part["ci_high"] < 0)]
        if clear.empty:
            same.append(point)
            continue
        said = [
            f"{_row_label(run, row, False)} {_delta_text(row)}"
            for _, row in clear.head(2).iterrows()
        ]
        parts.append(f"{point}: " + ", ".join(said))
    if same:
        parts.append("no headline figure differs beyond its 95% interval with " + ", ".join(same))
    lead = f"{question} " if question else ""
    return f"{lead}Against {base}: " + "; ".join(parts) + "."


def _at_last_turn(rows: pd.DataFrame) -> pd.DataFrame:
    """The rows of metrics by turn at the last turn only, and every other row."""
    turns = pd.to_numeric(rows.get("turn", pd.Series(dtype=str)), errors="coerce")
    if turns.isna().all():
        return rows
    last: pd.DataFrame = rows[turns.isna() | (turns == turns.max())]
    return last


def _delta_text(row: pd.Series) -> str:
    """A delta with its paired interval: percentage points for a share."""
    if row["share"]:
        lo, est, hi = (row[k] * 100 for k in ("ci_low", "estimate", "ci_high"))
        return f"{est:+.2f} points [{lo:+.2f}, {hi:+.2f}]"
    return f"{row['estimate']:+.3g} [{row['ci_low']:+.3g}, {row['ci_high']:+.3g}]"
