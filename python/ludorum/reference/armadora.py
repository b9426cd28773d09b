"""Armadora (base game): the pure-Python reference twin of the Rust core.

Behaviour follows ``docs/rules/armadora.md``; every encoding both backends share (cells, mines,
slots, notation, action ids, setup draws, hidden-information views, observation, Zobrist tables,
JSON) follows ``docs/rules/armadora.md``. Written for clarity first: it is the oracle the Rust
core is tested against.

>>> state = Armadora(first_player=0)
>>> len(state.legal_moves())
2435
>>> state.play("3@c3")
>>> state.current_player, state.ply, state.board()[cell_index("c3")]
(1, 1, (0, 3))
>>> state.to_json(viewer=1)["warriors"][cell_index("c3")]
[0, None]
>>> str(state.undo())
'3@c3'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _args
from .._types import Move, Outcome
from ..errors import InvalidMoveError, InvalidOptionError
from ._base import ReferenceState, check_option_names, first_player_option, is_int, seed_option
from ._core import SplitMix64, zobrist_table

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "CHARACTERS",
    "GOLD_STACKS",
    "MINES",
    "NUM_ACTIONS",
    "NUM_CELLS",
    "NUM_SLOTS",
    "PALISADES",
    "SUPPLIES",
    "ZOBRIST_SEED",
    "Armadora",
    "cell_index",
    "cell_name",
    "slot_cells",
]

# -- board geometry ---------------------------------------------------------------------------

WIDTH, HEIGHT = 8, 5
NUM_CELLS = WIDTH * HEIGHT
NUM_SLOTS = 67
_FILES = "abcdefgh"
_RANKS = "12345"
_NAMES: tuple[str, ...] = tuple(
    f"{_FILES[i % WIDTH]}{_RANKS[i // WIDTH]}" for i in range(NUM_CELLS)
)
_NAME_TO_INDEX: dict[str, int] = {name: i for i, name in enumerate(_NAMES)}

CHARACTERS = ("orc", "goblin", "elf", "mage")
_LETTERS = "OGEM"

# The 8 gold mines in mine order.
MINES: tuple[int, ...] = tuple(
    _NAME_TO_INDEX[n] for n in ("d1", "b2", "f2", "h2", "a4", "e4", "c5", "g5")
)
_MINE_OF: dict[int, int] = {c: k for k, c in enumerate(MINES)}
GOLD_STACKS: tuple[int, ...] = (3, 4, 4, 5, 5, 6, 6, 7)


def cell_name(index: int) -> str:
    """The name of a cell from its index (0..39).

    >>> cell_name(0), cell_name(39)
    ('a1', 'h5')
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_CELLS:
        raise ValueError(f"no cell with index {index!r}; cells are 0..{NUM_CELLS - 1}")
    return _NAMES[index]


def cell_index(name: str) -> int:
    """The index (0..39) of a cell from its name.

    >>> cell_index("a1"), cell_index("c3"), cell_index("h5")
    (0, 18, 39)
    """
    try:
        return _NAME_TO_INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"no cell named {name!r}") from None


def _make_slots() -> tuple[tuple[int, int], ...]:
    slots: list[tuple[int, int]] = []
    for y in range(HEIGHT):
        for x in range(WIDTH - 1):
            slots.append((8 * y + x, 8 * y + x + 1))
    for y in range(HEIGHT - 1):
        for x in range(WIDTH):
            slots.append((8 * y + x, 8 * (y + 1) + x))
    return tuple(slots)


# SLOTS[slot] = (lower cell, higher cell).
_SLOTS: tuple[tuple[int, int], ...] = _make_slots()
assert len(_SLOTS) == NUM_SLOTS
assert _SLOTS[7 * 1 + 2] == (10, 11) and _SLOTS[35 + 8 * 1 + 2] == (10, 18)
_SLOT_OF: dict[tuple[int, int], int] = {cells: s for s, cells in enumerate(_SLOTS)}
_SLOT_NAMES: tuple[str, ...] = tuple(f"{_NAMES[a]}-{_NAMES[b]}" for a, b in _SLOTS)
_SLOT_NAME_TO_INDEX: dict[str, int] = {n: s for s, n in enumerate(_SLOT_NAMES)}

# ADJ[c] = ((neighbour, slot), ...)
_ADJ: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((b if a == c else a, s) for s, (a, b) in enumerate(_SLOTS) if c in (a, b))
    for c in range(NUM_CELLS)
)


def slot_cells(slot: int) -> tuple[int, int]:
    """The two cells (lower index first) a palisade slot separates.

    >>> [cell_name(c) for c in slot_cells(9)], [cell_name(c) for c in slot_cells(44)]
    (['c2', 'd2'], ['b2', 'b3'])
    """
    return _SLOTS[slot]


# -- setup ------------------------------------------------------------------------------------

# Warrior supplies per player, strengths 1..5.
SUPPLIES: dict[int, tuple[int, ...]] = {
    2: (11, 2, 1, 1, 1),
    3: (7, 2, 1, 1, 0),
    4: (5, 1, 1, 1, 0),
}
PALISADES = 35

# -- encodings --------------------------------------------------------------------------------

_SINGLE_BASE = 200
_PAIR_BASE = 267
_PASS = 2478
NUM_ACTIONS = 2479


def _pair_action(a: int, b: int) -> int:
    return _PAIR_BASE + a * NUM_SLOTS - a * (a + 1) // 2 + (b - a - 1)


def _make_moves() -> tuple[list[Move], dict[int, tuple[str, Any]]]:
    moves: list[Move] = []
    decoded: dict[int, tuple[str, Any]] = {}
    for s in range(1, 6):
        for c in range(NUM_CELLS):
            action = (s - 1) * NUM_CELLS + c
            moves.append(Move(action, f"{s}@{_NAMES[c]}"))
            decoded[action] = ("warrior", (s, c))
    for a in range(NUM_SLOTS):
        moves.append(Move(_SINGLE_BASE + a, _SLOT_NAMES[a]))
        decoded[_SINGLE_BASE + a] = ("palisades", (a,))
    for a in range(NUM_SLOTS):
        for b in range(a + 1, NUM_SLOTS):
            action = _pair_action(a, b)
            assert action == len(moves)
            moves.append(Move(action, f"{_SLOT_NAMES[a]} {_SLOT_NAMES[b]}"))
            decoded[action] = ("palisades", (a, b))
    moves.append(Move(_PASS, "pass"))
    decoded[_PASS] = ("pass", None)
    assert len(moves) == NUM_ACTIONS
    return moves, decoded


_MOVES, _DECODED = _make_moves()

# Zobrist tables from SplitMix64 seeded with "ARMADORA": 800 warrior keys (cell outer, owner,
# strength 1..5 inner); 67 palisade keys; 40 gold keys (mine outer, value 3..7 inner); 4 passed
# keys; 4 turn keys.
ZOBRIST_SEED = 0x4152_4D41_444F_5241
_TABLE = zobrist_table(ZOBRIST_SEED, 800 + 67 + 40 + 4 + 4)
_WARRIOR_KEYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_TABLE[(c * 4 + o) * 5 + (s - 1)] for s in range(1, 6)) for o in range(4))
    for c in range(NUM_CELLS)
)
_PALISADE_KEYS: tuple[int, ...] = tuple(_TABLE[800 : 800 + 67])
_GOLD_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_TABLE[867 + m * 5 + (v - 3)] for v in range(3, 8)) for m in range(8)
)
_PASSED_KEYS: tuple[int, ...] = tuple(_TABLE[907:911])
_TURN_KEYS: tuple[int, ...] = tuple(_TABLE[911:915])
del _TABLE


def _warrior_key(cell: int, owner: int, strength: int) -> int:
    return _WARRIOR_KEYS[cell][owner][strength - 1]


# -- territories ------------------------------------------------------------------------------


def _territories(blocked: list[bool]) -> list[list[int]]:
    """The territories (cells ascending), ordered by their smallest cell."""
    seen = [False] * NUM_CELLS
    result: list[list[int]] = []
    for start in range(NUM_CELLS):
        if seen[start]:
            continue
        seen[start] = True
        stack = [start]
        cells = []
        while stack:
            c = stack.pop()
            cells.append(c)
            for n, s in _ADJ[c]:
                if not blocked[s] and not seen[n]:
                    seen[n] = True
                    stack.append(n)
        result.append(sorted(cells))
    return result


_BIG = NUM_CELLS + 1


def _bridge_sides(blocked: list[bool]) -> list[int]:
    """For every free slot, the size of the smaller territory left if a palisade were put there
    and it split a territory (a bridge); ``_BIG`` when it splits nothing (or is occupied)."""
    sides = [_BIG] * NUM_SLOTS
    disc = [-1] * NUM_CELLS
    low = [0] * NUM_CELLS
    sub = [0] * NUM_CELLS
    timer = 0
    for root in range(NUM_CELLS):
        if disc[root] != -1:
            continue
        bridges: list[tuple[int, int]] = []
        # Iterative DFS: frames of (cell, slot it was entered by, iterator position).
        disc[root] = low[root] = timer
        timer += 1
        sub[root] = 1
        frames: list[list[int]] = [[root, -1, 0]]
        while frames:
            frame = frames[-1]
            u, pslot, i = frame
            adj = _ADJ[u]
            if i < len(adj):
                frame[2] = i + 1
                v, s = adj[i]
                if blocked[s] or s == pslot:
                    continue
                if disc[v] == -1:
                    disc[v] = low[v] = timer
                    timer += 1
                    sub[v] = 1
                    frames.append([v, s, 0])
                elif disc[v] < low[u]:
                    low[u] = disc[v]
            else:
                frames.pop()
                if frames:
                    p = frames[-1][0]
                    sub[p] += sub[u]
                    if low[u] < low[p]:
                        low[p] = low[u]
                    if low[u] > disc[p]:
                        bridges.append((pslot, u))
        size = sub[root]
        for s, child in bridges:
            sides[s] = min(sub[child], size - sub[child])
    return sides


# -- options ----------------------------------------------------------------------------------

_OPTION_NAMES = ("players", "seed", "first_player", "gold")


def _validate_options(options: dict[str, Any]) -> dict[str, Any]:
    check_option_names("armadora", options, _OPTION_NAMES)
    players = options.get("players", 2)
    if not is_int(players) or players not in SUPPLIES:
        raise InvalidOptionError(f"players must be one of 2, 3, 4, got {players!r}")
    seed = seed_option(options)
    first_player = first_player_option(options, players)
    gold = options.get("gold")
    if gold is not None:
        if (
            not isinstance(gold, (list, tuple))
            or len(gold) != 8
            or not all(is_int(v) for v in gold)
            or sorted(gold) != list(GOLD_STACKS)
        ):
            raise InvalidOptionError(
                "gold must be None or a list of 8 values, a permutation of 3 4 4 5 5 6 6 7, "
                f"got {gold!r}"
            )
        gold = list(gold)
    return {"players": players, "seed": seed, "first_player": first_player, "gold": gold}


# -- the state --------------------------------------------------------------------------------


class Armadora(ReferenceState):
    """A game of Armadora (base game) for 2, 3 or 4 players.

    Options: ``players`` (2, 3, 4), ``seed`` (int in 0..2**64 - 1: draws the first player, then
    the gold layout), ``first_player`` (None or a player index), ``gold`` (None or the 8 mine
    values in mine order, a permutation of 3 4 4 5 5 6 6 7).

    Raises:
        InvalidOptionError: an unknown option or a value out of range.

    >>> try:
    ...     Armadora(foo=1)
    ... except InvalidOptionError as e:
    ...     print(e)
    unknown option 'foo' for armadora; allowed: players, seed, first_player, gold
    >>> Armadora(players=3, first_player=2).supplies()
    ((7, 2, 1, 1, 0), (7, 2, 1, 1, 0), (7, 2, 1, 1, 0))
    """

    _game = "armadora"
    _num_actions = NUM_ACTIONS

    def __init__(self, **options: Any) -> None:
        self._options = _validate_options(options)
        players: int = self._options["players"]
        self._num_players = players
        rng = SplitMix64(self._options["seed"])
        first = self._options["first_player"]
        if first is None:
            first = rng.below(players)
        gold = self._options["gold"]
        if gold is None:
            gold = list(GOLD_STACKS)
            for i in range(7, 0, -1):
                j = rng.below(i + 1)
                gold[i], gold[j] = gold[j], gold[i]
        self._gold: tuple[int, ...] = tuple(gold)
        self._first: int = first
        # Warriors by cell: None or [owner, strength].
        self._cells: list[tuple[int, int] | None] = [None] * NUM_CELLS
        self._blocked: list[bool] = [False] * NUM_SLOTS
        self._supplies: list[list[int]] = [list(SUPPLIES[players]) for _ in range(players)]
        self._palisades_left: int = PALISADES
        self._passed: list[bool] = [False] * players
        # The player to move; None once the game is over.
        self._turn: int | None = first
        self._outcome: Outcome | None = None
        self._scores: tuple[int, ...] | None = None
        self._history: list[Move] = []
        # One record per move: (mover, turn before).
        self._undo_records: list[int] = []
        self._key: int = self.key_from_scratch()

    # -- simple views -------------------------------------------------------------------------

    def key_from_scratch(self) -> int:
        """The Zobrist key recomputed from the position; always equals ``key``.

        Returns:
            The key, an int in ``0..2**64 - 1`` (see ``docs/rules/armadora.md``).

        >>> s = Armadora()
        >>> s.key_from_scratch() == s.key
        True
        """
        key = 0
        for c, w in enumerate(self._cells):
            if w is not None:
                key ^= _warrior_key(c, w[0], w[1])
        for s in range(NUM_SLOTS):
            if self._blocked[s]:
                key ^= _PALISADE_KEYS[s]
        for m, v in enumerate(self._gold):
            key ^= _GOLD_KEYS[m][v - 3]
        for p in range(self.num_players):
            if self._passed[p]:
                key ^= _PASSED_KEYS[p]
        if self._turn is not None:
            key ^= _TURN_KEYS[self._turn]
        return key

    def board(self) -> tuple[tuple[int, int] | None, ...]:
        """The warrior on every cell, by cell index, as the referee sees it: ``None`` or
        ``(owner, strength)``.

        Returns:
            A tuple of 40 entries (:func:`cell_index` names the cells).

        >>> s = Armadora(first_player=0)
        >>> s.play("3@c3")
        >>> s.board()[cell_index("c3")], s.board()[0]
        ((0, 3), None)
        """
        return tuple(self._cells)

    def gold(self) -> tuple[int, ...]:
        """The gold of each mine, in mine order (drawn from the ``seed`` or the ``gold``
        option).

        >>> sorted(Armadora().gold())
        [3, 4, 4, 5, 5, 6, 6, 7]
        """
        return self._gold

    def palisades(self) -> tuple[int, ...]:
        """The slot ids that hold a palisade, ascending (:func:`slot_cells` gives their cells).

        >>> s = Armadora(first_player=0)
        >>> s.play("c2-d2 e4-e5")
        >>> s.palisades()
        (9, 63)
        """
        return tuple(s for s in range(NUM_SLOTS) if self._blocked[s])

    def supplies(self) -> tuple[tuple[int, ...], ...]:
        """Each player's warriors still in supply, by strength 1 to 5.

        >>> Armadora(players=3).supplies()[0]
        (7, 2, 1, 1, 0)
        """
        return tuple(tuple(s) for s in self._supplies)

    def palisades_left(self) -> int:
        """The palisades left in the shared supply.

        >>> Armadora().palisades_left()
        35
        """
        return self._palisades_left

    def passed(self) -> tuple[bool, ...]:
        """Whether each player has passed (a player who passed plays no more).

        >>> s = Armadora(first_player=1)
        >>> s.play("pass")
        >>> s.passed()
        (False, True)
        """
        return tuple(self._passed)

    def scores(self) -> tuple[int, ...] | None:
        """The gold each player scored, once the game is over; ``None`` while it runs.

        >>> s = Armadora(first_player=0)
        >>> s.scores() is None
        True
        >>> s.play("3@c3"); s.play("pass"); s.play("pass")
        >>> s.scores(), s.outcome()
        ((40, 0), Outcome(winners=(0,), reason='gold'))
        """
        return self._scores

    def territories(self) -> list[dict[str, Any]]:
        """The territories (cells bounded by palisades), ordered by their smallest cell.

        Returns:
            One dict per territory: ``cells`` (a tuple of cell indices), ``gold`` (the gold of
            its mines) and ``strengths`` (each player's total strength there, as the referee
            sees it).

        >>> t = Armadora().territories()
        >>> len(t), len(t[0]["cells"]), t[0]["gold"], t[0]["strengths"]
        (1, 40, 40, (0, 0))
        """
        result = []
        for cells in _territories(self._blocked):
            gold = sum(self._gold[_MINE_OF[c]] for c in cells if c in _MINE_OF)
            strengths = [0] * self.num_players
            for c in cells:
                w = self._cells[c]
                if w is not None:
                    strengths[w[0]] += w[1]
            result.append({"cells": tuple(cells), "gold": gold, "strengths": tuple(strengths)})
        return result

    # -- scoring ------------------------------------------------------------------------------

    def _score(self) -> tuple[tuple[int, ...], Outcome]:
        n = self.num_players
        totals = [0] * n
        piles: list[list[int]] = [[] for _ in range(n)]
        for t in self.territories():
            strengths = t["strengths"]
            best = max(strengths)
            if best == 0:
                continue
            top = [p for p in range(n) if strengths[p] == best]
            award = t["gold"] // len(top)
            if award == 0:
                continue
            for p in top:
                totals[p] += award
                piles[p].append(award)
        return tuple(totals), _decide(totals, piles)

    # -- key-maintaining setters --------------------------------------------------------------

    def _set_turn(self, player: int | None) -> None:
        if self._turn is not None:
            self._key ^= _TURN_KEYS[self._turn]
        if player is not None:
            self._key ^= _TURN_KEYS[player]
        self._turn = player

    def _set_cell(self, cell: int, warrior: tuple[int, int] | None) -> None:
        old = self._cells[cell]
        if old is not None:
            self._key ^= _warrior_key(cell, old[0], old[1])
        if warrior is not None:
            self._key ^= _warrior_key(cell, warrior[0], warrior[1])
        self._cells[cell] = warrior

    def _set_slot(self, slot: int, blocked: bool) -> None:
        if self._blocked[slot] != blocked:
            self._key ^= _PALISADE_KEYS[slot]
            self._blocked[slot] = blocked

    def _set_passed(self, player: int, passed: bool) -> None:
        if self._passed[player] != passed:
            self._key ^= _PASSED_KEYS[player]
            self._passed[player] = passed

    # -- move generation ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves the current player may make, in ascending action id.

        Returns:
            A new list of :class:`~ludorum.Move`; empty once the game is over.

        >>> s = Armadora(first_player=0)
        >>> [str(m) for m in s.legal_moves()][:2], str(s.legal_moves()[-1])
        (['1@a1', '1@b1'], 'pass')
        """
        player = self._turn
        if player is None:
            return []
        moves: list[Move] = []
        supply = self._supplies[player]
        for s in range(1, 6):
            if supply[s - 1] == 0:
                continue
            base = (s - 1) * NUM_CELLS
            for c in range(NUM_CELLS):
                if self._cells[c] is None and c not in _MINE_OF:
                    moves.append(_MOVES[base + c])
        left = self._palisades_left
        if left >= 1:
            blocked = self._blocked
            sides = _bridge_sides(blocked)
            singles = [a for a in range(NUM_SLOTS) if not blocked[a] and sides[a] >= 4]
            moves.extend(_MOVES[_SINGLE_BASE + a] for a in singles)
            if left >= 2:
                for a in singles:
                    blocked[a] = True
                    try:
                        sides_a = _bridge_sides(blocked)
                    finally:
                        blocked[a] = False
                    for b in singles:
                        if b > a and sides_a[b] >= 4:
                            moves.append(_MOVES[_pair_action(a, b)])
        moves.append(_MOVES[_PASS])
        return moves

    def _illegal_reason(self, move: Move) -> str | None:
        """Why a well-formed move is not legal now, or None if it is (the game running)."""
        player = self._turn
        assert player is not None
        # The reasons, in this order, are worded as in the Rust core: the messages of both
        # backends are the same.
        kind, data = _DECODED[move.action]
        if kind == "pass":
            return None
        if kind == "warrior":
            s, c = data
            if c in _MINE_OF:
                return "a warrior cannot go on a gold mine"
            if self._cells[c] is not None:
                return "the cell already holds a warrior"
            if self._supplies[player][s - 1] == 0:
                return f"no warrior of strength {s} left"
            return None
        slots = data
        if any(self._blocked[a] for a in slots):
            return "the slot already holds a palisade"
        if self._palisades_left < len(slots):
            return (
                "no palisades left"
                if len(slots) == 1
                else "two palisades need two left in the supply"
            )
        blocked = list(self._blocked)
        for a in slots:
            blocked[a] = True
        if min(len(t) for t in _territories(blocked)) < 4:
            return "a territory would have fewer than 4 cells"
        return None

    def _is_legal(self, move: Move) -> bool:
        return self._illegal_reason(move) is None

    def _why_illegal(self, move: Move) -> str:
        if self._turn is None:
            return "the game is over"
        return self._illegal_reason(move) or "not a legal move in this position"

    # -- playing and undoing ------------------------------------------------------------------

    def _apply(self, move: Move) -> None:
        """Play a move known to be legal, keeping the key up to date."""
        mover = self._turn
        assert mover is not None
        kind, data = _DECODED[move.action]
        if kind == "warrior":
            s, c = data
            self._supplies[mover][s - 1] -= 1
            self._set_cell(c, (mover, s))
        elif kind == "palisades":
            for a in data:
                self._set_slot(a, True)
            self._palisades_left -= len(data)
        else:
            self._set_passed(mover, True)
        self._undo_records.append(mover)
        self._history.append(move)
        n = self.num_players
        nxt = None
        for i in range(1, n + 1):
            p = (mover + i) % n
            if not self._passed[p]:
                nxt = p
                break
        self._set_turn(nxt)
        if nxt is None:
            self._scores, self._outcome = self._score()

    def undo(self) -> Move:
        """Take back the last move and return it; a finished game is running again.

        Returns:
            The :class:`~ludorum.Move` taken back.

        Raises:
            IndexError: no move has been played.

        >>> s = Armadora(first_player=0)
        >>> s.play("c2-d2 e4-e5")
        >>> s.undo(), s.palisades_left()
        (Move('c2-d2 e4-e5'), 35)
        """
        if not self._history:
            raise IndexError("no move to undo")
        move = self._history.pop()
        mover = self._undo_records.pop()
        kind, data = _DECODED[move.action]
        if kind == "warrior":
            s, c = data
            self._supplies[mover][s - 1] += 1
            self._set_cell(c, None)
        elif kind == "palisades":
            for a in data:
                self._set_slot(a, False)
            self._palisades_left += len(data)
        else:
            self._set_passed(mover, False)
        self._set_turn(mover)
        self._outcome = None
        self._scores = None
        return move

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move named by ``text``; checks syntax, not legality.

        Args:
            text: a warrior ``<strength>@<cell>`` (``3@c3``), one palisade slot (``c2-d2``) or
                two in ascending slot id (``c2-d2 e4-e5``), or ``pass``.

        Returns:
            The :class:`~ludorum.Move`, with its action id.

        Raises:
            InvalidMoveError: the text does not name a move.

        >>> Armadora().parse_move("c2-d2 e4-e5")
        Move('c2-d2 e4-e5')
        >>> Armadora().parse_move("d2-c2")
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move 'd2-c2': a slot is written by its two cells, lower index first
        """  # noqa: E501
        text = _args.notation(text)

        def bad(reason: str) -> InvalidMoveError:
            return InvalidMoveError(f"invalid move '{text}': {reason}")

        def cell(name: str) -> int:
            if name not in _NAME_TO_INDEX:
                raise bad(f"'{name}' is not a cell (a..h, 1..5)")
            return _NAME_TO_INDEX[name]

        shape = "expected '3@c3', 'c2-d2', 'c2-d2 e4-e5' or 'pass'"

        def slot(part: str) -> int:
            first, dash, second = part.partition("-")
            if not dash:
                raise bad(shape)
            a, b = cell(first), cell(second)
            if a >= b:
                raise bad("a slot is written by its two cells, lower index first")
            if (a, b) not in _SLOT_OF:
                raise bad("the two cells are not orthogonal neighbours")
            return _SLOT_OF[(a, b)]

        if text == "pass":
            return _MOVES[_PASS]
        strength, at, name = text.partition("@")
        if at:
            if strength not in ("1", "2", "3", "4", "5"):
                raise bad(f"a warrior's strength is 1 to 5, got '{strength}'")
            return _MOVES[(int(strength) - 1) * NUM_CELLS + cell(name)]
        parts = text.split(" ")
        if len(parts) == 1:
            return _MOVES[_SINGLE_BASE + slot(parts[0])]
        if len(parts) != 2:
            raise bad(shape)
        a, b = slot(parts[0]), slot(parts[1])
        if a >= b:
            raise bad("two palisades are two different slots in ascending slot id")
        return _MOVES[_pair_action(a, b)]

    def move_from_action(self, action: int) -> Move:
        """The move with this action id, without building the legal moves; syntax only.

        Args:
            action: ``(strength - 1) * 40 + cell`` for a warrior, 200 + slot for one palisade,
                267 and up for two, 2478 for ``pass`` (``docs/rules/armadora.md``).

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: the id is not in ``0..2478``.

        >>> s = Armadora()
        >>> s.move_from_action(0), s.move_from_action(209), s.move_from_action(2478)
        (Move('1@a1'), Move('c2-d2'), Move('pass'))
        """
        action = _args.action_id(action)
        if not 0 <= action < NUM_ACTIONS:
            raise InvalidMoveError(
                f"invalid move '{action}': action ids run from 0 to {NUM_ACTIONS - 1}"
            )
        return _MOVES[action]

    # -- hidden information -------------------------------------------------------------------

    def _hidden_from(self, viewer: int | None, owner: int) -> bool:
        """Whether ``owner``'s strengths are hidden from ``viewer``."""
        return viewer is not None and owner != viewer and self._turn is not None

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` may see, as a float32 array of shape ``(3 * players + 11, 40)``.

        The planes are listed in ``docs/rules/armadora.md``; the strengths of the other
        players' warriors stay hidden while the game runs.

        Args:
            player: the player who looks, in ``0..num_players - 1``.

        Returns:
            A new array.

        Raises:
            ValueError: ``player`` is not a player of this game.

        >>> Armadora().observation(1).shape
        (17, 40)
        """
        player = self._check_player(player)
        n = self.num_players
        obs = np.zeros((3 * n + 11, NUM_CELLS), dtype=np.float32)
        for c, w in enumerate(self._cells):
            if w is None:
                continue
            owner, strength = w
            obs[(owner - player) % n, c] = 1.0
            if not self._hidden_from(player, owner):
                obs[n, c] = strength
        for m, c in enumerate(MINES):
            obs[n + 1, c] = self._gold[m]
        for s, (a, b) in enumerate(_SLOTS):
            if self._blocked[s]:
                obs[n + 2 if b == a + 1 else n + 3, a] = 1.0
        for s in range(5):
            obs[n + 4 + s, :] = self._supplies[player][s]
        for p in range(n):
            k = (p - player) % n
            obs[n + 9 + k, :] = sum(self._supplies[p])
            if self._passed[p]:
                obs[2 * n + 9 + k, :] = 1.0
        obs[3 * n + 9, :] = self._palisades_left
        if self._turn == player:
            obs[3 * n + 10, :] = 1.0
        return obs

    def resample(self, viewer: int, seed: int) -> Armadora:
        """A referee's state consistent with everything ``viewer`` knows (for searches).

        The strengths of the other players' warriors, hidden from ``viewer``, are drawn again
        with SplitMix64(``seed``) as ``docs/rules/armadora.md`` describes; ``viewer``'s own
        warriors and everything public stay as they are. Once the game is over, nothing is
        hidden and the result is a copy.

        Args:
            viewer: the player whose knowledge is kept.
            seed: an int in ``0..2**64 - 1``.

        Returns:
            A new state, with the same history length.

        Raises:
            InvalidArgumentError: ``viewer`` is not a player of this game, or ``seed`` is not
                an int in ``0..2**64 - 1``.

        >>> s = Armadora(first_player=0)
        >>> s.play("1@a1"); s.play("5@b1")
        >>> r = s.resample(0, 7)
        >>> r.to_json(viewer=0) == s.to_json(viewer=0), r.board()[0]
        (True, (0, 1))
        """
        viewer = self._check_player(viewer, "viewer")
        seed = _args.seed(seed)
        if self._turn is None:
            return self.copy()
        n = self.num_players
        rng = SplitMix64(seed)
        drawn: dict[int, list[int]] = {}
        for q in range(n):
            if q == viewer:
                continue
            strengths = [s for s in range(1, 6) for _ in range(SUPPLIES[n][s - 1])]
            for i in range(len(strengths) - 1, 0, -1):
                j = rng.below(i + 1)
                strengths[i], strengths[j] = strengths[j], strengths[i]
            drawn[q] = strengths
        state = Armadora(**self.options)
        used = dict.fromkeys(drawn, 0)
        for move, mover in zip(self._history, self._undo_records):
            kind, data = _DECODED[move.action]
            if kind == "warrior" and mover != viewer:
                s = drawn[mover][used[mover]]
                used[mover] += 1
                move = _MOVES[(s - 1) * NUM_CELLS + data[1]]
            state.play(move)
        return state

    # -- JSON ---------------------------------------------------------------------------------

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The whole state as plain JSON-able values, history included: the referee's, or what
        ``viewer`` may see.

        The fields are those of ``docs/rules/armadora.md``. While the game runs, a viewer's
        JSON leaves out the other players' strengths (``None`` in ``warriors``, ``?`` in
        ``moves``, a total in ``supplies``) and adds a ``viewer`` field.

        Args:
            viewer: ``None`` for the referee's state, or the player who looks.

        Returns:
            A new dict; ``from_json`` rebuilds an equal state from the referee's.

        Raises:
            ValueError: ``viewer`` is not ``None`` nor a player of this game.

        >>> d = Armadora().to_json()
        >>> d["gold"], d["palisades_left"], d["current_player"], d["supplies"][0]
        ([4, 7, 5, 4, 6, 6, 3, 5], 35, 1, [11, 2, 1, 1, 1])
        """
        if viewer is not None:
            viewer = self._check_player(viewer, "viewer")
        n = self.num_players
        outcome = None
        if self._outcome is not None:
            outcome = {"winners": sorted(self._outcome.winners), "reason": self._outcome.reason}
        moves = []
        for move, mover in zip(self._history, self._undo_records):
            text = move.notation
            if _DECODED[move.action][0] == "warrior" and self._hidden_from(viewer, mover):
                text = "?" + text[1:]
            moves.append(text)
        warriors: list[Any] = []
        for w in self._cells:
            if w is None:
                warriors.append(None)
            elif self._hidden_from(viewer, w[0]):
                warriors.append([w[0], None])
            else:
                warriors.append([w[0], w[1]])
        supplies: list[Any] = [
            sum(self._supplies[p]) if self._hidden_from(viewer, p) else list(self._supplies[p])
            for p in range(n)
        ]
        data: dict[str, Any] = {
            "game": self.game,
            "version": self.JSON_VERSION,
            "options": self.options,
            "moves": moves,
            "warriors": warriors,
            "gold": list(self._gold),
            "palisades": list(self.palisades()),
            "supplies": supplies,
            "palisades_left": self._palisades_left,
            "passed": list(self._passed),
            "current_player": self._turn,
            "outcome": outcome,
        }
        if viewer is not None:
            data["viewer"] = viewer
        return data

    @classmethod
    def from_json(cls, data: Any) -> Armadora:
        """Rebuild a state from the referee's ``to_json()``; see ``ReferenceState.from_json``.

        Args:
            data: a dict as ``to_json()`` returns it.

        Returns:
            A new state, equal to the one that wrote ``data``.

        Raises:
            InvalidStateError: ``data`` is a viewer's JSON, or is malformed or inconsistent.

        >>> s = Armadora(); s.play("3@c3")
        >>> Armadora.from_json(s.to_json()) == s
        True
        >>> Armadora.from_json(s.to_json(viewer=0))
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidStateError: invalid armadora state: a viewer's JSON cannot be replayed
        """
        return super().from_json(data)  # the envelope check refuses a viewer's JSON


def _decide(totals: list[int], piles: list[list[int]]) -> Outcome:
    """The outcome from each player's gold and piles: most gold wins, then the piles sorted from
    largest down; still equal players share the win; everyone sharing it is a draw.

    >>> _decide([12, 12], [[7, 5], [5, 5, 2]])
    Outcome(winners=(0,), reason='tie-break')
    >>> _decide([10, 12], [[10], [6, 6]])
    Outcome(winners=(1,), reason='gold')
    >>> _decide([6, 6], [[6], [6]])
    Outcome(winners=(), reason='tie-break')
    """
    n = len(totals)
    best = max(totals)
    top = [p for p in range(n) if totals[p] == best]
    if len(top) == 1:
        return Outcome((top[0],), "gold")
    keyed = {p: sorted(piles[p], reverse=True) for p in top}
    best_piles = max(keyed.values())
    winners = tuple(p for p in top if keyed[p] == best_piles)
    if len(winners) == n:
        return Outcome((), "tie-break")
    return Outcome(winners, "tie-break")
