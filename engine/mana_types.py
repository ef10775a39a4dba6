"""The six mana types and the five colors, in the WUBRGC order every output uses.

CR 106.1b: colorless is a type of mana but not a color.
"""

from typing import Final

MANA_TYPES: Final = ("W", "U", "B", "R", "G", "C")
COLORS: Final = ("W", "U", "B", "R", "G")


def in_wubrgc_order(types: set[str] | frozenset[str]) -> list[str]:
    """List mana types in the canonical WUBRGC order."""
    return [t for t in MANA_TYPES if t in types]
