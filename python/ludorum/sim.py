"""Batch simulation and perft, for either backend.

``simulate`` plays whole games between random agents. With the Rust backend the games are played
inside Rust with the GIL released, spread over threads; with ``backend="reference"`` the same
games are played in Python (the same seeds give equal arrays).
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TextIO, cast

import numpy as np

from . import _args
from ._registry import check_backend, game_info, new
from .errors import InvalidOptionError
from .rng import MASK64, SplitMix64

if TYPE_CHECKING:
    from .reference._base import ReferenceState

__all__ = ["SimulationResult", "perft", "simulate"]

AGENTS = ("random",)

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
    agents: str = "random",
    seed: int = 0,
    max_plies: int | Literal["default"] | None = "default",
    threads: int | None = None,
    backend: str = "rust",
    progress: bool | None = None,
    **options: Any,
) -> SimulationResult:
    """Play ``games`` games of ``name`` between random agents and return their results.

    Game ``i`` uses SplitMix64 seeded with ``seed + i`` (mod 2**64: the games after seed
    ``2**64 - 1`` wrap to 0) for its agents, and the same value as its ``seed`` option when the
    game has one (a seeded setup), so the results do not depend on ``threads`` and both backends
    play the same games.

    Args:
        name: the game (``ludorum.games()``).
        games: how many games, an int in ``0..2**63 - 1`` (0 gives an empty result).
        agents: ``"random"``.
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
    if not isinstance(agents, str) or agents not in AGENTS:
        raise InvalidOptionError(f"agents must be one of {AGENTS}, got {_args.show(agents)}")
    check_backend(backend)
    if progress is not None and not isinstance(progress, (bool, np.bool_)):
        raise InvalidOptionError(
            f"progress must be None, True or False, got {_args.show(progress)}"
        )
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

    bar = _Progress(name, games, sys.stderr) if _want_progress(progress, games) else None
    start = time.perf_counter()
    if backend == "rust":
        from . import _ludorum

        report = (
            None if bar is None else (lambda done: bar.update(done, time.perf_counter() - start))
        )
        options, masks, lengths, codes = _ludorum.simulate(
            name, options, seed, 0, games, threads, report
        )
    else:
        options = new(name, backend=backend, **options).options  # validated once
        masks, lengths, codes = _simulate_reference(name, options, seed, games, bar, start)
        threads = 1
    seconds = time.perf_counter() - start
    if bar is not None:
        bar.close()
    return SimulationResult(
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
    )


def _simulate_reference(
    name: str,
    options: dict[str, Any],
    seed: int,
    games: int,
    bar: _Progress | None,
    start: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    reasons = game_info(name).reasons
    masks = np.zeros(games, dtype=np.uint8)
    lengths = np.zeros(games, dtype=np.uint32)
    codes = np.zeros(games, dtype=np.uint8)
    seeded = "seed" in options  # a seeded setup gets seed + i in game i, like its agents
    for i in range(games):
        game_seed = (seed + i) & MASK64
        state = cast(
            "ReferenceState",
            new(
                name, backend="reference", **({**options, "seed": game_seed} if seeded else options)
            ),
        )
        rng = SplitMix64(game_seed)
        while state.current_player is not None:
            # The moves are legal by construction: play them unchecked, as the Rust batch does.
            moves = state.legal_moves()
            state._apply(moves[rng.below(len(moves))])
        outcome = state.outcome()
        assert outcome is not None
        masks[i] = sum(1 << p for p in outcome.winners)
        lengths[i] = state.ply
        codes[i] = reasons.index(outcome.reason)
        if bar is not None:
            bar.update(i + 1, time.perf_counter() - start)
    return masks, lengths, codes


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
