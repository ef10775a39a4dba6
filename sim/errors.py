"""Errors at the boundary: one line naming the place, with a hint; the CLI exits with 2."""

from __future__ import annotations

from typing import Any

# The most characters of a user's value an error message repeats back (a 200,000-character
# string from a file is cut here, with an ellipsis, so the one-line error stays readable).
MAX_ECHO = 80
MAX_PLACE = 2 * MAX_ECHO  # the most characters of a key path (its keys come from the file too)
ELLIPSIS = "…"


class UserError(Exception):
    """Bad input from a file or a flag. ``str(err)`` is the whole one-line message."""

    exit_code = 2


class OutsideShapes(UserError):
    """A scenario the batch engine cannot run (exit code 3, SPEC section 7)."""

    exit_code = 3


def clip(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with an ellipsis (and its length)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}{ELLIPSIS} ({len(text):,} characters)"


def echo(value: Any) -> str:
    """A user's value as an error message repeats it: its ``repr``, cut by ``clip``."""
    return clip(repr(value))
