"""``VecEnv.to_gymnasium()``: a ``ludorum.VecEnv`` as a ``gymnasium.vector.VectorEnv``
(Gymnasium is the optional extra ``rl``; this module is imported only when asked for)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

if TYPE_CHECKING:
    from .vec_env import Observations, StepResult, VecEnv

__all__ = ["GymnasiumVecEnv"]

_MODES = {
    "next_step": AutoresetMode.NEXT_STEP,
    "same_step": AutoresetMode.SAME_STEP,
    "disabled": AutoresetMode.DISABLED,
}


class GymnasiumVecEnv(VectorEnv):  # type: ignore[type-arg, unused-ignore]
    """A ``ludorum.VecEnv`` in Gymnasium's vector API.

    Observations are the env's (a ``Box`` with the bounds of ``observation_spec()``, of the
    env's ``obs_dtype``), actions a
    ``MultiDiscrete`` of action ids, rewards ``(num_envs,)`` float32: the learner's with
    opponents, else the reward of the player who moved in each env. ``info["action_mask"]``
    and ``action_masks()`` hold the legal actions, as in ``ludorum.VecEnv``.

    >>> import ludorum
    >>> envs = ludorum.VecEnv("so_long_sucker", 4, opponents="random").to_gymnasium()
    >>> obs, info = envs.reset(seed=1)
    >>> obs, rewards, terminated, truncated, info = envs.step(envs.env.sample_actions())
    >>> rewards.shape, envs.metadata["autoreset_mode"].value
    ((4,), 'NextStep')
    >>> envs.action_masks().shape
    (4, 149)
    """

    def __init__(self, env: VecEnv) -> None:
        #: the ``ludorum.VecEnv`` inside
        self.env = env
        self.num_envs = env.num_envs
        self.metadata = {"autoreset_mode": _MODES[env.autoreset]}
        low, high = env.observation_spec().bounds()
        self.single_observation_space = gymnasium.spaces.Box(low, high, dtype=env.obs_dtype)
        self.single_action_space = gymnasium.spaces.Discrete(env.num_actions)
        self.observation_space = batch_space(self.single_observation_space, env.num_envs)
        self.action_space = batch_space(self.single_action_space, env.num_envs)
        self._rewards = np.zeros(env.num_envs, dtype=np.float32)
        self._rows = np.arange(env.num_envs)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        super().reset(seed=seed)
        return self.env.reset(seed=seed, options=options)

    def step(self, actions: npt.ArrayLike) -> StepResult:
        if self.env.single_agent:
            return self.env.step(actions)
        movers = np.maximum(self.env._current_player, 0)
        obs, rewards, terminated, truncated, info = self.env.step(actions)
        np.copyto(self._rewards, rewards[self._rows, movers])
        return obs, self._rewards, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every env now, ``(num_envs, num_actions)`` bool (a read-only
        view that the next step overwrites)."""
        return self.env.action_masks()

    def close_extras(self, **kwargs: Any) -> None:
        self.env.close()
