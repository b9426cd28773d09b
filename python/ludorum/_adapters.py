"""What the single-state adapters (``ludorum.pettingzoo``, ``ludorum.gymnasium``) set up alike:
the game's ply cap by default, the render mode checked, and whether ``reset(seed=...)`` reaches
a seeded setup."""

from __future__ import annotations

from typing import Any

from ._ply_cap import with_ply_cap
from ._registry import game_info
from .errors import InvalidOptionError

__all__ = ["RENDER_MODES", "adapter_options"]

#: The render modes of the adapters: ``ansi`` returns the text board, ``human`` prints it.
RENDER_MODES = ("human", "ansi")


def adapter_options(
    game: str, options: dict[str, Any], render_mode: str | None
) -> tuple[dict[str, Any], bool]:
    """``(options with max_plies defaulting to the simulation cap, whether the game has a seeded
    setup)``.

    Raises:
        InvalidOptionError: an unknown game or render mode.
    """
    info = game_info(game)
    if render_mode not in (None, *RENDER_MODES):
        raise InvalidOptionError(
            f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}"
        )
    options = with_ply_cap(game, options, options.get("max_plies", "default"))
    return options, any(o.name == "seed" for o in info.options)
