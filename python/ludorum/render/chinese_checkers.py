"""Chinese Checkers drawn as text and as SVG, from the public state API only.

The geometry is computed here from the rules page (``docs/rules/chinese_checkers.md``): axial
coordinates (q, r) with r growing downwards, rows lettered ``a`` (r = 8, bottom tip) to ``q``
(r = -8, top tip), holes numbered from 1 at the left of each row and indexed in that order.

>>> import ludorum
>>> print(ascii(ludorum.new("chinese_checkers", backend="reference"), None))
q              1              q1
p             1 1             p2
o            1 1 1            o3
n           1 1 1 1           n4
m  . . . . 1 1 1 1 1 . . . .  m13
l   . . . . . . . . . . . .   l12
k    . . . . . . . . . . .    k11
j     . . . . . . . . . .     j10
i      . . . . . . . . .      i9
h     . . . . . . . . . .     h10
g    . . . . . . . . . . .    g11
f   . . . . . . . . . . . .   f12
e  . . . . 0 0 0 0 0 . . . .  e13
d           0 0 0 0           d4
c            0 0 0            c3
b             0 0             b2
a              0              a1
to move: 0
"""

from __future__ import annotations

import math
from typing import Any, Callable

from ._common import caption as _common_caption
from ._common import cell_targets as _cell_targets
from ._common import featured as _featured
from ._common import mix as _mix
from ._common import num as _n
from ._common import ply_text as _ply_text
from ._common import status as _status
from ._common import svg_head as _svg_head
from ._common import text_color as _text_color

__all__ = ["HOLES", "NAMES", "ascii", "svg"]

ROW_LETTERS = "abcdefghijklmnopq"


def _holes() -> tuple[tuple[int, int], ...]:
    holes = []
    for r in range(8, -9, -1):  # row a (r = 8) first
        for q in range(-8, 9):  # left to right within a row
            s = -q - r
            if min(q, r, s) >= -4 or max(q, r, s) <= 4:
                holes.append((q, r))
    return tuple(holes)


#: (q, r) of every hole, by hole index.
HOLES = _holes()
#: Hole indices of each row, row ``a`` first.
_ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, (_, r) in enumerate(HOLES) if r == 8 - row) for row in range(len(ROW_LETTERS))
)
#: Name of every hole (``a1`` .. ``q1``), by hole index.
NAMES: tuple[str, ...] = tuple(
    f"{ROW_LETTERS[8 - r]}{_ROWS[8 - r].index(i) + 1}" for i, (_, r) in enumerate(HOLES)
)
_INDEX = {name: i for i, name in enumerate(NAMES)}

# The six points T0..T5 (10-hole triangles), as the rules define them by (q, r, s).
_POINTS: tuple[Callable[[int, int, int], bool], ...] = (
    lambda q, r, s: r >= 5,
    lambda q, r, s: q <= -5,
    lambda q, r, s: s >= 5,
    lambda q, r, s: r <= -5,
    lambda q, r, s: q >= 5,
    lambda q, r, s: s <= -5,
)
# The 15-hole starting areas of the 2-player, 15-piece game, on T0 and T3.
_BIG_START: dict[int, Callable[[int, int, int], bool]] = {
    0: lambda q, r, s: r >= 4 and q >= -4 and s >= -4,
    3: lambda q, r, s: r <= -4 and q <= 4 and s <= 4,
}
_SEATS = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 6: (0, 1, 2, 3, 4, 5)}

# Paul Tol's "bright" qualitative scheme, chosen to stay distinct for colour-blind readers;
# the digit on a piece is drawn in whichever of black or white contrasts more with it.
COLORS = ("#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377")
_INK = "#222222"


# -- text --------------------------------------------------------------------------------------


def ascii(state: Any, viewer: int | None) -> str:
    """The star as text: row ``q`` on top, each row between its letter and its last hole's name.

    Holes are staggered by half a cell, so the six directions read as on the board; a piece is
    its owner's digit and an empty hole is ``.``. The last line says who moves or how it ended.
    ``viewer`` is ignored: nothing is hidden in this game.
    """
    board = state.board()
    width = 25  # 2q + r runs from -12 to 12 on row e and row m
    lines = []
    for row in reversed(range(len(ROW_LETTERS))):
        cells = [" "] * width
        for i in _ROWS[row]:
            q, r = HOLES[i]
            owner = board[i]
            cells[2 * q + r + 12] = "." if owner is None else str(owner)
        letter = ROW_LETTERS[row]
        lines.append(f"{letter}  {''.join(cells)}  {NAMES[_ROWS[row][-1]]}")
    lines.append(_status(state))
    return "\n".join(lines)


# -- SVG ---------------------------------------------------------------------------------------

_SQRT3_2 = math.sqrt(3) / 2
_MARGIN = 1.0  # around the star, in hole spacings
_WIDTH = 12 + 2 * _MARGIN  # the star is 12 spacings wide (x = q + r/2 runs from -6 to 6)
_STAR_HEIGHT = 16 * _SQRT3_2
_CAPTION = 1.3  # height of the caption band, in hole spacings


def _xy(hole: int, unit: float) -> tuple[float, float]:
    q, r = HOLES[hole]
    x = _MARGIN + q + r / 2 + 6
    y = _MARGIN + (r + 8) * _SQRT3_2
    return x * unit, y * unit


def _start_areas(state: Any) -> list[tuple[int, list[int]]]:
    """(player, holes of its starting area) for every seated player."""
    players = state.num_players
    options = state.options
    pieces = options.get("pieces", 15 if players == 2 else 10)
    areas = []
    for player, point in enumerate(_SEATS.get(players, ())):
        test = _BIG_START[point] if pieces == 15 and point in _BIG_START else _POINTS[point]
        holes = [i for i, (q, r) in enumerate(HOLES) if test(q, r, -q - r)]
        areas.append((player, holes))
    return areas


def _corners(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The outline of a triangle of holes: its three holes farthest from the centre, in order."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    far = sorted(points, key=lambda p: -((p[0] - cx) ** 2 + (p[1] - cy) ** 2))[:3]
    return sorted(far, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))


def _polygon(points: list[tuple[float, float]], fill: str, pad: float) -> str:
    """A filled polygon grown by ``pad`` on every side (a round-joined stroke of the fill)."""
    coords = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
    return (
        f'<polygon points="{coords}" fill="{fill}" stroke="{fill}" '
        f'stroke-width="{_n(2 * pad)}" stroke-linejoin="round"/>'
    )


def _last_move(state: Any) -> tuple[int, int] | None:
    history = state.history()
    if not history:
        return None
    start, sep, end = str(history[-1]).partition("-")
    if not sep or start not in _INDEX or end not in _INDEX:
        return None  # a pass
    return _INDEX[start], _INDEX[end]


def svg(state: Any, viewer: int | None, size: int) -> str:
    """A self-contained SVG of the star, ``size`` pixels wide.

    Holes are small dots and pieces larger discs in their owner's colour with the owner's digit;
    each starting area in play is tinted with its player's colour; the last move has a dashed
    ring on its start hole and an arrow to a ring on its end hole; a caption below says who
    moves or how the game ended. ``viewer`` is ignored: nothing is hidden in this game.
    """
    unit = size / _WIDTH
    height = (2 * _MARGIN + _STAR_HEIGHT + _CAPTION) * unit
    board = state.board()
    xy = [_xy(i, unit) for i in range(len(HOLES))]
    status = _status(state)

    out = _svg_head(f"Chinese Checkers: {status}", size, height)

    # The star: its six tips and the six corners of the central hexagon, in turn.
    tips = [(4, -8), (4, -4), (8, -4), (4, 0), (4, 4), (0, 4)]
    tips += [(-4, 8), (-4, 4), (-8, 4), (-4, 0), (-4, -4), (0, -4)]
    outline = [xy[HOLES.index(h)] for h in tips]
    out.append(_polygon(outline, "#EFE9DC", 0.62 * unit))

    for player, holes in _start_areas(state):
        tint = _mix(COLORS[player % len(COLORS)], 0.28)
        out.append(_polygon(_corners([xy[i] for i in holes]), tint, 0.5 * unit))

    for x, y in xy:
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.13 * unit)}" fill="#9C9282"/>')
    out.extend(_row_labels(xy, unit))

    font = 0.42 * unit
    for i, owner in enumerate(board):
        if owner is None:
            continue
        x, y = xy[i]
        color = COLORS[owner % len(COLORS)]
        out.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.4 * unit)}" fill="{color}" '
            f'stroke="{_INK}" stroke-width="{_n(0.04 * unit)}"/>'
        )
        out.append(
            f'<text x="{_n(x)}" y="{_n(y + 0.36 * font)}" font-size="{_n(font)}" '
            f'text-anchor="middle" fill="{_text_color(color)}">{owner}</text>'
        )

    last = _last_move(state)
    if last is not None:
        out.extend(_arrow(xy[last[0]], xy[last[1]], unit))

    out.append(_cell_targets([(NAMES[i], x, y) for i, (x, y) in enumerate(xy)], 0.45 * unit))
    out.extend(_caption(state, status, height, size, unit))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _row_labels(xy: list[tuple[float, float]], unit: float) -> list[str]:
    """Each row's letter left of its first hole, so that ``e5`` can be found (the holes of a
    row count from 1 at its left; the page names a hole when the pointer rests on it)."""
    font = 0.36 * unit
    style = f'font-size="{_n(font)}" text-anchor="middle" fill="#6B6456"'
    out = []
    for letter in sorted({name[0] for name in NAMES}):
        first = NAMES.index(f"{letter}1")
        x, y = xy[first]
        out.append(
            f'<text x="{_n(x - 0.62 * unit)}" y="{_n(y + 0.35 * font)}" {style}>{letter}</text>'
        )
    return out


def _arrow(start: tuple[float, float], end: tuple[float, float], unit: float) -> list[str]:
    """A dashed ring on the start hole, a ring round the end hole and an arrow between them."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    ring = 0.5 * unit  # the end ring's radius; the arrow's tip touches it
    head, half = 0.24 * unit, 0.12 * unit
    ax, ay = x0 + dx * 0.18 * unit, y0 + dy * 0.18 * unit
    tx, ty = x1 - dx * ring, y1 - dy * ring
    bx, by = tx - dx * head, ty - dy * head
    stroke = f'stroke="{_INK}" stroke-width="{_n(0.07 * unit)}"'
    return [
        f'<g fill="none" {stroke} opacity="0.85">',
        f'<circle cx="{_n(x0)}" cy="{_n(y0)}" r="{_n(0.4 * unit)}" '
        f'stroke-dasharray="{_n(0.12 * unit)} {_n(0.08 * unit)}"/>',
        f'<circle cx="{_n(x1)}" cy="{_n(y1)}" r="{_n(ring)}"/>',
        f'<line x1="{_n(ax)}" y1="{_n(ay)}" x2="{_n(bx)}" y2="{_n(by)}" stroke-linecap="round"/>',
        f'<polygon points="{_n(tx)},{_n(ty)} {_n(bx - dy * half)},{_n(by + dx * half)} '
        f'{_n(bx + dy * half)},{_n(by - dx * half)}" fill="{_INK}" stroke="none"/>',
        "</g>",
    ]


def _caption(state: Any, status: str, height: float, size: int, unit: float) -> list[str]:
    """Whose turn it is or how it ended (left, after a disc of that player's colour), and the
    ply count with the last move (right)."""
    who = _featured(state)
    return _common_caption(
        status,
        _ply_text(state.history()),
        color=None if who is None else COLORS[who % len(COLORS)],
        x=_MARGIN * unit * 0.5,
        y=height - 0.75 * unit,
        right=size - _MARGIN * unit * 0.5,
        font=0.5 * unit,
        radius=0.3 * unit,
        indent=0.8 * unit,
        stroke_width=0.04 * unit,
    )


# -- moves, for a page that builds them by clicks ----------------------------------------------

_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
_AT = {h: i for i, h in enumerate(HOLES)}


def move_path(state: Any, move: str) -> list[str] | None:
    """The holes a hop chain lands on, start and end included, a shortest chain where several
    reach the end; ``None`` for a step or a pass. The moving piece has left its start hole, so
    the chain hops as if it were empty; with ``area="strict"`` every landing keeps that rule.

    >>> from types import SimpleNamespace
    >>> board = [None] * len(HOLES)
    >>> for hole in ("i5", "i6", "i8", "j9"):
    ...     board[NAMES.index(hole)] = 0
    >>> state = SimpleNamespace(board=lambda: board)
    >>> move_path(state, "i5-k9"), move_path(state, "i5-i7"), move_path(state, "i6-h5")
    (['i5', 'i7', 'i9', 'k9'], ['i5', 'i7'], None)
    """
    start_name, sep, end_name = move.partition("-")
    if not sep or start_name not in _INDEX or end_name not in _INDEX:
        return None
    start, end = _INDEX[start_name], _INDEX[end_name]
    (q0, r0), (q1, r1) = HOLES[start], HOLES[end]
    if (q1 - q0, r1 - r0) in _DIRECTIONS:
        return None  # a step
    board = list(state.board())
    board[start] = None
    areas = _strict_areas(state)
    start_area, foreign = areas if areas is not None else (set(), set())
    # breadth first over (hole, whether the start and every landing so far were in the mover's
    # starting area): with area="strict" that decides whether it may land there again
    first = (start, start in start_area)
    came: dict[tuple[int, bool], tuple[int, bool]] = {first: first}
    frontier = [first]
    reached = None
    while frontier and reached is None:
        landings = []
        for hole, in_start in frontier:
            q, r = HOLES[hole]
            for dq, dr in _DIRECTIONS:
                over = _AT.get((q + dq, r + dr))
                land = _AT.get((q + 2 * dq, r + 2 * dr))
                if over is None or land is None or board[over] is None or board[land] is not None:
                    continue
                if land in foreign or (land in start_area and not in_start):
                    continue
                step = (land, in_start and land in start_area)
                if step not in came:
                    came[step] = (hole, in_start)
                    landings.append(step)
                    if land == end:
                        reached = step
        frontier = landings
    if reached is None:
        return None
    path = [reached]
    while path[-1] != first:
        path.append(came[path[-1]])
    return [NAMES[hole] for hole, _ in reversed(path)]


def _strict_areas(state: Any) -> tuple[set[int], set[int]] | None:
    """With ``area="strict"``, which checks every landing of a chain: the mover's starting area
    and its foreign holes (the points neither its start nor its home); ``None`` under the other
    rules, which check only the end hole (a legal move's end has passed them)."""
    options = getattr(state, "options", None) or {}
    if options.get("area") != "strict":
        return None
    seats = _SEATS.get(state.num_players, ())
    player = state.current_player
    if player is None or not 0 <= player < len(seats):
        return None
    start_area = set(dict(_start_areas(state))[player])
    opposite = (seats[player] + 3) % 6
    big = options.get("pieces", 15 if state.num_players == 2 else 10) == 15
    home_test = _BIG_START[opposite] if big and opposite in _BIG_START else _POINTS[opposite]
    home = {i for i, (q, r) in enumerate(HOLES) if home_test(q, r, -q - r)}
    points = {i for i, (q, r) in enumerate(HOLES) if any(t(q, r, -q - r) for t in _POINTS)}
    return start_area, points - start_area - home
