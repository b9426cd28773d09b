"""The layout of every game's observation, as the rules pages write it (``## Observation``):
its shape, its bounds and the name of each plane (or, for a flat observation, each slice). Each
game declares it in the engine, beside the code that writes the observation; this module holds
the data classes that carry it.

Both backends give ``observation(player)`` in this layout; ``state.observation_spec()`` and
``VecEnv.observation_spec()`` return it, and the tests check every observation of random games
of both backends against it.

>>> import ludorum
>>> spec = ludorum.new("chinese_checkers").observation_spec()
>>> spec.shape, spec.names
((3, 121), ('pieces of player +0', 'pieces of player +1', 'to move'))
>>> spec.part("to move")
Part(name='to move', start=2, stop=3, low=0.0, high=1.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["ObservationSpec", "Part", "observation_spec"]


@dataclass(frozen=True)
class Part:
    """Entries ``start..stop`` of the observation's first axis (planes, or a flat slice), what
    they mean, and the least and greatest value they take."""

    name: str
    start: int
    stop: int
    low: float
    high: float


@dataclass(frozen=True)
class ObservationSpec:
    """The observation of a game with given options: ``shape``, and ``parts`` naming every
    plane (2-D observations: one part a plane) or slice (flat ones) in order, with bounds."""

    shape: tuple[int, ...]
    parts: tuple[Part, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The name of every part, in order."""
        return tuple(p.name for p in self.parts)

    def part(self, name: str) -> Part:
        """The part called ``name``.

        Raises:
            KeyError: no part has this name.
        """
        for p in self.parts:
            if p.name == name:
                return p
        raise KeyError(f"no observation part named {name!r}; parts: {', '.join(self.names)}")

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Arrays of ``shape`` with each entry's least and greatest value (for a Box space)."""
        low = np.zeros(self.shape, dtype=np.float32)
        high = np.zeros(self.shape, dtype=np.float32)
        for p in self.parts:
            low[p.start : p.stop] = p.low
            high[p.start : p.stop] = p.high
        return low, high


def observation_spec(game: str, options: Mapping[str, Any]) -> ObservationSpec:
    """The observation layout of ``game`` with ``options`` (after defaults, as
    ``state.options`` gives them), as the engine declares it beside the code that writes the
    observation.

    Raises:
        InvalidOptionError: an unknown game or a bad option.

    >>> observation_spec("chinese_checkers", {"players": 3}).shape
    (4, 121)
    """
    from . import _ludorum

    spec: ObservationSpec = _ludorum.observation_spec(game, dict(options))
    return spec
