"""The agents' thinking, bounded: one queue of the tables whose agent is to move, served by
:data:`AGENT_THREADS` threads of their own, one move at a time and each table in turn. However
many tables of strong agents exist, people's requests never wait behind them (those run on
other threads), and each agent's move stops after ``tables.MOVE_SECONDS``."""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ThreadPoolExecutor

from .tables import Table, Tables

__all__ = ["AGENT_THREADS", "AgentWork"]

_log = logging.getLogger("ludorum.web")

#: Threads that run agents, for all tables together: all cores but one, at least one.
AGENT_THREADS = max(1, (os.cpu_count() or 2) - 1)


class AgentWork:
    """Plays the agents' moves of every table, in turn, on a bounded pool of threads."""

    def __init__(self, tables: Tables, threads: int = AGENT_THREADS) -> None:
        self.tables = tables
        self.threads = threads
        self._queue: asyncio.Queue[Table] = asyncio.Queue()
        self._queued: set[str] = set()
        self._executor: ThreadPoolExecutor | None = None
        self._workers: list[asyncio.Task[None]] = []

    def start(self) -> None:
        """Starts the threads (on the running loop)."""
        self._executor = ThreadPoolExecutor(self.threads, thread_name_prefix="ludorum-agent")
        self._workers = [asyncio.create_task(self._serve()) for _ in range(self.threads)]

    async def stop(self) -> None:
        """Stops taking work; a move being thought finishes in its thread."""
        for worker in self._workers:
            worker.cancel()
        await asyncio.gather(*self._workers, return_exceptions=True)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def wake(self, table: Table) -> None:
        """Queues ``table`` to let its agent move, unless it is queued already."""
        if table.record.id not in self._queued:
            self._queued.add(table.record.id)
            self._queue.put_nowait(table)

    @property
    def waiting(self) -> int:
        """Tables waiting for an agent thread."""
        return self._queue.qsize()

    async def _serve(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            table = await self._queue.get()
            self._queued.discard(table.record.id)
            try:
                moved = await loop.run_in_executor(self._executor, table.agent_move)
                if moved:
                    await loop.run_in_executor(self._executor, self.tables.saved, table)
            except Exception:  # one table's failure must not stop the agents of the others
                _log.exception("the agent of table %r failed", table.record.id)
                continue
            if moved:
                self.wake(table)  # to the back of the queue: the other tables move first
