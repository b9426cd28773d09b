"""Where the web tables live: SQLite (standard library), one row a table, written after every
move and chat message, so that a server killed and started again shows every table as it was.

A table is its game, options, seats (``"human"`` or an agent name), the hashes of its seats'
tokens (the tokens themselves are only in the links), its moves (notation) and its chat.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Store", "TableRecord"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    moves TEXT NOT NULL,
    chat TEXT NOT NULL,
    created REAL NOT NULL
)
"""


@dataclass
class TableRecord:
    """One table as stored."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    token_hashes: list[str | None]
    moves: list[str] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)
    created: float = 0.0


class Store:
    """The tables in one SQLite file (``":memory:"`` for none); safe across threads."""

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL" if str(path) != ":memory:" else "SELECT 1")
        self._db.execute(_SCHEMA)

    def save(self, record: TableRecord) -> None:
        """Writes the whole table (a transaction: all or nothing)."""
        row = (
            record.id,
            record.game,
            json.dumps(record.options),
            json.dumps(record.seats),
            json.dumps(record.token_hashes),
            json.dumps(record.moves),
            json.dumps(record.chat),
            record.created,
        )
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)

    def load_all(self) -> list[TableRecord]:
        """Every stored table, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT * FROM tables ORDER BY created").fetchall()
        return [
            TableRecord(
                id=r[0],
                game=r[1],
                options=json.loads(r[2]),
                seats=json.loads(r[3]),
                token_hashes=json.loads(r[4]),
                moves=json.loads(r[5]),
                chat=json.loads(r[6]),
                created=r[7],
            )
            for r in rows
        ]

    def close(self) -> None:
        with self._lock:
            self._db.close()
