"""The contract facts of chinese_checkers (`tests/test_contract.py`), loaded by `tests/games.py`."""

from __future__ import annotations

from games import GameSpec

SPEC = GameSpec(
    name="chinese_checkers",
    class_name="ChineseCheckers",
    normalised=[
        (
            {"players": 3},
            {"players": 3, "pieces": 10, "area": "dest", "anti_block": "none", "max_plies": None},
        ),
        (
            {},
            {"players": 2, "pieces": 15, "area": "dest", "anti_block": "none", "max_plies": None},
        ),
    ],
    opening=["e5-f5", "m5-l5", "e6-f6"],
    malformed=["x9-a1", "e5g6", "e5-e5", "", "E5-F5", " e5-f5", "e5-f5 ", "pass!", "e0-f5"],
    illegal=["f1-g1", "m5-l5", "e5-h4", "pass", "a1-b1"],
    bad_options=[
        ({"players": 5}, "players must be one of 2, 3, 4, 6, got 5"),
        ({"players": True}, "players must be one of"),
        ({"players": "2"}, "players must be one of"),
        ({"players": 3, "pieces": 15}, "pieces"),
        ({"pieces": 12}, "pieces"),
        ({"area": "everywhere"}, "'dest', 'strict', 'free'"),
        ({"anti_block": "partial"}, "'none', 'full'"),
        ({"max_plies": 0}, "max_plies"),
        ({"max_plies": -3}, "max_plies"),
        ({"max_plies": 2.5}, "max_plies"),
        ({"colour": "red"}, "unknown option 'colour'.*players, pieces, area, anti_block"),
    ],
    num_actions=14642,
    observation_shape=lambda o: (o.get("players", 2) + 1, 121),
    rich_options={"players": 4, "area": "strict", "max_plies": 50},
    short_options={"pieces": 10, "area": "free", "max_plies": 30},
    more_options=[{"players": 3, "max_plies": 60}],
    # the random player's pieces linger in the searcher's home; with `anti_block` the searcher
    # wins once its home is full, as the published rules' remedy has it
    strength=(10, {}),
)
