"""A one-line progress bar on stderr (trials done, trials/s, ETA), only on a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO

_WIDTH = 24
_EVERY = 0.2  # seconds between redraws


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


class Progress:
    """Counts trials; draws itself when ``enabled`` (default: stderr is a terminal)."""

    def __init__(
        self, total: int, done: int = 0, enabled: bool | None = None, stream: TextIO | None = None
    ) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total = total
        self.start_done = done
        self.done = done
        self.start = time.perf_counter()
        self.last = 0.0

    def advance(self, trials: int) -> None:
        self.done += trials
        now = time.perf_counter()
        if self.enabled and (now - self.last >= _EVERY or self.done >= self.total):
            self.last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        elapsed = max(now - self.start, 1e-9)
        rate = (self.done - self.start_done) / elapsed
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        filled = int(_WIDTH * self.done / max(self.total, 1))
        bar = "#" * filled + "." * (_WIDTH - filled)
        self.stream.write(
            f"\r[{bar}] {self.done:,}/{self.total:,} trials  {rate:,.0f}/s  ETA {_clock(left)} "
        )
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()
