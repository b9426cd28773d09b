"""``ludorum bench``: the Rust core against the reference and against OpenSpiel, in one run.

Every number in the table is measured in the same process, one after the other, so the ratios
are what count; absolute numbers drift from machine to machine. On a shared machine one burst of
load can tilt a ratio: ``rounds`` measures each row several times in turn and keeps the medians.

The rows of a game are read from its facts (``ludorum.game_info(name).bench``), for every game
alike. ``ludorum bench agents`` is ``ludorum.bench_agents`` and ``ludorum bench rl`` is
``ludorum.bench_rl``; both take their configurations from here (:func:`first_config`).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from . import game_info, games, new, simulate
from ._options import parse_pairs
from ._ply_cap import with_ply_cap

__all__ = ["BenchConfig", "first_config", "in_turn", "run_bench", "timed"]


@dataclass(frozen=True)
class BenchConfig:
    """One row of the table: a game configuration and how OpenSpiel names it, if it has it."""

    game: str
    options: dict[str, Any]
    openspiel: str | None = None


def _configs(game: str) -> list[BenchConfig]:
    """The rows of ``game``: the configurations its facts list for the bench, else one row per
    player count; those of a game OpenSpiel also has are measured there too."""
    info = game_info(game)
    declared = getattr(info, "bench", None)
    if declared:
        rows = [_options(game, entry) for entry in declared]
    elif len(info.players) > 1:
        rows = [{"players": n} for n in info.players]
    else:
        rows = [{}]
    cap = info.simulation_max_plies
    if cap is not None and any(o.name == "max_plies" for o in info.options):
        # the cap simulate applies, also for the Python loop (random play need not end)
        rows = [{**row, "max_plies": row.get("max_plies", cap)} for row in rows]
    peer = getattr(info, "openspiel", None)
    return [BenchConfig(game, row, _openspiel_spec(peer, row) if peer else None) for row in rows]


def first_config(game: str, players: int | None = None) -> dict[str, Any] | None:
    """The options of the first row of ``ludorum bench GAME`` (its simulation cap included),
    or of the first row with ``players`` players; else ``{"players": players}`` if the game
    can be played by that many, and ``None`` if it cannot.

    The other benches measure a game in this configuration, so that none keeps a table of
    games: a game's facts say how it is benched.

    >>> from ludorum.bench import first_config
    >>> first_config("chinese_checkers")
    {'players': 2, 'pieces': 10, 'area': 'free', 'max_plies': 1000}
    >>> first_config("so_long_sucker", players=3), first_config("dominions", players=3)
    ({'players': 3}, None)
    """
    for config in _configs(game):
        if players is None or new(game, **config.options).num_players == players:
            return dict(config.options)
    info = game_info(game)
    if players in info.players and any(o.name == "players" for o in info.options):
        return with_ply_cap(game, {"players": players})
    return None


def _options(game: str, entry: str | dict[str, Any]) -> dict[str, Any]:
    """A configuration of the game's facts: ``"players=2,pieces=10"`` (or already a dict)."""
    return dict(entry) if isinstance(entry, dict) else parse_pairs(game, entry)


def _openspiel_spec(name: str, options: dict[str, Any]) -> str:
    """OpenSpiel's game string for the same configuration: its player count and ply cap."""
    params = [f"players={options['players']}"] if "players" in options else []
    if options.get("max_plies"):
        params.append(f"max_moves={options['max_plies']}")
    return f"{name}({','.join(params)})"


def timed(fn: Callable[[], int], min_seconds: float) -> float:
    """Units per second of ``fn`` (which returns how many units it did), over ``min_seconds``:
    :func:`in_turn` with one step, in one block."""
    return in_turn({"": fn}, min_seconds, block=min_seconds)[""]


def in_turn(
    steps: dict[str, Callable[[], int]], seconds: float, block: float = 0.1
) -> dict[str, float]:
    """Units per second of each of ``steps`` (each call returns how many units it did), run
    in turn: blocks of about ``block`` seconds of each, in rotation, until each has run for
    ``seconds``.

    A shared or virtual machine can run the same work at half the speed a minute later; run
    one after the other, two measurements can meet different moments of it, and their ratio
    says more about the machine than about them. Taking turns, every one of them meets every
    moment alike, so their ratios hold. A block holds at least one call, and each runs one
    block at least.

    >>> from ludorum.bench import in_turn
    >>> rates = in_turn({"one": lambda: 1, "two": lambda: 2}, seconds=0.02, block=0.005)
    >>> sorted(rates), 1.5 < rates["two"] / rates["one"] < 2.5
    (['one', 'two'], True)
    """
    units = dict.fromkeys(steps, 0)
    spent = dict.fromkeys(steps, 0.0)
    turn = 0
    # every one runs one block at least, so that no time (0 s) still measures a call
    while left := [name for name in steps if spent[name] < seconds or turn == 0]:
        # each round starts with the next one, so that none always follows the same
        turn += 1
        for name in left[turn % len(left) :] + left[: turn % len(left)]:
            step, done, start = steps[name], 0, time.perf_counter()
            until = min(block, seconds - spent[name])
            while True:
                done += step()
                elapsed = time.perf_counter() - start
                if elapsed >= until:
                    break
            units[name] += done
            spent[name] += elapsed
    return {name: units[name] / spent[name] for name in steps}


def _python_loop(config: BenchConfig, seed: int) -> int:
    """One game driven from Python through ``legal_actions`` / ``apply_action``."""
    state = new(config.game, **config.options)
    rng = random.Random(seed)
    while state.current_player is not None:
        actions = state.legal_actions()
        state.apply_action(int(actions[int(rng.random() * len(actions))]))
    return int(state.ply)


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


#: simulations of one MCTSBot search in the rollout comparator
_MCTS_SIMULATIONS = 8


def _openspiel_mcts_rollouts(game: Any, pyspiel: Any, seed: int, max_moves: int) -> int:
    """Turns played in the random rollouts of OpenSpiel's ``MCTSBot`` (C++): one search of
    :data:`_MCTS_SIMULATIONS` simulations from the start, each with one rollout of
    ``RandomRolloutEvaluator``, counted as running to ``max_moves`` turns (a rollout from a
    leaf at depth d plays at most ``max_moves - d``; like ``evaluate_bots``, this can only
    flatter OpenSpiel). This is the loop a search spends its time in."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, _MCTS_SIMULATIONS, 100, False, seed, False)
    bot.step(game.new_initial_state())
    return _MCTS_SIMULATIONS * max_moves


def run_bench(
    game: str | None = None,
    *,
    quick: bool = False,
    seconds: float | None = None,
    rounds: int = 1,
    progress: bool = True,
    **options: Any,
) -> list[dict[str, Any]]:
    """Measure and print the table for ``game`` (default: every game); returns the rows.

    Each figure is measured for ``seconds`` (default 2, or 0.5 with ``quick``); ``options``
    override the game options of every row (OpenSpiel is then left out). With ``rounds`` above
    1, each row is measured that many times in turn (every column, then every column again)
    and each figure is the median of its rounds, so that a burst of load on a shared machine
    does not tilt a ratio; the perft lines are measured once. With ``progress``, stderr says
    which row is being measured (redrawn in place on a terminal).

    Examples:
        >>> rows = run_bench("so_long_sucker", seconds=0.01, rounds=3, progress=False, players=2)
        ... # doctest: +ELLIPSIS
        ludorum bench (3 rounds, ... cores); rates are per second
        configuration ...
        so_long_sucker players=2 ...
        so_long_sucker players=2,free_actions=2 ...
        ...
        >>> [row["options"]["players"] for row in rows], all(row["rust_1t"] > 0 for row in rows)
        ([2, 2], True)

    Raises:
        InvalidOptionError: unknown game or option.
        ValueError: ``rounds`` below 1.
    """
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a whole number of at least 1, not {rounds!r}")
    if seconds is None:
        seconds = 0.5 if quick else 2.0
    cores = os.cpu_count() or 1
    names = [game] if game else games()
    configs: list[BenchConfig] = []
    for name in names:
        for config in _configs(name):
            opts = {**config.options, **options}
            if all(c.options != opts for c in configs if c.game == name):  # options may merge rows
                peer = config.openspiel if pyspiel is not None and not options else None
                configs.append(BenchConfig(name, opts, peer))
    perfts = [(name, *config) for name in names for config in _perft_configs(name, seconds)]
    status = _Status(len(configs) + len(perfts), progress)
    what = ("quick, " if quick else "") + (f"{rounds} rounds, " if rounds > 1 else "")
    print(f"ludorum bench ({what}{cores} cores); rates are per second")
    print(
        f"{'configuration':<{_LABEL}}{'rust 1t':>11}{f'rust {cores}t':>11}{'x':>6}"
        f"{'py loop':>10}{'ref':>9}{'rust/ref':>9}{'OS C++':>10}{'rust/OS':>8}{'OS MCTS':>9}"
        f"{'rust/M':>7}{'OS loop':>9}{'py/OS':>7}",
        flush=True,
    )
    rows = []
    for config in configs:
        label = f"{config.game} " + ",".join(
            f"{k}={v}" for k, v in config.options.items() if k != "max_plies"
        )
        status.start(label.strip())
        measured = []
        for done in range(rounds):
            status.round = f"round {done + 1}/{rounds}: " if rounds > 1 else ""
            row = _measure(config, seconds, cores, status)
            if config.openspiel:
                status.step("OpenSpiel")
                row.update(_measure_openspiel(config.openspiel, pyspiel, seconds))
            measured.append(row)
        row = _median_row(measured)
        rows.append(row)
        status.clear()
        print(_format_row(label, row), flush=True)
    _print_perft(perfts, seconds, status)
    if pyspiel is None:
        print("OpenSpiel is not installed (pip install open_spiel): its columns are empty.")
    return rows


#: width of the configuration column
_LABEL = 48
#: plies a Rust batch should hold, so that the cost of a call (validation, arrays, starting
#: threads) stays small beside the games even when they are short (So Long Sucker: ~75 plies)
_BATCH_PLIES = 400_000


def _measure(config: BenchConfig, seconds: float, cores: int, status: _Status) -> dict[str, Any]:
    """Rust on one thread and on all cores, the Python loop, and the reference: one row."""
    name, opts = config.game, config.options
    seeds = iter(range(1 << 62))

    def batch(threads: int, games: int) -> int:
        # no progress bar: it would split the batch into a hundred calls
        result = simulate(
            name, games=games, seed=next(seeds), threads=threads, progress=False, **opts
        )
        return result.plies

    mean_length = max(1, batch(1, 64) // 64)
    games = max(64, _BATCH_PLIES // mean_length)

    def reference() -> int:
        result = simulate(
            name, games=1, seed=next(seeds), backend="reference", progress=False, **opts
        )
        return result.plies

    row: dict[str, Any] = {"game": name, "options": opts}
    status.step("rust, 1 thread")
    row["rust_1t"] = timed(lambda: batch(1, games), seconds)
    status.step(f"rust, {cores} threads")
    row["rust_nt"] = timed(lambda: batch(cores, games * cores), seconds)
    status.step("Python loop")
    row["python_loop"] = timed(lambda: _python_loop(config, next(seeds)), seconds)
    status.step("reference")
    row["reference"] = timed(reference, seconds)
    return row


def _median_row(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """One row from the rounds of a row: the median of every rate, the rest from the first."""
    row = dict(rounds[0])
    for key, value in row.items():
        if isinstance(value, float):
            row[key] = statistics.median(r[key] for r in rounds)
    return row


def _measure_openspiel(spec: str, pyspiel: Any, seconds: float) -> dict[str, float]:
    """OpenSpiel's C++ random playouts, the rollouts of its C++ MCTSBot, and the same Python
    loop over OpenSpiel."""
    game = pyspiel.load_game(spec)
    max_moves = int(game.get_parameters().get("max_moves", 0))
    seeds = iter(range(1 << 62))
    if max_moves == 0:
        # A game without a move cap (tic-tac-toe, Connect Four): the C++ playouts do not report
        # their length, so each counts as the mean length of 500 random games of the same game
        # played through the Python loop over OpenSpiel (the same rules, the same distribution).
        max_moves = max(1, round(sum(_openspiel_loop(game, next(seeds)) for _ in range(500)) / 500))
    return {
        "openspiel_cpp": timed(
            lambda: _openspiel_cpp(game, pyspiel, next(seeds), max_moves), seconds
        ),
        "openspiel_mcts": timed(
            lambda: _openspiel_mcts_rollouts(game, pyspiel, next(seeds), max_moves), seconds
        ),
        "openspiel_loop": timed(lambda: _openspiel_loop(game, next(seeds)), seconds),
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
        f"{rate('openspiel_mcts', 9)}{ratio('rust_1t', 'openspiel_mcts', 7)}"
        f"{rate('openspiel_loop', 9)}{ratio('python_loop', 'openspiel_loop', 7)}"
    )


def _print_perft(
    perfts: list[tuple[str, dict[str, Any], int]], seconds: float, status: _Status
) -> None:
    print("\nperft, Rust, one thread (bulk-counted leaves):", flush=True)
    for name, options, depth in perfts:
        label = ",".join(f"{k}={v}" for k, v in options.items()) or "start"
        status.start(f"perft {name} {label} depth {depth}")
        state = new(name, **options)
        leaves, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            leaves += state.perft(depth)
        rate = leaves / (time.perf_counter() - start)
        status.clear()
        print(f"  {name} {label} depth {depth}: {rate / 1e6:,.1f} M leaves/s", flush=True)


def _perft_configs(name: str, seconds: float) -> list[tuple[dict[str, Any], int]]:
    """The positions and depths the game's facts list for the bench, else the start position
    at the deepest depth whose count takes less than about ``seconds / 2``."""
    declared = getattr(game_info(name), "bench_perft", None)
    if declared:
        return [(_options(name, options), int(depth)) for options, depth in declared]
    state = new(name)
    depth, leaves = 1, 1
    while depth < _MAX_PERFT_DEPTH:
        start = time.perf_counter()
        deeper = state.perft(depth)
        elapsed = time.perf_counter() - start
        # The next depth costs about this one times the branching factor.
        if deeper == 0 or elapsed * deeper / leaves > seconds / 2:
            break
        depth, leaves = depth + 1, deeper
    return [({}, depth)]


#: the deepest perft a game without declared perft positions is timed at
_MAX_PERFT_DEPTH = 40


class _Status:
    """Where ``ludorum bench`` is, on stderr: one line per step as it starts; on a terminal the
    line is redrawn in place and cleared before each row of the table is printed."""

    def __init__(self, total: int, enabled: bool, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.total, self.done, self.enabled = total, 0, enabled
        self.live = enabled and self.stream.isatty()
        self.label = ""
        #: put before each step, e.g. ``"round 2/3: "`` (set by the caller)
        self.round = ""

    def start(self, label: str) -> None:
        """A new row (a configuration or a perft position) starts."""
        self.done += 1
        self.label = f"[{self.done}/{self.total}] {label}"
        if self.live:
            self._draw(self.label + " ...")
        elif self.enabled:
            print(self.label, file=self.stream, flush=True)

    def step(self, what: str) -> None:
        """Within a row, ``what`` is being measured (shown on a terminal only)."""
        if self.live:
            self._draw(f"{self.label}: {self.round}{what} ...")

    def clear(self) -> None:
        """Before a row of the table is printed."""
        if self.live:
            self._draw("")

    def _draw(self, text: str) -> None:
        self.stream.write("\r\x1b[K" + text)
        self.stream.flush()


def __getattr__(name: str) -> Any:
    # ``ludorum bench agents`` moved to ludorum.bench_agents; its old import path still works
    # (imported on demand: bench_agents imports this module)
    if name == "run_agents_bench":
        from .bench_agents import run_agents_bench

        return run_agents_bench
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
