"""The shared perft vectors (`tests/data/<game>/perft.txt`, also read by cargo test), in both
backends."""

from __future__ import annotations

from typing import Any

import pytest

import ludorum

from conftest import DATA, read_vectors

VECTORS = [
    (game, options, int(depth), int(leaves))
    for game in ludorum.games()
    if (DATA / game / "perft.txt").exists()
    for options, (depth, leaves) in read_vectors(game, "perft.txt")
]


#: the most leaves a vector may have to be counted in the test run, per backend
BUDGET = {"rust": 300_000_000, "reference": 400_000}


@pytest.mark.parametrize(("game", "options", "depth", "leaves"), VECTORS, ids=str)
def test_perft_vectors(backend: str, game: str, options: dict[str, Any], depth: int, leaves: int):
    if leaves > BUDGET[backend]:
        pytest.skip(f"{leaves:,} leaves is over the {backend} test budget ({BUDGET[backend]:,})")
    state = ludorum.new(game, backend=backend, **options)
    before = state.to_json()
    assert ludorum.perft(state, depth) == leaves
    assert state.to_json() == before
