"""Every worked example of the Dominions rules page, in both backends, and the liberty rule as a
property along random games. Geometry here comes from the rules page's text."""

from __future__ import annotations

from typing import Any

import pytest

import ludorum
from ludorum import SplitMix64

GAME = "dominions"
CELLS = [(u, v) for u in range(17) for v in range(17) if abs(u - v) <= 8]
INDEX = {f"{'abcdefghijklmnopq'[u]}{v + 1}": i for i, (u, v) in enumerate(CELLS)}
AT = {cell: i for i, cell in enumerate(CELLS)}
STEPS = [(1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0), (0, 1)]  # N NW SW S SE NE, bits 0..5


def neighbour(cell: int, k: int) -> int | None:
    (u, v), (du, dv) = CELLS[cell], STEPS[k]
    return AT.get((u + du, v + dv))


def new(backend: str, moves: list[str] = (), **options: Any) -> Any:
    state = ludorum.new(GAME, backend=backend, **options)
    for move in moves:
        state.play(move)
    return state


def legal(state: Any, move: str) -> bool:
    return move in {str(m) for m in state.legal_moves()}


def test_board_geometry() -> None:
    assert len(CELLS) == 217 and CELLS[INDEX["i9"]] == (8, 8)
    assert INDEX["a1"] == 0 and INDEX["q17"] == 216


def test_empty_board_has_11319_moves_in_the_stated_breakdown(backend: str) -> None:
    """169 inner cells x 63 + 42 edge cells x 15 + 6 corners x 7, and no pass: the first move
    is a placement (a rules decision of issue 16; before it, White could pass: 11,320)."""
    state = new(backend)
    moves = state.legal_moves()
    assert len(moves) == 11_319 and "pass" not in {str(m) for m in moves}
    assert 13671 not in state.legal_actions().tolist()
    per_cell: dict[int, int] = {}
    for move in moves:
        cell = INDEX[str(move).split("@")[1]]
        per_cell[cell] = per_cell.get(cell, 0) + 1
    off = {c: sum(neighbour(c, k) is None for k in range(6)) for c in range(217)}
    counts = sorted((off[c], n) for c, n in per_cell.items())
    assert counts.count((0, 63)) == 169
    assert counts.count((2, 15)) == 42
    assert counts.count((3, 7)) == 6
    assert len(counts) == 217


def test_suicide_example(backend: str) -> None:
    state = new(backend, ["63@i9", "8@j10"])
    assert state.board()[INDEX["j10"]] == (8, 1, 0)  # Black's 8, now showing White
    assert not any(p and p[2] == 1 for p in state.board())
    assert state.scores() == (-60.0, -62.0)
    assert legal(state, "16@j9") and legal(state, "1@h8")


def test_capture_example(backend: str) -> None:
    state = new(backend, ["1@i9", "9@j10"])
    assert state.board()[INDEX["i9"]] == (1, 0, 1)  # White's 1, now showing Black
    assert state.board()[INDEX["j10"]] == (9, 1, 1)
    assert state.scores() == (0 - 62.0, 2 - 62.0)


def test_oscillation_example(backend: str) -> None:
    state = new(backend, ["1@i9"])
    before = state.to_json()
    with pytest.raises(ludorum.IllegalMoveError, match="8@j10"):
        state.play("8@j10")
    assert state.to_json() == before


def test_edge_examples(backend: str) -> None:
    state = new(backend)
    assert legal(state, "35@a1") and legal(state, "39@a5")
    assert not legal(state, "63@a1") and not legal(state, "51@a5")


def test_section_example(backend: str) -> None:
    state = new(backend, ["63@i9", "62@j10", "16@k10", "63@h8", "47@l10"])
    assert state.board()[INDEX["k10"]][2] == 1  # the suicide turned k10 black
    state.play("pass")
    assert legal(state, "18@m10")


def test_white_starts_by_placing_a_piece(backend: str) -> None:
    """The first move is a placement: no pass (resigning is still allowed)."""
    state = new(backend)
    with pytest.raises(ludorum.IllegalMoveError, match="the first move is a placement") as info:
        state.play("pass")
    assert str(info.value) == (
        "illegal move 'pass': the first move is a placement: White may not pass before any "
        "piece is placed"
    )
    with pytest.raises(ludorum.IllegalMoveError):
        state.apply_action(13671)
    assert state.ply == 0 and state.current_player == 0
    state.play("63@i9")
    assert "pass" in {str(m) for m in state.legal_moves()}  # from the second move on
    state.undo()
    state.play("resign")
    assert state.outcome() == ludorum.Outcome((1,), "resignation")


def test_two_passes_end_the_game_in_a_draw(backend: str) -> None:
    state = new(backend, ["63@i9", "62@j10", "pass", "pass"])
    assert state.outcome() == ludorum.Outcome((), "territory")
    assert state.scores() == (-61.0, -61.0) and state.returns() == [0.0, 0.0]


def test_komi_decides_a_tie(backend: str) -> None:
    state = new(backend, ["63@i9", "62@j10", "pass", "pass"], komi=0.5)
    assert state.scores() == (-61.0, -60.5)
    assert state.outcome() == ludorum.Outcome((1,), "territory")


def test_ply_limit_is_scored(backend: str) -> None:
    state = new(backend, ["63@i9", "pass"], max_plies=2)
    assert state.outcome() == ludorum.Outcome((0,), "ply limit")
    assert state.scores() == (-61.0, -63.0)


def test_second_pass_on_the_capping_ply_is_territory(backend: str) -> None:
    state = new(backend, ["63@i9", "62@j10", "pass", "pass"], max_plies=4)
    assert state.outcome().reason == "territory"


def test_resign(backend: str) -> None:
    state = new(backend, ["63@i9"])
    assert "resign" not in {str(m) for m in state.legal_moves()}
    assert 13672 not in state.legal_actions().tolist()
    with pytest.raises(ludorum.InvalidMoveError):
        state.apply_action(13672)
    state.play("resign")
    assert state.outcome() == ludorum.Outcome((0,), "resignation")
    assert str(state.undo()) == "resign" and state.current_player == 1


def test_hands(backend: str) -> None:
    state = new(backend, ["63@i9", "8@j10"])
    assert state.hand(0) == tuple(range(1, 63))
    assert 8 not in state.hand(1) and len(state.hand(1)) == 62


def groups_have_liberties(board: tuple) -> bool:
    """Plain flood fill from the rules text: every same-coloured beam-connected group has an
    empty cell that one of its beams points at."""
    seen: set[int] = set()
    for start, piece in enumerate(board):
        if piece is None or start in seen:
            continue
        colour, stack, liberty = piece[2], [start], False
        seen.add(start)
        while stack:
            cell = stack.pop()
            for k in range(6):
                if not board[cell][0] >> k & 1:
                    continue
                other = neighbour(cell, k)
                if other is None:
                    continue
                if board[other] is None:
                    liberty = True
                elif board[other][2] == colour and board[other][0] >> ((k + 3) % 6) & 1:
                    if other not in seen:
                        seen.add(other)
                        stack.append(other)
        if not liberty:
            return False
    return True


def test_every_group_keeps_a_liberty_along_random_games(backend: str) -> None:
    for seed in range(2 if backend == "reference" else 20):
        state = new(backend)
        rng = SplitMix64(seed)
        while state.current_player is not None:
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
            assert groups_have_liberties(state.board()), (seed, state.ply)
        assert state.outcome().reason == "territory"
