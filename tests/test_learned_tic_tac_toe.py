"""The learned search with an exact evaluator plays tic-tac-toe perfectly.

The evaluator is exact minimax (memoised on the two marks' bitmasks, seen by the player to
move), giving the value for both seats and logits that favour the optimal moves. The search
then never loses, from either seat, against minimax or random play, and draws against itself.
It runs with the plain-Python reference and, once they exist, with the Rust agents.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Callable

import numpy as np
import pytest
from learned_search import gumbel_search, puct_search

import ludorum
import ludorum.agents

if "tic_tac_toe" not in ludorum.games():
    pytest.skip("tic_tac_toe is not in this build", allow_module_level=True)

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
WINS = [sum(1 << c for c in line) for line in LINES]


@cache
def solve(own: int, other: int) -> tuple[int, tuple[int, ...]]:
    """The value for the player to move (1, 0, -1) and the value of each of its moves."""
    if any(other & w == w for w in WINS):
        return -1, ()
    if own | other == 0b111111111:
        return 0, ()
    moves = tuple(
        -solve(other, own | 1 << c)[0] if not (own | other) >> c & 1 else -2 for c in range(9)
    )
    return max(moves), moves


def masks_of(obs: np.ndarray) -> tuple[int, int]:
    planes = obs.reshape(3, 9)
    own = sum(1 << c for c in range(9) if planes[0, c] > 0.5)
    other = sum(1 << c for c in range(9) if planes[1, c] > 0.5)
    return own, other


def minimax_evaluator(obs: np.ndarray, masks: np.ndarray, players: np.ndarray) -> Any:
    """Exact values for both seats; logits 2 per point of a move's value."""
    logits = np.zeros(masks.shape, np.float32)
    values = np.zeros((len(players), 2), np.float32)
    for i, (o, p) in enumerate(zip(obs, players)):
        value, moves = solve(*masks_of(o))
        values[i, p], values[i, 1 - p] = value, -value
        logits[i] = [2.0 * m if m > -2 else 0.0 for m in moves]
    return logits, values


def minimax_move(state: Any, rng: ludorum.SplitMix64) -> int:
    """A uniformly drawn optimal move."""
    own, other = masks_of(state.observation(state.current_player))
    value, moves = solve(own, other)
    best = [c for c in range(9) if moves[c] == value]
    return best[rng.below(len(best))]


def random_move(state: Any, rng: ludorum.SplitMix64) -> int:
    actions = state.legal_actions()
    return int(actions[rng.below(len(actions))])


Player = Callable[[Any, ludorum.SplitMix64], int]


def reference(kind: str) -> Player:
    def play(state: Any, rng: ludorum.SplitMix64) -> int:
        search = puct_search if kind == "puct" else gumbel_search
        return search(state, minimax_evaluator, 16, rng)[0]

    return play


def rust(kind: str) -> Player:
    name = "PUCT" if kind == "puct" else "Gumbel"
    if not hasattr(ludorum.agents, name):
        pytest.skip(f"ludorum.agents has no {name} yet")
    agent = getattr(ludorum.agents, name)(minimax_evaluator, simulations=16, seed=1, reuse=False)
    return lambda state, rng: int(agent.search(state).action)


def play(first: Player, second: Player, seed: int) -> list[float]:
    state = ludorum.new("tic_tac_toe")
    rng = ludorum.SplitMix64(seed)
    while not state.is_over():
        mover = first if state.current_player == 0 else second
        state.apply_action(mover(state, rng))
    return [float(r) for r in state.returns()]


@pytest.mark.parametrize("kind", ["puct", "gumbel"])
@pytest.mark.parametrize("make", [reference, rust], ids=["reference", "rust"])
def test_search_with_exact_evaluator_plays_perfectly(
    kind: str, make: Callable[[str], Player]
) -> None:
    searcher = make(kind)
    for seat in (0, 1):
        for opponent, games in ((minimax_move, 4), (random_move, 8)):
            for seed in range(games):
                players = (searcher, opponent) if seat == 0 else (opponent, searcher)
                returns = play(*players, seed)
                assert returns[seat] >= 0.0, (seat, opponent.__name__, seed)
    assert play(searcher, searcher, 0) == [0.0, 0.0]
