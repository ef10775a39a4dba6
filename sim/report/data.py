"""Read a run folder back (``manifest.json`` and ``summary.csv``) for the HTML report.

The report is rebuilt from the files alone (``cauldron report DIR``), so everything it shows
comes from here: nothing is recomputed from checkpoints.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from sim.errors import UserError

PROPORTION_METHODS = frozenset({"wilson", "wilson-cluster"})  # estimates that are shares


@dataclass(frozen=True)
class RunData:
    """One run folder: its manifest, its summary rows and the CSV files that sit beside it."""

    folder: Path
    manifest: dict[str, Any]
    summary: pd.DataFrame  # the tidy summary.csv: group, params, family, metric, level, turn, ...
    csv_files: tuple[str, ...]  # names of the CSVs in the folder, in manifest order
    comparison: pd.DataFrame | None = None  # comparison.csv: paired deltas (issue 15)

    @property
    def groups(self) -> list[int]:
        return sorted(int(g) for g in self.summary["group"].unique())

    @property
    def is_sweep(self) -> bool:
        return len(self.manifest.get("points", [])) > 1

    def rows(self, metric: str, group: int | None = None) -> pd.DataFrame:
        """The rows of one metric (of one group, or of every group), in file order."""
        part = self.summary[self.summary["metric"] == metric]
        if group is not None:
            part = part[part["group"] == group]
        return part.reset_index(drop=True)

    def has(self, metric: str) -> bool:
        return bool((self.summary["metric"] == metric).any())

    def by_turn(self, metric: str) -> bool:
        """Whether the metric's rows are by turn (a deck game's: one per turn and level)."""
        return bool(self.rows(metric)["turn"].notna().any())

    def group_label(self, group: int) -> str:
        """The sweep point in words (its ``labels`` from the file, else ``key=value``), or
        "all trials" without a sweep."""
        for point in self.manifest.get("points", []):
            if point.get("group") == group and point.get("label"):
                return str(point["label"])
            if point.get("group") == group and point.get("params"):
                return ", ".join(f"{k}={_plain(v)}" for k, v in point["params"].items())
        return f"group {group}" if self.is_sweep else "all trials"


def _plain(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def load_run(folder: Path) -> RunData:
    """The run in ``folder``; one clear error when it is not a folder ``cauldron run`` wrote."""
    manifest_path, summary_path = folder / "manifest.json", folder / "summary.csv"
    if not folder.is_dir() or not manifest_path.is_file() or not summary_path.is_file():
        raise UserError(
            f"report {folder}: not a run folder (no manifest.json and summary.csv;"
            " hint: the folder `cauldron run` wrote)"
        )
    try:
        manifest = json.loads(manifest_path.read_text("utf-8"))
        summary = pd.read_csv(summary_path, keep_default_na=False, dtype=str)
    except (OSError, ValueError) as err:
        raise UserError(f"report {folder}: unreadable run files ({err})") from None
    needed = {"group", "family", "metric", "level", "estimate", "ci_low", "ci_high", "trials"}
    if not isinstance(manifest, dict) or not needed <= set(summary.columns):
        raise UserError(f"report {folder}: manifest.json or summary.csv is not from cauldron run")
    if "turn" not in summary.columns:  # a run from before metrics by turn
        summary["turn"] = ""
    for column in ("group", "turn", "estimate", "ci_low", "ci_high", "trials", "n"):
        if column in summary.columns:  # empty cells (NaN when written) become NaN again
            summary[column] = pd.to_numeric(summary[column], errors="coerce")
    listed = [f for f in manifest.get("files", []) if isinstance(f, str) and f.endswith(".csv")]
    csv_files = tuple(f for f in listed if (folder / f).is_file())
    return RunData(folder, manifest, summary, csv_files, _comparison(folder))


NUMERIC = (  # the numeric columns of comparison.csv the report reads
    "estimate",
    "ci_low",
    "ci_high",
    "ratio",
    "ratio_ci_low",
    "ratio_ci_high",
    "point_estimate",
    "baseline_estimate",
    "paired_ci_width",
    "unpaired_ci_width",
)


def _comparison(folder: Path) -> pd.DataFrame | None:
    """``comparison.csv`` when the run compared its points with a baseline, else None."""
    path = folder / "comparison.csv"
    if not path.is_file():
        return None
    try:
        frame = pd.read_csv(path, keep_default_na=False, dtype=str)
    except (OSError, ValueError) as err:
        raise UserError(f"report {folder}: unreadable comparison.csv ({err})") from None
    if not {"group", "metric", "level", *NUMERIC} <= set(frame.columns):
        raise UserError(f"report {folder}: comparison.csv is not from cauldron run")
    for column in ("group", "baseline", "correlation", *NUMERIC):
        frame[column] = pd.to_numeric(frame[column], errors="coerce")
    frame["share"] = frame["share"] == "True" if "share" in frame else False
    return frame
