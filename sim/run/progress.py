"""Progress of a long run on stderr (trials done, trials/s, ETA), only on a terminal.

Drawn by tqdm, a maintained library that handles terminal widths, redraw rates and resumed
totals; this class only decides when to show it and counts in trials.
"""

from __future__ import annotations

import sys
from typing import TextIO

from tqdm import tqdm

# What the bar says: "[####....] 500,000/1,000,000 trials  450,000/s  ETA 0:00:01".
_FORMAT = "[{bar:24}] {n:,}/{total:,} trials  {rate_noinv_fmt}  ETA {remaining}"
_EVERY = 0.2  # seconds between redraws


class Progress:
    """Counts trials; shows a bar when ``enabled`` (default: the stream is a terminal)."""

    def __init__(
        self, total: int, done: int = 0, enabled: bool | None = None, stream: TextIO | None = None
    ) -> None:
        out = stream or sys.stderr
        self.enabled = out.isatty() if enabled is None else enabled
        self.done = done
        self._bar = (
            tqdm(
                total=total,
                initial=done,
                file=out,
                bar_format=_FORMAT,
                unit="",
                unit_scale=True,
                mininterval=_EVERY,
                ascii=" #",
                dynamic_ncols=True,
            )
            if self.enabled
            else None
        )

    def advance(self, trials: int) -> None:
        self.done += trials
        if self._bar is not None:
            self._bar.update(trials)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
