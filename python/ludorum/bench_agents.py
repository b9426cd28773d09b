"""``ludorum bench agents`` and ``ludorum bench strength``: how fast and how strong the search
agents are.

``ludorum bench agents`` has three parts. Speed per game: MCTS simulations per second as a user
meets them, ``MCTS(simulations=2000).choose(state)`` six random plies after the start (fewer in
a game whose random games are short, so that the search has a game left to search), on one
thread and on all cores, in the first bench configuration of each game with the fewest and with
the most players. Chinese Checkers against OpenSpiel's C++ ``MCTSBot`` where OpenSpiel is
installed (``ludorum._openspiel_chinese_checkers``). Strength: the default searches
(``MCTS()``, and ``ISMCTS()`` where the game hides information) against the random agent from
each seat of every two-player game.

``ludorum bench strength`` prints the README's strength table: per two-player game, arena
ratings with 95% intervals of the random agent, MCTS at two budgets and, where the game hides
information, ISMCTS.

No table here names a game: each game's rows come from its facts (``ludorum.game_info``), so a
new game gets its rows without an edit here.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any

from ._openspiel_chinese_checkers import (
    CC_OPTIONS,
    ROLLOUT_TURNS,
    openspiel_match,
    openspiel_search_rate,
)
from ._registry import game_info, games, new
from ._state import State
from .agents import ISMCTS, MCTS, Random
from .bench import first_config, timed

__all__ = [
    "SPEED_OPENING",
    "SPEED_ROUNDS",
    "SPEED_SIMULATIONS",
    "run_agents_bench",
    "run_strength_bench",
    "search_speed",
    "search_speeds",
    "seat_win_rates",
    "speed_rows",
    "strength_rows",
]

#: random plies from the start before a speed row's search (a position of the opening)
SPEED_OPENING = 6
#: at most this share of the plies a random game lasts (mean of 100 seeded games) goes into the
#: opening: tic-tac-toe six plies in has three cells left and a tree solved in a few dozen
#: simulations, which measures no search
SPEED_OPENING_SHARE = 0.25
#: each round of a speed row repeats the search (a fresh agent each time) for this long at least
SPEED_ROUND_SECONDS = 0.2
#: Rounds per thread count in ``ludorum bench agents``' speed table, the best kept: on a
#: 2-core machine one round's rate moves by a tenth or more from the next.
SPEED_ROUNDS = 7
#: simulations of a speed row's search
SPEED_SIMULATIONS = 2000
#: games from each seat per row of the strength measures
STRENGTH_GAMES = 10
#: the smaller budget of the strength table (the larger is the default, ``MCTS()``)
STRENGTH_LOW_BUDGET = 100
#: games per game in the strength table
STRENGTH_TABLE_GAMES = 72


def strength_rows() -> list[tuple[str, dict[str, Any], list[type[MCTS]]]]:
    """The rows of the strength measures: per game that two can play, its configuration (the
    first two-player row of ``ludorum bench GAME``, with the game's
    ``search_strength_options``) and the searches measured (MCTS, and ISMCTS where the game
    hides information)."""
    rows = []
    for name in games():
        options = first_config(name, players=2)
        if options is None:
            continue
        info = game_info(name)
        kinds: list[type[MCTS]] = [MCTS, ISMCTS] if info.hidden_information else [MCTS]
        rows.append((name, {**options, **info.search_strength_options}, kinds))
    return rows


def speed_rows() -> list[tuple[str, dict[str, Any]]]:
    """The rows of the speed table: per game, its first bench configuration with the fewest
    players and the first with the most (one row when they are the same)."""
    rows = []
    for name in games():
        counts = game_info(name).players
        for players in dict.fromkeys((counts[0], counts[-1])):
            options = first_config(name, players=players)
            if options is not None:
                rows.append((name, options))
    return rows


def opening_plies(name: str, options: dict[str, Any]) -> int:
    """The random plies before a speed row's search: :data:`SPEED_OPENING`, or fewer where
    random games are short (at most :data:`SPEED_OPENING_SHARE` of their mean length)."""
    from .sim import simulate

    lengths = simulate(name, 100, seed=0, progress=False, **options).lengths
    return min(SPEED_OPENING, int(SPEED_OPENING_SHARE * float(lengths.mean())))


def opening(name: str, options: dict[str, Any], plies: int = SPEED_OPENING) -> State:
    """The position after ``plies`` random plies (seed 0) from the start."""
    state = new(name, **options)
    agent = Random(seed=0)
    for _ in range(plies):
        if state.current_player is None:
            break
        state.play(agent.choose(state))
    return state


def search_speed(
    state: State,
    threads: int = 1,
    simulations: int = SPEED_SIMULATIONS,
    rounds: int = SPEED_ROUNDS,
    seconds: float = SPEED_ROUND_SECONDS,
) -> tuple[float, float]:
    """Simulations per second of ``MCTS(simulations=..., threads=...).choose(state)``, a fresh
    agent each search, repeated for ``seconds`` per round: the best of ``rounds`` by the wall
    clock, and by this process's CPU time (on one thread, the rate the search would have on a
    quiet machine)."""
    return search_speeds(state, (threads,), simulations, rounds, seconds)[threads]


def search_speeds(
    state: State,
    threads: Sequence[int],
    simulations: int = SPEED_SIMULATIONS,
    rounds: int = SPEED_ROUNDS,
    seconds: float = SPEED_ROUND_SECONDS,
) -> dict[int, tuple[float, float]]:
    """:func:`search_speed` for each thread count, their rounds taken in turn (one round of
    each count, then the next round of each), so that a slow spell of the machine falls on
    every count alike and their ratio holds."""
    best = {t: (0.0, 0.0) for t in threads}
    seed = 0
    for _ in range(rounds):
        for t in threads:
            done = 0
            start, start_cpu = time.perf_counter(), time.process_time()
            while True:
                MCTS(simulations=simulations, threads=t, seed=seed).choose(state)
                seed += 1
                done += simulations
                elapsed = time.perf_counter() - start
                if elapsed >= seconds:
                    break
            elapsed_cpu = time.process_time() - start_cpu
            wall, cpu = best[t]
            best[t] = (max(wall, done / elapsed), max(cpu, done / max(elapsed_cpu, 1e-9)))
    return best


def seat_win_rates(
    name: str, agent: MCTS, games_per_seat: int, seed: int = 0, **options: Any
) -> list[float]:
    """The share of games ``agent`` wins against the random agent from each seat of a
    two-player game (``games_per_seat`` games from each; fixed seeds)."""
    from .arena import arena

    result = arena(
        name,
        {"search": agent, "random": Random()},
        2 * games_per_seat,
        seed=seed,
        progress=False,
        **options,
    )
    wins, played = [0, 0], [0, 0]
    for record in result.records:
        seat = record.seats.index("search")
        played[seat] += 1
        wins[seat] += record.winners == (seat,)
    return [w / n for w, n in zip(wins, played)]


def ludorum_search_rate(threads: int, simulations: int, seconds: float) -> float:
    """MCTS simulations per second from the start of Chinese Checkers (a fresh tree each time)."""
    state = new("chinese_checkers", **CC_OPTIONS)
    seeds = iter(range(1 << 62))

    def search() -> int:
        agent = MCTS(
            simulations=simulations,
            rollout_plies=ROLLOUT_TURNS,
            threads=threads,
            seed=next(seeds),
        )
        return agent.analyse(state).simulations

    return timed(search, seconds)


def run_agents_bench(*, quick: bool = False, seconds: float | None = None) -> dict[str, Any]:
    """``ludorum bench agents``: MCTS simulations per second per game (:func:`speed_rows`);
    on Chinese Checkers (2 players, 10 pieces, ``free``, rollouts cut at 100 turns) against
    OpenSpiel's C++ ``MCTSBot`` where it is installed; then the win rates of the default
    searches against the random agent from each seat, per game with two players
    (:func:`strength_rows`). Returns the numbers.
    """
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    if seconds is None:
        seconds = 1.0 if quick else 3.0
    cores = os.cpu_count() or 1
    simulations = 1000
    out: dict[str, Any] = {}
    count = 4 if quick else STRENGTH_GAMES
    rounds = 2 if quick else SPEED_ROUNDS
    print(
        f"ludorum bench agents ({'quick, ' if quick else ''}{cores} cores): "
        f"MCTS(simulations={SPEED_SIMULATIONS}).choose(state) {SPEED_OPENING} random plies "
        f"after the start (at most {SPEED_OPENING_SHARE:.0%} of a random game: 'plies'), each "
        f"game's defaults, a fresh agent each search; best of {rounds} rounds of "
        f"{SPEED_ROUND_SECONDS} s, the thread counts' rounds in turn; simulations/s by the "
        "wall clock, and by the process's CPU time on one thread (what a quiet machine gives):",
        flush=True,
    )
    print(
        f"  ({cores} threads, CPU: simulations per second of all threads' CPU time; equal to "
        "the one-thread CPU rate when the threads do no more work than one thread would)"
    )
    print(
        f"  {'game':<18}{'options':<42}{'plies':>6}{'moves':>6}{'1 thread':>13}{'CPU':>13}"
        f"{f'{cores} threads':>13}{'CPU':>13}{'x':>6}"
    )
    speeds: dict[str, tuple[float, float, float, float]] = {}
    for name, options in speed_rows():
        plies = opening_plies(name, options)
        state = opening(name, options, plies)
        by_threads = search_speeds(state, (1, cores), rounds=rounds)
        (one, cpu), (many, many_cpu) = by_threads[1], by_threads[cores]
        label = ",".join(f"{k}={v}" for k, v in options.items())
        speeds[f"{name} {label}"] = (one, cpu, many, many_cpu)
        print(
            f"  {name:<18}{label:<42}{plies:>6}{len(state.legal_moves()):>6}{one:>13,.0f}"
            f"{cpu:>13,.0f}{many:>13,.0f}{many_cpu:>13,.0f}{many / one:>6.2f}",
            flush=True,
        )
    out["speed"] = speeds
    print(
        f"\nludorum bench agents ({'quick, ' if quick else ''}{cores} cores): MCTS on "
        f"chinese_checkers players=2,pieces=10,area=free, {simulations} simulations per "
        "search from the start, "
        f"rollouts cut at {ROLLOUT_TURNS} turns",
        flush=True,
    )
    out["ludorum_1t"] = ludorum_search_rate(1, simulations, seconds)
    out[f"ludorum_{cores}t"] = ludorum_search_rate(cores, simulations, seconds)
    if pyspiel is not None:
        out["openspiel"] = openspiel_search_rate(pyspiel, simulations, seconds)
    print(f"  {'ludorum, 1 thread':<28}{out['ludorum_1t']:>12,.0f} simulations/s")
    print(
        f"  {f'ludorum, {cores} threads':<28}{out[f'ludorum_{cores}t']:>12,.0f} simulations/s"
        f"  ({out[f'ludorum_{cores}t'] / out['ludorum_1t']:.2f}x one thread)"
    )
    if pyspiel is not None:
        os_rate = out["openspiel"]
        print(f"  {'OpenSpiel C++ MCTSBot':<28}{os_rate:>12,.0f} simulations/s")
        print(
            f"  ludorum/OpenSpiel: {out['ludorum_1t'] / os_rate:.2f}x on 1 thread, "
            f"{out[f'ludorum_{cores}t'] / os_rate:.2f}x on {cores} threads",
            flush=True,
        )
    else:
        print("  OpenSpiel is not installed (pip install open_spiel): no comparison.")

    if pyspiel is not None:
        games, per_move, turns = (4, 0.02, 200) if quick else (20, 0.05, 300)
        print(
            f"\nat equal wall time per decision ({per_move * 1000:.0f} ms; OpenSpiel gets it "
            f"for every hop of a chain), {games} games, seats alternating, at most {turns} "
            "plies (then the player further ahead wins):",
            flush=True,
        )
        match = openspiel_match(pyspiel, games, per_move, turns)
        out["openspiel_match"] = match
        print(
            f"  ludorum MCTS {match['ludorum']} wins, OpenSpiel MCTSBot {match['openspiel']}, "
            f"draws {match['draws']}: ludorum wins {100 * match['ludorum'] / games:.0f}%",
            flush=True,
        )

    print(
        f"\ndefault searches against the random agent: wins from each seat, "
        f"{count} games per seat, seed 0 (the game's first two-player bench configuration):",
        flush=True,
    )
    print(f"  {'game':<18}{'agent':<10}{'first seat':>12}{'second seat':>13}")
    rates: dict[str, list[float]] = {}
    for name, options, kinds in strength_rows():
        for kind in kinds:
            by_seat = seat_win_rates(name, kind(), count, **options)
            rates[f"{name} {kind.__name__}"] = by_seat
            print(
                f"  {name:<18}{kind.__name__:<10}" + "".join(f"{100 * r:>12.0f}%" for r in by_seat),
                flush=True,
            )
    out["win_rates"] = rates
    return out


def run_strength_bench(*, quick: bool = False) -> str:
    """``ludorum bench strength``: the README's strength table, printed and returned as
    Markdown. Per two-player game (:func:`strength_rows`), one arena (seed 0, seats rotated
    fairly) between the random agent, ``MCTS(simulations=100)``, ``MCTS()`` and, where the game
    hides information, ``ISMCTS()``; each agent's results and its Elo rating (Bradley-Terry,
    centred on 0) with its 95% interval.
    """
    from .arena import arena

    total = 12 if quick else STRENGTH_TABLE_GAMES
    lines = [
        "| game | agent | games | wins | draws | losses | rating [95% interval] |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    print("\n".join(lines), flush=True)
    for name, options, kinds in strength_rows():
        agents: dict[str, Any] = {
            "random": Random(),
            f"MCTS(simulations={STRENGTH_LOW_BUDGET})": MCTS(simulations=STRENGTH_LOW_BUDGET),
            "MCTS()": MCTS(),
        }
        if ISMCTS in kinds:
            agents["ISMCTS()"] = ISMCTS()
        result = arena(name, agents, total, seed=0, progress=False, **options)
        label = name + "".join(f", {k}={v}" for k, v in options.items() if k != "players")
        for s in result.standings:
            line = (
                f"| {label} | {s.agent} | {s.games} | {s.wins} | {s.draws} | {s.losses} | "
                f"{s.rating:+.0f} [{s.low:+.0f}, {s.high:+.0f}] |"
            )
            lines.append(line)
            print(line, flush=True)
    return "\n".join(lines)
