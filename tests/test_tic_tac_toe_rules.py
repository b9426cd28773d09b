"""Every worked example and rule of the tic-tac-toe rules page (``docs/rules/tic_tac_toe.md``).

Cell names, lines, Zobrist keys and counts here are computed from the page's own text, not taken
from either backend. The tests get their states from the fixture ``state_factory``: the game's
class in each backend.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any, Callable

import numpy as np
import pytest

import ludorum
from ludorum import SplitMix64

GAME = "tic_tac_toe"


@pytest.fixture(params=ludorum.BACKENDS)
def state_factory(request: pytest.FixtureRequest) -> Any:
    """The state class under test, in each backend."""
    return ludorum.game_class(GAME, request.param)


@pytest.fixture
def make(state_factory: Any) -> Callable[..., Any]:
    """``make("b2 a3")``: a new game with these moves played."""

    def make(moves: str = "") -> Any:
        state = state_factory()
        for move in moves.split():
            state.play(move)
        return state

    return make


# -- the page's geometry ------------------------------------------------------------------------

COLUMNS = "abc"


def index_of(column: int, row: int) -> int:
    """``3 * (3 - row) + column``, column ``a`` = 0 (the page's formula)."""
    return 3 * (3 - row) + column


NAMES = {index_of(c, r): f"{COLUMNS[c]}{r}" for c in range(3) for r in (1, 2, 3)}
NAME = [NAMES[i] for i in range(9)]
INDEX = {name: i for i, name in enumerate(NAME)}
ROWS = [[index_of(c, r) for c in range(3)] for r in (1, 2, 3)]
COLUMN_LINES = [[index_of(c, r) for r in (1, 2, 3)] for c in range(3)]
DIAGONALS = [[index_of(k, 1 + k) for k in range(3)], [index_of(k, 3 - k) for k in range(3)]]
LINES = ROWS + COLUMN_LINES + DIAGONALS

SEED = 0x5449_4354_4143_544F  # "TICTACTO"


def table() -> list[int]:
    rng = SplitMix64(SEED)
    return [rng.next_u64() for _ in range(20)]


TABLE = table()


def page_key(board: tuple[int | None, ...], turn: int) -> int:
    """The key as the page defines it: mark keys (player outer, cell inner), then turn keys."""
    key = TABLE[18 + turn]
    for cell, owner in enumerate(board):
        if owner is not None:
            key ^= TABLE[9 * owner + cell]
    return key


def moves_of(state: Any) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def test_cells_are_named_and_indexed_as_the_page_says(make: Callable[..., Any]) -> None:
    assert NAME == ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
    state = make()
    for i, name in enumerate(NAME):
        assert state.parse_move(name).action == i
        assert str(state.move_from_action(i)) == name
    assert INDEX["a3"] == 0 and INDEX["c1"] == 8 and INDEX["b2"] == 4


def test_the_start(make: Callable[..., Any]) -> None:
    state = make()
    assert state.game == GAME
    assert state.num_players == 2 and state.num_actions == 9
    assert state.options == {}
    assert state.current_player == 0 and state.ply == 0
    assert state.outcome() is None and not state.is_over()
    assert state.returns() == [0.0, 0.0]
    assert moves_of(state) == NAME  # every cell, in ascending action id
    assert state.legal_actions().tolist() == list(range(9))
    assert state.action_mask().tolist() == [True] * 9
    assert state.board() == (None,) * 9


def test_any_option_is_refused(state_factory: Any) -> None:
    for options in ({"players": 2}, {"seed": 0}, {"max_plies": None}):
        with pytest.raises(ludorum.InvalidOptionError) as info:
            state_factory(**options)
        assert isinstance(info.value, ValueError)
        assert "unknown option" in str(info.value)


def test_an_option_is_refused_in_the_pages_words(state_factory: Any) -> None:
    with pytest.raises(ludorum.InvalidOptionError) as info:
        state_factory(players=2)
    assert str(info.value) == "unknown option 'players'; tic_tac_toe has no options"


def test_x_moves_first_and_the_players_alternate(make: Callable[..., Any]) -> None:
    state = make()
    for ply, name in enumerate(["b2", "a3", "c3", "a1"]):
        assert state.current_player == ply % 2
        state.play(name)
        assert state.board()[INDEX[name]] == ply % 2
    assert state.current_player == 0 and state.ply == 4
    assert len(state.legal_moves()) == 5 and "b2" not in moves_of(state)


def _x_wins(line: list[int], last: int) -> list[str]:
    """X plays ``line`` with ``last`` (a cell of it) last; O plays two cells off the line."""
    xs = [c for c in line if c != last] + [last]
    os = [c for c in range(9) if c not in line][:2]
    return [NAME[xs[0]], NAME[os[0]], NAME[xs[1]], NAME[os[1]], NAME[xs[2]]]


def _o_wins(line: list[int], last: int) -> list[str]:
    """O plays ``line`` with ``last`` last; X plays three cells off the line, not in a line."""
    off = [c for c in range(9) if c not in line]
    xs = next(t for t in itertools.combinations(off, 3) if set(t) not in map(set, LINES))
    os = [c for c in line if c != last] + [last]
    return [NAME[c] for pair in zip(xs, os) for c in pair]


@pytest.mark.parametrize("line", LINES, ids=lambda line: "-".join(NAME[c] for c in line))
def test_each_line_wins_whichever_cell_completes_it(
    make: Callable[..., Any], line: list[int]
) -> None:
    """Rows, columns and both diagonals, for each player, completed at each of their cells."""
    for last in line:
        for winner, moves in ((0, _x_wins(line, last)), (1, _o_wins(line, last))):
            state = make(" ".join(moves[:-1]))
            assert state.outcome() is None
            state.play(moves[-1])
            assert state.outcome() == ludorum.Outcome((winner,), "three in a row")
            assert state.current_player is None and state.is_over()
            assert state.legal_moves() == [] and state.legal_actions().tolist() == []
            assert state.returns() == ([1.0, -1.0] if winner == 0 else [-1.0, 1.0])


def test_the_page_lists_eight_lines() -> None:
    assert len(LINES) == 8 and len({frozenset(line) for line in LINES}) == 8
    assert sorted(sorted(d) for d in DIAGONALS) == [[0, 4, 8], [2, 4, 6]]


def test_full_board_without_a_line_is_a_draw(make: Callable[..., Any]) -> None:
    state = make("b2 a3 c3 a1 a2 c2 b3 b1 c1")
    outcome = state.outcome()
    assert outcome == ludorum.Outcome((), "board full") and outcome.is_draw
    assert state.returns() == [0.0, 0.0]
    assert state.current_player is None and state.legal_moves() == []
    assert None not in state.board()


def test_a_line_on_the_ninth_cell_wins_not_draws(make: Callable[..., Any]) -> None:
    """The first check comes first: the move that fills the board and completes a line wins."""
    state = make("a3 b3 c3 a2 b2 c2 b1 a1")
    assert state.outcome() is None and state.board().count(None) == 1
    state.play("c1")  # a3-b2-c1
    assert None not in state.board()
    assert state.outcome() == ludorum.Outcome((0,), "three in a row")
    assert state.returns() == [1.0, -1.0]


# -- notation and errors ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["d1", "a4", "A1", "b 2", "b2 ", "", "a0", "b22", "2b", "pass"])
def test_text_that_names_no_cell_is_invalid(make: Callable[..., Any], text: str) -> None:
    state = make("b2")
    before = state.to_json()
    with pytest.raises(ludorum.InvalidMoveError) as info:
        state.parse_move(text)
    assert str(info.value).startswith(f"invalid move '{text}'")
    with pytest.raises(ludorum.InvalidMoveError):
        state.play(text)
    assert state.to_json() == before


def test_a_marked_cell_is_illegal(make: Callable[..., Any]) -> None:
    state = make("b2 a3")
    before = state.to_json()
    for name in ("b2", "a3"):
        with pytest.raises(ludorum.IllegalMoveError) as info:
            state.play(name)
        assert str(info.value).startswith(f"illegal move '{name}': ")
        with pytest.raises(ludorum.IllegalMoveError):
            state.apply_action(INDEX[name])
    assert state.to_json() == before


def test_no_move_once_the_game_is_over(make: Callable[..., Any]) -> None:
    state = make("a1 a2 b1 b2 c1")
    assert state.outcome() == ludorum.Outcome((0,), "three in a row")
    with pytest.raises(ludorum.IllegalMoveError) as info:
        state.play("c3")
    assert str(info.value) == "illegal move 'c3': the game is over"
    with pytest.raises(ludorum.IllegalMoveError):
        state.apply_action(2)


def test_action_ids(make: Callable[..., Any]) -> None:
    state = make()
    for action in (-1, 9, 100):
        with pytest.raises(ludorum.InvalidMoveError):
            state.apply_action(action)
    with pytest.raises(ludorum.InvalidMoveError):
        state.move_from_action(9)
    state.apply_action(4)
    assert state.history() == [state.parse_move("b2")] and state.history()[0].action == 4
    with pytest.raises(ludorum.IllegalMoveError):
        state.apply_action(4)


def test_undo(make: Callable[..., Any]) -> None:
    state = make("a1 a2 b1 b2")
    start = make("a1 a2 b1 b2").to_json()
    key = state.key
    state.play("c1")
    assert state.is_over()
    assert str(state.undo()) == "c1"
    assert state.to_json() == start and state.key == key and state.current_player == 0
    while state.ply:
        state.undo()
    assert state.to_json() == make().to_json()
    with pytest.raises(IndexError):
        state.undo()


# -- observation ------------------------------------------------------------------------------


def test_observation_planes(make: Callable[..., Any]) -> None:
    state = make("b2 a3 c1")  # X on b2 and c1, O on a3; O to move
    for player in (0, 1):
        obs = state.observation(player)
        assert obs.shape == (3, 3, 3) and obs.dtype == np.float32
        flat = [obs[k].reshape(9) for k in range(3)]
        for i, owner in enumerate(state.board()):
            assert flat[0][i] == (1.0 if owner == player else 0.0)
            assert flat[1][i] == (1.0 if owner == 1 - player else 0.0)
        assert (obs[2] == (1.0 if player == 1 else 0.0)).all()
    # [plane, r, c] with r = 3 - row: a3 is the top-left entry, c1 the bottom-right one.
    assert state.observation(1)[0, 0, 0] == 1.0 and state.observation(0)[1, 0, 0] == 1.0
    assert state.observation(0)[0, 2, 2] == 1.0 and state.observation(0)[0, 1, 1] == 1.0


def test_observation_once_over(make: Callable[..., Any]) -> None:
    state = make("a1 a2 b1 b2 c1")
    for player in (0, 1):
        assert (state.observation(player)[2] == 0.0).all()
    with pytest.raises(ValueError):
        state.observation(2)


# -- keys -------------------------------------------------------------------------------------


def test_start_key_is_the_19th_number_drawn(make: Callable[..., Any]) -> None:
    rng = SplitMix64(SEED)
    drawn = [rng.next_u64() for _ in range(19)]
    assert make().key == drawn[18] == page_key((None,) * 9, 0)


def test_keys_follow_the_page(make: Callable[..., Any]) -> None:
    state = make("b2 a3")
    board: list[int | None] = [None] * 9
    board[4], board[0] = 0, 1
    assert state.key == page_key(tuple(board), 0) == state.key_from_scratch()


def test_the_turn_still_passes_after_the_last_move(make: Callable[..., Any]) -> None:
    won = make("a1 a2 b1 b2 c1")  # X wins: the key has O's turn key
    assert won.current_player is None
    assert won.key == page_key(won.board(), 1) == won.key_from_scratch()
    drawn = make("b2 a3 c3 a1 a2 c2 b3 b1 c1")  # X plays the ninth mark
    assert drawn.key == page_key(drawn.board(), 1)


def test_keys_incremental_equal_from_scratch_along_random_games(state_factory: Any) -> None:
    rng = SplitMix64(7)
    seen: dict[int, tuple[Any, ...]] = {}
    for _ in range(60):
        state = state_factory()
        keys = [state.key]
        while not state.is_over():
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
            assert state.key == state.key_from_scratch()
            turn = state.ply % 2
            assert state.key == page_key(state.board(), turn)
            keys.append(state.key)
            # The same position always has the same key.
            seen.setdefault(state.key, state.board())
            assert seen[state.key] == state.board()
        assert state.ply <= 9
        while state.ply:
            keys.pop()
            state.undo()
            assert state.key == keys[-1] == state.key_from_scratch()


# -- JSON -------------------------------------------------------------------------------------


def test_json_fields_as_the_page_writes_them(make: Callable[..., Any]) -> None:
    data = make("b2 a3").to_json()
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
        "game": "tic_tac_toe",
        "version": 1,
        "options": {},
        "moves": ["b2", "a3"],
        "board": "1...0....",
        "current_player": 0,
        "outcome": None,
    }
    assert make("b2 a3").to_json(viewer=1) == data
    won = make("a1 a2 b1 b2 c1").to_json()
    assert won["outcome"] == {"winners": [0], "reason": "three in a row"}
    assert won["current_player"] is None and won["board"] == "...11.000"
    drawn = make("b2 a3 c3 a1 a2 c2 b3 b1 c1").to_json()
    assert drawn["outcome"] == {"winners": [], "reason": "board full"}


@pytest.mark.parametrize("moves", ["", "b2 a3", "a1 a2 b1 b2 c1", "b2 a3 c3 a1 a2 c2 b3 b1 c1"])
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
        {"outcome": _DROP},
        {"extra": 1},
        {"board": "0...1...."},
        {"board": "1...0...."[:8]},
        {"current_player": 1},
        {"current_player": "0"},
        {"outcome": {"winners": [0], "reason": "three in a row"}},
        {"moves": ["b2", "b2"]},
        {"moves": ["b2", "d1"]},
        {"moves": "b2 a3"},
        {"options": {"players": 2}},
        {"game": "connect_four"},
        {"game": "chess"},
        {"version": 2},
    ],
)
def test_from_json_refuses_what_the_page_refuses(
    make: Callable[..., Any], state_factory: Any, changes: dict[str, Any]
) -> None:
    data = make("b2 a3").to_json()
    with pytest.raises(ludorum.InvalidStateError):
        state_factory.from_json(_broken(data, **changes))


# -- perft and whole games --------------------------------------------------------------------

PERFT = [1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872]


@pytest.mark.parametrize("depth", range(8))
def test_perft(make: Callable[..., Any], depth: int) -> None:
    assert make().perft(depth) == PERFT[depth]


@pytest.mark.slow
@pytest.mark.parametrize("depth", [8, 9, 10])
def test_perft_deep(make: Callable[..., Any], depth: int) -> None:
    assert make().perft(depth) == (PERFT[depth] if depth < len(PERFT) else 0)


def test_perft_after_moves_and_at_the_end(make: Callable[..., Any]) -> None:
    assert make("b2").perft(1) == 8 and make("b2").perft(2) == 56
    assert make("a1 a2 b1 b2 c1").perft(1) == 0
    assert make("a1 a2 b1 b2 c1").perft(0) == 1


def test_every_whole_game_counted(make: Callable[..., Any]) -> None:
    """255,168 games: won at ply 5..9 by 1,440, 5,328, 47,952, 72,576 and 81,792, and 46,080
    drawn. Counted by a search of its own (the number of ways a position ends depends on the
    position only, so it is remembered by key), not by perft."""
    memo: dict[int, Counter[tuple[int, str]]] = {}

    def endings(state: Any) -> Counter[tuple[int, str]]:
        known = memo.get(state.key)
        if known is not None:
            return known
        total: Counter[tuple[int, str]] = Counter()
        for move in state.legal_moves():
            state.play(move)
            outcome = state.outcome()
            if outcome is not None:
                total[(state.ply, "won" if outcome.winners else "drawn")] += 1
            else:
                total.update(endings(state))
            state.undo()
        memo[state.key] = total
        return total

    counts = endings(make())
    won = {ply: counts[(ply, "won")] for ply in range(10) if counts[(ply, "won")]}
    assert won == {5: 1_440, 6: 5_328, 7: 47_952, 8: 72_576, 9: 81_792}
    assert {ply for ply, how in counts if how == "drawn"} == {9}
    assert counts[(9, "drawn")] == 46_080
    assert sum(counts.values()) == 255_168
    assert counts[(9, "won")] + counts[(9, "drawn")] == PERFT[9]
    # Every position reached and not over was searched once: 5,478 positions, 958 of them over.
    assert len(memo) == 5_478 - 958


def test_random_games_end_within_nine_plies(state_factory: Any) -> None:
    """The page's random agent: ``legal_moves()[(next_u64() * n) >> 64]``; no ply cap."""
    for seed in range(40):
        rng = SplitMix64(seed)
        state = state_factory()
        while state.current_player is not None:
            moves = state.legal_moves()
            state.play(moves[(rng.next_u64() * len(moves)) >> 64])
        assert 5 <= state.ply <= 9
        outcome = state.outcome()
        if outcome.winners:
            assert outcome.winners == ((state.ply - 1) % 2,)
            assert outcome.reason == "three in a row"
        else:
            assert state.ply == 9 and outcome.reason == "board full"


# -- rendering --------------------------------------------------------------------------------


def test_ascii_board(make: Callable[..., Any]) -> None:
    state = make("b2 a3 c1")
    lines = state.render().splitlines()
    assert lines[0].startswith("3") and "O" in lines[0]
    assert lines[-2].split() == ["a", "b", "c"]
    assert lines[-1] == "to move: 1"
    assert make("a1 a2 b1 b2 c1").render().splitlines()[-1] == "winner: 0 (three in a row)"
    drawn = make("b2 a3 c3 a1 a2 c2 b3 b1 c1")
    assert drawn.render().splitlines()[-1] == "draw (board full)"


def test_svg_board(make: Callable[..., Any]) -> None:
    state = make("a1 a2 b1 b2 c1")
    svg = state.svg(size=300)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')
    assert "winner: 0 (three in a row)" in svg and "last c1" in svg
    assert all(f'data-cell="{name}"' in svg for name in NAME)
