"""The batch engine: T independent trials, inputs and results as numpy arrays (trial axis
first), played by one compiled per-trial kernel (``kernel``) on one state.

``run_wipe`` runs any batch of ``WipeInputs`` (a board, then casts, removal, damage,
counters, attacks, turn passes, mana activations and activated abilities); ``run_mana``
lays the mana shape's inputs out for it; ``scenario.run_scenario`` runs one scenario.
"""

from engine.batch.allocator import keep_arrays_on_heap
from engine.batch.shapes import OutsideShapes

keep_arrays_on_heap()

__all__ = ["OutsideShapes"]
