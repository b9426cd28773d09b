"""The contract facts of so_long_sucker (`tests/test_contract.py`), loaded by `tests/games.py`."""

from __future__ import annotations

from typing import Any

from games import GameSpec


def _sizes(options: dict[str, Any]) -> tuple[int, int]:
    """Players and chips in the game (N = players * chips) of So Long Sucker options."""
    players = options.get("players", 4)
    chips = options.get("chips") or {5: 6, 6: 5}.get(players, 7)
    return players, players * chips


def _num_actions(options: dict[str, Any]) -> int:
    p, n = _sizes(options)
    return p * (n + 1) + p * p + 4 * p + 1


def _observation_length(options: dict[str, Any]) -> int:
    p, n = _sizes(options)
    return n * (p + 2) + p * p + 5 * p + 5


def _decider_entry(options: dict[str, Any]) -> int:
    """The viewer's entry of the one-hot decider section (after table, hands, dead, alive,
    situation)."""
    p, n = _sizes(options)
    return n * (p + 1) + p * p + 2 * p + 4


SPEC = GameSpec(
    name="so_long_sucker",
    class_name="SoLongSucker",
    normalised=[
        (
            {},
            {
                "players": 4,
                "chips": 7,
                "seed": 0,
                "first_player": None,
                "dead_capture": "player",
                "free_actions": 0,
            },
        ),
        (
            {"players": 6, "first_player": 2, "free_actions": 2},
            {
                "players": 6,
                "chips": 5,
                "seed": 0,
                "first_player": 2,
                "dead_capture": "player",
                "free_actions": 2,
            },
        ),
        (
            {"players": 5, "chips": None, "dead_capture": "giver", "seed": 2**64 - 1},
            {
                "players": 5,
                "chips": 6,
                "seed": 2**64 - 1,
                "first_player": None,
                "dead_capture": "giver",
                "free_actions": 0,
            },
        ),
        (
            {"players": 2, "chips": 3},
            {
                "players": 2,
                "chips": 3,
                "seed": 0,
                "first_player": None,
                "dead_capture": "player",
                "free_actions": 0,
            },
        ),
    ],
    # Seed 0 draws yellow (player 3) to start with 4 players.
    opening=["play Y new", "give R", "play R on 1"],
    malformed=[
        "play G on 0",
        "play G on 03",
        "play G on -1",
        "play G on 4294967296",
        "play g new",
        "play G  new",
        "PLAY Y new",
        "play Y on",
        "play Y",
        "give",
        "give O",
        "B:kill G",
        "B: transfer G",
        "B: transfer G to",
        "play O new",
        "Q: kill G",
        "O: kill G",
        "refuse ",
        "",
    ],
    illegal=[
        "play R new",
        "play Y on 5",
        "give R",
        "kill Y",
        "rescue R",
        "refuse",
        "Y: transfer R to B",
        "Y: transfer Y to B",
        "R: kill Y",
    ],
    bad_options=[
        ({"players": 7}, "players must be one of 2, 3, 4, 5, 6, got 7"),
        ({"players": True}, "players"),
        ({"chips": 0}, "chips"),
        ({"chips": 21}, "chips"),
        ({"chips": 2.5}, "chips"),
        ({"dead_capture": "owner"}, "'player', 'giver'"),
        ({"free_actions": -1}, "free_actions"),
        ({"free_actions": 101}, "free_actions"),
        ({"first_player": 4}, "first_player"),
        ({"seed": -1}, "seed"),
        ({"colour": "red"}, "unknown option 'colour'.*players, chips, seed, first_player"),
    ],
    num_actions=_num_actions,
    observation_shape=lambda o: (_observation_length(o),),
    rich_options={"players": 3, "chips": 3, "free_actions": 2, "dead_capture": "giver"},
    to_move_plane=_decider_entry,
    short_options={"players": 3, "chips": 2, "free_actions": 1},
    more_options=[{"players": 4, "free_actions": 2}],
    strength=(10, {}),
)
