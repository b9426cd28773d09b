"""Small value types shared by every game and both backends."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Message", "Move", "Outcome"]


class Move:
    """One move: its action id in the game's fixed action space and its notation.

    Moves compare equal when both the action id and the notation are equal, whichever
    backend made them.

    >>> m = Move(4, "a1-a2")
    >>> str(m), m.action
    ('a1-a2', 4)
    >>> m
    Move('a1-a2')
    """

    __slots__ = ("action", "notation")

    def __init__(self, action: int, notation: str) -> None:
        self.action = action
        self.notation = notation

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Move({self.notation!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.action == other.action and self.notation == other.notation

    def __hash__(self) -> int:
        return hash((self.action, self.notation))


class Outcome(NamedTuple):
    """How a game ended: the winners (empty for a draw) and the reason, as the rules name it.

    >>> Outcome((0,), "home filled").is_draw
    False
    """

    winners: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


class Message(NamedTuple):
    """One line of a game's public chat (So Long Sucker): the number of moves played when it was
    said, the speaker and the text.

    >>> Message(3, 1, "deal?").text
    'deal?'
    """

    ply: int
    player: int
    text: str
