"""What every reference game shares: the generic half of the one contract, :class:`ludorum.State`.

A reference game subclasses :class:`ReferenceState` and implements the primitives listed in its
docstring; checked ``play``, the integer RL view, ``returns``, ``perft``, equality and rendering
are provided here once. The provided members carry the docstrings of :class:`ludorum.State`,
with their examples run in this backend.
"""

from __future__ import annotations

import copy as _copy
import functools
import json
import re
import struct
import threading
from typing import TYPE_CHECKING, Any, Callable, ClassVar, TypeVar, cast

import numpy as np

from .. import _args
from .._state import State
from .._types import Move, Outcome
from ..errors import IllegalMoveError, InvalidMoveError, InvalidOptionError, InvalidStateError
from ..observation import ObservationSpec, observation_spec

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "ReferenceState",
    "is_int",
]


_F = TypeVar("_F", bound=Callable[..., Any])
_R = TypeVar("_R", bound="ReferenceState")


def documented_as(member: Any) -> Callable[[_F], _F]:
    """Give the decorated function the docstring of a :class:`ludorum.State` member, with its
    examples in this backend (``ludorum.new(name, backend="reference", ...)``), so that
    ``help(state.play)`` reads the same in both backends.

    >>> @documented_as(State.ply)
    ... def ply(self: Any) -> int:
    ...     return 0
    >>> ply.__doc__.splitlines()[0]
    'The number of moves played so far (the length of :meth:`history`).'
    >>> 'ludorum.new("chinese_checkers", backend="reference")' in ply.__doc__
    True
    """
    doc = member.__doc__
    assert doc, f"{member!r} has no docstring"
    doc = re.sub(r'ludorum\.new\(("\w+")', r'ludorum.new(\1, backend="reference"', doc)

    def apply(function: _F) -> _F:
        function.__doc__ = doc
        return function

    return apply


def is_int(value: object) -> bool:
    """An int that is not a bool: ``True`` is not a player count."""
    return isinstance(value, int) and not isinstance(value, bool)


#: the dunder members that take a state's lock like the public ones (not ``__eq__``: it reads
#: two states one after the other, never holding both locks, which could deadlock)
_LOCKED_DUNDERS = frozenset(
    {"__str__", "__repr__", "__copy__", "__deepcopy__", "__getstate__", "_repr_svg_"}
)


#: the members that read what never changes after ``__init__``: no lock needed
_IMMUTABLE = frozenset({"game", "num_players", "num_actions", "options"})


def _lockless(function: _F) -> _F:
    """Mark a public method that takes no lock itself (it only calls locked ones)."""
    function._locked = True  # type: ignore[attr-defined]
    return function


def _locked(function: _F) -> _F:
    """``function`` run while holding its state's lock (see :class:`ReferenceState`)."""

    @functools.wraps(function)
    def call(self: ReferenceState, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return function(self, *args, **kwargs)

    call._locked = True  # type: ignore[attr-defined]
    return cast(_F, call)


def _lock_members(cls: type) -> None:
    """Make every public method and property of ``cls`` (those it defines) take the lock, and
    its ``__init__`` take its options through the engine's one options check, ``_args.options``
    (defaults included)."""
    for name, member in list(vars(cls).items()):
        if (name.startswith("_") and name not in _LOCKED_DUNDERS) or name in _IMMUTABLE:
            continue
        if isinstance(member, property) and member.fget is not None:
            if not getattr(member.fget, "_locked", False):
                setattr(cls, name, property(_locked(member.fget), doc=member.__doc__))
        elif callable(member) and not isinstance(member, (type, staticmethod, classmethod)):
            if not getattr(member, "_locked", False):
                setattr(cls, name, _locked(member))
    init = vars(cls).get("__init__")
    if init is not None and not getattr(init, "_checks_options", False):

        @functools.wraps(init)
        def checked_init(self: ReferenceState, **options: Any) -> None:
            init(self, **_args.options(type(self)._game, options))

        checked_init._checks_options = True  # type: ignore[attr-defined]
        cls.__init__ = checked_init  # type: ignore[misc]


class ReferenceState:
    """Base of the pure-Python games: each is a :class:`ludorum.State`.

    A subclass sets ``_game`` (the registry name, a class attribute), keeps its state in the
    fields the provided accessors read (``_num_players``, ``_num_actions``; ``_options``: the
    options after defaults; ``_turn``: the seat to move; ``_outcome``: ``Outcome`` or ``None``;
    ``_key``: the incrementally maintained Zobrist key; ``_history``: the moves played), and
    implements:

        - ``__init__(**options)``: set up the start from the options, given after the engine's
          check (``_args.options``: every option, defaults included; an error never gets here);
        - ``key_from_scratch()``: the key from the position alone;
        - ``legal_moves()``: list of :class:`Move`, ascending action id;
        - ``parse_move(text)`` and ``move_from_action(action)``: a :class:`Move` or
          ``InvalidMoveError``; they check syntax, not legality;
        - ``_apply(move)``: play a move known to be legal;
        - ``undo()``: take back and return the last move, ``IndexError`` when there is none;
        - ``observation(player)``;
        - ``_json_fields(viewer)``: the position-specific fields of the JSON state (``to_json``
          adds the common ones around them), and optionally ``_history_notation(index, move,
          viewer)``: a move of the history as ``viewer`` sees it (default: its notation);
        - optionally ``_restore_json(data)``: what ``from_json`` cannot get by replaying moves;
        - optionally ``_why_illegal(move)``: a short reason for the error message, and
          ``_is_legal(move)`` when a legal move is not listed (default: it is in ``legal_moves()``).

    Every argument is taken through :mod:`ludorum._args`, as the Rust backend takes it.

    Threads: each public method and property holds the state's lock (a re-entrant lock) while it
    runs, so calls from several threads run one after the other and a state is never seen half
    changed, as in the Rust backend (see :class:`ludorum.StateInUseError`). ``perft`` counts on
    a copy. Internal calls (``_apply``) take no lock.
    """

    _game: ClassVar[str]
    _num_players: int
    _num_actions: int
    _lock: threading.RLock

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        self = super().__new__(cls)
        self._lock = threading.RLock()
        return self

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _lock_members(cls)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["_lock"]
        return _copy.deepcopy(state)  # taken under the lock, pickled after it

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()

    def __deepcopy__(self: _R, memo: dict[int, Any]) -> _R:
        state = dict(self.__dict__)
        del state["_lock"]
        other: _R = type(self).__new__(type(self))
        other.__dict__.update(_copy.deepcopy(state, memo))
        return other

    # -- provided ---------------------------------------------------------------------------

    _options: dict[str, Any]
    _turn: int | None
    _outcome: Outcome | None
    _key: int
    _history: list[Move]

    def _check_player(self, player: Any, what: str = "player") -> int:
        """``player`` as a player index of this game (see :func:`ludorum._args.player`).

        >>> import ludorum
        >>> ludorum.new("chinese_checkers", backend="reference")._check_player(2)
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidArgumentError: player must be an int in 0..1, got 2
        """
        return _args.player(player, self.num_players, what)

    @property
    @documented_as(State.game)
    def game(self) -> str:
        return self._game

    @property
    @documented_as(State.num_players)
    def num_players(self) -> int:
        return self._num_players

    @property
    @documented_as(State.num_actions)
    def num_actions(self) -> int:
        return self._num_actions

    @property
    @documented_as(State.options)
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    @property
    @documented_as(State.current_player)
    def current_player(self) -> int | None:
        return None if self._outcome is not None else self._turn

    @property
    @documented_as(State.key)
    def key(self) -> int:
        return self._key

    @property
    @documented_as(State.ply)
    def ply(self) -> int:
        return len(self._history)

    @documented_as(State.history)
    def history(self) -> list[Move]:
        return list(self._history)

    @documented_as(State.outcome)
    def outcome(self) -> Outcome | None:
        return self._outcome

    @documented_as(State.play)
    def play(self, move: Move | str) -> None:
        given = _args.move(move)
        if isinstance(given, str):
            move = self.parse_move(given)
        else:
            move = given
            canonical = self.move_from_action(move.action)
            if canonical.notation != move.notation:
                raise InvalidMoveError(
                    f"invalid move {_args.show(move)}: action {move.action} is "
                    f"'{canonical.notation}'"
                )
        self._check_legal(move)
        self._apply(move)

    @documented_as(State.apply_action)
    def apply_action(self, action: int) -> None:
        move = self.move_from_action(_args.action(action, self.num_actions))
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

    @documented_as(State.legal_actions)
    def legal_actions(self) -> npt.NDArray[np.int32]:
        return np.fromiter((m.action for m in self.legal_moves()), dtype=np.int32)

    @documented_as(State.action_mask)
    def action_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[self.legal_actions()] = True
        return mask

    @documented_as(State.is_over)
    def is_over(self) -> bool:
        return self.outcome() is not None

    @documented_as(State.returns)
    def returns(self) -> list[float]:
        outcome: Outcome | None = self.outcome()
        if outcome is None or not outcome.winners:
            return [0.0] * self.num_players
        return [1.0 if p in outcome.winners else -1.0 for p in range(self.num_players)]

    @_lockless
    @documented_as(State.perft)
    def perft(self, depth: int) -> int:
        # On a copy: the state is not held while counting, and an interrupt leaves it as it was.
        return self.copy()._perft(_args.depth(depth))

    def _perft(self, depth: int) -> int:
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
            total += self._perft(depth - 1)
            self.undo()
        return total

    #: the version of the JSON state format
    JSON_VERSION: ClassVar[int] = 1

    @documented_as(State.to_json)
    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        # The envelope of every game, around the game's own fields, in the key order of the Rust
        # core's (``core::json::to_json``), so that ``json.dumps`` gives the same text.
        if viewer is not None:  # it must be a player even where every player sees everything
            viewer = self._check_player(viewer, "viewer")
        data: dict[str, Any] = {
            "game": self.game,
            "version": self.JSON_VERSION,
            "options": self.options,
            "moves": [self._history_notation(k, m, viewer) for k, m in enumerate(self._history)],
        }
        data.update(self._json_fields(viewer))
        outcome = self._outcome
        data["current_player"] = self.current_player
        data["outcome"] = (
            None
            if outcome is None
            else {"winners": sorted(outcome.winners), "reason": outcome.reason}
        )
        if viewer is not None and _hidden_information(self._game):
            data["viewer"] = viewer
        return data

    def _history_notation(self, index: int, move: Move, viewer: int | None) -> str:
        """The ``index``-th move of the history as ``viewer`` sees it in the JSON state (``None``:
        the referee); a game with hidden information overrides this."""
        return move.notation

    @classmethod
    def from_json(cls: type[_R], data: Any) -> _R:
        """Rebuild a state from ``to_json()``: replay ``moves`` from a new game with
        ``options``, then check every other field against the replay.

        The envelope (plain JSON, ``game``, ``version``, ``options``, ``moves``) is checked
        as in both backends (:func:`ludorum._args.state`). Fields are compared as canonical JSON
        text, so ``True`` does not pass for ``1`` nor ``1.0`` for ``1``; ``options`` must name
        every option exactly as ``to_json()`` writes it. ``ludorum.from_json`` calls this for the
        game named in ``data``.

        Args:
            data: a dict as ``to_json()`` returns it (not a viewer's).

        Returns:
            A new state of this class, equal to the one that wrote ``data``.

        Raises:
            InvalidStateError: not a dict, another game or version, bad options, a move that
                does not parse or is illegal, a missing or unknown key, or a field that
                disagrees with the replay.

        >>> from ludorum.reference.chinese_checkers import ChineseCheckers
        >>> state = ChineseCheckers()
        >>> state.play("e5-f4")
        >>> ChineseCheckers.from_json(state.to_json()) == state
        True
        >>> ChineseCheckers.from_json({"game": "chess"})
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidStateError: invalid chinese_checkers state: 'game' must be 'chinese_checkers', got 'chess'
        """  # noqa: E501

        def bad(message: str) -> InvalidStateError:
            return InvalidStateError(f"invalid {cls._game} state: {message}")

        data = _args.state(data, cls._game)  # the envelope, as both backends check it
        try:
            state = cls(**data["options"])
        except InvalidOptionError as e:
            raise bad(str(e)) from None
        written, given = state.options, data["options"]
        for name in written:
            if name not in given:
                raise bad(f"missing option '{name}'")
        from .._registry import game_info

        # An option left out when not in use may still be written at its default (the
        # constructor accepts it so too), e.g. Chinese Checkers' "goal_lock": false or
        # "actions": "from_to" (a bool as a bool: 0 is not False).
        defaults = {
            o.name: o.default
            for o in game_info(cls._game).options
            if isinstance(o.default, (bool, str))
        }
        for name in given:
            if name not in written and not (
                name in defaults
                and type(given[name]) is type(defaults[name])
                and given[name] == defaults[name]
            ):
                raise bad(f"option '{name}' is written only when in use")
        for name, value in written.items():
            if _canonical(given[name]) != _canonical(value):
                raise bad(f"option '{name}' is not written as to_json() writes it")
        for ply, text in enumerate(data["moves"]):
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
                raise bad(f"unknown key '{key}'")
        for key, expected in replayed.items():
            if key not in data:
                raise bad(f"missing key '{key}'")
            if key == "options":  # checked above, a bool written at its default included
                continue
            if _canonical(data[key]) != _canonical(expected):
                raise bad(f"'{key}' is not what replaying the moves gives")
        return state

    def _restore_json(self, data: dict[str, Any]) -> None:
        """Restore from a JSON state what replaying its moves cannot (So Long Sucker's chat),
        or raise ``ValueError`` saying which field is malformed; the default restores nothing."""

    @documented_as(State.copy)
    def copy(self: _R) -> _R:
        return _copy.deepcopy(self)

    @documented_as(State.__copy__)
    def __copy__(self: _R) -> _R:
        return self.copy()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    @documented_as(State.render)
    def render(self, viewer: int | None = None) -> str:
        from ..render import ascii_board

        return ascii_board(self, viewer=_args.viewer(viewer, self.num_players))

    @documented_as(State.svg)
    def svg(self, viewer: int | None = None, size: int = 420) -> str:
        from ..render import _svg_board

        viewer = _args.viewer(viewer, self.num_players)
        return _svg_board(self, viewer, _args.size(size))

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        who = "over" if self.current_player is None else f"to move: {self.current_player}"
        return f"<{type(self).__name__} {self.game} ply {len(self.history())}, {who} (reference)>"

    # -- required (documented above); each game documents its own ---------------------------

    def _apply(self, move: Move) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    @documented_as(State.key_from_scratch)
    def key_from_scratch(self) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    @documented_as(State.legal_moves)
    def legal_moves(self) -> list[Move]:  # pragma: no cover - abstract
        raise NotImplementedError

    @documented_as(State.parse_move)
    def parse_move(self, text: str) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError

    @documented_as(State.move_from_action)
    def move_from_action(self, action: int) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError

    @documented_as(State.undo)
    def undo(self) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError

    @documented_as(State.observation)
    def observation(self, player: int) -> npt.NDArray[np.float32]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _json_fields(self, viewer: int | None) -> dict[str, Any]:  # pragma: no cover - abstract
        """The position-specific fields of the JSON state (``board``, ...), in the order of the
        game's rules page, as ``viewer`` may see them (``None``: the referee); ``to_json`` puts
        ``game``, ``version``, ``options`` and ``moves`` before them, ``current_player`` and
        ``outcome`` after them (and ``viewer`` in a game with hidden information)."""
        raise NotImplementedError

    @documented_as(State.serialize)
    def serialize(self) -> bytes:
        options = json.dumps(self.options, separators=(",", ":"), ensure_ascii=False).encode()
        name = self.game.encode()
        history = self.history()
        actions = [self._history_action(k, m) for k, m in enumerate(history)]
        return b"".join(
            [
                b"LDR\x01",
                bytes([len(name)]),
                name,
                struct.pack("<I", len(options)),
                options,
                struct.pack(f"<I{len(actions)}I", len(actions), *actions),
            ]
        )

    def _history_action(self, index: int, move: Move) -> int:
        """The action id the ``index``-th move had when played (its Move keeps it)."""
        return move.action

    @documented_as(State.observation_spec)
    def observation_spec(self) -> ObservationSpec:
        return observation_spec(self.game, self.options)


def _hidden_information(game: str) -> bool:
    """Whether ``game`` declares hidden information (its viewers' JSON then says who looks)."""
    from .._registry import game_info

    return game_info(game).hidden_information


def _canonical(value: Any) -> str:
    """JSON text that tells ``True`` from ``1`` and ``1.0`` from ``1`` (``value`` is plain)."""
    return json.dumps(value, sort_keys=True)


_lock_members(ReferenceState)
