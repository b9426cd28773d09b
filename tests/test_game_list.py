"""The one list of games (`ludorum.games()`, declared in the Rust engine) is complete: every game on
it has its rules page, reference twin, renderer and test data, and the same class in both
backends. Adding a game to the list without them fails here, not silently elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

import ludorum

from conftest import DATA

ROOT = Path(__file__).parent.parent

#: the files of `tests/data/<game>/` the suite reads for every game
DATA_FILES = [
    "perft.txt",  # pinned perft counts, also read by cargo test
    "keys.txt",  # pinned start keys (test_keys.py)
    "differential.jsonl",  # seeded games in both backends (test_differential.py)
    "simulate.jsonl",  # simulate() in both backends (test_differential.py)
    "perft_agree.jsonl",  # perft counts both backends must share (test_differential.py)
    "spec.py",  # the contract facts (games.py, test_contract.py)
]


def test_the_list_is_sorted_and_not_empty() -> None:
    games = ludorum.games()
    assert games and list(games) == sorted(set(games))


@pytest.mark.parametrize("game", ludorum.games())
def test_every_game_has_its_test_data(game: str) -> None:
    missing = [name for name in DATA_FILES if not (DATA / game / name).is_file()]
    assert not missing, f"tests/data/{game}/ lacks {', '.join(missing)}"


@pytest.mark.parametrize("game", ludorum.games())
def test_every_game_has_its_files(game: str) -> None:
    files = [
        f"tests/test_{game}_rules.py",
        f"docs/rules/{game}.md",
        f"python/ludorum/reference/{game}.py",
        f"python/ludorum/render/{game}.py",
    ]
    missing = [path for path in files if not (ROOT / path).is_file()]
    assert not missing, f"{game} lacks {', '.join(missing)}"


@pytest.mark.parametrize("game", ludorum.games())
def test_class_name_is_the_same_in_both_backends(backend: str, game: str) -> None:
    info = ludorum.game_info(game)
    assert info.name == game
    assert ludorum.game_class(game, backend).__name__ == info.class_name
