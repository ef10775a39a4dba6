"""Cauldron's rules: the card library, the reference engine and the batch engine.

Rule numbers cite the Magic: The Gathering Comprehensive Rules effective April 17, 2026.
"""
