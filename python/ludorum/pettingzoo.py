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

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from . import _args
from ._adapters import RENDER_MODES, Opponents, adapter_options, draw_seed
from ._registry import new
from ._state import State
from .agents import AgentLike
from .errors import InvalidArgumentError, InvalidOptionError

__all__ = ["env", "parallel_env", "raw_env"]


def env(
    name: str,
    render_mode: str | None = None,
    opponents: AgentLike | Sequence[AgentLike | None] | None = None,
    learner: int | None = None,
    **options: Any,
) -> Any:
    """The AEC environment of game ``name`` with PettingZoo's standard wrappers (illegal move:
    −1 for the mover and the game ends; out-of-range actions raise; API order enforced).

    Args:
        name: the game (``ludorum.games()``).
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the text board) or ``"human"``
            (prints it).
        opponents: ``None`` (every seat is an agent), or agents that play some seats inside
            ``step``: one for every seat but ``learner``'s, or one a seat, ``None`` for the
            seats that stay agents. An agent is a built-in agent or its name
            (``"mcts:200"``), a learned search, a batched ``ludorum.agents.Policy`` (a past
            version of the learner, called with a batch of one), or a callable
            ``state -> Move``.
        learner: a seat that stays an agent whatever its entry (default 0 when ``opponents``
            is one agent).
        options: the game's options (``ludorum.game_info(name).options``); ``max_plies``
            defaults to the game's simulation cap, as in ``ludorum.simulate``.

    Raises:
        InvalidOptionError: a bad option, or ``opponents`` that leave no seat or do not give
            one entry a seat.

    >>> from ludorum.agents import Policy
    >>> first_legal = Policy(lambda obs, masks, players: masks.argmax(axis=1))
    >>> aec = env("so_long_sucker", players=4, opponents=[None, first_legal, "random", None])
    >>> aec.reset(seed=0)
    >>> aec.possible_agents
    ['player_0', 'player_3']
    """
    aec: Any = raw_env(
        name, render_mode=render_mode, opponents=opponents, learner=learner, **options
    )
    aec = _TerminateIllegal(aec, illegal_reward=-1)
    aec = _AssertOutOfBounds(aec)
    aec = _OrderEnforcing(aec)
    return aec


def _forwarded(name: str) -> property:
    """An attribute of the wrapped raw env, read directly: PettingZoo's wrappers forward it
    through a chain of ``__getattr__`` calls, which cost more than a Chinese Checkers turn."""

    def get(self: Any) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    return property(get)


class _Forwarding:
    """The attributes an AEC loop reads at every turn, forwarded directly (the wrappers
    write them on the raw env, ``unwrapped``, so reading them there is the same)."""

    # Only the order-enforcing wrapper refuses them before the first reset: it sets its own
    # ``_has_reset``, which shadows this one.
    _has_reset = True

    def __init__(self, env: Any, *args: Any, **kwargs: Any) -> None:
        # the PettingZoo wrapper after this mixin (in each class's bases) takes them
        super().__init__(env, *args, **kwargs)  # type: ignore[call-arg]
        self._raw = env.unwrapped

    agents = _forwarded("agents")
    agent_selection = _forwarded("agent_selection")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    _cumulative_rewards = _forwarded("_cumulative_rewards")


class _TerminateIllegal(_Forwarding, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper`` with direct attributes."""


class _AssertOutOfBounds(_Forwarding, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper`` with direct attributes, and its check done
    without a call into the action space when the action is a plain ``int`` in range (what
    ``Discrete.contains`` accepts then); anything else goes to PettingZoo's check."""

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < self._raw.state.num_actions:
            self.env.step(action)
            return
        super().step(action)


class _OrderEnforcing(_Forwarding, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with direct attributes (still refused before
    the first reset)."""


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment of one ludorum game, without wrappers (see :func:`env`).

    Seeding follows PettingZoo's convention: ``reset(seed=s)`` seeds the env's generator
    (``np_random``) and every reset draws the next game from it: a new deal in Armadora, a new
    first player where the game draws one. The run is reproducible from ``s``; a ``seed``
    option given to the env fixes one game instead. ``opponents`` and ``learner`` are
    :func:`env`'s: the opponents' seats are played inside ``step`` and are not agents.

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

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        opponents: AgentLike | Sequence[AgentLike | None] | None = None,
        learner: int | None = None,
        **options: Any,
    ) -> None:
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
        if learner is not None:
            learner = _args.count("learner", learner, 0, players - 1, InvalidOptionError)
        # one opponent for all plays every seat but the learner's (seat 0 unless given)
        one_for_all = not isinstance(opponents, (list, tuple))
        learners = [learner] if learner is not None else [0] if one_for_all else []
        self._opponents = None if opponents is None else Opponents(opponents, players, learners)
        seats = range(players) if self._opponents is None else self._opponents.learners
        self.possible_agents = [f"player_{p}" for p in seats]
        self._seat = {a: int(a.removeprefix("player_")) for a in self.possible_agents}
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
        self.agent_selection = self.agents[0]
        self._after_moves()

    def _after_moves(self) -> None:
        """Plays the opponents, then selects the agent to move or scores the end."""
        if self._opponents is not None:
            self._opponents.play(self.state)
        outcome = self.state.outcome()
        if outcome is None:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            player = self.state.current_player
            assert player is not None
            self.agent_selection = f"player_{player}"
            return
        truncated = outcome.reason == "ply limit"
        returns = self.state.returns()
        self.rewards = {a: float(returns[self._seat[a]]) for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, not truncated)
        self.truncations = dict.fromkeys(self.agents, truncated)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        options = dict(self._options)
        if self._seeded:
            options["seed"] = draw_seed(self.np_random)
        if self._opponents is not None:
            self._opponents.reseed(self.np_random)
        self.state = new(self.game, **options)
        self._start()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        player = self._seat[agent]
        if self.state.current_player == player:
            # a fresh array each call: its bytes are the int8 mask, no copy needed
            mask = self.state.action_mask().view(np.int8)
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
        self._after_moves()
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


def parallel_env(
    name: str,
    render_mode: str | None = None,
    opponents: AgentLike | Sequence[AgentLike | None] | None = None,
    learner: int | None = None,
    **options: Any,
) -> Any:
    """The game as a PettingZoo ``ParallelEnv``: every ``step`` takes a dict of actions and
    plays the one of the agent to move (the only agent whose ``action_mask`` is not all zero);
    the other agents' actions are ignored. Arguments, observations, rewards and seeding are
    :func:`env`'s, and so are ``opponents``, which play their seats inside ``step``: with one
    agent left, each step is one of the learner's turns. An illegal action ends the game with
    −1 for its mover; an action outside the action space raises.

    Raises:
        InvalidOptionError: as :func:`env`.

    >>> from ludorum.pettingzoo import parallel_env
    >>> par = parallel_env("connect_four", opponents="random")
    >>> observations, infos = par.reset(seed=0)
    >>> par.agents
    ['player_0']
    >>> mask = observations["player_0"]["action_mask"]
    >>> observations, rewards, terminations, truncations, infos = par.step(
    ...     {"player_0": int(mask.argmax())}
    ... )
    >>> sorted(rewards)
    ['player_0']
    """
    return _ParallelEnv(
        raw_env(name, render_mode=render_mode, opponents=opponents, learner=learner, **options)
    )


class _ParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel face of a :class:`raw_env` (see :func:`parallel_env`)."""

    def __init__(self, aec: raw_env) -> None:
        self.aec = aec
        self.metadata = {**aec.metadata, "is_parallelizable": True}
        self.render_mode = aec.render_mode
        self.possible_agents = aec.possible_agents[:]
        self.agents = self.possible_agents[:]
        self.observation_spaces = aec.observation_spaces
        self.action_spaces = aec.action_spaces

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state(self) -> State:
        """The game being played."""
        return self.aec.state

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, npt.NDArray[Any]]], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = self.aec.agents[:]
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, dict[str, npt.NDArray[Any]]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        aec, agents = self.aec, self.agents
        mover = aec.agent_selection
        if mover not in actions:
            raise InvalidArgumentError(f"step needs the action of {mover}, the agent to move")
        action = actions[mover]
        if not aec.action_space(mover).contains(action):
            raise InvalidArgumentError(
                f"action {action!r} of {mover} is outside the action space "
                f"0..{aec.state.num_actions - 1}"
            )
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if aec.observe(mover)["action_mask"][int(action)]:
            aec.step(int(action))
            rewards = {a: aec.rewards[a] for a in agents}
            terminations = {a: aec.terminations[a] for a in agents}
            truncations = {a: aec.truncations[a] for a in agents}
        else:
            # PettingZoo's classic convention: an illegal move loses, the others get 0
            rewards = {a: -1.0 if a == mover else 0.0 for a in agents}
            terminations = dict.fromkeys(agents, True)
            truncations = dict.fromkeys(agents, False)
            aec.terminations = dict(terminations)
            infos[mover]["illegal_action"] = True
        observations = {a: aec.observe(a) for a in agents}
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        rendered: str | None = self.aec.render()
        return rendered

    def close(self) -> None:
        """Nothing to release."""
