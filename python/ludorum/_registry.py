"""The registry of games and backends: ``new``, ``games``, ``from_json``.

Each game is known by its registry name and a class name shared by both backends: the Rust class
in ``ludorum._ludorum`` and the pure-Python twin in ``ludorum.reference.<name>``.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOptionError, InvalidStateError

__all__ = ["BACKENDS", "GameInfo", "from_json", "game_class", "game_info", "games", "new"]


@dataclass(frozen=True)
class GameInfo:
    """What the Python layer needs to know of a game beyond its classes."""

    #: the class name, the same in both backends
    class_name: str
    #: the ply cap ``simulate`` applies when the ``max_plies`` option is left at ``None``:
    #: random play need not end, or may run very long, in these games
    simulation_max_plies: int | None


_GAMES: dict[str, GameInfo] = {
    # A random Chinese Checkers game practically never fills a home.
    "chinese_checkers": GameInfo("ChineseCheckers", 1000),
    # Random Domination games end, but take ~14,000 plies on average and up to ~80,000.
    "domination": GameInfo("Domination", 100_000),
    # Random Dominions games end by two passes within ~135 plies (126 pieces in all).
    "dominions": GameInfo("Dominions", None),
    # Random Armadora games end within ~60 plies: palisades and warriors run out, then passes.
    "armadora": GameInfo("Armadora", None),
    # Every So Long Sucker game ends (each capture kills a chip); random games are short.
    "so_long_sucker": GameInfo("SoLongSucker", None),
}

#: the backends, the default first
BACKENDS = ("rust", "reference")


def games() -> list[str]:
    """The registry names of every game, sorted.

    >>> import ludorum
    >>> "chinese_checkers" in ludorum.games()
    True
    """
    return sorted(_GAMES)


def game_info(name: str) -> GameInfo:
    """The registry entry of game ``name``.

    Raises:
        InvalidOptionError: unknown game.
    """
    if name not in _GAMES:
        raise InvalidOptionError(f"unknown game {name!r}; known games: {', '.join(games())}")
    return _GAMES[name]


def game_class(name: str, backend: str = "rust") -> type:
    """The state class of game ``name`` in ``backend``.

    Raises:
        InvalidOptionError: unknown game or backend.
    """
    info = game_info(name)
    if backend == "rust":
        from . import _ludorum

        return _ludorum.GAMES[name]
    if backend == "reference":
        module = importlib.import_module(f"ludorum.reference.{name}")
        return getattr(module, info.class_name)
    raise InvalidOptionError(
        f"backend must be one of {', '.join(map(repr, BACKENDS))}, got {backend!r}"
    )


def new(name: str, *, backend: str = "rust", **options: Any) -> Any:
    """A new game of ``name`` at its start, in ``backend`` (``"rust"`` or ``"reference"``).

    Options are per game (see ``docs/rules/<game>.md``); unknown or out-of-range options raise
    :class:`~ludorum.InvalidOptionError` naming the allowed values.

    Raises:
        InvalidOptionError: unknown game, backend or option, or a value out of range.

    >>> import ludorum
    >>> state = ludorum.new("chinese_checkers", players=3)
    >>> state.num_players, state.current_player, len(state.legal_moves())
    (3, 0, 14)
    """
    return game_class(name, backend)(**options)


def from_json(data: dict[str, Any] | str, *, backend: str = "rust") -> Any:
    """Rebuild a state from ``state.to_json()`` (a dict, or the same as a JSON string).

    The moves are replayed and every other field is checked against the replay.

    Raises:
        InvalidStateError: malformed, tampered or inconsistent data.

    >>> import ludorum
    >>> state = ludorum.new("chinese_checkers")
    >>> state.play("e5-f5")
    >>> ludorum.from_json(state.to_json()) == state
    True
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError as e:
            raise InvalidStateError(f"invalid state: not JSON: {e}") from None
    if not isinstance(data, dict):
        raise InvalidStateError(f"invalid state: expected a dict, got {type(data).__name__}")
    name = data.get("game")
    if not isinstance(name, str) or name not in _GAMES:
        raise InvalidStateError(f"invalid state: unknown game {name!r}")
    return game_class(name, backend).from_json(data)
