"""AlphaZero-style training of a small numpy MLP on tic-tac-toe, from scratch.

Self-play with the Gumbel search (``ludorum.agents.Gumbel`` when the extension has it, else the
plain-Python search of ``tests/learned_search.py``, which follows the same specification,
``docs/search-spec.md``); the network learns the search's improved policy and the game's
result; at the end, 100 games against minimax (50 from each seat).

    python examples/alphazero.py           # train, then play minimax
    python examples/alphazero.py --quick   # a few seconds: the loop runs end to end
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

import ludorum

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from learned_search import search_many

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
WINS = [sum(1 << c for c in line) for line in LINES]

# the 8 symmetries of the board, as permutations of the 9 cells
_GRID = np.arange(9).reshape(3, 3)
SYMMETRIES = [np.rot90(g, k).reshape(-1) for g in (_GRID, _GRID.T) for k in range(4)]


class MLP:
    """27 inputs, two tanh layers, a policy head (9 logits) and a value head (tanh)."""

    def __init__(self, hidden: int = 64, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.params = {
            "w1": rng.normal(0, 27**-0.5, (27, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, hidden**-0.5, (hidden, hidden)),
            "b2": np.zeros(hidden),
            "wp": np.zeros((hidden, 9)),
            "bp": np.zeros(9),
            "wv": np.zeros((hidden, 1)),
            "bv": np.zeros(1),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]:
        p = self.params
        h1 = np.tanh(x @ p["w1"] + p["b1"])
        h2 = np.tanh(h1 @ p["w2"] + p["b2"])
        logits = h2 @ p["wp"] + p["bp"]
        value = np.tanh(h2 @ p["wv"] + p["bv"])[:, 0]
        return logits, value, (x, h1, h2)

    def __call__(self, obs: np.ndarray, masks: np.ndarray, players: np.ndarray) -> Any:
        """The evaluator: logits, and the value for the player to move ((L,) values)."""
        logits, value, _ = self.forward(obs.reshape(len(obs), -1).astype(np.float64))
        return logits.astype(np.float32), value.astype(np.float32)

    def train_step(
        self, x: np.ndarray, pi: np.ndarray, mask: np.ndarray, z: np.ndarray, lr: float
    ) -> float:
        """One Adam step on cross-entropy to ``pi`` (over legal moves) plus squared error to z."""
        logits, value, (x, h1, h2) = self.forward(x)
        logits = np.where(mask, logits, -1e9)
        logits = logits - logits.max(axis=1, keepdims=True)
        prob = np.exp(logits) * mask
        prob /= prob.sum(axis=1, keepdims=True)
        n = len(x)
        loss = float(-(pi * np.log(prob + 1e-12)).sum() / n + ((value - z) ** 2).mean())
        d_logits = (prob - pi) / n
        d_v = (2 * (value - z) / n * (1 - value**2))[:, None]
        p = self.params
        grads = {"wp": h2.T @ d_logits, "bp": d_logits.sum(0), "wv": h2.T @ d_v, "bv": d_v.sum(0)}
        d_h2 = (d_logits @ p["wp"].T + d_v @ p["wv"].T) * (1 - h2**2)
        grads["w2"], grads["b2"] = h1.T @ d_h2, d_h2.sum(0)
        d_h1 = (d_h2 @ p["w2"].T) * (1 - h1**2)
        grads["w1"], grads["b1"] = x.T @ d_h1, d_h1.sum(0)
        self.steps += 1
        for k, g in grads.items():
            m, v = self.moments[k]
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            p[k] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)
        return loss


def self_play(net: MLP, games: int, simulations: int, seed: int) -> list[tuple[Any, ...]]:
    """``games`` games searched together; one (obs, policy, mask, mover's result) per move."""
    states = [ludorum.new("tic_tac_toe") for _ in range(games)]
    rngs = [ludorum.SplitMix64(seed * 100_003 + i) for i in range(games)]
    history: list[list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]] = [[] for _ in states]
    while True:
        live = [i for i, s in enumerate(states) if not s.is_over()]
        if not live:
            break
        results = search_many(
            [states[i] for i in live], net, simulations, [rngs[i] for i in live], "gumbel"
        )
        for i, (action, _, policy, _) in zip(live, results):
            s = states[i]
            obs = np.asarray(s.observation(s.current_player), np.float64).reshape(-1)
            history[i].append((obs, policy, np.asarray(s.action_mask()), s.current_player))
            s.apply_action(action)
    rows = []
    for s, moves in zip(states, history):
        returns = s.returns()
        for obs, policy, mask, mover in moves:
            rows.append((obs, policy, mask, returns[mover]))
    return rows


def augment(rows: list[tuple[Any, ...]]) -> tuple[np.ndarray, ...]:
    """The 8 board symmetries of every row, as training arrays."""
    xs, pis, masks, zs = [], [], [], []
    for obs, policy, mask, z in rows:
        planes = obs.reshape(3, 9)
        for perm in SYMMETRIES:
            xs.append(planes[:, perm].reshape(-1))
            pis.append(policy[perm])
            masks.append(mask[perm])
            zs.append(z)
    return np.array(xs), np.array(pis), np.array(masks), np.array(zs, dtype=np.float64)


@cache
def solve(own: int, other: int) -> tuple[int, tuple[int, ...]]:
    """Minimax: the value for the player to move and the value of each cell (-2: occupied)."""
    if any(other & w == w for w in WINS):
        return -1, ()
    if own | other == 0b111111111:
        return 0, ()
    moves = tuple(
        -2 if (own | other) >> c & 1 else -solve(other, own | 1 << c)[0] for c in range(9)
    )
    return max(moves), moves


def minimax_move(state: Any, rng: ludorum.SplitMix64) -> int:
    """A uniformly drawn optimal move."""
    planes = np.asarray(state.observation(state.current_player)).reshape(3, 9)
    own = sum(1 << c for c in range(9) if planes[0, c] > 0.5)
    other = sum(1 << c for c in range(9) if planes[1, c] > 0.5)
    value, moves = solve(own, other)
    best = [c for c in range(9) if moves[c] == value]
    return best[rng.below(len(best))]


def against_minimax(net: MLP, games: int, simulations: int) -> dict[str, int]:
    """Wins, draws and losses of the searching network, half of the games from each seat."""
    tally = {"win": 0, "draw": 0, "loss": 0}
    rng = ludorum.SplitMix64(2024)
    for g in range(games):
        seat = g % 2
        state = ludorum.new("tic_tac_toe")
        search_rng = ludorum.SplitMix64(g)
        while not state.is_over():
            if state.current_player == seat:
                action = search_many([state], net, simulations, [search_rng], "gumbel")[0][0]
            else:
                action = minimax_move(state, rng)
            state.apply_action(action)
        r = state.returns()[seat]
        tally["win" if r > 0 else "loss" if r < 0 else "draw"] += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds, end to end")
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--games", type=int, default=32, help="self-play games per iteration")
    parser.add_argument("--simulations", type=int, default=16)
    args = parser.parse_args()
    iterations, games, eval_games = args.iterations, args.games, 100
    if args.quick:
        iterations, games, eval_games = 2, 4, 4
    net = MLP()
    buffer: list[tuple[Any, ...]] = []
    start = time.perf_counter()
    for it in range(iterations):
        buffer = (buffer + self_play(net, games, args.simulations, seed=it))[-4000:]
        x, pi, mask, z = augment(buffer)
        order = np.random.default_rng(it).permutation(len(x))
        loss = 0.0
        for lo in range(0, len(x), 256):
            batch = order[lo : lo + 256]
            loss = net.train_step(x[batch], pi[batch], mask[batch], z[batch], lr=3e-3)
        elapsed = time.perf_counter() - start
        print(f"iteration {it + 1}: {len(buffer)} positions, loss {loss:.3f}, {elapsed:.0f} s")
    tally = against_minimax(net, eval_games, args.simulations)
    print(f"against minimax, {eval_games} games: {tally}, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
