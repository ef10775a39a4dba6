"""Rebuild any trial of a run from its seeds (SPEC section 5): the batch it was in is drawn
again from the same generator, and the shape rebuilds the trial for the reference engine (a
scenario, or a deck game's deal) with the batch engine's result of it (``Replay``)."""

from __future__ import annotations

from sim.config.experiment import Experiment
from sim.errors import UserError
from sim.run.batches import batch_rng, batch_sizes
from sim.shapes.base import Replay
from sim.shapes.registry import shape_of


def replay_trial(exp: Experiment, group: int, trial: int) -> Replay:
    """Trial ``trial`` (counted from 0 within its sweep point) of sweep point ``group``."""
    if not 0 <= group < len(exp.points):
        raise UserError(f"--group {group}: the run has groups 0 to {len(exp.points) - 1}")
    if not 0 <= trial < exp.trials:
        raise UserError(f"--trial {trial}: the run has trials 0 to {exp.trials - 1}")
    sizes = batch_sizes(exp.trials, exp.batch_size)
    batch, index = divmod(trial, exp.batch_size)
    rng = batch_rng(exp.seed, len(sizes), batch)
    return shape_of(exp.shape).replay(exp.points[group].config, rng, sizes[batch], index)
