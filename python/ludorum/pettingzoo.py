"""Every ludorum game as a PettingZoo AEC environment, in the convention of PettingZoo's
classic games (``pip install ludorum[rl]``).

Each agent (``player_0``, ``player_1``, ...) observes a dict: ``observation``, the game's
``observation(player)`` (float32, the layout of ``observation_spec()``; Armadora's is that
player's view, nothing hidden leaks), and ``action_mask``, int8, all zero for an agent that is
not to move. Rewards are the game's returns at the end. :func:`env` wraps :class:`raw_env` in
PettingZoo's standard wrappers: an illegal action ends the game with −1 for its mover and 0 for
the others, an out-of-range one raises, and the API order is enforced. The ply limit (the
``max_plies`` option, for games that have it) truncates the episode.

>>> from ludorum.pettingzoo import env
>>> aec = env("so_long_sucker", players=3)
>>> aec.reset(seed=1)
>>> aec.agents
['player_0', 'player_1', 'player_2']
>>> for agent in aec.agent_iter():
...     observation, reward, termination, truncation, info = aec.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = aec.action_space(agent).sample(observation["action_mask"])
...     aec.step(action)
>>> sorted(aec.rewards.values()) in ([], [-1.0, -1.0, 1.0])
True
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ._adapters import RENDER_MODES, adapter_options, draw_seed
from ._registry import new
from ._state import State

__all__ = ["env", "raw_env"]


def env(name: str, render_mode: str | None = None, **options: Any) -> Any:
    """The AEC environment of game ``name`` with PettingZoo's standard wrappers (illegal move:
    −1 for the mover and the game ends; out-of-range actions raise; API order enforced).

    Args:
        name: the game (``ludorum.games()``).
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the text board) or ``"human"``
            (prints it).
        options: the game's options (``ludorum.game_info(name).options``); ``max_plies``
            defaults to the game's simulation cap, as in ``ludorum.simulate``.
    """
    aec: Any = raw_env(name, render_mode=render_mode, **options)
    aec = wrappers.TerminateIllegalWrapper(aec, illegal_reward=-1)
    aec = wrappers.AssertOutOfBoundsWrapper(aec)
    aec = wrappers.OrderEnforcingWrapper(aec)
    return aec


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment of one ludorum game, without wrappers (see :func:`env`).

    Seeding follows PettingZoo's convention: ``reset(seed=s)`` seeds the env's generator
    (``np_random``) and every reset draws the next game from it: a new deal in Armadora, a new
    first player where the game draws one. The run is reproducible from ``s``; a ``seed``
    option given to the env fixes one game instead.

    >>> from ludorum.pettingzoo import raw_env
    >>> aec = raw_env("domination", players=4)
    >>> aec.reset(seed=1)
    >>> firsts = {aec.agent_selection}
    >>> for _ in range(20):
    ...     aec.reset()
    ...     firsts.add(aec.agent_selection)
    >>> len(firsts) > 1
    True
    """

    metadata = {  # noqa: RUF012 - PettingZoo's attribute, replaced per instance
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, name: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        # a seed option fixes the game; else every reset draws one from the env's generator
        fixed = "seed" in options
        options, seeded = adapter_options(name, options, render_mode)
        self._seeded = seeded and not fixed
        self.np_random, _ = seeding.np_random(None)
        self.game = name
        self.render_mode = render_mode
        self._options = options
        self.state: State = new(name, **options)
        self.metadata = {**self.metadata, "name": f"ludorum_{name}_v0"}
        players = self.state.num_players
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = self.possible_agents[:]
        low, high = self.state.observation_spec().bounds()
        n = self.state.num_actions
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, shape=(n,), dtype=np.int8),
            }
        )
        # one space object per agent, kept (PettingZoo seeds them)
        self.observation_spaces = {a: _copy_space(space) for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self._zeros = np.zeros(n, dtype=np.int8)
        self._start()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def _start(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        player = self.state.current_player
        self.agent_selection = self.agents[player if player is not None else 0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        options = dict(self._options)
        if self._seeded:
            options["seed"] = draw_seed(self.np_random)
        self.state = new(self.game, **options)
        self._start()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        player = self.possible_agents.index(agent)
        if self.state.current_player == player:
            mask = self.state.action_mask().astype(np.int8)
        else:
            mask = self._zeros.copy()
        return {"observation": self.state.observation(player), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        outcome = self.state.outcome()
        if outcome is None:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            player = self.state.current_player
            assert player is not None
            self.agent_selection = self.possible_agents[player]
        else:
            truncated = outcome.reason == "ply limit"
            returns = self.state.returns()
            self.rewards = {a: float(returns[p]) for p, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, not truncated)
            self.truncations = dict.fromkeys(self.agents, truncated)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        text = self.state.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def _copy_space(space: gymnasium.spaces.Dict) -> gymnasium.spaces.Dict:
    return gymnasium.spaces.Dict({k: _copy_box(v) for k, v in space.spaces.items()})


def _copy_box(box: Any) -> gymnasium.spaces.Box:
    return gymnasium.spaces.Box(box.low, box.high, dtype=box.dtype)
