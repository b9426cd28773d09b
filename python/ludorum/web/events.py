"""The tables' event streams: each change of a table wakes every stream of it, from any
thread, and no change is missed (a stream compares versions, and takes its wake-up before it
reads the version, so a change in between still wakes it)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

__all__ = ["KEEPALIVE", "Announcer"]

#: Seconds between keep-alive comments on an event stream.
KEEPALIVE = 15.0


class Announcer:
    """Wakes the event streams of a table when it changes."""

    def __init__(self) -> None:
        self._changed: dict[str, asyncio.Event] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Binds to the loop the streams run on."""
        self._loop = loop

    def announce(self, table_id: str) -> None:
        """Wakes the streams of ``table_id`` (safe from any thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._wake, table_id)

    def _wake(self, table_id: str) -> None:
        event = self._changed.pop(table_id, None)
        if event is not None:
            event.set()

    async def updates(
        self,
        table_id: str,
        version: Callable[[], int | None],
        disconnected: Callable[[], Awaitable[bool]],
    ) -> AsyncIterator[str]:
        """Server-sent events for a table: an ``update`` carrying the version each time it
        changes (the first at once), a ``closed`` when ``version`` gives None, keep-alive
        comments between."""
        sent: int | None = None
        while not await disconnected():
            # the wake-up first, then the version: a change after this line sets this event
            event = self._changed.setdefault(table_id, asyncio.Event())
            now = version()
            if now is None:
                yield "event: closed\ndata: closed\n\n"
                return
            if now != sent:
                sent = now
                yield f"event: update\ndata: {now}\n\n"
                continue
            try:
                await asyncio.wait_for(event.wait(), KEEPALIVE)
            except asyncio.TimeoutError:  # not the built-in TimeoutError before Python 3.11
                yield ": keep-alive\n\n"
