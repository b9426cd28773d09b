"""ludorum: abstract games, exact and very fast, with a Rust core and a pure-Python twin.

>>> import ludorum
>>> state = ludorum.new("chinese_checkers")
>>> state.play("e5-f5")
>>> state.current_player
1
>>> ludorum.perft(ludorum.new("chinese_checkers"), 2)
324
"""

from __future__ import annotations

from . import _cpu  # noqa: F401 - first: checks the CPU before the engine loads
from ._registry import (
    BACKENDS,
    GameInfo,
    deserialize,
    from_json,
    game_class,
    game_info,
    games,
    new,
)
from ._selfplay import selfplay
from ._state import State
from ._types import Message, Move, Outcome
from .arena import ArenaResult, arena
from .dataset import read_games
from .errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    LudorumError,
    StateInUseError,
)
from .observation import ObservationSpec
from .rng import SplitMix64
from .sim import SimulationResult, perft, simulate
from .states.armadora import ArmadoraState
from .states.chinese_checkers import ChineseCheckersState
from .states.domination import DominationState
from .states.dominions import DominionsState
from .states.so_long_sucker import SoLongSuckerState
from .vec_env import VecEnv

__version__ = "0.1.0"

__all__ = [
    "BACKENDS",
    "ArenaResult",
    "ArmadoraState",
    "ChineseCheckersState",
    "DominationState",
    "DominionsState",
    "GameInfo",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidStateError",
    "LudorumError",
    "Message",
    "Move",
    "ObservationSpec",
    "Outcome",
    "SimulationResult",
    "SoLongSuckerState",
    "SplitMix64",
    "State",
    "StateInUseError",
    "VecEnv",
    "__version__",
    "arena",
    "deserialize",
    "from_json",
    "game_class",
    "game_info",
    "games",
    "new",
    "perft",
    "read_games",
    "selfplay",
    "simulate",
]
