"""The compiled per-trial kernel of the wipe shape (numba): every trial of a batch played out
one at a time, rule by rule, on the struct-of-arrays state ``layout.new_state`` lays out.

Laid out by rule area: ``characteristics`` (613), ``counters`` (122, 614, 616), ``zones``
(400.7, 603.10a, 111), ``stack`` (603.3b), ``triggers`` (608.2), ``sba`` (704), ``spells``,
``events``, ``run`` (the driver) and ``fits`` (the whitelist: one declaration per template).
"""

from engine.batch.kernel.fits import TEMPLATES, kernel_fits
from engine.batch.kernel.run import run_kernel, warm_up

__all__ = ["TEMPLATES", "kernel_fits", "run_kernel", "warm_up"]
