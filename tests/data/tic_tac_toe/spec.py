"""The contract facts of tic_tac_toe (`tests/test_contract.py`), loaded by `tests/games.py`."""

from __future__ import annotations

from games import GameSpec

SPEC = GameSpec(
    name="tic_tac_toe",
    class_name="TicTacToe",
    normalised=[({}, {})],
    opening=["b2", "a3", "c1"],
    malformed=["d1", "a4", "a0", "A1", "b 2", " b2", "b2 ", "", "22", "b2-b3", "pass"],
    # every cell is free at the start: no well-formed move is illegal there
    illegal=[],
    bad_options=[
        ({"players": 2}, "unknown option 'players'; tic_tac_toe has no options"),
        ({"seed": 1}, "tic_tac_toe has no options"),
    ],
    num_actions=9,
    observation_shape=lambda o: (3, 3, 3),
    to_move_plane=2,
    # the second player can win at most 93.9% of games against random play, with perfect play
    # (solved exhaustively: the expected wins of the best reply to uniformly random moves)
    strength_floor=0.85,
)
