"""Chinese Checkers: the pure-Python reference twin of the Rust core.

Behaviour follows ``docs/rules/chinese_checkers.md``; every encoding both backends share
(hole indices, action ids, Zobrist tables, JSON, observation) follows
``docs/rules/chinese_checkers.md``. The sections mirror the engine's modules: board geometry,
the state, move generation, notation, JSON. Written for clarity first: it is the oracle the
Rust core is tested against.

>>> state = ChineseCheckers()
>>> len(state.legal_moves())
18
>>> state.play("e5-f4")
>>> state.current_player, state.ply
(1, 1)
>>> str(state.undo())
'e5-f4'
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from .. import _args
from .._types import Move, Outcome
from ..errors import IllegalMoveError, InvalidMoveError
from ._base import ReferenceState
from ._core import zobrist_table

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "HOLES",
    "JUMPS",
    "NEIGHBOURS",
    "NUM_ACTIONS",
    "NUM_HOLES",
    "PASS",
    "PIECE_KEYS",
    "POINTS",
    "SEATS",
    "TURN_KEYS",
    "ZOBRIST_SEED",
    "ChineseCheckers",
    "hole_index",
    "hole_name",
]

# -- board geometry (no rules here) ----------------------------------------------------------

# A hole (q, r), s = -q - r, exists when q, r, s are all >= -4 or all <= 4: the union of two
# big triangles, i.e. the six-pointed star.
_ROW_LETTERS = "abcdefghijklmnopq"  # row letter of r is chr(ord('a') + 8 - r)


def _is_hole(q: int, r: int) -> bool:
    s = -q - r
    return (q >= -4 and r >= -4 and s >= -4) or (q <= 4 and r <= 4 and s <= 4)


# Hole index order: row a (r = 8, bottom tip) first, then upwards; left (smallest q) to right.
HOLES: list[tuple[int, int]] = [
    (q, r) for r in range(8, -9, -1) for q in range(-8, 9) if _is_hole(q, r)
]
NUM_HOLES = len(HOLES)
assert NUM_HOLES == 121

_INDEX_OF: dict[tuple[int, int], int] = {qr: i for i, qr in enumerate(HOLES)}


def _make_names() -> list[str]:
    names = []
    column: dict[int, int] = {}
    for _, r in HOLES:
        column[r] = column.get(r, 0) + 1
        names.append(f"{_ROW_LETTERS[8 - r]}{column[r]}")
    return names


_NAMES: list[str] = _make_names()
_NAME_TO_INDEX: dict[str, int] = {name: i for i, name in enumerate(_NAMES)}


def hole_name(index: int) -> str:
    """The name of a hole from its index (0..120).

    Raises:
        ValueError: the index is not a hole index.

    >>> hole_name(0), hole_name(120), hole_name(60)
    ('a1', 'q1', 'i5')
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_HOLES:
        raise ValueError(f"no hole with index {index!r}; holes are 0..{NUM_HOLES - 1}")
    return _NAMES[index]


def hole_index(name: str) -> int:
    """The index (0..120) of a hole from its name; names are exact (lower case, no zeros).

    Raises:
        ValueError: no hole has this name.

    >>> hole_index("a1"), hole_index("i1"), hole_index("q1")
    (0, 56, 120)
    """
    try:
        return _NAME_TO_INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"no hole named {name!r}") from None


# Neighbour directions, in the order docs/rules/chinese_checkers.md fixes.
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

# NEIGHBOURS[h]: the adjacent holes of h. JUMPS[h]: (over, land) for every direction where
# both the hole next to h and the one straight beyond it exist.
NEIGHBOURS: list[tuple[int, ...]] = []
JUMPS: list[tuple[tuple[int, int], ...]] = []
for _q, _r in HOLES:
    _nbrs = []
    _jumps = []
    for _dq, _dr in _DIRECTIONS:
        _over = _INDEX_OF.get((_q + _dq, _r + _dr))
        if _over is None:
            continue
        _nbrs.append(_over)
        _land = _INDEX_OF.get((_q + 2 * _dq, _r + 2 * _dr))
        if _land is not None:
            _jumps.append((_over, _land))
    NEIGHBOURS.append(tuple(_nbrs))
    JUMPS.append(tuple(_jumps))
del _q, _r, _dq, _dr, _nbrs, _jumps, _over, _land


def _holes_where(pred: Callable[[int, int, int], bool]) -> frozenset[int]:
    return frozenset(i for i, (q, r) in enumerate(HOLES) if pred(q, r, -q - r))


# The six 10-hole points; point k is opposite point (k + 3) % 6.
POINTS: tuple[frozenset[int], ...] = (
    _holes_where(lambda q, r, s: r >= 5),  # T0 bottom
    _holes_where(lambda q, r, s: q <= -5),  # T1 lower left
    _holes_where(lambda q, r, s: s >= 5),  # T2 upper left
    _holes_where(lambda q, r, s: r <= -5),  # T3 top
    _holes_where(lambda q, r, s: q >= 5),  # T4 upper right
    _holes_where(lambda q, r, s: s <= -5),  # T5 lower right
)
assert all(len(p) == 10 for p in POINTS)

# The 15-hole starting triangles of the 2-player, 15-piece game: a point plus the 5 hexagon
# holes of the row next to it.
_BIG_TRIANGLE_T0 = _holes_where(lambda q, r, s: r >= 4 and q >= -4 and s >= -4)
_BIG_TRIANGLE_T3 = _holes_where(lambda q, r, s: r <= -4 and q <= 4 and s <= 4)
assert len(_BIG_TRIANGLE_T0) == len(_BIG_TRIANGLE_T3) == 15

# Points occupied, in turn order.
SEATS: dict[int, tuple[int, ...]] = {
    2: (0, 3),
    3: (0, 2, 4),
    4: (0, 1, 3, 4),
    6: (0, 1, 2, 3, 4, 5),
}

# -- encodings --------------------------------------------------------------------------------

# The action encodings (the `actions` option). from_to: action = from * 121 + to for a move,
# PASS = 14641, the same action space for every setup. piece_to: action = k * 121 + to, k the
# rank of the moving piece among the mover's pieces by ascending hole index; the pass is
# pieces * 121 and the space pieces * 121 + 1 ids.
PASS = NUM_HOLES * NUM_HOLES
NUM_ACTIONS = PASS + 1

# Zobrist tables from SplitMix64 seeded with "CHECKERS": 726 piece keys (player 0..5 outer,
# hole 0..120 inner), then 6 turn keys (player 0..5).
ZOBRIST_SEED = 0x4348_4543_4B45_5253
_MAX_PLAYERS = 6
_TABLE = zobrist_table(ZOBRIST_SEED, _MAX_PLAYERS * NUM_HOLES + _MAX_PLAYERS)
PIECE_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_TABLE[p * NUM_HOLES : (p + 1) * NUM_HOLES]) for p in range(_MAX_PLAYERS)
)
TURN_KEYS: tuple[int, ...] = tuple(_TABLE[_MAX_PLAYERS * NUM_HOLES :])
del _TABLE


def _ends(move: Move) -> tuple[int, int] | None:
    """The start and end hole of a move read from its notation (``None`` for the pass): its
    action id depends on the encoding, its notation does not."""
    if move.notation == "pass":
        return None
    frm, to = move.notation.split("-")
    return _NAME_TO_INDEX[frm], _NAME_TO_INDEX[to]


# -- the state --------------------------------------------------------------------------------


class ChineseCheckers(ReferenceState):
    """A game of Chinese Checkers (2, 3, 4 or 6 players).

    Options: ``players`` (2, 3, 4, 6), ``pieces`` (15 or 10; 15 only with 2 players), ``area``
    (``dest``, ``strict``, ``free``), ``anti_block`` (``none``, ``full``), ``goal_lock`` (True
    keeps a piece that is in its home inside it), ``actions`` (``from_to``: ``from * 121 + to``;
    ``piece_to``: the rank of the moving piece by hole index ``* 121 + to``), ``max_plies``
    (positive int or None).

    Raises:
        InvalidOptionError: an unknown option or a value out of range.

    >>> state = ChineseCheckers(players=3)
    >>> state.options["pieces"], state.num_players, state.current_player
    (10, 3, 0)
    >>> ChineseCheckers(actions="piece_to").num_actions
    1816
    >>> ChineseCheckers(players=5)
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidOptionError: players must be one of 2, 3, 4, 6, got 5
    """

    _game = "chinese_checkers"

    def __init__(self, **options: Any) -> None:
        self._options = options  # after the engine's check (`_args.options`), defaults included
        self._num_players = self._options["players"]
        self._area: str = self._options["area"]
        self._anti_block: bool = self._options["anti_block"] == "full"
        # Present in the options only when True (docs/rules/chinese_checkers.md).
        self._goal_lock: bool = self._options.get("goal_lock", False)
        # Present in the options only when "piece_to" (docs/rules/chinese_checkers.md).
        self._piece_to: bool = self._options.get("actions", "from_to") == "piece_to"
        self._pieces: int = self._options["pieces"]
        self._pass_action = self._pieces * NUM_HOLES if self._piece_to else PASS
        self._num_actions = self._pass_action + 1
        self._pass_move = Move(self._pass_action, "pass")
        self._max_plies: int | None = self._options["max_plies"]

        # Start(P) and Home(P) per player, and Foreign(P): the 10-hole points that are neither
        # P's starting point nor its home point. Kept as frozensets and as bool lists by hole.
        seats = SEATS[self.num_players]
        if self._options["pieces"] == 15:
            starts = [_BIG_TRIANGLE_T0, _BIG_TRIANGLE_T3]
            homes = [_BIG_TRIANGLE_T3, _BIG_TRIANGLE_T0]
        else:
            starts = [POINTS[k] for k in seats]
            homes = [POINTS[(k + 3) % 6] for k in seats]
        self._start_sets = tuple(starts)
        self._home_sets = tuple(homes)
        self._home_lists = tuple(tuple(sorted(h)) for h in homes)
        self._in_home = tuple(tuple(h in s for h in range(NUM_HOLES)) for s in homes)
        self._in_start = tuple(tuple(h in s for h in range(NUM_HOLES)) for s in starts)
        foreign_lists = []
        for k in seats:
            foreign = frozenset().union(*(POINTS[j] for j in range(6) if j not in (k, (k + 3) % 6)))
            foreign_lists.append(tuple(h in foreign for h in range(NUM_HOLES)))
        self._in_foreign = tuple(foreign_lists)

        # The owner of every hole (None = empty), by hole index.
        self._board: list[int | None] = [None] * NUM_HOLES
        for player, start in enumerate(starts):
            for h in start:
                self._board[h] = player
        # The seat whose turn it is; it still advances after the last move of a finished game,
        # because the key uses it (see docs/rules/chinese_checkers.md).
        self._turn: int = 0
        self._outcome: Outcome | None = None
        self._history: list[Move] = []
        self._key = self.key_from_scratch()
        # Key at the start of every turn, the starting position first: the repetition rule
        # counts earlier occurrences in this list.
        self._turn_keys: list[int] = [self._key]

    # -- simple views -------------------------------------------------------------------------

    def key_from_scratch(self) -> int:
        """The Zobrist key recomputed from the board and the turn; always equals ``key``.

        Returns:
            The key, an int in ``0..2**64 - 1`` (see ``docs/rules/chinese_checkers.md``).

        >>> s = ChineseCheckers()
        >>> s.key_from_scratch() == s.key
        True
        """
        key = TURN_KEYS[self._turn]
        for h, owner in enumerate(self._board):
            if owner is not None:
                key ^= PIECE_KEYS[owner][h]
        return key

    def board(self) -> tuple[int | None, ...]:
        """The owner of every hole, by hole index, ``None`` when empty.

        Returns:
            A tuple of 121 entries, holes indexed as ``docs/rules/chinese_checkers.md`` says.

        >>> ChineseCheckers().board()[:3]
        (0, 0, 0)
        """
        return tuple(self._board)

    def start_area(self, player: int) -> frozenset[int]:
        """The hole indices of ``player``'s starting area (reference backend only).

        Args:
            player: a player of this game, in ``0..num_players - 1``.

        Returns:
            The 15 or 10 holes where ``player``'s pieces start.

        Raises:
            InvalidArgumentError: ``player`` is not a player of this game.

        >>> len(ChineseCheckers().start_area(0)), len(ChineseCheckers(players=3).start_area(0))
        (15, 10)
        """
        return self._start_sets[self._check_player(player)]

    def home_area(self, player: int) -> frozenset[int]:
        """The hole indices of ``player``'s home, the area it must fill to win (reference
        backend only).

        Args:
            player: a player of this game, in ``0..num_players - 1``.

        Returns:
            The 15 or 10 holes opposite ``player``'s starting area.

        Raises:
            InvalidArgumentError: ``player`` is not a player of this game.

        >>> s = ChineseCheckers()
        >>> s.home_area(0) == s.start_area(1), hole_name(min(s.home_area(0)))
        (True, 'm5')
        """
        return self._home_sets[self._check_player(player)]

    # -- move generation ----------------------------------------------------------------------

    def _end_allowed(self, player: int, start_inside: bool, to: int) -> bool:
        """The area test for one landing: never in Foreign(P), and back into Start(P) only
        while the piece has not yet been outside it."""
        if self._in_foreign[player][to]:
            return False
        return start_inside or not self._in_start[player][to]

    def _destinations(
        self, frm: int, area: str | None = None, goal_lock: bool | None = None
    ) -> set[int]:
        """Every end hole of a legal move of the piece on ``frm`` (steps and hop chains), under
        ``area`` and ``goal_lock`` (default: the game's)."""
        area = self._area if area is None else area
        goal_lock = self._goal_lock if goal_lock is None else goal_lock
        if goal_lock:
            return self._locked_destinations(frm, area)
        player = self._board[frm]
        assert player is not None
        board = self._board
        in_start = self._in_start[player]
        inside = in_start[frm]
        dests: set[int] = set()

        # Steps: to an adjacent empty hole. One landing, so dest and strict test it alike.
        for n in NEIGHBOURS[frm]:
            if board[n] is None and (area == "free" or self._end_allowed(player, inside, n)):
                dests.add(n)

        # Hop chains. The moving piece has left frm, so frm is empty during the chain: it can
        # be neither hopped over nor landed on. Landing twice on a hole is never needed to
        # reach an end hole (cut the loop out), so a search over landings finds every end.
        if area == "strict":
            # Each landing is tested; whether the chain has stayed inside Start(P) so far
            # decides whether it may land in Start(P), so it is part of the search state.
            seen = {(frm, inside)}
            queue = deque([(frm, inside)])
            while queue:
                cur, still_inside = queue.popleft()
                for over, land in JUMPS[cur]:
                    if board[over] is None or over == frm or board[land] is not None:
                        continue
                    if land == frm or not self._end_allowed(player, still_inside, land):
                        continue
                    state = (land, still_inside and in_start[land])
                    if state not in seen:
                        seen.add(state)
                        queue.append(state)
                        dests.add(land)
        else:
            # dest and free: landings in the middle of a chain are not checked, only the end.
            seen_holes = {frm}
            queue_holes = deque([frm])
            while queue_holes:
                cur = queue_holes.popleft()
                for over, land in JUMPS[cur]:
                    if board[over] is None or over == frm or board[land] is not None:
                        continue
                    if land not in seen_holes:
                        seen_holes.add(land)
                        queue_holes.append(land)
            seen_holes.discard(frm)
            if area == "dest":
                dests.update(h for h in seen_holes if self._end_allowed(player, inside, h))
            else:
                dests.update(seen_holes)
        return dests

    def _locked_destinations(self, frm: int, area: str) -> set[int]:
        """``_destinations`` with the goal lock: once the piece stands in Home(P), at the start
        or at any landing of a chain, every later landing is in Home(P). Whether the piece has
        reached its home so far (and, under ``strict``, whether it has stayed inside Start(P))
        is part of the search state, since it decides where the chain may land next."""
        player = self._board[frm]
        assert player is not None
        board = self._board
        in_start = self._in_start[player]
        in_home = self._in_home[player]
        inside = in_start[frm]
        reached = in_home[frm]

        def end_ok(to: int) -> bool:
            # The area test of the end hole (strict tests every landing in the search).
            return area != "dest" or self._end_allowed(player, inside, to)

        def landing_ok(still_inside: bool, home_reached: bool, land: int) -> bool:
            if home_reached and not in_home[land]:
                return False
            return area != "strict" or self._end_allowed(player, still_inside, land)

        dests: set[int] = set()
        for n in NEIGHBOURS[frm]:
            if board[n] is None and landing_ok(inside, reached, n) and end_ok(n):
                dests.add(n)
        seen = {(frm, inside, reached)}
        queue = deque([(frm, inside, reached)])
        while queue:
            cur, still_inside, home_reached = queue.popleft()
            for over, land in JUMPS[cur]:
                if board[over] is None or over == frm or board[land] is not None:
                    continue
                if land == frm or not landing_ok(still_inside, home_reached, land):
                    continue
                state = (land, still_inside and in_start[land], home_reached or in_home[land])
                if state not in seen:
                    seen.add(state)
                    queue.append(state)
                    if end_ok(land):
                        dests.add(land)
        return dests

    def legal_moves(self) -> list[Move]:
        """The moves the current player may make, in ascending action id.

        ``pass`` is listed only when nothing else is legal.

        Returns:
            A new list of :class:`~ludorum.Move`; empty once the game is over.

        >>> [str(m) for m in ChineseCheckers(pieces=10).legal_moves()][:3]
        ['c1-e5', 'c1-e7', 'c2-e6']
        """
        if self._outcome is not None:
            return []
        moves: list[Move] = []
        for rank, frm in enumerate(self._mover_pieces()):
            first = (rank if self._piece_to else frm) * NUM_HOLES
            name = _NAMES[frm]
            moves.extend(
                Move(first + to, f"{name}-{_NAMES[to]}") for to in sorted(self._destinations(frm))
            )
        return moves if moves else [self._pass_move]

    def _mover_pieces(self) -> list[int]:
        """The holes of the mover's pieces, ascending: the seat whose turn it is (once the game
        is over, the seat the turn has passed to). Under ``piece_to`` a piece's rank in this list
        numbers its moves."""
        return [h for h in range(NUM_HOLES) if self._board[h] == self._turn]

    def _move(self, frm: int, to: int) -> Move:
        """The move from ``frm`` to ``to`` of the mover, with its action id in this position."""
        first = self._mover_pieces().index(frm) if self._piece_to else frm
        return Move(first * NUM_HOLES + to, f"{_NAMES[frm]}-{_NAMES[to]}")

    def _why_illegal(self, move: Move) -> str:
        # The reasons, in this order, are worded as in the Rust core: the messages of both
        # backends are the same.
        ends = _ends(move)
        if ends is None:
            return "pass is legal only when there is no other move"
        frm, to = ends
        owner = self._board[frm]
        if owner is None:
            return f"there is no piece on {_NAMES[frm]}"
        if owner != self._turn:
            return f"the piece on {_NAMES[frm]} is not yours"
        if self._board[to] is not None:
            return f"{_NAMES[to]} is occupied"
        if to not in self._destinations(frm, "free", False):
            return f"no step or hop chain leads from {_NAMES[frm]} to {_NAMES[to]}"
        if self._goal_lock and to in self._destinations(frm, None, False):
            return (
                f"the goal lock forbids moving from {_NAMES[frm]} to {_NAMES[to]}: a piece in "
                "its home moves only within it"
            )
        return f"the area rule '{self._area}' forbids moving from {_NAMES[frm]} to {_NAMES[to]}"

    # -- playing and undoing ------------------------------------------------------------------

    def _apply(self, move: Move) -> None:
        """Play a move known to be legal, update the key incrementally, and end the game if
        the move ends it (win, then repetition, then ply limit)."""
        mover = self._turn
        nxt = (mover + 1) % self.num_players
        key = self._key ^ TURN_KEYS[mover] ^ TURN_KEYS[nxt]
        ends = _ends(move)
        if ends is not None:
            frm, to = ends
            self._board[frm] = None
            self._board[to] = mover
            key ^= PIECE_KEYS[mover][frm] ^ PIECE_KEYS[mover][to]
        self._key = key
        self._turn = nxt
        self._history.append(move)

        # The checks run after every move, a pass included (with anti_block a pass can win:
        # an opponent may have completed the blockade of the mover's home).
        home = self._home_lists[mover]
        owners = [self._board[h] for h in home]
        if all(o == mover for o in owners):
            self._outcome = Outcome((mover,), "home filled")
        elif self._anti_block and None not in owners and mover in owners:
            self._outcome = Outcome((mover,), "home blocked")
        elif self._turn_keys.count(key) >= 2:
            # This is the third time the position stands at the start of a turn.
            self._outcome = Outcome((), "repetition")
        elif self._max_plies is not None and len(self._history) == self._max_plies:
            self._outcome = Outcome((), "ply limit")
        self._turn_keys.append(key)

    def undo(self) -> Move:
        """Take back the last move and return it; a finished game is running again.

        Returns:
            The :class:`~ludorum.Move` taken back.

        Raises:
            IndexError: no move has been played.

        >>> s = ChineseCheckers()
        >>> s.play("e5-f4")
        >>> s.undo()
        Move('e5-f4')
        """
        if not self._history:
            raise IndexError("no move to undo")
        move = self._history.pop()
        self._turn_keys.pop()
        nxt = self._turn
        mover = (nxt - 1) % self.num_players
        key = self._key ^ TURN_KEYS[mover] ^ TURN_KEYS[nxt]
        ends = _ends(move)
        if ends is not None:
            frm, to = ends
            self._board[to] = None
            self._board[frm] = mover
            key ^= PIECE_KEYS[mover][frm] ^ PIECE_KEYS[mover][to]
        self._key = key
        self._turn = mover
        # No move is played after the end, so the position before any move was still running.
        self._outcome = None
        return move

    # -- observation --------------------------------------------------------------------------

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` sees, as a float32 array of shape ``(players + 1, 121)``.

        Plane k marks the pieces of player ``(player + k) % players`` by hole index; the last
        plane is all 1.0 when ``player`` is to move.

        Args:
            player: the player who looks, in ``0..num_players - 1``.

        Returns:
            A new array.

        Raises:
            ValueError: ``player`` is not a player of this game.

        >>> ChineseCheckers().observation(1).shape
        (3, 121)
        """
        player = self._check_player(player)
        n = self.num_players
        obs = np.zeros((n + 1, NUM_HOLES), dtype=np.float32)
        for h, owner in enumerate(self._board):
            if owner is not None:
                obs[(owner - player) % n, h] = 1.0
        if self.current_player == player:
            obs[n, :] = 1.0
        return obs

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move named by ``text``; checks syntax, not legality.

        Args:
            text: ``<from>-<to>`` with two different hole names (``e5-f4``), or ``pass``.

        Returns:
            The :class:`~ludorum.Move`, with its action id.

        Raises:
            InvalidMoveError: the text does not name a move.
            IllegalMoveError: with ``actions="piece_to"``, the start hole holds no piece of the
                player to move (the move has no action id).

        >>> ChineseCheckers().parse_move("e5-f4")
        Move('e5-f4')
        >>> ChineseCheckers().parse_move("x9-a1")
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move 'x9-a1': 'x9' is not a hole (rows a..q, numbered from 1)
        """  # noqa: E501
        text = _args.notation(text)
        if text == "pass":
            return self._pass_move
        if "-" not in text:
            raise InvalidMoveError(
                f"invalid move '{text}': expected two hole names joined by '-' "
                "(such as 'e5-f4'), or 'pass'"
            )
        ends = []
        for part in text.split("-", 1):
            if part not in _NAME_TO_INDEX:
                raise InvalidMoveError(
                    f"invalid move '{text}': '{part}' is not a hole (rows a..q, numbered from 1)"
                )
            ends.append(_NAME_TO_INDEX[part])
        frm, to = ends
        if frm == to:
            raise InvalidMoveError(f"invalid move '{text}': the start and end hole are the same")
        if self._piece_to and self._board[frm] != self._turn:
            named = Move(0, text)  # its id cannot be written: only the reason is wanted
            why = "the game is over" if self._outcome is not None else self._why_illegal(named)
            raise IllegalMoveError(f"illegal move '{text}': {why}")
        return self._move(frm, to)

    def move_from_action(self, action: int) -> Move:
        """The move with this action id, without building the legal moves; syntax only.

        Args:
            action: ``from * 121 + to`` for a move between two holes, 14641 for ``pass``; with
                ``actions="piece_to"``, ``k * 121 + to`` for the move of the mover's piece of
                rank k (by hole index), ``pieces * 121`` for ``pass``.

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: the id is out of ``0..num_actions - 1`` or names no move (start =
                end).

        >>> s = ChineseCheckers()
        >>> s.move_from_action(14641), s.move_from_action(1720)
        (Move('pass'), Move('e5-f4'))
        >>> ChineseCheckers(actions="piece_to").move_from_action(1236)
        Move('e5-f4')
        >>> s.move_from_action(0)
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move '0': start and end hole are the same
        """
        action = _args.action_id(action)
        if not 0 <= action < self._num_actions:
            raise InvalidMoveError(
                f"invalid move '{action}': action ids run from 0 to {self._num_actions - 1}"
            )
        if action == self._pass_action:
            return self._pass_move
        first, to = divmod(action, NUM_HOLES)
        frm = self._mover_pieces()[first] if self._piece_to else first
        if frm == to:
            raise InvalidMoveError(f"invalid move '{action}': start and end hole are the same")
        return Move(action, f"{_NAMES[frm]}-{_NAMES[to]}")

    # -- JSON ---------------------------------------------------------------------------------

    def _json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The fields of ``docs/rules/chinese_checkers.md`` between ``moves`` and
        ``current_player``: ``board``, one character per hole, the owner or ``.``. Every viewer
        sees everything.

        >>> d = ChineseCheckers().to_json()
        >>> d["options"]
        {'players': 2, 'pieces': 15, 'area': 'dest', 'anti_block': 'none', 'max_plies': None}
        >>> d["board"][:20]
        '0000000000....00000.'
        """
        return {"board": "".join("." if o is None else str(o) for o in self._board)}
