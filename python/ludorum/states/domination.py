"""The typed face of Domination states: :class:`DominationState`, :class:`ludorum.State` and the
game's own accessors, which both backends implement (``isinstance(state,
ludorum.DominationState)`` holds for every ``ludorum.new("domination")``).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .._state import State

__all__ = ["DominationState"]


@runtime_checkable
class DominationState(State, Protocol):
    """A Domination state (``ludorum.new("domination")``): :class:`State`, the stacks and the
    players' pieces off the board.

    >>> import ludorum
    >>> state = ludorum.new("domination", first_player=0)
    >>> isinstance(state, ludorum.DominationState)
    True
    """

    def board(self) -> tuple[tuple[int, ...], ...]:
        """Every stack by square index, bottom to top, as players; ``()`` when empty.

        Returns:
            A tuple of 52 stacks of at most 5 pieces.

        >>> import ludorum
        >>> ludorum.new("domination").board()[4:7]
        ((1,), (1,), (0,))
        """
        ...

    def reserves(self) -> tuple[int, ...]:
        """The pieces each player has in reserve (its own pieces it may enter again).

        >>> import ludorum
        >>> ludorum.new("domination").reserves()
        (0, 0)
        """
        ...

    def captured(self) -> tuple[int, ...]:
        """The pieces of each colour captured by another player (out of the game).

        >>> import ludorum
        >>> ludorum.new("domination", players=4).captured()
        (0, 0, 0, 0)
        """
        ...

    def in_hand(self) -> tuple[bool, ...]:
        """Whether each player still holds its opening piece (3 players only).

        >>> import ludorum
        >>> ludorum.new("domination", players=3).in_hand()
        (True, True, True)
        """
        ...
