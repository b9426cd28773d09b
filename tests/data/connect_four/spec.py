"""The contract facts of connect_four (`tests/test_contract.py`), loaded by `tests/games.py`."""

from __future__ import annotations

from games import GameSpec

SPEC = GameSpec(
    name="connect_four",
    class_name="ConnectFour",
    normalised=[({}, {})],
    opening=["4", "4", "5"],
    malformed=["0", "8", "d", "d1", " 4", "4 ", "", "44", "-1", "four"],
    # every column is open at the start: no well-formed move is illegal there
    illegal=[],
    bad_options=[
        ({"players": 2}, "unknown option 'players'; connect_four has no options"),
        ({"rows": 7}, "connect_four has no options"),
    ],
    num_actions=7,
    observation_shape=lambda o: (3, 6, 7),
    to_move_plane=2,
)
