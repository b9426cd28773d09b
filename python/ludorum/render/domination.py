"""Domination (Sackson's *Focus*) drawn as text and as SVG, from the public state API only.

The geometry is computed here from the rules page (``docs/rules/domination.md``): an 8×8 board
without three squares in each corner, (x, y) a square when min(x, 7−x) + min(y, 7−y) ≥ 2, files
``a``..``h`` and ranks ``1``..``8``, square index 0..51 rank by rank from rank 1. A stack is a
tuple of player indices, bottom to top; its top piece controls it.

>>> from types import SimpleNamespace
>>> board = [()] * 52
>>> board[NAMES.index("c6")] = (1, 0, 1, 1, 0)
>>> board[NAMES.index("d4")] = (1,)
>>> state = SimpleNamespace(
...     num_players=2, current_player=1, options={"players": 2},
...     board=lambda: tuple(board), reserves=lambda: (1, 0), captured=lambda: (0, 2),
...     in_hand=lambda: (False, False), history=lambda: ["c4-c6:2"], outcome=lambda: None)
>>> print(ascii(state, None))
8      #     #     .     .     .     .     #     #  8
7      #     .     .     .     .     .     .     #  7
6      .     . RGRRG     .     .     .     .     .  6
5      .     .     .     .     .     .     .     .  5
4      .     .     .     R     .     .     .     .  4
3      .     .     .     .     .     .     .     .  3
2      #     .     .     .     .     .     .     #  2
1      #     #     .     .     .     .     #     #  1
       a     b     c     d     e     f     g     h
0 G  stacks  1  reserve  1  captured  0
1 R  stacks  1  reserve  0  captured  2
to move: 1
>>> svg(state, None, 300).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from ._common import caption as _common_caption
from ._common import cell_targets as _cell_targets
from ._common import featured as _featured
from ._common import mix as _mix
from ._common import num as _n
from ._common import ply_text as _ply_text
from ._common import status as _status
from ._common import svg_head as _svg_head
from ._common import text_color as _text_color

__all__ = ["COLORS", "LETTERS", "NAMES", "SQUARES", "ascii", "svg"]

FILES = "abcdefgh"
MAX_HEIGHT = 5  # a stack never stays taller than this after a move


def _on_board(x: int, y: int) -> bool:
    return min(x, 7 - x) + min(y, 7 - y) >= 2


#: (x, y) of every square, by square index: rank by rank from rank 1, files left to right.
SQUARES: tuple[tuple[int, int], ...] = tuple(
    (x, y) for y in range(8) for x in range(8) if _on_board(x, y)
)
#: Chess name of every square (``c1`` .. ``f8``), by square index.
NAMES: tuple[str, ...] = tuple(f"{FILES[x]}{y + 1}" for x, y in SQUARES)
_INDEX = {name: i for i, name in enumerate(NAMES)}
_AT = {xy: i for i, xy in enumerate(SQUARES)}

#: Colour letter of each player: green, red, blue, yellow.
LETTERS = "GRBY"
# The green, red, blue and yellow of Paul Tol's "bright" scheme, the same hues as the Chinese
# Checkers renderer, chosen to stay distinct for colour-blind readers.
COLORS = ("#228833", "#EE6677", "#4477AA", "#CCBB44")
_INK = "#222222"
_TILE = "#E8E8E8"


def _letter(player: int) -> str:
    return LETTERS[player] if 0 <= player < len(LETTERS) else str(player)


def _color(player: int) -> str:
    return COLORS[player % len(COLORS)]


# -- text --------------------------------------------------------------------------------------


def ascii(state: Any, viewer: int | None) -> str:
    """The board as text: rank 8 on top, every stack as its colour letters bottom to top.

    Each square is a field five wide, right-aligned so that the controlling (top) pieces line
    up; ``.`` is an empty square and ``#`` one of the twelve cut corners. Below come one line per
    player (stacks it controls, reserve, captured pieces, and the opening piece in a 3-player
    game), then the status line. ``viewer`` is ignored: nothing is hidden in this game.
    """
    board = state.board()
    lines = []
    for y in reversed(range(8)):
        cells = []
        for x in range(8):
            i = _AT.get((x, y))
            if i is None:
                cells.append("#")
            else:
                cells.append("".join(map(_letter, board[i])) or ".")
        lines.append(f"{y + 1}  {' '.join(f'{c:>{MAX_HEIGHT}}' for c in cells)}  {y + 1}")
    lines.append(f"   {' '.join(f'{f:>{MAX_HEIGHT}}' for f in FILES)}")
    for player, stacks, reserve, captured, held in _players(state):
        line = f"{player} {_letter(player)}  stacks {stacks:>2}  reserve {reserve:>2}"
        line += f"  captured {captured:>2}"
        if held is not None:
            line += f"  in hand {int(held)}"
        lines.append(line)
    lines.append(_status(state))
    return "\n".join(lines)


def _players(state: Any) -> list[tuple[int, int, int, int, bool | None]]:
    """(player, stacks it controls, reserve, captured, opening piece held or ``None`` when the
    game has no opening pieces) for every player."""
    board = state.board()
    reserves = tuple(state.reserves())
    captured = tuple(state.captured())
    in_hand = tuple(state.in_hand())
    has_opening = state.num_players == 3 or any(in_hand)
    rows = []
    for player in range(state.num_players):
        stacks = sum(1 for stack in board if stack and stack[-1] == player)
        held = bool(in_hand[player]) if has_opening else None
        rows.append((player, stacks, reserves[player], captured[player], held))
    return rows


# -- SVG ---------------------------------------------------------------------------------------

# Lengths in units of one square.
_LEFT = 0.55  # rank labels
_TOP = 0.3
_GAP = 0.45  # between the board and the panel
_PANEL = 3.9  # the players' panel, right of the board
_RIGHT = 0.2
_FILE_LABELS = 0.5  # file labels under the board
_CAPTION = 1.0
_WIDTH = _LEFT + 8 + _GAP + _PANEL + _RIGHT
_HEIGHT = _TOP + 8 + _FILE_LABELS + _CAPTION
# A piece in a tower: a slab this wide and high, the tower this far from the tile's left and
# bottom edges, so that five slabs nearly fill the tile and a height reads as a fill level.
_TOWER_X, _SLAB_W, _SLAB_H, _SLAB_GAP, _BASE = 0.14, 0.56, 0.15, 0.02, 0.06


def _last_move(state: Any) -> tuple[int | None, int] | None:
    """(from square or ``None`` for a placement, to square) of the last move."""
    history = state.history()
    if not history:
        return None
    text = str(history[-1])
    if text[:1] in "+*":
        target = text[1:]
        return (None, _INDEX[target]) if target in _INDEX else None
    start, _, rest = text.partition("-")
    end = rest.partition(":")[0]
    if start not in _INDEX or end not in _INDEX:
        return None
    return _INDEX[start], _INDEX[end]


def svg(state: Any, viewer: int | None, size: int) -> str:
    """A self-contained SVG of the board and a players' panel, ``size`` pixels wide.

    Each stack is a tower of slabs in its pieces' colours, bottom to top, so its colour order
    and height (out of five) read at a glance; the top slab, which controls the stack, has a
    heavy outline, the height is written beside it when above one, and the tile is tinted with
    the controller's colour. The last move's squares are outlined (dashed where it started).
    Right of the board, each player has a swatch, the stacks it controls, its reserve, the
    pieces it has captured and, in a 3-player game, its opening piece; the player to move (or
    the winner) is framed. A caption below says who moves or how the game ended. ``viewer`` is
    ignored: nothing is hidden in this game.
    """
    unit = size / _WIDTH
    height = _HEIGHT * unit
    board = state.board()
    status = _status(state)

    out = _svg_head(f"Domination: {status}", size, height)
    out.extend(_labels(unit))
    for i, stack in enumerate(board):
        out.extend(_square(i, tuple(stack), unit))
    last = _last_move(state)
    if last is not None:
        out.extend(_outline_last(last, unit))
    centres = [(n, *_corner(i, unit)) for i, n in enumerate(NAMES)]
    out.append(_cell_targets([(n, x + unit / 2, y + unit / 2) for n, x, y in centres], unit / 2))
    out.extend(_panel(state, unit))
    out.extend(_caption(state, status, height, size, unit))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _corner(i: int, unit: float) -> tuple[float, float]:
    """Top-left corner of square ``i``'s tile."""
    x, y = SQUARES[i]
    return (_LEFT + x) * unit, (_TOP + 7 - y) * unit


def _labels(unit: float) -> list[str]:
    font = 0.34 * unit
    style = f'font-size="{_n(font)}" text-anchor="middle" fill="#666666"'
    out = []
    for k in range(8):
        cx = (_LEFT + k + 0.5) * unit
        out.append(
            f'<text x="{_n(cx)}" y="{_n((_TOP + 8 + 0.38) * unit)}" {style}>{FILES[k]}</text>'
        )
        cy = (_TOP + 7 - k + 0.5) * unit + 0.35 * font
        out.append(f'<text x="{_n(_LEFT * unit / 2)}" y="{_n(cy)}" {style}>{k + 1}</text>')
    return out


def _square(i: int, stack: tuple[int, ...], unit: float) -> list[str]:
    """The tile of square ``i``, tinted by its controller, with the stack's tower on it."""
    x0, y0 = _corner(i, unit)
    inset = 0.03 * unit
    fill = _mix(_color(stack[-1]), 0.38) if stack else _TILE
    out = [
        f'<rect x="{_n(x0 + inset)}" y="{_n(y0 + inset)}" width="{_n(unit - 2 * inset)}" '
        f'height="{_n(unit - 2 * inset)}" rx="{_n(0.06 * unit)}" fill="{fill}"/>'
    ]
    if not stack:
        return out
    left = x0 + _TOWER_X * unit
    width = _SLAB_W * unit
    step = (_SLAB_H + _SLAB_GAP) * unit
    bottom = y0 + (1 - _BASE) * unit
    for level, player in enumerate(stack):
        top = bottom - (level + 1) * step + _SLAB_GAP * unit
        stroke = 0.06 if level == len(stack) - 1 else 0.025
        out.append(
            f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(width)}" '
            f'height="{_n(_SLAB_H * unit)}" rx="{_n(0.03 * unit)}" fill="{_color(player)}" '
            f'stroke="{_INK}" stroke-width="{_n(stroke * unit)}"/>'
        )
    if len(stack) > 1:  # the height, beside the top slab
        font = 0.26 * unit
        middle = bottom - (len(stack) - 0.5) * step + _SLAB_GAP * unit / 2
        out.append(
            f'<text x="{_n(x0 + 0.9 * unit)}" y="{_n(middle + 0.35 * font)}" '
            f'font-size="{_n(font)}" text-anchor="end" fill="{_INK}">{len(stack)}</text>'
        )
    return out


def _outline_last(last: tuple[int | None, int], unit: float) -> list[str]:
    """A dashed outline on the last move's start square and a solid one on its end square."""
    start, end = last
    pad = 0.05 * unit
    stroke = f'stroke="{_INK}" stroke-width="{_n(0.07 * unit)}"'
    out = ['<g fill="none" opacity="0.9">']
    for square, dash in ((start, True), (end, False)):
        if square is None:
            continue
        x0, y0 = _corner(square, unit)
        dashes = f' stroke-dasharray="{_n(0.12 * unit)} {_n(0.08 * unit)}"' if dash else ""
        out.append(
            f'<rect x="{_n(x0 + pad)}" y="{_n(y0 + pad)}" width="{_n(unit - 2 * pad)}" '
            f'height="{_n(unit - 2 * pad)}" rx="{_n(0.06 * unit)}" {stroke}{dashes}/>'
        )
    out.append("</g>")
    return out


def _panel(state: Any, unit: float) -> list[str]:
    """One block per player: swatch and name, then stacks, reserve, captured, opening piece.

    The player to move (or the winner) has its block framed in its colour; a player who cannot
    act (no stack, no reserve, no opening piece) is greyed out until it controls a stack again.
    """
    x0 = (_LEFT + 8 + _GAP) * unit
    rows = _players(state)
    block = min(8 / max(len(rows), 1), 2.5) * unit
    font = 0.3 * unit
    line = 0.38 * unit
    turn = _featured(state)
    out = []
    for player, stacks, reserve, captured, held in rows:
        top = _TOP * unit + player * block
        color = _color(player)
        idle = not (stacks or reserve or held)
        out.append('<g opacity="0.45">' if idle else "<g>")
        if player == turn:
            out.append(
                f'<rect x="{_n(x0)}" y="{_n(top)}" width="{_n(_PANEL * unit)}" '
                f'height="{_n(block - 0.12 * unit)}" rx="{_n(0.1 * unit)}" '
                f'fill="{_mix(color, 0.15)}" stroke="{color}" stroke-width="{_n(0.05 * unit)}"/>'
            )
        cx, cy = x0 + 0.4 * unit, top + 0.4 * unit
        out.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(0.24 * unit)}" fill="{color}" '
            f'stroke="{_INK}" stroke-width="{_n(0.04 * unit)}"/>'
        )
        out.append(
            f'<text x="{_n(cx)}" y="{_n(cy + 0.35 * font)}" font-size="{_n(font)}" '
            f'text-anchor="middle" fill="{_text_color(color)}">{_letter(player)}</text>'
        )
        text = x0 + 0.8 * unit
        out.append(
            f'<text x="{_n(text)}" y="{_n(cy + 0.35 * font)}" font-size="{_n(font)}" '
            f'font-weight="bold" fill="{_INK}">player {player}</text>'
        )
        facts = [f"stacks {stacks}", f"reserve {reserve}", f"captured {captured}"]
        if held is not None:
            facts.append("opening in hand" if held else "opening placed")
        y = cy + 0.35 * font + 0.1 * unit
        for fact in facts:
            y += line
            out.append(
                f'<text x="{_n(text)}" y="{_n(y)}" font-size="{_n(font)}" fill="{_INK}">'
                f"{escape(fact)}</text>"
            )
        out.append("</g>")
    return out


def _caption(state: Any, status: str, height: float, size: int, unit: float) -> list[str]:
    """Whose turn it is or how it ended (left, after a disc of that player's colour), and the
    ply count with the last move (right)."""
    who = _featured(state)
    return _common_caption(
        status,
        _ply_text(state.history()),
        color=None if who is None else _color(who),
        x=0.25 * unit,
        y=height - 0.35 * unit,
        right=size - _RIGHT * unit,
        font=0.38 * unit,
        radius=0.25 * unit,
        indent=0.65 * unit,
        stroke_width=0.04 * unit,
    )


# -- moves, for a page that builds them by clicks ----------------------------------------------


def _pieces(k: int) -> str:
    return "1 piece" if k == 1 else f"{k} pieces"


def move_steps(state: Any, move: str) -> list[str] | None:
    """A stack move in the order a player chooses it: the stack, how many pieces it lifts,
    where they go (``c4-c6:2`` -> ``c4``, ``2 pieces``, ``c6``); ``None`` for a placement.

    >>> move_steps(None, "c4-c6:2")
    ['c4', '2 pieces', 'c6']
    >>> move_steps(None, "+e5") is None
    True
    """
    start, sep, rest = move.partition("-")
    end, colon, k = rest.partition(":")
    if not (sep and colon and k.isdigit()):
        return None
    return [start, _pieces(int(k)), end]


def move_words(state: Any, move: str) -> str | None:
    """A placement in words, for the choice between it and the stack moves of its square.

    >>> move_words(None, "+e5"), move_words(None, "*e5")
    ('a reserve piece onto e5', 'the opening piece onto e5')
    """
    if move[:1] == "+":
        return f"a reserve piece onto {move[1:]}"
    if move[:1] == "*":
        return f"the opening piece onto {move[1:]}"
    return None
