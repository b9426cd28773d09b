"""The layout of every game's observation, as the rules pages write it (``## Observation``):
its shape, its bounds and the name of each plane (or, for a flat observation, each slice).

Both backends give ``observation(player)`` in this layout; ``state.observation_spec()`` and
``VecEnv.observation_spec()`` return it, and ``tests/test_observation_spec.py`` checks every
observation of random games of both backends against it.

>>> import ludorum
>>> spec = ludorum.new("chinese_checkers").observation_spec()
>>> spec.shape, spec.names
((3, 121), ('pieces of player +0', 'pieces of player +1', 'to move'))
>>> spec.part("to move")
Part(name='to move', start=2, stop=3, low=0.0, high=1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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


class _Parts:
    """Builds parts in order along the first axis."""

    def __init__(self) -> None:
        self.parts: list[Part] = []
        self.at = 0

    def add(self, name: str, size: int = 1, high: float = 1.0, low: float = 0.0) -> None:
        self.parts.append(Part(name, self.at, self.at + size, low, high))
        self.at += size

    def each(self, name: str, count: int, high: float = 1.0) -> None:
        """One plane per relative seat: ``name`` with ``+k``."""
        for k in range(count):
            self.add(f"{name} +{k}", 1, high)


def _chinese_checkers(o: Mapping[str, Any]) -> tuple[tuple[int, ...], _Parts]:
    p = _Parts()
    for k in range(o["players"]):
        p.add(f"pieces of player +{k}")
    p.add("to move")
    return (p.at, 121), p


def _domination(o: Mapping[str, Any]) -> tuple[tuple[int, ...], _Parts]:
    n = o["players"]
    p = _Parts()
    for level in range(5):
        p.each(f"level {level} piece of player", n)
    p.each("reserve of player", n, high=52.0)
    p.each("opening piece held by player", n)
    p.add("to move")
    return (p.at, 52), p


def _dominions(o: Mapping[str, Any]) -> tuple[tuple[int, ...], _Parts]:
    p = _Parts()
    for k in range(2):
        p.add(f"pieces of colour +{k}")
        for b in range(6):
            p.add(f"beam {b} of colour +{k}")
    p.add("to move")
    p.add("last move passed")
    p.add("hand of colour +0")
    p.add("hand of colour +1")
    return (p.at, 217), p


def _armadora(o: Mapping[str, Any]) -> tuple[tuple[int, ...], _Parts]:
    n = o["players"]
    p = _Parts()
    p.each("warriors of player", n)
    p.add("own strengths", high=5.0)
    p.add("gold", high=7.0)
    p.add("palisade right")
    p.add("palisade below")
    for s in range(1, 6):
        p.add(f"own warriors of strength {s} left", high=11.0)
    p.each("warriors left of player", n, high=16.0)
    p.each("passed player", n)
    p.add("palisades left", high=35.0)
    p.add("to move")
    if o.get("rules") == "advanced":
        p.add("seen strengths of others", high=5.0)
        p.add("face up")
        p.add("arrows", high=2.0)
        p.add("reinforced")
        p.add("looked at by another")
        p.add("power used")
        p.each("power tokens of player", n, high=2.0)
        p.each("reinforcement held by player", n)
        for k in range(n):
            for race in ("orc", "goblin", "elf", "mage"):
                p.add(f"player +{k} is {race}")
    return (p.at, 40), p


def _so_long_sucker(o: Mapping[str, Any]) -> tuple[tuple[int, ...], _Parts]:
    n, chips = o["players"], o["chips"]
    total = n * chips
    p = _Parts()
    p.add("table", total * (n + 1))
    p.add("hands", n * n, high=float(total))
    p.add("dead box", n, high=float(total))
    p.add("alive", n)
    p.add("situation", 4)
    p.add("decider", n)
    p.add("pile", total)
    p.add("in need", n)
    p.add("giver", n)
    # at least 1: a bound of 0 would make a degenerate Box (Gymnasium warns about it)
    p.add("free left", 1, high=float(max(o.get("free_actions") or 0, 1)))
    return (p.at,), p


_LAYOUTS: dict[str, Callable[[Mapping[str, Any]], tuple[tuple[int, ...], _Parts]]] = {
    "chinese_checkers": _chinese_checkers,
    "domination": _domination,
    "dominions": _dominions,
    "armadora": _armadora,
    "so_long_sucker": _so_long_sucker,
}


def observation_spec(game: str, options: Mapping[str, Any]) -> ObservationSpec:
    """The observation layout of ``game`` with ``options`` (after defaults, as
    ``state.options`` gives them).

    Raises:
        InvalidOptionError: an unknown game.
    """
    layout = _LAYOUTS.get(game)
    if layout is None:
        from .errors import InvalidOptionError

        raise InvalidOptionError(f"unknown game {game!r}")
    shape, parts = layout(options)
    return ObservationSpec(shape, tuple(parts.parts))
