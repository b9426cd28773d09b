"""Where the web tables live: SQLite (standard library), one row a table, written after every
move and chat message, so that a server killed and started again shows every table as it was.

A table is its game, options, seats (``"human"`` or an agent name), the hashes of its seats'
tokens and of its creator's token (the tokens themselves are only in the links), its moves
(notation), its chat (each message with the ply it was said at), when it was last used, and
its rematch.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InvalidStateError

__all__ = ["Store", "TableRecord"]

_log = logging.getLogger("ludorum.web")

_COLUMNS = (
    ("id", "TEXT PRIMARY KEY"),
    ("game", "TEXT NOT NULL"),
    ("options", "TEXT NOT NULL"),
    ("seats", "TEXT NOT NULL"),
    ("token_hashes", "TEXT NOT NULL"),
    ("moves", "TEXT NOT NULL"),
    ("chat", "TEXT NOT NULL"),
    ("created", "REAL NOT NULL"),
    # added later: a file written before them gets them with these defaults
    ("owner_hash", "TEXT NOT NULL DEFAULT ''"),
    ("touched", "REAL NOT NULL DEFAULT 0"),
    ("rematch", "TEXT"),
)


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
    owner_hash: str = ""
    touched: float = 0.0
    #: the id of the table that plays this one again, once one asked for it
    rematch: str | None = None


class Store:
    """The tables in one SQLite file (``":memory:"`` for none); safe across threads.

    Raises:
        InvalidStateError: the file is not a tables file SQLite can read.
    """

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            if str(path) != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            columns = ", ".join(f"{name} {kind}" for name, kind in _COLUMNS[:8])
            self._db.execute(f"CREATE TABLE IF NOT EXISTS tables ({columns})")
            known = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            for name, kind in _COLUMNS[8:]:
                if name not in known:
                    self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
        except sqlite3.Error as e:
            raise InvalidStateError(f"cannot use {str(path)!r} as the tables file: {e}") from None

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
            record.owner_hash,
            record.touched,
            record.rematch,
        )
        names = ", ".join(name for name, _ in _COLUMNS)
        with self._lock:
            self._db.execute(
                f"INSERT OR REPLACE INTO tables ({names}) VALUES ({', '.join('?' * len(row))})",
                row,
            )

    def delete(self, table_id: str) -> None:
        """Forgets a table."""
        with self._lock:
            self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def load_all(self) -> list[TableRecord]:
        """Every stored table that can be read, oldest first; a row that cannot be read is
        logged and left in the file, and the others load."""
        names = ", ".join(name for name, _ in _COLUMNS)
        with self._lock:
            rows = self._db.execute(f"SELECT {names} FROM tables ORDER BY created").fetchall()
        records = []
        for r in rows:
            try:
                records.append(
                    TableRecord(
                        id=str(r[0]),
                        game=str(r[1]),
                        options=_json(r[2], dict),
                        seats=_json(r[3], list),
                        token_hashes=_json(r[4], list),
                        moves=_json(r[5], list),
                        chat=_json(r[6], list),
                        created=float(r[7]),
                        owner_hash=str(r[8]),
                        touched=float(r[9]) or float(r[7]),
                        rematch=None if r[10] is None else str(r[10]),
                    )
                )
            except (ValueError, TypeError) as e:
                _log.warning("table %r is unreadable and was not loaded: %s", r[0], e)
        return records

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _json(text: Any, kind: type) -> Any:
    value = json.loads(text)
    if not isinstance(value, kind):
        raise ValueError(f"expected a JSON {kind.__name__}, got {text!r}")
    return value
