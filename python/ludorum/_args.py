"""Checking arguments: one function per kind of argument, used by both backends.

Every public method of both backends takes its arguments through these functions: the reference
calls them directly; the Rust bindings accept the plain case natively (an ``int`` in range, a short
ASCII notation string) and hand everything else to the same function here. So each kind of
argument has one domain and one error message, whatever the backend:

- an **integer** is anything :func:`operator.index` accepts except a bool: an ``int``, a numpy
  integer, a 0-d integer array; a float (even ``1.0``), a string or ``True`` is not one;
- a **player** or **viewer** is an integer in ``0..num_players - 1``;
- an **action id** is an integer; ``apply_action`` takes ``0..num_actions - 1``;
- a **seed** is an integer in ``0..2**64 - 1`` (no wrapping anywhere);
- a **perft depth** is an integer in ``0..255``, an SVG **size** one in ``1..10000``;
- a **notation** is a ``str`` of at most 64 printable ASCII characters without quotes or
  backslashes (every move of every game is one), and ``play`` takes a notation or a
  :class:`~ludorum.Move`, nothing else;
- a chat **text** is a ``str`` that is valid Unicode (no lone surrogates: it must be writable as
  UTF-8 and JSON);
- **options** are checked by the engine's one option checker (``_ludorum.check_options``): against
  the game's declared facts (``ludorum.game_info``), then by the game itself (what goes beyond its
  facts), in both backends; values that Python and the engine do not write alike (numpy scalars,
  tuples, floats, long or quoted strings) are checked against the facts and made plain here
  first (:func:`plain_options`): numpy scalars become plain numbers, a ``float`` option stores a
  float;
- a **JSON state** is plain JSON (dicts with string keys, lists, strings, finite numbers, ints in
  ``-2**63..2**64 - 1``, bools, ``None``), at most :data:`MAX_JSON_DEPTH` deep, and its envelope
  (``game``, ``version``, ``options``, ``moves``) is checked here; the replay is each backend's.

Errors are ludorum's own: :class:`~ludorum.InvalidArgumentError`, or the error of the kind of
input (:class:`~ludorum.InvalidMoveError` for moves and action ids,
:class:`~ludorum.InvalidOptionError` for options, :class:`~ludorum.InvalidStateError` for JSON
states), all ``ValueError`` subclasses. Values are shown in messages by :func:`show`, which never
fails and never writes more than :data:`MAX_SHOWN` characters.

>>> player(np.int64(1), 2)
1
>>> player(True, 2)
Traceback (most recent call last):
...
ludorum.errors.InvalidArgumentError: player must be an int in 0..1, got True
"""

from __future__ import annotations

import json
import operator
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ._types import Move
from .errors import InvalidArgumentError, InvalidMoveError, InvalidOptionError, InvalidStateError

if TYPE_CHECKING:
    from ._registry import OptionInfo

__all__ = [
    "MAX_DEPTH",
    "MAX_JSON_DEPTH",
    "MAX_NOTATION",
    "MAX_SHOWN",
    "MAX_SIZE",
    "action",
    "action_id",
    "count",
    "depth",
    "integer",
    "move",
    "notation",
    "options",
    "plain_options",
    "player",
    "seed",
    "show",
    "size",
    "state",
    "text",
    "viewer",
]

#: the most characters :func:`show` writes for a value
MAX_SHOWN = 80
#: the deepest perft (deeper ones could never finish, and would exhaust the stack first)
MAX_DEPTH = 255
#: the widest SVG drawing, in pixels
MAX_SIZE = 10_000
#: the longest notation of any move (the longest real one is far shorter)
MAX_NOTATION = 64
#: the deepest nesting of a JSON state (real states nest 3 deep)
MAX_JSON_DEPTH = 16
#: the largest action id ``move_from_action`` looks up (ids are 32-bit in every game)
MAX_ACTION_ID = 2**32 - 1

#: the characters of every notation: printable ASCII but quotes and backslash, so that
#: ``repr(text) == f"'{text}'"`` and both backends quote it alike
_NOTATION_CHARS = frozenset(chr(c) for c in range(0x20, 0x7F)) - set("'\"\\")
_IDENTIFIER_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def show(value: Any) -> str:
    """``repr(value)`` for an error message: at most :data:`MAX_SHOWN` characters, never raises.

    >>> show("x" * 100)[-6:], len(show("x" * 100))
    ('xxx...', 80)
    >>> show(2**20000)
    '<int of 20001 bits>'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"<int of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__
        text = f"<{type(value).__name__} object>"
    if not isinstance(text, str):
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def integer(value: Any) -> int | None:
    """``value`` as an int when it is an integer (not a bool), else ``None``.

    >>> integer(np.array(3)), integer(True), integer(1.0), integer("1")
    (3, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, (bool, np.bool_)):
        return None
    try:
        return operator.index(value)
    except Exception:  # TypeError, or anything a hostile __index__ raises
        return None


def player(value: Any, players: int, what: str = "player") -> int:
    """A player (or viewer: ``what``) of a game of ``players`` players.

    Raises:
        InvalidArgumentError: not an integer in ``0..players - 1``.
    """
    index = integer(value)
    if index is None or not 0 <= index < players:
        raise InvalidArgumentError(f"{what} must be an int in 0..{players - 1}, got {show(value)}")
    return index


def viewer(value: Any, players: int) -> int | None:
    """An optional viewer: ``None`` (everyone's view) or a player.

    Raises:
        InvalidArgumentError: neither ``None`` nor a player.
    """
    return None if value is None else player(value, players, "viewer")


def action(value: Any, num_actions: int) -> int:
    """An action id of the action space, as ``apply_action`` takes it.

    Raises:
        InvalidMoveError: not an integer in ``0..num_actions - 1``.
    """
    index = integer(value)
    if index is None or not 0 <= index < num_actions:
        raise InvalidMoveError(
            f"invalid move {show(value)}: action ids are ints in 0..{num_actions - 1}"
        )
    return index


def action_id(value: Any) -> int:
    """An action id as ``move_from_action`` takes it: the game then says whether a move has it
    (a few moves have ids past the action space).

    Raises:
        InvalidMoveError: not an integer in ``0..2**32 - 1``.
    """
    index = integer(value)
    if index is None or not 0 <= index <= MAX_ACTION_ID:
        raise InvalidMoveError(f"invalid move {show(value)}: action ids are ints in 0..2**32 - 1")
    return index


def seed(value: Any, error: type[Exception] = InvalidArgumentError) -> int:
    """A seed of SplitMix64: an integer in ``0..2**64 - 1``; nothing is wrapped.

    Raises:
        InvalidArgumentError: (or ``error``) anything else.
    """
    number = integer(value)
    if number is None or not 0 <= number < 2**64:
        raise error(f"seed must be an int in 0..2**64 - 1, got {show(value)}")
    return number


def depth(value: Any) -> int:
    """A perft depth: an integer in ``0..MAX_DEPTH``.

    Raises:
        InvalidArgumentError: anything else.
    """
    number = integer(value)
    if number is None or not 0 <= number <= MAX_DEPTH:
        raise InvalidArgumentError(
            f"perft depth must be an int in 0..{MAX_DEPTH}, got {show(value)}"
        )
    return number


def size(value: Any) -> int:
    """The width of an SVG drawing: an integer in ``1..MAX_SIZE``.

    Raises:
        InvalidArgumentError: anything else.
    """
    number = integer(value)
    if number is None or not 1 <= number <= MAX_SIZE:
        raise InvalidArgumentError(f"size must be an int in 1..{MAX_SIZE}, got {show(value)}")
    return number


def count(
    name: str, value: Any, low: int, high: int, error: type[Exception] = InvalidArgumentError
) -> int:
    """A count (games, threads): an integer in ``low..high``.

    Raises:
        InvalidArgumentError: (or ``error``) anything else.
    """
    number = integer(value)
    if number is None or not low <= number <= high:
        raise error(f"{name} must be an int in {low}..{high}, got {show(value)}")
    return number


def notation(value: Any) -> str:
    """A move's notation to parse: a str of at most :data:`MAX_NOTATION` printable ASCII
    characters without quotes or backslashes. Whether it names a move is the game's to say.

    Raises:
        InvalidMoveError: anything else.
    """
    if not isinstance(value, str):
        raise InvalidMoveError(f"invalid move {show(value)}: expected a notation string")
    text = str.__str__(value)  # a plain str, also of a str subclass
    if len(text) > MAX_NOTATION:
        raise InvalidMoveError(
            f"invalid move {show(text)}: longer than any move ({MAX_NOTATION} characters)"
        )
    if not _NOTATION_CHARS.issuperset(text):
        raise InvalidMoveError(
            f"invalid move {show(text)}: a move is written in printable ASCII "
            "without quotes or backslashes"
        )
    return text


def move(value: Any) -> Move | str:
    """What ``play`` takes: a :class:`~ludorum.Move` (checked against the game by the backend)
    or a notation (see :func:`notation`). Any other object is refused, even one whose ``str``
    would be a move.

    Raises:
        InvalidMoveError: anything else.
    """
    if isinstance(value, Move):
        return value
    if isinstance(value, str):
        return notation(value)  # a plain str
    raise InvalidMoveError(f"invalid move {show(value)}: expected a Move or a notation string")


def text(value: Any) -> str:
    """A line of chat: a str that is valid Unicode (no lone surrogates).

    Raises:
        InvalidArgumentError: anything else.
    """
    if not isinstance(value, str):
        raise InvalidArgumentError(f"text must be a str, got {show(value)}")
    plain = str.__str__(value)  # a plain str, also of a str subclass
    try:
        plain.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidArgumentError(
            f"text must be valid Unicode (no lone surrogates), got {show(plain)}"
        ) from None
    return plain


# -- options ------------------------------------------------------------------------------------


def options(game: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options of ``game`` after the engine's one check, as ``state.options`` gives them
    (every option, defaults included): against its facts, then by the game itself (Chinese
    Checkers' pieces with the player count, Armadora's gold as a permutation). The reference
    backend takes its options this way; the Rust backend's states check theirs the same way.

    Raises:
        InvalidOptionError: an unknown option, or a value the game does not allow.

    >>> options("dominions", {"komi": np.int64(1)})
    {'komi': 1.0, 'max_plies': None}
    >>> options("chinese_checkers", {"players": 3})["pieces"]
    10
    >>> options("chinese_checkers", {"players": 3, "pieces": 15})
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidOptionError: pieces must be 10 with 3 players (15 only with 2 players), got 15
    """  # noqa: E501
    from . import _ludorum

    return _ludorum.check_options(game, dict(given))


def plain_options(game: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options of ``game`` as given, checked against its facts and made plain JSON values:
    numpy scalars become ints and floats, tuples lists, a ``float`` option a float. The engine
    checks plain options itself (the same way, with the same messages) and hands the others
    here; a JSON state's options are checked here as part of its envelope.

    What a game checks beyond its facts (Chinese Checkers' pieces with the player count,
    Armadora's gold as a permutation) is left to the engine (:func:`options`).

    Raises:
        InvalidOptionError: an unknown option, or a value the facts do not allow.

    >>> plain_options("dominions", {"komi": np.int64(1)})
    {'komi': 1.0}
    >>> plain_options("chinese_checkers", {"players": 5})
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidOptionError: players must be one of 2, 3, 4, 6, got 5
    """
    from ._registry import game_info

    info = game_info(game)
    table = {o.name: o for o in info.options}
    for name in given:
        if name not in table:
            raise InvalidOptionError(
                f"unknown option {show(name)}; {game} has no options"
                if not table
                else f"unknown option {show(name)} for {game}; allowed: {', '.join(table)}"
            )
    out: dict[str, Any] = {}
    # The player count first: a player option is checked against it.
    players = given.get("players", table["players"].default if "players" in table else None)
    order = sorted(given, key=lambda n: n != "players")
    for name in order:
        value = _option(table[name], given[name], players)
        if name == "players":
            players = value
        out[name] = value
    return {name: out[name] for name in given}


def _option(spec: OptionInfo, value: Any, players: Any) -> Any:
    def refuse(extra: str = "") -> InvalidOptionError:
        return InvalidOptionError(f"{spec.name} must be {spec.allowed()}{extra}, got {show(value)}")

    if value is None:
        if spec.nullable:
            return None
        raise refuse()
    kind = spec.kind
    if kind in ("int", "seed", "player"):
        number = integer(value)
        if number is None:
            raise refuse(_player_range(kind, players))
        if kind == "seed" and not 0 <= number < 2**64:
            raise refuse()
        if kind == "player" and not (isinstance(players, int) and 0 <= number < players):
            raise refuse(_player_range(kind, players))
        if spec.choices is not None and number not in spec.choices:
            raise refuse()
        if spec.low is not None and spec.high is not None and not spec.low <= number <= spec.high:
            raise refuse()
        return number
    if kind == "float":
        if isinstance(value, (bool, np.bool_)) or not isinstance(
            value, (int, float, np.integer, np.floating)
        ):
            raise refuse()
        try:
            real = float(value)
        except OverflowError:  # an int too large for a float
            raise refuse() from None
        if real != real or real in (float("inf"), float("-inf")):
            raise refuse()
        return real
    if kind == "str":
        if not isinstance(value, str) or spec.choices is None or value not in spec.choices:
            raise refuse()
        return str.__str__(value)
    if kind == "int_list":
        items = list(value) if isinstance(value, (list, tuple)) else None
        if items is None:
            raise refuse()
        numbers = [integer(v) for v in items]
        if any(n is None or not -(2**63) <= n < 2**64 for n in numbers):
            raise refuse()
        if spec.length is not None and len(numbers) != spec.length:
            raise refuse()
        return numbers
    if kind == "bool":
        if not isinstance(value, (bool, np.bool_)):
            raise refuse()
        return bool(value)
    if kind == "str_list":
        # Names written plainly (both backends then quote them alike); which names, how many
        # and whether they repeat is the game's to say, in its own words.
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)) or not all(
            isinstance(n, str) and len(n) <= MAX_NOTATION and _NOTATION_CHARS.issuperset(n)
            for n in items
        ):
            raise refuse()
        return str.__str__(value) if isinstance(value, str) else [str.__str__(n) for n in items]
    # A kind this version does not know: any plain JSON value.
    return _plain(value, InvalidOptionError, f"{spec.name}: ")


def _player_range(kind: str, players: Any) -> str:
    return f" in 0..{players - 1}" if kind == "player" and isinstance(players, int) else ""


# -- JSON states ---------------------------------------------------------------------------------


def state(data: Any, game: str | None = None) -> dict[str, Any]:
    """A JSON state given to ``from_json`` (a dict, or its JSON text), made plain and with its
    envelope checked: ``game`` (``game`` when given, else any known game), ``version``,
    ``options`` (values the game's facts allow) and ``moves`` (notation strings). That the
    options are written exactly as the state writes them (``0.0``, not ``0``, for a float; an
    option left out while not in use), the game-specific fields and the replay are the
    backend's.

    Raises:
        InvalidStateError: anything else, saying what.
    """
    from ._registry import games

    where = "invalid state"
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except RecursionError:
            raise InvalidStateError(
                f"{where}: not JSON: nested deeper than {MAX_JSON_DEPTH} levels"
            ) from None
        except ValueError as e:
            raise InvalidStateError(f"{where}: not JSON: {e}") from None
    if not isinstance(data, dict):
        raise InvalidStateError(f"{where}: expected a dict, got {type(data).__name__}")
    name = data.get("game")
    if game is not None and name != game:
        raise InvalidStateError(f"invalid {game} state: 'game' must be '{game}', got {show(name)}")
    if not isinstance(name, str) or name not in games():
        raise InvalidStateError(f"{where}: unknown game {show(name)}")
    where = f"invalid {name} state"
    if "viewer" in data:
        raise InvalidStateError(f"{where}: a viewer's JSON cannot be replayed")
    plain = _plain(data, InvalidStateError, f"{where}: ")
    for key in plain:
        if not _is_identifier(key):
            raise InvalidStateError(f"{where}: unknown key {show(key)}")
    version = plain.get("version")
    if type(version) is not int or version != 1:
        raise InvalidStateError(f"{where}: 'version' must be 1, got {show(version)}")
    given = plain.get("options")
    if not isinstance(given, dict):
        raise InvalidStateError(f"{where}: 'options' must be a dict, got {show(given)}")
    try:
        plain_options(name, given)
    except InvalidOptionError as e:
        raise InvalidStateError(f"{where}: {e}") from None
    moves = plain.get("moves")
    if not isinstance(moves, list):
        raise InvalidStateError(f"{where}: 'moves' must be a list, got {show(moves)}")
    for ply, item in enumerate(moves):
        try:
            notation(item)
        except InvalidMoveError as e:
            raise InvalidStateError(f"{where}: move {ply}: {e}") from None
    return cast("dict[str, Any]", plain)


def _is_identifier(key: str) -> bool:
    return bool(key) and len(key) <= MAX_NOTATION and _IDENTIFIER_CHARS.issuperset(key)


def _plain(data: Any, error: type[Exception], prefix: str) -> Any:
    """``data`` as plain JSON values (a new structure), walked without recursion.

    Raises:
        ``error``: a value JSON cannot hold, a string that is not valid Unicode, an int out of
            ``-2**63..2**64 - 1``, a non-string key, or nesting deeper than MAX_JSON_DEPTH.
    """
    root: list[Any] = [None]
    # (parent container, key in it, value, depth)
    stack: list[tuple[Any, Any, Any, int]] = [(root, 0, data, 1)]
    while stack:
        parent, key, value, level = stack.pop()
        if level > MAX_JSON_DEPTH:
            raise error(f"{prefix}nested deeper than {MAX_JSON_DEPTH} levels")
        if value is None or isinstance(value, (bool, np.bool_)):
            parent[key] = None if value is None else bool(value)
        elif isinstance(value, str):
            plain = str.__str__(value)
            try:
                plain.encode("utf-8")
            except UnicodeEncodeError:
                raise error(
                    f"{prefix}a string is not valid Unicode (lone surrogate): {show(plain)}"
                ) from None
            parent[key] = plain
        elif isinstance(value, (int, np.integer)):
            number = int(value)
            if not -(2**63) <= number < 2**64:
                raise error(f"{prefix}an int is out of -2**63..2**64 - 1: {show(value)}")
            parent[key] = number
        elif isinstance(value, (float, np.floating)):
            number_f = float(value)
            if number_f != number_f or number_f in (float("inf"), float("-inf")):
                raise error(f"{prefix}a number is not finite: {show(value)}")
            parent[key] = number_f
        elif isinstance(value, (list, tuple)):
            items: list[Any] = [None] * len(value)
            parent[key] = items
            stack.extend((items, i, item, level + 1) for i, item in enumerate(value))
        elif isinstance(value, dict):
            mapping: dict[str, Any] = {}
            parent[key] = mapping
            for k, item in value.items():
                if not isinstance(k, str):
                    raise error(f"{prefix}a key is not a string: {show(k)}")
                name = str.__str__(k)
                try:
                    name.encode("utf-8")
                except UnicodeEncodeError:
                    raise error(
                        f"{prefix}a key is not valid Unicode (lone surrogate): {show(name)}"
                    ) from None
                mapping[name] = None  # keeps the order of the keys
                stack.append((mapping, name, item, level + 1))
        else:
            raise error(f"{prefix}not a JSON value: {show(value)}")
    return root[0]
