"""The deck shape: a deck's first turns, played and measured turn by turn (issue #13)."""
