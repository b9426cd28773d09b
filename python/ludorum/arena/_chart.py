"""The ratings of an arena with their 95% intervals as an SVG chart, written with the standard
library only (no plotting library to install for one picture)."""

from __future__ import annotations

import html
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._results import ArenaResult

__all__ = ["svg"]


def _ticks(low: float, high: float, count: int = 6) -> Iterator[float]:
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    tick = math.ceil(low / step) * step
    while tick <= high + 1e-9:
        yield tick
        tick += step


def svg(result: ArenaResult, width: int) -> str:
    """The chart of ``result.standings``: one row per agent, its interval and its rating."""
    rows = result.standings
    label = 12 + 7 * max(5, *(len(s.agent) for s in rows))
    top, row_height, bottom = 36, 28, 40
    height = top + row_height * len(rows) + bottom
    low = min(s.low for s in rows)
    high = max(s.high for s in rows)
    if not high > low:
        low, high = low - 1, high + 1
    pad = (high - low) * 0.05
    low, high = low - pad, high + pad
    left, right = label + 10, width - 20

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * (right - left)

    scale = "Elo (Bradley-Terry)" if result.rating_method == "elo" else "openskill mu"
    title = f"{result.game}: {len(result.records)} games, rating with 95% interval"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2:.1f}" y="20" text-anchor="middle" font-weight="bold">'
        f"{html.escape(title)}</text>",
    ]
    axis_y = top + row_height * len(rows) + 4
    for tick in _ticks(low, high):
        tx = x(tick)
        parts.append(
            f'<line x1="{tx:.1f}" y1="{top - 4}" x2="{tx:.1f}" y2="{axis_y}" stroke="#ddd"/>'
        )
        parts.append(
            f'<text x="{tx:.1f}" y="{axis_y + 16}" text-anchor="middle" font-size="11">'
            f"{tick:g}</text>"
        )
    parts.append(
        f'<text x="{(left + right) / 2:.1f}" y="{height - 6}" text-anchor="middle" '
        f'font-size="11">{html.escape(scale)}</text>'
    )
    for i, s in enumerate(rows):
        y = top + row_height * i + row_height / 2
        parts.append(
            f'<text x="{label}" y="{y + 4:.1f}" text-anchor="end">{html.escape(s.agent)}</text>'
        )
        parts.append(
            f'<line x1="{x(s.low):.1f}" y1="{y:.1f}" x2="{x(s.high):.1f}" y2="{y:.1f}" '
            f'stroke="#3366aa" stroke-width="2"/>'
        )
        for end in (s.low, s.high):
            parts.append(
                f'<line x1="{x(end):.1f}" y1="{y - 6:.1f}" x2="{x(end):.1f}" y2="{y + 6:.1f}" '
                f'stroke="#3366aa" stroke-width="2"/>'
            )
        parts.append(
            f'<circle cx="{x(s.rating):.1f}" cy="{y:.1f}" r="5" fill="#cc3311">'
            f"<title>{html.escape(s.agent)}: {s.rating:.1f} [{s.low:.1f}, {s.high:.1f}]"
            "</title></circle>"
        )
    parts.append("</svg>")
    return "\n".join(parts)
