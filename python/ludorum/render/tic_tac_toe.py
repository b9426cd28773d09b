"""Tic-tac-toe drawn as text and as SVG, from the public state API only.

The geometry is computed here from the rules page (``docs/rules/tic_tac_toe.md``): columns
``a``..``c`` from left to right, rows ``1``..``3`` from the bottom up, and the cell index
``3 * (3 - row) + column`` running the top row first. Player 0 is ``X``, player 1 ``O``.

>>> from types import SimpleNamespace
>>> board = [None] * 9
>>> board[4], board[0], board[2] = 0, 1, 0
>>> state = SimpleNamespace(
...     board=lambda: tuple(board), history=lambda: ["b2", "a3", "c3"],
...     outcome=lambda: None, current_player=1)
>>> print(ascii(state, None))
3   O | . | X
   ---+---+---
2   . | X | .
   ---+---+---
1   . | . | .
    a   b   c
to move: 1
>>> svg(state, None, 300).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from ._common import cell_targets as _cell_targets
from ._common import mix as _mix
from ._common import num as _n
from ._common import status as _status

__all__ = ["COLORS", "LINES", "MARKS", "NAMES", "ascii", "svg"]

COLUMNS = "abc"
#: the name of every cell (``a3`` .. ``c1``), by cell index: the top row first
NAMES: tuple[str, ...] = tuple(f"{COLUMNS[i % 3]}{3 - i // 3}" for i in range(9))
_INDEX = {name: i for i, name in enumerate(NAMES)}
#: the 8 lines of three cell indices: rows, columns, diagonals
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
#: the mark of each player
MARKS = "XO"
# The blue and red of Paul Tol's "bright" scheme (as the other renderers), distinct for
# colour-blind readers; the marks also differ in shape.
COLORS = ("#4477AA", "#EE6677")
_INK = "#222222"
_TILE = "#F2F0EA"


def _mark(player: int) -> str:
    return MARKS[player] if 0 <= player < len(MARKS) else str(player)


# -- text --------------------------------------------------------------------------------------


def ascii(state: Any, viewer: int | None) -> str:
    """The grid as text: row 3 on top, row numbers on the left and column letters below.

    A cell shows ``X`` (player 0), ``O`` (player 1) or ``.`` when empty. The last line says who
    moves or how the game ended. ``viewer`` is ignored: nothing is hidden in this game.
    """
    board = state.board()
    lines = []
    for r in range(3):  # r = 3 - row: the top row first
        cells = ["." if board[3 * r + c] is None else _mark(board[3 * r + c]) for c in range(3)]
        lines.append(f"{3 - r}   {' | '.join(cells)}")
        if r < 2:
            lines.append("   ---+---+---")
    lines.append(f"    {'   '.join(COLUMNS)}")
    lines.append(_status(state))
    return "\n".join(lines)


# -- SVG ---------------------------------------------------------------------------------------

# Lengths in units of one cell.
_LEFT = 0.5  # row labels
_TOP = 0.25
_RIGHT = 0.25
_LABELS = 0.45  # column labels under the grid
_CAPTION = 0.95
_WIDTH = _LEFT + 3 + _RIGHT
_HEIGHT = _TOP + 3 + _LABELS + _CAPTION


def _centre(cell: int, unit: float) -> tuple[float, float]:
    r, c = divmod(cell, 3)
    return (_LEFT + c + 0.5) * unit, (_TOP + r + 0.5) * unit


def _last_cell(state: Any) -> int | None:
    history = state.history()
    return _INDEX.get(str(history[-1])) if history else None


def _winning_lines(state: Any) -> list[tuple[int, int, int]]:
    """The lines of three marks of the winner, once the game is won."""
    outcome = state.outcome()
    winners = tuple(outcome.winners) if outcome is not None else ()
    if len(winners) != 1:
        return []
    winner = winners[0]
    board = state.board()
    return [line for line in LINES if all(board[c] == winner for c in line)]


def svg(state: Any, viewer: int | None, size: int) -> str:
    """A self-contained SVG of the grid, ``size`` pixels wide.

    ``X`` is a blue cross and ``O`` a red ring; the cell of the last move is tinted with its
    player's colour, a won game has its line of three struck through, and a caption below says
    who moves or how the game ended, then the ply and the last move. Row numbers run on the
    left (row 3 on top) and column letters below. ``viewer`` is ignored: nothing is hidden in
    this game.
    """
    unit = size / _WIDTH
    height = _HEIGHT * unit
    board = state.board()
    status = _status(state)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{_n(height)}" '
        f'viewBox="0 0 {size} {_n(height)}" role="img" '
        f'font-family="Helvetica, Arial, sans-serif">',
        f"<title>{escape(f'Tic-tac-toe: {status}')}</title>",
        f'<rect width="{size}" height="{_n(height)}" fill="#FFFFFF"/>',
    ]
    out.extend(_labels(unit))
    last = _last_cell(state)
    for cell in range(9):
        r, c = divmod(cell, 3)
        owner = board[cell]
        fill = _TILE
        if cell == last and owner is not None:
            fill = _mix(COLORS[owner % len(COLORS)], 0.2)
        inset = 0.04 * unit
        out.append(
            f'<rect x="{_n((_LEFT + c) * unit + inset)}" y="{_n((_TOP + r) * unit + inset)}" '
            f'width="{_n(unit - 2 * inset)}" height="{_n(unit - 2 * inset)}" '
            f'rx="{_n(0.06 * unit)}" fill="{fill}"/>'
        )
        if owner is not None:
            out.append(_draw_mark(owner, *_centre(cell, unit), unit))
    for line in _winning_lines(state):
        (x0, y0), (x1, y1) = _centre(line[0], unit), _centre(line[2], unit)
        # Past the end cells' centres a little, so the stroke crosses the whole line.
        dx, dy = (x1 - x0) * 0.18, (y1 - y0) * 0.18
        out.append(
            f'<line x1="{_n(x0 - dx)}" y1="{_n(y0 - dy)}" x2="{_n(x1 + dx)}" y2="{_n(y1 + dy)}" '
            f'stroke="{_INK}" stroke-width="{_n(0.09 * unit)}" stroke-linecap="round" '
            f'opacity="0.7"/>'
        )
    out.append(_cell_targets([(NAMES[i], *_centre(i, unit)) for i in range(9)], 0.48 * unit))
    out.extend(_caption(state, status, height, size, unit))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _draw_mark(player: int, x: float, y: float, unit: float, scale: float = 1.0) -> str:
    """An ``X`` (two strokes) or an ``O`` (a ring) centred on (x, y), in the player's colour."""
    color = COLORS[player % len(COLORS)]
    width = _n(0.12 * unit * scale)
    if player == 0:
        h = 0.28 * unit * scale
        return (
            f'<g stroke="{color}" stroke-width="{width}" stroke-linecap="round">'
            f'<line x1="{_n(x - h)}" y1="{_n(y - h)}" x2="{_n(x + h)}" y2="{_n(y + h)}"/>'
            f'<line x1="{_n(x - h)}" y1="{_n(y + h)}" x2="{_n(x + h)}" y2="{_n(y - h)}"/></g>'
        )
    return (
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.29 * unit * scale)}" fill="none" '
        f'stroke="{color}" stroke-width="{width}"/>'
    )


def _labels(unit: float) -> list[str]:
    font = 0.26 * unit
    style = f'font-size="{_n(font)}" text-anchor="middle" fill="#666666"'
    out = []
    for k in range(3):
        cx = (_LEFT + k + 0.5) * unit
        out.append(
            f'<text x="{_n(cx)}" y="{_n((_TOP + 3 + 0.33) * unit)}" {style}>{COLUMNS[k]}</text>'
        )
        cy = (_TOP + k + 0.5) * unit + 0.35 * font
        out.append(f'<text x="{_n(_LEFT * unit / 2)}" y="{_n(cy)}" {style}>{3 - k}</text>')
    return out


def _featured(state: Any) -> int | None:
    """The player to move, or the winner once the game is won; ``None`` after a draw."""
    outcome = state.outcome()
    if outcome is None:
        player: int | None = state.current_player
        return player
    winners: tuple[int, ...] = tuple(outcome.winners)
    return winners[0] if len(winners) == 1 else None


def _caption(state: Any, status: str, height: float, size: int, unit: float) -> list[str]:
    """Whose turn it is or how it ended (after that player's mark), and below it the ply
    count with the last move: two lines, the grid being too narrow for one."""
    font = 0.2 * unit
    y = height - 0.5 * unit
    x = 0.15 * unit
    who = _featured(state)
    out = []
    if who is not None:
        out.append(_draw_mark(who, x + 0.12 * unit, y - 0.35 * font, unit, 0.42))
        x += 0.32 * unit
    out.append(
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(font)}" fill="{_INK}">'
        f"{escape(status)}</text>"
    )
    history = state.history()
    below = f"ply {len(history)}" + (f", last {history[-1]}" if history else "")
    out.append(
        f'<text x="{_n(x)}" y="{_n(y + 0.3 * unit)}" font-size="{_n(0.8 * font)}" '
        f'fill="#666666">{escape(below)}</text>'
    )
    return out
