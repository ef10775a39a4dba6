"""The batch engine: T independent trials as numpy arrays, every rule a masked array operation.

Loops run over rule steps (state-based-action rounds, stack resolutions, slots of effect
sources), never over trials. ``run_wipe`` covers experiment shape 1 (a board, then wipes,
damage, counters and sacrifices); ``run_mana`` covers shape 2 (a board, then mana activations).
"""

from engine.batch.allocator import keep_arrays_on_heap
from engine.batch.shapes import OutsideShapes

keep_arrays_on_heap()

__all__ = ["OutsideShapes"]
