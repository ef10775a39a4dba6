"""Cauldron's harness: scenario and experiment files, the runner, reports and the CLI.

``sim.run_experiment(...)`` runs an experiment and returns pandas DataFrames; ``sim.explain``,
``sim.explain_trial``, ``sim.load_run``, ``sim.find_cards`` and ``sim.run_bench`` are the other
commands as functions (``sim.api``), for notebooks. They are loaded on first use, so the
commands that need no pandas (``explain``, ``cards``) start quickly.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sim.run.experiment import ExperimentResult

__all__ = [
    "ExperimentResult",
    "Explanation",
    "explain",
    "explain_trial",
    "find_cards",
    "load_run",
    "run_bench",
    "run_experiment",
]
# the names ``sim.api`` holds (not ``cards`` and ``bench``: modules of this package own them)
_API = frozenset({"Explanation", "explain", "explain_trial", "find_cards", "load_run", "run_bench"})


def run_experiment(experiment: Any, **options: Any) -> ExperimentResult:
    """``sim.run.experiment.run_experiment``, after putting in place the card files a file's
    ``cards`` key names (a parsed file's, a dict: relative to the working folder): the batch
    engine builds its card tables once per process, so they must be known before it is
    imported."""
    from sim.config.cards import use_file_cards

    if isinstance(experiment, str | Path) and Path(experiment).is_file():
        from sim.config.reader import read_toml

        use_file_cards(read_toml(Path(experiment)), experiment)
    elif isinstance(experiment, Mapping):
        use_file_cards(experiment, "<experiment>")
    from sim.run import experiment as runner

    return runner.run_experiment(experiment, **options)


def __getattr__(name: str) -> Any:
    if name in _API:
        from sim import api

        return getattr(api, name)
    if name == "ExperimentResult":
        from sim.run import experiment

        return experiment.ExperimentResult
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
