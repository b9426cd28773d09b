"""Batch simulation and perft, for either backend.

``simulate`` plays whole games between random agents. With the Rust backend the games are played
inside Rust with the GIL released, spread over threads; with ``backend="reference"`` the same
games are played in Python (the same seeds give equal arrays).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TextIO, cast

import numpy as np

from . import _args
from ._registry import check_backend, game_info, new
from ._state import State
from ._types import Move
from .agents import AgentLike, BuiltinAgent, as_agent
from .errors import InvalidOptionError
from .rng import MASK64, SplitMix64

if TYPE_CHECKING:
    from .reference._base import ReferenceState

__all__ = ["SimulationResult", "perft", "simulate"]

#: the most threads ``simulate`` accepts (it never starts more than there are games)
MAX_THREADS = 1024


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
        """Game ``i`` played again from its recorded actions: the state at its end.

        Raises:
            ValueError: the games were not recorded.
        """
        options = dict(self.options)
        if "seed" in options:  # a seeded setup: game i was seeded seed + i
            options["seed"] = (self.seed + i) & MASK64
        state = new(self.game, backend=backend, **options)
        for action in self.game_actions(i):
            state.apply_action(int(action))
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


def simulate(
    name: str,
    games: int = 1000,
    *,
    agents: str | Sequence[AgentLike] = "random",
    seed: int = 0,
    max_plies: int | Literal["default"] | None = "default",
    threads: int | None = None,
    backend: str = "rust",
    progress: bool | None = None,
    record: bool = False,
    cluster: Literal["ray"] | None = None,
    address: str | None = None,
    chunk_size: int | None = None,
    out: str | os.PathLike[str] | None = None,
    out_format: Literal["parquet", "jsonl"] | None = None,
    **options: Any,
) -> SimulationResult:
    """Play ``games`` games of ``name`` between agents (random by default) and return their
    results.

    Game ``i`` uses SplitMix64 seeded with ``seed + i`` (mod 2**64: the games after seed
    ``2**64 - 1`` wrap to 0) for its agents, and the same value as its ``seed`` option when the
    game has one (a seeded setup), so the results do not depend on ``threads`` and both backends
    play the same games.

    Args:
        name: the game (``ludorum.games()``).
        games: how many games, an int in ``0..2**63 - 1`` (0 gives an empty result).
        agents: ``"random"`` (the random agent in every seat, drawing from one SplitMix64 per
            game), or one agent per seat: ``ludorum.agents`` agents (played inside Rust; agent
            seeds are offset by the game's seed, so every game differs and each replays), their
            names (``"mcts:2000"``), or Python callables ``state -> Move`` (played in Python,
            slower).
        seed: the batch seed, an int in ``0..2**64 - 1`` (as everywhere a seed is taken).
        max_plies: the game option of that name, for games that have it. Left at
            ``"default"``, the game's ``simulation_max_plies`` applies (``ludorum.game_info``:
            1000 for Chinese Checkers, whose random games practically never end), a draw with
            reason ``ply limit``; ``None`` asks for no limit.
        threads: how many threads, an int in ``1..1024`` (default: all cores); never more are
            started than there are games.
        backend: ``"rust"`` (the games are played inside Rust with the GIL released) or
            ``"reference"`` (the same games, in Python).
        progress: show a bar on stderr (default: when stderr is a terminal and the batch is
            large). The Rust backend reports from one call, every 50 ms.
        record: keep every game's action ids (``result.game_actions(i)``,
            ``result.replay(i)``): ``True`` or ``False``.
        cluster: ``None`` (this machine) or ``"ray"``: the games run as Ray tasks, chunks of
            consecutive games of about a second each, and the result is exactly the local
            one (``ludorum.distributed``; ``pip install ludorum[ray]``).
        address: the Ray cluster to join (default: the running instance, or a new local one).
        chunk_size: games per Ray task (default: about one second of one core's work).
        out: with ``record=True``, a directory where the games are written as a dataset
            (``ludorum.dataset``; read back with ``ludorum.read_games``).
        out_format: ``"parquet"`` (default when pyarrow is installed) or ``"jsonl"``.
        options: the game's options (``ludorum.game_info(name).options``).

    Raises:
        InvalidOptionError: unknown game, agent, backend or option, or a bad count or seed.
        KeyboardInterrupt: Ctrl-C stops a Rust batch within a fraction of a second.

    >>> import ludorum
    >>> r = ludorum.simulate("chinese_checkers", games=4, max_plies=30, pieces=10, area="free")
    >>> r.lengths.tolist(), r.reasons.tolist()
    ([30, 30, 30, 30], ['ply limit', 'ply limit', 'ply limit', 'ply limit'])
    """
    info = game_info(name)
    seats = _seats(agents)
    check_backend(backend)
    for flag, value in (("progress", progress), ("record", record)):
        if not isinstance(value, (bool, np.bool_)) and not (flag == "progress" and value is None):
            allowed = "None, True or False" if flag == "progress" else "True or False"
            raise InvalidOptionError(f"{flag} must be {allowed}, got {_args.show(value)}")
    record = bool(record)
    games = _args.count("games", games, 0, 2**63 - 1, InvalidOptionError)
    seed = _args.seed(seed, InvalidOptionError)
    if threads is None:
        threads = os.cpu_count() or 1
    threads = _args.count("threads", threads, 1, MAX_THREADS, InvalidOptionError)
    threads = min(threads, max(games, 1))  # the work available
    if isinstance(max_plies, str) and max_plies == "default":
        if info.simulation_max_plies is not None:
            options["max_plies"] = info.simulation_max_plies
    else:
        options["max_plies"] = max_plies

    if cluster not in (None, "ray"):
        raise InvalidOptionError(f"cluster must be None or 'ray', got {_args.show(cluster)}")
    if out is not None and not record:
        raise InvalidOptionError("out= writes the recorded games: pass record=True too")
    fmt: str | None = out_format
    if out is not None:
        from .dataset import FORMATS, default_format

        fmt = fmt or default_format()
        if fmt not in FORMATS:
            raise InvalidOptionError(f"out_format must be 'parquet' or 'jsonl', got {fmt!r}")
    if chunk_size is not None:
        chunk_size = _args.count("chunk_size", chunk_size, 1, 2**63 - 1, InvalidOptionError)

    bar = _Progress(name, games, sys.stderr) if _want_progress(progress, games) else None
    start = time.perf_counter()
    actions = offsets = None
    native = seats is None or all(isinstance(a, BuiltinAgent) for a in seats)
    written = False
    if cluster == "ray":
        from .distributed import simulate_on_ray

        if backend != "rust":
            raise InvalidOptionError("cluster='ray' runs the Rust backend")
        # agents as fresh copies (a used built-in agent holds an engine object that does not
        # travel); options hold max_plies as decided above
        travelling: Any = (
            agents
            if seats is None
            else [a.reseeded(0) if isinstance(a, BuiltinAgent) else a for a in seats]
        )
        kwargs = {"agents": travelling, "record": record, **options}
        received = [0]

        def arrived(first: int, count: int, arrays: dict[str, Any]) -> None:
            received[0] += count
            if out is not None and fmt is not None:
                from .dataset import write_chunk

                write_chunk(out, first, arrays, info.reasons, fmt)
            if bar is not None:
                bar.update(received[0], time.perf_counter() - start)

        merged, _ = simulate_on_ray(
            name, games, seed, kwargs, address=address, chunk_size=chunk_size, on_chunk=arrived
        )
        written = out is not None
        masks, lengths, codes = merged["winner_masks"], merged["lengths"], merged["reason_codes"]
        options = merged.get("options") or new(name, **options).options
        actions, offsets = merged.get("actions"), merged.get("offsets")
    elif backend == "rust" and native:
        from . import _ludorum

        report = (
            None if bar is None else (lambda done: bar.update(done, time.perf_counter() - start))
        )
        specs = None if seats is None else [a.spec() for a in seats]  # type: ignore[union-attr]
        options, masks, lengths, codes, logged = _ludorum.simulate(
            name, options, seed, 0, games, threads, report, specs, record
        )
        if logged is not None:
            actions, offsets = logged
    else:
        options = new(name, backend=backend, **options).options  # validated once
        masks, lengths, codes, logs = _simulate_python(
            name, backend, options, seed, games, seats, bar, start
        )
        if record:
            offsets = np.cumsum([0, *map(len, logs)], dtype=np.uint64)
            actions = np.fromiter((a for log in logs for a in log), dtype=np.uint32)
        threads = 1
    seconds = time.perf_counter() - start
    if bar is not None:
        bar.close()
    result = SimulationResult(
        game=name,
        options=options,
        backend=backend,
        seed=seed,
        threads=threads,
        winners=_winners(masks),
        winner_masks=masks,
        lengths=lengths,
        reason_codes=codes,
        reason_names=info.reasons,
        seconds=seconds,
        agents=("random",) if seats is None else tuple(_agent_name(a) for a in seats),
        actions=actions,
        offsets=offsets,
    )
    if out is not None and fmt is not None:
        _write_dataset(result, out, fmt, chunks_written=written)
    return result


def _write_dataset(
    result: SimulationResult, out: str | os.PathLike[str], fmt: str, chunks_written: bool
) -> None:
    """The dataset's ``meta.json``, and the games as one chunk unless Ray wrote them."""
    from .dataset import write_chunk, write_meta

    write_meta(
        out,
        {
            "game": result.game,
            "options": result.options,
            "seed": result.seed,
            "agents": list(result.agents),
            "reason_names": list(result.reason_names),
            "games": result.games,
            "threads": result.threads,
            "seconds": result.seconds,
        },
    )
    if not chunks_written:
        arrays = {
            "winner_masks": result.winner_masks,
            "lengths": result.lengths,
            "reason_codes": result.reason_codes,
            "actions": result.actions,
            "offsets": result.offsets,
        }
        write_chunk(out, 0, arrays, result.reason_names, fmt)


def _seats(
    agents: str | Sequence[AgentLike],
) -> list[BuiltinAgent | Callable[[State], Move]] | None:
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


def _agent_name(agent: BuiltinAgent | Callable[[State], Move]) -> str:
    return (
        repr(agent) if isinstance(agent, BuiltinAgent) else getattr(agent, "__name__", "callable")
    )


def _offset(agent: BuiltinAgent | Callable[[State], Move], offset: int) -> Callable[[State], Move]:
    """A fresh built-in agent with its seed offset by ``offset`` (as the Rust batch does)."""
    if isinstance(agent, BuiltinAgent):
        return agent.reseeded(offset).choose
    return agent


def _simulate_python(
    name: str,
    backend: str,
    options: dict[str, Any],
    seed: int,
    games: int,
    seats: list[BuiltinAgent | Callable[[State], Move]] | None,
    bar: _Progress | None,
    start: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[list[int]]]:
    """The games played from Python: random play (unchecked, as the Rust batch does) or agents
    (their moves checked)."""
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
        if bar is not None:
            bar.update(i + 1, time.perf_counter() - start)
    return masks, lengths, codes, logs


def _winners(masks: np.ndarray) -> np.ndarray:
    winners = np.full(len(masks), -2, dtype=np.int8)
    winners[masks == 0] = -1
    for p in range(8):
        winners[masks == (1 << p)] = p
    return winners


def perft(state: Any, depth: int) -> int:
    """Number of leaf move sequences of length ``depth`` from ``state`` (bulk-counted).

    Works for either backend; the Rust one releases the GIL. The state is unchanged.

    >>> import ludorum
    >>> ludorum.perft(ludorum.new("chinese_checkers", backend="reference"), 2)
    324
    """
    return int(state.perft(_args.depth(depth)))


def _want_progress(progress: bool | None, games: int) -> bool:
    if progress is None:
        return games >= 1000 and sys.stderr.isatty()
    return bool(progress)


class _Progress:
    """A one-line progress bar on a text stream, standard library only.

    On a terminal the line is redrawn in place; elsewhere (a log, a pipe) only the final state
    is written, so that logs do not fill with redraws.
    """

    def __init__(self, name: str, total: int, stream: TextIO) -> None:
        self.name, self.total, self.stream = name, max(total, 1), stream
        self.live = stream.isatty()
        self.last = ""

    def update(self, done: int, seconds: float) -> None:
        width = 30
        filled = width * done // self.total
        rate = done / seconds if seconds > 0 else 0.0
        self.last = (
            f"{self.name} [{'#' * filled}{'.' * (width - filled)}] "
            f"{done}/{self.total} games  {seconds:5.1f} s  {rate:,.0f} games/s"
        )
        if self.live:
            self.stream.write(f"\r{self.last}")
            self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n" if self.live else f"{self.last}\n")
        self.stream.flush()
