"""The typed face of So Long Sucker states: :class:`SoLongSuckerState`, :class:`ludorum.State` and
the game's own accessors, which both backends implement (``isinstance(state,
ludorum.SoLongSuckerState)`` holds for every ``ludorum.new("so_long_sucker")``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .._state import State

if TYPE_CHECKING:
    from .._types import Message, Move

__all__ = ["SoLongSuckerState"]


@runtime_checkable
class SoLongSuckerState(State, Protocol):
    """A So Long Sucker state (``ludorum.new("so_long_sucker")``): :class:`State`, the table,
    the free actions any player may take, and the public chat.

    >>> import ludorum
    >>> state = ludorum.new("so_long_sucker")
    >>> isinstance(state, ludorum.SoLongSuckerState)
    True
    """

    def piles(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The piles on the table in ascending id: ``(id, colours bottom to top)``.

        >>> import ludorum
        >>> state = ludorum.new("so_long_sucker", first_player=1)
        >>> state.play("play B new")
        >>> state.piles()
        ((1, (1,)),)
        """
        ...

    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Each player's chips by colour (its own colour is its stock, others are prisoners).

        >>> import ludorum
        >>> ludorum.new("so_long_sucker", players=2, chips=3).hands()
        ((3, 0), (0, 3))
        """
        ...

    def dead_box(self) -> tuple[int, ...]:
        """The chips killed, by colour.

        >>> import ludorum
        >>> ludorum.new("so_long_sucker", players=3).dead_box()
        (0, 0, 0)
        """
        ...

    def alive(self) -> tuple[bool, ...]:
        """Whether each player is still in the game.

        >>> import ludorum
        >>> ludorum.new("so_long_sucker", players=2).alive()
        (True, True)
        """
        ...

    def decision(self) -> dict[str, Any] | None:
        """The decision to take now, as in the JSON state; ``None`` once the game is over.

        Returns:
            ``{"situation", "player", "pile", "in_need"}``: the situation (``play``, ``give``,
            ``kill`` or ``rescue``), the player who decides, the pile id of a give or kill
            decision and the player in need of a rescue (else ``None``).

        >>> import ludorum
        >>> ludorum.new("so_long_sucker", first_player=3).decision()["situation"]
        'play'
        """
        ...

    def givers(self) -> tuple[int, ...]:
        """The chain of players who gave the move, oldest first; its last has (or had) it.

        >>> import ludorum
        >>> ludorum.new("so_long_sucker", first_player=2).givers()
        (2,)
        """
        ...

    def free_moves(self, player: int) -> list[Move]:
        """The free actions ``player`` may take now, whoever has to decide.

        Transfers of prisoners (by colour, then receiver), then kills of prisoners (by colour),
        with their action ids in this position; the decider's own are also in
        :meth:`legal_moves` when the ``free_actions`` option allows.

        Args:
            player: any player of this game.

        Returns:
            A new list of :class:`~ludorum.Move`; empty for a dead player and once the game is
            over.

        Raises:
            InvalidArgumentError: ``player`` is not a player of this game.

        >>> import ludorum
        >>> ludorum.new("so_long_sucker").free_moves(1)
        []
        """
        ...

    def say(self, player: int, text: str) -> None:
        """Add a line to the public chat, as said by ``player`` now.

        Any player may speak, alive or dead, also after the end. The chat is part of the JSON
        state, not of the key; :meth:`~State.undo` leaves it as it is.

        Args:
            player: the speaker.
            text: what is said.

        Raises:
            InvalidArgumentError: ``player`` is not a player of this game, or ``text`` is not
                a str of valid Unicode (a lone surrogate cannot be written as UTF-8 or JSON).

        >>> import ludorum
        >>> state = ludorum.new("so_long_sucker")
        >>> state.say(1, "deal?")
        >>> state.chat
        [Message(ply=0, player=1, text='deal?')]
        """
        ...

    @property
    def chat(self) -> list[Message]:
        """The public chat, in the order said: ``Message(ply, player, text)``.

        >>> import ludorum
        >>> ludorum.new("so_long_sucker").chat
        []
        """
        ...
