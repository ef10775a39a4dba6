"""Cauldron's harness: scenario and experiment files, the runner, reports and the CLI.

``sim.run_experiment(...)`` runs an experiment and returns pandas DataFrames. It is loaded on
first use, so the commands that need no pandas (``explain``, ``cards``) start quickly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sim.run.experiment import ExperimentResult, run_experiment

__all__ = ["ExperimentResult", "run_experiment"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from sim.run import experiment

        return getattr(experiment, name)
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
