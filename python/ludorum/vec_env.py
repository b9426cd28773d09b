"""``ludorum.VecEnv``: many games of one configuration stepped in one call inside Rust.

The whole step (checking the actions, playing them, the opponents' replies, the ends and
resets, the observations and action masks) runs in the engine with the GIL released, spread
over threads, and writes into arrays allocated once. That is what an RL learner wants: no
Python per ply, no allocation per step.

>>> import ludorum
>>> env = ludorum.VecEnv("chinese_checkers", 8, seed=1, pieces=10, area="free")
>>> obs, info = env.reset()
>>> obs.shape, info["action_mask"].shape
((8, 3, 121), (8, 14642))
>>> obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
>>> rewards.shape, info["current_player"].tolist()
((8, 2), [1, 1, 1, 1, 1, 1, 1, 1])
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from . import _args
from ._ply_cap import MaxPlies, with_ply_cap
from ._registry import game_info, new
from ._state import State
from .agents import AgentLike, BuiltinAgent, LearnedAgent, Policy, as_agent
from .errors import InvalidArgumentError, InvalidOptionError
from .observation import ObservationSpec, observation_spec

if TYPE_CHECKING:
    from gymnasium.vector import VectorEnv as GymVectorEnv

__all__ = ["AUTORESET_MODES", "OBS_DTYPES", "Observations", "StepResult", "VecEnv"]

#: Observations: ``float32``, or ``uint8`` where the env was made with ``obs_dtype="uint8"``.
Observations = npt.NDArray[np.float32 | np.uint8]

#: What ``step`` returns: observations, rewards, terminated, truncated, info.
StepResult = tuple[
    Observations,
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.bool_],
    dict[str, Any],
]

#: The autoreset modes, in Gymnasium 1.x's words.
AUTORESET_MODES = ("next_step", "same_step", "disabled")

#: The element types observations come in, by numpy's names.
OBS_DTYPES = ("float32", "uint8")

#: Envs per thread below which more threads cost more than they save (a step of one env is a
#: fraction of a microsecond to a few microseconds).
_ENVS_PER_THREAD = 128

#: numpy's int64 dtype (arrays of int64 hold this very object)
_INT64 = np.dtype(np.int64)


def _read_only(array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A view of ``array`` that the caller cannot write (the engine keeps writing the array)."""
    view = array.view()
    view.flags.writeable = False
    return view


class VecEnv:
    """``num_envs`` games of one game and options, stepped together inside Rust.

    Args:
        name: the game (``ludorum.games()``).
        num_envs: how many games, an int in ``1..2**20``.
        seed: episode ``k`` of env ``i`` starts from a seed mixed from ``(seed, i, k)`` (its
            setup, its :meth:`sample_actions` draws and its opponents), so a run is the same
            whatever ``threads`` is.
        threads: the most threads a step may use (default: one per 128 envs, at most the
            cores); each step runs on one thread or on all, whichever the steps before found
            cheaper (see docs/rl.md).
        autoreset: ``"next_step"`` (Gymnasium's default: the step after an episode ends
            resets that env, ignoring its action, and returns the new episode's first
            observation with reward 0), ``"same_step"`` (the ending step resets at once; the
            ended episode's last observation is in ``info["final_obs"]`` where
            ``info["_final_obs"]`` is true) or ``"disabled"`` (reset ended envs with
            ``reset(options={"reset_mask": ...})``; stepping one is an error).
        opponents: ``None`` (every seat is played through :meth:`step`) or agents for every
            seat but ``learner``'s, played inside the step: ``"random"``, an agent name such
            as ``"mcts:200"``, a ``ludorum.agents`` agent (built-in agents play in Rust; a
            learned :class:`~ludorum.agents.PUCT` or :class:`~ludorum.agents.Gumbel` searches
            every env waiting for it at once), a batched
            :class:`~ludorum.agents.Policy` ``(observations, masks, players) -> actions``
            (called once for all the envs waiting for its seats), or one of these per seat
            (the learner's entry is ignored). The step then returns only at the learner's
            turns, and rewards are the learner's, shape ``(num_envs,)``.
        learner: the learner's seat when there are opponents.
        obs_dtype: ``"float32"`` (the default) or ``"uint8"`` (or those numpy dtypes): every
            entry of every game's observation is a whole number within the bounds of
            ``observation_spec()``, so bytes hold it exactly in a quarter of the memory (for
            replay buffers and copies to the GPU); a game whose bounds leave ``0..255``
            refuses ``"uint8"``.
        max_plies: the game option of that name, for games that have it; ``"default"`` takes
            the game's ``simulation_max_plies`` (as ``ludorum.simulate`` does). The ply limit
            ends an episode as a truncation, not a termination.
        options: the game's options (``ludorum.game_info(name).options``).

    The arrays returned by :meth:`reset` and :meth:`step` (observations, rewards, the flags,
    ``info["action_mask"]``, ``info["current_player"]``, ``info["final_obs"]``) are read-only
    views of buffers that the **next** reset or step overwrites: copy what you keep.

    Raises:
        InvalidOptionError: an unknown game, option, autoreset mode or agent, or bad counts.
    """

    def __init__(
        self,
        name: str,
        num_envs: int,
        *,
        seed: int = 0,
        threads: int | None = None,
        autoreset: Literal["next_step", "same_step", "disabled"] = "next_step",
        opponents: AgentLike | Sequence[AgentLike | None] | None = None,
        learner: int = 0,
        obs_dtype: str | type[np.generic] | np.dtype[Any] = "float32",
        max_plies: MaxPlies = "default",
        **options: Any,
    ) -> None:
        from . import _ludorum

        info = game_info(name)
        num_envs = _args.count("num_envs", num_envs, 1, 2**20, InvalidOptionError)
        seed = _args.seed(seed, InvalidOptionError)
        if threads is None:
            threads = min(os.cpu_count() or 1, max(1, num_envs // _ENVS_PER_THREAD))
        threads = _args.count("threads", threads, 1, 1024, InvalidOptionError)
        if autoreset not in AUTORESET_MODES:
            raise InvalidOptionError(
                f"autoreset must be one of 'next_step', 'same_step', 'disabled', "
                f"got {_args.show(autoreset)}"
            )
        dtype = _obs_dtype(obs_dtype)
        capped = any(o.name == "max_plies" for o in info.options)
        if not capped and max_plies not in ("default", None):
            raise InvalidOptionError(f"{name} has no max_plies option")
        # a game without the option is left without it (its default), whatever None said
        options = with_ply_cap(name, options, max_plies if capped else "default")
        learner = _args.count("learner", learner, 0, 7, InvalidOptionError)
        players = new(name, **options).num_players if opponents is not None else 0
        specs, outside = (
            (None, {}) if opponents is None else _opponents(opponents, learner, players)
        )
        #: the agents played from Python, by seat
        self._outside: dict[int, Policy | LearnedAgent] = outside
        self._outside_seats = np.array(sorted(outside), dtype=np.int32)
        self._env = _ludorum.VecEnv(
            name,
            options,
            num_envs,
            seed,
            threads,
            autoreset,
            specs,
            learner,
            sorted(outside),
            dtype,
        )
        n, players, actions, shape, _ = self._env.shape()
        self.name = name
        self.num_envs: int = n
        self.num_players: int = players
        self.num_actions: int = actions
        self.observation_shape: tuple[int, ...] = tuple(shape)
        #: the element type of the observations
        self.obs_dtype: np.dtype[Any] = np.dtype(dtype)
        self.single_agent: bool = specs is not None
        self.learner: int | None = learner if specs is not None else None
        self.autoreset = autoreset
        self.threads = threads
        self.options: dict[str, Any] = self._env.options()
        rewards = self._env.rewards
        self._obs = _read_only(self._env.obs)
        self._rewards = _read_only(rewards[:, 0] if self.single_agent else rewards)
        self._terminated = _read_only(self._env.terminated)
        self._truncated = _read_only(self._env.truncated)
        self._mask = _read_only(self._env.action_mask)
        self._current_player = _read_only(self._env.current_player)
        self._ended = _read_only(self._env.ended)
        self._final_obs = _read_only(self._env.final_obs)
        #: what every ``info`` holds: the call copies it, since callers add to their ``info``
        self._info_entries: dict[str, Any] = {
            "action_mask": self._mask,
            "current_player": self._current_player,
        }
        if autoreset == "same_step":
            self._info_entries.update(final_obs=self._final_obs, _final_obs=self._ended)
        #: the shape of the actions a step takes
        self._actions_shape = (self.num_envs,)

    def __repr__(self) -> str:
        return f"VecEnv({self.name!r}, {self.num_envs}, autoreset={self.autoreset!r})"

    def _info(self) -> dict[str, Any]:
        return self._info_entries.copy()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Starts new episodes: every env, or those where ``options["reset_mask"]`` is true.

        With ``seed``, episodes count from 0 again under that seed (the same seed gives the
        same run); without, each reset env starts its next episode.

        Returns:
            ``(obs, info)``: observations ``(num_envs, *observation_shape)`` and ``info`` with
            ``action_mask`` and ``current_player`` (see :meth:`step`).

        Raises:
            InvalidArgumentError: a bad seed, or a mask that is not one bool per env.
            KeyboardInterrupt: Ctrl-C while built-in opponents search: as in :meth:`step`,
                nothing is reset.
        """
        if seed is not None:
            seed = _args.seed(seed)
        mask = None
        for key in options or {}:
            if key != "reset_mask":
                raise InvalidArgumentError(f"unknown reset option {key!r}; allowed: reset_mask")
        if options and options.get("reset_mask") is not None:
            mask = np.asarray(options["reset_mask"])
            if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
                raise InvalidArgumentError(
                    f"reset_mask must be {self.num_envs} bools, got {mask.dtype} {mask.shape}"
                )
            mask = np.ascontiguousarray(mask)
        self._env.reset(seed, mask)
        self._play_outside()
        return self._obs, self._info()

    def step(self, actions: npt.ArrayLike) -> StepResult:
        """Plays one action id per env (an env that this step resets ignores its action).

        Returns:
            ``(obs, rewards, terminated, truncated, info)``: ``obs`` as in :meth:`reset`, of
            the player each env waits for (once an episode is over, of its last mover; with
            opponents always the learner's); ``rewards`` ``(num_envs, num_players)`` (or
            ``(num_envs,)`` with opponents), the game's returns at the step that ends an
            episode, else 0; ``terminated`` (the rules ended it) and ``truncated`` (the ply
            limit did); ``info["action_mask"]`` ``(num_envs, num_actions)`` bool, all false
            once over; ``info["current_player"]`` int32, −1 once over; with ``same_step``
            also ``info["final_obs"]`` and ``info["_final_obs"]``.

        Raises:
            InvalidMoveError: an action id outside the action space (the message names the
                env and the action); no env is stepped.
            IllegalMoveError: an action not legal in its env; no env is stepped.
            InvalidOptionError: not one action per env; an ended env stepped with
                ``autoreset="disabled"``, or a step before the first reset.
            KeyboardInterrupt: Ctrl-C while built-in opponents search (``"mcts:2000"``):
                the step is given up within a fraction of a second, and every env and array
                is as it was before it (or, when Ctrl-C comes just as the step ends, as the
                step left it: never half a step).
        """
        self._env.step(self._action_ids(actions))
        if self._outside:
            self._play_outside()
        return self._obs, self._rewards, self._terminated, self._truncated, self._info()

    def _action_ids(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """``actions`` as the contiguous int64 array of one action id per env the engine takes."""
        # an array such as `sample_actions` returns passes as it is, without the checks that
        # other inputs need (0.6 µs a call, `issubdtype` most of it); numpy's int64 dtype is
        # one object, and `is` costs a third of `==`
        if (
            type(actions) is np.ndarray
            and actions.dtype is _INT64
            and actions.shape == self._actions_shape
            and actions.flags.c_contiguous
        ):
            return actions
        array = np.asarray(actions)
        if array.shape != (self.num_envs,) or not (
            np.issubdtype(array.dtype, np.integer) or array.dtype == np.bool_
        ):
            raise InvalidArgumentError(
                f"actions must be {self.num_envs} integer action ids, got "
                f"{array.dtype} {array.shape}"
            )
        return np.ascontiguousarray(array, dtype=np.int64)

    def _play_outside(self) -> None:
        """Plays the opponents that run in Python (policies, learned searches) until every env
        waits for the learner or is over: one call per agent for all the envs waiting for its
        seats, then the engine plays on."""
        if not self._outside:
            return
        while True:
            players = self._current_player
            waiting = np.isin(players, self._outside_seats)
            if not waiting.any():
                return
            actions = np.zeros(self.num_envs, dtype=np.int64)
            agents: dict[int, list[int]] = {}
            for seat, agent in self._outside.items():
                agents.setdefault(id(agent), []).append(seat)
            for seats in agents.values():
                agent = self._outside[seats[0]]
                rows = np.flatnonzero(np.isin(players, seats))
                if not len(rows):
                    continue
                if isinstance(agent, Policy):
                    actions[rows] = agent.actions(
                        self._obs[rows], self._mask[rows], players[rows].astype(np.int64)
                    )
                else:
                    found = agent.search_many([self.game(int(i)) for i in rows])
                    actions[rows] = found.actions
            self._env.play_outside(actions)

    def sample_actions(self) -> npt.NDArray[np.int64]:
        """One uniformly random legal action per env (0 for an env the next step resets), drawn
        in Rust from each episode's own SplitMix64: a fresh array."""
        return self._env.sample_actions()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every env now, ``(num_envs, num_actions)`` bool: the array of
        ``info["action_mask"]`` (a read-only view that the next step overwrites), under the
        name sb3-contrib's masked algorithms call."""
        mask: npt.NDArray[np.bool_] = self._mask
        return mask

    def observation_spec(self) -> ObservationSpec:
        """The layout of one observation: shape, bounds and the name of each plane or slice."""
        return observation_spec(self.name, self.options)

    def game(self, i: int) -> State:
        """Env ``i``'s game now, as a ludorum state (a copy: replaying its actions)."""
        data = self._env.game_json(_args.count("env index", i, 0, self.num_envs - 1))
        state = new(self.name, **data["options"])
        for action in data["actions"]:
            state.apply_action(action)
        return state

    def episode(self, i: int) -> int:
        """The episode env ``i`` plays: 0 after the first or a seeded reset, then 1, 2, ..."""
        episode: int = self._env.episode(_args.count("env index", i, 0, self.num_envs - 1))
        return episode

    def to_gymnasium(self) -> GymVectorEnv[Any, Any, Any]:
        """This env as a ``gymnasium.vector.VectorEnv`` (``pip install ludorum[rl]``).

        Rewards are ``(num_envs,)``: the learner's with opponents, else the reward of the
        player who moved in each env. The action mask stays in ``info["action_mask"]``.
        """
        from ._gymnasium_vector import GymnasiumVecEnv

        return GymnasiumVecEnv(self)

    def close(self) -> None:
        """Nothing to release (the buffers go with the object); for the Gymnasium protocol."""


def _obs_dtype(obs_dtype: Any) -> str:
    """The name in :data:`OBS_DTYPES` of ``obs_dtype`` (a name or a numpy dtype)."""
    try:
        name: str | None = np.dtype(obs_dtype).name
    except TypeError:
        name = None
    if name is None or name not in OBS_DTYPES:
        raise InvalidOptionError(
            f"obs_dtype must be 'float32' or 'uint8', got {_args.show(obs_dtype)}"
        )
    return name


def _opponents(
    opponents: AgentLike | Sequence[AgentLike | None], learner: int, players: int
) -> tuple[list[dict[str, Any]], dict[int, Policy | LearnedAgent]]:
    """The engine's agent specs for ``opponents`` and the agents played from Python by seat
    (policies and learned searches; their specs are placeholders the engine never uses). In a
    list of one a seat, the learner's entry is ignored (it may be ``None``)."""
    given: list[Any] = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents]
    if len(given) > 1 and learner < len(given):
        given[learner] = "random"
    specs = []
    outside: dict[int, Policy | LearnedAgent] = {}
    for k, agent in enumerate(given):
        built = agent if isinstance(agent, (Policy, LearnedAgent)) else as_agent(agent)
        if isinstance(built, (Policy, LearnedAgent)):
            seats = range(players) if len(given) == 1 else [k]
            outside.update((seat, built) for seat in seats if seat != learner)
            specs.append({"kind": "random", "seed": 0})
        elif isinstance(built, BuiltinAgent):
            specs.append(built.spec())
        else:
            raise InvalidOptionError(
                f"opponents are built-in agents or their names ('random', 'mcts:200'), "
                f"learned agents (PUCT, Gumbel) or batched policies "
                f"(ludorum.agents.Policy), got {_args.show(agent)}"
            )
    return specs, outside
