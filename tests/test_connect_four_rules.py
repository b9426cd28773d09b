"""Every worked example and rule of the Connect Four rules page (``docs/rules/connect_four.md``).

Cell names, lines, Zobrist keys and counts here are computed from the page's own text, not taken
from either backend. The tests get their states from the fixture ``state_factory``: the game's
class in each backend.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import numpy as np
import pytest

import ludorum
from ludorum import SplitMix64

GAME = "connect_four"


@pytest.fixture(params=ludorum.BACKENDS)
def state_factory(request: pytest.FixtureRequest) -> Any:
    """The state class under test, in each backend."""
    return ludorum.game_class(GAME, request.param)


@pytest.fixture
def make(state_factory: Any) -> Callable[..., Any]:
    """``make("4453")``: a new game with these moves (one digit each) played."""

    def make(moves: str = "") -> Any:
        state = state_factory()
        for move in moves:
            state.play(move)
        return state

    return make


# -- the page's geometry ------------------------------------------------------------------------


def index_of(column: int, row: int) -> int:
    """``7 * (row - 1) + (column - 1)``, column and row from 1 (the page's formula)."""
    return 7 * (row - 1) + (column - 1)


NAME = {index_of(c, r): f"{'abcdefg'[c - 1]}{r}" for c in range(1, 8) for r in range(1, 7)}
INDEX = {name: i for i, name in NAME.items()}

SEED = 0x434F_4E4E_4543_5434  # "CONNECT4"


def table() -> list[int]:
    rng = SplitMix64(SEED)
    return [rng.next_u64() for _ in range(86)]


TABLE = table()


def page_key(board: tuple[int | None, ...], turn: int) -> int:
    """The key as the page defines it: disc keys (player outer, cell inner), then turn keys."""
    key = TABLE[84 + turn]
    for cell, owner in enumerate(board):
        if owner is not None:
            key ^= TABLE[42 * owner + cell]
    return key


def moves_of(state: Any) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def test_cells_are_named_and_indexed_as_the_page_says() -> None:
    assert (INDEX["a1"], INDEX["g1"], INDEX["a2"], INDEX["d1"], INDEX["g6"]) == (0, 6, 7, 3, 41)
    assert len(NAME) == 42


def test_the_start(make: Callable[..., Any]) -> None:
    state = make()
    assert state.game == GAME
    assert state.num_players == 2 and state.num_actions == 7
    assert state.options == {}
    assert state.current_player == 0 and state.ply == 0
    assert state.outcome() is None and not state.is_over()
    assert state.returns() == [0.0, 0.0]
    assert moves_of(state) == ["1", "2", "3", "4", "5", "6", "7"]
    assert state.legal_actions().tolist() == list(range(7))
    assert state.board() == (None,) * 42
    for column in range(1, 8):
        move = state.parse_move(str(column))
        assert move.action == column - 1 and state.move_from_action(column - 1) == move


def test_any_option_is_refused(state_factory: Any) -> None:
    for options in ({"players": 2}, {"seed": 0}, {"max_plies": None}):
        with pytest.raises(ludorum.InvalidOptionError) as info:
            state_factory(**options)
        assert isinstance(info.value, ValueError)
        assert "unknown option" in str(info.value)


def test_an_option_is_refused_in_the_pages_words(state_factory: Any) -> None:
    with pytest.raises(ludorum.InvalidOptionError) as info:
        state_factory(players=2)
    assert str(info.value) == "unknown option 'players'; connect_four has no options"


def test_a_disc_lands_on_the_lowest_empty_cell(make: Callable[..., Any]) -> None:
    state = make("4453")  # the page's example: 4, 4, 5, 3
    board = state.board()
    assert board[INDEX["d1"]] == 0 and board[INDEX["d2"]] == 1
    assert board[INDEX["e1"]] == 0 and board[INDEX["c1"]] == 1
    assert sum(owner is not None for owner in board) == 4
    assert state.current_player == 0 and state.ply == 4
    state.play("4")
    assert state.board()[INDEX["d3"]] == 0


def test_players_alternate_red_first(make: Callable[..., Any]) -> None:
    state = make()
    for ply in range(12):
        assert state.current_player == ply % 2
        state.play(str(1 + ply % 7))


def test_a_full_column_is_illegal(make: Callable[..., Any]) -> None:
    state = make("444444")
    assert [state.board()[index_of(4, r)] for r in range(1, 7)] == [0, 1, 0, 1, 0, 1]
    assert moves_of(state) == ["1", "2", "3", "5", "6", "7"]
    assert state.legal_actions().tolist() == [0, 1, 2, 4, 5, 6]
    assert state.action_mask().tolist() == [True, True, True, False, True, True, True]
    before = state.to_json()
    with pytest.raises(ludorum.IllegalMoveError) as info:
        state.play("4")
    assert str(info.value).startswith("illegal move '4': ")
    with pytest.raises(ludorum.IllegalMoveError):
        state.apply_action(3)
    assert state.to_json() == before
    assert state.perft(1) == 6


# Wins: (moves, winner, the cells of the line). Each was checked by hand against the page.
WINS = {
    "horizontal": ("1121314", 0, ["a1", "b1", "c1", "d1"]),
    "horizontal, completed inside": ("1122443", 0, ["a1", "b1", "c1", "d1"]),
    "vertical": ("1213141", 0, ["a1", "a2", "a3", "a4"]),
    "rising diagonal": ("12234334464", 0, ["a1", "b2", "c3", "d4"]),
    "falling diagonal": ("76654554424", 0, ["g1", "f2", "e3", "d4"]),
    "vertical, second player": ("71213171", 1, ["a1", "a2", "a3", "a4"]),
    "five in a row": ("112244553", 0, ["a1", "b1", "c1", "d1", "e1"]),
}


@pytest.mark.parametrize("name", list(WINS))
def test_four_or_more_in_a_line_wins(make: Callable[..., Any], name: str) -> None:
    moves, winner, cells = WINS[name]
    state = make(moves[:-1])
    assert state.outcome() is None
    state.play(moves[-1])
    assert state.outcome() == ludorum.Outcome((winner,), "four in a row")
    assert all(state.board()[INDEX[c]] == winner for c in cells)
    assert state.current_player is None and state.legal_moves() == []
    assert state.returns() == ([1.0, -1.0] if winner == 0 else [-1.0, 1.0])


def test_three_in_a_row_does_not_win(make: Callable[..., Any]) -> None:
    state = make("11223")  # red on a1, b1, c1; yellow on a2, b2
    assert state.outcome() is None
    state = make("1213141"[:-1] + "5")  # red a1..a3 and e1, yellow b1, c1, d1
    assert state.outcome() is None


# Found by a search of its own and checked by the page's rules alone: no four before the 42nd
# disc; then a draw, or a four made by the disc that fills the board (yellow's 21st).
FULL_DRAW = "257771314744647214154617633623313656555222"
FULL_WIN = "555753451726256216311116243424462433737776"


def test_a_full_board_without_four_is_a_draw(make: Callable[..., Any]) -> None:
    state = make(FULL_DRAW[:-1])
    assert state.outcome() is None and moves_of(state) == [FULL_DRAW[-1]]
    state.play(FULL_DRAW[-1])
    assert state.outcome() == ludorum.Outcome((), "board full")
    assert state.returns() == [0.0, 0.0] and None not in state.board()


def test_four_on_the_last_cell_wins_not_draws(make: Callable[..., Any]) -> None:
    state = make(FULL_WIN[:-1])
    assert state.outcome() is None
    state.play(FULL_WIN[-1])
    assert None not in state.board()
    assert state.outcome() == ludorum.Outcome((1,), "four in a row")
    assert state.returns() == [-1.0, 1.0]


# -- notation and errors ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["0", "8", "d", "d1", " 4", "4 ", "", "44", "+4", "9", "four"])
def test_text_that_names_no_column_is_invalid(make: Callable[..., Any], text: str) -> None:
    state = make("4")
    before = state.to_json()
    with pytest.raises(ludorum.InvalidMoveError) as info:
        state.parse_move(text)
    assert str(info.value).startswith(f"invalid move '{text}'")
    with pytest.raises(ludorum.InvalidMoveError):
        state.play(text)
    assert state.to_json() == before


def test_no_move_once_the_game_is_over(make: Callable[..., Any]) -> None:
    state = make("1213141")
    with pytest.raises(ludorum.IllegalMoveError) as info:
        state.play("5")
    assert str(info.value) == "illegal move '5': the game is over"
    with pytest.raises(ludorum.IllegalMoveError):
        state.apply_action(4)


def test_action_ids(make: Callable[..., Any]) -> None:
    state = make()
    for action in (-1, 7, 42):
        with pytest.raises(ludorum.InvalidMoveError):
            state.apply_action(action)
    with pytest.raises(ludorum.InvalidMoveError):
        state.move_from_action(7)
    state.apply_action(3)
    assert str(state.history()[0]) == "4" and state.history()[0].action == 3


def test_undo(make: Callable[..., Any]) -> None:
    state = make("121314")
    before = state.to_json()
    key = state.key
    state.play("1")
    assert state.is_over()
    assert str(state.undo()) == "1"
    assert state.to_json() == before and state.key == key and state.current_player == 0
    while state.ply:
        state.undo()
    assert state.to_json() == make().to_json()
    with pytest.raises(IndexError):
        state.undo()


# -- observation ------------------------------------------------------------------------------


def test_observation_planes(make: Callable[..., Any]) -> None:
    state = make("445")  # red on d1 and e1, yellow on d2; yellow to move
    for player in (0, 1):
        obs = state.observation(player)
        assert obs.shape == (3, 6, 7) and obs.dtype == np.float32
        flat = [obs[k].reshape(42) for k in range(3)]
        for i, owner in enumerate(state.board()):
            assert flat[0][i] == (1.0 if owner == player else 0.0)
            assert flat[1][i] == (1.0 if owner == 1 - player else 0.0)
        assert (obs[2] == (1.0 if player == 1 else 0.0)).all()
    # [plane, row - 1, column - 1]: the bottom row first.
    assert state.observation(0)[0, 0, 3] == 1.0 and state.observation(0)[1, 1, 3] == 1.0
    assert state.observation(1)[0, 1, 3] == 1.0 and state.observation(1)[1, 0, 4] == 1.0


def test_observation_once_over(make: Callable[..., Any]) -> None:
    state = make("1213141")
    for player in (0, 1):
        assert (state.observation(player)[2] == 0.0).all()
    with pytest.raises(ValueError):
        state.observation(2)


# -- keys -------------------------------------------------------------------------------------


def test_start_key_is_the_85th_number_drawn(make: Callable[..., Any]) -> None:
    rng = SplitMix64(SEED)
    drawn = [rng.next_u64() for _ in range(85)]
    assert make().key == drawn[84] == page_key((None,) * 42, 0)


def test_keys_follow_the_page(make: Callable[..., Any]) -> None:
    state = make("445")
    board: list[int | None] = [None] * 42
    board[INDEX["d1"]], board[INDEX["d2"]], board[INDEX["e1"]] = 0, 1, 0
    assert state.key == page_key(tuple(board), 1) == state.key_from_scratch()


def test_the_turn_still_passes_after_the_last_move(make: Callable[..., Any]) -> None:
    won = make("1213141")  # red wins: the key has yellow's turn key
    assert won.current_player is None
    assert won.key == page_key(won.board(), 1) == won.key_from_scratch()
    full = make(FULL_DRAW)  # yellow drops the 42nd disc
    assert full.key == page_key(full.board(), 0) == full.key_from_scratch()


def test_keys_incremental_equal_from_scratch_along_random_games(state_factory: Any) -> None:
    rng = SplitMix64(11)
    for _ in range(25):
        state = state_factory()
        keys = [state.key]
        while not state.is_over():
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
            assert state.key == state.key_from_scratch()
            assert state.key == page_key(state.board(), state.ply % 2)
            keys.append(state.key)
        assert state.ply <= 42
        while state.ply:
            keys.pop()
            state.undo()
            assert state.key == keys[-1] == state.key_from_scratch()


# -- JSON -------------------------------------------------------------------------------------


def test_json_fields_as_the_page_writes_them(make: Callable[..., Any]) -> None:
    data = make("445").to_json()
    board = ["."] * 42
    board[INDEX["d1"]], board[INDEX["d2"]], board[INDEX["e1"]] = "0", "1", "0"
    assert list(data) == [
        "game",
        "version",
        "options",
        "moves",
        "board",
        "current_player",
        "outcome",
    ]
    assert data == {
        "game": "connect_four",
        "version": 1,
        "options": {},
        "moves": ["4", "4", "5"],
        "board": "".join(board),
        "current_player": 1,
        "outcome": None,
    }
    assert make("445").to_json(viewer=0) == data
    won = make("1213141").to_json()
    assert won["outcome"] == {"winners": [0], "reason": "four in a row"}
    assert won["current_player"] is None
    drawn = make(FULL_DRAW).to_json()
    assert drawn["outcome"] == {"winners": [], "reason": "board full"}


@pytest.mark.parametrize("moves", ["", "4453", "1213141", FULL_DRAW, FULL_WIN])
def test_json_round_trip(make: Callable[..., Any], state_factory: Any, moves: str) -> None:
    state = make(moves)
    data = state.to_json()
    again = state_factory.from_json(data)
    assert again == state and again.key == state.key and again.to_json() == data
    assert state_factory.from_json(json.dumps(data)) == state


_DROP = object()


def _broken(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``data`` with keys replaced, added, or dropped (``_DROP``)."""
    out = dict(data)
    for key, value in changes.items():
        if value is _DROP:
            del out[key]
        else:
            out[key] = value
    return out


@pytest.mark.parametrize(
    "changes",
    [
        {"board": _DROP},
        {"current_player": _DROP},
        {"extra": 1},
        {"board": "." * 42},
        {"board": "." * 41},
        {"board": 0},
        {"current_player": 0},
        {"current_player": True},
        {"outcome": {"winners": [], "reason": "board full"}},
        {"moves": ["4", "4", "4", "4", "4", "4", "4"]},
        {"moves": ["4", "8"]},
        {"moves": [4, 4, 5]},
        {"options": {"players": 2}},
        {"game": "tic_tac_toe"},
        {"version": 0},
    ],
)
def test_from_json_refuses_what_the_page_refuses(
    make: Callable[..., Any], state_factory: Any, changes: dict[str, Any]
) -> None:
    data = make("445").to_json()
    with pytest.raises(ludorum.InvalidStateError):
        state_factory.from_json(_broken(data, **changes))


# -- perft ------------------------------------------------------------------------------------

PERFT = [1, 7, 49, 343, 2_401, 16_807, 117_649, 823_536]


@pytest.mark.parametrize("depth", range(7))
def test_perft(make: Callable[..., Any], depth: int) -> None:
    assert make().perft(depth) == PERFT[depth]


@pytest.mark.slow
def test_perft_7(make: Callable[..., Any]) -> None:
    """No game ends before ply 7; at ply 7 the 7 sequences that filled one column with the
    first six discs have 6 moves, not 7."""
    assert make().perft(7) == PERFT[7] == 7**7 - 7


def test_perft_after_a_full_column(make: Callable[..., Any]) -> None:
    assert make("444444").perft(1) == 6 and make("444444").perft(2) == 36
    assert make("121314").perft(1) == 7 and make("1213141").perft(1) == 0


# -- solved positions -------------------------------------------------------------------------

# Published solved positions (Pascal Pons' "Test_L3_R1" end-game benchmark set): a move string
# and its exact score for the player to move: 0 for a draw, 22 - k when the player to move wins
# with its k-th disc, minus that when the other player does.
SOLVED = [
    ("2252576253462244111563365343671351441", -1),
    ("7422341735647741166133573473242566", 1),
    ("23163416124767223154467471272416755633", 0),
    ("71255763773133525731261364622167124446454", 0),
    ("65214673556155731566316327373221417", -1),
    ("233377345754465174223731671122611552", 1),
    ("6763525635134453444361412671365712", -1),
    ("211376455663355325112113664364524722", 0),
    ("3146762114467714356347741621375222", -1),
    ("3642756176227637211322113551637574556", 2),
    ("22647455554314246733661634615122372377511", 0),
    ("7172212567451542223676134464437761515", 0),
    ("641154574541323641152467137655232232366", 0),
    ("2762751722231276466633475674533", 5),
    ("427566236745127177115664464254", 2),
    ("67152117737262713366376314254", 6),
]


def solve(state: Any, memo: dict[int, int]) -> int:
    """The exact score of ``state`` for the player to move, by a search of the whole tree
    below it (positions remembered by key)."""
    known = memo.get(state.key)
    if known is not None:
        return known
    best = -100
    for move in state.legal_moves():
        state.play(move)
        outcome = state.outcome()
        if outcome is None:
            value = -solve(state, memo)
        elif outcome.winners:
            value = 22 - (state.ply + 1) // 2  # the mover's discs: ceil(ply / 2)
        else:
            value = 0
        state.undo()
        best = max(best, value)
    memo[state.key] = best
    return best


@pytest.mark.parametrize("moves,score", SOLVED, ids=[m for m, _ in SOLVED])
def test_published_solved_positions(make: Callable[..., Any], moves: str, score: int) -> None:
    state = make(moves)
    assert state.outcome() is None
    assert solve(state, {}) == score


# -- rendering --------------------------------------------------------------------------------


def test_ascii_board(make: Callable[..., Any]) -> None:
    lines = make("4453").render().splitlines()
    assert lines[0].startswith("6") and lines[5].startswith("1")
    assert lines[5].split()[1:] == [".", ".", "O", "X", "X", ".", "."]
    assert lines[4].split()[1:] == [".", ".", ".", "O", ".", ".", "."]
    assert lines[6].split() == ["1", "2", "3", "4", "5", "6", "7"]
    assert lines[-1] == "to move: 0"
    assert make("1213141").render().splitlines()[-1] == "winner: 0 (four in a row)"
    assert make(FULL_DRAW).render().splitlines()[-1] == "draw (board full)"


def test_svg_board(make: Callable[..., Any]) -> None:
    svg = make("1213141").svg(size=350)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="350"')
    assert "winner: 0 (four in a row)" in svg and "last 1" in svg
    assert all(f'data-move="{c}"' in svg for c in range(1, 8))
    assert "#D62839" in svg and "#F6C324" in svg  # red and yellow discs
