"""Tic-tac-toe: the pure-Python reference twin of the Rust core, written from the rules page.

Behaviour and every encoding both backends share (cell indices and names, action ids, Zobrist
tables, JSON, observation) follow ``docs/rules/tic_tac_toe.md``, and nothing else: this module
was written from that page alone, without reading the Rust engine, so that the differential
tests compare two independent readings of it. The sections mirror the engine's modules: board
geometry, encodings, the state (play, undo, end), observation, notation, JSON. Written for
clarity first.

>>> state = TicTacToe()
>>> len(state.legal_moves())
9
>>> state.play("b2")
>>> state.current_player, state.ply, state.board()[cell_index("b2")]
(1, 1, 0)
>>> str(state.undo())
'b2'
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
    "LINES",
    "MARK_KEYS",
    "NUM_ACTIONS",
    "NUM_CELLS",
    "TURN_KEYS",
    "ZOBRIST_SEED",
    "TicTacToe",
    "cell_index",
    "cell_name",
]

# -- board geometry (no rules here) ----------------------------------------------------------

# Columns a, b, c from left to right; rows 1, 2, 3 from the bottom up. The cell index runs the
# top row first, left to right: index = 3 * (3 - row) + column, column a = 0.
_COLUMNS = "abc"
NUM_CELLS = 9


def _index(column: int, row: int) -> int:
    """The cell index of column 0..2 (a..c) and row 1..3."""
    return 3 * (3 - row) + column


#: the name of every cell (``a3`` .. ``c1``), by cell index
CELL_NAMES: tuple[str, ...] = tuple(f"{_COLUMNS[i % 3]}{3 - i // 3}" for i in range(NUM_CELLS))
_NAME_TO_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}
assert CELL_NAMES[0] == "a3" and CELL_NAMES[4] == "b2" and CELL_NAMES[8] == "c1"
assert all(_NAME_TO_INDEX[f"{_COLUMNS[c]}{r}"] == _index(c, r) for c in range(3) for r in (1, 2, 3))

#: the 8 lines of three cells: the 3 rows (top first), the 3 columns (left first), then the
#: diagonal from a3 to c1 and the one from c3 to a1
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),  # row 3
    (3, 4, 5),  # row 2
    (6, 7, 8),  # row 1
    (0, 3, 6),  # column a
    (1, 4, 7),  # column b
    (2, 5, 8),  # column c
    (0, 4, 8),  # a3-b2-c1
    (2, 4, 6),  # c3-b2-a1
)
assert LINES[:3] == tuple(tuple(_index(c, r) for c in range(3)) for r in (3, 2, 1))
assert LINES[3:6] == tuple(tuple(_index(c, r) for r in (3, 2, 1)) for c in range(3))
assert LINES[6:] == (
    (_index(0, 3), _index(1, 2), _index(2, 1)),
    (_index(2, 3), _index(1, 2), _index(0, 1)),
)

# LINES_THROUGH[cell]: the lines that hold the cell (a win can only be on one of them).
_LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINES if cell in line) for cell in range(NUM_CELLS)
)


def cell_name(index: int) -> str:
    """The name of a cell from its index (0..8).

    Args:
        index: a cell index, ``3 * (3 - row) + column`` with column ``a`` = 0.

    Returns:
        The cell's name, a column letter and a row digit.

    Raises:
        ValueError: the index is not a cell index.

    >>> cell_name(0), cell_name(4), cell_name(8)
    ('a3', 'b2', 'c1')
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_CELLS:
        raise ValueError(f"no cell with index {index!r}; cells are 0..{NUM_CELLS - 1}")
    return CELL_NAMES[index]


def cell_index(name: str) -> int:
    """The index (0..8) of a cell from its name; names are exact (lower case, no spaces).

    Args:
        name: a column letter ``a``..``c`` and a row digit ``1``..``3``.

    Returns:
        The cell index.

    Raises:
        ValueError: no cell has this name.

    >>> cell_index("a3"), cell_index("b2"), cell_index("c1")
    (0, 4, 8)
    """
    try:
        return _NAME_TO_INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"no cell named {name!r}") from None


# -- encodings --------------------------------------------------------------------------------

# action = cell index; the same ids as OpenSpiel's tic_tac_toe.
NUM_ACTIONS = NUM_CELLS
_MOVES: tuple[Move, ...] = tuple(Move(i, CELL_NAMES[i]) for i in range(NUM_CELLS))

# Zobrist tables from SplitMix64 seeded with "TICTACTO": 18 mark keys (player 0..1 outer, cell
# 0..8 inner), then 2 turn keys (player 0..1).
ZOBRIST_SEED = 0x5449_4354_4143_544F
_TABLE = zobrist_table(ZOBRIST_SEED, 2 * NUM_CELLS + 2)
#: ``MARK_KEYS[player][cell]``
MARK_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_TABLE[p * NUM_CELLS : (p + 1) * NUM_CELLS]) for p in range(2)
)
#: ``TURN_KEYS[player]``: in the key of every position where ``player`` is to move
TURN_KEYS: tuple[int, ...] = tuple(_TABLE[2 * NUM_CELLS :])
del _TABLE

_THREE_IN_A_ROW = "three in a row"
_BOARD_FULL = "board full"


# -- the state --------------------------------------------------------------------------------


class TicTacToe(ReferenceState):
    """A game of tic-tac-toe: player 0 (``X``) moves first, player 1 (``O``) second.

    The game has no options: ``TicTacToe()`` is its only configuration.

    Raises:
        InvalidOptionError: any option, as ``unknown option 'players'; tic_tac_toe has no
            options``.

    >>> state = TicTacToe()
    >>> state.options, state.num_players, state.num_actions, state.current_player
    ({}, 2, 9, 0)
    """

    _game = "tic_tac_toe"
    _num_actions = NUM_ACTIONS
    _num_players = 2

    def __init__(self, **options: Any) -> None:
        # the options come checked by the core (the game has none)
        self._options: dict[str, Any] = dict(options)
        # The owner of every cell (None = empty), by cell index.
        self._board: list[int | None] = [None] * NUM_CELLS
        # The player whose turn it is; it still passes to the other player after the last move
        # of a finished game, because the key uses it (see docs/rules/tic_tac_toe.md).
        self._turn: int = 0
        self._outcome: Outcome | None = None
        self._history: list[Move] = []
        self._key = self.key_from_scratch()

    # -- simple views -------------------------------------------------------------------------

    def key_from_scratch(self) -> int:
        """The Zobrist key recomputed from the board and the turn; always equals ``key``.

        Returns:
            The key, an int in ``0..2**64 - 1``: the mark key of every marked cell for its
            owner, XOR the turn key of the player whose turn it is (see
            ``docs/rules/tic_tac_toe.md``).

        >>> s = TicTacToe()
        >>> s.key_from_scratch() == s.key == TURN_KEYS[0]
        True
        """
        key = TURN_KEYS[self._turn]
        for cell, owner in enumerate(self._board):
            if owner is not None:
                key ^= MARK_KEYS[owner][cell]
        return key

    def board(self) -> tuple[int | None, ...]:
        """The owner of every cell, by cell index (``a3`` = 0 .. ``c1`` = 8), ``None`` when
        empty.

        Returns:
            A tuple of 9 entries: 0 for ``X``, 1 for ``O``, ``None`` for an empty cell.

        >>> s = TicTacToe()
        >>> s.play("b2"); s.play("a3")
        >>> s.board()
        (1, None, None, None, 0, None, None, None, None)
        """
        return tuple(self._board)

    # -- move generation ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves the current player may make, in ascending action id: every empty cell.

        Returns:
            A new list of :class:`~ludorum.Move`; empty once the game is over.

        >>> s = TicTacToe()
        >>> s.play("b2")
        >>> [str(m) for m in s.legal_moves()]
        ['a3', 'b3', 'c3', 'a2', 'c2', 'a1', 'b1', 'c1']
        """
        if self._outcome is not None:
            return []
        return [_MOVES[cell] for cell in range(NUM_CELLS) if self._board[cell] is None]

    def _is_legal(self, move: Move) -> bool:
        # Called while the game runs: a move is legal when its cell is empty.
        return self._board[move.action] is None

    def _why_illegal(self, move: Move) -> str:
        return f"{CELL_NAMES[move.action]} is already marked"

    # -- playing and undoing ------------------------------------------------------------------

    def _apply(self, move: Move) -> None:
        """Play a move known to be legal, update the key incrementally, and end the game if
        the move ends it: a line of the mover's marks first, then a full board."""
        cell = move.action
        mover = self._turn
        other = 1 - mover
        self._board[cell] = mover
        self._key ^= MARK_KEYS[mover][cell] ^ TURN_KEYS[mover] ^ TURN_KEYS[other]
        self._turn = other
        self._history.append(move)
        if any(all(self._board[c] == mover for c in line) for line in _LINES_THROUGH[cell]):
            self._outcome = Outcome((mover,), _THREE_IN_A_ROW)
        elif None not in self._board:
            self._outcome = Outcome((), _BOARD_FULL)

    def undo(self) -> Move:
        """Take back the last move and return it; a finished game is running again.

        Returns:
            The :class:`~ludorum.Move` taken back.

        Raises:
            IndexError: no move has been played.

        >>> s = TicTacToe()
        >>> s.play("b2")
        >>> s.undo(), s.board()[4], s.current_player
        (Move('b2'), None, 0)
        """
        if not self._history:
            raise IndexError("no move to undo")
        move = self._history.pop()
        cell = move.action
        mover = 1 - self._turn
        self._board[cell] = None
        self._key ^= MARK_KEYS[mover][cell] ^ TURN_KEYS[mover] ^ TURN_KEYS[self._turn]
        self._turn = mover
        # No move is played after the end, so the position before any move was still running.
        self._outcome = None
        return move

    # -- observation --------------------------------------------------------------------------

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` sees, as a float32 array of shape ``(3, 3, 3)``.

        Each plane is the grid indexed ``[r, c]`` with ``r = 3 - row`` (the top row first) and
        ``c`` the column, so ``observation(p)[k].reshape(9)[i]`` is plane k at cell index i.
        Plane 0 marks the cells of ``player``, plane 1 those of the other player, and plane 2
        is all 1.0 when ``player`` is to move (all 0.0 once the game is over).

        Args:
            player: the player who looks, 0 or 1.

        Returns:
            A new array.

        Raises:
            InvalidArgumentError: ``player`` is not 0 or 1.

        >>> s = TicTacToe()
        >>> s.play("a3")
        >>> obs = s.observation(1)
        >>> obs.shape, obs[1].reshape(9)[0].item(), obs[0].any().item(), obs[2].all().item()
        ((3, 3, 3), 1.0, False, True)
        """
        player = self._check_player(player)
        obs = np.zeros((3, 3, 3), dtype=np.float32)
        for cell, owner in enumerate(self._board):
            if owner is not None:
                r, c = divmod(cell, 3)
                obs[0 if owner == player else 1, r, c] = 1.0
        if self.current_player == player:
            obs[2, :, :] = 1.0
        return obs

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move named by ``text``: the name of its cell; checks syntax, not legality.

        Args:
            text: a cell name, ``a1`` .. ``c3``: a lower-case column letter and a row digit,
                nothing else.

        Returns:
            The :class:`~ludorum.Move`, whose action id is the cell index.

        Raises:
            InvalidMoveError: the text names no cell.

        >>> TicTacToe().parse_move("b2")
        Move('b2')
        >>> TicTacToe().parse_move("d1")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move 'd1': expected a ...
        """
        text = _args.notation(text)
        cell = _NAME_TO_INDEX.get(text)
        if cell is None:
            raise InvalidMoveError(
                f"invalid move '{text}': expected a cell name: a letter a..c and a digit 1..3, "
                "such as 'b2'"
            )
        return _MOVES[cell]

    def move_from_action(self, action: int) -> Move:
        """The move with this action id, without building the legal moves; syntax only.

        Args:
            action: a cell index, 0 (``a3``) to 8 (``c1``).

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: the id is not in ``0..8``.

        >>> s = TicTacToe()
        >>> s.move_from_action(0), s.move_from_action(4)
        (Move('a3'), Move('b2'))
        >>> s.move_from_action(9)
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move '9': action ids run from 0 to 8
        """
        action = _args.action_id(action)
        if not 0 <= action < NUM_ACTIONS:
            raise InvalidMoveError(
                f"invalid move '{action}': action ids run from 0 to {NUM_ACTIONS - 1}"
            )
        return _MOVES[action]

    # -- JSON ---------------------------------------------------------------------------------

    def _json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The fields of ``docs/rules/tic_tac_toe.md`` between ``moves`` and ``current_player``:
        ``board``, one character per cell by cell index, ``.`` when empty, else the owner's
        digit. Both players see everything.

        >>> s = TicTacToe()
        >>> s.play("b2"); s.play("a3")
        >>> d = s.to_json()
        >>> d["options"], d["moves"], d["board"], d["current_player"], d["outcome"]
        ({}, ['b2', 'a3'], '1...0....', 0, None)
        """
        return {"board": "".join("." if o is None else str(o) for o in self._board)}
