"""Drawing a state as ASCII text or as SVG, apart from the rules.

Each game has its own module ``ludorum.render.<game>`` (named after ``state.game``) that defines
``ascii(state, viewer) -> str`` and ``svg(state, viewer, size) -> str`` from the public state API
and the standard library only. This package only dispatches: adding a game means adding its module.
The modules are imported on first use, so importing ``ludorum`` costs nothing for rendering.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .._state import State

__all__ = ["ascii_board", "move_guide", "move_svg", "svg_board"]


def ascii_board(state: State, viewer: int | None = None) -> str:
    """The board of ``state`` as text, ending with a status line.

    ``viewer`` is the player whose view is drawn, for games with hidden information; ``None``
    draws only what every player may see.

    Raises:
        ValueError: no renderer exists for ``state.game``.

    >>> import ludorum
    >>> s = ludorum.new("chinese_checkers", backend="reference")
    >>> ascii_board(s).splitlines()[-1]
    'to move: 0'
    """
    text: str = _renderer(state).ascii(state, viewer)
    return text


def svg_board(state: State, viewer: int | None = None, size: int = 420) -> str:
    """The board of ``state`` as a self-contained SVG document, ``size`` pixels wide.

    ``viewer`` is the player whose view is drawn, for games with hidden information; ``None``
    draws only what every player may see.

    Raises:
        ValueError: no renderer exists for ``state.game``.
        InvalidArgumentError: ``size`` is not an int in ``1..10000``.

    >>> import ludorum
    >>> s = ludorum.new("chinese_checkers", backend="reference")
    >>> svg_board(s, size=300).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')
    True
    """
    from .._args import size as checked_size

    return _svg_board(state, viewer, checked_size(size))


def move_svg(state: State, move: str, size: int = 48) -> str | None:
    """A small drawing of ``move`` (its notation), for a choice among moves that name the same
    cells: Dominions draws the pattern a placement puts down. ``None`` for a game, or a move,
    its renderer has no such drawing of.

    >>> import ludorum
    >>> move_svg(ludorum.new("dominions"), "63@i9").startswith("<svg")
    True
    >>> move_svg(ludorum.new("tic_tac_toe"), "b2") is None
    True
    """
    draw = getattr(_renderer(state), "move_svg", None)
    return None if draw is None else draw(state, move, size)


def move_guide(state: State, moves: list[str]) -> dict[str, dict[str, Any]]:
    """How a page that builds a move by clicks presents each of ``moves`` (notations), where
    the game's renderer says more than the notation does; moves it says nothing of are left out.

    Each entry may hold ``steps``, the places and choices a move is made of in the order a
    player chooses them (Domination: the stack, how many pieces, where); ``words``, the move
    said in the game's words for a button (Armadora: ``strength 3``); ``path``, the holes a
    move passes through (a Chinese Checkers hop chain). The renderer may define
    ``move_steps``, ``move_words`` and ``move_path``, each ``(state, move) -> value | None``.

    >>> import ludorum
    >>> move_guide(ludorum.new("domination"), ["c4-c5:1"])
    {'c4-c5:1': {'steps': ['c4', '1 piece', 'c5']}}
    >>> move_guide(ludorum.new("tic_tac_toe"), ["b2"])
    {}
    """
    renderer = _renderer(state)
    hooks = [(key, getattr(renderer, f"move_{key}", None)) for key in ("steps", "words", "path")]
    guide: dict[str, dict[str, Any]] = {}
    for move in moves:
        entry = {key: value for key, hook in hooks if hook and (value := hook(state, move))}
        if entry:
            guide[move] = entry
    return guide


def _svg_board(state: State, viewer: int | None, size: int) -> str:
    """:func:`svg_board` for a state's ``svg`` method, which has checked ``viewer`` and ``size``
    already (each argument is checked once)."""
    text: str = _renderer(state).svg(state, viewer, size)
    return text


def _renderer(state: Any) -> ModuleType:
    """The module ``ludorum.render.<state.game>``; ``ValueError`` when there is none."""
    game = getattr(state, "game", None)
    # Only plain identifiers reach importlib, so a game name can never walk to another package.
    if not isinstance(game, str) or not game.isidentifier() or game.startswith("_"):
        raise ValueError(f"cannot render {state!r}: state.game is {game!r}, not a game name")
    name = f"{__name__}.{game}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the renderer exists but one of its own imports is missing
            raise
        raise ValueError(f"no renderer for game {game!r}") from None
    if not (hasattr(module, "ascii") and hasattr(module, "svg")):
        raise ValueError(f"no renderer for game {game!r}: {name} lacks ascii() or svg()")
    return module
