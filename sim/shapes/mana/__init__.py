"""The mana shape: a board of mana sources, then a tap sequence and an optional X spell."""
