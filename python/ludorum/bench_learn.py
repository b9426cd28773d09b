"""``ludorum bench learn``: the speed of the learned searches (``ludorum.agents.Gumbel``), side by
side in one run.

1. Simulations per second of one batched Gumbel search of N = 1024 roots (positions four random
   plies from the start), 32 simulations each, with a zero-cost evaluator: ``"uniform"`` (in
   Rust) on one thread and on every core, and a numpy callable returning zeros (the cost of the
   Python call); beside them mctx's ``gumbel_muzero_policy`` over pgx's environment of the same
   name, jit-compiled, with the same uniform function, N and simulations, where jax, mctx and
   pgx are installed (``pip install "ludorum[bench]"``) and pgx has the game. The columns
   take turns of three timed runs, round after round, each keeping its best run.
2. The search's own share of the wall time with a numpy MLP evaluator (two hidden layers) at
   N = 256: the time outside the evaluator's calls against the whole ``search_many``, with one
   evaluator call per step (on one thread and on every core) and with ``pipeline=True`` (half
   the roots searched while the evaluator scores the other half's leaves).

Every game whose action space has at most :data:`MAX_ACTIONS` actions gets a row (a batch of
1024 roots of a game with thousands of actions per node is a different measurement).
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from typing import Any, Callable, TextIO

import numpy as np

from . import games, new
from .agents import Gumbel

__all__ = ["MAX_ACTIONS", "SIMULATIONS", "N", "TimedMLP", "run_learn_bench"]

#: Roots searched together.
N = 1024
#: Simulations per root.
SIMULATIONS = 32
#: Roots of the MLP rows.
MLP_N = 256
#: Random plies from the start to the positions searched.
PLIES = 4
#: Games with more actions are left out.
MAX_ACTIONS = 512


def states_after(game: str, plies: int, n: int, seed: int = 0) -> list[Any]:
    """``n`` states of ``game`` after ``plies`` uniformly random legal moves (never over)."""
    rng = np.random.default_rng(seed)
    states: list[Any] = []
    while len(states) < n:
        state = new(game)
        for _ in range(plies):
            legal = np.flatnonzero(state.action_mask())
            state.apply_action(int(rng.choice(legal)))
            if state.is_over():
                break
        if not state.is_over():
            states.append(state)
    return states


def zeros(observations: Any, masks: Any, players: Any) -> tuple[Any, Any]:
    """A zero-cost Python evaluator: logits 0, values 0."""
    return np.zeros(masks.shape, np.float32), np.zeros((len(players), 2), np.float32)


def best_seconds(run: Callable[[], Any], repeats: int) -> float:
    """The fastest of ``repeats`` timed runs, after one untimed run."""
    return interleaved_best({"run": run}, 1, repeats)["run"]


def interleaved_best(
    runs: dict[str, Callable[[], Any]], rounds: int, turn: int = 3
) -> dict[str, float]:
    """The fastest timed run of each of ``runs``: ``rounds`` rounds in which each takes its
    turn of ``turn`` runs in a row.

    Each is run once untimed first. Taking turns rather than all of one column's runs in a row
    lets every column of a row meet the same moments of the machine: a shared or virtual
    machine slowed for a second slows a turn of each, not one column's whole block. A turn of
    a few runs lets each column's best run start with its own data in the caches, as in a
    block.
    """
    for run in runs.values():
        run()
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, run in runs.items():
            for _ in range(turn):
                start = time.perf_counter()
                run()
                best[name] = min(best[name], time.perf_counter() - start)
    return best


def ludorum_search(states: list[Any], evaluator: Any, threads: int) -> Callable[[], Any]:
    """One batched Gumbel search of ``states`` (``SIMULATIONS`` each), ready to be timed."""
    agent = Gumbel(evaluator, simulations=SIMULATIONS, seed=0, reuse=False, threads=threads)
    return lambda: agent.search_many(states)


def ludorum_rate(states: list[Any], evaluator: Any, threads: int, repeats: int) -> float:
    """Simulations per second of one batched Gumbel search of ``states``."""
    seconds = best_seconds(ludorum_search(states, evaluator, threads), repeats)
    return len(states) * SIMULATIONS / seconds


def mctx_rate(game: str, plies: int, repeats: int) -> float | None:
    """Simulations per second of mctx's gumbel_muzero_policy over pgx's env, or None."""
    search = mctx_search(game, plies)
    return None if search is None else N * SIMULATIONS / best_seconds(search, repeats)


def mctx_search(game: str, plies: int) -> Callable[[], Any] | None:
    """mctx's gumbel_muzero_policy over ``N`` roots of pgx's env, jit-compiled and ready to be
    timed, or None where jax, mctx or pgx is missing or pgx lacks the game."""
    try:
        # through importlib: the peers are optional and untyped
        jax = importlib.import_module("jax")
        jnp = importlib.import_module("jax.numpy")
        mctx = importlib.import_module("mctx")
        pgx = importlib.import_module("pgx")
    except ImportError:
        return None
    try:
        env = pgx.make(game)
    except (ValueError, KeyError, AssertionError):
        return None

    def uniform_logits(state: Any) -> Any:
        logits = jnp.zeros(state.legal_action_mask.shape, jnp.float32)
        return jnp.where(state.legal_action_mask, logits, jnp.finfo(jnp.float32).min)

    def recurrent_fn(params: Any, rng_key: Any, action: Any, state: Any) -> Any:
        del params, rng_key
        player = state.current_player
        state = jax.vmap(env.step)(state, action)
        reward = state.rewards[jnp.arange(state.rewards.shape[0]), player]
        value = jnp.zeros(reward.shape, jnp.float32)
        discount = jnp.where(state.terminated, 0.0, -1.0 * jnp.ones_like(value))
        output = mctx.RecurrentFnOutput(
            reward=reward, discount=discount, prior_logits=uniform_logits(state), value=value
        )
        return output, state

    def search(state: Any, key: Any) -> Any:
        root = mctx.RootFnOutput(
            prior_logits=uniform_logits(state),
            value=jnp.zeros(state.current_player.shape, jnp.float32),
            embedding=state,
        )
        return mctx.gumbel_muzero_policy(
            params=None,
            rng_key=key,
            root=root,
            recurrent_fn=recurrent_fn,
            num_simulations=SIMULATIONS,
            invalid_actions=~state.legal_action_mask,
            qtransform=mctx.qtransform_completed_by_mix_value,
            gumbel_scale=1.0,
        )

    # the same kind of positions: random legal plies from the start, none of them final
    keys = jax.random.split(jax.random.PRNGKey(0), N)
    state = jax.vmap(env.init)(keys)
    rng = np.random.default_rng(0)
    for _ in range(plies):
        mask = np.asarray(state.legal_action_mask)
        action = np.array([rng.choice(np.flatnonzero(row)) for row in mask], np.int32)
        state = jax.vmap(env.step)(state, jnp.asarray(action))
    if bool(np.asarray(state.terminated).any()):
        return None
    key = jax.random.PRNGKey(1)
    jitted = jax.jit(search)
    return lambda: jax.block_until_ready(jitted(state, key).action)


class TimedMLP:
    """A numpy MLP (observation -> hidden -> hidden -> logits and a value per seat) that keeps
    the time spent in its calls."""

    def __init__(self, hidden: int, seed: int = 0) -> None:
        self.hidden = hidden
        self.rng = np.random.default_rng(seed)
        self.layers: list[tuple[Any, Any]] = []
        self.seconds = 0.0

    def _build(self, inputs: int, actions: int, players: int) -> None:
        sizes = [inputs, self.hidden, self.hidden]
        self.layers = [
            (self.rng.normal(0, a**-0.5, (a, b)).astype(np.float32), np.zeros(b, np.float32))
            for a, b in zip(sizes, sizes[1:])
        ]
        self.policy = self.rng.normal(0, 0.1, (self.hidden, actions)).astype(np.float32)
        self.value = self.rng.normal(0, 0.1, (self.hidden, players)).astype(np.float32)

    def __call__(self, observations: Any, masks: Any, players: Any) -> tuple[Any, Any]:
        start = time.perf_counter()
        if not self.layers:
            self._build(int(np.prod(observations.shape[1:])), masks.shape[1], 2)
        x = observations.reshape(len(players), -1)
        for weights, bias in self.layers:
            x = np.maximum(x @ weights + bias, 0.0)
        logits, values = x @ self.policy, np.tanh(x @ self.value)
        self.seconds += time.perf_counter() - start
        return logits, values


def mlp_share(
    states: list[Any], hidden: int, threads: int, repeats: int, pipeline: bool = False
) -> tuple[float, float]:
    """(seconds of the whole search, seconds inside the evaluator), the best of ``repeats``."""
    best = (float("inf"), 0.0)
    for attempt in range(repeats + 1):
        net = TimedMLP(hidden)
        agent = Gumbel(
            net, simulations=SIMULATIONS, seed=0, reuse=False, threads=threads, pipeline=pipeline
        )
        start = time.perf_counter()
        agent.search_many(states)
        total = time.perf_counter() - start
        if attempt and total < best[0]:
            best = (total, net.seconds)
    return best


def _games() -> list[str]:
    """The games measured: every two-player game with at most :data:`MAX_ACTIONS` actions."""
    return [
        g for g in games() if len(new(g).action_mask()) <= MAX_ACTIONS and new(g).num_players == 2
    ]


def run_learn_bench(
    *, quick: bool = False, repeats: int | None = None, out: TextIO | None = None
) -> list[dict[str, Any]]:
    """Measures the learned search and prints the two tables; returns the rows.

    Args:
        quick: one timed run per cell instead of ten (noisier).
        repeats: timed runs per cell, overriding ``quick``.
        out: where the tables go (default: stdout).
    """
    out = out or sys.stdout
    repeats = repeats if repeats is not None else (1 if quick else 10)
    cores = os.cpu_count() or 1
    print(
        f"Gumbel search, {SIMULATIONS} simulations, N={N} roots {PLIES} random plies from the "
        f"start in one batch: simulations/s (best of {repeats} turns of 3 runs, the columns in "
        f"turn, {cores} cores)",
        file=out,
        flush=True,
    )
    print(
        f"| game | uniform, 1 thread | uniform, {cores} threads | numpy zeros, 1 thread "
        "| mctx + pgx (jit, CPU) | x mctx |",
        file=out,
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |", file=out)
    rows: list[dict[str, Any]] = []
    for game in _games():
        states = states_after(game, PLIES, N)
        row: dict[str, Any] = {"game": game}
        runs = {
            "uniform_1t": ludorum_search(states, "uniform", 1),
            "uniform_all": ludorum_search(states, "uniform", cores),
            "zeros_1t": ludorum_search(states, zeros, 1),
        }
        peer_search = mctx_search(game, PLIES)
        if peer_search is not None:
            runs["mctx"] = peer_search
        seconds = interleaved_best(runs, repeats)
        row.update({name: len(states) * SIMULATIONS / s for name, s in seconds.items()})
        row.setdefault("mctx", None)
        best = max(row["uniform_1t"], row["uniform_all"])
        peer = "not installed" if row["mctx"] is None else f"{row['mctx']:,.0f}"
        ratio = "" if row["mctx"] is None else f"{best / row['mctx']:.1f}x"
        print(
            f"| {game} | {row['uniform_1t']:,.0f} | {row['uniform_all']:,.0f} "
            f"| {row['zeros_1t']:,.0f} | {peer} | {ratio} |",
            file=out,
            flush=True,
        )
        rows.append(row)
    print(file=out)
    print(
        f"numpy MLP evaluator (two hidden layers), N={MLP_N}, {SIMULATIONS} simulations: the "
        "search's own share of the wall time",
        file=out,
    )
    print(
        "| game | hidden | search | search_many (s) | in evaluator (s) | search's share |",
        file=out,
    )
    print("| --- | ---: | --- | ---: | ---: | ---: |", file=out)
    # (label, threads, pipeline): one evaluator call per step, then the pipelined search
    ways = [(f"{t} thread{'s' if t > 1 else ''}", t, False) for t in sorted({1, cores})]
    ways.append(("pipeline", 1, True))
    for row in rows:
        states = states_after(row["game"], PLIES, MLP_N)
        for hidden in (64, 256):
            for label, threads, pipeline in ways:
                total, inside = mlp_share(states, hidden, threads, repeats, pipeline)
                share = (total - inside) / total
                key = "pipeline" if pipeline else f"{threads}t"
                row[f"share_{hidden}_{key}"] = share
                print(
                    f"| {row['game']} | {hidden} | {label} | {total:.3f} | {inside:.3f} "
                    f"| {share:.0%} |",
                    file=out,
                    flush=True,
                )
    return rows
