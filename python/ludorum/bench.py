"""``ludorum bench``: the Rust core against the reference and against OpenSpiel, in one run.

Every number in the table is measured in the same process, one after the other, so the ratios
are what count; absolute numbers drift from machine to machine.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._registry import games, new
from .sim import simulate

__all__ = ["BenchConfig", "run_bench"]


@dataclass(frozen=True)
class BenchConfig:
    """One row of the table: a game configuration and how OpenSpiel names it, if it has it."""

    game: str
    options: dict[str, Any]
    openspiel: str | None = None


def _configs(game: str) -> list[BenchConfig]:
    if game == "chinese_checkers":
        return [
            BenchConfig(
                game,
                {"players": n, "pieces": 10, "area": "free", "max_plies": 1000},
                f"chinese_checkers(players={n},max_moves=1000)",
            )
            for n in (2, 3, 4, 6)
        ]
    if game == "domination":
        return [
            BenchConfig(game, {"players": n, "movement": m})
            for n in (2, 3, 4)
            for m in ("up_to", "exact")
        ]
    if game == "dominions":
        return [BenchConfig(game, {})]
    if game == "armadora":
        return [BenchConfig(game, {"players": n}) for n in (2, 3, 4)]
    if game == "so_long_sucker":
        return [
            *(BenchConfig(game, {"players": n}) for n in (2, 3, 4, 5, 6)),
            BenchConfig(game, {"players": 4, "free_actions": 2}),
        ]
    raise ValueError(f"no bench configuration for {game!r}")


def _timed(fn: Callable[[], int], min_seconds: float) -> float:
    """Units per second of ``fn`` (which returns how many units it did), over ``min_seconds``."""
    units, start = 0, time.perf_counter()
    while True:
        units += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return units / elapsed


def _python_loop(config: BenchConfig, seed: int) -> int:
    """One game driven from Python through ``legal_actions`` / ``apply_action``."""
    state = new(config.game, **config.options)
    rng = random.Random(seed)
    while state.current_player is not None:
        actions = state.legal_actions()
        state.apply_action(int(actions[int(rng.random() * len(actions))]))
    return state.ply


def _openspiel_loop(game: Any, seed: int) -> int:
    """The same Python loop over OpenSpiel; counts whole turns (a hop chain is several actions)."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    turns = 0
    while not state.is_terminal():
        player = state.current_player()
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.random() * len(actions))])
        turns += state.is_terminal() or state.current_player() != player
    return turns


def _openspiel_cpp(game: Any, pyspiel: Any, seed: int, max_moves: int) -> int:
    """Random playouts inside OpenSpiel's C++ (``evaluate_bots``); turns played.

    ``evaluate_bots`` does not report the length; a game nobody won ran to ``max_moves`` turns,
    and a won game is counted as ``max_moves`` too (which can only flatter OpenSpiel).
    """
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
    return max_moves


def run_bench(
    game: str | None = None,
    *,
    quick: bool = False,
    seconds: float | None = None,
    **options: Any,
) -> list[dict]:
    """Measure and print the table for ``game`` (default: every game); returns the rows.

    Each figure is measured for ``seconds`` (default 2, or 0.5 with ``quick``); ``options``
    override the game options of every row (OpenSpiel is then left out).
    """
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    if seconds is None:
        seconds = 0.5 if quick else 2.0
    cores = os.cpu_count() or 1
    rows = []
    names = [game] if game else games()
    print(f"ludorum bench ({'quick, ' if quick else ''}{cores} cores); rates are per second")
    header = (
        f"{'configuration':<{_LABEL}}{'rust 1t':>11}{f'rust {cores}t':>11}{'x':>6}"
        f"{'py loop':>10}{'ref':>9}{'rust/ref':>9}{'OS C++':>10}{'rust/OS':>8}{'OS loop':>9}"
        f"{'py/OS':>7}"
    )
    for name in names:
        for config in _configs(name):
            opts = {**config.options, **options}
            label = f"{name} " + ",".join(f"{k}={v}" for k, v in opts.items() if k != "max_plies")
            row = _measure(BenchConfig(name, opts, config.openspiel), seconds, cores)
            if pyspiel is not None and config.openspiel and not options:
                row.update(_measure_openspiel(config.openspiel, pyspiel, seconds))
            rows.append(row)
            if len(rows) == 1:
                print(header)
            print(_format_row(label, row))
    _print_perft(names, seconds)
    if pyspiel is None:
        print("OpenSpiel is not installed (pip install open_spiel): its columns are empty.")
    return rows


#: width of the configuration column
_LABEL = 48
#: plies a Rust batch should hold, so that the cost of a call (validation, arrays, starting
#: threads) stays small beside the games even when they are short (So Long Sucker: ~75 plies)
_BATCH_PLIES = 400_000


def _measure(config: BenchConfig, seconds: float, cores: int) -> dict[str, Any]:
    """Rust on one thread and on all cores, the Python loop, and the reference: one row."""
    name, opts = config.game, config.options
    seeds = iter(range(1 << 62))

    def batch(threads: int, games: int) -> int:
        return simulate(name, games=games, seed=next(seeds), threads=threads, **opts).plies

    mean_length = max(1, batch(1, 64) // 64)
    games = max(64, _BATCH_PLIES // mean_length)

    def reference() -> int:
        return simulate(name, games=1, seed=next(seeds), backend="reference", **opts).plies

    return {
        "game": name,
        "options": opts,
        "rust_1t": _timed(lambda: batch(1, games), seconds),
        "rust_nt": _timed(lambda: batch(cores, games * cores), seconds),
        "python_loop": _timed(lambda: _python_loop(config, next(seeds)), seconds),
        "reference": _timed(reference, seconds),
    }


def _measure_openspiel(spec: str, pyspiel: Any, seconds: float) -> dict[str, float]:
    """OpenSpiel's C++ random playouts and the same Python loop over OpenSpiel."""
    game = pyspiel.load_game(spec)
    max_moves = int(game.get_parameters().get("max_moves", 0))
    seeds = iter(range(1 << 62))
    return {
        "openspiel_cpp": _timed(
            lambda: _openspiel_cpp(game, pyspiel, next(seeds), max_moves), seconds
        ),
        "openspiel_loop": _timed(lambda: _openspiel_loop(game, next(seeds)), seconds),
    }


def _format_row(label: str, row: dict[str, Any]) -> str:
    def rate(key: str, width: int) -> str:
        value = row.get(key)
        return f"{value / 1000:>{width - 1},.0f}k" if value else f"{'-':>{width}}"

    def ratio(a: str, b: str, width: int) -> str:
        if row.get(a) and row.get(b):
            return f"{row[a] / row[b]:>{width},.1f}"
        return f"{'-':>{width}}"

    return (
        f"{label:<{_LABEL}}{rate('rust_1t', 11)}{rate('rust_nt', 11)}"
        f"{ratio('rust_nt', 'rust_1t', 6)}"
        f"{rate('python_loop', 10)}{rate('reference', 9)}{ratio('rust_1t', 'reference', 9)}"
        f"{rate('openspiel_cpp', 10)}{ratio('rust_1t', 'openspiel_cpp', 8)}"
        f"{rate('openspiel_loop', 9)}{ratio('python_loop', 'openspiel_loop', 7)}"
    )


def _print_perft(names: list[str], seconds: float) -> None:
    print("\nperft, Rust, one thread (bulk-counted leaves):")
    for name in names:
        for options, depth in _perft_configs(name):
            state = new(name, **options)
            leaves, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                leaves += state.perft(depth)
            rate = leaves / (time.perf_counter() - start)
            label = ",".join(f"{k}={v}" for k, v in options.items()) or "start"
            print(f"  {name} {label} depth {depth}: {rate / 1e6:,.1f} M leaves/s")


def _perft_configs(name: str) -> list[tuple[dict[str, Any], int]]:
    if name == "chinese_checkers":
        return [
            ({"players": 2, "pieces": 15, "area": "dest"}, 4),
            ({"pieces": 10, "area": "free"}, 5),
        ]
    if name == "domination":
        return [({"players": 2, "first_player": 0}, 4), ({"players": 4, "first_player": 0}, 4)]
    if name == "dominions":
        return [({}, 3)]
    if name == "armadora":
        return [({"players": 2}, 2)]
    if name == "so_long_sucker":
        return [({"players": 4, "first_player": 0}, 16)]
    raise ValueError(f"no perft configuration for {name!r}")
