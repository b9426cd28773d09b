"""Agents that play any game: random play and Monte Carlo tree search, in the Rust core.

An agent's ``choose(state)`` returns the :class:`~ludorum.Move` it makes for the player to move
(the state is not changed); ``analyse(state)`` says why. Wherever an agent is taken
(``ludorum.simulate``, ``ludorum.arena``), a plain Python callable ``state -> Move`` works too,
on a slower path, and so does a name: ``"random"``, ``"mcts"``, ``"mcts:2000"``, ``"ismcts:500"``.

- :class:`Random`: a uniformly random legal move, ``legal_moves()[rng.below(n)]``.
- :class:`MCTS`: UCT with one value per player (max^n), so 3- to 6-player games are searched
  correctly; random rollouts cut at ``rollout_plies`` and scored by the game's evaluation
  (``docs/rules/<game>.md``); the tree is kept between moves; ``threads`` search in parallel
  with the GIL released. The same seed and thread count give the same move. Left unset, the
  exploration constant and the rollout cut are the game's own (``ludorum.game_info(name)``'s
  ``search_exploration`` and ``search_rollout_plies``), so ``MCTS()`` suits every game.
- :class:`ISMCTS`: information-set search: every simulation starts from a world drawn with
  ``resample`` for the player to move, so the choice depends only on what that player may know.
  :class:`MCTS` searches this way too in games with hidden information (Armadora), never reading
  the hidden strengths.

>>> import ludorum
>>> from ludorum.agents import MCTS
>>> state = ludorum.new("so_long_sucker", players=3, seed=2)
>>> agent = MCTS(simulations=200, seed=1)
>>> move = agent.choose(state)
>>> move in state.legal_moves()
True
>>> analysis = agent.analyse(state)    # the tree of the first search is kept: 2 x 200
>>> sum(m.visits for m in analysis.moves) == analysis.simulations == 400
True
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Union, overload

from . import _args, _ludorum
from ._state import State
from ._types import Move
from .errors import InvalidArgumentError, InvalidOptionError

__all__ = [
    "ISMCTS",
    "MCTS",
    "PUCT",
    "AgentLike",
    "Analysis",
    "BuiltinAgent",
    "Evaluator",
    "Gumbel",
    "LearnedAgent",
    "Policy",
    "Random",
    "SearchResult",
    "SearchResults",
    "SearchedMove",
    "as_agent",
    "parse_agent",
]


@dataclass(frozen=True)
class SearchedMove:
    """One move an agent considered: simulations through it and their mean value per player."""

    #: the move
    move: Move
    #: simulations through it
    visits: int
    #: mean value per player, in [-1, 1]
    values: tuple[float, ...]
    #: the move ends the game at once with the player to move its sole winner
    wins: bool


@dataclass(frozen=True)
class Analysis:
    """What an agent considered for one decision: the moves, best first."""

    #: the root moves: immediate wins first, then the most visited
    moves: tuple[SearchedMove, ...]
    #: simulations behind the statistics (a kept tree adds those of earlier moves; 0 for the
    #: random agent)
    simulations: int

    def table(self, limit: int = 10) -> str:
        """The best ``limit`` moves as a small text table.

        >>> import ludorum
        >>> from ludorum.agents import MCTS
        >>> analysis = MCTS(simulations=50).analyse(ludorum.new("dominions"))
        >>> print(analysis.table(2))  # doctest: +ELLIPSIS
        move        visits  values
        ...
        """
        lines = [f"{'move':<12}{'visits':>6}  values"]
        for m in self.moves[:limit]:
            values = " ".join(f"{v:+.3f}" for v in m.values)
            lines.append(
                f"{m.move.notation:<12}{m.visits:>6}  {values}{'  wins' if m.wins else ''}"
            )
        return "\n".join(lines)


def _check_int(name: str, value: Any, low: int, high: int) -> int:
    """A count of an agent (the one check of counts, ``ludorum._args.count``)."""
    return _args.count(name, value, low, high, InvalidOptionError)


@dataclass(eq=False)
class BuiltinAgent:
    """An agent of the Rust core. It keeps what it learnt of a game between moves (a search
    keeps its tree), so use one agent object per seat of one game at a time."""

    _native: Any = field(default=None, init=False, repr=False, compare=False)

    def spec(self) -> dict[str, Any]:
        """The agent's parameters as the engine reads them."""
        raise NotImplementedError

    def reseeded(self, offset: int) -> BuiltinAgent:
        """A fresh agent (no kept tree) with its seed advanced by ``offset`` modulo 2**64, as a
        batch gives game ``i`` its agents."""
        seed = (getattr(self, "seed", 0) + offset) & (2**64 - 1)
        fresh: BuiltinAgent = dataclasses.replace(self, seed=seed)  # type: ignore[call-arg]
        return fresh

    def _agent(self) -> Any:
        if self._native is None:
            self._native = _ludorum.Agent(self.spec())
        return self._native

    def choose(self, state: State) -> Move:
        """The move this agent makes for the player to move of ``state`` (not changed).

        Works for both backends (a reference state is searched through its Rust twin).

        Raises:
            InvalidArgumentError: ``state`` is not a ludorum state.
            IllegalMoveError: the game is over.
        """
        chosen: Move = self._agent().choose(_rust(state))
        return chosen

    def analyse(self, state: State) -> Analysis:
        """The moves this agent considered for the player to move, best first, with their
        visits and mean values per player (see :class:`Analysis`).

        Raises:
            InvalidArgumentError: ``state`` is not a ludorum state.
            IllegalMoveError: the game is over.
        """
        moves, simulations = self._agent().analyse(_rust(state))
        return Analysis(
            moves=tuple(SearchedMove(m, v, tuple(vals), w) for m, v, vals, w in moves),
            simulations=simulations,
        )

    def __call__(self, state: State) -> Move:
        return self.choose(state)

    def __str__(self) -> str:
        return repr(self)


# The Rust state classes, as a set: `_rust` is asked once per state of a batch.
_RUST_STATES = frozenset(_ludorum.GAMES.values())


def _rust(state: State) -> State:
    """``state`` itself when it is a Rust state, else its Rust twin (same moves, same ids)."""
    if type(state) in _RUST_STATES:
        return state
    if not isinstance(state, State):
        raise InvalidArgumentError(f"state must be a ludorum state, got {_args.show(state)}")
    from ._registry import from_json

    return from_json(state.to_json())


@dataclass(eq=False)
class Random(BuiltinAgent):
    """A uniformly random legal move: ``legal_moves()[rng.below(n)]`` with SplitMix64.

    >>> import ludorum
    >>> from ludorum.agents import Random
    >>> Random(seed=3).choose(ludorum.new("chinese_checkers"))
    Move('d2-f5')
    """

    seed: int = 0

    def __post_init__(self) -> None:
        self.seed = _args.seed(self.seed, InvalidOptionError)

    def spec(self) -> dict[str, Any]:
        """The agent's parameters as the engine reads them."""
        return {"kind": "random", "seed": self.seed}


@dataclass(eq=False)
class MCTS(BuiltinAgent):
    """UCT Monte Carlo tree search with a value per player, in the Rust core.

    Args:
        simulations: simulations per move, over all threads.
        c: the exploration constant (values are in [-1, 1]); ``None``: the game's
            (``game_info(name).search_exploration``).
        rollout_plies: random plies after the tree before the game's evaluation scores the
            position; ``None``: the game's cut (``game_info(name).search_rollout_plies``, itself
            ``None`` where rollouts run to the end). Rollouts never run past the game's
            simulation cap; ``2**32 - 1`` plays them to the end.
        seed: the seed (thread ``t`` draws its own stream from it).
        threads: threads searching in parallel, with the GIL released.
        time_limit: seconds after which the search stops early (then results depend on
            timing).

    Raises:
        InvalidOptionError: a parameter out of range.

    >>> import ludorum
    >>> from ludorum.agents import MCTS
    >>> state = ludorum.new("dominions")
    >>> MCTS(simulations=100, seed=3).choose(state) == MCTS(simulations=100, seed=3).choose(state)
    True
    """

    simulations: int = 1000
    c: float | None = None
    rollout_plies: int | None = None
    seed: int = 0
    threads: int = 1
    time_limit: float | None = None

    #: information-set search even in games of perfect information
    _information_sets = False

    def __post_init__(self) -> None:
        self.simulations = _check_int("simulations", self.simulations, 1, 2**32 - 1)
        if self.c is not None and (
            isinstance(self.c, bool) or not isinstance(self.c, (int, float)) or not self.c >= 0
        ):
            raise InvalidOptionError(f"c must be None or a number >= 0, got {_args.show(self.c)}")
        if self.rollout_plies is not None:
            self.rollout_plies = _check_int("rollout_plies", self.rollout_plies, 0, 2**32 - 1)
        self.seed = _args.seed(self.seed, InvalidOptionError)
        self.threads = _check_int("threads", self.threads, 1, 1024)
        if self.time_limit is not None and not (
            isinstance(self.time_limit, (int, float))
            and not isinstance(self.time_limit, bool)
            and 0 < self.time_limit < math.inf
        ):
            raise InvalidOptionError(
                f"time_limit must be None or seconds > 0, got {_args.show(self.time_limit)}"
            )

    def spec(self) -> dict[str, Any]:
        """The agent's parameters as the engine reads them."""
        return {
            "kind": "mcts",
            "simulations": self.simulations,
            "c": None if self.c is None else float(self.c),
            "rollout_plies": self.rollout_plies,
            "seed": self.seed,
            "threads": self.threads,
            "time_limit": self.time_limit,
            "information_sets": self._information_sets,
        }


@dataclass(eq=False)
class ISMCTS(MCTS):
    """Information-set MCTS: every simulation starts from a world drawn with ``resample`` for
    the player to move, and the tree's edges are the moves as that player sees them, so two
    states that agree on everything the player may see get the same choice (same seed).

    >>> import ludorum
    >>> from ludorum.agents import ISMCTS
    >>> state = ludorum.new("armadora", first_player=0)
    >>> ISMCTS(simulations=100).choose(state) in state.legal_moves()
    True
    """

    _information_sets = True


#: an evaluator: ``"uniform"``, ``"evaluation"`` or a callable
#: ``(observations, masks, players) -> (logits, values)`` (see ``docs/search-spec.md``)
Evaluator = Union[str, Callable[[Any, Any, Any], Any]]


@dataclass(frozen=True)
class SearchResult:
    """What one learned search found (``docs/search-spec.md``)."""

    #: the chosen action id
    action: int
    #: root visits per action id, ``np.int64[num_actions]``
    visits: Any
    #: the policy target per action id, ``np.float32[num_actions]`` (visit shares for PUCT,
    #: the improved policy for Gumbel)
    policy: Any
    #: the root's value estimate per seat, ``np.float64[num_players]``
    value: Any


class SearchResults(Sequence[SearchResult]):
    """The results of :meth:`LearnedAgent.search_many`: one row per state searched, held as four
    arrays (``actions``, ``visits``, ``policies``, ``values``); ``results[i]`` is row ``i`` as a
    :class:`SearchResult` (views of the rows, made when asked for).

    >>> import ludorum
    >>> from ludorum.agents import Gumbel
    >>> states = [ludorum.new("tic_tac_toe") for _ in range(3)]
    >>> results = Gumbel("uniform", simulations=8, reuse=False).search_many(states)
    >>> len(results), results.visits.shape, int(results.visits[0].sum())
    (3, (3, 9), 8)
    >>> results[0].action == int(results.actions[0])
    True
    """

    __slots__ = ("actions", "policies", "values", "visits")

    def __init__(self, actions: Any, visits: Any, policies: Any, values: Any) -> None:
        #: the chosen action ids, ``np.int64[n]``
        self.actions = actions
        #: root visits, ``np.int64[n, num_actions]``
        self.visits = visits
        #: policy targets, ``np.float32[n, num_actions]``
        self.policies = policies
        #: the roots' values per seat, ``np.float64[n, num_players]``
        self.values = values

    def __len__(self) -> int:
        return len(self.actions)

    @overload
    def __getitem__(self, index: int) -> SearchResult: ...

    @overload
    def __getitem__(self, index: slice) -> list[SearchResult]: ...

    def __getitem__(self, index: int | slice) -> SearchResult | list[SearchResult]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        row = range(len(self))[index]  # IndexError and negative indices as a list's
        return SearchResult(
            int(self.actions[row]), self.visits[row], self.policies[row], self.values[row]
        )

    def __repr__(self) -> str:
        return f"SearchResults({len(self)} states, actions={self.actions.tolist()!r})"


def _check_number(name: str, value: Any, low: float, high: float = math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        bound = f"in [{low}, {high}]" if high < math.inf else f">= {low}"
        raise InvalidOptionError(f"{name} must be a number {bound}, got {_args.show(value)}")
    return float(value)


def _check_evaluator(evaluator: Any) -> None:
    if isinstance(evaluator, str):
        if evaluator not in ("uniform", "evaluation"):
            raise InvalidOptionError(
                f"unknown evaluator {evaluator!r}: give 'uniform', 'evaluation' or a callable "
                "(observations, masks, players) -> (logits, values)"
            )
    elif not callable(evaluator):
        raise InvalidOptionError(
            "an evaluator is 'uniform', 'evaluation' or a callable (observations, masks, "
            f"players) -> (logits, values); got {_args.show(evaluator)}"
        )


@dataclass(eq=False)
class LearnedAgent:
    """A search driven by an evaluator (a learned model), in the Rust core: :class:`PUCT` or
    :class:`Gumbel`, as ``docs/search-spec.md`` specifies them.

    The evaluator is called with numpy arrays ``observations`` (``float32 (L, *obs_shape)``, each
    leaf seen by its mover), ``masks`` (``bool (L, num_actions)``) and ``players``
    (``int64 (L,)``), and returns ``logits`` ``(L, num_actions)`` and ``values``
    ``(L, num_players)`` (or ``(L,)`` in a two-player game: the mover's value). The search runs
    with the GIL released and takes it once per evaluator call; Ctrl-C is checked between
    simulation steps. ``"uniform"`` and ``"evaluation"`` (the game's heuristic) are evaluated in
    Rust with no Python call at all.

    The agent holds one SplitMix64(seed) that every search advances, its tree (reused when the
    next position follows from the last one) and, with ``cache``, evaluations by position. Use
    one agent per seat. ``threads`` share the roots of :meth:`search_many` and of
    :func:`ludorum.selfplay` (the results are the same for any number; a Python evaluator is
    still called once per step, so threads pay where the search, not the model, takes the time;
    with a built-in evaluator each thread searches a few roots through all their simulations,
    then takes the next few, with no wait between steps).
    ``pipeline=True`` pays where the model takes the time: the roots are split in two halves,
    and one half is searched on a Rust thread while the evaluator scores the other half's
    leaves, so the search hides behind the evaluator (two calls per step, of half the leaves
    each; the same results for an evaluator that scores each leaf alone; ``threads`` must be
    1 with it). Where agents are taken (``simulate``, ``arena``), a learned agent is played
    as a Python callable, one game after another (never on Rust threads); as a ``VecEnv``
    opponent it searches all the envs waiting for its seats at once (:meth:`search_many`).
    """

    _native: Any = field(default=None, init=False, repr=False, compare=False)

    #: the engine's name of the search
    _KIND = ""

    def _check_shared(self) -> None:
        """Checks the settings both searches have (each subclass checks its own after)."""
        fields = self.__dict__
        _check_evaluator(fields["evaluator"])
        fields["simulations"] = _check_int("simulations", fields["simulations"], 1, 2**32 - 1)
        fields["seed"] = _args.seed(fields["seed"], InvalidOptionError)
        fields["leaves_per_game"] = _check_int(
            "leaves_per_game", fields["leaves_per_game"], 1, 1024
        )
        fields["reuse"], fields["cache"] = bool(fields["reuse"]), bool(fields["cache"])
        fields["threads"] = _check_int("threads", fields["threads"], 1, 1024)
        fields["pipeline"] = bool(fields["pipeline"])
        if fields["pipeline"] and fields["threads"] > 1:
            raise InvalidOptionError(
                "pipeline searches on one thread beside the evaluator's calls: threads must be "
                f"1 with it, got {fields['threads']}"
            )

    def spec(self) -> dict[str, Any]:
        """The search's parameters as the engine reads them: every setting but the evaluator."""
        settings = {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.init and f.name != "evaluator"
        }
        return {"kind": self._KIND, **settings}

    def _agent(self) -> Any:
        if self._native is None:
            self._native = _ludorum.LearnedAgent(self.spec(), getattr(self, "evaluator"))  # noqa: B009 - a field of the subclasses
        return self._native

    def choose(self, state: State) -> Move:
        """The move chosen for the player to move of ``state`` (not changed).

        Raises:
            InvalidArgumentError: ``state`` is not a ludorum state, or the evaluator returned
                arrays of the wrong shape or non-finite numbers.
            IllegalMoveError: the game is over.
        """
        chosen: Move = self._agent().choose(_rust(state))
        return chosen

    def search(self, state: State) -> SearchResult:
        """One search of ``state``: the chosen action, root visits, policy target and value.

        Raises:
            InvalidArgumentError: as :meth:`choose`.
            IllegalMoveError: the game is over.
        """
        return SearchResult(*self._agent().search(_rust(state)))

    def search_many(self, states: Sequence[State]) -> SearchResults:
        """One search per state (all of one game), batched: one evaluator call per simulation
        step for all of them. Each is searched on a fresh tree, with the random stream it would
        have had if the states had been searched one after the other by :meth:`search` with
        ``reuse=False``, so the results are those. They come as :class:`SearchResults`: a
        sequence of :class:`SearchResult`, and the four arrays the rows are views of.

        Raises:
            InvalidArgumentError: as :meth:`choose`, or states of different games.
            IllegalMoveError: a game is over.
        """
        native = self._agent()
        if not isinstance(states, (list, tuple)):
            states = list(states)
        # Rust states go through as they are; only a batch with another kind is converted.
        rows = native.search_many(states)
        if rows is None:
            rows = native.search_many([_rust(s) for s in states])
        if rows is None:  # pragma: no cover - _rust gives Rust states or raises
            raise InvalidArgumentError("states must be ludorum states")
        return SearchResults(*rows)

    def analyse(self, state: State) -> Analysis:
        """The root moves of one search, most visited first, with their visits (values are the
        root's estimate for every move; ``wins`` is not computed and is False)."""
        result = self.search(state)
        rust = _rust(state)
        moves = [m for m in rust.legal_moves() if result.visits[m.action] > 0]
        moves.sort(key=lambda m: (-int(result.visits[m.action]), m.action))
        value = tuple(float(v) for v in result.value)
        return Analysis(
            moves=tuple(SearchedMove(m, int(result.visits[m.action]), value, False) for m in moves),
            simulations=int(result.visits.sum()),
        )

    def forget(self) -> None:
        """Drops the kept tree and the cache (the random stream goes on)."""
        if self._native is not None:
            self._native.forget()

    def reseeded(self, offset: int) -> LearnedAgent:
        """A fresh agent (no tree, no cache) with its seed advanced by ``offset``."""
        seed = (getattr(self, "seed", 0) + offset) & (2**64 - 1)
        fresh: LearnedAgent = dataclasses.replace(self, seed=seed)  # type: ignore[call-arg]
        return fresh

    def __call__(self, state: State) -> Move:
        return self.choose(state)


@dataclass(eq=False)
class PUCT(LearnedAgent):
    """AlphaZero's PUCT search driven by ``evaluator`` (``docs/search-spec.md``).

    >>> import ludorum
    >>> from ludorum.agents import PUCT
    >>> state = ludorum.new("dominions")
    >>> result = PUCT("uniform", simulations=50).search(state)
    >>> int(result.visits.sum()), result.action in [m.action for m in state.legal_moves()]
    (50, True)
    """

    evaluator: Any = "uniform"
    simulations: int = 800
    seed: int = 0
    c_puct: float = 1.25
    dirichlet_alpha: float = 0.3
    dirichlet_fraction: float = 0.0
    temperature: float = 0.0
    leaves_per_game: int = 1
    reuse: bool = True
    cache: bool = False
    threads: int = 1
    pipeline: bool = False

    _KIND = "puct"

    def __post_init__(self) -> None:
        self._check_shared()
        self.c_puct = _check_number("c_puct", self.c_puct, 0.0)
        self.dirichlet_alpha = _check_number("dirichlet_alpha", self.dirichlet_alpha, 1e-12)
        self.dirichlet_fraction = _check_number(
            "dirichlet_fraction", self.dirichlet_fraction, 0.0, 1.0
        )
        self.temperature = _check_number("temperature", self.temperature, 0.0, 1e300)


@dataclass(eq=False)
class Gumbel(LearnedAgent):
    """Gumbel MuZero's search (mctx's ``gumbel_muzero_policy``) driven by ``evaluator``
    (``docs/search-spec.md``).

    >>> import ludorum
    >>> from ludorum.agents import Gumbel
    >>> result = Gumbel("evaluation", simulations=32).search(ludorum.new("dominions"))
    >>> abs(float(result.policy.sum()) - 1) < 1e-5
    True
    """

    evaluator: Any = "uniform"
    simulations: int = 200
    seed: int = 0
    max_considered: int = 16
    c_visit: float = 50.0
    c_scale: float = 0.1
    gumbel_scale: float = 1.0
    leaves_per_game: int = 1
    reuse: bool = True
    cache: bool = False
    threads: int = 1
    pipeline: bool = False

    _KIND = "gumbel"

    def __post_init__(self) -> None:
        self._check_shared()
        self.max_considered = _check_int("max_considered", self.max_considered, 1, 2**32 - 1)
        self.c_visit = _check_number("c_visit", self.c_visit, 0.0, 1e300)
        self.c_scale = _check_number("c_scale", self.c_scale, 0.0, 1e300)
        self.gumbel_scale = _check_number("gumbel_scale", self.gumbel_scale, 0.0, 1e300)


@dataclass(eq=False)
class Policy:
    """A batched policy, such as a learner's network or a past version of it:
    ``act(observations, masks, players) -> actions``, for many positions in one call.

    ``observations`` is ``float32 (B, *observation_shape)`` (each position seen by its player
    to move), ``masks`` ``bool (B, num_actions)``, ``players`` ``int64 (B,)``; ``act`` returns
    ``B`` action ids. ``ludorum.VecEnv(opponents=...)`` calls it once for all the envs waiting
    for its seats; anywhere else an agent is taken it plays one state at a time.

    >>> import numpy as np
    >>> import ludorum
    >>> from ludorum.agents import Policy
    >>> first_legal = Policy(lambda obs, masks, players: masks.argmax(axis=1))
    >>> first_legal(ludorum.new("tic_tac_toe"))
    Move('a3')
    >>> env = ludorum.VecEnv("tic_tac_toe", 4, opponents=first_legal, learner=1)
    >>> obs, info = env.reset()
    >>> info["current_player"].tolist()     # player 0 (the policy) has moved in every env
    [1, 1, 1, 1]
    """

    #: ``(observations, masks, players) -> actions``
    act: Callable[..., Any]

    def __post_init__(self) -> None:
        if not callable(self.act):
            raise InvalidOptionError(
                f"a policy is a callable (observations, masks, players) -> actions, got "
                f"{_args.show(self.act)}"
            )

    def actions(self, observations: Any, masks: Any, players: Any) -> Any:
        """The policy's action ids for a batch, checked to be one integer per position.

        Raises:
            InvalidArgumentError: the policy did not return one integer action id a position.
        """
        import numpy as np

        actions = np.asarray(self.act(observations, masks, players))
        if actions.shape != (len(masks),) or not np.issubdtype(actions.dtype, np.integer):
            raise InvalidArgumentError(
                f"a policy must return {len(masks)} integer action ids, got "
                f"{actions.dtype} {actions.shape}"
            )
        return actions

    def __call__(self, state: State) -> Move:
        import numpy as np

        player = state.current_player
        if player is None:
            raise InvalidArgumentError("the game is over: no player to move")
        observation = state.observation(player)[None]
        mask = state.action_mask()[None]
        action = int(self.actions(observation, mask, np.array([player], np.int64))[0])
        move: Move = state.move_from_action(action)
        return move


#: anything accepted where an agent is: a built-in agent, its name, a policy or a callable
AgentLike = Union[BuiltinAgent, str, Policy, Callable[[State], Move]]


def parse_agent(text: str, seed: int = 0) -> BuiltinAgent:
    """A built-in agent from its name: ``random``, ``mcts``, ``mcts:2000``, ``ismcts:500``.

    Raises:
        InvalidOptionError: an unknown name or a bad count.

    >>> from ludorum.agents import parse_agent
    >>> parse_agent("mcts:200")
    MCTS(simulations=200, c=None, rollout_plies=None, seed=0, threads=1, time_limit=None)
    """
    name, _, count = text.partition(":")
    if name == "random" and not count:
        return Random(seed=seed)
    if name in ("mcts", "ismcts"):
        simulations = 1000
        if count:
            # ASCII digits only: '²' is a digit to str.isdigit but no number to int
            if not (count.isascii() and count.isdigit()) or len(count) > 10 or int(count) < 1:
                raise InvalidOptionError(
                    f"agent {text!r}: simulations must be a positive integer, got {count!r}"
                )
            simulations = int(count)
        cls = ISMCTS if name == "ismcts" else MCTS
        return cls(simulations=simulations, seed=seed)
    raise InvalidOptionError(
        f"unknown agent {text!r}; agents: random, mcts[:SIMULATIONS], ismcts[:SIMULATIONS], "
        "or an agent object or callable"
    )


def as_agent(agent: AgentLike) -> BuiltinAgent | Callable[[State], Move]:
    """A built-in agent for a name, the agent itself otherwise.

    Raises:
        InvalidOptionError: an unknown name, or something that is neither an agent nor callable.
    """
    if isinstance(agent, str):
        return parse_agent(agent)
    if isinstance(agent, BuiltinAgent) or callable(agent):
        return agent
    raise InvalidOptionError(
        f"an agent is a ludorum.agents agent, a name such as 'mcts:2000', or a callable "
        f"state -> Move; got {_args.show(agent)}"
    )
