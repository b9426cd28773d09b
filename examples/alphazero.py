"""AlphaZero-style training of a small numpy MLP, from scratch, on tic-tac-toe or Connect Four.

Self-play with ``ludorum.selfplay`` (the Gumbel search of the Rust core, every ply one batched
search of all the games); the network learns the search's improved policy and the game's result
(with the board's symmetries); at the end the network's search (``ludorum.agents.Gumbel``)
plays:

- tic-tac-toe: 100 games against minimax (50 from each seat);
- Connect Four: 200 games against ``ludorum.agents.MCTS`` with random rollouts at the same
  number of simulations, seats alternating (``ludorum.arena``); the win rate is reported.

    python examples/alphazero.py                       # train, then play minimax
    python examples/alphazero.py --quick               # a few seconds: the loop runs end to end
    python examples/alphazero.py --game connect_four   # the benchmark of docs/learning.md

Measured on 2 cores shared with other jobs: ``python examples/alphazero.py`` (30 iterations
of 32 games, 16 simulations) took 6 s wall time (2.4 s in a quieter rerun) and drew all 100
games against minimax (0 losses). The Connect Four run is a benchmark, not a timed test: see
``docs/learning.md``.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any

# One BLAS thread: the evaluator's matrices are small, and BLAS threads spinning beside the search's
# own threads made each iteration about ten times slower on a busy 2-core machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

import ludorum
from ludorum.agents import MCTS, PUCT, Gumbel

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
WINS = [sum(1 << c for c in line) for line in LINES]

# the 8 symmetries of the tic-tac-toe board, as permutations of the 9 cells
_GRID = np.arange(9).reshape(3, 3)
SYMMETRIES = [np.rot90(g, k).reshape(-1) for g in (_GRID, _GRID.T) for k in range(4)]


@dataclass
class Settings:
    """One training run. Connect Four's were chosen over a few runs: with self-play at 64
    simulations, 64 games an iteration, the whole replay buffer trained on each iteration and a
    constant learning rate, the network levelled off near 55% against MCTS; 128 games an
    iteration, half of the buffer each iteration (a row is learned about nine times, not
    thirty-six) and a learning rate decaying to a tenth lifted it to 76%."""

    iterations: int = field(metadata={"help": "training iterations"})
    games: int = field(metadata={"help": "self-play games per iteration"})
    simulations: int = field(metadata={"help": "simulations per move when the network plays"})
    selfplay_simulations: int = field(metadata={"help": "simulations per move in self-play"})
    hidden: int = field(metadata={"help": "units in each of the two hidden layers"})
    buffer_rows: int = field(metadata={"help": "the replay buffer, in positions"})
    train_fraction: float = field(metadata={"help": "share of the buffer trained on per iteration"})
    lr_end: float = field(metadata={"help": "the learning rate decays from 3e-3 to this (cosine)"})
    eval_games: int = field(metadata={"help": "games of the final benchmark"})


DEFAULTS = {
    "tic_tac_toe": Settings(30, 32, 16, 16, 64, 4000, 1.0, 3e-3, 100),
    "connect_four": Settings(100, 128, 32, 64, 256, 40000, 0.5, 3e-4, 200),
}


class MLP:
    """Flattened observation, two tanh layers, a policy head (logits) and a value head (tanh)."""

    def __init__(self, inputs: int, actions: int, hidden: int = 64, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.params = {
            "w1": rng.normal(0, inputs**-0.5, (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, hidden**-0.5, (hidden, hidden)),
            "b2": np.zeros(hidden),
            "wp": np.zeros((hidden, actions)),
            "bp": np.zeros(actions),
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

    def backward(
        self, saved: tuple[np.ndarray, ...], d_logits: np.ndarray, d_v: np.ndarray
    ) -> dict[str, np.ndarray]:
        """The gradients of every parameter, from those of the two heads."""
        x, h1, h2 = saved
        p = self.params
        grads = {"wp": h2.T @ d_logits, "bp": d_logits.sum(0), "wv": h2.T @ d_v, "bv": d_v.sum(0)}
        d_h2 = (d_logits @ p["wp"].T + d_v @ p["wv"].T) * (1 - h2**2)
        grads["w2"], grads["b2"] = h1.T @ d_h2, d_h2.sum(0)
        d_h1 = (d_h2 @ p["w2"].T) * (1 - h1**2)
        grads["w1"], grads["b1"] = x.T @ d_h1, d_h1.sum(0)
        return grads

    def train_step(
        self, x: np.ndarray, pi: np.ndarray, mask: np.ndarray, z: np.ndarray, lr: float
    ) -> float:
        """One Adam step on cross-entropy to ``pi`` (over legal moves) plus squared error to z."""
        logits, value, saved = self.forward(x)
        logits = np.where(mask, logits, -1e9)
        logits = logits - logits.max(axis=1, keepdims=True)
        prob = np.exp(logits) * mask
        prob /= prob.sum(axis=1, keepdims=True)
        n = len(x)
        loss = float(-(pi * np.log(prob + 1e-12)).sum() / n + ((value - z) ** 2).mean())
        d_logits = (prob - pi) / n
        d_v = (2 * (value - z) / n * (1 - value**2))[:, None]
        grads = self.backward(saved, d_logits, d_v)
        self.steps += 1
        p = self.params
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


def self_play(
    game: str, net: MLP, games: int, simulations: int, seed: int
) -> dict[str, np.ndarray]:
    """``games`` games of the Rust Gumbel search against itself, searched together: one row per
    ply with the mover's flattened view, the policy target, the mask and the mover's result."""
    # a fresh tree every move (reuse=False): with 16 simulations, reused trees trained a
    # weaker network (9 losses in 100 against minimax instead of 0, one run each)
    data = ludorum.selfplay(game, net, games=games, simulations=simulations, seed=seed, reuse=False)
    rows = np.arange(len(data["players"]))
    return {
        "x": data["observations"].reshape(len(rows), -1).astype(np.float64),
        "pi": data["policies"].astype(np.float64),
        "mask": data["masks"],
        "z": data["returns"][rows, data["players"]].astype(np.float64),
    }


def augment(game: str, shape: tuple[int, ...], rows: dict[str, np.ndarray]) -> tuple[Any, ...]:
    """The board symmetries of every row, as training arrays: the 8 of tic-tac-toe's square
    (observations ``(3, 3, 3)``, planes first), the mirror of Connect Four's columns
    (observations ``(..., columns)``, one action per column)."""
    x, pi, mask, z = rows["x"], rows["pi"], rows["mask"], rows["z"]
    if game == "tic_tac_toe":
        planes = x.reshape(len(x), shape[0], 9)
        xs = [planes[:, :, perm].reshape(len(x), -1) for perm in SYMMETRIES]
        pis = [pi[:, perm] for perm in SYMMETRIES]
        masks = [mask[:, perm] for perm in SYMMETRIES]
        count = len(SYMMETRIES)
    elif game == "connect_four" and shape[-1] == pi.shape[1]:
        mirrored = x.reshape(len(x), *shape)[..., ::-1].reshape(len(x), -1)
        xs, pis, masks, count = [x, mirrored], [pi, pi[:, ::-1]], [mask, mask[:, ::-1]], 2
    else:
        xs, pis, masks, count = [x], [pi], [mask], 1
    return np.concatenate(xs), np.concatenate(pis), np.concatenate(masks), np.tile(z, count)


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
    """Wins, draws and losses of the network's Gumbel search (without the Gumbel noise, which
    is for exploring in self-play), half of the games from each seat."""
    tally = {"win": 0, "draw": 0, "loss": 0}
    rng = ludorum.SplitMix64(2024)
    for g in range(games):
        seat = g % 2
        state = ludorum.new("tic_tac_toe")
        agent = Gumbel(net, simulations=simulations, seed=g, gumbel_scale=0.0)
        while not state.is_over():
            if state.current_player == seat:
                action = agent.search(state).action
            else:
                action = minimax_move(state, rng)
            state.apply_action(action)
        r = state.returns()[seat]
        tally["win" if r > 0 else "loss" if r < 0 else "draw"] += 1
    return tally


def against_mcts(game: str, net: MLP, games: int, simulations: int, search: str = "gumbel") -> str:
    """The network's search (Gumbel without its noise, or PUCT without Dirichlet noise) against
    random-rollout MCTS at the same number of simulations, seats alternating (``ludorum.arena``):
    wins, draws, losses, win rate."""
    agents = {
        "net": Gumbel(net, simulations=simulations, seed=0, gumbel_scale=0.0)
        if search == "gumbel"
        else PUCT(net, simulations=simulations, seed=0),
        "mcts": MCTS(simulations=simulations, seed=0),
    }
    result = ludorum.arena(game, agents=agents, games=games, seed=0, threads=1, progress=False)
    s = result.standing("net")
    return (
        f"net {s.wins} wins, {s.draws} draws, {s.losses} losses: "
        f"win rate {s.wins / max(s.games, 1):.3f}, score rate {s.score_rate:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=sorted(DEFAULTS), default="tic_tac_toe")
    parser.add_argument("--quick", action="store_true", help="a few seconds, end to end")
    for setting in fields(Settings):
        parser.add_argument(
            "--" + setting.name.replace("_", "-"),
            type=float if setting.type == "float" else int,
            help=setting.metadata["help"],
        )
    parser.add_argument(
        "--eval-search", choices=("gumbel", "puct"), default="gumbel", help="the network's search"
    )
    parser.add_argument("--eval-every", type=int, default=0, help="play the benchmark every K")
    parser.add_argument("--save", help="write the trained weights to this .npz file")
    parser.add_argument("--load", help="start from the weights in this .npz file")
    args = parser.parse_args()
    settings = DEFAULTS[args.game]
    if args.quick:
        settings = replace(settings, iterations=2, games=4, eval_games=4)
    chosen = {f.name: getattr(args, f.name) for f in fields(Settings)}
    settings = replace(settings, **{k: v for k, v in chosen.items() if v is not None})
    iterations, games, simulations = settings.iterations, settings.games, settings.simulations
    eval_games = settings.eval_games
    probe = ludorum.new(args.game)
    shape = tuple(np.asarray(probe.observation(0)).shape)
    net = MLP(int(np.prod(shape)), len(probe.action_mask()), settings.hidden)
    if args.load:
        with np.load(args.load) as saved:
            net.params = {k: saved[k] for k in net.params}
    buffer: dict[str, np.ndarray] = {}
    start = time.perf_counter()
    for it in range(iterations):
        rows = self_play(args.game, net, games, settings.selfplay_simulations, seed=it * games)
        buffer = {
            k: np.concatenate([buffer[k], v])[-settings.buffer_rows :] if buffer else v
            for k, v in rows.items()
        }
        x, pi, mask, z = augment(args.game, shape, buffer)
        order = np.random.default_rng(it).permutation(len(x))[
            : int(len(x) * settings.train_fraction)
        ]
        lr = settings.lr_end + (3e-3 - settings.lr_end) * (1 + np.cos(np.pi * it / iterations)) / 2
        loss = 0.0
        for lo in range(0, len(order), 256):
            batch = order[lo : lo + 256]
            loss = net.train_step(x[batch], pi[batch], mask[batch], z[batch], lr=float(lr))
        elapsed = time.perf_counter() - start
        print(
            f"iteration {it + 1}: {len(buffer['z'])} positions, loss {loss:.3f}, {elapsed:.0f} s",
            flush=True,
        )
        if args.eval_every and (it + 1) % args.eval_every == 0 and args.game != "tic_tac_toe":
            report = against_mcts(args.game, net, eval_games, simulations, args.eval_search)
            print(f"  against MCTS: {report}", flush=True)
    if args.save:
        np.savez(args.save, **net.params)
    if args.game == "tic_tac_toe":
        tally = against_minimax(net, eval_games, simulations)
        print(f"against minimax, {eval_games} games: {tally}, {time.perf_counter() - start:.0f} s")
    else:
        report = against_mcts(args.game, net, eval_games, simulations, args.eval_search)
        print(
            f"against MCTS ({simulations} simulations, random rollouts), {eval_games} games: "
            f"{report}, {time.perf_counter() - start:.0f} s"
        )


if __name__ == "__main__":
    main()
