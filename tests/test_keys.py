"""Zobrist keys are a published contract: start keys pinned in `tests/data/<game>/keys.txt` and in
the rules page."""

from __future__ import annotations

import pytest

import ludorum

from conftest import read_vectors

#: (game, options, key) from `tests/data/<game>/keys.txt`, for every game
START_KEYS = [
    (game, options, int(key, 16))
    for game in ludorum.games()
    for options, (key,) in read_vectors(game, "keys.txt")
]


@pytest.mark.parametrize(("game", "options", "key"), START_KEYS, ids=str)
def test_start_keys_are_pinned(backend: str, game: str, options: dict, key: int) -> None:
    assert ludorum.new(game, backend=backend, **options).key == key


def test_key_depends_only_on_position_and_player_to_move(backend: str) -> None:
    a = ludorum.new("chinese_checkers", backend=backend, area="free")
    b = ludorum.new("chinese_checkers", backend=backend, area="free")
    for move in ["e5-f5", "m5-l5", "e6-f6", "m6-l6"]:
        a.play(move)
    for move in ["e6-f6", "m6-l6", "e5-f5", "m5-l5"]:
        b.play(move)
    assert a.key == b.key and a.to_json() != b.to_json()
    a.play("f5-e5")
    assert a.key != b.key
