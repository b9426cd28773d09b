"""Per-game facts the generic contract tests (`test_contract.py`) need: options with their
normalised form, a legal opening, malformed and illegal moves, bad options, shapes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameSpec:
    name: str
    class_name: str
    #: options -> every option after defaults
    normalised: list[tuple[dict[str, Any], dict[str, Any]]]
    #: legal moves from the start with default options, in order
    opening: list[str]
    #: text that names no move: InvalidMoveError
    malformed: list[str]
    #: well-formed moves that are illegal at the start with default options: IllegalMoveError
    illegal: list[str]
    #: options -> part of the error message
    bad_options: list[tuple[dict[str, Any], str]]
    #: for the default options, or a function of the options
    num_actions: int | Callable[[dict[str, Any]], int]
    #: options -> observation shape
    observation_shape: Any
    #: options for a longer game whose JSON round trip is tested
    rich_options: dict[str, Any] = field(default_factory=dict)
    #: the observation plane (or entry, for flat observations) that is all 1.0 when the viewer
    #: is to move; a function of the options when it depends on them
    to_move_plane: int | Callable[[dict[str, Any]], int] = -1
    #: whether a viewer may see less than the full state
    hidden_information: bool = False


CHINESE_CHECKERS = GameSpec(
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
)

DOMINATION = GameSpec(
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
)

DOMINIONS = GameSpec(
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
)

ARMADORA = GameSpec(
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
)


def _sls_sizes(options: dict[str, Any]) -> tuple[int, int]:
    """Players and chips in the game (N = players * chips) of So Long Sucker options."""
    players = options.get("players", 4)
    chips = options.get("chips") or {5: 6, 6: 5}.get(players, 7)
    return players, players * chips


def _sls_num_actions(options: dict[str, Any]) -> int:
    p, n = _sls_sizes(options)
    return p * (n + 1) + p * p + 4 * p + 1


def _sls_observation_length(options: dict[str, Any]) -> int:
    p, n = _sls_sizes(options)
    return n * (p + 2) + p * p + 5 * p + 5


def _sls_decider_entry(options: dict[str, Any]) -> int:
    """The viewer's entry of the one-hot decider section (after table, hands, dead, alive,
    situation)."""
    p, n = _sls_sizes(options)
    return n * (p + 1) + p * p + 2 * p + 4


SO_LONG_SUCKER = GameSpec(
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
    num_actions=_sls_num_actions,
    observation_shape=lambda o: (_sls_observation_length(o),),
    rich_options={"players": 3, "chips": 3, "free_actions": 2, "dead_capture": "giver"},
    to_move_plane=_sls_decider_entry,
)

SPECS = [CHINESE_CHECKERS, DOMINATION, DOMINIONS, ARMADORA, SO_LONG_SUCKER]
