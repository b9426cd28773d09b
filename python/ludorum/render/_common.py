"""What the renderers share: the status line and small SVG helpers (standard library only)."""

from __future__ import annotations

from typing import Any

__all__ = ["cell_targets", "mix", "num", "status", "text_color", "view"]


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


def view(state: Any, viewer: int | None) -> dict[str, Any]:
    """The state's JSON as ``viewer`` may see it (``None``: the full state)."""
    return dict(state.to_json() if viewer is None else state.to_json(viewer=viewer))


def cell_targets(cells: list[tuple[str, float, float]], radius: float) -> str:
    """An invisible layer on top of a board: one disc per cell, named by ``data-cell``, so that
    a page can tell which cell a click is on (the web table builds moves from clicks).

    >>> print(cell_targets([("e5", 10.0, 20.0)], 4.0).replace("><", ">\\n<"))
    <g class="cells" fill="#000000" fill-opacity="0">
    <circle data-cell="e5" cx="10" cy="20" r="4"/>
    </g>
    """
    discs = "".join(
        f'<circle data-cell="{name}" cx="{num(x)}" cy="{num(y)}" r="{num(radius)}"/>'
        for name, x, y in cells
    )
    return f'<g class="cells" fill="#000000" fill-opacity="0">{discs}</g>'
