"""A streaming reader of one big JSON document: the elements of a top-level array, or the
entries of an object, one at a time, so a 160 MB card file never sits in memory whole.

Each element is decoded by ``json.JSONDecoder.raw_decode`` (the C decoder) from a buffer that
is refilled chunk by chunk; an element cut by the end of a chunk is decoded again once the
next chunk is in. Errors name the line and column, as a text editor counts them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, Final, TextIO

from sim.errors import UserError

CHUNK: Final = 1 << 20  # characters read at a time (the buffer holds about two)
# A decoder error this close to the end of the buffer may only mean the element goes on in the
# next chunk (``tru|e``, ``-12|3``): the longest JSON token cut short is shorter than this.
_NEAR_END: Final = 16
_NOT_SPACE: Final = re.compile(r"[^ \t\n\r]")


class JsonStream:
    """A cursor over a JSON text read from ``f`` in chunks; ``source`` names it in errors."""

    def __init__(self, f: TextIO, source: str) -> None:
        self.f, self.source = f, source
        self.buf, self.pos = "", 0  # the unread text starts at buf[pos]
        self.lines_before = 0  # newlines in the text already dropped from the buffer
        self.eof = False
        self._decoder = json.JSONDecoder()

    def _fill(self) -> bool:
        """Drop what has been read, append the next chunk; False at the end of the file."""
        if self.eof:
            return False
        self.lines_before += self.buf.count("\n", 0, self.pos)
        chunk = self.f.read(CHUNK)
        self.buf, self.pos = self.buf[self.pos :] + chunk, 0
        self.eof = not chunk
        return bool(chunk)

    def where(self, pos: int | None = None) -> str:
        """``line L, column C`` of ``pos`` in the buffer (default: the cursor)."""
        pos = self.pos if pos is None else pos
        line = self.lines_before + self.buf.count("\n", 0, pos) + 1
        return f"line {line}, column {pos - self.buf.rfind(chr(10), 0, pos)}"

    def fail(self, problem: str, hint: str, pos: int | None = None) -> UserError:
        return UserError(f"{self.source}: {self.where(pos)}: {problem} (hint: {hint})")

    def peek(self) -> str:
        """The next character that is not white space ('' at the end), the cursor on it."""
        while True:
            found = _NOT_SPACE.search(self.buf, self.pos)
            if found is not None:
                self.pos = found.start()
                return self.buf[self.pos]
            self.pos = len(self.buf)
            if not self._fill():
                return ""

    def expect(self, chars: str, what: str) -> str:
        """Consume one of ``chars`` (after white space) and return it, else fail."""
        got = self.peek()
        if not got or got not in chars:
            shown = repr(got) if got else "the end of the file"
            raise self.fail(f"expected {what}, found {shown}", "is the file complete JSON?")
        self.pos += 1
        return got

    def value(self) -> Any:
        """Decode the next JSON value, reading more chunks while it is cut short."""
        self.peek()
        while True:
            try:
                obj, end = self._decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as err:
                cut = err.pos >= len(self.buf) - _NEAR_END or err.msg.startswith("Unterminated")
                if cut and self._fill():
                    continue
                problem = f"not valid JSON: {err.msg}"
                raise self.fail(problem, "is the file complete JSON?", err.pos) from None
            if end == len(self.buf) and self._fill():
                continue  # a number at the very end may go on in the next chunk
            self.pos = end
            return obj

    def array(self) -> Iterator[Any]:
        """The elements of the array at the cursor, each decoded on its own."""
        self.expect("[", "'['")
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self.value()
            if self.expect(",]", "',' or ']'") == "]":
                return

    def object_keys(self) -> Iterator[str]:
        """The keys of the object at the cursor; the caller reads each value before the next."""
        self.expect("{", "'{'")
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            if self.peek() != '"':
                raise self.fail("expected a quoted key", "is the file complete JSON?")
            key = self.value()
            self.expect(":", "':'")
            yield key
            if self.expect(",}", "',' or '}'") == "}":
                return

    def end(self) -> None:
        """Fail unless only white space is left."""
        if self.peek():
            raise self.fail("text after the end of the JSON document", "is it one JSON file?")
