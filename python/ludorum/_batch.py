"""A batch of consecutive games played on this machine: the layer under ``ludorum.simulate``
(a whole local call), ``ludorum.distributed`` (one chunk of a call, in a Ray worker) and
``ludorum.dataset`` (which reads games back as the :class:`SimulationResult` defined here).

It imports none of those three, and they all import it: that is what keeps them out of an
import circle (``simulate`` dispatches to Ray and writes datasets; a Ray worker plays its chunk
here, not through ``simulate``; a dataset is read back without ``simulate``).

Game ``i`` of a batch from ``seed`` is seeded ``seed + i`` (mod 2**64) wherever it runs: its
agents' seeds are offset by it, and a seeded setup gets it as its ``seed`` option.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union, cast

import numpy as np

from . import _args, _ludorum
from ._ply_cap import MaxPlies, with_ply_cap
from ._registry import check_backend, game_info, new
from ._state import State
from ._types import Move
from .agents import AgentLike, BuiltinAgent, as_agent
from .errors import InvalidOptionError, InvalidStateError
from .rng import MASK64, SplitMix64

if TYPE_CHECKING:
    from .reference._base import ReferenceState

__all__ = [
    "Batch",
    "Played",
    "Seat",
    "SimulationResult",
    "agent_name",
    "play",
    "play_in_python",
    "play_in_rust",
    "prepare",
    "winners",
]

#: one seat's agent: a built-in agent (played inside Rust) or a callable (played in Python)
Seat = Union[BuiltinAgent, Callable[[State], Move]]


@dataclass(frozen=True)
class SimulationResult:
    """The games of one ``simulate`` call, as numpy arrays indexed by game.

    - ``winners``: the winner, ``-1`` for a draw, ``-2`` when several players share the win;
    - ``winner_masks``: bit ``p`` set when player ``p`` won;
    - ``lengths``: plies played;
    - ``reason_codes``: why each game ended, as an index in ``reason_names`` (the game's
      ``GameInfo.reasons``); ``reasons`` gives the names as an array of strings, on demand.

    A million games hold about 7 MB: one byte per game for the masks, the winners and the
    reasons, four for the lengths.
    """

    game: str
    options: dict[str, Any]
    backend: str
    seed: int
    threads: int
    winners: np.ndarray
    winner_masks: np.ndarray
    lengths: np.ndarray
    reason_codes: np.ndarray
    reason_names: tuple[str, ...]
    seconds: float = field(repr=False)
    #: the agents by seat (``("random",)`` for the default random play)
    agents: tuple[str, ...] = ("random",)
    #: with ``record=True``: every game's action ids, flat; game ``i`` is
    #: ``actions[offsets[i]:offsets[i + 1]]`` (see :meth:`game_actions`)
    actions: np.ndarray | None = field(default=None, repr=False)
    offsets: np.ndarray | None = field(default=None, repr=False)

    def game_actions(self, i: int) -> np.ndarray:
        """The action ids of game ``i``, in order (``simulate(..., record=True)``).

        Raises:
            ValueError: the games were not recorded.
        """
        if self.actions is None or self.offsets is None:
            raise ValueError("the games were not recorded: simulate(..., record=True)")
        return self.actions[int(self.offsets[i]) : int(self.offsets[i + 1])]

    def replay(self, i: int, backend: str = "rust") -> State:
        """Game ``i`` played again from its recorded actions: the state at its end, which must
        be the recorded end (its winners and reason).

        Raises:
            ValueError: the games were not recorded.
            InvalidStateError: the game does not replay to its recorded end.
        """
        options = dict(self.options)
        if "seed" in options:  # a seeded setup: game i was seeded seed + i
            options["seed"] = (self.seed + i) & MASK64
        state = new(self.game, backend=backend, **options)
        for action in self.game_actions(i):
            state.apply_action(int(action))
        outcome = state.outcome()
        recorded = int(self.winner_masks[i])
        reason = self.reason_names[int(self.reason_codes[i])]
        if (
            outcome is None
            or outcome.reason != reason
            or recorded != sum(1 << p for p in outcome.winners)
        ):
            named = [p for p in range(8) if recorded >> p & 1]
            replayed = (
                "a game not over"
                if outcome is None
                else (f"winners {list(outcome.winners)} ({outcome.reason})")
            )
            raise InvalidStateError(
                f"game {i} replays to {replayed}, but is recorded with winners {named} ({reason})"
            )
        return state

    @property
    def reasons(self) -> np.ndarray:
        """Why each game ended, in the rules' words (built from ``reason_codes`` when asked)."""
        return np.take(np.asarray(self.reason_names, dtype=str), self.reason_codes)

    @property
    def games(self) -> int:
        """Number of games played."""
        return len(self.lengths)

    @property
    def plies(self) -> int:
        """Total plies over all games."""
        return int(self.lengths.sum())

    @property
    def plies_per_second(self) -> float:
        """Throughput in plies per second of wall time."""
        return self.plies / self.seconds if self.seconds > 0 else float("inf")

    @property
    def games_per_second(self) -> float:
        """Throughput in games per second of wall time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def summary(self) -> str:
        """A few lines: counts of winners and reasons, mean length, throughput."""
        wins = ", ".join(
            f"{'draw' if w == -1 else 'shared' if w == -2 else f'player {w}'}: {n}"
            for w, n in zip(*np.unique(self.winners, return_counts=True))
        )
        reasons = ", ".join(
            f"{self.reason_names[code]}: {n}"
            for code, n in zip(*np.unique(self.reason_codes, return_counts=True))
        )
        mean = f"{self.lengths.mean():.1f}" if self.games else "-"
        return (
            f"{self.games} games of {self.game} ({self.backend}, {self.threads} thread(s))\n"
            f"  results: {wins or '-'}\n  reasons: {reasons or '-'}\n"
            f"  mean length {mean} plies\n"
            f"  {self.games_per_second:,.0f} games/s, {self.plies_per_second:,.0f} plies/s"
        )


@dataclass(frozen=True)
class Batch:
    """The checked arguments of a batch: what every way of playing it reads."""

    name: str
    #: the game's options, ``max_plies`` as decided (see ``ludorum._ply_cap``)
    options: dict[str, Any]
    #: one agent per seat, or ``None`` for random play in every seat
    seats: list[Seat] | None
    record: bool
    backend: str

    @property
    def native(self) -> bool:
        """Whether the Rust batch plays it: the Rust backend, and built-in agents (or random
        play) in every seat."""
        seats = self.seats
        return self.backend == "rust" and (
            seats is None or all(isinstance(a, BuiltinAgent) for a in seats)
        )

    @property
    def agent_names(self) -> tuple[str, ...]:
        """The agents by seat, as ``SimulationResult.agents`` names them."""
        return ("random",) if self.seats is None else tuple(agent_name(a) for a in self.seats)


def prepare(
    name: str,
    *,
    agents: str | Sequence[AgentLike] = "random",
    record: bool = False,
    backend: str = "rust",
    max_plies: MaxPlies = "default",
    **options: Any,
) -> Batch:
    """The arguments of a batch, checked (the keyword arguments of ``simulate`` that decide
    the games themselves).

    Raises:
        InvalidOptionError: unknown game, agent or backend, or ``record`` not a bool.
    """
    game_info(name)
    seats = _seats(agents)
    check_backend(backend)
    if not isinstance(record, (bool, np.bool_)):
        raise InvalidOptionError(f"record must be True or False, got {_args.show(record)}")
    return Batch(name, with_ply_cap(name, options, max_plies), seats, bool(record), backend)


@dataclass(frozen=True)
class Played:
    """The games of a batch as arrays indexed by game (see :class:`SimulationResult`)."""

    #: the game's options as the games were created
    options: dict[str, Any]
    winner_masks: np.ndarray
    lengths: np.ndarray
    reason_codes: np.ndarray
    #: the threads that played them
    threads: int
    #: with ``record``: the action ids, flat, and where each game starts
    actions: np.ndarray | None = None
    offsets: np.ndarray | None = None

    def arrays(self) -> dict[str, Any]:
        """As a Ray chunk travels (``ludorum.distributed.merge`` reads it): the arrays and the
        options, with ``actions`` and ``offsets`` when recorded."""
        arrays = {
            "winner_masks": self.winner_masks,
            "lengths": self.lengths,
            "reason_codes": self.reason_codes,
            "options": self.options,
        }
        if self.actions is not None and self.offsets is not None:
            arrays["actions"] = self.actions
            arrays["offsets"] = self.offsets
        return arrays


def play(
    batch: Batch,
    seed: int,
    games: int,
    threads: int = 1,
    report: Callable[[int], object] | None = None,
) -> Played:
    """Games ``0..games`` of ``batch`` from ``seed``, on this machine: inside Rust when it can
    (:attr:`Batch.native`), else from Python on one thread. ``report(done)`` is told how many
    games are done as they finish."""
    if batch.native:
        return play_in_rust(batch, seed, games, threads, report)
    return play_in_python(batch, seed, games, report)


def play_in_rust(
    batch: Batch,
    seed: int,
    games: int,
    threads: int,
    report: Callable[[int], object] | None = None,
) -> Played:
    """The Rust batch: ``threads`` threads with the GIL released (Ctrl-C stops it)."""
    specs = None if batch.seats is None else [cast(BuiltinAgent, a).spec() for a in batch.seats]
    options, masks, lengths, codes, logged = _ludorum.simulate(
        batch.name, batch.options, seed, 0, games, threads, report, specs, batch.record
    )
    actions, offsets = logged if logged is not None else (None, None)
    return Played(options, masks, lengths, codes, threads, actions, offsets)


def play_in_python(
    batch: Batch, seed: int, games: int, report: Callable[[int], object] | None = None
) -> Played:
    """The games played from Python, one at a time: random play (unchecked, as the Rust batch
    does) or agents (their moves checked). Any backend, any agent."""
    name, backend, seats = batch.name, batch.backend, batch.seats
    options = new(name, backend=backend, **batch.options).options  # validated once
    reasons = game_info(name).reasons
    masks = np.zeros(games, dtype=np.uint8)
    lengths = np.zeros(games, dtype=np.uint32)
    codes = np.zeros(games, dtype=np.uint8)
    logs: list[list[int]] = []
    seeded = "seed" in options  # a seeded setup gets seed + i in game i, like its agents
    for i in range(games):
        game_seed = (seed + i) & MASK64
        state = new(
            name, backend=backend, **({**options, "seed": game_seed} if seeded else options)
        )
        log: list[int] = []
        if seats is None:
            ref = cast("ReferenceState", state)
            rng = SplitMix64(game_seed)
            while ref.current_player is not None:
                moves = ref.legal_moves()
                move = moves[rng.below(len(moves))]
                log.append(move.action)
                ref._apply(move)
        else:
            if len(seats) != state.num_players:
                raise InvalidOptionError(
                    f"{len(seats)} agents for {state.num_players} seats: give one agent per seat"
                )
            players = [_offset(a, game_seed) for a in seats]
            while (player := state.current_player) is not None:
                move = players[player](state.copy())
                log.append(move.action)
                state.play(move)
        outcome = state.outcome()
        assert outcome is not None
        masks[i] = sum(1 << p for p in outcome.winners)
        lengths[i] = state.ply
        codes[i] = reasons.index(outcome.reason)
        logs.append(log)
        if report is not None:
            report(i + 1)
    actions = offsets = None
    if batch.record:
        offsets = np.cumsum([0, *map(len, logs)], dtype=np.uint64)
        actions = np.fromiter((a for log in logs for a in log), dtype=np.uint32)
    return Played(options, masks, lengths, codes, 1, actions, offsets)


def winners(masks: np.ndarray) -> np.ndarray:
    """The winner of each game from its mask: the player, ``-1`` for a draw, ``-2`` when several
    share the win."""
    out = np.full(len(masks), -2, dtype=np.int8)
    out[masks == 0] = -1
    for p in range(8):
        out[masks == (1 << p)] = p
    return out


def agent_name(agent: Seat) -> str:
    """A seat's agent as results name it: the built-in agent's ``repr``, a callable's name."""
    return (
        repr(agent) if isinstance(agent, BuiltinAgent) else getattr(agent, "__name__", "callable")
    )


def _seats(agents: str | Sequence[AgentLike]) -> list[Seat] | None:
    """``None`` for the default random play, else one agent per seat."""
    if isinstance(agents, str):
        if agents != "random":
            raise InvalidOptionError(
                f"agents must be 'random' or one agent per seat, got {_args.show(agents)}"
            )
        return None
    if not isinstance(agents, (list, tuple)):
        raise InvalidOptionError(
            f"agents must be 'random' or one agent per seat, got {_args.show(agents)}"
        )
    return [as_agent(a) for a in agents]


def _offset(agent: Seat, offset: int) -> Callable[[State], Move]:
    """A fresh built-in agent with its seed offset by ``offset`` (as the Rust batch does)."""
    if isinstance(agent, BuiltinAgent):
        return agent.reseeded(offset).choose
    return agent
