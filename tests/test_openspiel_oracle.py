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


# -- games that share OpenSpiel's action ids ---------------------------------------------------


def same_action_ids(name: str) -> bool:
    """Whether the game's OpenSpiel namesake (its facts' ``openspiel``) numbers the same moves
    the same way, so that its legal actions can be compared id for id: the same action space
    and the same legal actions at the start. Chinese Checkers' OpenSpiel game plays hops one by
    one (compared above, turn by turn)."""
    info = ludorum.game_info(name)
    if info.openspiel is None:
        return False
    game = pyspiel.load_game(info.openspiel)
    state = ludorum.new(name)
    return bool(
        game.num_distinct_actions() == state.num_actions
        and game.new_initial_state().legal_actions() == state.legal_actions().tolist()
    )


SAME_IDS = [name for name in ludorum.games() if same_action_ids(name)]


@pytest.mark.parametrize("name", SAME_IDS)
@pytest.mark.parametrize("backend", ludorum.BACKENDS)
def test_random_games_follow_openspiel_move_for_move(name: str, backend: str) -> None:
    """Along random games, the legal actions, the end and the returns are OpenSpiel's."""
    game = pyspiel.load_game(ludorum.game_info(name).openspiel)
    rng = ludorum.SplitMix64(17)
    for _ in range(40):
        theirs, ours = game.new_initial_state(), ludorum.new(name, backend=backend)
        while not theirs.is_terminal():
            assert ours.legal_actions().tolist() == theirs.legal_actions()
            assert ours.current_player == theirs.current_player()
            actions = theirs.legal_actions()
            action = actions[rng.below(len(actions))]
            theirs.apply_action(action)
            ours.apply_action(action)
        assert ours.is_over() and ours.returns() == theirs.returns()


def test_the_calibration_games_share_openspiel_s_ids() -> None:
    # Both are written to OpenSpiel's ids (their rules pages): the test above must cover them
    # once they are listed, and must not silently cover nothing.
    listed = {"tic_tac_toe", "connect_four"} & set(ludorum.games())
    assert listed <= set(SAME_IDS)
    assert "chinese_checkers" not in SAME_IDS
