"""Dominions drawn as text and as SVG, from the public state API only.

The geometry is computed here from the rules page (``docs/rules/dominions.md``): a hexagon of
side 9 of flat-topped cells (u, v), u the letter index (``a`` = 0) and v the number − 1, a cell
when |u − v| ≤ 8, indexed by letter then number. Beam bit k of a pattern points to the
neighbour ``DIRECTIONS[k]`` (N, NW, SW, S, SE, NE). A board entry is ``None`` or
``(pattern, owner, colour)``; a piece is reversed when it shows the colour of the other set.

>>> from types import SimpleNamespace
>>> board = [None] * 217
>>> board[NAMES.index("i9")] = (63, 0, 0)
>>> board[NAMES.index("j10")] = (8, 1, 0)  # Black's 8, reversed: it shows White
>>> state = SimpleNamespace(
...     num_players=2, current_player=0, options={"komi": 0.0, "max_plies": None},
...     board=lambda: tuple(board), scores=lambda: (-60.0, -62.0),
...     hand=lambda p: tuple(range(1, 63)) if p == 0 else tuple(set(range(1, 64)) - {8}),
...     history=lambda: ["63@i9", "8@j10"], outcome=lambda: None)
>>> print(ascii(state, None))
                q9  .   .   .   .   .   .   .   .   .  q17
              p8  .   .   .   .   .   .   .   .   .   .  p17
            o7  .   .   .   .   .   .   .   .   .   .   .  o17
          n6  .   .   .   .   .   .   .   .   .   .   .   .  n17
        m5  .   .   .   .   .   .   .   .   .   .   .   .   .  m17
      l4  .   .   .   .   .   .   .   .   .   .   .   .   .   .  l17
    k3  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .  k17
  j2  .   .   .   .   .   .   .   .  w8   .   .   .   .   .   .   .  j17
i1  .   .   .   .   .   .   .   .  W63  .   .   .   .   .   .   .   .  i17
  h1  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .  h16
    g1  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .  g15
      f1  .   .   .   .   .   .   .   .   .   .   .   .   .   .  f14
        e1  .   .   .   .   .   .   .   .   .   .   .   .   .  e13
          d1  .   .   .   .   .   .   .   .   .   .   .   .  d12
            c1  .   .   .   .   .   .   .   .   .   .   .  c11
              b1  .   .   .   .   .   .   .   .   .   .  b10
                a1  .   .   .   .   .   .   .   .   .  a9
0 W  score -60  on board  2  reversed  1  in hand 62
1 B  score -62  on board  0  reversed  0  in hand 62  komi 0
to move: 0
>>> svg(state, None, 300).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')
True
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from ._common import caption as _common_caption
from ._common import cell_targets as _cell_targets
from ._common import disc as _common_disc
from ._common import featured as _featured
from ._common import num as _n
from ._common import ply_text as _ply_text
from ._common import status as _status
from ._common import svg_head as _svg_head

__all__ = ["CELLS", "COLOR_LETTERS", "DIRECTIONS", "NAMES", "ascii", "svg"]

LETTERS = "abcdefghijklmnopq"
SIDE = 9  # cells on each side of the hexagon
_SPAN = 2 * SIDE - 1  # 17 letters, 17 numbers

#: (u, v) of every cell, by cell index: by letter, then by number.
CELLS: tuple[tuple[int, int], ...] = tuple(
    (u, v) for u in range(_SPAN) for v in range(_SPAN) if abs(u - v) < SIDE
)
#: Name of every cell (``a1`` .. ``q17``), by cell index.
NAMES: tuple[str, ...] = tuple(f"{LETTERS[u]}{v + 1}" for u, v in CELLS)
_INDEX = {name: i for i, name in enumerate(NAMES)}
#: (du, dv) of the neighbour that beam bit k points to: N, NW, SW, S, SE, NE.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0), (0, 1))
#: Letter of each colour in the text: White (player 0) and Black (player 1).
COLOR_LETTERS = "WB"
COLOR_NAMES = ("White", "Black")


def _rows() -> tuple[tuple[int, ...], ...]:
    """Cell indices of each letter's row, row ``a`` first, by number."""
    return tuple(tuple(i for i, (u, _) in enumerate(CELLS) if u == row) for row in range(_SPAN))


_ROWS = _rows()


def _num(value: float) -> str:
    """A score or komi without a useless ``.0``: ``-60``, ``6.5``."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _counts(board: tuple[Any, ...]) -> list[tuple[int, int]]:
    """(pieces showing the colour, how many of them are reversed) for White and Black."""
    shown = [0, 0]
    reversed_ = [0, 0]
    for piece in board:
        if piece is None:
            continue
        _, owner, colour = piece
        shown[colour] += 1
        reversed_[colour] += owner != colour
    return [(shown[c], reversed_[c]) for c in range(2)]


# -- text --------------------------------------------------------------------------------------


def _token(piece: Any) -> str:
    """``W63`` for White's 63 showing White; lower case (``w8``) for a reversed piece."""
    if piece is None:
        return "."
    pattern, owner, colour = piece
    letter = COLOR_LETTERS[colour]
    return f"{letter if owner == colour else letter.lower()}{pattern}"


def ascii(state: Any, viewer: int | None) -> str:
    """The hexagon as text, one line per letter, row ``q`` on top, rows staggered half a cell.

    Each row runs between the names of its first and last cells. A piece is the letter of the
    colour it shows (``W`` or ``B``) and its pattern number; the letter is lower case when the
    piece is reversed (``w8``: Black's 8 now showing White); ``.`` is an empty cell. The text is
    the board turned 30° clockwise: a row runs NE, N is up-right and NW up-left. Below come one
    line per player (score, pieces showing its colour, how many of those are reversed, pieces
    in hand; komi on Black's line), then the status line. ``viewer`` is ignored: nothing is
    hidden in this game.
    """
    board = state.board()
    lines = []
    for row in reversed(range(_SPAN)):
        cells = _ROWS[row]
        text = ""
        for i in cells:
            u, v = CELLS[i]
            # The dot, or a pattern's first digit, is at column 4v - 2u + 20: four columns a
            # cell along a row, each row two columns left of the row below.
            dot = 4 * v - 2 * u + 20
            if not text:
                text = f"{NAMES[i]:>{dot - 2}}"
            token = _token(board[i])
            text = text.ljust(dot if token == "." else dot - 1) + token
        lines.append(f"{text.ljust(dot + 1)}  {NAMES[cells[-1]]}")
    counts = _counts(board)
    scores = [_num(score) for score in state.scores()]
    width = max(map(len, scores))
    komi = state.options.get("komi", 0.0)
    for player in range(2):
        shown, flipped = counts[player]
        line = (
            f"{player} {COLOR_LETTERS[player]}  score {scores[player]:>{width}}  "
            f"on board {shown:>2}  reversed {flipped:>2}  in hand {len(state.hand(player)):>2}"
        )
        if player == 1:
            line += f"  komi {_num(komi)}"
        lines.append(line)
    lines.append(_status(state))
    return "\n".join(lines)


# -- SVG ---------------------------------------------------------------------------------------

_SQRT3_2 = math.sqrt(3) / 2
# Lengths in units of R, the circumradius of a cell. A flat-topped cell (u, v) has its centre
# at x = 1.5 (v - u), y = -√3/2 (u + v) (y grows downwards): N is straight up, NE up-right.
_LABEL = 0.9  # coordinate labels sit this far along the SW / SE step off the board
_BOARD_X = 1.5 * (SIDE - 1) + 1 + 1.5 * _LABEL + 0.45  # the board's half width, labels included
_BOARD_TOP = _SQRT3_2 * (2 * _SPAN - 1)  # above a1's centre: 32 rows of √3/2 and half a cell
_BOARD_BOTTOM = 1.35  # below a1's centre, labels included
_LEFT, _TOP, _GAP, _RIGHT = 0.3, 0.3, 0.5, 0.3
_PANEL = 10.8
_CAPTION = 2.0
_WIDTH = _LEFT + 2 * _BOARD_X + _GAP + _PANEL + _RIGHT
_HEIGHT = _TOP + _BOARD_TOP + _BOARD_BOTTOM + _CAPTION
# A hand: 63 glyphs, 7 to a line, pattern 1 at the top left.
_GLYPH_COLUMNS, _GLYPH_DX, _GLYPH_DY, _GLYPH_R = 7, 1.45, 1.14, 0.56

_INK = "#222222"
_MUTED = "#666666"
_CELL = "#DCD2BB"  # an empty cell
_CELL_LINE = "#B5A98C"
# The two colours a piece can show (fill, beams), White then Black.
_FACES = (("#FBF8F1", "#2A2A2A"), ("#262626", "#F1EBDD"))
_LAST = "#CC3311"  # Paul Tol's vibrant red: the last move's ring


def _hexagon(x: float, y: float, r: float) -> str:
    """The corners of a flat-topped hexagon of circumradius ``r`` around (x, y)."""
    return " ".join(
        f"{_n(x + r * math.cos(k * math.pi / 3))},{_n(y + r * math.sin(k * math.pi / 3))}"
        for k in range(6)
    )


def _side(bit: int) -> tuple[float, float]:
    """The middle of the side that beam ``bit`` crosses, for a cell of circumradius 1."""
    du, dv = DIRECTIONS[bit]
    return 0.75 * (dv - du), -_SQRT3_2 / 2 * (du + dv)


_SIDES = tuple(_side(bit) for bit in range(6))


def _xy(cell: int, unit: float) -> tuple[float, float]:
    u, v = CELLS[cell]
    return _offset(1.5 * (v - u), -_SQRT3_2 * (u + v), unit)


def _offset(x: float, y: float, unit: float) -> tuple[float, float]:
    """Pixels of a point given in units of R relative to a1's centre."""
    return (_LEFT + _BOARD_X + x) * unit, (_TOP + _BOARD_TOP + y) * unit


def _last_move(state: Any) -> int | None:
    """The cell of the last move, or ``None`` before any placement or after a pass."""
    history = state.history()
    if not history:
        return None
    _, sep, cell = str(history[-1]).partition("@")
    return _INDEX.get(cell) if sep else None


def svg(state: Any, viewer: int | None, size: int) -> str:
    """A self-contained SVG of the board and a players' panel, ``size`` pixels wide.

    Empty cells are tan hexagons. A piece is a hexagon in the colour it shows (ivory or near
    black) with its beams as thick bars, in the contrasting colour, from its centre to the
    middle of each side that has a beam; a beam runs on to the cell's edge, so that connected
    pieces show one unbroken line. A reversed piece carries an inner ring in its owner's
    colour. The last placement has a red ring. Letters stand along the lower-left edges and
    numbers along the lower-right ones, each at the start of its line of cells. Right of the
    board, each player has its score, the pieces showing its colour (and how many of them are
    reversed), the pieces in hand, komi for Black, and its 63 patterns as small glyphs, those
    already played faded; the player to move (or the winner) is framed. A caption below says
    who moves or how the game ended. ``viewer`` is ignored: nothing is hidden in this game.
    """
    unit = size / _WIDTH
    height = _HEIGHT * unit
    board = state.board()
    status = _status(state)

    out = _svg_head(f"Dominions: {status}", size, height)
    out.extend(_labels(unit))
    cells = " ".join(
        f'<polygon points="{_hexagon(*_xy(i, unit), unit)}"/>' for i in range(len(CELLS))
    )
    out.append(
        f'<g fill="{_CELL}" stroke="{_CELL_LINE}" stroke-width="{_n(0.05 * unit)}">{cells}</g>'
    )
    for i, piece in enumerate(board):
        if piece is not None:
            x, y = _xy(i, unit)
            out.extend(_piece(x, y, unit, *piece))
    last = _last_move(state)
    if last is not None:
        x, y = _xy(last, unit)
        out.append(
            f'<polygon points="{_hexagon(x, y, 0.93 * unit)}" fill="none" stroke="{_LAST}" '
            f'stroke-width="{_n(0.13 * unit)}" stroke-linejoin="round"/>'
        )
    out.append(_cell_targets([(n, *_xy(i, unit)) for i, n in enumerate(NAMES)], 0.85 * unit))
    out.extend(_panel(state, board, unit))
    out.extend(_caption(state, status, height, size, unit))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _labels(unit: float) -> list[str]:
    """Each letter beside the SW side of its first cell, each number beside the SE side."""
    font = 0.7 * unit
    out = [f'<g font-size="{_n(font)}" text-anchor="middle" fill="{_MUTED}">']
    for u in range(_SPAN):
        v = max(0, u - SIDE + 1)
        out.append(_label(u, v, 2, LETTERS[u], font, unit))
    for v in range(_SPAN):
        u = max(0, v - SIDE + 1)
        out.append(_label(u, v, 4, str(v + 1), font, unit))
    out.append("</g>")
    return out


def _label(u: int, v: int, bit: int, text: str, font: float, unit: float) -> str:
    sx, sy = _SIDES[bit]
    x, y = _offset(1.5 * (v - u) + 2 * _LABEL * sx, -_SQRT3_2 * (u + v) + 2 * _LABEL * sy, unit)
    return f'<text x="{_n(x)}" y="{_n(y + 0.35 * font)}">{escape(text)}</text>'


def _piece(
    x: float, y: float, unit: float, pattern: int, owner: int, colour: int, reach: float = 1.0
) -> list[str]:
    """A piece showing ``colour`` at (x, y): its hexagon, its beams, and a ring in the owner's
    colour when it is reversed. Beams run ``reach`` times out to the cell's edge."""
    fill, beam = _FACES[colour]
    out = [
        f'<polygon points="{_hexagon(x, y, 0.86 * unit)}" fill="{fill}" stroke="{_INK}" '
        f'stroke-width="{_n(0.05 * unit)}" stroke-linejoin="round"/>'
    ]
    bars = [
        f'<line x1="{_n(x)}" y1="{_n(y)}" x2="{_n(x + reach * sx * unit)}" '
        f'y2="{_n(y + reach * sy * unit)}"/>'
        for bit, (sx, sy) in enumerate(_SIDES)
        if pattern >> bit & 1
    ]
    out.append(
        f'<g stroke="{beam}" stroke-width="{_n(0.22 * unit)}">{"".join(bars)}'
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.16 * unit)}" fill="{beam}" stroke="none"/>'
        "</g>"
    )
    if owner != colour:
        out.append(
            f'<polygon points="{_hexagon(x, y, 0.6 * unit)}" fill="none" '
            f'stroke="{_FACES[owner][0]}" stroke-width="{_n(0.1 * unit)}" '
            f'stroke-linejoin="round"/>'
        )
    return out


def move_svg(state: Any, move: str, size: int) -> str | None:
    """A placement drawn as the piece it places, in the mover's colour, ``size`` pixels wide
    (so that a player chooses among the patterns by their look); ``None`` for another move.

    >>> import ludorum
    >>> move_svg(ludorum.new("dominions"), "9@i9", 40).count("<line")
    2
    """
    pattern, at, _ = move.partition("@")
    if not at or not pattern.isdigit():
        return None
    player = state.current_player or 0
    unit = size / 2
    body = "".join(_piece(unit, unit, unit, int(pattern), player, player, reach=0.86))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}"><title>{escape(move)}</title>{body}</svg>'
    )


def _disc(x: float, y: float, r: float, player: int, unit: float) -> str:
    return _common_disc(x, y, r, _FACES[player][0], 0.05 * unit)


def _panel(state: Any, board: tuple[Any, ...], unit: float) -> list[str]:
    """One block per player: disc and name, score and counts, then the hand as glyphs."""
    x0 = (_LEFT + 2 * _BOARD_X + _GAP) * unit
    font = 0.72 * unit
    line = 0.92 * unit
    scores = tuple(state.scores())
    counts = _counts(board)
    komi = state.options.get("komi", 0.0)
    turn = _featured(state)
    block = (_BOARD_TOP + _BOARD_BOTTOM) / 2 * unit
    out = []
    for player in range(2):
        top = _TOP * unit + player * block
        if player == turn:
            out.append(
                f'<rect x="{_n(x0)}" y="{_n(top)}" width="{_n(_PANEL * unit)}" '
                f'height="{_n(block - 0.3 * unit)}" rx="{_n(0.2 * unit)}" fill="#F6F2E9" '
                f'stroke="#B5A98C" stroke-width="{_n(0.06 * unit)}"/>'
            )
        cx, cy = x0 + 0.7 * unit, top + 0.85 * unit
        out.append(_disc(cx, cy, 0.4 * unit, player, unit))
        base = cy + 0.35 * font
        out.append(
            f'<text x="{_n(cx + 0.7 * unit)}" y="{_n(base)}" font-size="{_n(1.15 * font)}" '
            f'font-weight="bold" fill="{_INK}">{COLOR_NAMES[player]} ({player})</text>'
        )
        shown, flipped = counts[player]
        hand = set(state.hand(player))
        facts = [
            f"score {_num(scores[player])}",
            f"on board {shown}" + (f" ({flipped} reversed)" if flipped else ""),
            f"in hand {len(hand)}" + (f", komi {_num(komi)}" if player == 1 else ""),
        ]
        y = base + 0.1 * unit
        for k, fact in enumerate(facts):
            y += line
            weight = ' font-weight="bold"' if k == 0 else ""
            out.append(
                f'<text x="{_n(x0 + 0.4 * unit)}" y="{_n(y)}" font-size="{_n(font)}"{weight} '
                f'fill="{_INK}">{escape(fact)}</text>'
            )
        out.extend(_hand(x0, y + 0.35 * unit, player, hand, unit))
    return out


def _hand(x0: float, top: float, player: int, hand: set[int], unit: float) -> list[str]:
    """The 63 patterns of ``player``'s set: small pieces while in hand, faded once played."""
    r = _GLYPH_R * unit
    left = x0 + (_PANEL - _GLYPH_DX * (_GLYPH_COLUMNS - 1)) / 2 * unit
    played = []
    out = []
    for pattern in range(1, 64):
        row, column = divmod(pattern - 1, _GLYPH_COLUMNS)
        x = left + column * _GLYPH_DX * unit
        y = top + _SQRT3_2 * r + row * _GLYPH_DY * unit
        if pattern in hand:
            out.extend(_piece(x, y, r, pattern, player, player, reach=0.86))
        else:
            played.append(f'<polygon points="{_hexagon(x, y, 0.86 * r)}"/>')
    if played:
        out.insert(
            0,
            f'<g fill="none" stroke="#CFC6B2" stroke-width="{_n(0.04 * unit)}" '
            f'stroke-dasharray="{_n(0.08 * unit)} {_n(0.06 * unit)}">{"".join(played)}</g>',
        )
    return out


def _caption(state: Any, status: str, height: float, size: int, unit: float) -> list[str]:
    """Whose turn it is or how it ended (left, after a disc of that player's colour), and the
    ply count with the last move (right)."""
    who = _featured(state)
    return _common_caption(
        status,
        _ply_text(state.history()),
        color=None if who is None else _FACES[who][0],
        x=0.3 * unit,
        y=height - 0.65 * unit,
        right=size - _RIGHT * unit,
        font=0.85 * unit,
        radius=0.4 * unit,
        indent=unit,
        stroke_width=0.05 * unit,
        muted=_MUTED,
    )
