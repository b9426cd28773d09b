"""The typed face of Dominions states: :class:`DominionsState`, :class:`ludorum.State` and the
game's own accessors, which both backends implement (``isinstance(state,
ludorum.DominionsState)`` holds for every ``ludorum.new("dominions")``).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .._state import State

__all__ = ["DominionsState"]


@runtime_checkable
class DominionsState(State, Protocol):
    """A Dominions state (``ludorum.new("dominions")``): :class:`State`, the pieces, hands and
    territories.

    >>> import ludorum
    >>> state = ludorum.new("dominions")
    >>> isinstance(state, ludorum.DominionsState)
    True
    """

    def board(self) -> tuple[tuple[int, int, int] | None, ...]:
        """Every cell by cell index: ``None`` or ``(pattern, owner, colour)``.

        ``owner`` is the player whose set the piece comes from, ``colour`` the colour it shows
        now (they differ once the piece is reversed).

        Returns:
            A tuple of 217 entries.

        >>> import ludorum
        >>> state = ludorum.new("dominions")
        >>> state.play("63@i9")
        >>> state.board()[108]
        (63, 0, 0)
        """
        ...

    def hand(self, player: int) -> tuple[int, ...]:
        """The patterns still in ``player``'s hand, ascending.

        Args:
            player: 0 (White) or 1 (Black).

        Returns:
            The patterns, ints in ``1..63``.

        Raises:
            InvalidArgumentError: ``player`` is not 0 or 1.

        >>> import ludorum
        >>> state = ludorum.new("dominions")
        >>> state.play("1@i9")
        >>> state.hand(0)[:3], len(state.hand(1))
        ((2, 3, 4), 63)
        """
        ...

    def scores(self) -> tuple[float, float]:
        """The territories ``(white, black)`` as the rules count them now, komi included.

        A territory is the pieces showing the player's colour minus its pieces still in hand;
        komi is added to Black's.

        >>> import ludorum
        >>> ludorum.new("dominions", komi=0.5).scores()
        (-63.0, -62.5)
        """
        ...
