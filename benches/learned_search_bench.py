"""Speed of the learned searches, side by side in one run.

1. ``Gumbel(evaluator, simulations=32).search_many(states)`` at N=1024 roots with a zero-cost
   evaluator: ``"uniform"`` (inside Rust) and a numpy callable returning zeros (the cost of the
   Python call), at the start position and a few plies in, for tic_tac_toe and connect_four.
2. mctx's ``gumbel_muzero_policy`` with pgx's environments as the recurrent function and the
   same uniform evaluator, same N and simulations, jit-compiled and timed after a warm-up
   (as pgx's AlphaZero example drives it). Needs ``pip install "ludorum[bench]"``; the rows are
   left out where jax, mctx or pgx is not installed.
3. The search's own share of wall time with a small numpy MLP evaluator (2 hidden layers of 64)
   at N=256: the time inside the evaluator against the whole ``search_many``.

Run: ``.venv/bin/python benches/learned_search_bench.py [repeats]``.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Callable

import numpy as np

import ludorum
from ludorum.agents import Gumbel

GAMES = ("tic_tac_toe", "connect_four")
PLIES = (0, 4)
N = 1024
SIMULATIONS = 32
MLP_N = 256


def states_after(game: str, plies: int, n: int, seed: int = 0) -> list[Any]:
    """``n`` states of ``game`` after ``plies`` uniformly random legal moves (never over)."""
    rng = np.random.default_rng(seed)
    states = []
    while len(states) < n:
        state = ludorum.new(game)
        for _ in range(plies):
            legal = np.flatnonzero(state.action_mask())
            state.apply_action(int(rng.choice(legal)))
            if state.is_over():
                break
        if not state.is_over():
            states.append(state)
    return states


def zeros(observations: Any, masks: Any, players: Any) -> tuple[Any, Any]:
    return np.zeros(masks.shape, np.float32), np.zeros(len(players), np.float32)


def best_seconds(run: Callable[[], Any], repeats: int) -> float:
    """The fastest of ``repeats`` timed runs, after one untimed run."""
    run()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def ludorum_rate(game: str, plies: int, evaluator: Any, repeats: int) -> float:
    """Simulations per second of one batched Gumbel search of N roots."""
    states = states_after(game, plies, N)
    agent = Gumbel(evaluator, simulations=SIMULATIONS, seed=0, reuse=False)
    seconds = best_seconds(lambda: agent.search_many(states), repeats)
    return N * SIMULATIONS / seconds


def mctx_rate(game: str, plies: int, repeats: int) -> float | None:
    """Simulations per second of mctx's gumbel_muzero_policy over pgx's env, or None."""
    try:
        import jax
        import jax.numpy as jnp
        import mctx
        import pgx
    except ImportError:
        return None
    env = pgx.make(game)

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

    @jax.jit
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

    # the roots: the same kind of positions, random legal plies from the start (none ends a
    # game this early in either game)
    keys = jax.random.split(jax.random.PRNGKey(0), N)
    state = jax.vmap(env.init)(keys)
    rng = np.random.default_rng(0)
    for _ in range(plies):
        mask = np.asarray(state.legal_action_mask)
        action = np.array([rng.choice(np.flatnonzero(row)) for row in mask], np.int32)
        state = jax.vmap(env.step)(state, jnp.asarray(action))
    assert not bool(np.asarray(state.terminated).any())
    key = jax.random.PRNGKey(1)
    seconds = best_seconds(lambda: jax.block_until_ready(search(state, key).action), repeats)
    return N * SIMULATIONS / seconds


class TimedMLP:
    """A numpy MLP (observation -> 64 -> 64 -> logits and a value) that keeps the time spent in
    its calls."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)
        self.layers: list[tuple[Any, Any]] = []
        self.seconds = 0.0
        self.calls = 0

    def build(self, observation_size: int, actions: int) -> None:
        """Random weights for these sizes (on the first call, untimed)."""
        sizes = [observation_size, 64, 64]
        self.layers = [
            (self.rng.normal(0, 1 / np.sqrt(a), (a, b)).astype(np.float32), np.zeros(b, np.float32))
            for a, b in zip(sizes, sizes[1:])
        ]
        self.policy = self.rng.normal(0, 0.1, (64, actions)).astype(np.float32)
        self.value = self.rng.normal(0, 0.1, (64,)).astype(np.float32)

    def __call__(self, observations: Any, masks: Any, players: Any) -> tuple[Any, Any]:
        if not self.layers:
            self.build(int(np.prod(observations.shape[1:])), masks.shape[1])
        start = time.perf_counter()
        x = np.asarray(observations, np.float32).reshape(len(players), -1)
        for weights, bias in self.layers:
            x = np.maximum(x @ weights + bias, 0.0)
        logits = x @ self.policy
        value = np.tanh(x @ self.value)
        self.seconds += time.perf_counter() - start
        self.calls += 1
        return logits, value


def mlp_share(game: str, plies: int, repeats: int) -> tuple[float, float, float]:
    """(total seconds, seconds in the evaluator, simulations/s) of the best of ``repeats``."""
    states = states_after(game, plies, MLP_N)
    best: tuple[float, float, float] | None = None
    for attempt in range(repeats + 1):
        net = TimedMLP()
        agent = Gumbel(net, simulations=SIMULATIONS, seed=0, reuse=False)
        start = time.perf_counter()
        agent.search_many(states)
        total = time.perf_counter() - start
        if attempt and (best is None or total < best[0]):
            best = (total, net.seconds, MLP_N * SIMULATIONS / total)
    assert best is not None
    return best


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(
        f"Gumbel search, {SIMULATIONS} simulations, N={N} roots in one batch; "
        f"simulations per second (best of {repeats})"
    )
    header = "| game | plies | ludorum uniform | ludorum numpy zeros | mctx + pgx (jit, CPU) |"
    print(header)
    print("| --- | ---: | ---: | ---: | ---: |")
    for game in GAMES:
        for plies in PLIES:
            uniform = ludorum_rate(game, plies, "uniform", repeats)
            numpy_zeros = ludorum_rate(game, plies, zeros, repeats)
            peer = mctx_rate(game, plies, repeats)
            peer_text = "not installed" if peer is None else f"{peer:,.0f}"
            print(f"| {game} | {plies} | {uniform:,.0f} | {numpy_zeros:,.0f} | {peer_text} |")
    print()
    print(f"numpy MLP evaluator (2 hidden layers of 64), N={MLP_N}, {SIMULATIONS} simulations")
    print("| game | plies | search_many (s) | in evaluator (s) | search's share | simulations/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for game in GAMES:
        for plies in PLIES:
            total, inside, rate = mlp_share(game, plies, repeats)
            share = (total - inside) / total
            print(f"| {game} | {plies} | {total:.3f} | {inside:.3f} | {share:.0%} | {rate:,.0f} |")


if __name__ == "__main__":
    main()
