"""Type stubs of the compiled extension ``ludorum._ludorum`` (checked by mypy.stubtest)."""

from collections.abc import Callable
from typing import Any, final

import numpy as np
import numpy.typing as npt

from ._state import State
from .observation import ObservationSpec

__all__ = [
    "GAMES",
    "Agent",
    "LearnedAgent",
    "Move",
    "ProtocolSession",
    "VecEnv",
    "__version__",
    "check_options",
    "deserialize",
    "game_facts",
    "information_state_text",
    "observation_into",
    "observation_spec",
    "observation_text",
    "selfplay",
    "simulate",
    "state_text",
]

__version__: str

@final
class Agent:
    """A built-in agent of the Rust core (see ``ludorum.agents``)."""

    def __new__(cls, spec: dict[str, Any]) -> Agent: ...
    def choose(self, state: Any) -> Move: ...
    def analyse(self, state: Any) -> tuple[list[tuple[Move, int, list[float], bool]], int]: ...

_Found = tuple[int, npt.NDArray[np.int64], npt.NDArray[np.float32], npt.NDArray[np.float64]]
_FoundMany = tuple[
    npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float32], npt.NDArray[np.float64]
]

@final
class LearnedAgent:
    """A PUCT or Gumbel search driven by an evaluator (see ``ludorum.agents.LearnedAgent``)."""

    def __new__(cls, spec: dict[str, Any], evaluator: Any) -> LearnedAgent: ...
    def choose(self, state: Any) -> Move: ...
    def search(self, state: Any) -> _Found: ...
    def search_many(self, states: Any) -> _FoundMany | None: ...
    def forget(self) -> None: ...

@final
class Move:
    """One move: its action id in the game's fixed action space and its notation; it also equals
    (and hashes like) its notation string."""

    def __new__(cls, action: int, notation: str) -> Move: ...
    @property
    def action(self) -> int: ...
    @property
    def notation(self) -> str: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[type[Move], tuple[int, str]]: ...

# Every game's class, by registry name. The classes are not written here one by one: each game
# is typed by ludorum.State and, where it has accessors of its own, by its protocol in
# ludorum/states/ (tests/test_stubs.py checks that every class honours both).
GAMES: dict[str, type[State]]

def simulate(
    game: str,
    options: dict[str, Any] | None,
    seed: int,
    first: int,
    count: int,
    threads: int,
    progress: Callable[[int], object] | None = None,
    agents: list[dict[str, Any]] | None = None,
    record: bool = False,
) -> tuple[
    dict[str, Any],
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint32],
    npt.NDArray[np.uint8],
    tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint64]] | None,
]: ...
def selfplay(
    game: str,
    options: dict[str, Any] | None,
    evaluator: Any,
    spec: dict[str, Any],
    games: int,
    seed: int,
    temperature_plies: int = 0,
    max_plies: int | None = None,
) -> dict[str, Any]: ...
def game_facts() -> list[dict[str, Any]]: ...
def observation_spec(game: str, options: dict[str, Any] | None = None) -> ObservationSpec: ...
def check_options(game: str, options: dict[str, Any] | None = None) -> dict[str, Any]: ...
def deserialize(data: bytes) -> Any: ...
def observation_into(state: Any, player: int, out: npt.NDArray[np.float32]) -> None: ...
def observation_text(state: Any, player: int) -> str: ...
def information_state_text(state: Any, player: int) -> str: ...
def state_text(state: Any) -> str: ...

@final
class ProtocolSession:
    """A session of the engine protocol (docs/protocol.md)."""

    MAX_LINE: int
    def __new__(cls, json: bool = False) -> ProtocolSession: ...
    def handle(self, line: bytes) -> tuple[str, bool]: ...
    def run(self) -> None: ...
    def too_long(self) -> str: ...

@final
class VecEnv:
    """The engine's batched env and its output arrays (see ``ludorum.VecEnv``)."""

    def __new__(
        cls,
        game: str,
        options: dict[str, Any] | None,
        num_envs: int,
        seed: int,
        threads: int,
        autoreset: str,
        opponents: list[dict[str, Any]] | None,
        learner: int,
        outside: list[int],
        obs_dtype: str,
    ) -> VecEnv: ...
    @property
    def obs(self) -> npt.NDArray[np.float32 | np.uint8]: ...
    @property
    def final_obs(self) -> npt.NDArray[np.float32 | np.uint8]: ...
    @property
    def rewards(self) -> npt.NDArray[np.float32]: ...
    @property
    def terminated(self) -> npt.NDArray[np.bool_]: ...
    @property
    def truncated(self) -> npt.NDArray[np.bool_]: ...
    @property
    def action_mask(self) -> npt.NDArray[np.bool_]: ...
    @property
    def current_player(self) -> npt.NDArray[np.int32]: ...
    @property
    def ended(self) -> npt.NDArray[np.bool_]: ...
    def shape(self) -> tuple[int, int, int, list[int], int]: ...
    def options(self) -> dict[str, Any]: ...
    def reset(self, seed: int | None = None, mask: npt.NDArray[np.bool_] | None = None) -> None: ...
    def step(self, actions: npt.NDArray[np.int64]) -> None: ...
    def play_outside(self, actions: npt.NDArray[np.int64]) -> None: ...
    def sample_actions(self) -> npt.NDArray[np.int64]: ...
    def game_json(self, i: int) -> dict[str, Any]: ...
    def episode(self, i: int) -> int: ...
