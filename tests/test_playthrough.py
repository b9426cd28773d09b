"""Golden playthroughs: every game's `tests/data/<game>/playthrough.txt` (written by
`tests/playthrough.py`) is played again in each backend, and what the backend says at every ply
(legal moves, observation, key, JSON, views, then outcome and returns) must be the file's text,
line for line. A change of behaviour in either backend fails here until the file is written
again (`.venv/bin/python -m tests.playthrough --regenerate <game>`)."""

from __future__ import annotations

import difflib
from typing import Any

import pytest
from playthrough import COMMAND, games_of, path, record

import ludorum

#: lines of the diff shown when a backend departs from the file
SHOWN = 24


@pytest.mark.parametrize("game", ludorum.games())
def test_each_backend_plays_the_playthrough(game: str, backend: str) -> None:
    file = path(game)
    assert file.is_file(), f"{game} has no golden playthrough: write it with `{COMMAND} {game}`"
    expected = file.read_text()
    games = games_of(expected)
    assert games, f"{file} records no game"
    actual = record(game, backend, games)
    if actual == expected:
        return
    diff = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), str(file), backend, n=2, lineterm=""
    )
    shown = [short(line) for line in diff][:SHOWN]
    pytest.fail(
        f"the {backend} backend departs from {file}; {parting(game, games)}:\n" + "\n".join(shown),
        pytrace=False,
    )


def parting(game: str, games: list[tuple[dict[str, Any], int]]) -> str:
    """Where the backends part, every ply in full; or that they agree, so that the file is the
    odd one out (both changed alike, or it was not written again)."""
    texts = [record(game, backend, games, full=True).splitlines() for backend in ludorum.BACKENDS]
    where = ""
    for a, b in zip(*texts):
        if a.startswith(("game ", "ply ", "end ", "cut ")):
            where = a
        if a != b:
            k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            shown = "".join(
                f"\n  {backend}: ...{line[max(0, k - 60) : k + 100]}..."
                for backend, line in zip(ludorum.BACKENDS, (a, b))
            )
            return (
                f"the backends part too, after `{short(where)}`, in `{short(a)[:40]}`, at "
                f"character {k}:{shown}\nThe diff with the file"
            )
    return (
        "the backends agree with each other: if the change is intended, write the file again "
        f"with `{COMMAND} {game}`. The diff with the file"
    )


def short(line: str) -> str:
    return line if len(line) <= 300 else line[:300] + " [...]"
