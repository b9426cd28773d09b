"""So Long Sucker drawn as text and as SVG, from the public state API only.

Everything is read from ``state.to_json()`` (``docs/rules/so_long_sucker.md``): the piles bottom
to top with their ids, each player's chips by colour (its own colour is its stock, the others
its prisoners), the dead box, who is alive, the decision, the chain of givers and the chat.
Colour c belongs to player c: red ``R``, blue ``B``, green ``G``, yellow ``Y``, purple ``P``,
orange ``O`` in seat order. The game has perfect information: ``viewer`` changes nothing.

>>> from types import SimpleNamespace
>>> data = {
...     "options": {"players": 4, "chips": 7, "free_actions": 0},
...     "moves": ["play Y new", "give R", "play R on 1", "give B", "play B new", "give G",
...               "play G on 2"],
...     "piles": [{"id": 1, "chips": "YR"}, {"id": 2, "chips": "BG"}],
...     "next_pile": 3,
...     "hands": [[6, 0, 0, 0], [0, 6, 0, 0], [0, 0, 6, 0], [0, 0, 0, 6]],
...     "dead_box": [0, 0, 0, 0], "alive": [True, True, True, True],
...     "decision": {"situation": "give", "player": 2, "pile": 2, "in_need": None},
...     "givers": [3, 0, 1, 2], "free_actions_used": 0,
...     "chat": [{"ply": 4, "player": 1, "text": "green, give the move to red"}],
...     "current_player": 2, "outcome": None}
>>> state = SimpleNamespace(
...     num_players=4, current_player=2, to_json=lambda viewer=None: data,
...     outcome=lambda: None)
>>> print(ascii(state, None))
#1  Y R
#2  B G  < give
  0 R red     stock 6  prisoners none
  1 B blue    stock 6  prisoners none
* 2 G green   stock 6  prisoners none
  3 Y yellow  stock 6  prisoners none
dead box  R0 B0 G0 Y0
givers  Y > R > B > G
chat [ply 4] blue: green, give the move to red
ply 7, last play G on 2
to decide: green gives the move (pile #2): R, Y
to move: 2
>>> svg(state, None, 300).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')
True
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from ._common import disc as _disc
from ._common import featured, printable
from ._common import mix as _mix
from ._common import num as _n
from ._common import ply_text as _ply_text
from ._common import status as _status
from ._common import svg_head as _svg_head
from ._common import text_color as _text_color
from ._common import view as _view

__all__ = ["COLORS", "LETTERS", "NAMES", "ascii", "svg"]

#: Letter, name and drawing colour of each player's colour, in seat order.
LETTERS = "RBGYPO"
NAMES = ("red", "blue", "green", "yellow", "purple", "orange")
COLORS = ("#E0564B", "#3D7DD8", "#3AA35B", "#F2C12E", "#9661C9", "#F28C28")
_INK = "#222222"
_MUTED = "#6B6B6B"
_FELT = "#F2EFE8"
_CHAT_LINES = 3  # the last messages shown


def _letter(player: int) -> str:
    return LETTERS[player] if 0 <= player < len(LETTERS) else str(player)


def _name(player: int) -> str:
    return NAMES[player] if 0 <= player < len(NAMES) else f"player {player}"


def _color(player: int) -> str:
    return COLORS[player % len(COLORS)]


def _piles(data: dict[str, Any]) -> list[tuple[int, list[int]]]:
    """(id, colours bottom to top) of every pile, in ascending id."""
    return [
        (int(pile["id"]), [LETTERS.index(c) for c in str(pile["chips"]) if c in LETTERS])
        for pile in data.get("piles") or []
    ]


def _give_options(data: dict[str, Any], pile: int | None) -> list[int]:
    """The living players whose colour is missing from ``pile``: whom the move may go to."""
    colours = dict(_piles(data)).get(int(pile), []) if pile is not None else []
    return [p for p, alive in enumerate(data["alive"]) if alive and p not in colours]


def _decision_text(data: dict[str, Any]) -> str | None:
    """``blue gives the move (pile #3): R, G``, ``red plays``, ... ``None`` once over."""
    decision = data.get("decision")
    if not decision:
        return None
    situation = decision["situation"]
    who = _name(int(decision["player"]))
    pile = decision.get("pile")
    if situation == "play":
        text = f"{who} plays"
    elif situation == "give":
        options = ", ".join(_letter(p) for p in _give_options(data, pile))
        text = f"{who} gives the move (pile #{pile}): {options}"
    elif situation == "kill":
        text = f"{who} kills a chip of pile #{pile}"
    elif situation == "rescue":
        text = f"{who} is asked to rescue {_name(int(decision['in_need']))}"
    else:
        text = f"{who} decides ({situation})"
    limit = int((data.get("options") or {}).get("free_actions") or 0)
    if limit > 0:
        text += f" (free actions used {int(data.get('free_actions_used') or 0)} of {limit})"
    return text


def _outcome_text(state: Any) -> str:
    """``red wins (last player alive)`` or ``draw (reason)``."""
    outcome = state.outcome()
    winners = tuple(outcome.winners)
    if not winners:
        return f"draw ({outcome.reason})"
    names = ", ".join(_name(int(p)) for p in winners)
    return f"{names} {'wins' if len(winners) == 1 else 'win'} ({outcome.reason})"


def _featured(state: Any, data: dict[str, Any]) -> int | None:
    """The player who decides, or the winner once the game is won; ``None`` after a draw."""
    decision = data.get("decision")
    return featured(state, int(decision["player"]) if decision else None)


def _last_text(data: dict[str, Any]) -> str:
    """``ply 11, last play B on 2`` (``ply 0`` at the start)."""
    return _ply_text(data.get("moves") or [])


def _chat(data: dict[str, Any], limit: int) -> list[str]:
    """The last messages as ``[ply 4] green: text``, on one line each, cut to ``limit`` chars."""
    lines = []
    for message in (data.get("chat") or [])[-_CHAT_LINES:]:
        text = printable(" ".join(str(message["text"]).split()))
        line = f"[ply {int(message['ply'])}] {_name(int(message['player']))}: {text}"
        lines.append(line if len(line) <= limit else line[: limit - 3].rstrip() + "...")
    return lines


def _givers_text(data: dict[str, Any], limit: int | None = None) -> str:
    """The chain of givers bottom to top (``Y > R > B``), only its top part if ``limit``."""
    chain = [_letter(int(p)) for p in data.get("givers") or []]
    if limit is not None and len(chain) > limit:
        return "... > " + " > ".join(chain[-limit:])
    return " > ".join(chain)


# -- text --------------------------------------------------------------------------------------


def ascii(state: Any, viewer: int | None) -> str:
    """The game as text: one line per pile, per player, the dead box, the chat, the status.

    A pile is ``#3  R B G Y``, bottom to top, marked ``< give`` or ``< kill`` when the decision
    is about it. A player's line gives its colour, its stock and its prisoners by colour, and
    ``dead``, ``in need`` or ``winner``; the decider is marked ``*``. Then the dead box, the
    chain of givers (bottom to top), the last chat messages, the ply count with the last move, a
    line saying who must decide what (while the game runs), and the status line.
    """
    data = _view(state, viewer)
    players = state.num_players
    decision = data.get("decision") or {}
    lines = []
    piles = _piles(data)
    width = max((len(str(i)) for i, _ in piles), default=1)
    for pile_id, colours in piles:
        line = f"#{pile_id:<{width}}  " + " ".join(_letter(c) for c in colours)
        if decision.get("pile") == pile_id:
            line += f"  < {decision['situation']}"
        lines.append(line)
    if not piles:
        lines.append("no piles on the table")
    featured = _featured(state, data)
    over = state.outcome() is not None
    name_width = max(len(_name(p)) for p in range(players))
    for p in range(players):
        hand = [int(v) for v in data["hands"][p]]
        prisoners = " ".join(f"{_letter(c)}{k}" for c, k in enumerate(hand) if c != p and k)
        mark = "*" if p == featured and not over else " "
        line = f"{mark} {p} {_letter(p)} {_name(p):<{name_width}}  stock {hand[p]}"
        line += f"  prisoners {prisoners or 'none'}"
        if not data["alive"][p]:
            line += "  dead"
        if decision.get("in_need") == p:
            line += "  in need"
        if over and p == featured:
            line += "  winner"
        lines.append(line)
    dead_box = " ".join(f"{_letter(c)}{int(k)}" for c, k in enumerate(data["dead_box"]))
    lines.append(f"dead box  {dead_box}")
    if data.get("givers"):
        lines.append(f"givers  {_givers_text(data, 10)}")
    lines.extend(f"chat {line}" for line in _chat(data, 90))
    lines.append(_last_text(data))
    text = _decision_text(data)
    if text is not None:
        lines.append(f"to decide: {text}")
    lines.append(_status(state))
    return "\n".join(lines)


# -- SVG ---------------------------------------------------------------------------------------

# Lengths in units; the drawing is _WIDTH units wide.
_WIDTH = 13.0
_MARGIN = 0.3
_CONTENT = _WIDTH - 2 * _MARGIN
_HEADER = 0.6  # "table" and the last move
_CHIP_W, _CHIP_H, _STEP = 0.9, 0.34, 0.38  # a chip of a pile, and the rise from one to the next
_COL_GAP = 0.08  # between the columns of one tall pile
_PAD = 0.12  # inside a pile's tile
_PILE_GAP = 0.22
_ROW_GAP = 0.2
_LABEL = 0.42  # the pile id under its tile
_CAP = 16  # chips per column: a taller pile goes on in a column to its right
_SECTION = 0.35  # between the table, the players and the rest
_PLAYER = 0.82  # one player's row
_LINE = 0.5  # the dead box and the chain of givers
_CHAT = 0.4
_CAPTION = 0.8
_HAND_R = 0.22  # a chip in a hand or in the dead box
_SLOT = 0.95  # one chip with its count
_BOX = 2.05  # where the chips of the dead box start


def svg(state: Any, viewer: int | None, size: int) -> str:
    """A self-contained SVG of the table, the players and the dead box, ``size`` pixels wide.

    The piles stand as stacks of chips bottom to top on light tiles, with their ids below,
    wrapped onto as many rows as needed (a pile of more than 16 chips goes on in a column to its
    right); the pile of a give or kill decision has its tile tinted and outlined in the
    decider's colour. Each player's row shows its colour, its stock and its prisoners (a chip
    of each colour held, with the count); dead players are greyed out and the decider (or the
    winner) is framed. Then the dead box by colour, the chain of givers, the last chat messages,
    and a caption saying who must decide what or how the game ended.
    """
    data = _view(state, viewer)
    unit = size / _WIDTH
    players = state.num_players
    rows = _layout(_piles(data))
    table = sum(r[0] for r in rows) + _ROW_GAP * (len(rows) - 1) if rows else 1.0
    chat = _chat(data, int(_CONTENT / (0.28 * 0.55)))
    height = (
        _MARGIN
        + _HEADER
        + table
        + _SECTION
        + players * _PLAYER
        + _SECTION
        + _LINE
        + len(chat) * _CHAT
        + _SECTION
        + _CAPTION
    )
    h = height * unit
    status = _status(state)
    out = _svg_head(f"So Long Sucker: {status}", size, h)
    y = _MARGIN
    out.extend(_header(data, y, unit))
    y += _HEADER
    out.extend(_table(data, rows, y, unit))
    y += table + _SECTION
    out.extend(_players(state, data, y, unit))
    y += players * _PLAYER + _SECTION
    out.extend(_dead_box(data, y, unit))
    y += _LINE
    for line in chat:
        y += _CHAT
        out.append(
            f'<text x="{_n(_MARGIN * unit)}" y="{_n((y - 0.1) * unit)}" '
            f'font-size="{_n(0.28 * unit)}" fill="{_MUTED}">{escape(line)}</text>'
        )
    out.extend(_caption(state, data, height, unit))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _text(x: float, y: float, text: str, font: float, unit: float, extra: str = "") -> str:
    """A text at (x, y) in units, ``extra`` attributes added."""
    return (
        f'<text x="{_n(x * unit)}" y="{_n(y * unit)}" font-size="{_n(font * unit)}"'
        f"{' ' + extra if extra else ''}>{escape(text)}</text>"
    )


def _header(data: dict[str, Any], y: float, unit: float) -> list[str]:
    """``table`` and the pile count (left), the ply count and the last move (right)."""
    count = len(data.get("piles") or [])
    left = f"table · {count} pile{'' if count == 1 else 's'}"
    base = y + 0.35
    return [
        _text(_MARGIN, base, left, 0.3, unit, f'font-weight="bold" fill="{_INK}"'),
        _text(
            _WIDTH - _MARGIN,
            base,
            _last_text(data),
            0.3,
            unit,
            f'text-anchor="end" fill="{_MUTED}"',
        ),
    ]


def _columns(length: int) -> int:
    return max(1, math.ceil(length / _CAP))


def _tile(length: int) -> tuple[float, float]:
    """(width, height) in units of the tile of a pile of ``length`` chips."""
    cols = _columns(length)
    tall = max(1, min(length, _CAP))
    return (
        2 * _PAD + cols * _CHIP_W + (cols - 1) * _COL_GAP,
        2 * _PAD + (tall - 1) * _STEP + _CHIP_H,
    )


Row = tuple[float, list[tuple[float, int, list[int]]]]


def _layout(piles: list[tuple[int, list[int]]]) -> list[Row]:
    """The piles in rows: (row height, [(x of the tile, id, colours)]), as many as fit a row."""
    rows: list[Row] = []
    row: list[tuple[float, int, list[int]]] = []
    x = _MARGIN
    for pile_id, colours in piles:
        width = _tile(len(colours))[0]
        if row and x + width > _WIDTH - _MARGIN:
            rows.append((max(_tile(len(c))[1] for _, _, c in row) + _LABEL, row))
            row, x = [], _MARGIN
        row.append((x, pile_id, colours))
        x += width + _PILE_GAP
    if row:
        rows.append((max(_tile(len(c))[1] for _, _, c in row) + _LABEL, row))
    return rows


def _table(data: dict[str, Any], rows: list[Row], top: float, unit: float) -> list[str]:
    """The piles, bottom-aligned in each row, ids below; the decision's pile highlighted."""
    if not rows:
        return [
            f'<rect x="{_n(_MARGIN * unit)}" y="{_n(top * unit)}" '
            f'width="{_n(_CONTENT * unit)}" height="{_n(0.9 * unit)}" rx="{_n(0.12 * unit)}" '
            f'fill="{_FELT}"/>',
            _text(
                _WIDTH / 2,
                top + 0.55,
                "no piles on the table",
                0.3,
                unit,
                f'text-anchor="middle" font-style="italic" fill="{_MUTED}"',
            ),
        ]
    decision = data.get("decision") or {}
    focus = decision.get("pile") if decision.get("situation") in ("give", "kill") else None
    decider = decision.get("player")
    out = []
    for height, row in rows:
        base = top + height - _LABEL  # the bottom of the tiles
        for x, pile_id, colours in row:
            width, tall = _tile(len(colours))
            if pile_id == focus and decider is not None:
                color = _color(int(decider))
                fill, stroke = (
                    _mix(color, 0.22),
                    f'stroke="{color}" stroke-width="{_n(0.06 * unit)}"',
                )
            else:
                fill, stroke = _FELT, f'stroke="#DDD8CC" stroke-width="{_n(0.02 * unit)}"'
            out.append(
                f'<rect x="{_n(x * unit)}" y="{_n((base - tall) * unit)}" '
                f'width="{_n(width * unit)}" height="{_n(tall * unit)}" '
                f'rx="{_n(0.1 * unit)}" fill="{fill}" {stroke}/>'
            )
            for k, colour in enumerate(colours):
                col, level = divmod(k, _CAP)
                cx = x + _PAD + col * (_CHIP_W + _COL_GAP)
                cy = base - _PAD - level * _STEP - _CHIP_H
                out.extend(_pile_chip(cx, cy, colour, unit))
            weight = ' font-weight="bold"' if pile_id == focus else ""
            out.append(
                _text(
                    x + width / 2,
                    base + 0.31,
                    f"#{pile_id}",
                    0.26,
                    unit,
                    f'text-anchor="middle" fill="{_INK if pile_id == focus else _MUTED}"{weight}',
                )
            )
        top += height + _ROW_GAP
    return out


def _pile_chip(x: float, y: float, colour: int, unit: float) -> list[str]:
    """A chip of a pile seen from the side, top-left corner (x, y), with its letter."""
    color = _color(colour)
    font = 0.25
    return [
        f'<rect x="{_n(x * unit)}" y="{_n(y * unit)}" width="{_n(_CHIP_W * unit)}" '
        f'height="{_n(_CHIP_H * unit)}" rx="{_n(0.1 * unit)}" fill="{color}" '
        f'stroke="{_INK}" stroke-width="{_n(0.025 * unit)}"/>',
        _text(
            x + _CHIP_W / 2,
            y + _CHIP_H / 2 + 0.36 * font,
            _letter(colour),
            font,
            unit,
            f'text-anchor="middle" font-weight="bold" fill="{_text_color(color)}"',
        ),
    ]


def _hand_chip(x: float, y: float, colour: int, count: int, unit: float) -> list[str]:
    """A round chip of ``colour`` centred at (x + r, y) with its letter, then its count."""
    color = _color(colour)
    cx = x + _HAND_R
    font = 0.24
    return [
        f'<circle cx="{_n(cx * unit)}" cy="{_n(y * unit)}" r="{_n(_HAND_R * unit)}" '
        f'fill="{color}" stroke="{_INK}" stroke-width="{_n(0.025 * unit)}"/>',
        _text(
            cx,
            y + 0.36 * font,
            _letter(colour),
            font,
            unit,
            f'text-anchor="middle" font-weight="bold" fill="{_text_color(color)}"',
        ),
        _text(x + 2 * _HAND_R + 0.07, y + 0.36 * 0.3, str(count), 0.3, unit, f'fill="{_INK}"'),
    ]


def _players(state: Any, data: dict[str, Any], top: float, unit: float) -> list[str]:
    """One row per player: its colour and name, its stock, its prisoners by colour."""
    featured = _featured(state, data)
    over = state.outcome() is not None
    decision = data.get("decision") or {}
    out = []
    for p in range(state.num_players):
        y0 = top + p * _PLAYER
        mid = y0 + (_PLAYER - 0.06) / 2
        color = _color(p)
        alive = bool(data["alive"][p])
        out.append("<g>" if alive else '<g opacity="0.4">')
        if p == featured:
            out.append(
                f'<rect x="{_n(_MARGIN * unit)}" y="{_n(y0 * unit)}" '
                f'width="{_n(_CONTENT * unit)}" height="{_n((_PLAYER - 0.06) * unit)}" '
                f'rx="{_n(0.1 * unit)}" fill="{_mix(color, 0.15)}" stroke="{color}" '
                f'stroke-width="{_n(0.05 * unit)}"/>'
            )
        disc = _MARGIN + 0.38
        fill = color if alive else "#9A9A9A"
        out.append(
            f'<circle cx="{_n(disc * unit)}" cy="{_n(mid * unit)}" r="{_n(0.26 * unit)}" '
            f'fill="{fill}" stroke="{_INK}" stroke-width="{_n(0.04 * unit)}"/>'
        )
        out.append(
            _text(
                disc,
                mid + 0.36 * 0.28,
                _letter(p),
                0.28,
                unit,
                f'text-anchor="middle" font-weight="bold" fill="{_text_color(fill)}"',
            )
        )
        tags = []
        if not alive:
            tags.append("dead")
        if decision.get("in_need") == p:
            tags.append("in need")
        if over and p == featured:
            tags.append("winner")
        name = f"{p} {_name(p)}"
        out.append(
            _text(
                disc + 0.4, mid + 0.36 * 0.32, name, 0.32, unit, f'font-weight="bold" fill="{_INK}"'
            )
        )
        if tags:
            out.append(
                _text(
                    disc + 0.4 + 0.21 * len(name) + 0.12,
                    mid + 0.36 * 0.26,
                    " · ".join(tags),
                    0.26,
                    unit,
                    f'font-style="italic" fill="{_INK if p == featured else _MUTED}"',
                )
            )
        hand = [int(v) for v in data["hands"][p]]
        label = f'fill="{_MUTED}"'
        out.append(_text(4.5, mid + 0.36 * 0.26, "stock", 0.26, unit, label))
        out.extend(_hand_chip(5.35, mid, p, hand[p], unit))
        out.append(_text(6.35, mid + 0.36 * 0.26, "prisoners", 0.26, unit, label))
        held = [(c, k) for c, k in enumerate(hand) if c != p and k]
        if not held:
            out.append(_text(7.75, mid + 0.36 * 0.26, "none", 0.26, unit, label))
        for i, (c, k) in enumerate(held):
            out.extend(_hand_chip(7.75 + i * _SLOT, mid, c, k, unit))
        out.append("</g>")
    return out


def _dead_box(data: dict[str, Any], top: float, unit: float) -> list[str]:
    """The dead box by colour (empty colours faded), and the chain of givers on the right."""
    mid = top + _LINE / 2 - 0.05
    out = [
        _text(
            _MARGIN,
            mid + 0.36 * 0.28,
            "dead box",
            0.28,
            unit,
            f'font-weight="bold" fill="{_INK}"',
        )
    ]
    for c, k in enumerate(data["dead_box"]):
        chip = _hand_chip(_BOX + c * _SLOT, mid, c, int(k), unit)
        out.append("<g>" if k else '<g opacity="0.3">')
        out.extend(chip)
        out.append("</g>")
    if data.get("givers"):
        x0 = _BOX + len(data["dead_box"]) * _SLOT + 0.3
        room = int((_WIDTH - _MARGIN - x0) / (0.28 * 0.55)) - len("givers ")
        limit = max(1, (room - 4) // 4)
        out.append(
            _text(
                _WIDTH - _MARGIN,
                mid + 0.36 * 0.28,
                f"givers {_givers_text(data, limit)}",
                0.28,
                unit,
                f'text-anchor="end" fill="{_MUTED}"',
            )
        )
    return out


def _caption(state: Any, data: dict[str, Any], height: float, unit: float) -> list[str]:
    """Who must decide what, or how the game ended, after a disc of that player's colour."""
    over = state.outcome() is not None
    text = _outcome_text(state) if over else _decision_text(data) or _status(state)
    who = _featured(state, data)
    y = height - _MARGIN - 0.18
    x = _MARGIN
    out = []
    if who is not None:
        out.append(
            _disc((x + 0.25) * unit, (y - 0.13) * unit, 0.25 * unit, _color(who), 0.04 * unit)
        )
        x += 0.65
    font = min(0.38, (_WIDTH - _MARGIN - x) / (0.56 * max(1, len(text))))
    out.append(_text(x, y, text, font, unit, f'fill="{_INK}"'))
    return out


# -- moves, for a page that offers them as buttons ---------------------------------------------


def _colour(letter: str) -> str:
    return _name(LETTERS.index(letter)) if letter and letter in LETTERS else letter


def move_words(state: Any, move: str) -> str | None:
    """A move in words for a button, its colours named (``play G on 3`` -> ``play a green chip
    on pile 3``); ``None`` for a notation that names no such move.

    >>> [move_words(None, m) for m in ["play G on 3", "play G new", "give B", "kill R"]]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['play a green chip on pile 3', 'play a green chip on a new pile',
     'give the move to blue', 'kill a red chip']
    >>> [move_words(None, m) for m in ["rescue R", "refuse", "B: transfer G to Y", "B: kill G"]]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['rescue with a red prisoner', 'refuse to rescue',
     'blue: transfer a green prisoner to yellow', 'blue: kill a green prisoner']
    """
    words = move.split(" ")
    if words[0].endswith(":") and len(words) > 1:  # a free action: ``B: ...``
        who, rest = _colour(words[0][:-1]), _primary_words(words[1:], "prisoner")
        return f"{who}: {rest}" if rest else None
    return _primary_words(words, "chip")


def _primary_words(words: list[str], chip: str) -> str | None:
    if len(words) == 4 and words[0] == "play" and words[2] == "on":
        return f"play a {_colour(words[1])} chip on pile {words[3]}"
    if len(words) == 3 and words[0] == "play" and words[2] == "new":
        return f"play a {_colour(words[1])} chip on a new pile"
    if len(words) == 4 and words[0] == "transfer" and words[2] == "to":
        return f"transfer a {_colour(words[1])} {chip} to {_colour(words[3])}"
    if len(words) == 2:
        verb, c = words
        said = {
            "give": f"give the move to {_colour(c)}",
            "kill": f"kill a {_colour(c)} {chip}",
            "rescue": f"rescue with a {_colour(c)} prisoner",
        }
        return said.get(verb)
    return "refuse to rescue" if words == ["refuse"] else None
