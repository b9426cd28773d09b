"""Armadora drawn as text and as SVG, from the public state API only.

The geometry is computed here from the rules page (``docs/rules/armadora.md``): 8 columns
``a``..``h`` by 5 rows ``1``..``5``, row 1 at the top; cell index 8·y + x. The eight gold mines
are d1, b2, f2, h2, a4, e4, c5, g5 in mine order. Slot 7·y + x is the border right of (x, y) and
slot 35 + 8·y + x the border below it. Everything is read from ``state.to_json(viewer=...)``, so
a viewer's drawing holds exactly what that viewer may see: another player's warriors are face
down until the game is over, unless the Goblin placed them face up or the viewer, as a Mage,
looked at them. With ``rules="advanced"`` the drawings also show each player's race, power tokens
left and reinforcement token, every arrow and reinforcement on the board, the face-up warriors
and the cells each player looked at; with ``partners=True`` the two teams.

>>> from types import SimpleNamespace
>>> warriors = [None] * 40
>>> warriors[CELLS.index("c3")] = [0, 3]
>>> warriors[CELLS.index("f4")] = [1, None]
>>> data = {
...     "moves": ["3@c3", "?@f4", "c2-d2 c2-c3"], "warriors": warriors,
...     "gold": [5, 3, 7, 4, 6, 4, 5, 6], "palisades": [9, 45],
...     "supplies": [[11, 2, 0, 1, 1], 15], "palisades_left": 33,
...     "passed": [False, True], "current_player": 0, "outcome": None}
>>> state = SimpleNamespace(
...     num_players=2, current_player=0, to_json=lambda viewer=None: data,
...     outcome=lambda: None, scores=lambda: None)
>>> print(ascii(state, 0))
   a   b   c   d   e   f   g   h
1  .   .   .  $5   .   .   .   .  1
<BLANKLINE>
2  .  $3   . | .   .  $7   .  $4  2
          ---
3  .   .  O3   .   .   .   .   .  3
<BLANKLINE>
4 $6   .   .   .  $4  G?   .   .  4
<BLANKLINE>
5  .   .  $5   .   .   .  $6   .  5
palisades left 33
0 O orc     supply 1:11 2:2 3:0 4:1 5:1
1 G goblin  supply 15 face down  passed
to move: 0
>>> svg(state, 0, 300).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')
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
from ._common import view as _view

__all__ = ["CELLS", "COLORS", "LETTERS", "MINES", "NAMES", "ascii", "svg"]

COLUMNS = "abcdefgh"
WIDTH, HEIGHT = 8, 5
NUM_CELLS = WIDTH * HEIGHT
#: Name of every cell (``a1`` .. ``h5``), by cell index 8·y + x.
CELLS: tuple[str, ...] = tuple(f"{COLUMNS[i % WIDTH]}{i // WIDTH + 1}" for i in range(NUM_CELLS))
_INDEX = {name: i for i, name in enumerate(CELLS)}
#: Cell index of every mine, in mine order (d1, b2, f2, h2, a4, e4, c5, g5).
MINES: tuple[int, ...] = tuple(_INDEX[n] for n in ("d1", "b2", "f2", "h2", "a4", "e4", "c5", "g5"))
_RIGHT_SLOTS = (WIDTH - 1) * HEIGHT  # 35 vertical borders, then the 32 horizontal ones

#: Letter and name of each character, in seat order.
LETTERS = "OGEM"
NAMES = ("orc", "goblin", "elf", "mage")
# Green, red, blue and purple of Paul Tol's "bright" scheme (distinct for colour-blind readers);
# its yellow is left out so that no player is mistaken for gold.
COLORS = ("#228833", "#EE6677", "#4477AA", "#AA3377")
_INK = "#222222"
_TILE = "#E8E8E8"
_MINE = "#F6E7B0"
_COIN = "#D4A017"
_WOOD = "#4A2E12"
_LAST = "#FF9900"


def _races(data: dict[str, Any], players: int) -> list[str]:
    """Each player's race: the ``races`` option when given, else the seat characters."""
    races = (data.get("options") or {}).get("races")
    if races:
        return [str(r) for r in races]
    return [NAMES[p] if p < len(NAMES) else f"player {p}" for p in range(players)]


def _letter(race: str) -> str:
    return race[:1].upper()


class _Tokens:
    """The advanced rules' public tokens and the viewer's looks, read from one JSON view.

    With base rules every field is empty, so the drawings are those of the base game.
    """

    def __init__(self, data: dict[str, Any], players: int) -> None:
        options = data.get("options") or {}
        self.advanced = options.get("rules") == "advanced"
        self.partners = bool(options.get("partners"))
        self.powers: list[int] = [int(v) for v in data.get("powers") or []]
        self.reinforcements: list[int | None] = list(data.get("reinforcements") or [])
        self.reinforced = {int(c): p for p, c in enumerate(self.reinforcements) if c is not None}
        self.arrows: list[int] = [int(v) for v in data.get("arrows") or [0] * NUM_CELLS]
        self.face_up = {int(c) for c in data.get("face_up") or []}
        self.looks: list[list[int]] = [[int(c) for c in cells] for cells in data.get("looks") or []]
        viewer = data.get("viewer")
        self.viewer: int | None = None if viewer is None else int(viewer)
        self.players = players

    def seen(self, cell: int) -> bool:
        """Whether the viewer knows this warrior's strength only because it looked at it."""
        return (
            self.viewer is not None
            and self.viewer < len(self.looks)
            and cell in self.looks[self.viewer]
        )

    def marker(self, cell: int) -> str:
        """One character after a warrior on the text board: ``+`` reinforced, ``v`` under
        arrows, ``*`` both, ``^`` face up; a space when none."""
        reinforced, arrowed = cell in self.reinforced, self.arrows[cell] > 0
        if reinforced and arrowed:
            return "*"
        if reinforced:
            return "+"
        if arrowed:
            return "v"
        return "^" if cell in self.face_up else ""

    def team(self, player: int) -> str:
        return f"{player % 2}+{player % 2 + 2}"

    def reinforcement_text(self, player: int) -> str:
        cell = self.reinforcements[player] if player < len(self.reinforcements) else None
        return "reinforcement ready" if cell is None else f"reinforcement on {CELLS[cell]}"

    def reinforcement_badge(self, player: int) -> str:
        """The reinforcement token in the SVG panel's few words: ``+1 held``, ``+1 on h3``."""
        cell = self.reinforcements[player] if player < len(self.reinforcements) else None
        return "+1 held" if cell is None else f"+1 on {CELLS[cell]}"

    def describe(self, cell: int, owner: int, race: str, strength: int | None) -> str:
        """A warrior in words, for the SVG ``<title>`` (screen readers, tooltips)."""
        words = [f"{CELLS[cell]}: {race} warrior of player {owner}"]
        words.append("strength hidden" if strength is None else f"strength {strength}")
        if cell in self.face_up:
            words.append("face up")
        if self.seen(cell):
            words.append("looked at by you")
        if cell in self.reinforced:
            words.append("reinforced (+1)")
        if self.arrows[cell]:
            n = self.arrows[cell]
            words.append(f"{n} arrow{'s' if n > 1 else ''} (-{n})")
        return ", ".join(words)


def _color(player: int) -> str:
    return COLORS[player % len(COLORS)]


def _slot(a: int, b: int) -> int | None:
    """The slot between cells ``a`` < ``b``, or ``None`` when they are not neighbours."""
    ya, xa = divmod(a, WIDTH)
    yb, xb = divmod(b, WIDTH)
    if ya == yb and xb == xa + 1:
        return (WIDTH - 1) * ya + xa
    if xa == xb and yb == ya + 1:
        return _RIGHT_SLOTS + a
    return None


def _slot_cells(slot: int) -> tuple[int, bool]:
    """(cell left of or above ``slot``, whether the slot is the border right of that cell)."""
    if slot < _RIGHT_SLOTS:
        y, x = divmod(slot, WIDTH - 1)
        return WIDTH * y + x, True
    return slot - _RIGHT_SLOTS, False


def _last_move(data: dict[str, Any]) -> tuple[int | None, list[int]]:
    """(the cell of the last move if a warrior move, the slots of a palisade move)."""
    moves = data.get("moves") or []
    if not moves:
        return None, []
    text = str(moves[-1])
    if "@" in text:
        return _INDEX.get(text.partition("@")[2]), []
    slots = []
    for part in text.split():
        a, _, b = part.partition("-")
        if a in _INDEX and b in _INDEX:
            slot = _slot(_INDEX[a], _INDEX[b])
            if slot is not None:
                slots.append(slot)
    return None, slots


def _supply_text(supply: Any) -> str:
    """``1:11 2:2 3:0 4:1 5:1`` for a visible supply, ``15 face down`` for a hidden one."""
    if isinstance(supply, int):
        return f"{supply} face down"
    return " ".join(f"{s}:{c}" for s, c in enumerate(supply, start=1))


def _scores(state: Any) -> list[int] | None:
    scores = state.scores()
    return None if scores is None else [int(v) for v in scores]


# -- text --------------------------------------------------------------------------------------


def ascii(state: Any, viewer: int | None) -> str:
    """The board as text: row 1 on top, then palisades left, one line per player, the status.

    A cell shows its gold (``$5``), a warrior as its race's letter and strength (``O3``; ``O?``
    when face down for ``viewer``) or ``.``. A palisade is ``|`` between horizontal neighbours
    and ``---`` under the upper of two vertical neighbours. Each player's line gives its
    race, its supply by strength (or only its size when hidden), ``passed``, and its gold
    once the game is over.

    With ``rules="advanced"`` a warrior may carry one mark: ``+`` a reinforcement token, ``v``
    arrows, ``*`` both, ``^`` face up; lines under the board list the arrows, face-up warriors
    and looks, and each player's line adds its power tokens and reinforcement token. With
    ``partners=True`` a line names the teams and each player's line its team.
    """
    data = _view(state, viewer)
    players = state.num_players
    races = _races(data, players)
    tokens = _Tokens(data, players)
    gold = dict(zip(MINES, data["gold"]))
    warriors = data["warriors"]
    palisades = set(data["palisades"])
    lines = ["  " + "".join(f" {c}  " for c in COLUMNS).rstrip()]
    for y in range(HEIGHT):
        row = f"{y + 1} "
        for x in range(WIDTH):
            i = WIDTH * y + x
            w = warriors[i]
            if w is not None:
                owner = int(w[0])
                cell = f"{_letter(races[owner])}{'?' if w[1] is None else w[1]}"
                cell += tokens.marker(i)
            elif i in gold:
                cell = f"${gold[i]}"
            else:
                cell = "."
            row += f"{cell:^3}"
            if x < WIDTH - 1:
                row += "|" if (WIDTH - 1) * y + x in palisades else " "
        lines.append(f"{row} {y + 1}")
        if y < HEIGHT - 1:
            under = "".join(
                ("---" if _RIGHT_SLOTS + WIDTH * y + x in palisades else "   ") + " "
                for x in range(WIDTH)
            )
            lines.append(("  " + under).rstrip())
    lines.append(f"palisades left {data['palisades_left']}")
    lines.extend(_token_lines(tokens, races))
    scores = _scores(state)
    width = max(len(r) for r in races)
    for player in range(players):
        line = f"{player} {_letter(races[player])} {races[player]:<{width}}  "
        if tokens.partners:
            line += f"team {tokens.team(player)}  "
        line += f"supply {_supply_text(data['supplies'][player])}"
        if tokens.advanced:
            line += f"  powers {tokens.powers[player]}  {tokens.reinforcement_text(player)}"
        if data["passed"][player]:
            line += "  passed"
        if scores is not None:
            line += f"  gold {scores[player]}"
        lines.append(line)
    lines.append(_status(state))
    return "\n".join(lines)


def _token_lines(tokens: _Tokens, races: list[str]) -> list[str]:
    """The teams, arrows, face-up warriors and looks, one line each (none with base rules)."""
    lines = []
    if tokens.partners:
        lines.append("teams: 0+2 against 1+3")
    if not tokens.advanced:
        return lines
    arrows = [f"{CELLS[c]}x{n}" for c, n in enumerate(tokens.arrows) if n]
    lines.append("arrows (-1 each): " + (" ".join(arrows) or "none"))
    lines.append("face up: " + (" ".join(CELLS[c] for c in sorted(tokens.face_up)) or "none"))
    for player, cells in enumerate(tokens.looks):
        if cells:
            who = "you" if player == tokens.viewer else f"{player} {races[player]}"
            lines.append(f"looked at by {who}: " + " ".join(CELLS[c] for c in cells))
    return lines


# -- SVG ---------------------------------------------------------------------------------------

# Lengths in units of one cell.
_LEFT = 0.55  # row labels
_TOP = 0.3
_GAP = 0.45  # between the board and the panel
_PANEL = 4.3  # the players' panel, right of the board
_RIGHT = 0.2
_COLUMN_LABELS = 0.5  # column labels under the board
_CAPTION = 1.0
_BLOCK = 1.45  # one player's block in the panel
_ADVANCED_LINE = 0.4  # the block's extra line with the advanced rules: powers, reinforcement
_PANEL_HEAD = 0.55  # the panel's first line: palisades left (and the teams with partners)
_ARROW = "#C62828"  # arrows: red, apart from every player's colour
_REINFORCEMENT = "#F2C94C"
_WIDTH = _LEFT + WIDTH + _GAP + _PANEL + _RIGHT


def svg(state: Any, viewer: int | None, size: int) -> str:
    """A self-contained SVG of the board and a players' panel, ``size`` pixels wide.

    Land cells are grey tiles, mines golden tiles with a stack of as many coins as their value
    and the value written; palisades are thick dark bars on their borders. A warrior is a disc
    in its owner's colour with its strength; a warrior face down for ``viewer`` is a paler disc
    with a dashed ring and ``?``. The last move is marked (its cell outlined, or its palisades
    haloed). Right of the board: the palisades left, then per player its race, supply
    (its size, then strength×count without zeros; only its size when hidden), passed (greyed
    out while the game runs) and gold once over; the player to move (or the winner) is framed.
    A caption below says who moves or how the game ended.

    With ``rules="advanced"``: a reinforced warrior has a golden ``+1`` badge, each arrow is a
    red arrow into its warrior, a face-up warrior has a second ring, and a warrior the viewer
    knows only by a look keeps its dashed ring around the strength; each panel block adds the
    power tokens left and the reinforcement token (``+1 held``, ``+1 on c3``). Every warrior has
    a ``<title>`` that says all of it in words. With ``partners=True`` the panel names the teams.
    """
    data = _view(state, viewer)
    tokens = _Tokens(data, state.num_players)
    races = _races(data, state.num_players)
    unit = size / _WIDTH
    panel = _panel_head(tokens) + state.num_players * _block(tokens)
    height = (_TOP + max(HEIGHT + _COLUMN_LABELS, panel) + _CAPTION) * unit
    status = _status(state)
    last_cell, last_slots = _last_move(data)

    out = _svg_head(f"Armadora: {status}", size, height)
    out.extend(_labels(unit))
    gold = dict(zip(MINES, data["gold"]))
    for i in range(NUM_CELLS):
        out.extend(_cell(i, gold.get(i), unit))
    out.append(
        f'<rect x="{_n(_LEFT * unit)}" y="{_n(_TOP * unit)}" width="{_n(WIDTH * unit)}" '
        f'height="{_n(HEIGHT * unit)}" fill="none" stroke="{_WOOD}" '
        f'stroke-width="{_n(0.06 * unit)}"/>'
    )
    for slot in last_slots:
        out.append(_bar(slot, unit, _LAST, 0.26))
    for slot in sorted(data["palisades"]):
        out.append(_bar(slot, unit, _WOOD, 0.13))
    for i, w in enumerate(data["warriors"]):
        if w is not None:
            owner = int(w[0])
            out.append(f"<g><title>{escape(tokens.describe(i, owner, races[owner], w[1]))}</title>")
            out.extend(_warrior(i, owner, w[1], unit, seen=tokens.seen(i)))
            out.extend(_marks(i, tokens, unit))
            out.append("</g>")
    if last_cell is not None:
        x0, y0 = _corner(last_cell, unit)
        pad = 0.05 * unit
        out.append(
            f'<rect x="{_n(x0 + pad)}" y="{_n(y0 + pad)}" width="{_n(unit - 2 * pad)}" '
            f'height="{_n(unit - 2 * pad)}" rx="{_n(0.06 * unit)}" fill="none" '
            f'stroke="{_LAST}" stroke-width="{_n(0.07 * unit)}"/>'
        )
    centres = [(n, *_corner(i, unit)) for i, n in enumerate(CELLS)]
    out.append(_cell_targets([(n, x + unit / 2, y + unit / 2) for n, x, y in centres], unit / 3))
    out.append(_slot_targets(unit))
    out.extend(_panel(state, data, tokens, races, unit))
    out.extend(_caption(state, data, status, height, size, unit))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _corner(i: int, unit: float) -> tuple[float, float]:
    """Top-left corner of cell ``i``'s tile (row 1 on top)."""
    y, x = divmod(i, WIDTH)
    return (_LEFT + x) * unit, (_TOP + y) * unit


def _labels(unit: float) -> list[str]:
    font = 0.34 * unit
    style = f'font-size="{_n(font)}" text-anchor="middle" fill="#666666"'
    out = []
    for x in range(WIDTH):
        cx = (_LEFT + x + 0.5) * unit
        out.append(
            f'<text x="{_n(cx)}" y="{_n((_TOP + HEIGHT + 0.38) * unit)}" {style}>'
            f"{COLUMNS[x]}</text>"
        )
    for y in range(HEIGHT):
        cy = (_TOP + y + 0.5) * unit + 0.35 * font
        out.append(f'<text x="{_n(_LEFT * unit / 2)}" y="{_n(cy)}" {style}>{y + 1}</text>')
    return out


def _cell(i: int, gold: int | None, unit: float) -> list[str]:
    """The tile of cell ``i``; a mine also gets its coin stack and value."""
    x0, y0 = _corner(i, unit)
    inset = 0.03 * unit
    out = [
        f'<rect x="{_n(x0 + inset)}" y="{_n(y0 + inset)}" width="{_n(unit - 2 * inset)}" '
        f'height="{_n(unit - 2 * inset)}" rx="{_n(0.06 * unit)}" '
        f'fill="{_TILE if gold is None else _MINE}"/>'
    ]
    if gold is None:
        return out
    cx = x0 + 0.32 * unit
    bottom = y0 + 0.84 * unit
    step = 0.085 * unit
    for k in range(int(gold)):
        out.append(
            f'<ellipse cx="{_n(cx)}" cy="{_n(bottom - k * step)}" rx="{_n(0.17 * unit)}" '
            f'ry="{_n(0.06 * unit)}" fill="{_COIN}" stroke="#8A6500" '
            f'stroke-width="{_n(0.02 * unit)}"/>'
        )
    font = 0.34 * unit
    out.append(
        f'<text x="{_n(x0 + 0.78 * unit)}" y="{_n(y0 + 0.5 * unit + 0.35 * font)}" '
        f'font-size="{_n(font)}" font-weight="bold" text-anchor="middle" fill="#8A6500">'
        f"{int(gold)}</text>"
    )
    return out


def _bar(slot: int, unit: float, color: str, thickness: float) -> str:
    """A palisade on ``slot``: a bar ``thickness`` cells thick along the border."""
    cell, right = _slot_cells(slot)
    x0, y0 = _corner(cell, unit)
    t = thickness * unit
    over = 0.04 * unit
    if right:
        x, y, w, h = x0 + unit - t / 2, y0 - over, t, unit + 2 * over
    else:
        x, y, w, h = x0 - over, y0 + unit - t / 2, unit + 2 * over, t
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'rx="{_n(t / 3)}" fill="{color}"/>'
    )


def _slot_targets(unit: float) -> str:
    """An invisible layer of the borders between cells, each named by ``data-cell`` as a
    palisade on it is written (``c2-d2``), so that a page can tell which border a click is on."""
    bars = []
    for slot in range(_RIGHT_SLOTS + WIDTH * (HEIGHT - 1)):
        cell, right = _slot_cells(slot)
        other = cell + 1 if right else cell + WIDTH
        bar = _bar(slot, unit, "#000000", 0.3).replace("<rect ", "<rect data-cell=", 1)
        bars.append(bar.replace("data-cell=", f'data-cell="{CELLS[cell]}-{CELLS[other]}" ', 1))
    return f'<g class="cells slots" fill-opacity="0">{"".join(bars)}</g>'


def _block(tokens: _Tokens) -> float:
    return _BLOCK + (_ADVANCED_LINE if tokens.advanced else 0.0)


def _panel_head(tokens: _Tokens) -> float:
    return _PANEL_HEAD + (0.4 if tokens.partners else 0.0)


def _warrior(
    i: int, owner: int, strength: int | None, unit: float, seen: bool = False
) -> list[str]:
    """A disc in the owner's colour with the strength, or face down: pale, dashed, ``?``.

    A warrior the viewer knows only by a look (the Mage's power) keeps the dashed ring of a
    face-down warrior around its strength: the viewer knows it, the others do not.
    """
    x0, y0 = _corner(i, unit)
    cx, cy = x0 + 0.5 * unit, y0 + 0.5 * unit
    color = _color(owner)
    font = 0.4 * unit
    r = 0.34 * unit
    if strength is None:
        fill = _mix(color, 0.45)
        return [
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}" '
            f'stroke="{color}" stroke-width="{_n(0.06 * unit)}"/>',
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(0.24 * unit)}" fill="none" '
            f'stroke="{color}" stroke-width="{_n(0.03 * unit)}" '
            f'stroke-dasharray="{_n(0.06 * unit)} {_n(0.05 * unit)}"/>',
            f'<text x="{_n(cx)}" y="{_n(cy + 0.35 * font)}" font-size="{_n(font)}" '
            f'font-weight="bold" text-anchor="middle" fill="{_text_color(fill)}">?</text>',
        ]
    out = [
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{color}" '
        f'stroke="{_INK}" stroke-width="{_n(0.04 * unit)}"/>',
        f'<text x="{_n(cx)}" y="{_n(cy + 0.35 * font)}" font-size="{_n(font)}" '
        f'font-weight="bold" text-anchor="middle" fill="{_text_color(color)}">'
        f"{int(strength)}</text>",
    ]
    if seen:
        out.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(0.27 * unit)}" fill="none" '
            f'stroke="{_text_color(color)}" stroke-width="{_n(0.03 * unit)}" '
            f'stroke-dasharray="{_n(0.06 * unit)} {_n(0.05 * unit)}"/>'
        )
    return out


def _marks(i: int, tokens: _Tokens, unit: float) -> list[str]:
    """The advanced tokens on the warrior of cell ``i``: a face-up warrior gets a second ring;
    a reinforcement token is a golden ``+1`` badge top right; each arrow a red arrow head top
    left, pointing at the warrior, with ``-1``."""
    x0, y0 = _corner(i, unit)
    cx, cy = x0 + 0.5 * unit, y0 + 0.5 * unit
    out = []
    if i in tokens.face_up:
        out.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(0.41 * unit)}" fill="none" '
            f'stroke="{_INK}" stroke-width="{_n(0.025 * unit)}"/>'
        )
    if i in tokens.reinforced:
        bx, by, r = x0 + 0.8 * unit, y0 + 0.2 * unit, 0.16 * unit
        out.append(
            f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="{_n(r)}" fill="{_REINFORCEMENT}" '
            f'stroke="{_INK}" stroke-width="{_n(0.025 * unit)}"/>'
        )
        out.append(
            f'<text x="{_n(bx)}" y="{_n(by + 0.07 * unit)}" font-size="{_n(0.2 * unit)}" '
            f'font-weight="bold" text-anchor="middle" fill="{_INK}">+1</text>'
        )
    for k in range(tokens.arrows[i]):
        # a red arrow from a left corner of the cell into the disc (the first from the top,
        # the second from the bottom), haloed in white to stand out on any colour
        sy = 1 if k == 0 else -1
        ax, ay = x0 + 0.05 * unit, cy - sy * 0.45 * unit
        bx, by = x0 + 0.36 * unit, cy - sy * 0.14 * unit
        h = 0.14 * unit
        shaft = f'd="M{_n(ax)},{_n(ay)} L{_n(bx)},{_n(by)}" stroke-linecap="round"'
        head = (
            f'd="M{_n(bx + 0.03 * unit)},{_n(by + sy * 0.03 * unit)} L{_n(bx - h)},{_n(by)} '
            f'L{_n(bx)},{_n(by - sy * h)} Z"'
        )
        out.append(f'<path {shaft} stroke="#FFFFFF" stroke-width="{_n(0.1 * unit)}"/>')
        out.append(
            f'<path {head} fill="{_ARROW}" stroke="#FFFFFF" stroke-width="{_n(0.025 * unit)}"/>'
        )
        out.append(f'<path {shaft} stroke="{_ARROW}" stroke-width="{_n(0.055 * unit)}"/>')
    return out


def _panel(
    state: Any, data: dict[str, Any], tokens: _Tokens, races: list[str], unit: float
) -> list[str]:
    """Palisades left, then one block per player: swatch and race, supply, gold once over.

    The player to move (or the winner) has its block framed in its colour; a player who has
    passed is greyed out while the game runs. With the advanced rules each block adds the power
    tokens left and the reinforcement token (held, or the cell it is on); with partners the
    head names the teams and each block its team.
    """
    x0 = (_LEFT + WIDTH + _GAP) * unit
    font = 0.3 * unit
    line = 0.38 * unit
    out = [
        f'<text x="{_n(x0 + 0.1 * unit)}" y="{_n((_TOP + 0.3) * unit)}" '
        f'font-size="{_n(font)}" fill="{_INK}">palisades left '
        f"{int(data['palisades_left'])}</text>"
    ]
    if tokens.partners:
        out.append(
            f'<text x="{_n(x0 + 0.1 * unit)}" y="{_n((_TOP + 0.7) * unit)}" '
            f'font-size="{_n(font)}" fill="{_INK}">teams: 0+2 against 1+3</text>'
        )
    turn = _featured(state)
    scores = _scores(state)
    over = state.outcome() is not None
    block = _block(tokens)
    for player in range(state.num_players):
        top = (_TOP + _panel_head(tokens) + player * block) * unit
        color = _color(player)
        passed = bool(data["passed"][player])
        out.append('<g opacity="0.45">' if passed and not over else "<g>")
        if player == turn:
            out.append(
                f'<rect x="{_n(x0)}" y="{_n(top)}" width="{_n(_PANEL * unit)}" '
                f'height="{_n((block - 0.12) * unit)}" rx="{_n(0.1 * unit)}" '
                f'fill="{_mix(color, 0.15)}" stroke="{color}" stroke-width="{_n(0.05 * unit)}"/>'
            )
        cx, cy = x0 + 0.4 * unit, top + 0.4 * unit
        out.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(0.24 * unit)}" fill="{color}" '
            f'stroke="{_INK}" stroke-width="{_n(0.04 * unit)}"/>'
        )
        out.append(
            f'<text x="{_n(cx)}" y="{_n(cy + 0.35 * font)}" font-size="{_n(font)}" '
            f'text-anchor="middle" fill="{_text_color(color)}">{_letter(races[player])}</text>'
        )
        left = x0 + 0.8 * unit
        head = f"{player} {races[player]}"
        if tokens.partners:
            head += f" · team {tokens.team(player)}"
        head += " · passed" if passed else ""
        out.append(
            f'<text x="{_n(left)}" y="{_n(cy + 0.35 * font)}" font-size="{_n(font)}" '
            f'font-weight="bold" fill="{_INK}">{escape(head)}</text>'
        )
        supply = data["supplies"][player]
        if isinstance(supply, int):
            facts = [f"supply {supply}", "strengths hidden"]
        else:
            facts = [
                f"supply {sum(supply)}",
                " ".join(f"{s}×{c}" for s, c in enumerate(supply, 1) if c) or "none left",
            ]
        if scores is not None:
            facts[0] += f"   gold {scores[player]}"
        if tokens.advanced:
            facts.append(f"powers {tokens.powers[player]} · {tokens.reinforcement_badge(player)}")
        y = cy + 0.35 * font + 0.05 * unit
        for fact in facts:
            y += line
            out.append(
                f'<text x="{_n(left)}" y="{_n(y)}" font-size="{_n(font)}" fill="{_INK}" '
                f'xml:space="preserve">{escape(fact)}</text>'
            )
        out.append("</g>")
    return out


def _caption(
    state: Any, data: dict[str, Any], status: str, height: float, size: int, unit: float
) -> list[str]:
    """Whose turn it is or how it ended (left, after a disc of that player's colour), and the
    ply count with the last move as the viewer sees it (right)."""
    who = _featured(state)
    return _common_caption(
        status,
        _ply_text(data.get("moves") or []),
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


def move_words(state: Any, move: str) -> str | None:
    """A move in words for a button: a warrior by its strength (``3@b4`` -> ``strength 3``;
    ``goblin 2@c3`` -> ``goblin: strength 2``), palisades by their borders; ``None`` for a
    move whose notation says it already (``pass``, ``mage c3``).

    >>> move_words(None, "3@b4"), move_words(None, "goblin 2@c3")
    ('strength 3', 'goblin: strength 2')
    >>> move_words(None, "c2-d2"), move_words(None, "c2-d2 e4-e5")
    ('a palisade on c2-d2', 'two palisades: c2-d2 and e4-e5')
    """
    power, _, rest = move.rpartition(" ")
    strength, at, _ = rest.partition("@")
    if at and strength.isdigit():
        return f"{power}: strength {strength}" if power else f"strength {strength}"
    slots = move.split(" ")
    if all(s.count("-") == 1 and "@" not in s for s in slots):
        if len(slots) == 1:
            return f"a palisade on {slots[0]}"
        if len(slots) == 2:
            return f"two palisades: {slots[0]} and {slots[1]}"
    return None
