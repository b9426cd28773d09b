"""The contract facts of domination (`tests/test_contract.py`), loaded by `tests/games.py`."""

from __future__ import annotations

from games import GameSpec

SPEC = GameSpec(
    name="domination",
    class_name="Domination",
    normalised=[
        (
            {"players": 3, "movement": "exact"},
            {"players": 3, "movement": "exact", "first_player": None, "seed": 0, "max_plies": None},
        ),
        (
            {"first_player": 1, "seed": 2**64 - 1},
            {
                "players": 2,
                "movement": "up_to",
                "first_player": 1,
                "seed": 2**64 - 1,
                "max_plies": None,
            },
        ),
    ],
    opening=["b2-c2:1", "c3-c2:1", "d3-d4:1"],
    malformed=[
        "c4-d5:1",
        "c4-c6:0",
        "c4-c6:6",
        "a1-a2:1",
        "c4-c6",
        "c4-c4:1",
        "e5",
        "",
        "+a1",
        "*i9",
        "C4-C6:1",
        " +e5",
        "pass",
    ],
    illegal=["c3-c4:1", "+e5", "*e5", "b2-b4:1", "b2-b3:2", "d1-d2:1"],
    bad_options=[
        ({"players": 5}, "players must be one of 2, 3, 4, got 5"),
        ({"players": True}, "players must be one of"),
        ({"movement": "fast"}, "'up_to', 'exact'"),
        ({"first_player": 2}, "first_player"),
        ({"first_player": -1}, "first_player"),
        ({"first_player": True}, "first_player"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"seed": "x"}, "seed"),
        ({"max_plies": 0}, "max_plies"),
        ({"size": 9}, "unknown option 'size'.*players, movement, first_player, seed, max_plies"),
    ],
    num_actions=13624,
    observation_shape=lambda o: (7 * o.get("players", 2) + 1, 52),
    rich_options={"players": 3, "movement": "exact", "seed": 5, "max_plies": 60},
    short_options={"max_plies": 30},
    more_options=[{"players": 3, "max_plies": 80}],
    strength=(10, {}),
)
