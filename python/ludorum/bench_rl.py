"""``ludorum bench rl``: steps per second of ``ludorum.VecEnv`` against the same work done from
Python over ludorum states and over OpenSpiel states, in one run.

The work of one step, for each of 1024 games: the observation of the player to move, the
action mask, a uniformly random legal action, and playing it (a finished game starts again).
``VecEnv`` does it all inside Rust (actions from ``sample_actions()``); the two loops do it one
game at a time from Python. Where pgx is installed (``pip install "ludorum[bench]"``) and has the
game under the same name (tic-tac-toe, Connect Four), its jit-compiled ``vmap`` step over 1024
games on the CPU (observation, mask, a random legal action, autoreset) is a column too. Ratios
count: all run in the same process, in turn (blocks of a tenth of a second of each, in
rotation, :func:`ludorum.bench.in_turn`), so that a change of the machine's load falls on every
column alike.

Beside them: what a step costs against a ply of ``ludorum.simulate`` on one thread (random
play with nothing written out), how much a second thread adds, and, for the games OpenSpiel
has, ``ludorum.pettingzoo`` against Shimmy's OpenSpiel wrapper driven the same way through the
AEC API. A game that offers another action encoding (an option named ``actions``: Chinese
Checkers' ``piece_to``) gets a row in it too, beside its first configuration.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable
from typing import Any, TextIO, cast

import numpy as np

from . import game_info, games, new, simulate
from ._ply_cap import with_ply_cap
from .bench import first_config, in_turn, timed
from .vec_env import VecEnv

__all__ = ["ENCODING_OPTION", "NUM_ENVS", "RL_CONFIGS", "rl_rows", "run_rl_bench"]

#: Games stepped together in every measurement.
NUM_ENVS = 1024

#: The configuration of each game: the first row of ``ludorum bench GAME``
#: (``ludorum.bench.first_config``: the game's first declared bench configuration, with its
#: simulation cap as ``max_plies``), derived from the games' facts so that a new game needs no
#: entry here. Chinese Checkers: 2 players, 10 pieces, ``free``.
RL_CONFIGS: dict[str, dict[str, Any]] = {
    game: cast("dict[str, Any]", first_config(game)) for game in games()
}


#: The option that chooses a game's action encoding, where a game offers more than one.
ENCODING_OPTION = "actions"


def rl_rows(game: str) -> list[tuple[str, dict[str, Any]]]:
    """The rows of ``game``: a label and the options. Its first configuration (with its
    simulation cap), then the same under each other value of its action encoding (the option
    :data:`ENCODING_OPTION`), labelled by that value alone.

    >>> [label for label, _ in rl_rows("chinese_checkers")]
    ['chinese_checkers players=2,pieces=10,area=free,max_plies=1000', 'chinese_checkers actions=piece_to']
    >>> rl_rows("tic_tac_toe")
    [('tic_tac_toe', {})]
    """  # noqa: E501
    options = _with_cap(game, RL_CONFIGS.get(game) or first_config(game) or {})
    label = game + ("" if not options else " " + ",".join(f"{k}={v}" for k, v in options.items()))
    rows = [(label, options)]
    for spec in game_info(game).options:
        if spec.name == ENCODING_OPTION:
            rows += [
                (f"{game} {spec.name}={value}", {**options, spec.name: value})
                for value in spec.choices or ()
                if value != options.get(spec.name, spec.default)
            ]
    return rows


def _with_cap(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the game's simulation cap unless they set ``max_plies``."""
    return with_ply_cap(game, options, options.get("max_plies", "default"))


def vec_env_steps(game: str, options: dict[str, Any], threads: int | None) -> Callable[[], int]:
    """One step of ``VecEnv`` with :data:`NUM_ENVS` games, as a call that returns its env
    steps."""
    env = VecEnv(game, NUM_ENVS, seed=1, threads=threads, **options)
    env.reset()

    def step() -> int:
        env.step(env.sample_actions())
        return NUM_ENVS

    return step


def ply_steps(game: str, options: dict[str, Any]) -> Callable[[], int]:
    """A batch of ``ludorum.simulate`` on one thread (random play, the game's cap), as a call
    that returns its plies."""
    seeds = iter(range(1 << 62))

    def batch(games: int) -> int:
        result = simulate(game, games=games, seed=next(seeds), threads=1, progress=False, **options)
        return int(result.plies)

    # batches of about 200,000 plies, so that the cost of a call stays small beside short games
    games = max(64, 200_000 * 64 // max(1, batch(64)))
    return lambda: batch(games)


def turns_steps(aec: Any) -> Callable[[], int]:
    """A game of random legal play through PettingZoo's AEC API, as a user drives it, as a call
    that returns its turns: ``agent_iter()``, ``last()``, a uniformly random legal action from
    the action mask, ``step()``, and a reset after the game."""
    rng = random.Random(0)
    aec.reset(seed=0)

    def game() -> int:
        turns = 0
        for _ in aec.agent_iter():
            observation, _, termination, truncation, info = aec.last()
            if termination or truncation:
                action = None
            else:
                mask = (
                    observation["action_mask"]
                    if isinstance(observation, dict)
                    else info["action_mask"]
                )
                legal = np.flatnonzero(mask)
                action = int(legal[int(rng.random() * len(legal))])
            aec.step(action)
            turns += 1
        aec.reset()
        return turns

    return game


def turns_per_second(aec: Any, seconds: float) -> float:
    """Turns per second of random legal play through PettingZoo's AEC API (see
    :func:`turns_steps`), alone."""
    return timed(turns_steps(aec), seconds)


def shimmy_rates(game: str, options: dict[str, Any], seconds: float) -> tuple[float, float] | None:
    """Turns per second of ``ludorum.pettingzoo.env(game)`` and of Shimmy's OpenSpiel wrapper
    of OpenSpiel's game of the same rules, in turn (``None`` without Shimmy or such a game)."""
    peer = game_info(game).openspiel
    try:
        # imported by name: shimmy ships no types
        shimmy = importlib.import_module("shimmy")

        from .pettingzoo import env
    except ImportError:
        return None
    if not peer:
        return None
    config = {"players": options["players"]} if "players" in options else {}
    rates = in_turn(
        {
            # the game by name and config: Shimmy reloads it that way at every reset
            "theirs": turns_steps(shimmy.OpenSpielCompatibilityV0(game_name=peer, config=config)),
            "ours": turns_steps(env(game, **options)),
        },
        seconds,
    )
    return rates["ours"], rates["theirs"]


def states_steps(game: str, options: dict[str, Any]) -> Callable[[], int]:
    """The same work as a ``VecEnv`` step over :data:`NUM_ENVS` ludorum states driven from
    Python."""
    states = [new(game, **options) for _ in range(NUM_ENVS)]
    rng = random.Random(1)

    def step() -> int:
        for i, state in enumerate(states):
            if state.current_player is None:
                states[i] = state = new(game, **options)
            state.observation(state.current_player or 0)
            state.action_mask()
            actions = state.legal_actions()
            state.apply_action(int(actions[int(rng.random() * len(actions))]))
        return NUM_ENVS

    return step


def openspiel_steps(spec: str) -> Callable[[], int] | None:
    """The same work over :data:`NUM_ENVS` OpenSpiel states (``None`` without OpenSpiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(spec)
    states = [game.new_initial_state() for _ in range(NUM_ENVS)]
    rng = random.Random(1)

    def step() -> int:
        for i, state in enumerate(states):
            if state.is_terminal():
                states[i] = state = game.new_initial_state()
            player = state.current_player()
            state.observation_tensor(player)
            state.legal_actions_mask(player)
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
        return NUM_ENVS

    return step


def pgx_steps(game: str) -> Callable[[], int] | None:
    """The same work as one jit-compiled pgx step of :data:`NUM_ENVS` games on the CPU
    (``None`` without pgx, or where pgx has no game of that name)."""
    try:
        import jax  # type: ignore[import-not-found, unused-ignore]
        import jax.numpy as jnp  # type: ignore[import-not-found, unused-ignore]
        import pgx  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    try:
        env = pgx.make(game)
    except (ValueError, AssertionError, KeyError):
        return None
    init = jax.vmap(env.init)

    @jax.jit  # type: ignore[untyped-decorator, unused-ignore]
    def one(state: Any, key: Any) -> Any:
        act, fresh = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        state = jax.vmap(env.step)(state, jax.random.categorical(act, logits))
        reset = init(jax.random.split(fresh, NUM_ENVS))

        def pick(new: Any, old: Any) -> Any:
            ended = state.terminated.reshape((-1,) + (1,) * (old.ndim - 1))
            return jnp.where(ended, new, old)

        return jax.tree_util.tree_map(pick, reset, state)

    state = jax.jit(init)(jax.random.split(jax.random.PRNGKey(0), NUM_ENVS))
    keys = iter(jax.random.split(jax.random.PRNGKey(1), 1_000_000))
    state = one(state, next(keys))  # compiles
    state.observation.block_until_ready()

    def step() -> int:
        nonlocal state
        state = one(state, next(keys))
        state.observation.block_until_ready()
        return NUM_ENVS

    return step


def run_rl_bench(
    *, quick: bool = False, seconds: float | None = None, out: TextIO | None = None
) -> list[dict[str, Any]]:
    """Measures every game (one row each) and prints the tables; returns the rows.

    Args:
        quick: shorter runs (0.3 s a measurement instead of 2 s), noisier numbers.
        seconds: the time of each measurement, overriding ``quick``.
        out: where the tables go (default: stdout).
    """
    out = out or sys.stdout
    seconds = seconds if seconds is not None else (0.3 if quick else 2.0)
    print(
        f"VecEnv steps/s, {NUM_ENVS} games each: observation + action mask + a random legal "
        f"action, every step; a step's cost against a ply of simulate (1 thread)",
        file=out,
    )
    head = f"{'game':<36} {'VecEnv 1 thr':>12} {'2 thr':>10} {'x 2nd':>6} {'ns/step':>8} "
    head += f"{'ns/ply':>7} {'step/ply':>8} {'py states':>10} {'OpenSpiel':>10} "
    head += f"{'x states':>8} {'x OpenSpiel':>11} {'pgx':>10} {'x pgx':>6}"
    print(head, file=out)
    rows = []
    for game, (label, options) in ((g, row) for g in games() for row in rl_rows(g)):
        steps: dict[str, Callable[[], int] | None] = {
            "one": vec_env_steps(game, options, threads=1),
            "two": vec_env_steps(game, options, threads=2),
            "plies": ply_steps(game, options),
            "python": states_steps(game, options),
        }
        peer = game_info(game).openspiel
        if peer:
            params = [f"players={options['players']}"] if "players" in options else []
            params += [f"max_moves={options['max_plies']}"] if options.get("max_plies") else []
            steps["spiel"] = openspiel_steps(f"{peer}({','.join(params)})")
        steps["jax"] = pgx_steps(game)
        rates = in_turn({k: v for k, v in steps.items() if v is not None}, seconds)
        one, two, plies, python = rates["one"], rates["two"], rates["plies"], rates["python"]
        spiel, jax_rate = rates.get("spiel"), rates.get("jax")
        best = max(one, two)
        row = {
            "game": game,
            "label": label,
            "options": options,
            "vec_env_1": one,
            "vec_env_2": two,
            "plies": plies,
            "states": python,
            "openspiel": spiel,
            "pgx": jax_rate,
        }
        rows.append(row)
        line = f"{label[:36]:<36} {one:>12,.0f} {two:>10,.0f} {two / one:>5.2f}x "
        line += f"{1e9 / one:>8.0f} {1e9 / plies:>7.0f} {plies / one:>7.1f}x "
        line += f"{python:>10,.0f} {'-' if spiel is None else f'{spiel:,.0f}':>10} "
        line += f"{best / python:>7.1f}x {'-' if spiel is None else f'{best / spiel:.1f}x':>11} "
        line += f"{'-' if jax_rate is None else f'{jax_rate:,.0f}':>10} "
        line += f"{'-' if jax_rate is None else f'{best / jax_rate:.2f}x':>6}"
        print(line, file=out, flush=True)
    _print_pettingzoo(rows, seconds, out)
    return rows


def _print_pettingzoo(rows: list[dict[str, Any]], seconds: float, out: TextIO) -> None:
    """The PettingZoo table: ludorum's AEC env against Shimmy's OpenSpiel one, per game that
    OpenSpiel has (the rows gain ``pettingzoo`` and ``shimmy``)."""
    header = False
    for row in rows:
        rates = shimmy_rates(row["game"], row["options"], seconds)
        if rates is None:
            continue
        if not header:
            print(
                "\nPettingZoo AEC turns/s (agent_iter, last, a random legal action from the "
                "mask, step)",
                file=out,
            )
            print(f"{'game':<36} {'ludorum':>10} {'Shimmy':>10} {'x Shimmy':>9}", file=out)
            header = True
        row["pettingzoo"], row["shimmy"] = rates
        name = row["label"] if ENCODING_OPTION + "=" in row["label"] else row["game"]
        line = f"{name[:36]:<36} {rates[0]:>10,.0f} {rates[1]:>10,.0f} "
        line += f"{rates[0] / rates[1]:>8.1f}x"
        print(line, file=out, flush=True)
