"""The exceptions of ludorum, shared by the Rust backend and the pure-Python reference.

Every error is a :class:`LudorumError` and a :class:`ValueError`, so ``except ValueError`` keeps
working for code that does not care which kind of bad input it was.

>>> import ludorum
>>> state = ludorum.new("chinese_checkers")
>>> try:
...     state.play("x9-a1")
... except ludorum.InvalidMoveError as e:
...     print(type(e).__name__, isinstance(e, ValueError))
InvalidMoveError True
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidStateError",
    "LudorumError",
]


class LudorumError(ValueError):
    """Base class of every error ludorum raises for bad input.

    >>> import ludorum
    >>> issubclass(ludorum.IllegalMoveError, ludorum.LudorumError)
    True
    """


class InvalidMoveError(LudorumError):
    """The text or action id does not name a move of this game (a syntax error).

    >>> import ludorum
    >>> ludorum.new("chinese_checkers").play("e5-e5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidMoveError: invalid move 'e5-e5': ...
    """


class IllegalMoveError(LudorumError):
    """The move is well formed but not legal in this position; the state is unchanged.

    >>> import ludorum
    >>> ludorum.new("chinese_checkers").play("m5-l5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ludorum.errors.IllegalMoveError: illegal move 'm5-l5': ...
    """


class InvalidStateError(LudorumError):
    """A JSON state is malformed, tampered with, or inconsistent with its own move list.

    >>> import ludorum
    >>> ludorum.from_json({"game": "chess"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidStateError: invalid state: ...
    """


class InvalidOptionError(LudorumError):
    """An unknown game, an unknown option, or an option value out of range.

    >>> import ludorum
    >>> ludorum.new("chinese_checkers", players=5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidOptionError: players must be ...
    """
