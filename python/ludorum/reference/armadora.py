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
from ..errors import InvalidMoveError
from ._base import ReferenceState
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

# Advanced action ids follow the base game's (docs/rules/armadora.md, "Action ids (advanced)"):
# mage 2479 + c; goblin 2519 + (s - 1) * 40 + c; orc 2719 + slot; elf 2786 + c;
# reinforce 2826 + c; NUM_ACTIONS_ADVANCED = 2866.
_MAGE_BASE = NUM_ACTIONS
_GOBLIN_BASE = _MAGE_BASE + NUM_CELLS
_ORC_BASE = _GOBLIN_BASE + 5 * NUM_CELLS
_ELF_BASE = _ORC_BASE + NUM_SLOTS
_REINFORCE_BASE = _ELF_BASE + NUM_CELLS
NUM_ACTIONS_ADVANCED = _REINFORCE_BASE + NUM_CELLS
assert (_GOBLIN_BASE, _ORC_BASE, _ELF_BASE, _REINFORCE_BASE) == (2519, 2719, 2786, 2826)
assert NUM_ACTIONS_ADVANCED == 2866


def _make_advanced_moves() -> None:
    for c in range(NUM_CELLS):
        _MOVES.append(Move(_MAGE_BASE + c, f"mage {_NAMES[c]}"))
        _DECODED[_MAGE_BASE + c] = ("mage", c)
    for s in range(1, 6):
        for c in range(NUM_CELLS):
            action = _GOBLIN_BASE + (s - 1) * NUM_CELLS + c
            _MOVES.append(Move(action, f"goblin {s}@{_NAMES[c]}"))
            _DECODED[action] = ("goblin", (s, c))
    for a in range(NUM_SLOTS):
        _MOVES.append(Move(_ORC_BASE + a, f"orc {_SLOT_NAMES[a]}"))
        _DECODED[_ORC_BASE + a] = ("orc", a)
    for c in range(NUM_CELLS):
        _MOVES.append(Move(_ELF_BASE + c, f"elf {_NAMES[c]}"))
        _DECODED[_ELF_BASE + c] = ("elf", c)
    for c in range(NUM_CELLS):
        _MOVES.append(Move(_REINFORCE_BASE + c, f"reinforce {_NAMES[c]}"))
        _DECODED[_REINFORCE_BASE + c] = ("reinforce", c)
    assert len(_MOVES) == NUM_ACTIONS_ADVANCED


_make_advanced_moves()
#: the power moves (the turn's action, or with power_before_action a ply that keeps the turn)
_POWER_KINDS = frozenset({"mage", "goblin", "orc", "elf"})
_ADVANCED_WORDS = frozenset({"mage", "goblin", "orc", "elf", "reinforce"})

# -- parsing helpers: the errors are worded as in the Rust core, the same in both backends ----

_SHAPE = "expected '3@c3', 'c2-d2', 'c2-d2 e4-e5' or 'pass'"


def _bad(text: str, reason: str) -> InvalidMoveError:
    return InvalidMoveError(f"invalid move '{text}': {reason}")


def _cell(text: str, name: str) -> int:
    if name not in _NAME_TO_INDEX:
        raise _bad(text, f"'{name}' is not a cell (a..h, 1..5)")
    return _NAME_TO_INDEX[name]


def _warrior(text: str, strength: str, name: str) -> tuple[int, int]:
    """A warrior ``3@c3`` of ``text``: its strength and cell."""
    if strength not in ("1", "2", "3", "4", "5"):
        raise _bad(text, f"a warrior's strength is 1 to 5, got '{strength}'")
    return int(strength), _cell(text, name)


def _slot(text: str, part: str) -> int:
    """A palisade slot ``c2-d2`` of ``text``."""
    first, dash, second = part.partition("-")
    if not dash:
        raise _bad(text, _SHAPE)
    a, b = _cell(text, first), _cell(text, second)
    if a >= b:
        raise _bad(text, "a slot is written by its two cells, lower index first")
    if (a, b) not in _SLOT_OF:
        raise _bad(text, "the two cells are not orthogonal neighbours")
    return _SLOT_OF[(a, b)]


#: race of each power move, by race index (0 orc, 1 goblin, 2 elf, 3 mage)
_RACE_OF_KIND = {"orc": 0, "goblin": 1, "elf": 2, "mage": 3}
#: power tokens at the start, by race index
_POWER_TOKENS = (1, 1, 2, 2)

# Zobrist tables from SplitMix64 seeded with "ARMADORA": 800 warrior keys (cell outer, owner,
# strength 1..5 inner); 67 palisade keys; 40 gold keys (mine outer, value 3..7 inner); 4 passed
# keys; 4 turn keys.
ZOBRIST_SEED = 0x4152_4D41_444F_5241
# The advanced rules append 329 keys: power tokens used (915 + 2p + u - 1), reinforcement
# (923 + c), arrows (963 + 2c + n - 1), face up (1043 + c), looks (1083 + 40p + c), power used
# (1243).
_TABLE = zobrist_table(ZOBRIST_SEED, 1244)
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
_USED_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_TABLE[915 + 2 * p + (u - 1)] for u in (1, 2)) for p in range(4)
)
_REINFORCE_KEYS: tuple[int, ...] = tuple(_TABLE[923:963])
_ARROW_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_TABLE[963 + 2 * c + (n - 1)] for n in (1, 2)) for c in range(NUM_CELLS)
)
_FACE_UP_KEYS: tuple[int, ...] = tuple(_TABLE[1043:1083])
_LOOK_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_TABLE[1083 + 40 * p + c] for c in range(NUM_CELLS)) for p in range(4)
)
_POWER_USED_KEY: int = _TABLE[1243]
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

# -- the state --------------------------------------------------------------------------------


class Armadora(ReferenceState):
    """A game of Armadora for 2, 3 or 4 players: the base game, or the advanced rules (race
    powers and reinforcements), alone or as partners.

    Options: ``players`` (2, 3, 4), ``seed`` (int in 0..2**64 - 1: draws the first player, then
    the gold layout), ``first_player`` (None or a player index), ``gold`` (None or the 8 mine
    values in mine order, a permutation of 3 4 4 5 5 6 6 7), ``rules`` (``'base'`` or
    ``'advanced'``), ``races`` (None or one distinct race per seat, advanced rules only),
    ``reinforcement`` (``'any'``, ``'open'``, ``'full'``: where a reinforcement may go),
    ``power_before_action`` (False: using a power is the turn's action; True: a power is a ply
    of its own before the turn's action) and ``partners`` (True for the four-player team game).

    Raises:
        InvalidOptionError: an unknown option or a value out of range.

    >>> Armadora(foo=1)
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidOptionError: unknown option 'foo' for armadora; allowed: players, seed, first_player, gold, rules, races, reinforcement, power_before_action, partners
    >>> Armadora(players=3, first_player=2).supplies()
    ((7, 2, 1, 1, 0), (7, 2, 1, 1, 0), (7, 2, 1, 1, 0))
    >>> Armadora(rules="advanced", races=["mage", "elf"]).powers()
    (2, 2)
    """  # noqa: E501

    _game = "armadora"
    _num_actions = NUM_ACTIONS

    def __init__(self, **options: Any) -> None:
        self._options = options  # after the engine's check (`_args.options`), defaults included
        players: int = self._options["players"]
        self._num_players = players
        self._advanced: bool = self._options.get("rules") == "advanced"
        if self._advanced:
            self._num_actions = NUM_ACTIONS_ADVANCED
        names = self._options.get("races", CHARACTERS[:players])
        # Race index of each seat: 0 orc, 1 goblin, 2 elf, 3 mage.
        self._races: tuple[int, ...] = tuple(CHARACTERS.index(r) for r in names)
        self._reinforcement: str = self._options.get("reinforcement", "any")
        # The reading of the powers: True, a power ply then the turn's action by the same
        # player; False, using a power is the turn's action.
        self._power_before_action: bool = self._options.get("power_before_action", False)
        self._partners: bool = self._options.get("partners", False)
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
        # The advanced state (left at "nothing" with base rules): power tokens left, the cell
        # of each player's reinforcement (None while held), arrows and face-up marks by cell,
        # the cells each player looked at, and whether the player to move used a power.
        self._powers: list[int] = [_POWER_TOKENS[r] if self._advanced else 0 for r in self._races]
        self._reinforced: list[int | None] = [None] * players
        self._arrows: list[int] = [0] * NUM_CELLS
        self._face_up: list[bool] = [False] * NUM_CELLS
        self._looks: list[list[bool]] = [[False] * NUM_CELLS for _ in range(players)]
        self._power_used: bool = False
        # The player to move; None once the game is over.
        self._turn: int | None = first
        self._outcome: Outcome | None = None
        self._scores: tuple[int, ...] | None = None
        self._history: list[Move] = []
        # One record per move: (mover, power_used before it).
        self._undo_records: list[tuple[int, bool]] = []
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
        for p in range(self.num_players):
            used = _POWER_TOKENS[self._races[p]] - self._powers[p] if self._advanced else 0
            if used:
                key ^= _USED_KEYS[p][used - 1]
            reinforced = self._reinforced[p]
            if reinforced is not None:
                key ^= _REINFORCE_KEYS[reinforced]
            for c in range(NUM_CELLS):
                if self._looks[p][c]:
                    key ^= _LOOK_KEYS[p][c]
        for c in range(NUM_CELLS):
            if self._arrows[c]:
                key ^= _ARROW_KEYS[c][self._arrows[c] - 1]
            if self._face_up[c]:
                key ^= _FACE_UP_KEYS[c]
        if self._power_used:
            key ^= _POWER_USED_KEY
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

    def races(self) -> tuple[str, ...]:
        """The race of each seat (``'orc'``, ``'goblin'``, ``'elf'``, ``'mage'``); with base
        rules the seat characters, orc, goblin, elf, mage in seat order.

        >>> Armadora(players=3, rules="advanced", races=["mage", "orc", "elf"]).races()
        ('mage', 'orc', 'elf')
        >>> Armadora().races()
        ('orc', 'goblin')
        """
        return tuple(CHARACTERS[r] for r in self._races)

    def powers(self) -> tuple[int, ...]:
        """The power tokens each player has left (all 0 with base rules).

        >>> s = Armadora(rules="advanced", races=["goblin", "orc"], first_player=0)
        >>> s.powers()
        (1, 1)
        >>> s.play("goblin 5@c3")
        >>> s.powers()
        (0, 1)
        """
        return tuple(self._powers)

    def reinforcements(self) -> tuple[int | None, ...]:
        """Where each player's reinforcement token lies: ``None`` while the player holds it
        (always ``None`` with base rules), else the cell index of the warrior it is on.

        >>> s = Armadora(rules="advanced", first_player=0)
        >>> s.play("3@c3"); s.play("1@a1"); s.play("reinforce c3")
        >>> s.reinforcements()
        (18, None)
        """
        return tuple(self._reinforced)

    def arrows(self) -> tuple[int, ...]:
        """The Elf's arrows on the warrior of every cell (0, 1 or 2), by cell index: 40 ints.

        >>> s = Armadora(rules="advanced", races=["elf", "orc"], first_player=0)
        >>> s.play("1@a1"); s.play("1@c3"); s.play("elf c3")
        >>> s.arrows()[18]
        1
        """
        return tuple(self._arrows)

    def face_up(self) -> tuple[int, ...]:
        """The cells of face-up warriors (the Goblin's power), ascending.

        >>> s = Armadora(rules="advanced", races=["goblin", "orc"], first_player=0)
        >>> s.play("goblin 5@c3")
        >>> s.face_up()
        (18,)
        """
        return tuple(c for c in range(NUM_CELLS) if self._face_up[c])

    def looks(self) -> tuple[tuple[int, ...], ...]:
        """For each player, the cells of the warriors its Mage looked at, ascending.

        >>> s = Armadora(rules="advanced", races=["orc", "mage"], first_player=0)
        >>> s.play("3@c3"); s.play("mage c3")
        >>> s.looks()
        ((), (18,))
        """
        return tuple(
            tuple(c for c in range(NUM_CELLS) if self._looks[p][c]) for p in range(self.num_players)
        )

    def power_used(self) -> bool:
        """Whether the player to move has already used a power this turn (its next ply is the
        turn's action); always False unless ``power_before_action=True``.

        >>> s = Armadora(rules="advanced", races=["orc", "mage"], first_player=0)
        >>> s.play("orc a3-b3")
        >>> s.power_used(), s.current_player
        (False, 1)
        >>> s = Armadora(rules="advanced", races=["orc", "mage"], first_player=0,
        ...              power_before_action=True)
        >>> s.play("orc a3-b3")
        >>> s.power_used(), s.current_player
        (True, 0)
        """
        return self._power_used

    def _value(self, cell: int) -> int:
        """The value of the warrior on ``cell`` at scoring: its strength, +1 with a
        reinforcement, -1 per arrow, never below 0."""
        w = self._cells[cell]
        assert w is not None
        bonus = 1 if self._reinforced[w[0]] == cell else 0
        return max(0, w[1] + bonus - self._arrows[cell])

    def _team(self, player: int) -> int:
        """The team of ``player``: p mod 2 with partners, else the player itself."""
        return player % 2 if self._partners else player

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
            sees it: each warrior's value, with reinforcement and arrows counted).

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
                    strengths[w[0]] += self._value(c)
            result.append({"cells": tuple(cells), "gold": gold, "strengths": tuple(strengths)})
        return result

    # -- scoring ------------------------------------------------------------------------------

    def _score(self) -> tuple[tuple[int, ...], Outcome]:
        n = self.num_players
        if self._partners:
            # Teams score as one: every player gets its team's gold; the outcome is decided
            # between the teams and given to both members.
            team_totals = [0, 0]
            team_piles: list[list[int]] = [[], []]
            for t in self.territories():
                strengths = [0, 0]
                for p in range(n):
                    strengths[p % 2] += t["strengths"][p]
                self._award(t["gold"], strengths, team_totals, team_piles)
            team_outcome = _decide(team_totals, team_piles)
            winners = tuple(p for p in range(n) if p % 2 in team_outcome.winners)
            totals = tuple(team_totals[p % 2] for p in range(n))
            return totals, Outcome(winners, team_outcome.reason)
        player_totals = [0] * n
        piles: list[list[int]] = [[] for _ in range(n)]
        for t in self.territories():
            self._award(t["gold"], list(t["strengths"]), player_totals, piles)
        return tuple(player_totals), _decide(player_totals, piles)

    @staticmethod
    def _award(gold: int, strengths: list[int], totals: list[int], piles: list[list[int]]) -> None:
        """Give a territory's gold to the strongest side(s): ties share the floor of gold / k;
        a greatest strength of 0 or an award of 0 gives nothing (no pile)."""
        best = max(strengths)
        if best == 0:
            return
        top = [p for p in range(len(strengths)) if strengths[p] == best]
        award = gold // len(top)
        if award == 0:
            return
        for p in top:
            totals[p] += award
            piles[p].append(award)

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

    def _set_powers(self, player: int, left: int) -> None:
        start = _POWER_TOKENS[self._races[player]]
        old_used, new_used = start - self._powers[player], start - left
        if old_used:
            self._key ^= _USED_KEYS[player][old_used - 1]
        if new_used:
            self._key ^= _USED_KEYS[player][new_used - 1]
        self._powers[player] = left

    def _set_reinforced(self, player: int, cell: int | None) -> None:
        old = self._reinforced[player]
        if old is not None:
            self._key ^= _REINFORCE_KEYS[old]
        if cell is not None:
            self._key ^= _REINFORCE_KEYS[cell]
        self._reinforced[player] = cell

    def _set_arrows(self, cell: int, arrows: int) -> None:
        old = self._arrows[cell]
        if old:
            self._key ^= _ARROW_KEYS[cell][old - 1]
        if arrows:
            self._key ^= _ARROW_KEYS[cell][arrows - 1]
        self._arrows[cell] = arrows

    def _set_face_up(self, cell: int, face_up: bool) -> None:
        if self._face_up[cell] != face_up:
            self._key ^= _FACE_UP_KEYS[cell]
            self._face_up[cell] = face_up

    def _set_look(self, player: int, cell: int, looked: bool) -> None:
        if self._looks[player][cell] != looked:
            self._key ^= _LOOK_KEYS[player][cell]
            self._looks[player][cell] = looked

    def _set_power_used(self, used: bool) -> None:
        if self._power_used != used:
            self._key ^= _POWER_USED_KEY
            self._power_used = used

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
        if not self._advanced:
            return moves
        # Advanced ids follow in ascending order: the mover's one race's power moves (never
        # after a power this turn), then reinforcements.
        info = self._territory_info()
        if not self._power_used and self._powers[player] > 0:
            race = CHARACTERS[self._races[player]]
            if race == "mage":
                candidates = [_MAGE_BASE + c for c in range(NUM_CELLS)]
            elif race == "goblin":
                candidates = [_GOBLIN_BASE + i for i in range(5 * NUM_CELLS)]
            elif race == "orc":
                candidates = [_ORC_BASE + a for a in range(NUM_SLOTS)]
            else:
                candidates = [_ELF_BASE + c for c in range(NUM_CELLS)]
            for action in candidates:
                if self._advanced_reason(_DECODED[action], player, info) is None:
                    moves.append(_MOVES[action])
        if self._reinforced[player] is None:
            for c in range(NUM_CELLS):
                action = _REINFORCE_BASE + c
                if self._advanced_reason(_DECODED[action], player, info) is None:
                    moves.append(_MOVES[action])
        return moves

    def _territory_info(self) -> tuple[list[int], list[bool], list[set[int]]]:
        """(territory id of every cell, whether each territory is open, the owners of the
        warriors in each territory), from the palisades on the board now."""
        of_cell = [0] * NUM_CELLS
        is_open: list[bool] = []
        owners: list[set[int]] = []
        for t, cells in enumerate(_territories(self._blocked)):
            present: set[int] = set()
            free = False
            for c in cells:
                of_cell[c] = t
                w = self._cells[c]
                if w is not None:
                    present.add(w[0])
                elif c not in _MINE_OF:
                    free = True
            is_open.append(free)
            owners.append(present)
        return of_cell, is_open, owners

    def _advanced_reason(
        self,
        decoded: tuple[str, Any],
        player: int,
        info: tuple[list[int], list[bool], list[set[int]]],
    ) -> str | None:
        """Why a power or reinforcement is not legal now for ``player``, or None if it is."""
        # The reasons, in this order, are worded as in the Rust core: the messages of both
        # backends are the same.
        kind, data = decoded
        if kind == "reinforce":
            if self._reinforced[player] is not None:
                return "no reinforcement token left"
            c = data
            w = self._cells[c]
            if w is None or w[0] != player:
                return "the cell holds no warrior of the mover"
            of_cell, is_open, _ = info
            open_ = is_open[of_cell[c]]
            wrong = open_ if self._reinforcement == "full" else not open_
            if self._reinforcement != "any" and wrong:
                must = "full" if self._reinforcement == "full" else "open"
                return f"with reinforcement='{self._reinforcement}' the territory must be {must}"
            return None
        race = CHARACTERS[self._races[player]]
        if race != kind:
            return f"player {player} is the {race}, not the {kind}"
        if self._powers[player] == 0:
            return "no power token left"
        if self._power_used:
            return "a power was already used this turn"
        if kind == "mage" or kind == "elf":
            c = data
            w = self._cells[c]
            if w is None:
                return "the cell holds no warrior"
            if self._team(w[0]) == self._team(player):
                return "the warrior is not an opponent's"
            if kind == "mage":
                if self._face_up[c]:
                    return "the warrior is face up"
                if self._looks[player][c]:
                    return "the warrior was already looked at"
                return None
            if self._arrows[c] >= 2:
                return "the warrior already carries 2 arrows"
            of_cell, is_open, owners = info
            t = of_cell[c]
            # While the whole board is one territory (none closed yet) the Elf may shoot any
            # opponent warrior; once one is closed, only in a territory holding its own.
            closed = len(owners) > 1
            if closed and player not in owners[t]:
                return "no warrior of the elf's player in that territory once a territory is closed"
            if not is_open[t]:
                return "the territory is full"
            return None
        if kind == "goblin":
            s, c = data
            return self._warrior_reason(player, s, c)
        return self._palisades_reason((data,))

    def _warrior_reason(self, player: int, s: int, c: int) -> str | None:
        if c in _MINE_OF:
            return "a warrior cannot go on a gold mine"
        if self._cells[c] is not None:
            return "the cell already holds a warrior"
        if self._supplies[player][s - 1] == 0:
            return f"no warrior of strength {s} left"
        return None

    def _palisades_reason(self, slots: tuple[int, ...]) -> str | None:
        if any(self._blocked[a] for a in slots):
            return "the slot already holds a palisade"
        if self._palisades_left < len(slots):
            if len(slots) == 1:
                return "no palisades left"
            return "two palisades need two left in the supply"
        blocked = list(self._blocked)
        for a in slots:
            blocked[a] = True
        if min(len(t) for t in _territories(blocked)) < 4:
            return "a territory would have fewer than 4 cells"
        return None

    def _illegal_reason(self, move: Move) -> str | None:
        """Why a well-formed move is not legal now, or None if it is (the game running)."""
        player = self._turn
        assert player is not None
        kind, data = _DECODED[move.action]
        if kind == "pass":
            return None
        if kind == "warrior":
            s, c = data
            return self._warrior_reason(player, s, c)
        if kind == "palisades":
            return self._palisades_reason(data)
        return self._advanced_reason((kind, data), player, self._territory_info())

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
        self._undo_records.append((mover, self._power_used))
        self._history.append(move)
        if kind in _POWER_KINDS:
            self._set_powers(mover, self._powers[mover] - 1)
            if kind == "mage":
                self._set_look(mover, data, True)
            elif kind == "goblin":
                s, c = data
                self._supplies[mover][s - 1] -= 1
                self._set_cell(c, (mover, s))
                self._set_face_up(c, True)
            elif kind == "orc":
                self._set_slot(data, True)
                self._palisades_left -= 1
            else:
                self._set_arrows(data, self._arrows[data] + 1)
            if self._power_before_action:
                # A power is a ply of its own: the same player then takes the turn's action.
                self._set_power_used(True)
                return
        elif kind == "warrior":
            s, c = data
            self._supplies[mover][s - 1] -= 1
            self._set_cell(c, (mover, s))
        elif kind == "palisades":
            for a in data:
                self._set_slot(a, True)
            self._palisades_left -= len(data)
        elif kind == "reinforce":
            self._set_reinforced(mover, data)
        else:
            self._set_passed(mover, True)
        self._set_power_used(False)
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
        mover, power_used = self._undo_records.pop()
        kind, data = _DECODED[move.action]
        if kind == "warrior":
            s, c = data
            self._supplies[mover][s - 1] += 1
            self._set_cell(c, None)
        elif kind == "palisades":
            for a in data:
                self._set_slot(a, False)
            self._palisades_left += len(data)
        elif kind == "reinforce":
            self._set_reinforced(mover, None)
        elif kind == "pass":
            self._set_passed(mover, False)
        else:
            self._set_powers(mover, self._powers[mover] + 1)
            if kind == "mage":
                self._set_look(mover, data, False)
            elif kind == "goblin":
                s, c = data
                self._supplies[mover][s - 1] += 1
                self._set_face_up(c, False)
                self._set_cell(c, None)
            elif kind == "orc":
                self._set_slot(data, False)
                self._palisades_left += 1
            else:
                self._set_arrows(data, self._arrows[data] - 1)
        self._set_power_used(power_used)
        self._set_turn(mover)
        self._outcome = None
        self._scores = None
        return move

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move named by ``text``; checks syntax, not legality.

        Args:
            text: a warrior ``<strength>@<cell>`` (``3@c3``), one palisade slot (``c2-d2``) or
                two in ascending slot id (``c2-d2 e4-e5``), or ``pass``; with
                ``rules="advanced"`` also ``mage c3``, ``goblin 2@c3``, ``orc c2-d2``,
                ``elf c3`` and ``reinforce c3``.

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
        # The shapes are tried, and the errors worded, as in the Rust core.
        text = _args.notation(text)
        if text == "pass":
            return _MOVES[_PASS]
        word, space, rest = text.partition(" ")
        if space and word in _ADVANCED_WORDS:
            if not self._advanced:
                raise _bad(text, "powers and reinforcements need rules='advanced'")
            return self._parse_advanced(text, word, rest)
        strength, at, name = text.partition("@")
        if at:
            s, c = _warrior(text, strength, name)
            return _MOVES[(s - 1) * NUM_CELLS + c]
        parts = text.split(" ")
        if len(parts) == 1:
            return _MOVES[_SINGLE_BASE + _slot(text, parts[0])]
        if len(parts) != 2:
            raise _bad(text, _SHAPE)
        a, b = _slot(text, parts[0]), _slot(text, parts[1])
        if a >= b:
            raise _bad(text, "two palisades are two different slots in ascending slot id")
        return _MOVES[_pair_action(a, b)]

    def _parse_advanced(self, text: str, word: str, rest: str) -> Move:
        """A power or reinforcement move: ``word``, one space, then ``rest``."""
        if word == "goblin":
            strength, at, name = rest.partition("@")
            if not at:
                raise _bad(text, "expected 'goblin 2@c3'")
            s, c = _warrior(text, strength, name)
            return _MOVES[_GOBLIN_BASE + (s - 1) * NUM_CELLS + c]
        if word == "orc":
            if " " in rest:
                raise _bad(text, "the orc places one palisade")
            return _MOVES[_ORC_BASE + _slot(text, rest)]
        base = {"mage": _MAGE_BASE, "elf": _ELF_BASE, "reinforce": _REINFORCE_BASE}[word]
        return _MOVES[base + _cell(text, rest)]

    def move_from_action(self, action: int) -> Move:
        """The move with this action id, without building the legal moves; syntax only.

        Args:
            action: ``(strength - 1) * 40 + cell`` for a warrior, 200 + slot for one palisade,
                267 and up for two, 2478 for ``pass``; with ``rules="advanced"`` 2479..2865 for
                powers and reinforcements (``docs/rules/armadora.md``).

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: the id is not in ``0..num_actions - 1``.

        >>> s = Armadora()
        >>> s.move_from_action(0), s.move_from_action(209), s.move_from_action(2478)
        (Move('1@a1'), Move('c2-d2'), Move('pass'))
        """
        action = _args.action_id(action)
        if not 0 <= action < self._num_actions:
            raise InvalidMoveError(
                f"invalid move '{action}': action ids run from 0 to {self._num_actions - 1}"
            )
        return _MOVES[action]

    # -- hidden information -------------------------------------------------------------------

    def _hidden_from(self, viewer: int | None, owner: int) -> bool:
        """Whether ``owner``'s supply and warrior moves are hidden from ``viewer``."""
        return viewer is not None and owner != viewer and self._turn is not None

    def _knows(self, viewer: int | None, cell: int) -> bool:
        """Whether ``viewer`` sees the strength of the warrior on ``cell``: its own, a face-up
        one, one it looked at, or any once the game is over (the referee sees all)."""
        w = self._cells[cell]
        assert w is not None
        return (
            not self._hidden_from(viewer, w[0])
            or self._face_up[cell]
            or (viewer is not None and self._looks[viewer][cell])
        )

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` may see, as a float32 array of shape ``(3 * players + 11, 40)``, or
        ``(9 * players + 17, 40)`` with ``rules="advanced"``.

        The planes are listed in ``docs/rules/armadora.md``; the strengths of the other
        players' warriors stay hidden while the game runs, except those ``player`` may know
        (face-up warriors, the warriors its Mage looked at).

        Args:
            player: the player who looks, in ``0..num_players - 1``.

        Returns:
            A new array.

        Raises:
            ValueError: ``player`` is not a player of this game.

        >>> Armadora().observation(1).shape
        (17, 40)
        >>> Armadora(rules="advanced", players=3).observation(1).shape
        (44, 40)
        """
        player = self._check_player(player)
        n = self.num_players
        planes = 9 * n + 17 if self._advanced else 3 * n + 11
        obs = np.zeros((planes, NUM_CELLS), dtype=np.float32)
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
        if not self._advanced:
            return obs
        b = 3 * n + 11
        for c, w in enumerate(self._cells):
            if w is None:
                continue
            owner, strength = w
            if owner != player and self._knows(player, c):
                obs[b, c] = strength
            if self._face_up[c]:
                obs[b + 1, c] = 1.0
            obs[b + 2, c] = self._arrows[c]
            if self._reinforced[owner] == c:
                obs[b + 3, c] = 1.0
            if any(self._looks[q][c] for q in range(n) if q != player):
                obs[b + 4, c] = 1.0
        if self._power_used:
            obs[b + 5, :] = 1.0
        for p in range(n):
            k = (p - player) % n
            obs[b + 6 + k, :] = self._powers[p]
            if self._reinforced[p] is None:
                obs[b + 6 + n + k, :] = 1.0
            obs[b + 6 + 2 * n + 4 * k + self._races[p], :] = 1.0
        return obs

    def resample(self, viewer: int, seed: int) -> Armadora:
        """A referee's state consistent with everything ``viewer`` knows (for searches).

        The strengths hidden from ``viewer`` (the other players' face-down warriors it has not
        looked at) are drawn again with SplitMix64(``seed``) as ``docs/rules/armadora.md``
        describes; ``viewer``'s own warriors, face-up warriors, the warriors it looked at and
        everything public stay as they are. Once the game is over, nothing is hidden and the
        result is a copy.

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
            for c, w in enumerate(self._cells):
                if w is not None and w[0] == q and self._knows(viewer, c):
                    strengths.remove(w[1])
            for i in range(len(strengths) - 1, 0, -1):
                j = rng.below(i + 1)
                strengths[i], strengths[j] = strengths[j], strengths[i]
            drawn[q] = strengths
        state = Armadora(**self.options)
        used = dict.fromkeys(drawn, 0)
        for move, (mover, _) in zip(self._history, self._undo_records):
            kind, data = _DECODED[move.action]
            if kind == "warrior" and mover != viewer and not self._knows(viewer, data[1]):
                s = drawn[mover][used[mover]]
                used[mover] += 1
                move = _MOVES[(s - 1) * NUM_CELLS + data[1]]
            state.play(move)
        return state

    # -- JSON ---------------------------------------------------------------------------------

    def _json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The fields of ``docs/rules/armadora.md`` between ``moves`` and ``current_player``: the
        referee's, or what ``viewer`` may see.

        While the game runs, a viewer's JSON leaves out the other players' strengths (``None``
        in ``warriors``, ``?`` in ``moves``, a total in ``supplies``) and ends with a ``viewer``
        field.

        >>> d = Armadora().to_json()
        >>> d["gold"], d["palisades_left"], d["current_player"], d["supplies"][0]
        ([4, 7, 5, 4, 6, 6, 3, 5], 35, 1, [11, 2, 1, 1, 1])
        """
        n = self.num_players
        warriors: list[Any] = []
        for c, w in enumerate(self._cells):
            if w is None:
                warriors.append(None)
            elif not self._knows(viewer, c):
                warriors.append([w[0], None])
            else:
                warriors.append([w[0], w[1]])
        supplies: list[Any] = [
            sum(self._supplies[p]) if self._hidden_from(viewer, p) else list(self._supplies[p])
            for p in range(n)
        ]
        data: dict[str, Any] = {
            "warriors": warriors,
            "gold": list(self._gold),
            "palisades": list(self.palisades()),
            "supplies": supplies,
            "palisades_left": self._palisades_left,
            "passed": list(self._passed),
        }
        if self._advanced:
            # Every advanced field is public: the same in every view.
            data["powers"] = list(self._powers)
            data["reinforcements"] = list(self._reinforced)
            data["arrows"] = list(self._arrows)
            data["face_up"] = list(self.face_up())
            data["looks"] = [list(cells) for cells in self.looks()]
            data["power_used"] = self._power_used
        return data

    def _history_notation(self, index: int, move: Move, viewer: int | None) -> str:
        """Another player's warrior is ``?@<cell>`` for ``viewer`` until the game is over."""
        mover = self._undo_records[index][0]
        if _DECODED[move.action][0] == "warrior" and self._hidden_from(viewer, mover):
            return "?" + move.notation[1:]
        return move.notation

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
