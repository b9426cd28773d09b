"""The contract facts of dominions (`tests/test_contract.py`), loaded by `tests/games.py`."""

from __future__ import annotations

from games import GameSpec

SPEC = GameSpec(
    name="dominions",
    class_name="Dominions",
    normalised=[
        ({}, {"komi": 0.0, "max_plies": None}),
        ({"komi": 3, "max_plies": 9}, {"komi": 3.0, "max_plies": 9}),
    ],
    opening=["63@i9", "8@j10", "16@j9"],
    malformed=[
        "0@i9",
        "64@i9",
        "063@i9",
        "63@a10",
        "63@r1",
        "63i9",
        "63@",
        "",
        "PASS",
        " pass",
        "@i9",
        "63@i9 ",
        "1.5@i9",
        "63@I9",
    ],
    illegal=["63@a1", "51@a5", "4@a1"],
    bad_options=[
        ({"komi": True}, "komi must be a finite number"),
        ({"komi": "x"}, "komi must be a finite number"),
        ({"komi": None}, "komi must be a finite number"),
        ({"komi": float("nan")}, "komi|JSON"),
        ({"max_plies": 0}, "max_plies"),
        ({"size": 9}, "unknown option 'size' for dominions; allowed: komi, max_plies"),
    ],
    num_actions=13672,
    observation_shape=lambda o: (18, 217),
    rich_options={"komi": 0.5, "max_plies": 40},
    to_move_plane=14,
    short_options={"max_plies": 12},
    strength=(6, {}),
)
