"""The contract facts of armadora (`tests/test_contract.py`), loaded by `tests/games.py`."""

from __future__ import annotations

from games import GameSpec

SPEC = GameSpec(
    name="armadora",
    class_name="Armadora",
    normalised=[
        ({}, {"players": 2, "seed": 0, "first_player": None, "gold": None}),
        (
            {"players": 3, "gold": [7, 6, 6, 5, 5, 4, 4, 3], "first_player": 2},
            {"players": 3, "seed": 0, "first_player": 2, "gold": [7, 6, 6, 5, 5, 4, 4, 3]},
        ),
    ],
    opening=["3@c3", "c2-d2 e4-e5", "pass"],
    malformed=[
        "6@c3",
        "0@c3",
        "3@i1",
        "3@c6",
        "c2-e2",
        "d2-c2",
        "e4-e5 c2-d2",
        "c2-d2 c2-d2",
        "a1-a1",
        "",
        "PASS",
        "?@c3",
        "3@C3",
        "c2-d2  e4-e5",
    ],
    illegal=["3@d1", "a1-b1 a1-a2"],
    bad_options=[
        ({"players": 5}, "players must be one of 2, 3, 4, got 5"),
        ({"players": True}, "players"),
        ({"seed": -1}, "seed"),
        ({"first_player": 2}, "first_player"),
        ({"gold": [1, 2, 3, 4, 5, 6, 7, 8]}, "gold"),
        ({"gold": [3, 4, 4, 5, 5, 6, 6]}, "gold"),
        ({"gold": "x"}, "gold"),
        (
            {"size": 9},
            "unknown option 'size' for armadora; allowed: players, seed, first_player, gold",
        ),
    ],
    num_actions=2479,
    observation_shape=lambda o: (3 * o.get("players", 2) + 11, 40),
    rich_options={"players": 3, "seed": 4},
    hidden_information=True,
    short_options={"players": 3},
    more_options=[{"players": 2}, {"players": 4, "rules": "advanced", "partners": True}],
    strength=(10, {}),
)
