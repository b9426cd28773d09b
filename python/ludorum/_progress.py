"""The progress bar of ``ludorum.simulate`` and ``ludorum.arena`` on stderr, standard library
only: its own module because both use it and neither should import the other for it."""

from __future__ import annotations

import sys
from typing import TextIO

__all__ = ["Progress", "want_progress"]


def want_progress(progress: bool | None, games: int) -> bool:
    """Whether ``simulate`` shows its bar: as asked, else on a terminal from 1000 games."""
    if progress is None:
        return games >= 1000 and sys.stderr.isatty()
    return bool(progress)


class Progress:
    """A one-line progress bar on a text stream, standard library only.

    On a terminal the line is redrawn in place; elsewhere (a log, a pipe) only the final state
    is written, so that logs do not fill with redraws.
    """

    def __init__(self, name: str, total: int, stream: TextIO) -> None:
        self.name, self.total, self.stream = name, max(total, 1), stream
        self.live = stream.isatty()
        self.last = ""

    def update(self, done: int, seconds: float) -> None:
        width = 30
        filled = width * done // self.total
        rate = done / seconds if seconds > 0 else 0.0
        self.last = (
            f"{self.name} [{'#' * filled}{'.' * (width - filled)}] "
            f"{done}/{self.total} games  {seconds:5.1f} s  {rate:,.0f} games/s"
        )
        if self.live:
            self.stream.write(f"\r{self.last}")
            self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n" if self.live else f"{self.last}\n")
        self.stream.flush()
