"""``ludorum bench agents``: how fast and how strong the search agents are.

Two parts. Speed: MCTS simulations per second on Chinese Checkers (2 players, 10 pieces,
``free``) on one thread and on all cores, against OpenSpiel's C++ ``MCTSBot`` where OpenSpiel is
installed, and a match between the two at equal wall time per decision
(``ludorum._openspiel_chinese_checkers``). Strength: the win rates of MCTS (and ISMCTS where
the game hides information) against the random agent, in every game that two can play.

The strength table has no per-game entry: each game's row is derived from its facts
(``ludorum.game_info``), so that a new game gets a row without an edit here. Its
configuration is the first two-player row of ``ludorum bench GAME`` (the game's declared bench
configurations, with its simulation cap); the search's budget and its rollout cut are the same
in every game.
"""

from __future__ import annotations

import os
from typing import Any

from ._openspiel_chinese_checkers import (
    CC_OPTIONS,
    ROLLOUT_TURNS,
    openspiel_match,
    openspiel_search_rate,
)
from ._registry import game_info, games, new
from .agents import ISMCTS, MCTS, Random
from .bench import first_config, timed

__all__ = [
    "STRENGTH_GAMES",
    "STRENGTH_ROLLOUT_PLIES",
    "STRENGTH_SIMULATIONS",
    "run_agents_bench",
    "strength_rows",
]

#: simulations per decision of the searches in the strength table, in every game
STRENGTH_SIMULATIONS = 200
#: plies of a rollout before the game's evaluation scores it (every game has one: its rules
#: page defines it), in every game: where random play runs long (Domination's random games
#: last thousands of plies, Chinese Checkers' need not end) a rollout to the end would cost a
#: search most of its time and tell it little
STRENGTH_ROLLOUT_PLIES = 20
#: games per row, seats alternating (even, so that each agent plays each seat as often)
STRENGTH_GAMES = 20


def strength_rows() -> list[tuple[str, dict[str, Any], list[type[MCTS]]]]:
    """The rows of the strength table: per game that two can play, its configuration and the
    searches measured (MCTS, and ISMCTS where the game hides information)."""
    rows = []
    for name in games():
        options = first_config(name, players=2)
        if options is None:
            continue
        kinds: list[type[MCTS]] = [MCTS, ISMCTS] if game_info(name).hidden_information else [MCTS]
        rows.append((name, options, kinds))
    return rows


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
    """``ludorum bench agents``: MCTS simulations per second on Chinese Checkers (2 players, 10
    pieces, ``free``, rollouts cut at 100 turns) on one thread and on all cores, against
    OpenSpiel's C++ ``MCTSBot`` where it is installed; then the win rates of MCTS (and ISMCTS
    where the game hides information) against the random agent, per game with two players
    (:func:`strength_rows`). Returns the numbers.
    """
    from .arena import arena

    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    if seconds is None:
        seconds = 1.0 if quick else 3.0
    cores = os.cpu_count() or 1
    simulations = 1000
    out: dict[str, Any] = {}
    print(
        f"ludorum bench agents ({'quick, ' if quick else ''}{cores} cores): MCTS on "
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

    print("\nwin rates against the random agent (2 players; seats alternate; seed 0):", flush=True)
    print(f"  {'game':<18}{'agent':<34}{'games':>6}{'wins':>6}{'draws':>6}{'losses':>7}{'win%':>7}")
    rates: dict[str, float] = {}
    budget, rollout = STRENGTH_SIMULATIONS, STRENGTH_ROLLOUT_PLIES
    count = max(4, STRENGTH_GAMES // 4) if quick else STRENGTH_GAMES
    for name, options, kinds in strength_rows():
        for kind in kinds:
            agent = kind(simulations=budget, rollout_plies=rollout)
            result = arena(
                name, {"search": agent, "random": Random()}, count, progress=False, **options
            )
            s = result.standing("search")
            label = f"{kind.__name__}({budget}" + (f", rollout {rollout})" if rollout else ")")
            rates[f"{name} {kind.__name__}"] = s.wins / s.games
            print(
                f"  {name:<18}{label:<34}{s.games:>6}{s.wins:>6}{s.draws:>6}{s.losses:>7}"
                f"{100 * s.wins / s.games:>6.0f}%",
                flush=True,
            )
    out["win_rates"] = rates
    return out
