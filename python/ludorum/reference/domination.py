"""Domination (Sid Sackson's *Focus*): the pure-Python reference twin of the Rust core.

Behaviour follows ``docs/rules/domination.md``; every encoding both backends share (square
indices, notation, action ids, observation, Zobrist tables, JSON) follows
``docs/rules/domination.md``. The sections mirror the engine's modules: board geometry and
start layouts, options, the state, move generation, notation, JSON. Written for clarity first:
it is the oracle the Rust core is tested against.

>>> state = Domination(first_player=0)
>>> len(state.legal_moves())
68
>>> state.play("c3-c4:1")
>>> state.current_player, state.ply, state.board()[square_index("c4")]
(1, 1, (1, 0))
>>> str(state.undo())
'c3-c4:1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _args
from .._types import Move, Outcome
from ..errors import InvalidMoveError
from ._base import ReferenceState
from ._core import SplitMix64, zobrist_table

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "COLOURS",
    "LAYOUTS",
    "MAX_HEIGHT",
    "NUM_ACTIONS",
    "NUM_SQUARES",
    "OPENING_KEYS",
    "PLACEMENT_BASE",
    "RAYS",
    "RESERVE_BASE",
    "RESERVE_KEYS",
    "SQUARES",
    "STACK_KEYS",
    "START_PIECES",
    "TURN_KEYS",
    "ZOBRIST_SEED",
    "Domination",
    "square_index",
    "square_name",
]

# -- board geometry (no rules here) ----------------------------------------------------------

_FILES = "abcdefgh"
_RANKS = "12345678"


def _on_board(x: int, y: int) -> bool:
    # An 8x8 board without three squares in each corner.
    return 0 <= x < 8 and 0 <= y < 8 and min(x, 7 - x) + min(y, 7 - y) >= 2


# Square index order: rank by rank from rank 1, files left to right.
SQUARES: tuple[tuple[int, int], ...] = tuple(
    (x, y) for y in range(8) for x in range(8) if _on_board(x, y)
)
NUM_SQUARES = len(SQUARES)
assert NUM_SQUARES == 52

_INDEX_OF: dict[tuple[int, int], int] = {xy: i for i, xy in enumerate(SQUARES)}
_NAMES: tuple[str, ...] = tuple(f"{_FILES[x]}{_RANKS[y]}" for x, y in SQUARES)
_NAME_TO_INDEX: dict[str, int] = {name: i for i, name in enumerate(_NAMES)}


def square_name(index: int) -> str:
    """The chess name of a square from its index (0..51).

    Raises:
        ValueError: the index is not a square index.

    >>> square_name(0), square_name(4), square_name(51)
    ('c1', 'b2', 'f8')
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_SQUARES:
        raise ValueError(f"no square with index {index!r}; squares are 0..{NUM_SQUARES - 1}")
    return _NAMES[index]


def square_index(name: str) -> int:
    """The index (0..51) of a square from its chess name (exact: lower case).

    Raises:
        ValueError: no square of the board has this name (``a1`` is cut off).

    >>> square_index("c1"), square_index("f8")
    (0, 51)
    """
    try:
        return _NAME_TO_INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"no square named {name!r}") from None


# RAYS[s]: for each of the four orthogonal directions, the squares at distance 1, 2, ... from s
# as far as the board goes. Every rank and file is unbroken, so a ray simply stops at the edge.
_DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _ray(x: int, y: int, dx: int, dy: int) -> tuple[int, ...]:
    squares = []
    x, y = x + dx, y + dy
    while _on_board(x, y):
        squares.append(_INDEX_OF[(x, y)])
        x, y = x + dx, y + dy
    return tuple(squares)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(x, y, dx, dy) for dx, dy in _DIRECTIONS) for x, y in SQUARES
)

# -- start layouts (data; the 3-player one is ours and may be replaced) ----------------------

# Colours in seat order: player 0 green, 1 red, 2 blue, 3 yellow.
COLOURS = "GRBY"
MAX_HEIGHT = 5

# The diagrams of the rules page, copied verbatim: '#' is off the board, '.' an empty square, a
# letter a single piece. Ranks not drawn are empty.
_DIAGRAMS: dict[int, str] = {
    2: """
     a b c d e f g h
  7  # G G R R G G #
  6  . R R G G R R .
  5  . G G R R G G .
  4  . R R G G R R .
  3  . G G R R G G .
  2  # R R G G R R #
""",
    3: """
     a b c d e f g h
  7  # G G R R B B #
  6  . R R B B G G .
  5  . B B G G R R .
  4  . G G R R B B .
  3  . R R B B G G .
  2  # B B G G R R #
""",
    4: """
     a b c d e f g h
  8  # # R R Y B # #
  7  # B B B Y B Y #
  6  R R R R Y B Y B
  5  B B B B Y B Y B
  4  G R G R G G G G
  3  G R G R Y Y Y Y
  2  # R G R G G G #
  1  # # G R Y Y # #
""",
}


def _parse_layout(diagram: str, players: int) -> tuple[int | None, ...]:
    """The colour of the single piece on every square (None = empty) drawn by a diagram."""
    layout: list[int | None] = [None] * NUM_SQUARES
    ranks_seen = set()
    for line in diagram.strip("\n").splitlines():
        tokens = line.split()
        if not tokens or not tokens[0].isdigit():
            continue  # the file letters
        y = int(tokens[0]) - 1
        cells = tokens[1:]
        assert 0 <= y < 8 and y not in ranks_seen and len(cells) == 8, line
        ranks_seen.add(y)
        for x, cell in enumerate(cells):
            # A '#' must be exactly where the board has no square, so a mistyped row fails.
            assert (cell == "#") == (not _on_board(x, y)), line
            if cell not in "#.":
                layout[_INDEX_OF[(x, y)]] = COLOURS[:players].index(cell)
    return tuple(layout)


LAYOUTS: dict[int, tuple[int | None, ...]] = {p: _parse_layout(d, p) for p, d in _DIAGRAMS.items()}

# Pieces of each colour at the start: on the board, plus the opening piece with 3 players.
START_PIECES: dict[int, int] = {2: 18, 3: 13, 4: 13}
for _p, _layout in LAYOUTS.items():
    for _c in range(_p):
        assert _layout.count(_c) + (_p == 3) == START_PIECES[_p], (_p, _c)
del _p, _layout, _c

# -- encodings --------------------------------------------------------------------------------

# action = (from * 52 + to) * 5 + (k - 1) for a stack move lifting k (0..13519);
# 13520 + s for a reserve move onto s; 13572 + s for an opening placement onto s.
RESERVE_BASE = NUM_SQUARES * NUM_SQUARES * MAX_HEIGHT
PLACEMENT_BASE = RESERVE_BASE + NUM_SQUARES
NUM_ACTIONS = PLACEMENT_BASE + NUM_SQUARES
assert (RESERVE_BASE, PLACEMENT_BASE, NUM_ACTIONS) == (13520, 13572, 13624)

# Zobrist tables from SplitMix64 seeded with "DOMINATE", drawn in this order: 1040 stack keys
# (square outer, level, colour inner); 72 reserve keys (player outer, count 1..18 inner);
# 4 opening-piece keys; 4 turn keys.
ZOBRIST_SEED = 0x444F_4D49_4E41_5445
_MAX_PLAYERS = 4
_MAX_RESERVE = 18
_TABLE = zobrist_table(
    ZOBRIST_SEED,
    NUM_SQUARES * MAX_HEIGHT * _MAX_PLAYERS + _MAX_PLAYERS * _MAX_RESERVE + 2 * _MAX_PLAYERS,
)
# STACK_KEYS[square][level][colour], level 0 = bottom.
STACK_KEYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(_TABLE[(s * MAX_HEIGHT + level) * _MAX_PLAYERS + c] for c in range(_MAX_PLAYERS))
        for level in range(MAX_HEIGHT)
    )
    for s in range(NUM_SQUARES)
)
_OFFSET = NUM_SQUARES * MAX_HEIGHT * _MAX_PLAYERS
# RESERVE_KEYS[player][count]; entry 0 is 0 because an empty reserve has no key.
RESERVE_KEYS: tuple[tuple[int, ...], ...] = tuple(
    (0, *_TABLE[_OFFSET + p * _MAX_RESERVE : _OFFSET + (p + 1) * _MAX_RESERVE])
    for p in range(_MAX_PLAYERS)
)
_OFFSET += _MAX_PLAYERS * _MAX_RESERVE
OPENING_KEYS: tuple[int, ...] = tuple(_TABLE[_OFFSET : _OFFSET + _MAX_PLAYERS])
TURN_KEYS: tuple[int, ...] = tuple(_TABLE[_OFFSET + _MAX_PLAYERS :])
assert len(TURN_KEYS) == _MAX_PLAYERS
del _TABLE, _OFFSET


def _stack_hash(square: int, stack: list[int]) -> int:
    key = 0
    keys = STACK_KEYS[square]
    for level, colour in enumerate(stack):
        key ^= keys[level][colour]
    return key


def _make_moves() -> dict[int, Move]:
    """The Move of every action id that names one (stack-move ids that are not well formed,
    with the same square twice or squares sharing no rank or file, name none)."""
    moves: dict[int, Move] = {}
    for action in range(RESERVE_BASE):
        squares, km1 = divmod(action, MAX_HEIGHT)
        frm, to = divmod(squares, NUM_SQUARES)
        (fx, fy), (tx, ty) = SQUARES[frm], SQUARES[to]
        if frm != to and (fx == tx or fy == ty):
            moves[action] = Move(action, f"{_NAMES[frm]}-{_NAMES[to]}:{km1 + 1}")
    for s in range(NUM_SQUARES):
        moves[RESERVE_BASE + s] = Move(RESERVE_BASE + s, f"+{_NAMES[s]}")
        moves[PLACEMENT_BASE + s] = Move(PLACEMENT_BASE + s, f"*{_NAMES[s]}")
    return moves


# Moves are shared, never mutated: one object per action id.
_MOVES: dict[int, Move] = _make_moves()
_RESERVE_MOVES: tuple[Move, ...] = tuple(_MOVES[RESERVE_BASE + s] for s in range(NUM_SQUARES))


def _stack_action(frm: int, to: int, k: int) -> int:
    return (frm * NUM_SQUARES + to) * MAX_HEIGHT + (k - 1)


# -- options ----------------------------------------------------------------------------------

# -- the state --------------------------------------------------------------------------------


class Domination(ReferenceState):
    """A game of Domination (Sid Sackson's *Focus*) for 2, 3 or 4 players.

    Options: ``players`` (2, 3, 4), ``movement`` (``up_to``: a lifted stack of k pieces travels
    1..k squares; ``exact``: exactly k), ``first_player`` (None to draw it from ``seed``, or a
    player index), ``seed`` (int in 0..2**64 - 1), ``max_plies`` (positive int or None).

    Raises:
        InvalidOptionError: an unknown option or a value out of range.

    >>> state = Domination(players=3, first_player=0)
    >>> state.num_players, state.current_player, state.in_hand()
    (3, 0, (True, True, True))
    >>> Domination(players=5)
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidOptionError: players must be one of 2, 3, 4, got 5
    """

    _game = "domination"
    _num_actions = NUM_ACTIONS

    def __init__(self, **options: Any) -> None:
        self._options = options  # after the engine's check (`_args.options`), defaults included
        players: int = self._options["players"]
        self._num_players = players
        self._exact: bool = self._options["movement"] == "exact"
        self._max_plies: int | None = self._options["max_plies"]
        first: int | None = self._options["first_player"]
        if first is None:
            first = SplitMix64(self._options["seed"]).below(players)

        # Stacks by square index, bottom to top, as colour (player) indices.
        self._stacks: list[list[int]] = [[] if c is None else [c] for c in LAYOUTS[players]]
        self._reserves: list[int] = [0] * players
        # captured[c]: pieces of colour c removed by another player's overflow.
        self._captured: list[int] = [0] * players
        self._in_hand: list[bool] = [players == 3] * players
        # The player to move. Once the game is over it still names the player who would move
        # next (the winner after a win), because the key uses it (see docs/rules/domination.md).
        self._turn: int = first
        self._outcome: Outcome | None = None
        self._history: list[Move] = []
        # One record per move, what undo needs: (mover, from square or None, its stack before,
        # destination, its stack before, mover's reserve before, captured before, in hand
        # before). Stack lists are replaced, never mutated, so a record can keep them.
        self._undo_records: list[tuple[Any, ...]] = []
        self._key: int = self.key_from_scratch()

    # -- simple views -------------------------------------------------------------------------

    def key_from_scratch(self) -> int:
        """The Zobrist key recomputed from the stacks, reserves, opening pieces and turn;
        always equals ``key``.

        Returns:
            The key, an int in ``0..2**64 - 1`` (see ``docs/rules/domination.md``).

        >>> s = Domination()
        >>> s.key_from_scratch() == s.key
        True
        """
        key = TURN_KEYS[self._turn]
        for s, stack in enumerate(self._stacks):
            key ^= _stack_hash(s, stack)
        for p in range(self.num_players):
            key ^= RESERVE_KEYS[p][self._reserves[p]]
            if self._in_hand[p]:
                key ^= OPENING_KEYS[p]
        return key

    def board(self) -> tuple[tuple[int, ...], ...]:
        """Every stack by square index, bottom to top, as players; ``()`` when empty.

        Returns:
            A tuple of 52 stacks of at most 5 pieces (squares indexed as
            ``docs/rules/domination.md`` says; :func:`square_index` names them).

        >>> Domination().board()[square_index("c2")]
        (1,)
        """
        return tuple(tuple(stack) for stack in self._stacks)

    def reserves(self) -> tuple[int, ...]:
        """The pieces each player has in reserve (its own pieces it may enter again).

        >>> Domination().reserves()
        (0, 0)
        """
        return tuple(self._reserves)

    def captured(self) -> tuple[int, ...]:
        """The pieces of each colour captured by another player (out of the game).

        >>> Domination(players=4).captured()
        (0, 0, 0, 0)
        """
        return tuple(self._captured)

    def in_hand(self) -> tuple[bool, ...]:
        """Whether each player still holds its opening piece (3 players only).

        >>> Domination().in_hand()
        (False, False)
        """
        return tuple(self._in_hand)

    def can_act(self, player: int) -> bool:
        """Whether ``player`` controls a stack, has reserve pieces or holds its opening piece
        (reference backend only).

        Args:
            player: a player of this game, in ``0..num_players - 1``.

        Raises:
            InvalidArgumentError: ``player`` is not a player of this game.

        >>> Domination().can_act(1)
        True
        """
        return self._can_act(self._check_player(player))

    def _can_act(self, player: int) -> bool:
        if self._reserves[player] > 0 or self._in_hand[player]:
            return True
        return any(stack and stack[-1] == player for stack in self._stacks)

    # -- key-maintaining setters: every change of the position goes through these -------------

    def _set_stack(self, square: int, stack: list[int]) -> None:
        # A stack that loses its bottom shifts every level, so the whole square is rehashed.
        self._key ^= _stack_hash(square, self._stacks[square]) ^ _stack_hash(square, stack)
        self._stacks[square] = stack

    def _set_reserve(self, player: int, count: int) -> None:
        keys = RESERVE_KEYS[player]
        self._key ^= keys[self._reserves[player]] ^ keys[count]
        self._reserves[player] = count

    def _set_in_hand(self, player: int, held: bool) -> None:
        if held != self._in_hand[player]:
            self._key ^= OPENING_KEYS[player]
            self._in_hand[player] = held

    def _set_turn(self, player: int) -> None:
        self._key ^= TURN_KEYS[self._turn] ^ TURN_KEYS[player]
        self._turn = player

    # -- move generation ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves the current player may make, in ascending action id.

        Returns:
            A new list of :class:`~ludorum.Move`; empty once the game is over.

        >>> [str(m) for m in Domination(first_player=0).legal_moves()][:3]
        ['d2-d1:1', 'd2-c2:1', 'd2-e2:1']
        """
        if self._outcome is not None:
            return []
        player = self._turn
        if self._in_hand[player]:
            # The opening piece must be placed first, and only on an empty square.
            return [_MOVES[PLACEMENT_BASE + s] for s in range(NUM_SQUARES) if not self._stacks[s]]
        moves: list[Move] = []
        for frm, stack in enumerate(self._stacks):
            if not stack or stack[-1] != player:
                continue
            height = len(stack)
            actions = []
            for ray in RAYS[frm]:
                # d <= k <= height, so no destination is farther than the height.
                for d, to in enumerate(ray[:height], start=1):
                    if self._exact:
                        actions.append(_stack_action(frm, to, d))
                    else:
                        actions.extend(_stack_action(frm, to, k) for k in range(d, height + 1))
            actions.sort()
            moves.extend(_MOVES[a] for a in actions)
        if self._reserves[player] > 0:
            moves.extend(_RESERVE_MOVES)
        return moves

    def _why_illegal(self, move: Move) -> str:
        # The reasons, in this order, are worded as in the Rust core: the messages of both
        # backends are the same.
        player = self._turn
        action = move.action
        if action >= PLACEMENT_BASE:
            to = action - PLACEMENT_BASE
            if not self._in_hand[player]:
                return "you hold no opening piece"
            return f"{_NAMES[to]} is not empty"
        if self._in_hand[player]:
            return "you must first place your opening piece on an empty square"
        if action >= RESERVE_BASE:
            return "you have no reserve pieces"
        squares, km1 = divmod(action, MAX_HEIGHT)
        frm, to = divmod(squares, NUM_SQUARES)
        k = km1 + 1
        stack = self._stacks[frm]
        if not stack:
            return f"there is no stack on {_NAMES[frm]}"
        if stack[-1] != player:
            return f"the stack on {_NAMES[frm]} is not yours"
        if k > len(stack):
            return f"the stack on {_NAMES[frm]} is only {len(stack)} high"
        (fx, fy), (tx, ty) = SQUARES[frm], SQUARES[to]
        d = abs(fx - tx) + abs(fy - ty)
        pieces, squares_word = ("piece", "square") if k == 1 else ("pieces", "squares")
        rule = "exactly" if self._exact else "at most"
        return f"{k} lifted {pieces} must move {rule} {k} {squares_word}, not {d}"

    # -- playing and undoing ------------------------------------------------------------------

    def _apply(self, move: Move) -> None:
        """Play a move known to be legal: move the pieces, trim the destination to 5, then pass
        the turn or end the game, keeping the key up to date at every step."""
        mover = self._turn
        action = move.action
        frm: int | None = None
        old_from: list[int] | None = None
        if action < RESERVE_BASE:
            squares, km1 = divmod(action, MAX_HEIGHT)
            frm, to = divmod(squares, NUM_SQUARES)
            old_from = self._stacks[frm]
            k = km1 + 1
            # The top k pieces travel together, keeping their order.
            lifted = old_from[-k:]
            self._set_stack(frm, old_from[:-k])
        elif action < PLACEMENT_BASE:
            to = action - RESERVE_BASE
            lifted = [mover]
        else:
            to = action - PLACEMENT_BASE
            lifted = [mover]
        old_to = self._stacks[to]
        self._undo_records.append(
            (
                mover,
                frm,
                old_from,
                to,
                old_to,
                self._reserves[mover],
                tuple(self._captured),
                self._in_hand[mover],
            )
        )
        if RESERVE_BASE <= action < PLACEMENT_BASE:
            self._set_reserve(mover, self._reserves[mover] - 1)
        elif action >= PLACEMENT_BASE:
            self._set_in_hand(mover, False)

        # Overflow: the bottom pieces beyond 5 leave the stack; the mover's own go back to its
        # reserve, every other colour is captured.
        stack = old_to + lifted
        if len(stack) > MAX_HEIGHT:
            removed = stack[: len(stack) - MAX_HEIGHT]
            stack = stack[len(stack) - MAX_HEIGHT :]
            own = 0
            for colour in removed:
                if colour == mover:
                    own += 1
                else:
                    self._captured[colour] += 1
            if own:
                self._set_reserve(mover, self._reserves[mover] + own)
        self._set_stack(to, stack)
        self._history.append(move)

        # The mover controls the destination, so it can always act. The next player is the first
        # after it in seat order who can act; when nobody else can, that is the mover itself,
        # and it has won.
        n = self.num_players
        nxt = mover
        for i in range(1, n):
            p = (mover + i) % n
            if self._can_act(p):
                nxt = p
                break
        self._set_turn(nxt)
        if nxt == mover:
            self._outcome = Outcome((mover,), "last player able to move")
        elif self._max_plies is not None and len(self._history) >= self._max_plies:
            # The win above takes precedence over the ply limit on the same move.
            self._outcome = Outcome((), "ply limit")

    def undo(self) -> Move:
        """Take back the last move and return it, restoring the exact previous state; a
        finished game is running again.

        Returns:
            The :class:`~ludorum.Move` taken back.

        Raises:
            IndexError: no move has been played.

        >>> s = Domination(first_player=0)
        >>> s.play("c3-c4:1")
        >>> s.undo()
        Move('c3-c4:1')
        """
        if not self._history:
            raise IndexError("no move to undo")
        move = self._history.pop()
        mover, frm, old_from, to, old_to, reserve, captured, in_hand = self._undo_records.pop()
        self._set_stack(to, old_to)
        if frm is not None:
            self._set_stack(frm, old_from)
        self._set_reserve(mover, reserve)
        self._captured = list(captured)
        self._set_in_hand(mover, in_hand)
        self._set_turn(mover)
        # No move is played after the end, so the position before any move was still running.
        self._outcome = None
        return move

    def _set_position(
        self,
        board: dict[str, str],
        *,
        reserves: list[int] | None = None,
        captured: list[int] | None = None,
        in_hand: list[bool] | None = None,
        turn: int | None = None,
    ) -> None:
        """For tests only: replace the position with ``board`` (square name -> colour letters,
        bottom to top; squares not named are empty) and the given counts, as if it were the
        start. The history is cleared, so ``from_json(to_json())`` cannot rebuild such a state.

        >>> s = Domination()
        >>> s._set_position({"c4": "RG", "c6": "GRRGR"}, turn=0)
        >>> s.play("c4-c6:2")
        >>> "".join("GRBY"[c] for c in s.board()[square_index("c6")]), s.reserves(), s.captured()
        ('RGRRG', (1, 0), (0, 1))
        """
        n = self.num_players
        stacks: list[list[int]] = [[] for _ in range(NUM_SQUARES)]
        for name, letters in board.items():
            stack = [COLOURS[:n].index(c) for c in letters]
            assert len(stack) <= MAX_HEIGHT, letters
            stacks[square_index(name)] = stack
        self._stacks = stacks
        self._reserves = list(reserves) if reserves is not None else [0] * n
        self._captured = list(captured) if captured is not None else [0] * n
        self._in_hand = list(in_hand) if in_hand is not None else [False] * n
        if turn is not None:
            self._turn = turn
        self._outcome = None
        self._history = []
        self._undo_records = []
        self._key = self.key_from_scratch()

    # -- observation --------------------------------------------------------------------------

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` sees, as a float32 array of shape ``(7 * players + 1, 52)``.

        Relative to ``player`` (k = 0 is ``player``, then the next seats): plane
        ``level * players + k`` marks the pieces of player k at that level (0 = bottom);
        ``5 * players + k`` holds its reserve count; ``6 * players + k`` is 1.0 while it holds
        its opening piece; the last plane is 1.0 when ``player`` is to move.

        Args:
            player: the player who looks, in ``0..num_players - 1``.

        Returns:
            A new array.

        Raises:
            ValueError: ``player`` is not a player of this game.

        >>> Domination().observation(1).shape
        (15, 52)
        """
        player = self._check_player(player)
        n = self.num_players
        obs = np.zeros((7 * n + 1, NUM_SQUARES), dtype=np.float32)
        for s, stack in enumerate(self._stacks):
            for level, colour in enumerate(stack):
                obs[level * n + (colour - player) % n, s] = 1.0
        for p in range(n):
            k = (p - player) % n
            obs[5 * n + k, :] = self._reserves[p]
            if self._in_hand[p]:
                obs[6 * n + k, :] = 1.0
        if self.current_player == player:
            obs[7 * n, :] = 1.0
        return obs

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move named by ``text``; checks syntax, not legality.

        Args:
            text: a stack move ``<from>-<to>:<k>`` (k pieces from the top, 1..5, along a rank
                or file: ``c4-c6:2``), a reserve entry ``+<square>`` or the opening piece
                ``*<square>``.

        Returns:
            The :class:`~ludorum.Move`, with its action id.

        Raises:
            InvalidMoveError: the text does not name a move.

        >>> Domination().parse_move("c4-c6:2")
        Move('c4-c6:2')
        >>> Domination().parse_move("c4-d5:1")
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move 'c4-d5:1': the start and destination share no rank or file
        """  # noqa: E501
        text = _args.notation(text)

        def square(name: str) -> int:
            if name not in _NAME_TO_INDEX:
                raise InvalidMoveError(
                    f"invalid move '{text}': '{name}' is not a square "
                    "(files a..h, ranks 1..8, no corners)"
                )
            return _NAME_TO_INDEX[name]

        if text[:1] in ("+", "*"):
            base = RESERVE_BASE if text[0] == "+" else PLACEMENT_BASE
            return _MOVES[base + square(text[1:])]
        shape = InvalidMoveError(
            f"invalid move '{text}': expected a stack move such as 'c4-c6:2', a reserve move "
            "such as '+e5' or a placement such as '*e5'"
        )
        squares, colon, lift = text.partition(":")
        frm_name, dash, to_name = squares.partition("-")
        if not colon or not dash:
            raise shape
        frm, to = square(frm_name), square(to_name)
        # Exactly one digit 1..5: no sign, no leading zero, no other digits.
        if lift not in ("1", "2", "3", "4", "5"):
            raise InvalidMoveError(
                f"invalid move '{text}': the number of pieces lifted must be 1 to 5, got '{lift}'"
            )
        if frm == to:
            raise InvalidMoveError(
                f"invalid move '{text}': the start and destination are the same square"
            )
        (fx, fy), (tx, ty) = SQUARES[frm], SQUARES[to]
        if fx != tx and fy != ty:
            raise InvalidMoveError(
                f"invalid move '{text}': the start and destination share no rank or file"
            )
        return _MOVES[_stack_action(frm, to, int(lift))]

    def move_from_action(self, action: int) -> Move:
        """The move with this action id, without building the legal moves; syntax only.

        Args:
            action: ``(from * 52 + to) * 5 + k - 1`` for a stack move, 13520 + square for a
                reserve entry, 13572 + square for the opening piece (``docs/rules/domination.md``).

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: the id is out of range or names a stack move that is not well
            formed (same square, or squares sharing no rank or file).

        >>> s = Domination()
        >>> s.move_from_action(13520), s.move_from_action(13623)
        (Move('+c1'), Move('*f8'))
        """
        action = _args.action_id(action)
        if not 0 <= action < NUM_ACTIONS:
            raise InvalidMoveError(
                f"invalid move '{action}': action ids run from 0 to {NUM_ACTIONS - 1}"
            )
        move = _MOVES.get(action)
        if move is None:
            raise InvalidMoveError(
                f"invalid move '{action}': the two squares share no rank or file"
            )
        return move

    # -- JSON ---------------------------------------------------------------------------------

    def _json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The fields of ``docs/rules/domination.md`` between ``moves`` and ``current_player``:
        ``board`` holds every stack as colour letters, bottom to top. Every viewer sees
        everything.

        >>> d = Domination().to_json()
        >>> d["board"][:6], d["reserves"], d["in_hand"], d["outcome"]
        (['', '', '', '', 'R', 'R'], [0, 0], [False, False], None)
        """
        return {
            "board": ["".join(COLOURS[c] for c in stack) for stack in self._stacks],
            "reserves": list(self._reserves),
            "captured": list(self._captured),
            "in_hand": list(self._in_hand),
        }
