"""What every reference game shares: the generic half of the one contract (see DESIGN.md).

A reference game subclasses :class:`ReferenceState` and implements the primitives listed in its
docstring; checked ``play``, the integer RL view, ``returns``, ``perft``, equality and rendering
are provided here once.
"""

from __future__ import annotations

import copy as _copy
import json
from typing import Any, ClassVar

import numpy as np

from .._types import Move, Outcome
from ..errors import IllegalMoveError, InvalidMoveError, InvalidOptionError, InvalidStateError

__all__ = [
    "ReferenceState",
    "check_option_names",
    "first_player_option",
    "is_int",
    "seed_option",
]


def is_int(value: object) -> bool:
    """An int that is not a bool: ``True`` is not a player count."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_option_names(game: str, options: dict[str, Any], allowed: tuple[str, ...]) -> None:
    """Raise ``InvalidOptionError`` for an option name not in ``allowed``, naming them all."""
    for name in options:
        if name not in allowed:
            raise InvalidOptionError(
                f"unknown option {name!r} for {game}; allowed: {', '.join(allowed)}"
            )


def seed_option(options: dict[str, Any]) -> int:
    """The ``seed`` option of a seeded setup: an int in ``0..2**64``, 0 by default."""
    seed = options.get("seed", 0)
    if not is_int(seed) or not 0 <= seed < 2**64:
        raise InvalidOptionError(f"seed must be an int in 0..2**64 - 1, got {seed!r}")
    return seed


def first_player_option(options: dict[str, Any], players: int) -> int | None:
    """The ``first_player`` option: ``None`` (drawn from the seed) or a player index."""
    first_player = options.get("first_player")
    if first_player is not None and (not is_int(first_player) or not 0 <= first_player < players):
        raise InvalidOptionError(
            f"first_player must be None or a player index in 0..{players - 1}, got {first_player!r}"
        )
    return first_player


class ReferenceState:
    """Base of the pure-Python games.

        A subclass sets ``game``, keeps its state in the fields the provided accessors read
    (``_options``: the options after defaults; ``_turn``: the seat to move; ``_outcome``:
    ``Outcome`` or ``None``; ``_key``: the incrementally maintained Zobrist key; ``_history``: the
    moves played), and implements:

        - ``__init__(**options)``: validate options (``InvalidOptionError``) and set up the start;
        - ``num_players``, ``num_actions``;
        - ``legal_moves()``: list of :class:`Move`, ascending action id;
        - ``parse_move(text)`` and ``move_from_action(action)``: a :class:`Move` or
          ``InvalidMoveError``; they check syntax, not legality;
        - ``_apply(move)``: play a move known to be legal;
        - ``undo()``: take back and return the last move, ``IndexError`` when there is none;
        - ``observation(player)``, ``to_json()``;
        - optionally ``_restore_json(data)``: what ``from_json`` cannot get by replaying moves;
        - optionally ``_why_illegal(move)``: a short reason for the error message, and
          ``_is_legal(move)`` when a legal move is not listed (default: it is in ``legal_moves()``).
    """

    game: ClassVar[str]

    # -- provided ---------------------------------------------------------------------------

    _options: dict[str, Any]
    _turn: int | None
    _outcome: Outcome | None
    _key: int
    _history: list[Move]

    def _check_player(self, player: Any, what: str = "player") -> int:
        """``player`` as a player index of this game (numpy integers accepted), or ValueError."""
        if isinstance(player, np.integer):
            player = int(player)
        if isinstance(player, bool) or not isinstance(player, int):
            raise ValueError(f"{what} must be an int in 0..{self.num_players - 1}, got {player!r}")
        if not 0 <= player < self.num_players:
            raise ValueError(f"{what} must be in 0..{self.num_players - 1}, got {player}")
        return player

    @property
    def options(self) -> dict[str, Any]:
        """Every option with its value after defaults (a fresh dict)."""
        return dict(self._options)

    @property
    def current_player(self) -> int | None:
        """The player who must decide now (0-based), or ``None`` once the game is over."""
        return None if self._outcome is not None else self._turn

    @property
    def key(self) -> int:
        """The 64-bit Zobrist key, maintained incrementally (see the game's rules page)."""
        return self._key

    @property
    def ply(self) -> int:
        """The number of moves played so far."""
        return len(self._history)

    def history(self) -> list[Move]:
        """The moves played so far, oldest first."""
        return list(self._history)

    def outcome(self) -> Outcome | None:
        """``Outcome(winners, reason)``, or ``None`` while the game runs."""
        return self._outcome

    def play(self, move: Move | str) -> None:
        """Play a :class:`Move` or its notation; on error the state is unchanged."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(f"invalid move {move!r}: expected a Move or a notation string")
        else:
            canonical = self.move_from_action(move.action)
            if canonical.notation != move.notation:
                raise InvalidMoveError(
                    f"invalid move {move!r}: action {move.action} is {canonical.notation!r}"
                )
        self._check_legal(move)
        self._apply(move)

    def apply_action(self, action: int) -> None:
        """Play the move with this action id (see the game's rules page for the encoding)."""
        if isinstance(action, bool) or not 0 <= action < self.num_actions:
            raise InvalidMoveError(f"invalid move {action!r}: no action id {action!r}")
        move = self.move_from_action(action)
        self._check_legal(move)
        self._apply(move)

    def _check_legal(self, move: Move) -> None:
        if self.current_player is None:
            raise IllegalMoveError(f"illegal move '{move}': the game is over")
        if not self._is_legal(move):
            raise IllegalMoveError(f"illegal move '{move}': {self._why_illegal(move)}")

    def _is_legal(self, move: Move) -> bool:
        """Whether a well-formed move may be played now (while the game runs); a game with a
        move that is legal but never listed (Dominions' ``resign``) overrides this."""
        return any(m.action == move.action for m in self.legal_moves())

    def _why_illegal(self, move: Move) -> str:
        return "not a legal move in this position"

    def legal_actions(self) -> np.ndarray:
        """The legal action ids, ascending, as a numpy int32 array."""
        return np.fromiter((m.action for m in self.legal_moves()), dtype=np.int32)

    def action_mask(self) -> np.ndarray:
        """A bool array of length ``num_actions``, True at the legal action ids."""
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[self.legal_actions()] = True
        return mask

    def is_over(self) -> bool:
        """True once the game has an outcome."""
        return self.outcome() is not None

    def returns(self) -> list[float]:
        """Per player: +1 winner, −1 loser, 0 for everyone in a draw or while running."""
        outcome: Outcome | None = self.outcome()
        if outcome is None or not outcome.winners:
            return [0.0] * self.num_players
        return [1.0 if p in outcome.winners else -1.0 for p in range(self.num_players)]

    def perft(self, depth: int) -> int:
        """Number of leaf move sequences of length ``depth``, counting the last ply in bulk."""
        if depth < 0:
            raise ValueError(f"perft depth must be >= 0, got {depth}")
        if depth == 0:
            return 1
        if self.current_player is None:
            return 0
        moves = self.legal_moves()
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            self._apply(move)
            total += self.perft(depth - 1)
            self.undo()
        return total

    #: the version of the JSON state format
    JSON_VERSION: ClassVar[int] = 1

    @classmethod
    def from_json(cls, data: Any) -> ReferenceState:
        """Rebuild a state by replaying ``moves`` from a new game with ``options``, then check
        every other field against the replay.

        Fields are compared as canonical JSON text, so ``True`` does not pass for ``1`` nor
        ``1.0`` for ``1``; ``options`` must name every option (defaults included) and are
        validated by the constructor.

        Raises:
            InvalidStateError: not a dict, another game or version, bad options, a move that
            does not parse or is illegal, a missing or unknown key, or a field that disagrees
            with the replay.
        """

        def bad(message: str) -> InvalidStateError:
            return InvalidStateError(f"invalid {cls.game} state: {message}")

        if not isinstance(data, dict):
            raise bad(f"expected a dict, got {type(data).__name__}")
        if data.get("game") != cls.game:
            raise bad(f"'game' must be {cls.game!r}, got {data.get('game')!r}")
        if _canonical(data.get("version")) != _canonical(cls.JSON_VERSION):
            raise bad(f"'version' must be {cls.JSON_VERSION}, got {data.get('version')!r}")
        options = data.get("options")
        if not isinstance(options, dict):
            raise bad(f"'options' must be a dict, got {options!r}")
        try:
            state = cls(**{str(k): v for k, v in options.items()})
        except (InvalidOptionError, TypeError) as e:
            raise bad(f"bad options: {e}") from None
        missing = [name for name in state.options if name not in options]
        if missing:
            raise bad(f"missing option {missing[0]!r}")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise bad(f"'moves' must be a list, got {type(moves).__name__}")
        for ply, text in enumerate(moves):
            if not isinstance(text, str):
                raise bad(f"move {ply} must be a string, got {text!r}")
            try:
                state.play(text)
            except ValueError as e:  # InvalidMoveError or IllegalMoveError
                raise bad(f"move {ply}: {e}") from None
        try:
            state._restore_json(data)
        except ValueError as e:
            raise bad(str(e)) from None
        replayed = state.to_json()
        for key in data:
            if key not in replayed:
                raise bad(f"unknown key {key!r}")
        for key, expected in replayed.items():
            if key not in data:
                raise bad(f"missing key {key!r}")
            if key != "options" and _canonical(data[key]) != _canonical(expected):
                raise bad(f"{key!r} is {data[key]!r} but replaying the moves gives {expected!r}")
        return state

    def _restore_json(self, data: dict[str, Any]) -> None:
        """Restore from a JSON state what replaying its moves cannot (So Long Sucker's chat),
        or raise ``ValueError`` saying which field is malformed; the default restores nothing."""

    def copy(self) -> ReferenceState:
        """An independent copy."""
        return _copy.deepcopy(self)

    def __copy__(self) -> ReferenceState:
        return self.copy()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def render(self, viewer: int | None = None) -> str:
        """The ASCII board."""
        from ..render import ascii_board

        return ascii_board(self, viewer=viewer)

    def svg(self, viewer: int | None = None, size: int = 420) -> str:
        """An SVG drawing of the position."""
        from ..render import svg_board

        return svg_board(self, viewer=viewer, size=size)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        who = "over" if self.current_player is None else f"to move: {self.current_player}"
        return f"<{type(self).__name__} {self.game} ply {len(self.history())}, {who} (reference)>"

    # -- required (documented above) ----------------------------------------------------------

    def _apply(self, move: Move) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:  # pragma: no cover - abstract
        raise NotImplementedError

    def parse_move(self, text: str) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError

    def move_from_action(self, action: int) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    num_players: int
    num_actions: int


def _canonical(value: Any) -> str | None:
    """JSON text that tells ``True`` from ``1`` and ``1.0`` from ``1``; None if not JSON."""
    try:
        return json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        return None
