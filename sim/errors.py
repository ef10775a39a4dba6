"""Errors at the boundary: one line naming the place, with a hint; the CLI exits with 2."""


class UserError(Exception):
    """Bad input from a file or a flag. ``str(err)`` is the whole one-line message."""

    exit_code = 2


class OutsideShapes(UserError):
    """A scenario the batch engine cannot run (exit code 3, SPEC section 7)."""

    exit_code = 3
