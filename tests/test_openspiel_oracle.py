"""OpenSpiel's chinese_checkers as an external oracle for the `free` area mode, 10 pieces.

OpenSpiel plays a hop chain as several actions (one per hop, then an optional pass), so its tree
is walked turn by turn: every way through a turn that ends on the same board is one move, as in
ludorum where a move is identified by its start and end holes.
"""

from __future__ import annotations

from typing import Any

import pytest

import ludorum

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed: `pip install open_spiel` enables the oracle"
)


def turns(state: Any) -> list[Any]:
    """The distinct states after one full turn of the player to move."""
    player, found, stack = state.current_player(), {}, [state]
    while stack:
        node = stack.pop()
        for action in node.legal_actions():
            child = node.clone()
            child.apply_action(action)
            if child.is_terminal() or child.current_player() != player:
                found.setdefault(str(child), child)
            else:
                stack.append(child)
    return list(found.values())


def openspiel_perft(state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    children = turns(state)
    if depth == 1:
        return len(children)
    return sum(openspiel_perft(child, depth - 1) for child in children)


@pytest.mark.parametrize(("players", "depth"), [(2, 4), (3, 3), (4, 3), (6, 3)])
def test_perft_equals_openspiel(players: int, depth: int) -> None:
    game = pyspiel.load_game(f"chinese_checkers(players={players})")
    expected = openspiel_perft(game.new_initial_state(), depth)
    for backend in ludorum.BACKENDS:
        state = ludorum.new(
            "chinese_checkers", backend=backend, players=players, pieces=10, area="free"
        )
        assert ludorum.perft(state, depth) == expected, (backend, players, depth)
