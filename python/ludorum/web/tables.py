"""The tables of the web page: a ludorum state per table, its seats, who may do what, and the
view each seat gets. Nothing here knows HTTP.

Security rests on two rules kept in this module: a request acts for the seat whose token it
carries and no other, and what it sees is built from that seat's view only
(``to_json(viewer=seat)``, ``svg(viewer=seat)``) — never the referee's JSON, never the key.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from .. import game_info, new
from .._state import State
from .._types import Move
from ..agents import BuiltinAgent, parse_agent
from ..errors import InvalidArgumentError, InvalidOptionError
from .store import Store, TableRecord

__all__ = ["MAX_CHAT", "Forbidden", "Table", "Tables"]

#: The longest chat message, in characters.
MAX_CHAT = 500
#: The most seats' worth of agent thinking: agents named here are capped at this many
#: simulations, so that a table cannot be made to burn the server.
MAX_SIMULATIONS = 20_000


class Forbidden(Exception):
    """A token that is no seat's of the table."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Table:
    """One table: its record, its state, and a lock (agents move from worker threads)."""

    def __init__(self, record: TableRecord) -> None:
        self.record = record
        self.lock = threading.RLock()
        self.state: State = new(record.game, **record.options)
        for move in record.moves:
            self.state.play(move)
        for message in record.chat:
            self.state.say(int(message["player"]), str(message["text"]))  # type: ignore[attr-defined]
        self.version = len(record.moves) + len(record.chat)  # the same after a restart
        self.agents: dict[int, BuiltinAgent] = {
            seat: parse_agent(kind, seed=int(record.id[:8], 16) + seat)
            for seat, kind in enumerate(record.seats)
            if kind != "human"
        }

    # -- who ---------------------------------------------------------------------------------

    def seat_of(self, token: str) -> int:
        """The seat whose token this is.

        Raises:
            Forbidden: no seat of this table has it.
        """
        digest = _hash(token)
        for seat, known in enumerate(self.record.token_hashes):
            if known is not None and hmac.compare_digest(known, digest):
                return seat
        raise Forbidden("this link opens no seat of this table")

    # -- what a seat sees --------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """Everything the page of ``seat`` shows, from that seat's view only."""
        with self.lock:
            state = self.state
            data = state.to_json(viewer=seat)
            player = state.current_player
            legal = [str(m) for m in state.legal_moves()] if player == seat else []
            free: list[str] = []
            if hasattr(state, "free_moves") and not state.is_over():
                free = [str(m) for m in state.free_moves(seat)]
            outcome = state.outcome()
            return {
                "table": self.record.id,
                "game": self.record.game,
                "seat": seat,
                "seats": self.record.seats,
                "version": self.version,
                "svg": state.svg(viewer=seat, size=560),
                "current_player": player,
                "status": _status(state, seat),
                "legal": legal,
                "free": [m for m in free if m not in legal],
                "history": list(data.get("moves", [])),
                "outcome": None
                if outcome is None
                else {"winners": list(outcome.winners), "reason": outcome.reason},
                "returns": list(state.returns()) if outcome is not None else None,
                "chat": [
                    {"ply": m.ply, "player": m.player, "text": m.text}
                    for m in getattr(state, "chat", [])
                ],
                "has_chat": hasattr(state, "say"),
            }

    # -- what a seat does --------------------------------------------------------------------

    def play(self, seat: int, notation: str) -> None:
        """Plays ``notation`` for ``seat``: its turn's move, or one of its free moves.

        Raises:
            ludorum.LudorumError: not this seat's move, or not a legal one; nothing changes.
        """
        with self.lock:
            state = self.state
            move = state.parse_move(notation)
            mine = state.current_player == seat and move in state.legal_moves()
            free = hasattr(state, "free_moves") and move in state.free_moves(seat)
            if not (mine or free):
                if state.is_over():
                    raise InvalidArgumentError("the game is over")
                raise InvalidArgumentError(f"{notation!r} is not a move seat {seat} may make now")
            self._played(move)

    def say(self, seat: int, text: str) -> None:
        """Adds ``text`` to the public chat, for ``seat``.

        Raises:
            InvalidArgumentError: the game has no chat, or the text is empty or too long.
        """
        if not hasattr(self.state, "say"):
            raise InvalidArgumentError(f"{self.record.game} has no chat")
        text = text.strip()
        if not text or len(text) > MAX_CHAT:
            raise InvalidArgumentError(f"a message has 1 to {MAX_CHAT} characters")
        with self.lock:
            self.state.say(seat, text)
            self.record.chat.append({"ply": self.state.ply, "player": seat, "text": text})
            self.version += 1

    def agent_move(self) -> bool:
        """Plays one move for an agent seat if one is to move; whether it did."""
        with self.lock:
            player = self.state.current_player
            if player is None or player not in self.agents:
                return False
            thinking = self.state.copy()
        move = self.agents[player].choose(thinking)
        with self.lock:
            if self.state.current_player != player or self.state.ply != thinking.ply:
                return False  # the position changed meanwhile (a free move): think again
            self._played(move)
            return True

    def _played(self, move: Move) -> None:
        """Plays ``move`` (checked by the caller, under the lock) and records it."""
        self.state.play(move)
        self.record.moves.append(str(move))
        self.version += 1


def _status(state: State, seat: int) -> str:
    outcome = state.outcome()
    if outcome is not None:
        winners = ", ".join(map(str, outcome.winners)) or "nobody"
        return f"game over ({outcome.reason}): won by {winners}"
    player = state.current_player
    decision = getattr(state, "decision", None)
    why = ""
    if callable(decision):
        d = decision()
        if d:
            why = f" ({d.get('situation', '')})"
    if player == seat:
        return f"your move, seat {seat}{why}"
    return f"waiting for seat {player}{why}"


class Tables:
    """Every table of the server, backed by a :class:`Store`."""

    def __init__(self, store: Store, on_change: Callable[[str], None] | None = None) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.on_change = on_change
        for record in store.load_all():
            self.tables[record.id] = Table(record)

    def create(
        self, game: str, options: dict[str, Any], seats: list[str]
    ) -> tuple[Table, dict[int, str]]:
        """A new table and the token of each human seat.

        Raises:
            ludorum.LudorumError: an unknown game, option or agent, or not one seat per
                player.
        """
        info = game_info(game)
        state = new(game, **options)
        if len(seats) != state.num_players:
            raise InvalidOptionError(f"{game} with these options has {state.num_players} seats")
        for kind in seats:
            if kind != "human":
                agent = parse_agent(kind)
                if getattr(agent, "simulations", 0) > MAX_SIMULATIONS:
                    raise InvalidOptionError(f"agents think at most {MAX_SIMULATIONS} simulations")
        tokens = {seat: secrets.token_urlsafe(24) for seat, k in enumerate(seats) if k == "human"}
        record = TableRecord(
            id=secrets.token_hex(8),
            game=info.name,
            options=dict(state.options),
            seats=list(seats),
            token_hashes=[_hash(tokens[s]) if s in tokens else None for s in range(len(seats))],
            created=time.time(),
        )
        table = Table(record)
        self.tables[record.id] = table
        self.store.save(record)
        return table, tokens

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise Forbidden("no such table")
        return table

    def saved(self, table: Table) -> None:
        """Stores ``table`` and tells the listeners."""
        with table.lock:
            self.store.save(table.record)
        if self.on_change is not None:
            self.on_change(table.record.id)
