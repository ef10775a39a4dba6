"""What the batch engine covers, and the error for what it does not."""


class OutsideShapes(Exception):
    """A scenario outside the batch engine's two experiment shapes; the message says why."""
