"""Dominions (Christian Freeling): the pure-Python reference twin of the Rust core.

Behaviour follows ``docs/rules/dominions.md``; every encoding both backends share (cell
indices and names, direction bits, notation, action ids, observation, Zobrist tables, JSON)
follows ``docs/rules/dominions.md``. The sections mirror the engine's modules: board geometry,
options, the state, move generation (matching, contact, resolution), notation, JSON. Written for
clarity first: it is the oracle the Rust core is tested against.

>>> state = Dominions()
>>> len(state.legal_moves())
11319
>>> state.play("63@i9")
>>> state.current_player, state.ply, state.board()[cell_index("i9")]
(1, 1, (63, 0, 0))
>>> str(state.undo())
'63@i9'
"""

from __future__ import annotations

import re
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
    "BEAMS",
    "CELLS",
    "DIRECTIONS",
    "EDGE_MASK",
    "HAND_KEYS",
    "NEIGHBOURS",
    "NUM_ACTIONS",
    "NUM_CELLS",
    "NUM_PATTERNS",
    "OPPOSITE",
    "PASS",
    "PASS_KEY",
    "PIECE_KEYS",
    "RESIGN",
    "TURN_KEYS",
    "ZOBRIST_SEED",
    "Dominions",
    "cell_index",
    "cell_name",
]

# -- board geometry (no rules here) ----------------------------------------------------------

# A hexagon of side 9: cell (u, v) with u = letter index, v = number - 1, exists when
# |u - v| <= 8. Index order: by letter, then by number (a1 = 0, ..., q17 = 216).
_LETTERS = "abcdefghijklmnopq"
CELLS: tuple[tuple[int, int], ...] = tuple(
    (u, v) for u in range(17) for v in range(17) if abs(u - v) <= 8
)
NUM_CELLS = len(CELLS)
assert NUM_CELLS == 217

_INDEX_OF: dict[tuple[int, int], int] = {uv: i for i, uv in enumerate(CELLS)}
_NAMES: tuple[str, ...] = tuple(f"{_LETTERS[u]}{v + 1}" for u, v in CELLS)
_NAME_TO_INDEX: dict[str, int] = {name: i for i, name in enumerate(_NAMES)}


def cell_name(index: int) -> str:
    """The name of a cell from its index (0..216).

    Raises:
        ValueError: the index is not a cell index.

    >>> cell_name(0), cell_name(108), cell_name(216)
    ('a1', 'i9', 'q17')
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_CELLS:
        raise ValueError(f"no cell with index {index!r}; cells are 0..{NUM_CELLS - 1}")
    return _NAMES[index]


def cell_index(name: str) -> int:
    """The index (0..216) of a cell from its name; names are exact (lower case, no zeros).

    Raises:
        ValueError: no cell has this name.

    >>> cell_index("a1"), cell_index("i9"), cell_index("q17")
    (0, 108, 216)
    """
    try:
        return _NAME_TO_INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"no cell named {name!r}") from None


# Direction k has bit value 1 << k, counter-clockwise from north; the opposite of k is
# (k + 3) % 6.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0), (0, 1))
_DIRECTION_NAMES = ("N", "NW", "SW", "S", "SE", "NE")
OPPOSITE: tuple[int, ...] = tuple((k + 3) % 6 for k in range(6))

# NEIGHBOURS[cell][k]: the neighbour in direction k, or None off the board. EDGE_MASK[cell]:
# the bits of the directions that leave the board (a piece there must have blanks on them).
NEIGHBOURS: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(_INDEX_OF.get((u + du, v + dv)) for du, dv in DIRECTIONS) for u, v in CELLS
)
EDGE_MASK: tuple[int, ...] = tuple(
    sum(1 << k for k in range(6) if nbrs[k] is None) for nbrs in NEIGHBOURS
)

# BEAMS[pattern]: the directions k (0..5) of its beams.
NUM_PATTERNS = 63
BEAMS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(6) if p >> k & 1) for p in range(NUM_PATTERNS + 1)
)

# -- encodings --------------------------------------------------------------------------------

# action = cell * 63 + (pattern - 1) for a placement; PASS = 13671; num_actions = 13672.
# RESIGN = 13672 lies outside the action space: play() accepts it, apply_action() does not.
PASS = NUM_CELLS * NUM_PATTERNS
NUM_ACTIONS = PASS + 1
RESIGN = NUM_ACTIONS

# Every move, by action id (resign last); built once so legal_moves() allocates no Move.
_MOVES: tuple[Move, ...] = (
    *(
        Move(c * NUM_PATTERNS + p - 1, f"{p}@{_NAMES[c]}")
        for c in range(NUM_CELLS)
        for p in range(1, NUM_PATTERNS + 1)
    ),
    Move(PASS, "pass"),
    Move(RESIGN, "resign"),
)

# Zobrist tables from SplitMix64 seeded with "DOMINION": piece keys for cell 0..216 (outer),
# pattern 1..63, colour 0..1 (inner); hand keys for player 0..1 (outer), pattern 1..63
# (inner); 2 turn keys; 1 pass key.
ZOBRIST_SEED = 0x444F_4D49_4E49_4F4E
_NUM_PIECE_KEYS = NUM_CELLS * NUM_PATTERNS * 2
_TABLE = zobrist_table(ZOBRIST_SEED, _NUM_PIECE_KEYS + 2 * NUM_PATTERNS + 2 + 1)
# PIECE_KEYS[cell][pattern][colour]; index 0 of the pattern axis is unused (no pattern 0).
PIECE_KEYS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    (
        (0, 0),
        *(
            (
                _TABLE[(c * NUM_PATTERNS + p - 1) * 2],
                _TABLE[(c * NUM_PATTERNS + p - 1) * 2 + 1],
            )
            for p in range(1, NUM_PATTERNS + 1)
        ),
    )
    for c in range(NUM_CELLS)
)
# HAND_KEYS[player][pattern]; index 0 unused.
HAND_KEYS: tuple[tuple[int, ...], ...] = tuple(
    (0, *_TABLE[_NUM_PIECE_KEYS + pl * NUM_PATTERNS : _NUM_PIECE_KEYS + (pl + 1) * NUM_PATTERNS])
    for pl in range(2)
)
TURN_KEYS: tuple[int, int] = (
    _TABLE[_NUM_PIECE_KEYS + 2 * NUM_PATTERNS],
    _TABLE[_NUM_PIECE_KEYS + 2 * NUM_PATTERNS + 1],
)
PASS_KEY: int = _TABLE[_NUM_PIECE_KEYS + 2 * NUM_PATTERNS + 2]
del _TABLE

# A placement: pattern 1..63 without a leading zero, '@', a cell name (checked by lookup).
_PATTERN = re.compile(r"[1-9][0-9]?")


class _Groups:
    """The groups and sections of one position, found by flood fill (before a move).

    ``group_of[cell]`` is the group id of an occupied cell (-1 when empty); per group id:
    ``colour``, ``cells``, ``liberties`` (the empty cells its beams point at) and ``complete``
    (no piece of its section shows the other colour).
    """

    __slots__ = ("cells", "colour", "complete", "group_of", "liberties")

    def __init__(self, pattern: list[int], colour: list[int]) -> None:
        self.group_of = [-1] * NUM_CELLS
        self.colour: list[int] = []
        self.cells: list[list[int]] = []
        self.liberties: list[frozenset[int]] = []
        for start in range(NUM_CELLS):
            if pattern[start] == 0 or self.group_of[start] != -1:
                continue
            gid = len(self.cells)
            col = colour[start]
            cells = [start]
            self.group_of[start] = gid
            libs = set()
            i = 0
            while i < len(cells):
                a = cells[i]
                i += 1
                # Every beam points at a cell on the board (matching forbids beams off it),
                # and an occupied cell a beam points at beams back (matching again): a beam at
                # an occupied cell is a connection.
                for k in BEAMS[pattern[a]]:
                    b = NEIGHBOURS[a][k]
                    assert b is not None
                    if pattern[b] == 0:
                        libs.add(b)
                    elif colour[b] == col and self.group_of[b] == -1:
                        self.group_of[b] = gid
                        cells.append(b)
            self.colour.append(col)
            self.cells.append(cells)
            self.liberties.append(frozenset(libs))

        # Sections: components under beam connection, whatever the colour.
        self.complete = [True] * len(self.cells)
        section_seen = [False] * NUM_CELLS
        for start in range(NUM_CELLS):
            if pattern[start] == 0 or section_seen[start]:
                continue
            section = [start]
            section_seen[start] = True
            i = 0
            while i < len(section):
                a = section[i]
                i += 1
                for k in BEAMS[pattern[a]]:
                    b = NEIGHBOURS[a][k]
                    assert b is not None
                    if pattern[b] != 0 and not section_seen[b]:
                        section_seen[b] = True
                        section.append(b)
            mixed = len({colour[a] for a in section}) > 1
            if mixed:
                for a in section:
                    self.complete[self.group_of[a]] = False


# -- the state --------------------------------------------------------------------------------


class Dominions(ReferenceState):
    """A game of Dominions (Christian Freeling) for two players, White (0) and Black (1).

    Options: ``komi`` (a finite int or float added to Black's territory, stored as a float;
    default 0), ``max_plies`` (positive int or None; reaching it ends the game, scored as after
    two passes, reason ``ply limit``).

    Raises:
        InvalidOptionError: an unknown option or a value out of range.

    >>> state = Dominions(komi=5)
    >>> state.options, state.num_players, state.current_player
    ({'komi': 5.0, 'max_plies': None}, 2, 0)
    >>> Dominions(foo=1)
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidOptionError: unknown option 'foo' for dominions; allowed: komi, max_plies
    """

    _game = "dominions"
    _num_actions = NUM_ACTIONS
    _num_players = 2

    def __init__(self, **options: Any) -> None:
        self._options = options  # after the engine's check (`_args.options`), defaults included
        self._komi: float = self._options["komi"]
        self._max_plies: int | None = self._options["max_plies"]

        # The board as three lists by cell: pattern (0 = empty), owner (whose set the piece
        # comes from) and colour (the colour it shows now; they differ for a reversed piece).
        self._pattern: list[int] = [0] * NUM_CELLS
        self._owner: list[int] = [0] * NUM_CELLS
        self._colour: list[int] = [0] * NUM_CELLS
        self._pieces = 0  # pieces on the board
        # _in_hand[player][pattern]; index 0 unused.
        self._in_hand: list[list[bool]] = [[False] + [True] * NUM_PATTERNS for _ in range(2)]
        # The player whose turn it is; it still changes after the last move of a finished game,
        # because the key uses it (see docs/rules/dominions.md).
        self._turn: int = 0
        self._last_pass = False
        self._outcome: Outcome | None = None
        self._history: list[Move] = []
        # Per move: the cells whose colour it reversed and the pass flag before it.
        self._undo_info: list[tuple[tuple[int, ...], bool]] = []
        self._key = self.key_from_scratch()

    # -- simple views -------------------------------------------------------------------------

    def key_from_scratch(self) -> int:
        """The Zobrist key recomputed from the position; always equals ``key``.

        Returns:
            The key, an int in ``0..2**64 - 1`` (see ``docs/rules/dominions.md``).

        >>> s = Dominions()
        >>> s.play("63@i9")
        >>> s.key_from_scratch() == s.key
        True
        """
        key = TURN_KEYS[self._turn]
        if self._last_pass:
            key ^= PASS_KEY
        for c in range(NUM_CELLS):
            if self._pattern[c]:
                key ^= PIECE_KEYS[c][self._pattern[c]][self._colour[c]]
        for player in range(2):
            for p in range(1, NUM_PATTERNS + 1):
                if self._in_hand[player][p]:
                    key ^= HAND_KEYS[player][p]
        return key

    def board(self) -> tuple[tuple[int, int, int] | None, ...]:
        """Every cell by cell index: ``None`` or ``(pattern, owner, colour)``.

        ``owner`` is the player whose set the piece comes from, ``colour`` the colour it shows
        now (they differ once the piece is reversed).

        Returns:
            A tuple of 217 entries (:func:`cell_index` names the cells).

        >>> s = Dominions()
        >>> s.play("63@i9"); s.play("8@j10")
        >>> s.board()[cell_index("j10")]
        (8, 1, 0)
        """
        return tuple(
            (self._pattern[c], self._owner[c], self._colour[c]) if self._pattern[c] else None
            for c in range(NUM_CELLS)
        )

    def hand(self, player: int) -> tuple[int, ...]:
        """The patterns still in ``player``'s hand, ascending.

        Args:
            player: 0 (White) or 1 (Black).

        Returns:
            The patterns, ints in ``1..63``.

        Raises:
            ValueError: ``player`` is not 0 or 1.

        >>> s = Dominions()
        >>> s.play("1@i9")
        >>> s.hand(0)[:3], len(s.hand(1))
        ((2, 3, 4), 63)
        """
        player = self._check_player(player)
        hand = self._in_hand[player]
        return tuple(p for p in range(1, NUM_PATTERNS + 1) if hand[p])

    def scores(self) -> tuple[float, float]:
        """The territories ``(white, black)`` as the rules count them now, komi included.

        A territory is the pieces showing the player's colour minus its pieces still in hand;
        komi is added to Black's.

        >>> Dominions(komi=0.5).scores()
        (-63.0, -62.5)
        """
        shown = [0, 0]
        for c in range(NUM_CELLS):
            if self._pattern[c]:
                shown[self._colour[c]] += 1
        in_hand = [sum(self._in_hand[player]) for player in range(2)]
        return (float(shown[0] - in_hand[0]), float(shown[1] - in_hand[1]) + self._komi)

    # -- move generation ----------------------------------------------------------------------

    def _groups(self) -> _Groups:
        return _Groups(self._pattern, self._colour)

    def _matching(self, cell: int) -> tuple[int, int]:
        """The matching rule at an empty cell as ``(mask, value)``: a pattern matches exactly
        when ``pattern & mask == value``. Off-board sides need a blank; a side facing a piece
        needs a beam exactly when that piece beams back; a side facing an empty cell is free."""
        mask = EDGE_MASK[cell]
        value = 0
        for k, b in enumerate(NEIGHBOURS[cell]):
            if b is not None and self._pattern[b]:
                mask |= 1 << k
                if self._pattern[b] >> OPPOSITE[k] & 1:
                    value |= 1 << k
        return mask, value

    def _contact(self, cell: int, pattern: int, groups: _Groups) -> bool:
        """The contact rule: the board is empty; or the piece touches a piece now showing the
        opponent's colour; or one of its beams connects it to an own group that is, before the
        move, a complete section. (Matching is assumed.)"""
        if self._pieces == 0:
            return True
        mover = self._turn
        for k, b in enumerate(NEIGHBOURS[cell]):
            if b is None or not self._pattern[b]:
                continue
            if self._colour[b] != mover:
                return True
            if pattern >> k & 1 and groups.complete[groups.group_of[b]]:
                return True
        return False

    def _resolve(self, cell: int, pattern: int, groups: _Groups) -> tuple[int, ...] | None:
        """Resolve placing ``pattern`` on ``cell`` for the player to move (matching assumed):
        the cells whose colour the move reverses (ascending; the placed cell is among them for
        a suicide), or None when the move would leave a group without a liberty.

        ``groups`` describes the position before the move. Placing the piece changes liberties
        only of the groups connected to it (a group beaming at ``cell`` is connected to it, by
        matching), so the groups involved are found among those.
        """
        mover = self._turn
        own: set[int] = set()  # mover groups connected to the new piece
        opp: set[int] = set()  # opponent groups connected to the new piece
        libs: set[int] = set()  # liberties of the placed piece's group
        for k in BEAMS[pattern]:
            b = NEIGHBOURS[cell][k]
            assert b is not None
            if not self._pattern[b]:
                libs.add(b)
            elif self._colour[b] == mover:
                own.add(groups.group_of[b])
            else:
                opp.add(groups.group_of[b])
        for g in own:
            libs |= groups.liberties[g]
        libs.discard(cell)

        # Capture: every opponent group connected to the new piece that now has no liberty is
        # reversed. The mover's group that then contains them (the placed piece's group, the
        # reversed pieces and every mover group connected to them) must have a liberty; the
        # reversed pieces themselves have none.
        captured = sorted(g for g in opp if not groups.liberties[g] - {cell})
        if captured:
            reversed_cells = sorted(a for g in captured for a in groups.cells[g])
            merged = set(libs)
            for a in reversed_cells:
                for k in BEAMS[self._pattern[a]]:
                    b = NEIGHBOURS[a][k]
                    assert b is not None
                    if b != cell and self._pattern[b] and self._colour[b] == mover:
                        merged |= groups.liberties[groups.group_of[b]]
            merged.discard(cell)
            return tuple(reversed_cells) if merged else None

        # No capture, and the placed piece's group has a liberty: every other group connected
        # to the new piece lost at most the liberty ``cell`` and kept another one.
        if libs:
            return ()

        # Suicide: the placed piece's whole group is reversed to the opponent's colour and
        # merges with the opponent groups it connects to, which must then have a liberty. (It
        # was a maximal mover group, so no other mover group changes.)
        members = sorted([cell, *(a for g in own for a in groups.cells[g])])
        touching = set(opp)
        for g in own:
            for a in groups.cells[g]:
                for k in BEAMS[self._pattern[a]]:
                    b = NEIGHBOURS[a][k]
                    assert b is not None
                    if b != cell and self._pattern[b] and self._colour[b] != mover:
                        touching.add(groups.group_of[b])
        merged = set()
        for g in touching:
            merged |= groups.liberties[g]
        merged.discard(cell)
        return tuple(members) if merged else None

    def _placement_error(
        self, cell: int, pattern: int, groups: _Groups | None = None
    ) -> str | None:
        """Why placing ``pattern`` on ``cell`` is illegal for the player to move, or None.

        The reasons, in this order, are worded as in the Rust core: the messages of both
        backends are the same (the first direction, in bit order, is named)."""
        name = _NAMES[cell]
        if self._pattern[cell]:
            return f"{name} is occupied"
        if not self._in_hand[self._turn][pattern]:
            return f"pattern {pattern} is not in your hand"
        neighbours = NEIGHBOURS[cell]
        for k, b in enumerate(neighbours):
            if b is None and pattern >> k & 1:
                return f"the {_DIRECTION_NAMES[k]} beam of {pattern} at {name} points off the board"
        for k, b in enumerate(neighbours):
            if b is not None and self._pattern[b]:
                if pattern >> k & 1 != self._pattern[b] >> OPPOSITE[k] & 1:
                    side = _DIRECTION_NAMES[k]
                    return f"the {side} side of {pattern} at {name} does not match its neighbour"
        if groups is None:
            groups = self._groups()
        if not self._contact(cell, pattern, groups):
            return (
                f"{name} touches no piece of the opponent's colour and extends no own group "
                "that is a complete section"
            )
        if self._resolve(cell, pattern, groups) is None:
            return "it would leave a group without a liberty"
        return None

    def legal_moves(self) -> list[Move]:
        """The moves the current player may make, in ascending action id: by cell, then
        pattern; ``pass`` last.

        ``resign`` is always legal while the game runs but never listed.

        Returns:
            A new list of :class:`~ludorum.Move`; empty once the game is over.

        >>> s = Dominions()
        >>> s.play("63@i9")
        >>> [str(m) for m in s.legal_moves()][:3]
        ['1@h8', '3@h8', '5@h8']
        """
        if self._outcome is not None:
            return []
        hand = self.hand(self._turn)
        moves: list[Move] = []
        if self._pieces == 0:
            for c in range(NUM_CELLS):
                edge = EDGE_MASK[c]
                moves.extend(_MOVES[c * NUM_PATTERNS + p - 1] for p in hand if not p & edge)
        else:
            groups = self._groups()
            for c in range(NUM_CELLS):
                if self._pattern[c]:
                    continue
                # Off the empty board, contact needs an occupied neighbour.
                if not any(b is not None and self._pattern[b] for b in NEIGHBOURS[c]):
                    continue
                mask, value = self._matching(c)
                for p in hand:
                    if (
                        p & mask == value
                        and self._contact(c, p, groups)
                        and self._resolve(c, p, groups) is not None
                    ):
                        moves.append(_MOVES[c * NUM_PATTERNS + p - 1])
        if self._history:  # White starts by placing a piece
            moves.append(_MOVES[PASS])
        return moves

    def _is_legal(self, move: Move) -> bool:
        if move.action == PASS:
            return bool(self._history)
        if move.action == RESIGN:
            return True
        cell, p = divmod(move.action, NUM_PATTERNS)
        return self._placement_error(cell, p + 1) is None

    def _why_illegal(self, move: Move) -> str:
        if move.action < PASS:
            cell, p = divmod(move.action, NUM_PATTERNS)
            reason = self._placement_error(cell, p + 1)
            if reason is not None:
                return reason
        if move.action == PASS and not self._history:
            return "the first move is a placement: White may not pass before any piece is placed"
        return "not a legal move in this position"

    # -- playing and undoing ------------------------------------------------------------------

    def _flip(self, cell: int) -> int:
        """Reverse the piece on ``cell``; return the key change."""
        p = self._pattern[cell]
        old = self._colour[cell]
        self._colour[cell] = 1 - old
        return PIECE_KEYS[cell][p][old] ^ PIECE_KEYS[cell][p][1 - old]

    def _apply(self, move: Move) -> None:
        """Play a move known to be legal, update the key incrementally, and end the game if
        the move ends it (resignation, then two passes, then the ply limit)."""
        mover = self._turn
        key = self._key ^ TURN_KEYS[mover] ^ TURN_KEYS[1 - mover]
        if self._last_pass:
            key ^= PASS_KEY
        reversed_cells: tuple[int, ...] = ()
        if move.action < PASS:
            cell, p = divmod(move.action, NUM_PATTERNS)
            p += 1
            resolved = self._resolve(cell, p, self._groups())
            assert resolved is not None, f"{move} is not legal"
            reversed_cells = resolved
            self._pattern[cell] = p
            self._owner[cell] = mover
            self._colour[cell] = mover
            self._pieces += 1
            self._in_hand[mover][p] = False
            key ^= PIECE_KEYS[cell][p][mover] ^ HAND_KEYS[mover][p]
            for a in reversed_cells:
                key ^= self._flip(a)
        was_pass = self._last_pass
        self._undo_info.append((reversed_cells, was_pass))
        self._last_pass = move.action == PASS
        if self._last_pass:
            key ^= PASS_KEY
        self._key = key
        self._turn = 1 - mover
        self._history.append(move)

        if move.action == RESIGN:
            self._outcome = Outcome((1 - mover,), "resignation")
        elif move.action == PASS and was_pass:
            self._outcome = self._scored("territory")
        elif self._max_plies is not None and len(self._history) >= self._max_plies:
            self._outcome = self._scored("ply limit")

    def _scored(self, reason: str) -> Outcome:
        white, black = self.scores()
        if white > black:
            return Outcome((0,), reason)
        if black > white:
            return Outcome((1,), reason)
        return Outcome((), reason)

    def undo(self) -> Move:
        """Take back the last move and return it; a finished game is running again.

        Returns:
            The :class:`~ludorum.Move` taken back.

        Raises:
            IndexError: no move has been played.

        >>> s = Dominions()
        >>> s.play("63@i9"); s.play("8@j10")
        >>> s.board()[cell_index("j10")], s.undo(), s.board()[cell_index("j10")]
        ((8, 1, 0), Move('8@j10'), None)
        """
        if not self._history:
            raise IndexError("no move to undo")
        move = self._history.pop()
        reversed_cells, was_pass = self._undo_info.pop()
        mover = 1 - self._turn
        key = self._key ^ TURN_KEYS[mover] ^ TURN_KEYS[1 - mover]
        if self._last_pass:
            key ^= PASS_KEY
        if move.action < PASS:
            cell, p = divmod(move.action, NUM_PATTERNS)
            p += 1
            for a in reversed_cells:
                key ^= self._flip(a)
            key ^= PIECE_KEYS[cell][p][mover] ^ HAND_KEYS[mover][p]
            self._pattern[cell] = 0
            self._owner[cell] = 0
            self._colour[cell] = 0
            self._pieces -= 1
            self._in_hand[mover][p] = True
        self._last_pass = was_pass
        if was_pass:
            key ^= PASS_KEY
        self._key = key
        self._turn = mover
        # No move is played after the end, so the position before any move was still running.
        self._outcome = None
        return move

    # -- observation --------------------------------------------------------------------------

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` sees, as a float32 array of shape ``(18, 217)``.

        For k = 0 (the viewer's colour) and k = 1 (the opponent's), plane 7k marks the pieces
        showing that colour and planes 7k + 1 + b their beams b = 0..5; plane 14 is all 1.0
        when ``player`` is to move, plane 15 when the last move was a pass; planes 16 and 17
        hold the hands of the viewer and the opponent (column pattern - 1).

        Args:
            player: 0 (White) or 1 (Black).

        Returns:
            A new array.

        Raises:
            ValueError: ``player`` is not 0 or 1.

        >>> Dominions().observation(1).shape
        (18, 217)
        """
        player = self._check_player(player)
        obs = np.zeros((18, NUM_CELLS), dtype=np.float32)
        for c in range(NUM_CELLS):
            p = self._pattern[c]
            if p:
                base = 7 * ((self._colour[c] - player) % 2)
                obs[base, c] = 1.0
                for b in BEAMS[p]:
                    obs[base + 1 + b, c] = 1.0
        if self.current_player == player:
            obs[14, :] = 1.0
        if self._last_pass:
            obs[15, :] = 1.0
        for k in range(2):
            hand = self._in_hand[(player + k) % 2]
            for p in range(1, NUM_PATTERNS + 1):
                if hand[p]:
                    obs[16 + k, p - 1] = 1.0
        return obs

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move named by ``text``; checks syntax, not legality.

        Args:
            text: ``<pattern>@<cell>`` (pattern 1..63: ``63@i9``), ``pass`` or ``resign``.

        Returns:
            The :class:`~ludorum.Move`, with its action id.

        Raises:
            InvalidMoveError: the text does not name a move.

        >>> Dominions().parse_move("63@i9")
        Move('63@i9')
        >>> Dominions().parse_move("63@a10")
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move '63@a10': 'a10' is not a cell (a1 to q17, letter and number at most 8 apart)
        """  # noqa: E501
        text = _args.notation(text)
        if text == "pass":
            return _MOVES[PASS]
        if text == "resign":
            return _MOVES[RESIGN]
        pattern, at, name = text.partition("@")
        if not at:
            raise InvalidMoveError(
                f"invalid move '{text}': expected a placement such as '63@i9', 'pass' or 'resign'"
            )
        # Decimal without a leading zero, 1..63.
        if not _PATTERN.fullmatch(pattern) or not 1 <= int(pattern) <= NUM_PATTERNS:
            raise InvalidMoveError(
                f"invalid move '{text}': the pattern must be a number from 1 to 63, got '{pattern}'"
            )
        cell = _NAME_TO_INDEX.get(name)
        if cell is None:
            raise InvalidMoveError(
                f"invalid move '{text}': '{name}' is not a cell "
                "(a1 to q17, letter and number at most 8 apart)"
            )
        return _MOVES[cell * NUM_PATTERNS + int(pattern) - 1]

    def move_from_action(self, action: int) -> Move:
        """The move with this action id, without building the legal moves; syntax only.

        Args:
            action: ``cell * 63 + pattern - 1`` for a placement, 13671 for ``pass``, and 13672
                (``num_actions``, outside the action space) for ``resign``.

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: the id is not in ``0..13672``.

        >>> s = Dominions()
        >>> s.move_from_action(108 * 63 + 62), s.move_from_action(13671)
        (Move('63@i9'), Move('pass'))
        """
        action = _args.action_id(action)
        if not 0 <= action <= RESIGN:
            raise InvalidMoveError(
                f"invalid move '{action}': action ids run from 0 to {NUM_ACTIONS - 1}"
            )
        return _MOVES[action]

    # -- JSON ---------------------------------------------------------------------------------

    def _json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The fields of ``docs/rules/dominions.md`` between ``moves`` and ``current_player``:
        ``board`` holds ``[pattern, owner, colour]`` or ``None`` per cell, ``hands`` the patterns
        each player still holds. Both players see everything.

        >>> s = Dominions()
        >>> s.play("63@i9")
        >>> d = s.to_json()
        >>> d["options"], d["moves"], d["board"][108], len(d["hands"][0]), d["current_player"]
        ({'komi': 0.0, 'max_plies': None}, ['63@i9'], [63, 0, 0], 62, 1)
        """
        return {
            "board": [
                [self._pattern[c], self._owner[c], self._colour[c]] if self._pattern[c] else None
                for c in range(NUM_CELLS)
            ],
            "hands": [list(self.hand(player)) for player in range(2)],
        }
