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
from typing import Any, TextIO

import numpy as np

from ._registry import game_info, new
from .errors import InvalidOptionError
from .reference._core import MASK64, SplitMix64

__all__ = ["SimulationResult", "perft", "simulate"]

AGENTS = ("random",)


@dataclass(frozen=True)
class SimulationResult:
    """The games of one ``simulate`` call, as numpy arrays indexed by game.

    - ``winners``: the winner, ``-1`` for a draw, ``-2`` when several players share the win;
    - ``winner_masks``: bit ``p`` set when player ``p`` won;
    - ``lengths``: plies played; ``reasons``: why each game ended, in the rules' words.
    """

    game: str
    options: dict[str, Any]
    backend: str
    seed: int
    threads: int
    winners: np.ndarray
    winner_masks: np.ndarray
    lengths: np.ndarray
    reasons: np.ndarray
    seconds: float = field(repr=False)

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
            f"{r}: {n}" for r, n in zip(*np.unique(self.reasons, return_counts=True))
        )
        return (
            f"{self.games} games of {self.game} ({self.backend}, {self.threads} thread(s))\n"
            f"  results: {wins}\n  reasons: {reasons}\n"
            f"  mean length {self.lengths.mean():.1f} plies\n"
            f"  {self.games_per_second:,.0f} games/s, {self.plies_per_second:,.0f} plies/s"
        )


def simulate(
    name: str,
    games: int = 1000,
    *,
    agents: str = "random",
    seed: int = 0,
    max_plies: int | None = None,
    threads: int | None = None,
    backend: str = "rust",
    progress: bool | None = None,
    **options: Any,
) -> SimulationResult:
    """Play ``games`` games of ``name`` between random agents and return their results.

    Game ``i`` uses SplitMix64 seeded with ``seed + i`` (mod 2**64) for its agents, and the same
    value as its ``seed`` option when the game has one (a seeded setup), so the results do not
    depend on ``threads`` and both backends play the same games. ``max_plies`` sets the game
    option of that name; when neither is given, the game's ``simulation_max_plies`` applies (see
    ``ludorum.game_info``: 1000 for Chinese Checkers, whose random games never end), a draw
    with reason ``ply limit``. ``threads`` defaults to all
    cores. ``progress`` shows a bar on stderr (default: when stderr is a terminal).

    Raises:
        InvalidOptionError: unknown game, agent, backend or option.

    >>> import ludorum
    >>> r = ludorum.simulate("chinese_checkers", games=4, max_plies=30, pieces=10, area="free")
    >>> r.lengths.tolist(), r.reasons.tolist()
    ([30, 30, 30, 30], ['ply limit', 'ply limit', 'ply limit', 'ply limit'])
    """
    if agents not in AGENTS:
        raise InvalidOptionError(f"agents must be one of {AGENTS}, got {agents!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise InvalidOptionError(f"games must be a non-negative integer, got {games!r}")
    if threads is None:
        threads = os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise InvalidOptionError(f"threads must be a positive integer, got {threads!r}")
    if max_plies is not None:
        options["max_plies"] = max_plies
    options = new(name, backend=backend, **options).options  # validated, defaults filled in
    cap = game_info(name).simulation_max_plies
    if "max_plies" in options and options["max_plies"] is None and cap is not None:
        options["max_plies"] = cap
    seed &= MASK64

    bar = _Progress(name, games, sys.stderr) if _want_progress(progress, games) else None
    masks = np.zeros(games, dtype=np.uint8)
    lengths = np.zeros(games, dtype=np.uint32)
    reasons: list[str] = []
    start = time.perf_counter()
    # Batches only feed the progress bar; a game's result depends on its index alone.
    step = max(games, 1) if bar is None else max(threads * 16, games // 100, 1)
    for first in range(0, games, step):
        count = min(step, games - first)
        if backend == "rust":
            from . import _ludorum

            m, n, r = _ludorum.simulate(name, options, seed, first, count, threads)
        else:
            m, n, r = _simulate_reference(name, options, seed, first, count)
        masks[first : first + count] = m
        lengths[first : first + count] = n
        reasons.extend(r)
        if bar is not None:
            bar.update(first + count, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    if bar is not None:
        bar.close()
    return SimulationResult(
        game=name,
        options=options,
        backend=backend,
        seed=seed,
        threads=threads if backend == "rust" else 1,
        winners=_winners(masks),
        winner_masks=masks,
        lengths=lengths,
        reasons=np.array(reasons, dtype=str),
        seconds=seconds,
    )


def _simulate_reference(
    name: str, options: dict[str, Any], seed: int, first: int, count: int
) -> tuple[list[int], list[int], list[str]]:
    masks, lengths, reasons = [], [], []
    seeded = "seed" in options  # a seeded setup gets seed + i in game i, like its agents
    for i in range(first, first + count):
        game_seed = (seed + i) & MASK64
        state = new(
            name, backend="reference", **({**options, "seed": game_seed} if seeded else options)
        )
        rng = SplitMix64(game_seed)
        while state.current_player is not None:
            moves = state.legal_moves()
            state._apply(moves[rng.below(len(moves))])
        outcome = state.outcome()
        masks.append(sum(1 << p for p in outcome.winners))
        lengths.append(len(state.history()))
        reasons.append(outcome.reason)
    return masks, lengths, reasons


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
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"perft depth must be a non-negative integer, got {depth!r}")
    return int(state.perft(depth))


def _want_progress(progress: bool | None, games: int) -> bool:
    if progress is None:
        return games >= 1000 and sys.stderr.isatty()
    return progress


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
