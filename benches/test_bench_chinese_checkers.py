"""pytest-benchmark suites for Chinese Checkers: `make bench`, or
`.venv/bin/python -m pytest benches --benchmark-enable`.

They also check counts, so a fast wrong answer fails. The side-by-side table with OpenSpiel is
`ludorum bench chinese_checkers`.
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import ludorum

GAME = "chinese_checkers"
PLAYOUT = {"players": 2, "pieces": 10, "area": "free", "max_plies": 1000}


def test_rust_playouts_one_thread(benchmark: BenchmarkFixture) -> None:
    result = benchmark(lambda: ludorum.simulate(GAME, games=64, threads=1, **PLAYOUT))
    assert result.plies == 64_000


def test_rust_playouts_all_threads(benchmark: BenchmarkFixture) -> None:
    result = benchmark(lambda: ludorum.simulate(GAME, games=256, **PLAYOUT))
    assert result.plies == 256_000


def test_reference_playout(benchmark: BenchmarkFixture) -> None:
    result = benchmark.pedantic(
        lambda: ludorum.simulate(GAME, games=1, backend="reference", **PLAYOUT), rounds=3
    )
    assert result.plies == 1000


def test_python_loop_over_actions(benchmark: BenchmarkFixture) -> None:
    def game() -> int:
        state = ludorum.new(GAME, **PLAYOUT)
        rng = random.Random(0)
        while state.current_player is not None:
            actions = state.legal_actions()
            state.apply_action(int(actions[int(rng.random() * len(actions))]))
        return state.ply

    assert benchmark(game) == 1000


@pytest.mark.parametrize(
    ("options", "depth", "leaves"),
    [({"pieces": 15, "area": "dest"}, 4, 260_100), ({"pieces": 10, "area": "free"}, 4, 115_600)],
)
def test_perft(benchmark: BenchmarkFixture, options: dict, depth: int, leaves: int) -> None:
    state = ludorum.new(GAME, **options)
    assert benchmark(lambda: ludorum.perft(state, depth)) == leaves
