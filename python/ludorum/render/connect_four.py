"""Connect Four drawn as text and as SVG, from the public state API only.

The geometry is computed here from the rules page (``docs/rules/connect_four.md``): 7 columns
numbered ``1``..``7`` from left to right (the move notation), 6 rows numbered ``1``..``6`` from
the bottom up, and the cell index ``7 * (row - 1) + (column - 1)`` running the bottom row first.
Player 0 is ``X`` (red), player 1 ``O`` (yellow).

>>> from types import SimpleNamespace
>>> board = [None] * 42
>>> board[3], board[10], board[4] = 0, 1, 0
>>> state = SimpleNamespace(
...     board=lambda: tuple(board), history=lambda: ["4", "4", "5"],
...     outcome=lambda: None, current_player=1)
>>> print(ascii(state, None))
6  . . . . . . .
5  . . . . . . .
4  . . . . . . .
3  . . . . . . .
2  . . . O . . .
1  . . . X X . .
   1 2 3 4 5 6 7
to move: 1
>>> svg(state, None, 300).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from ._common import num as _n
from ._common import status as _status
from ._common import text_color as _text_color

__all__ = ["COLORS", "MARKS", "NAMES", "ascii", "svg"]

COLUMNS = 7
ROWS = 6
#: the name of every cell (``a1`` .. ``g6``), by cell index: the bottom row first
NAMES: tuple[str, ...] = tuple(f"{'abcdefg'[i % COLUMNS]}{i // COLUMNS + 1}" for i in range(42))
#: the mark of each player in text
MARKS = "XO"
#: the disc colours: red (player 0) and yellow (player 1)
COLORS = ("#D62839", "#F6C324")
_FRAME = "#2A5DB0"
_HOLE = "#FFFFFF"
_INK = "#222222"
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _mark(player: int) -> str:
    return MARKS[player] if 0 <= player < len(MARKS) else str(player)


# -- text --------------------------------------------------------------------------------------


def ascii(state: Any, viewer: int | None) -> str:
    """The grid as text: row 6 on top, row numbers on the left, and under the grid the column
    numbers, which are the moves.

    A cell shows ``X`` (player 0, red), ``O`` (player 1, yellow) or ``.`` when empty. The last
    line says who moves or how the game ended. ``viewer`` is ignored: nothing is hidden in this
    game.
    """
    board = state.board()
    lines = []
    for row in reversed(range(ROWS)):
        cells = []
        for column in range(COLUMNS):
            owner = board[COLUMNS * row + column]
            cells.append("." if owner is None else _mark(owner))
        lines.append(f"{row + 1}  {' '.join(cells)}")
    lines.append(f"   {' '.join(str(c + 1) for c in range(COLUMNS))}")
    lines.append(_status(state))
    return "\n".join(lines)


# -- SVG ---------------------------------------------------------------------------------------

# Lengths in units of one cell.
_LEFT = 0.5  # row labels
_TOP = 0.25
_RIGHT = 0.25
_LABELS = 0.5  # column numbers under the grid
_CAPTION = 0.7
_WIDTH = _LEFT + COLUMNS + _RIGHT
_HEIGHT = _TOP + ROWS + _LABELS + _CAPTION
_RADIUS = 0.4


def _centre(cell: int, unit: float) -> tuple[float, float]:
    row, column = divmod(cell, COLUMNS)
    return (_LEFT + column + 0.5) * unit, (_TOP + ROWS - 1 - row + 0.5) * unit


def _last_cell(state: Any, board: tuple[int | None, ...]) -> int | None:
    """The cell of the last disc dropped: the top disc of the last move's column."""
    history = state.history()
    if not history:
        return None
    text = str(history[-1])
    if len(text) != 1 or not "1" <= text <= str(COLUMNS):
        return None
    column = int(text) - 1
    filled = [row for row in range(ROWS) if board[COLUMNS * row + column] is not None]
    return COLUMNS * max(filled) + column if filled else None


def _winning_cells(state: Any, board: tuple[int | None, ...], last: int | None) -> list[int]:
    """The cells of the lines of four or more through the last disc, once the game is won."""
    outcome = state.outcome()
    if outcome is None or not tuple(outcome.winners) or last is None:
        return []
    player = board[last]
    row0, column0 = divmod(last, COLUMNS)
    cells: list[int] = []
    for dc, dr in _DIRECTIONS:
        line = [last]
        for sign in (1, -1):
            column, row = column0 + sign * dc, row0 + sign * dr
            while 0 <= column < COLUMNS and 0 <= row < ROWS:
                if board[COLUMNS * row + column] != player:
                    break
                line.append(COLUMNS * row + column)
                column, row = column + sign * dc, row + sign * dr
        if len(line) >= 4:
            cells.extend(c for c in line if c not in cells)
    return cells


def svg(state: Any, viewer: int | None, size: int) -> str:
    """A self-contained SVG of the grid, ``size`` pixels wide.

    The grid is a blue frame of white holes; discs are red (player 0) and yellow (player 1).
    The last disc dropped carries a ring with a dot, a won game has its line of four ringed,
    and a caption below says who moves or how the game ended, with the ply and the last move.
    Row numbers run on the left (row 1 at the bottom) and the column numbers, which are the
    moves, below; each column is a click target carrying its move (``data-move``). ``viewer``
    is ignored: nothing is hidden in this game.
    """
    unit = size / _WIDTH
    height = _HEIGHT * unit
    board = tuple(state.board())
    status = _status(state)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{_n(height)}" '
        f'viewBox="0 0 {size} {_n(height)}" role="img" '
        f'font-family="Helvetica, Arial, sans-serif">',
        f"<title>{escape(f'Connect Four: {status}')}</title>",
        f'<rect width="{size}" height="{_n(height)}" fill="#FFFFFF"/>',
        f'<rect x="{_n(_LEFT * unit)}" y="{_n(_TOP * unit)}" width="{_n(COLUMNS * unit)}" '
        f'height="{_n(ROWS * unit)}" rx="{_n(0.12 * unit)}" fill="{_FRAME}"/>',
    ]
    out.extend(_labels(unit))
    for cell, owner in enumerate(board):
        x, y = _centre(cell, unit)
        fill = _HOLE if owner is None else COLORS[owner % len(COLORS)]
        stroke = "" if owner is None else f' stroke="{_INK}" stroke-width="{_n(0.03 * unit)}"'
        out.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(_RADIUS * unit)}" fill="{fill}"{stroke}/>'
        )
    last = _last_cell(state, board)
    rings = _winning_cells(state, board, last)
    if last is not None and last not in rings:
        rings.append(last)
    for cell in rings:
        owner = board[cell]
        if owner is None:
            continue
        x, y = _centre(cell, unit)
        ring = _text_color(COLORS[owner % len(COLORS)])
        out.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.22 * unit)}" fill="none" '
            f'stroke="{ring}" stroke-width="{_n(0.06 * unit)}" opacity="0.8"/>'
        )
        if cell == last:  # the last disc: a dot in its ring too
            out.append(
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.08 * unit)}" fill="{ring}" '
                f'opacity="0.8"/>'
            )
    out.append(_column_targets(unit))
    out.extend(_caption(state, status, height, size, unit))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _column_targets(unit: float) -> str:
    """An invisible layer on top of the grid: one rectangle per column, carrying its move in
    ``data-move``, so that a page can play a column from a click on it."""
    rects = "".join(
        f'<rect data-move="{c + 1}" x="{_n((_LEFT + c) * unit)}" y="{_n(_TOP * unit)}" '
        f'width="{_n(unit)}" height="{_n(ROWS * unit)}"/>'
        for c in range(COLUMNS)
    )
    return f'<g class="columns" fill="#000000" fill-opacity="0">{rects}</g>'


def _labels(unit: float) -> list[str]:
    font = 0.3 * unit
    style = f'font-size="{_n(font)}" text-anchor="middle" fill="#666666"'
    out = []
    for column in range(COLUMNS):
        cx = (_LEFT + column + 0.5) * unit
        y = (_TOP + ROWS + 0.36) * unit
        out.append(f'<text x="{_n(cx)}" y="{_n(y)}" {style}>{column + 1}</text>')
    for row in range(ROWS):
        cy = (_TOP + ROWS - 1 - row + 0.5) * unit + 0.35 * font
        out.append(f'<text x="{_n(_LEFT * unit / 2)}" y="{_n(cy)}" {style}>{row + 1}</text>')
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
    """Whose turn it is or how it ended (left, after a disc of that player's colour), and the
    ply count with the last move (right)."""
    font = 0.3 * unit
    y = height - 0.25 * unit
    x = 0.2 * unit
    who = _featured(state)
    out = []
    if who is not None:
        out.append(
            f'<circle cx="{_n(x + 0.18 * unit)}" cy="{_n(y - 0.35 * font)}" '
            f'r="{_n(0.18 * unit)}" fill="{COLORS[who % len(COLORS)]}" stroke="{_INK}" '
            f'stroke-width="{_n(0.03 * unit)}"/>'
        )
        x += 0.5 * unit
    out.append(
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(font)}" fill="{_INK}">'
        f"{escape(status)}</text>"
    )
    history = state.history()
    right = f"ply {len(history)}" + (f", last {history[-1]}" if history else "")
    out.append(
        f'<text x="{_n(size - _RIGHT * unit)}" y="{_n(y)}" font-size="{_n(font)}" '
        f'text-anchor="end" fill="#666666">{escape(right)}</text>'
    )
    return out
