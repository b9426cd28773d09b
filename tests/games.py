"""Per-game facts the generic contract tests (`test_contract.py`) need: options with their
normalised form, a legal opening, malformed and illegal moves, bad options, shapes.

Each game's facts are in its own folder, `tests/data/<game>/spec.py` (a module defining
`SPEC = GameSpec(...)`); `SPECS` loads one for every game of `ludorum.games()`, so that a new game
adds its file there and names itself nowhere else.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import ludorum

from conftest import DATA


@dataclass(frozen=True)
class GameSpec:
    name: str
    class_name: str
    #: options -> every option after defaults
    normalised: list[tuple[dict[str, Any], dict[str, Any]]]
    #: legal moves from the start with default options, in order
    opening: list[str]
    #: text that names no move: InvalidMoveError
    malformed: list[str]
    #: well-formed moves that are illegal at the start with default options: IllegalMoveError
    illegal: list[str]
    #: options -> part of the error message
    bad_options: list[tuple[dict[str, Any], str]]
    #: for the default options, or a function of the options
    num_actions: int | Callable[[dict[str, Any]], int]
    #: options -> observation shape
    observation_shape: Any
    #: options for a longer game whose JSON round trip is tested
    rich_options: dict[str, Any] = field(default_factory=dict)
    #: the observation plane (or entry, for flat observations) that is all 1.0 when the viewer
    #: is to move; a function of the options when it depends on them
    to_move_plane: int | Callable[[dict[str, Any]], int] = -1
    #: whether a viewer may see less than the full state
    hidden_information: bool = False
    #: more option sets for the generic tests that go over configurations (observation layouts)
    more_options: list[dict[str, Any]] = field(default_factory=list)
    #: options under which random games end within a few dozen plies (vector environments)
    short_options: dict[str, Any] = field(default_factory=dict)
    #: the search agents at their defaults against random in a two-player game
    #: (``tests/test_arena.py``): games from each seat, and options added to the game's first
    #: two-player bench configuration
    strength: tuple[int, dict[str, Any]] = (10, {})
    #: the share of its games from each seat a default search must win against random (a game
    #: where no play can win that often from some seat says so, and why)
    strength_floor: float = 0.95


def load_spec(game: str) -> GameSpec:
    """`SPEC` of `tests/data/<game>/spec.py`; a game without that file is an error, not a skip."""
    path = DATA / game / "spec.py"
    if not path.is_file():
        raise FileNotFoundError(f"{game} is in ludorum.games() but has no test spec: {path}")
    found = importlib.util.spec_from_file_location(f"_spec_{game}", path)
    assert found is not None and found.loader is not None, path
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    spec = module.SPEC
    if not isinstance(spec, GameSpec) or spec.name != game:
        raise ValueError(f"{path} must define SPEC = GameSpec(name={game!r}, ...)")
    return spec


SPECS = [load_spec(game) for game in ludorum.games()]
