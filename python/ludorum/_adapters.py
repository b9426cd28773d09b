"""What the single-state adapters (``ludorum.pettingzoo``, ``ludorum.gymnasium``) set up alike:
the game's ply cap by default, the render mode checked, and whether ``reset(seed=...)`` reaches
a seeded setup, and the game seeds drawn at every reset."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._ply_cap import with_ply_cap
from ._registry import game_info
from .errors import InvalidOptionError

__all__ = ["RENDER_MODES", "UnsupportedRenderModeError", "adapter_options", "draw_seed"]

#: The render modes of the adapters: ``ansi`` returns the text board, ``human`` prints it.
RENDER_MODES = ("human", "ansi")


class UnsupportedRenderModeError(InvalidOptionError, TypeError):
    """A render mode the adapters do not draw (``rgb_array``). It is a ``TypeError`` too
    because Stable-Baselines3's ``make_vec_env`` asks every env for ``rgb_array`` and makes it
    again without a render mode on a ``TypeError``."""


def adapter_options(
    game: str, options: dict[str, Any], render_mode: str | None
) -> tuple[dict[str, Any], bool]:
    """``(options with max_plies defaulting to the simulation cap, whether the game has a seeded
    setup)``.

    Raises:
        InvalidOptionError: an unknown game or render mode (the latter an
            :class:`UnsupportedRenderModeError`).
    """
    info = game_info(game)
    if render_mode not in (None, *RENDER_MODES):
        raise UnsupportedRenderModeError(
            f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}"
        )
    options = with_ply_cap(game, options, options.get("max_plies", "default"))
    return options, any(o.name == "seed" for o in info.options)


def draw_seed(rng: np.random.Generator) -> int:
    """A game seed, any of ``0..2**64 - 1``, drawn from ``rng`` (an env's generator, seeded
    once by ``reset(seed=...)``, so that every reset deals a new game reproducibly).

    >>> import numpy as np
    >>> draw_seed(np.random.default_rng(0)) == draw_seed(np.random.default_rng(0))
    True
    """
    return int(rng.integers(0, 2**64, dtype=np.uint64))
