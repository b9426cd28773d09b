"""What the renderers share: the status line, the player a board features, the SVG document's
head and its caption, and small SVG helpers (standard library only)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

__all__ = [
    "INK",
    "caption",
    "cell_targets",
    "disc",
    "featured",
    "mix",
    "num",
    "ply_text",
    "printable",
    "status",
    "svg_head",
    "text_color",
    "view",
]

#: the colour of lines and text on every board
INK = "#222222"


def status(state: Any) -> str:
    """``to move: 1``, ``winner: 0 (reason)``, ``draw (reason)``: the last line of every board."""
    outcome = state.outcome()
    if outcome is None:
        player = state.current_player
        return "over" if player is None else f"to move: {player}"
    winners = tuple(outcome.winners)
    if not winners:
        return f"draw ({outcome.reason})"
    label = "winner" if len(winners) == 1 else "winners"
    return f"{label}: {', '.join(map(str, winners))} ({outcome.reason})"


def featured(state: Any, deciding: int | None = None) -> int | None:
    """The player a board features (framed in its panel, a disc in its caption): ``deciding``
    (by default the player to move) while the game runs, the winner once it is won; ``None``
    after a draw or a shared win.

    >>> import ludorum
    >>> state = ludorum.new(ludorum.games()[0], backend="reference")
    >>> featured(state) == state.current_player, featured(state, deciding=5)
    (True, 5)
    """
    outcome = state.outcome()
    if outcome is None:
        player: int | None = state.current_player if deciding is None else deciding
        return player
    winners: tuple[int, ...] = tuple(outcome.winners)
    return int(winners[0]) if len(winners) == 1 else None


def ply_text(moves: Sequence[object]) -> str:
    """``ply 11, last e5-f4`` (``ply 0`` at the start), from the moves played so far.

    >>> ply_text(["a", "b"]), ply_text([])
    ('ply 2, last b', 'ply 0')
    """
    return f"ply {len(moves)}" + (f", last {moves[-1]}" if moves else "")


def num(v: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def mix(color: str, amount: float) -> str:
    """``color`` mixed with white: ``amount`` 1 is the colour itself, 0 is white."""
    rgb = [int(color[k : k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * amount):02X}" for c in rgb)


def text_color(color: str) -> str:
    """Black or white, whichever contrasts more with ``color`` (WCAG luminance)."""

    def channel(byte: int) -> float:
        c = byte / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(color[k : k + 2], 16)) for k in (1, 3, 5))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    # Contrast with black is (lum + .05) / .05, with white 1.05 / (lum + .05).
    return "#000000" if (lum + 0.05) ** 2 > 0.0525 else "#FFFFFF"


def svg_head(title: str, size: int, height: float) -> list[str]:
    """The opening of a board's SVG document, ``size`` pixels wide and ``height`` high, on
    white: the ``<svg>`` tag, its ``<title>`` and the background (the caller closes the tag).

    >>> svg_head("Board: to move: 0", 100, 50)[1:]
    ['<title>Board: to move: 0</title>', '<rect width="100" height="50" fill="#FFFFFF"/>']
    """
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{num(height)}" '
        f'viewBox="0 0 {size} {num(height)}" role="img" '
        f'font-family="Helvetica, Arial, sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{size}" height="{num(height)}" fill="#FFFFFF"/>',
    ]


def disc(x: float, y: float, r: float, fill: str, stroke_width: float) -> str:
    """A disc of colour ``fill`` centred on (``x``, ``y``), ringed in ink.

    >>> disc(10, 20, 4, "#4477AA", 0.5)
    '<circle cx="10" cy="20" r="4" fill="#4477AA" stroke="#222222" stroke-width="0.5"/>'
    """
    return (
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" '
        f'stroke="{INK}" stroke-width="{num(stroke_width)}"/>'
    )


def caption(
    status: str,
    right_text: str,
    *,
    color: str | None,
    x: float,
    y: float,
    right: float,
    font: float,
    radius: float,
    indent: float,
    stroke_width: float,
    muted: str = "#666666",
) -> list[str]:
    """The caption under a board: whose turn it is or how the game ended (``status``, from
    ``x``, after a disc of ``radius`` in the featured player's ``color`` that moves the text
    ``indent`` to the right), and ``right_text`` (usually :func:`ply_text`) ending at ``right``,
    both on the baseline ``y``.

    >>> for line in caption("to move: 0", "ply 0", color="#4477AA", x=0, y=20, right=100,
    ...                      font=10, radius=5, indent=12, stroke_width=1):
    ...     print(line)
    <circle cx="5" cy="16.5" r="5" fill="#4477AA" stroke="#222222" stroke-width="1"/>
    <text x="12" y="20" font-size="10" fill="#222222">to move: 0</text>
    <text x="100" y="20" font-size="10" text-anchor="end" fill="#666666">ply 0</text>
    """
    out = []
    if color is not None:
        out.append(disc(x + radius, y - 0.35 * font, radius, color, stroke_width))
        x += indent
    out.append(
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(font)}" fill="{INK}">'
        f"{escape(status)}</text>"
    )
    out.append(
        f'<text x="{num(right)}" y="{num(y)}" font-size="{num(font)}" '
        f'text-anchor="end" fill="{muted}">{escape(right_text)}</text>'
    )
    return out


def view(state: Any, viewer: int | None) -> dict[str, Any]:
    """The state's JSON as ``viewer`` may see it (``None``: the full state)."""
    return dict(state.to_json() if viewer is None else state.to_json(viewer=viewer))


def cell_targets(cells: list[tuple[str, float, float]], radius: float) -> str:
    """An invisible layer on top of a board: one disc per cell, named by ``data-cell``, so that
    a page can tell which cell a click is on (the web table builds moves from clicks); each
    disc's title names its cell where the pointer rests.

    >>> print(cell_targets([("e5", 10.0, 20.0)], 4.0).replace("><", ">\\n<"))
    <g class="cells" fill="#000000" fill-opacity="0">
    <circle data-cell="e5" cx="10" cy="20" r="4">
    <title>e5</title>
    </circle>
    </g>
    """
    discs = "".join(
        f'<circle data-cell="{name}" cx="{num(x)}" cy="{num(y)}" r="{num(radius)}">'
        f"<title>{name}</title></circle>"
        for name, x, y in cells
    )
    return f'<g class="cells" fill="#000000" fill-opacity="0">{discs}</g>'


# Characters XML 1.0 does not allow (C0 controls other than tab, newline and return, lone
# surrogates, U+FFFE and U+FFFF): one in a drawing makes it a document no parser reads.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def printable(text: str) -> str:
    """``text`` with each control character (and any character XML does not allow) replaced
    by U+FFFD, so that words players typed can go into a drawing or a terminal.

    >>> printable("deal?\x1b[2J\x01")
    'deal?\ufffd[2J\ufffd'
    """
    return _NOT_XML.sub("\ufffd", text)
