"""Connect Four: the pure-Python reference twin of the Rust core, written from the rules page.

Behaviour and every encoding both backends share (cell indices and names, move notation, action
ids, Zobrist tables, JSON, observation) follow ``docs/rules/connect_four.md``, and nothing else:
this module was written from that page alone, without reading the Rust engine, so that the
differential tests compare two independent readings of it. The sections mirror the engine's
modules: board geometry, encodings, the state (play, undo, end), observation, notation, JSON.
Written for clarity first.

>>> state = ConnectFour()
>>> [str(m) for m in state.legal_moves()]
['1', '2', '3', '4', '5', '6', '7']
>>> for move in "4453":
...     state.play(move)
>>> state.current_player, state.board()[cell_index("d2")], state.board()[cell_index("c1")]
(0, 1, 1)
>>> str(state.undo())
'3'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _args
from .._types import Move, Outcome
from ..errors import InvalidMoveError
from ._base import ReferenceState
from ._core import zobrist_table

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "CELL_NAMES",
    "DISC_KEYS",
    "NUM_ACTIONS",
    "NUM_CELLS",
    "NUM_COLUMNS",
    "NUM_ROWS",
    "TURN_KEYS",
    "ZOBRIST_SEED",
    "ConnectFour",
    "cell_index",
    "cell_name",
]

# -- board geometry (no rules here) ----------------------------------------------------------

# 7 columns numbered 1..7 from left to right (lettered a..g in cell names), 6 rows numbered
# 1..6 from the bottom up. The cell index runs the bottom row first, left to right:
# index = 7 * (row - 1) + (column - 1).
NUM_COLUMNS = 7
NUM_ROWS = 6
NUM_CELLS = NUM_COLUMNS * NUM_ROWS
_LETTERS = "abcdefg"


def _index(column: int, row: int) -> int:
    """The cell index of column 0..6 and row 0..5 (both counted from 0 here)."""
    return NUM_COLUMNS * row + column


#: the name of every cell (``a1`` .. ``g6``), by cell index
CELL_NAMES: tuple[str, ...] = tuple(
    f"{_LETTERS[i % NUM_COLUMNS]}{i // NUM_COLUMNS + 1}" for i in range(NUM_CELLS)
)
_NAME_TO_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}
assert (CELL_NAMES[0], CELL_NAMES[6], CELL_NAMES[7], CELL_NAMES[3], CELL_NAMES[41]) == (
    "a1",
    "g1",
    "a2",
    "d1",
    "g6",
)

# The four line directions as (column step, row step): horizontal, vertical and the two
# diagonals. A line through a cell runs both ways along one of them.
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def cell_name(index: int) -> str:
    """The name of a cell from its index (0..41): the column's letter and the row.

    Args:
        index: a cell index, ``7 * (row - 1) + (column - 1)``.

    Returns:
        The cell's name, ``a1`` (bottom left) .. ``g6`` (top right).

    Raises:
        ValueError: the index is not a cell index.

    >>> cell_name(0), cell_name(3), cell_name(7), cell_name(41)
    ('a1', 'd1', 'a2', 'g6')
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_CELLS:
        raise ValueError(f"no cell with index {index!r}; cells are 0..{NUM_CELLS - 1}")
    return CELL_NAMES[index]


def cell_index(name: str) -> int:
    """The index (0..41) of a cell from its name; names are exact (lower case, no spaces).

    Args:
        name: a column letter ``a``..``g`` and a row digit ``1``..``6``.

    Returns:
        The cell index.

    Raises:
        ValueError: no cell has this name.

    >>> cell_index("a1"), cell_index("g1"), cell_index("a2"), cell_index("g6")
    (0, 6, 7, 41)
    """
    try:
        return _NAME_TO_INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"no cell named {name!r}") from None


# -- encodings --------------------------------------------------------------------------------

# A move is its column's number, "1" .. "7"; action = column - 1. The same ids as OpenSpiel's
# connect_four and PettingZoo's connect_four_v3.
NUM_ACTIONS = NUM_COLUMNS
_MOVES: tuple[Move, ...] = tuple(Move(c, str(c + 1)) for c in range(NUM_COLUMNS))
_TEXT_TO_COLUMN: dict[str, int] = {str(c + 1): c for c in range(NUM_COLUMNS)}

# Zobrist tables from SplitMix64 seeded with "CONNECT4": 84 disc keys (player 0..1 outer, cell
# 0..41 inner), then 2 turn keys (player 0..1).
ZOBRIST_SEED = 0x434F_4E4E_4543_5434
_TABLE = zobrist_table(ZOBRIST_SEED, 2 * NUM_CELLS + 2)
#: ``DISC_KEYS[player][cell]``
DISC_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_TABLE[p * NUM_CELLS : (p + 1) * NUM_CELLS]) for p in range(2)
)
#: ``TURN_KEYS[player]``: in the key of every position where ``player`` is to move
TURN_KEYS: tuple[int, ...] = tuple(_TABLE[2 * NUM_CELLS :])
del _TABLE

_FOUR_IN_A_ROW = "four in a row"
_BOARD_FULL = "board full"


# -- the state --------------------------------------------------------------------------------


class ConnectFour(ReferenceState):
    """A game of Connect Four: player 0 (``X``, red) moves first, player 1 (``O``, yellow)
    second.

    The game has no options: ``ConnectFour()`` is its only configuration.

    Raises:
        InvalidOptionError: any option, as ``unknown option 'players'; connect_four has no
            options``.

    >>> state = ConnectFour()
    >>> state.options, state.num_players, state.num_actions, state.current_player
    ({}, 2, 7, 0)
    """

    _game = "connect_four"
    _num_actions = NUM_ACTIONS
    _num_players = 2

    def __init__(self, **options: Any) -> None:
        # the options come checked by the core (the game has none)
        self._options: dict[str, Any] = dict(options)
        # The owner of every cell (None = empty), by cell index.
        self._board: list[int | None] = [None] * NUM_CELLS
        # The number of discs in every column: the row (from 0) where the next disc lands.
        self._heights: list[int] = [0] * NUM_COLUMNS
        # The player whose turn it is; it still passes to the other player after the last move
        # of a finished game, because the key uses it (see docs/rules/connect_four.md).
        self._turn: int = 0
        self._outcome: Outcome | None = None
        self._history: list[Move] = []
        self._key = self.key_from_scratch()

    # -- simple views -------------------------------------------------------------------------

    def key_from_scratch(self) -> int:
        """The Zobrist key recomputed from the board and the turn; always equals ``key``.

        Returns:
            The key, an int in ``0..2**64 - 1``: the disc key of every filled cell for its
            owner, XOR the turn key of the player whose turn it is (see
            ``docs/rules/connect_four.md``).

        >>> s = ConnectFour()
        >>> s.key_from_scratch() == s.key == TURN_KEYS[0]
        True
        """
        key = TURN_KEYS[self._turn]
        for cell, owner in enumerate(self._board):
            if owner is not None:
                key ^= DISC_KEYS[owner][cell]
        return key

    def board(self) -> tuple[int | None, ...]:
        """The owner of every cell, by cell index (``a1`` = 0 .. ``g6`` = 41, the bottom row
        first), ``None`` when empty.

        Returns:
            A tuple of 42 entries: 0 for a red disc (``X``), 1 for a yellow one (``O``),
            ``None`` for an empty cell.

        >>> s = ConnectFour()
        >>> s.play("4"); s.play("4")
        >>> s.board()[3], s.board()[10], s.board()[17]
        (0, 1, None)
        """
        return tuple(self._board)

    # -- move generation ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves the current player may make, in ascending action id: every column that
        is not full.

        Returns:
            A new list of :class:`~ludorum.Move`; empty once the game is over.

        >>> s = ConnectFour()
        >>> for move in "444444":
        ...     s.play(move)
        >>> [str(m) for m in s.legal_moves()]
        ['1', '2', '3', '5', '6', '7']
        """
        if self._outcome is not None:
            return []
        return [_MOVES[c] for c in range(NUM_COLUMNS) if self._heights[c] < NUM_ROWS]

    def _is_legal(self, move: Move) -> bool:
        # Called while the game runs: a move is legal when its column is not full.
        return self._heights[move.action] < NUM_ROWS

    def _why_illegal(self, move: Move) -> str:
        return f"column {move.action + 1} is full"

    def _run(self, cell: int, player: int, dc: int, dr: int) -> int:
        """How many discs of ``player`` follow ``cell`` in direction (dc, dr), ``cell`` not
        counted."""
        column, row = cell % NUM_COLUMNS + dc, cell // NUM_COLUMNS + dr
        count = 0
        while 0 <= column < NUM_COLUMNS and 0 <= row < NUM_ROWS:
            if self._board[_index(column, row)] != player:
                break
            count += 1
            column, row = column + dc, row + dr
        return count

    def _completes_four(self, cell: int, player: int) -> bool:
        """Whether the disc of ``player`` on ``cell`` is in a line of four or more of its
        discs, in any direction."""
        return any(
            1 + self._run(cell, player, dc, dr) + self._run(cell, player, -dc, -dr) >= 4
            for dc, dr in _DIRECTIONS
        )

    # -- playing and undoing ------------------------------------------------------------------

    def _apply(self, move: Move) -> None:
        """Play a move known to be legal: the disc lands on the lowest empty cell of its
        column. Update the key incrementally, and end the game if the move ends it: four in a
        row first, then a full board."""
        column = move.action
        cell = _index(column, self._heights[column])
        mover = self._turn
        other = 1 - mover
        self._board[cell] = mover
        self._heights[column] += 1
        self._key ^= DISC_KEYS[mover][cell] ^ TURN_KEYS[mover] ^ TURN_KEYS[other]
        self._turn = other
        self._history.append(move)
        if self._completes_four(cell, mover):
            self._outcome = Outcome((mover,), _FOUR_IN_A_ROW)
        elif len(self._history) == NUM_CELLS:
            self._outcome = Outcome((), _BOARD_FULL)

    def undo(self) -> Move:
        """Take back the last move and return it; a finished game is running again.

        Returns:
            The :class:`~ludorum.Move` taken back.

        Raises:
            IndexError: no move has been played.

        >>> s = ConnectFour()
        >>> s.play("4")
        >>> s.undo(), s.board()[3], s.current_player
        (Move('4'), None, 0)
        """
        if not self._history:
            raise IndexError("no move to undo")
        move = self._history.pop()
        column = move.action
        self._heights[column] -= 1
        cell = _index(column, self._heights[column])
        mover = 1 - self._turn
        self._board[cell] = None
        self._key ^= DISC_KEYS[mover][cell] ^ TURN_KEYS[mover] ^ TURN_KEYS[self._turn]
        self._turn = mover
        # No move is played after the end, so the position before any move was still running.
        self._outcome = None
        return move

    # -- observation --------------------------------------------------------------------------

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` sees, as a float32 array of shape ``(3, 6, 7)``.

        Each plane is the grid indexed ``[row - 1, column - 1]`` (the bottom row first), so
        ``observation(p)[k].reshape(42)[i]`` is plane k at cell index i. Plane 0 marks the
        discs of ``player``, plane 1 those of the other player, and plane 2 is all 1.0 when
        ``player`` is to move (all 0.0 once the game is over).

        Args:
            player: the player who looks, 0 or 1.

        Returns:
            A new array.

        Raises:
            InvalidArgumentError: ``player`` is not 0 or 1.

        >>> s = ConnectFour()
        >>> s.play("4")
        >>> obs = s.observation(1)
        >>> obs.shape, obs[1].reshape(42)[3].item(), obs[0].any().item(), obs[2].all().item()
        ((3, 6, 7), 1.0, False, True)
        """
        player = self._check_player(player)
        obs = np.zeros((3, NUM_ROWS, NUM_COLUMNS), dtype=np.float32)
        for cell, owner in enumerate(self._board):
            if owner is not None:
                row, column = divmod(cell, NUM_COLUMNS)
                obs[0 if owner == player else 1, row, column] = 1.0
        if self.current_player == player:
            obs[2, :, :] = 1.0
        return obs

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move named by ``text``: its column's number; checks syntax, not legality.

        Args:
            text: a single digit ``1`` to ``7``, nothing else.

        Returns:
            The :class:`~ludorum.Move`, whose action id is the column's number minus one.

        Raises:
            InvalidMoveError: the text names no column.

        >>> ConnectFour().parse_move("4")
        Move('4')
        >>> ConnectFour().parse_move("8")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move '8': expected a ...
        """
        text = _args.notation(text)
        column = _TEXT_TO_COLUMN.get(text)
        if column is None:
            raise InvalidMoveError(
                f"invalid move '{text}': expected a column number: a single digit 1..7, such as '4'"
            )
        return _MOVES[column]

    def move_from_action(self, action: int) -> Move:
        """The move with this action id, without building the legal moves; syntax only.

        Args:
            action: the column's number minus one, 0 to 6.

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: the id is not in ``0..6``.

        >>> s = ConnectFour()
        >>> s.move_from_action(0), s.move_from_action(3)
        (Move('1'), Move('4'))
        >>> s.move_from_action(7)
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move '7': action ids run from 0 to 6
        """
        action = _args.action_id(action)
        if not 0 <= action < NUM_ACTIONS:
            raise InvalidMoveError(
                f"invalid move '{action}': action ids run from 0 to {NUM_ACTIONS - 1}"
            )
        return _MOVES[action]

    # -- JSON ---------------------------------------------------------------------------------

    def _json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The fields of ``docs/rules/connect_four.md`` between ``moves`` and ``current_player``:
        ``board``, one character per cell by cell index, ``.`` when empty, else the owner's
        digit. Both players see everything.

        >>> s = ConnectFour()
        >>> for move in "445":
        ...     s.play(move)
        >>> d = s.to_json()
        >>> d["options"], d["moves"], d["board"][:14], d["current_player"], d["outcome"]
        ({}, ['4', '4', '5'], '...00.....1...', 1, None)
        """
        return {"board": "".join("." if o is None else str(o) for o in self._board)}
