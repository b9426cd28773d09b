"""The tables of the web page: a ludorum state per table, its seats, who may do what, and the
view each seat gets. Nothing here knows HTTP.

Security rests on two rules kept in this module: a request acts for the seat whose token it
carries and no other, and what it sees is built from that seat's view only
(``to_json(viewer=seat)``, ``svg(viewer=seat)``) — never the referee's JSON, never the key.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from .. import game_info, new
from .._state import State
from .._types import Move
from ..agents import BuiltinAgent, parse_agent
from ..errors import InvalidArgumentError, InvalidOptionError, LudorumError
from ..render import move_guide, move_svg
from .store import Store, TableRecord

__all__ = ["MAX_CHAT", "MAX_TABLES", "MOVE_SECONDS", "Forbidden", "Full", "Table", "Tables"]

_log = logging.getLogger("ludorum.web")

#: The longest chat message, in characters.
MAX_CHAT = 500
#: The most seats' worth of agent thinking: agents named here are capped at this many
#: simulations, so that a table cannot be made to burn the server.
MAX_SIMULATIONS = 20_000
#: The longest an agent thinks over one move, in seconds, whatever its simulations.
MOVE_SECONDS = 2.0
#: The most tables a server keeps; a new one is refused until one closes or expires.
MAX_TABLES = 500
#: Seconds after its last move, chat or creation that a table is forgotten (a week).
EXPIRE_AFTER = 7 * 24 * 3600.0


class Forbidden(Exception):
    """A token that is no seat's of the table."""


class Full(Exception):
    """The server keeps as many tables as it may."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Table:
    """One table: its record, its state, and a lock (agents move from worker threads)."""

    def __init__(self, record: TableRecord) -> None:
        self.record = record
        self.lock = threading.RLock()
        self.closed = False
        self.hidden = game_info(record.game).hidden_information
        self.state: State = new(record.game, **record.options)
        # each message is said again at the ply it was said at, between the same moves
        chat = list(record.chat)
        for move in [*record.moves, None]:
            while chat and int(chat[0]["ply"]) <= self.state.ply:
                message = chat.pop(0)
                self.state.say(int(message["player"]), str(message["text"]))  # type: ignore[attr-defined]
            if move is not None:
                self.state.play(move)
        self.version = len(record.moves) + len(record.chat)  # the same after a restart
        self.agents: dict[int, BuiltinAgent] = {
            seat: _agent(kind) for seat, kind in enumerate(record.seats) if kind != "human"
        }

    # -- who ---------------------------------------------------------------------------------

    @property
    def watch_token(self) -> str:
        """The spectators' token: derived from the creator's secret, so that it needs no
        storing and opens nothing but the public view."""
        return hmac.new(self.record.owner_hash.encode(), b"watch", "sha256").hexdigest()[:32]

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is; ``None`` for the spectators' token.

        Raises:
            Forbidden: no seat of this table has it.
        """
        if self.record.owner_hash and hmac.compare_digest(token, self.watch_token):
            return None
        digest = _hash(token)
        for seat, known in enumerate(self.record.token_hashes):
            if known is not None and hmac.compare_digest(known, digest):
                return seat
        raise Forbidden("this link opens no seat of this table")

    # -- what a seat sees --------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything the page of ``seat`` shows, from that seat's view only; ``None``: what a
        spectator sees (the whole board in a game of no hidden information; in the others the
        public record only, until the game is over)."""
        with self.lock:
            state = self.state
            # a spectator of a game of hidden information would see everything through the
            # referee's drawing: it sees the board only once the game is over
            shown = seat is not None or not self.hidden or state.is_over()
            data = state.to_json(viewer=seat) if shown else {}
            player = state.current_player
            legal = (
                [str(m) for m in state.legal_moves()] if seat is not None and player == seat else []
            )
            free: list[str] = []
            if seat is not None and hasattr(state, "free_moves") and not state.is_over():
                free = [str(m) for m in state.free_moves(seat)]
            outcome = state.outcome()
            return {
                "table": self.record.id,
                "game": self.record.game,
                "seat": seat,
                "seats": self.record.seats,
                "version": self.version,
                "svg": state.svg(viewer=seat, size=720) if shown else "",
                "current_player": player,
                "thinking": player in self.agents and outcome is None,
                "status": _status(state, seat),
                "legal": legal,
                "free": [m for m in free if m not in legal],
                # how the page offers each move: its click order, words, a hop chain's path
                "guide": move_guide(state, legal + free) if legal or free else {},
                "history": list(data.get("moves", [])),
                "outcome": None
                if outcome is None
                else {
                    "winners": list(outcome.winners),
                    "reason": outcome.reason,
                    "result": result(list(outcome.winners), state.num_players),
                },
                "returns": list(state.returns()) if outcome is not None else None,
                "chat": [
                    {"ply": m.ply, "player": m.player, "text": m.text}
                    for m in getattr(state, "chat", [])
                ],
                "has_chat": hasattr(state, "say"),
                "watch": f"/t/{self.record.id}/{self.watch_token}",
                "rematch": self.record.rematch,
            }

    def pictures(self, seat: int, moves: list[str]) -> dict[str, str | None]:
        """Small drawings of those of ``moves`` that ``seat`` may make now (the game's
        renderer draws them, where it draws moves; ``None`` otherwise)."""
        with self.lock:
            state = self.state
            if state.current_player != seat:
                return {}
            legal = {str(m) for m in state.legal_moves()}
            return {m: move_svg(state, m) for m in moves if m in legal}

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
            self.record.touched = time.time()

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
            self.record.touched = time.time()
            self.version += 1

    def agent_move(self) -> bool:
        """Plays one move for an agent seat if one is to move; whether it did."""
        with self.lock:
            player = self.state.current_player
            if self.closed or player is None or player not in self.agents:
                return False
            thinking = self.state.copy()
        move = self.agents[player].choose(thinking)
        with self.lock:
            if self.closed:
                return False
            if self.state.current_player != player or self.state.ply != thinking.ply:
                return False  # the position changed meanwhile (a free move): think again
            self._played(move)
            return True

    def _played(self, move: Move) -> None:
        """Plays ``move`` (checked by the caller, under the lock) and records it."""
        self.state.play(move)
        self.record.moves.append(str(move))
        self.version += 1


def _agent(kind: str) -> BuiltinAgent:
    """The agent ``kind`` for a seat: seeded from the operating system's randomness, which no
    seat sees (a seed any seat could derive would let it replay the agent and so read its
    hidden choices), and stopped after :data:`MOVE_SECONDS` of thought."""
    agent = parse_agent(kind, seed=secrets.randbits(64))
    if hasattr(agent, "time_limit"):
        agent = dataclasses.replace(agent, time_limit=MOVE_SECONDS)  # type: ignore[call-arg]
    return agent


def result(winners: list[int], num_players: int) -> str:
    """The result in words.

    >>> result([1], 2), result([0, 2], 3), result([0, 1], 2), result([], 2)
    ('seat 1 wins', 'seats 0 and 2 win', 'a draw', 'nobody wins')
    """
    if not winners:
        return "nobody wins"
    if len(winners) == num_players:
        return "a draw"
    if len(winners) == 1:
        return f"seat {winners[0]} wins"
    names = ", ".join(map(str, winners[:-1]))
    return f"seats {names} and {winners[-1]} win"


def _status(state: State, seat: int | None) -> str:
    outcome = state.outcome()
    if outcome is not None:
        return f"game over: {result(list(outcome.winners), state.num_players)} ({outcome.reason})"
    player = state.current_player
    decision = getattr(state, "decision", None)
    why = ""
    if callable(decision):
        d = decision()
        if d:
            why = f" ({d.get('situation', '')})"
    if seat is not None and player == seat:
        return f"your move, seat {seat}{why}"
    return f"waiting for seat {player}{why}"


class Tables:
    """Every table of the server, backed by a :class:`Store`."""

    def __init__(
        self,
        store: Store,
        on_change: Callable[[str], None] | None = None,
        max_tables: int = MAX_TABLES,
        expire_after: float = EXPIRE_AFTER,
    ) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.on_change = on_change
        self.max_tables = max_tables
        self.expire_after = expire_after
        self._lock = threading.Lock()
        for record in store.load_all():
            try:
                self.tables[record.id] = Table(record)
            except (LudorumError, ValueError, TypeError, KeyError) as e:
                # one table that no longer replays must not keep the others closed
                _log.warning("table %r does not replay and was not loaded: %s", record.id, e)
        self.expire()

    def create(
        self, game: str, options: dict[str, Any], seats: list[str]
    ) -> tuple[Table, dict[int, str], str]:
        """A new table, the token of each human seat, and the creator's token (which closes
        the table).

        Raises:
            ludorum.LudorumError: an unknown game, option or agent, or not one seat per
                player.
            Full: the server keeps :attr:`max_tables` tables already.
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
        owner = secrets.token_urlsafe(24)
        now = time.time()
        record = TableRecord(
            id=secrets.token_hex(8),
            game=info.name,
            options=dict(state.options),
            seats=list(seats),
            token_hashes=[_hash(tokens[s]) if s in tokens else None for s in range(len(seats))],
            created=now,
            owner_hash=_hash(owner),
            touched=now,
        )
        return self._add(Table(record)), tokens, owner

    def culprit(self, game: str, options: dict[str, Any], seats: list[str]) -> str | None:
        """The field of a refused table at fault: the first option refused on its own, or
        ``seat-N``; ``None`` when none is alone at fault."""
        try:
            game_info(game)
        except LudorumError:
            return "game"
        for name, value in options.items():
            try:
                new(game, **{name: value})
            except LudorumError:
                return str(name)
            except Exception:  # a value of a wrong type: still that option's fault
                return str(name)
        for seat, kind in enumerate(seats):
            if kind != "human":
                try:
                    parse_agent(kind)
                except LudorumError:
                    return f"seat-{seat}"
        return None

    def rematch(self, table: Table) -> Table:
        """The table of the same game, options and seats played again (the same links' tokens
        open it, and a new seed is drawn where the game has one); made once, then found.

        Raises:
            Full: the server keeps as many tables as it may.
        """
        with table.lock:
            if table.record.rematch is not None and table.record.rematch in self.tables:
                return self.tables[table.record.rematch]
            if not table.state.is_over():
                raise InvalidArgumentError("a rematch is offered once the game is over")
            options = dict(table.record.options)
            if "seed" in options:
                options["seed"] = secrets.randbits(63)
            now = time.time()
            record = TableRecord(
                id=secrets.token_hex(8),
                game=table.record.game,
                options=options,
                seats=list(table.record.seats),
                token_hashes=list(table.record.token_hashes),
                created=now,
                owner_hash=table.record.owner_hash,
                touched=now,
            )
            again = self._add(Table(record))
            table.record.rematch = record.id
            table.version += 1
        self.saved(table)
        return again

    def _add(self, table: Table) -> Table:
        self.expire()
        with self._lock:
            if len(self.tables) >= self.max_tables:
                raise Full(f"this server keeps at most {self.max_tables} tables; try later")
            self.tables[table.record.id] = table
        self.store.save(table.record)
        return table

    def close(self, table_id: str, owner: str) -> None:
        """Closes a table for good, for its creator.

        Raises:
            Forbidden: no such table, or ``owner`` is not its creator's token.
        """
        table = self.get(table_id)
        known = table.record.owner_hash
        if not known or not hmac.compare_digest(known, _hash(owner)):
            raise Forbidden("only the table's creator may close it")
        self._forget(table)

    def expire(self, now: float | None = None) -> list[str]:
        """Forgets the tables unused for :attr:`expire_after` seconds; their ids."""
        now = time.time() if now is None else now
        old = [t for t in list(self.tables.values()) if now - t.record.touched > self.expire_after]
        for table in old:
            self._forget(table)
        return [t.record.id for t in old]

    def _forget(self, table: Table) -> None:
        with self._lock:
            self.tables.pop(table.record.id, None)
        with table.lock:
            table.closed = True
        self.store.delete(table.record.id)
        if self.on_change is not None:
            self.on_change(table.record.id)

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise Forbidden("no such table")
        return table

    def saved(self, table: Table) -> None:
        """Stores ``table`` and tells the listeners."""
        with table.lock:
            if table.closed:
                return
            self.store.save(table.record)
        if self.on_change is not None:
            self.on_change(table.record.id)
