"""Small value types shared by every game and both backends."""

from __future__ import annotations

from typing import NamedTuple

from . import _ludorum

__all__ = ["Message", "Move", "Outcome"]


# One move: its action id and its notation. A native class of the extension (cheap to create by
# the thousand), used by both backends; its docstring is on the class.
Move = _ludorum.Move


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
