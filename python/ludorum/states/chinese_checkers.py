"""The typed face of Chinese Checkers states: :class:`ChineseCheckersState`, :class:`ludorum.State`
and the game's own accessors, which both backends implement (``isinstance(state,
ludorum.ChineseCheckersState)`` holds for every ``ludorum.new("chinese_checkers")``).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .._state import State

__all__ = ["ChineseCheckersState"]


@runtime_checkable
class ChineseCheckersState(State, Protocol):
    """A Chinese Checkers state (``ludorum.new("chinese_checkers")``): :class:`State` and the
    board.

    >>> import ludorum
    >>> state = ludorum.new("chinese_checkers")
    >>> isinstance(state, ludorum.ChineseCheckersState)
    True
    """

    def board(self) -> tuple[int | None, ...]:
        """The owner of every hole, by hole index (see the rules page), ``None`` when empty.

        Returns:
            A tuple of 121 entries.

        >>> import ludorum
        >>> ludorum.new("chinese_checkers").board()[:12]
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, None, None)
        """
        ...
