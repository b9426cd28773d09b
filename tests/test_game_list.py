"""The one list of games (`ludorum.games()`, declared in the Rust engine) is complete: every game on
it has what `docs/adding-a-game.md` says a game has (its rules page, engine folder, bindings,
reference twin, renderer, rules tests and test data), its line in the list and its row in the
README, and the same class in both backends. The doc's table is read here, so the doc and the
test cannot drift apart; adding a game to the list without its files fails here, not silently
elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ludorum

ROOT = Path(__file__).parent.parent

#: docs/adding-a-game.md, which says what a new game touches
DOC = (ROOT / "docs/adding-a-game.md").read_text()


def doc_table() -> list[tuple[str, str]]:
    """The rows ``(where, what)`` of the doc's table of what a new game touches."""
    table = DOC.split("| where | what |", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in table.strip().splitlines()[1:]:
        where, what = (cell.strip() for cell in line.strip().strip("|").split("|", 1))
        rows.append((where.strip("`"), what))
    return rows


def own_files(game: str) -> list[str]:
    """Every file the doc's table says a game has of its own (``<name>`` rows), by path."""
    out = []
    for where, what in doc_table():
        if "<name>" not in where:
            continue
        path = where.replace("<name>", game)
        if path.endswith("/"):
            out += [path + name for name in re.findall(r"`([\w.]+\.\w+)`", what)]
        else:
            out.append(path)
    return out


def test_the_doc_table_lists_the_game_s_own_files_and_the_list() -> None:
    rows = dict(doc_table())
    assert "rust/ludorum/src/games/<name>/" in rows and "tests/data/<name>/" in rows
    assert "one line" in rows["rust/ludorum/src/games/mod.rs"]
    assert "one row" in rows["README.md"]
    # the test can fail: a path the table names is checked file by file
    assert "tests/data/chess/spec.py" in own_files("chess")
    assert "rust/ludorum/src/games/chess/eval.rs" in own_files("chess")


def test_the_list_is_sorted_and_not_empty() -> None:
    games = ludorum.games()
    assert games and list(games) == sorted(set(games))


@pytest.mark.parametrize("game", ludorum.games())
def test_every_game_has_the_files_the_doc_names(game: str) -> None:
    missing = [path for path in own_files(game) if not (ROOT / path).is_file()]
    assert not missing, f"{game} lacks {', '.join(missing)} (docs/adding-a-game.md)"


@pytest.mark.parametrize("game", ludorum.games())
def test_the_list_and_the_readme_name_every_game(game: str) -> None:
    info = ludorum.game_info(game)
    listed = (ROOT / "rust/ludorum/src/games/mod.rs").read_text()
    assert re.search(rf"^\s+{game} {info.class_name},$", listed, re.M), "one line in the list"
    readme = (ROOT / "README.md").read_text()
    assert re.search(rf"^\| .*\(`{game}`\) \|", readme, re.M), "one row in the README"


@pytest.mark.parametrize("game", ludorum.games())
def test_class_name_is_the_same_in_both_backends(backend: str, game: str) -> None:
    info = ludorum.game_info(game)
    assert info.name == game
    assert ludorum.game_class(game, backend).__name__ == info.class_name
