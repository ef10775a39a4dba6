"""Mana in the compiled kernel (CR 106, 605): abilities, pools, replacements, triggers."""
