"""Batch simulation and perft, for either backend.

``simulate`` plays whole games between random agents. With the Rust backend the games are played
inside Rust with the GIL released, spread over threads; with ``backend="reference"`` the same
games are played in Python (the same seeds give equal arrays).

``simulate`` checks its arguments and dispatches: to Ray (``ludorum.distributed``), or to this
machine (``ludorum._batch``: inside Rust, or from Python); then it writes the dataset
(``ludorum.dataset``) if asked. The games themselves are played in ``ludorum._batch``, which
the Ray workers and the dataset reader use too.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal

import numpy as np

from . import _args
from ._batch import Batch, Played, SimulationResult, play, prepare, winners
from ._ply_cap import MaxPlies
from ._progress import Progress, want_progress
from ._registry import game_info, new
from .agents import AgentLike, BuiltinAgent
from .dataset import FORMATS, claim, default_format, write_chunk, write_meta
from .distributed import simulate_on_ray
from .errors import InvalidOptionError

__all__ = ["SimulationResult", "perft", "simulate"]

#: the most threads ``simulate`` accepts (it never starts more than there are games)
MAX_THREADS = 1024


def simulate(
    name: str,
    games: int = 1000,
    *,
    agents: str | Sequence[AgentLike] = "random",
    seed: int = 0,
    max_plies: MaxPlies = "default",
    threads: int | None = None,
    backend: str = "rust",
    progress: bool | None = None,
    record: bool = False,
    cluster: Literal["ray"] | None = None,
    address: str | None = None,
    chunk_size: int | None = None,
    out: str | os.PathLike[str] | None = None,
    out_format: Literal["parquet", "jsonl"] | None = None,
    overwrite: bool = False,
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
        overwrite: with ``out``, clear a directory that holds another run's dataset (without
            it, such a directory is refused: two runs' games never mix).
        options: the game's options (``ludorum.game_info(name).options``).

    Raises:
        InvalidOptionError: unknown game, agent, backend or option, or a bad count or seed.
        InvalidArgumentError: ``out`` holds another run's dataset and ``overwrite`` is false.
        KeyboardInterrupt: Ctrl-C stops a Rust batch within a fraction of a second.

    >>> import ludorum
    >>> r = ludorum.simulate("chinese_checkers", games=4, max_plies=30, pieces=10, area="free")
    >>> r.lengths.tolist(), r.reasons.tolist()
    ([30, 30, 30, 30], ['ply limit', 'ply limit', 'ply limit', 'ply limit'])
    """
    batch = prepare(
        name, agents=agents, record=record, backend=backend, max_plies=max_plies, **options
    )
    if not isinstance(progress, (bool, np.bool_)) and progress is not None:
        raise InvalidOptionError(
            f"progress must be None, True or False, got {_args.show(progress)}"
        )
    games = _args.count("games", games, 0, 2**63 - 1, InvalidOptionError)
    seed = _args.seed(seed, InvalidOptionError)
    if threads is None:
        threads = os.cpu_count() or 1
    threads = _args.count("threads", threads, 1, MAX_THREADS, InvalidOptionError)
    threads = min(threads, max(games, 1))  # the work available
    if cluster not in (None, "ray"):
        raise InvalidOptionError(f"cluster must be None or 'ray', got {_args.show(cluster)}")
    dataset = _dataset(out, out_format, batch.record)
    if chunk_size is not None:
        chunk_size = _args.count("chunk_size", chunk_size, 1, 2**63 - 1, InvalidOptionError)

    if dataset is not None:
        claim(dataset[0], overwrite)
    bar = Progress(name, games, sys.stderr) if want_progress(progress, games) else None
    start = time.perf_counter()
    report = None if bar is None else (lambda done: bar.update(done, time.perf_counter() - start))
    chunks: dict[int, dict[str, Any]] = {}  # the chunks Ray wrote, by first game
    if cluster == "ray":
        played = _play_on_ray(
            batch, agents, games, seed, threads, address, chunk_size, report, dataset, chunks
        )
    else:  # inside Rust, or from Python where it must (ludorum._batch.play decides)
        played = play(batch, seed, games, threads, report)
    seconds = time.perf_counter() - start
    if bar is not None:
        bar.close()
    result = _result(batch, played, seed, seconds)
    if dataset is not None:
        _write_dataset(result, *dataset, chunks=list(chunks.values()) if cluster else None)
    return result


def _dataset(
    out: str | os.PathLike[str] | None, out_format: str | None, record: bool
) -> tuple[str | os.PathLike[str], str] | None:
    """Where and how the games are written: ``(directory, format)``, or ``None`` without
    ``out``.

    Raises:
        InvalidOptionError: ``out`` without ``record``, or an unknown format.
    """
    if out is None:
        return None
    if not record:
        raise InvalidOptionError("out= writes the recorded games: pass record=True too")
    fmt = out_format or default_format()
    if fmt not in FORMATS:
        raise InvalidOptionError(f"out_format must be 'parquet' or 'jsonl', got {fmt!r}")
    return out, fmt


def _result(batch: Batch, played: Played, seed: int, seconds: float) -> SimulationResult:
    """The played games as the result of the call."""
    return SimulationResult(
        game=batch.name,
        options=played.options,
        backend=batch.backend,
        seed=seed,
        threads=played.threads,
        winners=winners(played.winner_masks),
        winner_masks=played.winner_masks,
        lengths=played.lengths,
        reason_codes=played.reason_codes,
        reason_names=game_info(batch.name).reasons,
        seconds=seconds,
        agents=batch.agent_names,
        actions=played.actions,
        offsets=played.offsets,
    )


def _play_on_ray(
    batch: Batch,
    agents: str | Sequence[AgentLike],
    games: int,
    seed: int,
    threads: int,
    address: str | None,
    chunk_size: int | None,
    report: Callable[[int], object] | None,
    dataset: tuple[str | os.PathLike[str], str] | None,
    chunks: dict[int, dict[str, Any]],
) -> Played:
    """The games as Ray tasks (``ludorum.distributed``), each chunk written to ``dataset``
    (directory, format) as it arrives and listed in ``chunks`` (a retried chunk replaces its
    entry)."""
    if batch.backend != "rust":
        raise InvalidOptionError("cluster='ray' runs the Rust backend")
    # agents as fresh copies (a used built-in agent holds an engine object that does not
    # travel); the options hold max_plies as decided
    travelling: Any = (
        agents
        if batch.seats is None
        else [a.reseeded(0) if isinstance(a, BuiltinAgent) else a for a in batch.seats]
    )
    kwargs = {"agents": travelling, "record": batch.record, **batch.options}
    reasons = game_info(batch.name).reasons
    received = [0]

    def arrived(first: int, count: int, arrays: dict[str, Any]) -> None:
        received[0] += count
        if dataset is not None:
            chunks[first] = write_chunk(dataset[0], first, arrays, reasons, dataset[1])
        if report is not None:
            report(received[0])

    merged, _ = simulate_on_ray(
        batch.name, games, seed, kwargs, address=address, chunk_size=chunk_size, on_chunk=arrived
    )
    return Played(
        options=merged.get("options") or new(batch.name, **batch.options).options,
        winner_masks=merged["winner_masks"],
        lengths=merged["lengths"],
        reason_codes=merged["reason_codes"],
        threads=threads,
        actions=merged.get("actions"),
        offsets=merged.get("offsets"),
    )


def _write_dataset(
    result: SimulationResult,
    out: str | os.PathLike[str],
    fmt: str,
    chunks: list[dict[str, Any]] | None,
) -> None:
    """The games as one chunk unless Ray wrote ``chunks``, then the ``meta.json`` that lists
    them (last: the dataset is complete only when every chunk is on disk)."""
    if chunks is None:
        arrays = {
            "winner_masks": result.winner_masks,
            "lengths": result.lengths,
            "reason_codes": result.reason_codes,
            "actions": result.actions,
            "offsets": result.offsets,
        }
        chunks = [write_chunk(out, 0, arrays, result.reason_names, fmt)]
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
        chunks,
    )


def perft(state: Any, depth: int) -> int:
    """Number of leaf move sequences of length ``depth`` from ``state`` (bulk-counted).

    Works for either backend; the Rust one releases the GIL. The state is unchanged.

    >>> import ludorum
    >>> ludorum.perft(ludorum.new("chinese_checkers", backend="reference"), 2)
    324
    """
    return int(state.perft(_args.depth(depth)))
