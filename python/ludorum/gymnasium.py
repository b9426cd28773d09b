"""Every ludorum game as a single-agent Gymnasium environment (``pip install ludorum[rl]``).

Importing this module registers ``ludorum/<ClassName>-v0`` for every game
(``ludorum/ChineseCheckers-v0``, ``ludorum/SoLongSucker-v0``, ...): the learner plays one seat,
and ``ludorum.agents`` agents play the others inside ``step``, so the learner sees only its own
turns. Actions are action ids (``Discrete(num_actions)``); the observation is the learner's
``observation(seat)`` (a ``Box`` with the bounds of ``observation_spec()``); the legal actions
are in ``info["action_mask"]`` and ``action_masks()`` (where sb3-contrib's ``MaskablePPO``
looks); the reward is the learner's return when the game ends. The ply
limit truncates. An illegal action ends the episode with reward −1 and
``info["illegal_action"]`` (PettingZoo's convention, and what Gymnasium's checker expects of an
action in the action space), or raises ``IllegalMoveError`` with ``illegal="raise"``.

>>> import gymnasium
>>> import ludorum.gymnasium
>>> env = gymnasium.make("ludorum/SoLongSucker-v0", players=3, opponents="random", learner=1)
>>> obs, info = env.reset(seed=3)
>>> obs.shape, info["action_mask"].dtype
((134,), dtype('int8'))
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = env.step(action)
>>> env.unwrapped.action_masks().dtype
dtype('bool')

Seeding follows Gymnasium: ``reset(seed=s)`` seeds the env's generator (``np_random``), and
every reset draws the next game from it: a new deal in Armadora, a new first player where the
game draws one, fresh seeds for built-in opponents. The run is reproducible from ``s``.

For many games at once, in Rust, see ``ludorum.VecEnv(..., opponents=...).to_gymnasium()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from . import _args
from ._adapters import Opponents, adapter_options, draw_seed
from ._registry import game_info, games, new
from ._state import State
from .agents import AgentLike
from .errors import InvalidOptionError

__all__ = ["LudorumEnv", "env_id", "register"]


def env_id(game: str) -> str:
    """The registered id of ``game``: ``ludorum/<ClassName>-v0``."""
    return f"ludorum/{game_info(game).class_name}-v0"


class LudorumEnv(gymnasium.Env[npt.NDArray[np.float32], int]):
    """One game, the learner in seat ``learner``, the other seats played by ``opponents``.

    Args:
        game: the game (``ludorum.games()``).
        opponents: ``"random"`` (default), an agent name (``"mcts:200"``), a ``ludorum.agents``
            agent (built-in, a learned search, or a batched ``Policy``, called with a batch
            of one) or a callable ``state -> Move``, or one of these per seat (the learner's
            entry is ignored and may be ``None``). Built-in agents and learned searches are
            reseeded at every reset from the env's generator.
        learner: the learner's seat.
        illegal: ``"lose"`` (an illegal action ends the episode with reward −1) or ``"raise"``
            (it raises ``IllegalMoveError`` and changes nothing).
        render_mode: ``None``, ``"ansi"`` (the text board) or ``"human"`` (printed).
        options: the game's options; ``max_plies`` defaults to the game's simulation cap.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        opponents: AgentLike | Sequence[AgentLike | None] = "random",
        learner: int = 0,
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if illegal not in ("lose", "raise"):
            raise InvalidOptionError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        self.illegal = illegal
        self._fixed = set(options)
        options, self._seeded = adapter_options(game, options, render_mode)
        self.game = game
        self.render_mode = render_mode
        self._options = options
        self.state: State = new(game, **options)
        players = self.state.num_players
        self.learner = _args.count("learner", learner, 0, players - 1, InvalidOptionError)
        # the learner's entry is ignored (it may be None); every other seat needs an agent
        self._opponents = Opponents(opponents, players, [self.learner])
        if self._opponents.learners != [self.learner]:
            raise InvalidOptionError(
                "opponents must give an agent for every seat but the learner's"
            )
        low, high = self.state.observation_spec().bounds()
        self.observation_space = gymnasium.spaces.Box(low, high, dtype=np.float32)
        self.action_space: Any = gymnasium.spaces.Discrete(self.state.num_actions)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.state.action_mask().astype(np.int8)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now, one bool per action id (sb3-contrib's
        ``MaskablePPO`` calls this; it is ``info["action_mask"]`` as bools)."""
        mask: npt.NDArray[np.bool_] = self.state.action_mask()
        return mask

    def _legal(self, action: Any) -> bool:
        mask = self.state.action_mask()
        return 0 <= int(action) < len(mask) and bool(mask[int(action)])

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        game_options = dict(self._options)
        # every reset is a new game drawn from the env's generator (seeded once)
        if self._seeded and "seed" not in self._fixed:
            game_options["seed"] = draw_seed(self.np_random)
        self._opponents.reseed(self.np_random)
        self.state = new(self.game, **game_options)
        self._opponents.play(self.state)
        return self.state.observation(self.learner), self._info()

    def step(
        self, action: int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self.illegal == "lose" and not self._legal(action):
            info = {**self._info(), "illegal_action": True}
            return self.state.observation(self.learner), -1.0, True, False, info
        self.state.apply_action(int(action))
        self._opponents.play(self.state)
        outcome = self.state.outcome()
        reward = 0.0 if outcome is None else float(self.state.returns()[self.learner])
        truncated = outcome is not None and outcome.reason == "ply limit"
        terminated = outcome is not None and not truncated
        if self.render_mode == "human":
            self.render()
        return self.state.observation(self.learner), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.state.render(viewer=self.learner)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register() -> None:
    """Registers ``ludorum/<ClassName>-v0`` for every game (done on import; idempotent)."""
    for game in games():
        name = env_id(game)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point=LudorumEnv,  # type: ignore[arg-type]
                kwargs={"game": game},
                disable_env_checker=True,
            )


register()
