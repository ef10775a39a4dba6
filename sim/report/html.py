"""``report.html``: one self-contained, offline page per run folder (SPEC section 6).

Everything comes from the folder's CSVs and manifest (so ``cauldron report DIR`` rebuilds the
same page), plus a few trials replayed from the seeds on the reference engine for their
rule-cited logs. The Jinja template only renders; text from experiment files is escaped by
autoescape, and the only markup let through unescaped is matplotlib's SVG.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from sim.files import write_text
from sim.report.data import PROPORTION_METHODS, RunData, load_run
from sim.report.examples import example_trials, stops
from sim.report.sections import (
    answers,
    charts,
    comparison_charts,
    comparison_rows,
    findings,
    headline,
    status_rows,
)

_ENV = jinja2.Environment(
    loader=jinja2.PackageLoader("sim.report", "templates"),
    autoescape=True,  # the template is .html.j2: select_autoescape would not turn it on
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


def _compact(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


def _run_facts(run: RunData) -> list[tuple[str, str]]:
    """What the manifest says about how the run went: seed, version, trials, speed."""
    m = run.manifest
    rate = m.get("trials_per_s")
    wall = m.get("wall_time_s")
    facts = [
        ("Seed", str(m.get("seed", "?"))),
        ("Cauldron version", str(m.get("version", "?"))),
        ("Trials per sweep point", f"{int(m.get('trials', 0)):,}"),
        ("Sweep points", str(len(m.get("points", [])) or 1)),
        ("Trials in all", f"{int(m.get('trials_total', 0)):,}"),
        ("Wall time", f"{wall:.2f} s" if isinstance(wall, int | float) else "?"),
        ("Trials/s", f"{rate:,.0f}" if isinstance(rate, int | float) else "all from checkpoints"),
        ("Backend", f"{m.get('backend', '?')}, workers: {m.get('workers', '?')}"),
        ("Batches resumed", str(m.get("resumed_batches", 0))),
        ("Python / numpy", f"{m.get('python', '?')} / {m.get('numpy', '?')}"),
    ]
    return facts


def _config_rows(run: RunData) -> list[tuple[str, str]]:
    """The resolved configuration, one top-level key per row (the whole of it, compactly)."""
    config = dict(run.manifest.get("config", {}))
    for key in ("trials", "seed"):  # as run (--trials, --seed), not as in the file
        if key in run.manifest:
            config[key] = run.manifest[key]
    skip = {"name", "description"}
    return [(k, _compact(v)) for k, v in config.items() if k not in skip]


def format_estimate(estimate: float, low: float, high: float, method: str) -> str:
    """A value with its 95% interval, as a share in percent or as a plain number."""
    if math.isnan(estimate):
        return "—"
    if method in PROPORTION_METHODS:
        digits = 2 if estimate < 0.01 or 1 - estimate < 0.01 else 1
        return f"{estimate * 100:.{digits}f}% [{low * 100:.{digits}f}, {high * 100:.{digits}f}]"
    return f"{estimate:.3f} [{low:.3f}, {high:.3f}]"


def _baseline(run: RunData) -> str:
    """The baseline sweep point of a comparison, in words ("" without one)."""
    compare = run.manifest.get("compare") or {}
    return run.group_label(int(compare["baseline"])) if "baseline" in compare else ""


def render_report(run: RunData, *, examples: int = 3) -> str:
    """The HTML text of the report of ``run``."""
    config = run.manifest.get("config", {})
    title = str(run.manifest.get("name") or config.get("name") or run.folder.name)
    context = {
        "title": title,
        "description": str(config.get("description", "")),
        "source": str(run.manifest.get("source", "")),
        "shape": str(run.manifest.get("shape", "")),
        "facts": _run_facts(run),
        "config_rows": _config_rows(run),
        "answers": answers(run),
        "findings": findings(run),
        "headline": headline(run, format_estimate),
        "groups": [(g, run.group_label(g)) for g in run.groups],
        "charts": [
            {"title": c.title, "caption": c.caption, "svg": Markup(c.svg)} for c in charts(run)
        ],
        "comparison": comparison_rows(run, format_estimate),
        "comparison_charts": [
            {"title": c.title, "caption": c.caption, "svg": Markup(c.svg)}
            for c in comparison_charts(run)
        ],
        "baseline": _baseline(run),
        "status": status_rows(run),
        "stops": stops(run),
        "examples": example_trials(run, examples),
        "csv_links": [(name, quote(name)) for name in run.csv_files],
        "run_dir": str(run.folder),
    }
    return _ENV.get_template("report.html.j2").render(context)


def write_report(folder: Path, *, examples: int = 3) -> Path:
    """Build ``report.html`` in a run folder from its CSVs and manifest (atomically)."""
    run = load_run(folder)
    path = folder / "report.html"
    write_text(path, render_report(run, examples=examples))
    return path
