"""The typed face of Armadora states: :class:`ArmadoraState`, :class:`ludorum.State` and the game's
own accessors, which both backends implement (``isinstance(state, ludorum.ArmadoraState)`` holds
for every ``ludorum.new("armadora")``).
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, runtime_checkable

from .._state import State

__all__ = ["ArmadoraState"]

_A = TypeVar("_A", bound="ArmadoraState")


@runtime_checkable
class ArmadoraState(State, Protocol):
    """An Armadora state (``ludorum.new("armadora")``): :class:`State`, the referee's view of
    the board, and :meth:`resample` for searches with hidden information.

    The methods below show the referee's view, warriors' strengths included; a player's view
    is ``to_json(viewer=player)`` or ``observation(player)``.

    >>> import ludorum
    >>> state = ludorum.new("armadora")
    >>> isinstance(state, ludorum.ArmadoraState)
    True
    """

    def board(self) -> tuple[tuple[int, int] | None, ...]:
        """The warrior on every cell, by cell index: ``None`` or ``(owner, strength)``.

        >>> import ludorum
        >>> state = ludorum.new("armadora", first_player=0)
        >>> state.play("3@c3")
        >>> state.board()[18]
        (0, 3)
        """
        ...

    def gold(self) -> tuple[int, ...]:
        """The gold of each mine, in mine order (drawn from the ``seed`` or the ``gold`` option).

        >>> import ludorum
        >>> sorted(ludorum.new("armadora").gold())
        [3, 4, 4, 5, 5, 6, 6, 7]
        """
        ...

    def palisades(self) -> tuple[int, ...]:
        """The slot ids that hold a palisade, ascending.

        >>> import ludorum
        >>> state = ludorum.new("armadora", first_player=0)
        >>> state.play("c2-d2 e4-e5")
        >>> len(state.palisades())
        2
        """
        ...

    def supplies(self) -> tuple[tuple[int, ...], ...]:
        """Each player's warriors still in supply, by strength 1 to 5.

        >>> import ludorum
        >>> ludorum.new("armadora", players=3).supplies()[0]
        (7, 2, 1, 1, 0)
        """
        ...

    def palisades_left(self) -> int:
        """The palisades left in the shared supply.

        >>> import ludorum
        >>> ludorum.new("armadora").palisades_left()
        35
        """
        ...

    def passed(self) -> tuple[bool, ...]:
        """Whether each player has passed (a player who passed plays no more).

        >>> import ludorum
        >>> ludorum.new("armadora").passed()
        (False, False)
        """
        ...

    def scores(self) -> tuple[int, ...] | None:
        """The gold each player scored, once the game is over; ``None`` while it runs.

        >>> import ludorum
        >>> ludorum.new("armadora").scores() is None
        True
        """
        ...

    def territories(self) -> list[dict[str, Any]]:
        """The territories (cells bounded by palisades), ordered by their smallest cell.

        Returns:
            One dict per territory: ``cells`` (a tuple of cell indices), ``gold`` (the gold of
            its mines) and ``strengths`` (each player's total strength there, as the referee
            sees it).

        >>> import ludorum
        >>> territory = ludorum.new("armadora").territories()[0]
        >>> len(territory["cells"]), territory["gold"], territory["strengths"]
        (40, 40, (0, 0))
        """
        ...

    # -- the advanced rules (all public; with base rules: no tokens, None, 0, empty) ---------

    def races(self) -> tuple[str, ...]:
        """The race of each seat: ``'orc'``, ``'goblin'``, ``'elf'`` or ``'mage'``.

        With ``rules="advanced"`` the ``races`` option; with base rules the seat characters.

        >>> import ludorum
        >>> ludorum.new("armadora", players=3).races()
        ('orc', 'goblin', 'elf')
        >>> ludorum.new("armadora", rules="advanced", races=["mage", "elf"]).races()
        ('mage', 'elf')
        """
        ...

    def powers(self) -> tuple[int, ...]:
        """The power tokens each player has left.

        Orc 1, goblin 1, elf 2, mage 2 at the start of an advanced game; 0 with base rules.

        >>> import ludorum
        >>> state = ludorum.new("armadora", rules="advanced", races=["goblin", "elf"])
        >>> state.powers()
        (1, 2)
        >>> ludorum.new("armadora").powers()
        (0, 0)
        """
        ...

    def reinforcements(self) -> tuple[int | None, ...]:
        """Where each player's reinforcement token lies, by player.

        ``None`` while the player still holds it (and always with base rules), else the cell
        index of the warrior it is on.

        >>> import ludorum
        >>> state = ludorum.new("armadora", rules="advanced", first_player=0)
        >>> state.play("3@c3"); state.play("1@a1"); state.play("reinforce c3")
        >>> state.reinforcements()
        (18, None)
        """
        ...

    def arrows(self) -> tuple[int, ...]:
        """The Elf's arrows on the warrior of every cell: 40 ints by cell index, 0, 1 or 2.

        >>> import ludorum
        >>> state = ludorum.new(
        ...     "armadora", rules="advanced", races=["elf", "orc"], first_player=0
        ... )
        >>> state.play("1@a1"); state.play("1@c3"); state.play("elf c3")
        >>> state.arrows()[18], sum(state.arrows())
        (1, 1)
        """
        ...

    def face_up(self) -> tuple[int, ...]:
        """The cells of the face-up warriors, ascending.

        They were placed with the Goblin's power; their strengths are public.

        >>> import ludorum
        >>> state = ludorum.new(
        ...     "armadora", rules="advanced", races=["goblin", "orc"], first_player=0
        ... )
        >>> state.play("goblin 5@c3")
        >>> state.face_up()
        (18,)
        """
        ...

    def looks(self) -> tuple[tuple[int, ...], ...]:
        """For each player, the cells of the warriors its Mage has looked at, ascending.

        Who looked where is public; the strength seen is known to that player only.

        >>> import ludorum
        >>> state = ludorum.new(
        ...     "armadora", rules="advanced", races=["orc", "mage"], first_player=0
        ... )
        >>> state.play("3@c3"); state.play("mage c3")
        >>> state.looks()
        ((), (18,))
        """
        ...

    def power_used(self) -> bool:
        """Whether the player to move has already used a power this turn.

        With ``power_before_action=True`` a power keeps the turn: the same player's next ply
        is the turn's action. Otherwise using a power is the turn's action, and this is always
        ``False`` (as with base rules).

        >>> import ludorum
        >>> state = ludorum.new(
        ...     "armadora", rules="advanced", races=["orc", "mage"], first_player=0,
        ...     power_before_action=True,
        ... )
        >>> state.play("orc a3-b3")
        >>> state.power_used(), state.current_player
        (True, 0)
        """
        ...

    def resample(self: _A, viewer: int, seed: int) -> _A:
        """A referee's state consistent with everything ``viewer`` knows (for searches).

        The strengths of the other players' warriors, hidden from ``viewer``, are drawn again
        with SplitMix64(``seed``) as the rules page describes; ``viewer``'s own warriors, the
        face-up warriors, those ``viewer``'s Mage looked at, and everything public stay as they
        are. Once the game is over, nothing is hidden and the result is a copy.

        Args:
            viewer: the player whose knowledge is kept.
            seed: an int in ``0..2**64 - 1``.

        Returns:
            A new state of the same class, with the same history length.

        Raises:
            InvalidArgumentError: ``viewer`` is not a player of this game, or ``seed`` is not
                an int in ``0..2**64 - 1``.

        >>> import ludorum
        >>> state = ludorum.new("armadora", first_player=0)
        >>> state.play("1@a1"); state.play("5@b1")
        >>> other = state.resample(0, seed=7)
        >>> other.to_json(viewer=0) == state.to_json(viewer=0)
        True
        """
        ...
