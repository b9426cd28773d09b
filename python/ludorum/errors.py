"""The exceptions of ludorum, shared by the Rust backend and the pure-Python reference.

Every error for bad input is a :class:`LudorumError` and a :class:`ValueError`, so ``except
ValueError`` keeps working for code that does not care which kind of bad input it was. Both
backends raise the same class with the same message for the same bad argument. The one error that
is not about input, :class:`StateInUseError`, is a :class:`RuntimeError`.

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
    "InvalidArgumentError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidStateError",
    "LudorumError",
    "StateInUseError",
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


class InvalidArgumentError(LudorumError):
    """An argument of a method is not of the kind it takes or out of its range: a player or
    viewer, a seed, a perft depth, a size, a count, a line of chat.

    >>> import ludorum
    >>> ludorum.new("chinese_checkers").observation(2)
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidArgumentError: player must be an int in 0..1, got 2
    """


class InvalidOptionError(InvalidArgumentError):
    """An unknown game, an unknown option, or an option value out of range (also the arguments
    of ``ludorum.simulate``).

    >>> import ludorum
    >>> ludorum.new("chinese_checkers", players=5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidOptionError: players must be ...
    """


class StateInUseError(RuntimeError):
    """A call found its state held by another call that it cannot wait for.

    The contract for threads: each call on a state is atomic, in both backends. Calls on one
    state from several threads run one after the other, never interleaved, so a state is never
    corrupted nor seen half changed (``perft`` counts from the position as it was when it was
    called, without holding the state). A sequence of calls, such as reading ``legal_moves()``
    and then playing one of them, is not atomic: share a state between threads only with a
    lock of your own around such sequences, or give each thread its own ``copy()``.

    No method of ludorum holds a state while it runs Python code or releases the GIL, so this
    error does not occur through them; it is what the Rust backend raises, instead of a bare
    ``RuntimeError: Already borrowed``, should a state ever be entered while held.

    >>> import ludorum
    >>> issubclass(ludorum.StateInUseError, RuntimeError)
    True
    """
