"""Real cards: import Scryfall's and MTGJSON's card files into library cards (issue #14).

``sources`` streams the card objects, ``oracle`` normalizes their text, ``wordings`` (with
``rules``) maps Oracle sentences to the templates of ``engine.library``, ``recognize`` gives
each object a status, ``importer`` writes LIB.toml and COVERAGE.csv, ``coverage`` sums the
latter up.
"""
