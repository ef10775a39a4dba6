"""The error for a scenario the batch engine does not play."""


class OutsideShapes(Exception):
    """A scenario past a documented cap of the batch engine, or with something it does not
    play (the message says which); the reference engine answers it."""
